#include "toolfilterproxymodel.h"

#include "toolcatalogmodel.h"
#include "toolroles.h"

#include <utility>

namespace tw::model {

ToolFilterProxyModel::ToolFilterProxyModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setDynamicSortFilter(true);
}

void ToolFilterProxyModel::refilter()
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
    beginFilterChange();
    endFilterChange();
#else
    invalidateFilter();
#endif
    groupTitlesChanged({});
}

void ToolFilterProxyModel::groupTitlesChanged(const QModelIndex &parent)
{
    // A group's count follows the filter even where its rows stay the same.
    for (int r = 0; r < rowCount(parent); ++r) {
        const QModelIndex i = index(r, 0, parent);
        const auto kind = NodeKind(i.data(NodeKindRole).toInt());
        if (kind != NodeKind::Group && kind != NodeKind::User)
            continue;
        Q_EMIT dataChanged(i, i, {Qt::DisplayRole, Qt::ToolTipRole});
        if (kind == NodeKind::Group)
            groupTitlesChanged(i);
    }
}

QVariant ToolFilterProxyModel::data(const QModelIndex &index, int role) const
{
    if ((role != Qt::DisplayRole && role != Qt::ToolTipRole) || index.column() != 0 || !isFiltering())
        return QSortFilterProxyModel::data(index, role);
    const QString title = QSortFilterProxyModel::data(index, GroupTitleRole).toString();
    if (title.isEmpty())
        return QSortFilterProxyModel::data(index, role);
    // The Users group counts users, a location its tools (not the directories it skips).
    const auto count = [](const QAbstractItemModel *model, const QModelIndex &parent) {
        int users = 0, tools = 0;
        for (int r = 0; r < model->rowCount(parent); ++r) {
            const auto kind = NodeKind(model->index(r, 0, parent).data(NodeKindRole).toInt());
            users += kind == NodeKind::User;
            tools += kind == NodeKind::Tool;
        }
        return std::pair{users, tools};
    };
    const auto [allUsers, allTools] = count(sourceModel(), mapToSource(index));
    const auto [shownUsers, shownTools] = count(this, index);
    const bool users = allUsers > 0;
    return tr("%1 (%2 of %3)").arg(title).arg(users ? shownUsers : shownTools).arg(users ? allUsers : allTools);
}

namespace {

QStringList wordsOf(const QString &text) { return text.simplified().split(u' ', Qt::SkipEmptyParts); }

QStringList folded(const QStringList &words)
{
    QStringList out;
    out.reserve(words.size());
    for (const QString &w : words)
        out.append(w.toCaseFolded());
    return out;
}

bool containsAll(const QString &text, const QStringList &words)
{
    for (const QString &w : words) {
        if (!text.contains(w))
            return false;
    }
    return true;
}

// A directory not loaded matches each word in its name or its tooltip (where and why it is not
// loaded): it is a problem in its own right.
bool skippedMatches(const QModelIndex &skipped, const QStringList &words)
{
    const QString name = skipped.data(NameRole).toString(), tip = skipped.data(Qt::ToolTipRole).toString();
    for (const QString &w : words) {
        if (!name.contains(w, Qt::CaseInsensitive) && !tip.contains(w, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

} // namespace

void ToolFilterProxyModel::takeText(const QString &text)
{
    m_text = text;
    m_words = wordsOf(text);
    m_foldedWords = folded(m_words);
}

void ToolFilterProxyModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    takeText(text);
    refilter();
}

bool ToolFilterProxyModel::keepsRowsWithText(const QString &text) const
{
    const auto *catalog = qobject_cast<const ToolCatalogModel *>(sourceModel());
    const QStringList words = wordsOf(text);
    if (!catalog || m_words.isEmpty() || words.isEmpty())
        return false;
    const QStringList foldedWords = folded(words);
    bool same = true;
    catalog->visitSearchTexts(
        [&](const QString &searchText) {
            same = containsAll(searchText, m_foldedWords) == containsAll(searchText, foldedWords);
            return same;
        },
        [&](const QModelIndex &skipped) {
            same = skippedMatches(skipped, m_words) == skippedMatches(skipped, words);
            return same;
        });
    return same;
}

void ToolFilterProxyModel::setTextKeepingRows(const QString &text)
{
    Q_ASSERT(keepsRowsWithText(text));
    takeText(text);
}

void ToolFilterProxyModel::setScopeFilter(ScopeFilter scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    refilter();
}

void ToolFilterProxyModel::setProblemsOnly(bool on)
{
    if (on == m_problemsOnly)
        return;
    m_problemsOnly = on;
    refilter();
}

void ToolFilterProxyModel::setOverriddenOnly(bool on)
{
    if (on == m_overriddenOnly)
        return;
    m_overriddenOnly = on;
    refilter();
}

bool ToolFilterProxyModel::isFiltering() const
{
    return !m_words.isEmpty() || m_scope != ScopeFilter::All || m_problemsOnly || m_overriddenOnly;
}

void ToolFilterProxyModel::setSourceModel(QAbstractItemModel *model)
{
    m_catalog = qobject_cast<ToolCatalogModel *>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

bool ToolFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!isFiltering())
        return true;
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    // The catalog tree answers the text filter without a QVariant per row: a refilter asks for
    // each of its 101,000 tools twice (once for its user, once for itself).
    if (m_catalog && !m_words.isEmpty() && m_scope == ScopeFilter::All && !m_problemsOnly && !m_overriddenOnly) {
        const NodeKind fast = m_catalog->kindOf(idx);
        if (fast == NodeKind::Group || fast == NodeKind::User)
            return false;
        if (fast == NodeKind::Tool)
            return containsAll(m_catalog->searchTextOf(idx), m_foldedWords);
    }
    const auto kind = NodeKind(idx.data(NodeKindRole).toInt());
    // Groups and users are shown through recursive filtering when a tool below them matches.
    if (kind == NodeKind::Group || kind == NodeKind::User)
        return false;
    if (kind == NodeKind::Skipped) // shown with the problems, not among overrides or a scope's tools
        return !m_overriddenOnly && m_scope == ScopeFilter::All && skippedMatches(idx, m_words);
    if (m_scope != ScopeFilter::All) {
        const bool user = idx.data(ScopeRole).toString() == u"user";
        if (user != (m_scope == ScopeFilter::User))
            return false;
    }
    if (m_problemsOnly && idx.data(WorstSeverityRole).toInt() < int(engine::Severity::Warning))
        return false;
    if (m_overriddenOnly && OverrideState(idx.data(OverrideStateRole).toInt()) == OverrideState::None)
        return false;
    if (m_words.isEmpty())
        return true;
    // One cached, case-folded text per tool where the model offers it (both tool models do).
    if (const QVariant text = idx.data(SearchTextRole); text.isValid())
        return containsAll(text.toString(), m_foldedWords);
    const QString name = idx.data(NameRole).toString();
    const QString label = idx.data(LabelRole).toString();
    const QString description = idx.data(DescriptionRole).toString();
    for (const QString &w : m_words) {
        if (!name.contains(w, Qt::CaseInsensitive) && !label.contains(w, Qt::CaseInsensitive)
            && !description.contains(w, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

} // namespace tw::model
