#include "toolfilterproxymodel.h"

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

void ToolFilterProxyModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_words = text.simplified().split(u' ', Qt::SkipEmptyParts);
    m_foldedWords.clear();
    for (const QString &w : std::as_const(m_words))
        m_foldedWords.append(w.toCaseFolded());
    refilter();
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

bool ToolFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto kind = NodeKind(idx.data(NodeKindRole).toInt());
    if (!isFiltering())
        return true;
    // Groups and users are shown through recursive filtering when a tool below them matches.
    if (kind == NodeKind::Group || kind == NodeKind::User)
        return false;
    if (kind == NodeKind::Skipped) {
        // A directory that is not loaded is a problem in its own right.
        if (m_overriddenOnly || m_scope != ScopeFilter::All)
            return false;
        for (const QString &w : m_words) {
            if (!idx.data(NameRole).toString().contains(w, Qt::CaseInsensitive)
                && !idx.data(Qt::ToolTipRole).toString().contains(w, Qt::CaseInsensitive))
                return false;
        }
        return true;
    }
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
    if (const QVariant folded = idx.data(SearchTextRole); folded.isValid()) {
        const QString text = folded.toString();
        for (const QString &w : m_foldedWords) {
            if (!text.contains(w))
                return false;
        }
        return true;
    }
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
