#include "toolfilterproxymodel.h"

#include "toolcatalogmodel.h"
#include "toolroles.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

namespace tw::model {

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

bool containsAll(QByteArrayView text, const QByteArrayList &words)
{
    for (const QByteArray &w : words) {
        if (!memmem(text.data(), size_t(text.size()), w.constData(), size_t(w.size())))
            return false;
    }
    return true;
}

bool containsAll(const QString &text, const QStringList &words)
{
    for (const QString &w : words) {
        if (!text.contains(w))
            return false;
    }
    return true;
}

// Every word of `words` is part of a word of `of`: a text with all of `of` has all of `words`.
bool impliedBy(const QStringList &words, const QStringList &of)
{
    return std::all_of(words.cbegin(), words.cend(), [&](const QString &w) {
        return std::any_of(of.cbegin(), of.cend(), [&](const QString &o) { return o.contains(w); });
    });
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

bool contains(const std::vector<int> &rows, int row) { return std::binary_search(rows.cbegin(), rows.cend(), row); }

} // namespace

ToolFilterProxyModel::ToolFilterProxyModel(QObject *parent) : QAbstractProxyModel(parent) {}

ToolFilterProxyModel::~ToolFilterProxyModel() = default;

// ---- the filter ------------------------------------------------------------------------------

NodeKind ToolFilterProxyModel::kindOf(const QModelIndex &source) const
{
    return m_catalog ? m_catalog->kindOf(source) : NodeKind::Tool;
}

bool ToolFilterProxyModel::hasRowsBelow(const QModelIndex &source, NodeKind kind) const
{
    return m_catalog ? kind == NodeKind::Group || kind == NodeKind::User : sourceModel()->hasChildren(source);
}

bool ToolFilterProxyModel::acceptsLeaf(const QModelIndex &idx, const Filter &filter) const
{
    if (!filter.active())
        return true;
    // The catalog tree answers the text filter without a QVariant per row.
    if (textOnly(filter)) {
        const NodeKind fast = m_catalog->kindOf(idx);
        if (fast == NodeKind::Group || fast == NodeKind::User)
            return false;
        if (fast == NodeKind::Tool)
            return containsAll(m_catalog->locationTexts(idx.parent()).at(idx.row()), filter.utf8Words);
    }
    const auto kind = NodeKind(idx.data(NodeKindRole).toInt());
    // Groups and users are shown while a tool below them is.
    if (kind == NodeKind::Group || kind == NodeKind::User)
        return false;
    if (kind == NodeKind::Skipped) // shown with the problems, not among overrides or a scope's tools
        return !filter.overriddenOnly && filter.scope == ScopeFilter::All && skippedMatches(idx, filter.words);
    if (filter.scope != ScopeFilter::All) {
        const bool user = idx.data(ScopeRole).toString() == u"user";
        if (user != (filter.scope == ScopeFilter::User))
            return false;
    }
    if (filter.problemsOnly && idx.data(WorstSeverityRole).toInt() < int(engine::Severity::Warning))
        return false;
    if (filter.overriddenOnly && OverrideState(idx.data(OverrideStateRole).toInt()) == OverrideState::None)
        return false;
    if (filter.words.isEmpty())
        return true;
    // One cached, case-folded text per tool where the model offers it (both tool models do).
    if (const QVariant text = idx.data(SearchTextRole); text.isValid())
        return containsAll(text.toString(), filter.foldedWords);
    const QString name = idx.data(NameRole).toString();
    const QString label = idx.data(LabelRole).toString();
    const QString description = idx.data(DescriptionRole).toString();
    for (const QString &w : filter.words) {
        if (!name.contains(w, Qt::CaseInsensitive) && !label.contains(w, Qt::CaseInsensitive)
            && !description.contains(w, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

bool ToolFilterProxyModel::collect(const QModelIndex &sourceParent, const Filter &filter, Change change, Rows &out) const
{
    const QAbstractItemModel *source = sourceModel();
    const int count = source->rowCount(sourceParent);
    std::vector<int> rows;
    const Mapping *before = change == Change::Any || !filter.active() ? nullptr : mappingOf(sourceParent);
    size_t cursor = 0; // into before->rows
    int first = 0;
    const ToolCatalogModel::LocationTexts texts =
        filter.active() && textOnly(filter) ? m_catalog->locationTexts(sourceParent) : ToolCatalogModel::LocationTexts();
    if (!filter.active()) {
        rows.resize(size_t(count));
        std::iota(rows.begin(), rows.end(), 0);
    } else if (texts.count > 0) {
        // A location of the catalog: its tools' texts in a row, no index or node per tool. A word
        // typed on tests only the tools shown now (the rest stay hidden), one erased only those
        // hidden (the rest stay shown). Then the directories it skips, below.
        first = texts.count;
        if (before && change == Change::Narrows) {
            rows.reserve(before->rows.size());
            for (const int r : before->rows) {
                if (r >= first)
                    break;
                if (containsAll(texts.at(r), filter.utf8Words))
                    rows.push_back(r);
            }
        } else {
            for (int r = 0; r < first; ++r) {
                while (before && cursor < before->rows.size() && before->rows[cursor] < r)
                    ++cursor;
                const bool was = before && cursor < before->rows.size() && before->rows[cursor] == r;
                if ((was && change == Change::Widens) || containsAll(texts.at(r), filter.utf8Words))
                    rows.push_back(r);
            }
        }
    }
    for (int r = first; r < count; ++r) {
        const QModelIndex idx = source->index(r, 0, sourceParent);
        const NodeKind kind = kindOf(idx);
        if (hasRowsBelow(idx, kind)) {
            if (collect(idx, filter, change, out) && filter.active())
                rows.push_back(r);
            continue;
        }
        if (!filter.active())
            continue;
        if (before && kind == NodeKind::Tool) {
            while (cursor < before->rows.size() && before->rows[cursor] < r)
                ++cursor;
            const bool was = cursor < before->rows.size() && before->rows[cursor] == r;
            if (change == Change::Narrows && !was)
                continue; // a word typed on: a tool hidden stays hidden
            if (change == Change::Widens && was) {
                rows.push_back(r); // a word erased: a tool shown stays shown
                continue;
            }
        }
        if (acceptsLeaf(idx, filter))
            rows.push_back(r);
    }
    const bool any = !rows.empty();
    out.insert(keyOf(sourceParent), Collected{sourceParent, std::move(rows)});
    return any;
}

ToolFilterProxyModel::Rows ToolFilterProxyModel::rowsFor(const Filter &filter, Change change) const
{
    Rows rows;
    if (sourceModel())
        collect({}, filter, change, rows);
    return rows;
}

void ToolFilterProxyModel::adopt(Rows rows)
{
    // A parent's mapping stays where it is (the proxy's indexes point to it); its rows change.
    for (auto it = rows.begin(); it != rows.end(); ++it) {
        std::unique_ptr<Mapping> &mapping = m_mappings[it.key()];
        if (!mapping)
            mapping = std::make_unique<Mapping>();
        mapping->sourceParent = it->sourceParent;
        mapping->rows = std::move(it->rows);
    }
}

void ToolFilterProxyModel::buildAll()
{
    m_pendingRows.reset();
    m_mappings.clear();
    adopt(rowsFor(m_filter, Change::Any));
}

void ToolFilterProxyModel::apply(Rows rows)
{
    m_pendingRows.reset();
    // One layout change for the whole filter: the view lays out once, and each persistent index
    // (the view's open nodes, its current row) is moved once — not once per range of rows.
    Q_EMIT layoutAboutToBeChanged();
    const QModelIndexList from = persistentIndexList();
    QModelIndexList sources;
    sources.reserve(from.size());
    for (const QModelIndex &i : from)
        sources.append(mapToSource(i));
    adopt(std::move(rows));
    QModelIndexList to;
    to.reserve(sources.size());
    for (const QModelIndex &s : std::as_const(sources))
        to.append(mapFromSource(s));
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged();
}

void ToolFilterProxyModel::refilter(Change change)
{
    if (!sourceModel())
        return;
    if (m_pendingRows && m_pendingText == m_text)
        apply(*std::exchange(m_pendingRows, std::nullopt));
    else
        apply(rowsFor(m_filter, change));
}

void ToolFilterProxyModel::Filter::setWords(const QString &text)
{
    words = wordsOf(text);
    foldedWords = folded(words);
    utf8Words.clear();
    for (const QString &w : std::as_const(foldedWords))
        utf8Words.append(w.toUtf8());
}

void ToolFilterProxyModel::takeText(const QString &text)
{
    m_text = text;
    m_filter.setWords(text);
}

void ToolFilterProxyModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    const QStringList before = m_filter.foldedWords;
    takeText(text);
    const QStringList &after = m_filter.foldedWords;
    const Change change = before.isEmpty() || after.isEmpty() ? Change::Any
        : impliedBy(before, after)                            ? Change::Narrows
        : impliedBy(after, before)                            ? Change::Widens
                                                              : Change::Any;
    refilter(change);
}

bool ToolFilterProxyModel::keepsRowsWithText(const QString &text) const
{
    const QStringList words = wordsOf(text);
    if (!sourceModel() || m_filter.words.isEmpty() || words.isEmpty())
        return false;
    Filter filter = m_filter;
    filter.setWords(text);
    const Change change = impliedBy(m_filter.foldedWords, filter.foldedWords) ? Change::Narrows
        : impliedBy(filter.foldedWords, m_filter.foldedWords)               ? Change::Widens
                                                                            : Change::Any;
    Rows rows = rowsFor(filter, change);
    bool same = true;
    for (auto it = rows.cbegin(); it != rows.cend() && same; ++it) {
        const auto m = m_mappings.find(it.key());
        same = m != m_mappings.end() && m->second->rows == it->rows;
    }
    m_pendingText = text;
    m_pendingRows = std::move(rows);
    return same;
}

void ToolFilterProxyModel::setTextKeepingRows(const QString &text)
{
    Q_ASSERT(keepsRowsWithText(text));
    m_pendingRows.reset();
    takeText(text);
}

void ToolFilterProxyModel::setScopeFilter(ScopeFilter scope)
{
    if (scope == m_filter.scope)
        return;
    m_filter.scope = scope;
    m_pendingRows.reset();
    refilter();
}

void ToolFilterProxyModel::setProblemsOnly(bool on)
{
    if (on == m_filter.problemsOnly)
        return;
    m_filter.problemsOnly = on;
    m_pendingRows.reset();
    refilter();
}

void ToolFilterProxyModel::setOverriddenOnly(bool on)
{
    if (on == m_filter.overriddenOnly)
        return;
    m_filter.overriddenOnly = on;
    m_pendingRows.reset();
    refilter();
}

bool ToolFilterProxyModel::isFiltering() const { return m_filter.active(); }

// ---- the proxy -------------------------------------------------------------------------------

ToolFilterProxyModel::Mapping *ToolFilterProxyModel::mappingOf(const QModelIndex &sourceParent) const
{
    const auto it = m_mappings.find(keyOf(sourceParent));
    if (it == m_mappings.end())
        return nullptr;
    // A flat model's rows have the root's null key: only the root itself is that parent.
    Mapping *m = it->second.get();
    if (sourceParent.isValid() ? m->sourceParent != sourceParent : m->sourceParent.isValid())
        return nullptr;
    return m;
}

ToolFilterProxyModel::Mapping *ToolFilterProxyModel::mappingFor(const QModelIndex &sourceParent)
{
    if (Mapping *m = mappingOf(sourceParent))
        return m;
    auto mapping = std::make_unique<Mapping>();
    mapping->sourceParent = sourceParent;
    Mapping *m = mapping.get();
    m_mappings[keyOf(sourceParent)] = std::move(mapping);
    return m;
}

void ToolFilterProxyModel::setSourceModel(QAbstractItemModel *model)
{
    beginResetModel();
    for (const QMetaObject::Connection &c : std::as_const(m_sourceConnections))
        disconnect(c);
    m_sourceConnections.clear();
    m_mappings.clear();
    m_pendingRows.reset();
    QAbstractProxyModel::setSourceModel(model);
    m_catalog = qobject_cast<ToolCatalogModel *>(model);
    if (model) {
        using M = QAbstractItemModel;
        m_sourceConnections = {
            connect(model, &M::rowsAboutToBeRemoved, this, &ToolFilterProxyModel::sourceRowsAboutToBeRemoved),
            connect(model, &M::rowsRemoved, this, &ToolFilterProxyModel::sourceRowsRemoved),
            connect(model, &M::rowsInserted, this, &ToolFilterProxyModel::sourceRowsInserted),
            connect(model, &M::dataChanged, this, &ToolFilterProxyModel::sourceDataChanged),
            connect(model, &M::headerDataChanged, this, &M::headerDataChanged),
        };
        // A reset starts over; so would a move, a layout change or new columns, which neither
        // tool model makes.
        const auto startsOver = [&](auto about, auto done) {
            m_sourceConnections.append(connect(model, about, this, [this] { beginResetModel(); }));
            m_sourceConnections.append(connect(model, done, this, &ToolFilterProxyModel::sourceReset));
        };
        startsOver(&M::modelAboutToBeReset, &M::modelReset);
        startsOver(&M::layoutAboutToBeChanged, &M::layoutChanged);
        startsOver(&M::rowsAboutToBeMoved, &M::rowsMoved);
        startsOver(&M::columnsAboutToBeInserted, &M::columnsInserted);
        startsOver(&M::columnsAboutToBeRemoved, &M::columnsRemoved);
        startsOver(&M::columnsAboutToBeMoved, &M::columnsMoved);
        buildAll();
    }
    endResetModel();
}

void ToolFilterProxyModel::sourceReset()
{
    buildAll();
    endResetModel();
}

QModelIndex ToolFilterProxyModel::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.model() != sourceModel())
        return {};
    const QModelIndex sourceParent = sourceIndex.parent();
    Mapping *m = mappingOf(sourceParent);
    if (!m || (sourceParent.isValid() && !mapFromSource(sourceParent).isValid()))
        return {};
    const auto it = std::lower_bound(m->rows.cbegin(), m->rows.cend(), sourceIndex.row());
    if (it == m->rows.cend() || *it != sourceIndex.row())
        return {};
    return createIndex(int(it - m->rows.cbegin()), sourceIndex.column(), m);
}

QModelIndex ToolFilterProxyModel::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel())
        return {};
    const auto *m = static_cast<const Mapping *>(proxyIndex.internalPointer());
    if (size_t(proxyIndex.row()) >= m->rows.size())
        return {};
    return sourceModel()->index(m->rows[size_t(proxyIndex.row())], proxyIndex.column(), m->sourceParent);
}

QModelIndex ToolFilterProxyModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || !sourceModel())
        return {};
    const QModelIndex sourceParent = mapToSource(parent);
    if (parent.isValid() && !sourceParent.isValid())
        return {};
    Mapping *m = mappingOf(sourceParent);
    if (!m || size_t(row) >= m->rows.size() || column >= sourceModel()->columnCount(sourceParent))
        return {};
    return createIndex(row, column, m);
}

QModelIndex ToolFilterProxyModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const auto *m = static_cast<const Mapping *>(child.internalPointer());
    if (!m->sourceParent.isValid())
        return {};
    return mapFromSource(m->sourceParent);
}

QModelIndex ToolFilterProxyModel::sibling(int row, int column, const QModelIndex &idx) const
{
    if (!idx.isValid() || row < 0 || column < 0)
        return {};
    const auto *m = static_cast<const Mapping *>(idx.internalPointer());
    if (size_t(row) >= m->rows.size() || column >= columnCount(parent(idx)))
        return {};
    return createIndex(row, column, idx.internalPointer());
}

int ToolFilterProxyModel::rowCount(const QModelIndex &parent) const
{
    if (!sourceModel() || parent.column() > 0)
        return 0;
    const QModelIndex sourceParent = mapToSource(parent);
    if (parent.isValid() && !sourceParent.isValid())
        return 0;
    const Mapping *m = mappingOf(sourceParent);
    return m ? int(m->rows.size()) : 0;
}

int ToolFilterProxyModel::columnCount(const QModelIndex &parent) const
{
    if (!sourceModel())
        return 0;
    const QModelIndex sourceParent = mapToSource(parent);
    if (parent.isValid() && !sourceParent.isValid())
        return 0;
    return sourceModel()->columnCount(sourceParent);
}

bool ToolFilterProxyModel::hasChildren(const QModelIndex &parent) const
{
    if (parent.isValid() && (flags(parent) & Qt::ItemNeverHasChildren))
        return false;
    return rowCount(parent) > 0;
}

QVariant ToolFilterProxyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // The columns are the source's: a header stays when no row is shown.
    if (!sourceModel())
        return {};
    if (orientation == Qt::Horizontal)
        return sourceModel()->headerData(section, orientation, role);
    return QAbstractProxyModel::headerData(section, orientation, role);
}

QVariant ToolFilterProxyModel::data(const QModelIndex &index, int role) const
{
    if ((role != Qt::DisplayRole && role != Qt::ToolTipRole) || index.column() != 0 || !isFiltering())
        return QAbstractProxyModel::data(index, role);
    const QString title = QAbstractProxyModel::data(index, GroupTitleRole).toString();
    if (title.isEmpty())
        return QAbstractProxyModel::data(index, role);
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

// ---- following the source --------------------------------------------------------------------

void ToolFilterProxyModel::titlesChanged(const QModelIndex &sourceParent)
{
    // While filtering a group's title counts what is shown of it ("1 of 3"), and the Users
    // group its users.
    if (!isFiltering())
        return;
    for (QModelIndex s = sourceParent; s.isValid(); s = s.parent()) {
        if (const QModelIndex p = mapFromSource(s.siblingAtColumn(0)); p.isValid())
            Q_EMIT dataChanged(p, p, {Qt::DisplayRole, Qt::ToolTipRole});
    }
}

void ToolFilterProxyModel::setShown(Mapping *m, int sourceRow, bool shown)
{
    const auto it = std::lower_bound(m->rows.begin(), m->rows.end(), sourceRow);
    const bool was = it != m->rows.end() && *it == sourceRow;
    if (was == shown)
        return;
    const int proxyRow = int(it - m->rows.begin());
    const QModelIndex sourceParent = m->sourceParent;
    const QModelIndex proxyParent = sourceParent.isValid() ? mapFromSource(sourceParent) : QModelIndex();
    // A parent not shown has no rows in the proxy: it changes without a signal, and shows (or
    // not) when its own parent follows up.
    const bool signal = !sourceParent.isValid() || proxyParent.isValid();
    if (shown) {
        if (signal)
            beginInsertRows(proxyParent, proxyRow, proxyRow);
        m->rows.insert(it, sourceRow);
        if (signal)
            endInsertRows();
    } else {
        if (signal)
            beginRemoveRows(proxyParent, proxyRow, proxyRow);
        m->rows.erase(it);
        if (signal)
            endRemoveRows();
    }
}

void ToolFilterProxyModel::followUp(const QModelIndex &sourceParent)
{
    // Whether a parent is shown follows its rows while filtering (a user with no tool left that
    // matches is hidden, one with its first is shown), and so on up.
    for (QModelIndex p = sourceParent; p.isValid() && isFiltering(); p = p.parent()) {
        const QModelIndex grand = p.parent();
        Mapping *g = mappingOf(grand);
        const Mapping *own = mappingOf(p);
        if (!g)
            return;
        const bool shown = own ? !own->rows.empty() : acceptsLeaf(p, m_filter);
        if (contains(g->rows, p.row()) == shown)
            return;
        setShown(g, p.row(), shown);
    }
}

void ToolFilterProxyModel::forget(const QModelIndex &sourceParent, int first, int last)
{
    // The mappings below rows that go (a user removed takes its location's).
    for (int r = first; r <= last; ++r) {
        const QModelIndex idx = sourceModel()->index(r, 0, sourceParent);
        if (mappingOf(idx)) {
            forget(idx, 0, sourceModel()->rowCount(idx) - 1);
            m_mappings.erase(keyOf(idx));
        }
    }
}

void ToolFilterProxyModel::sourceRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last)
{
    m_pendingRows.reset();
    Mapping *m = mappingOf(parent);
    if (!m)
        return;
    const auto lo = std::lower_bound(m->rows.begin(), m->rows.end(), first);
    const auto hi = std::upper_bound(lo, m->rows.end(), last);
    if (lo != hi) {
        const QModelIndex proxyParent = parent.isValid() ? mapFromSource(parent) : QModelIndex();
        const bool signal = !parent.isValid() || proxyParent.isValid();
        if (signal)
            beginRemoveRows(proxyParent, int(lo - m->rows.begin()), int(hi - m->rows.begin()) - 1);
        m->rows.erase(lo, hi);
        if (signal)
            endRemoveRows();
    }
    // After the proxy's indexes below them were let go (endRemoveRows walks them).
    forget(parent, first, last);
}

void ToolFilterProxyModel::sourceRowsRemoved(const QModelIndex &parent, int first, int last)
{
    if (Mapping *m = mappingOf(parent)) {
        const int count = last - first + 1;
        for (int &r : m->rows) {
            if (r > last)
                r -= count;
        }
    }
    followUp(parent);
    titlesChanged(parent);
}

void ToolFilterProxyModel::sourceRowsInserted(const QModelIndex &parent, int first, int last)
{
    m_pendingRows.reset();
    Mapping *m = mappingFor(parent);
    const int count = last - first + 1;
    for (int &r : m->rows) {
        if (r >= first)
            r += count;
    }
    std::vector<int> shown;
    for (int r = first; r <= last; ++r) {
        const QModelIndex idx = sourceModel()->index(r, 0, parent);
        bool accepted;
        if (hasRowsBelow(idx, kindOf(idx))) {
            Rows below;
            accepted = collect(idx, m_filter, Change::Any, below) || !isFiltering();
            adopt(std::move(below));
        } else {
            accepted = acceptsLeaf(idx, m_filter);
        }
        if (accepted)
            shown.push_back(r);
    }
    if (!shown.empty()) {
        const auto at = std::lower_bound(m->rows.begin(), m->rows.end(), first);
        const int proxyRow = int(at - m->rows.begin());
        const QModelIndex proxyParent = parent.isValid() ? mapFromSource(parent) : QModelIndex();
        const bool signal = !parent.isValid() || proxyParent.isValid();
        if (signal)
            beginInsertRows(proxyParent, proxyRow, proxyRow + int(shown.size()) - 1);
        m->rows.insert(at, shown.cbegin(), shown.cend());
        if (signal)
            endInsertRows();
    }
    followUp(parent);
    titlesChanged(parent);
}

void ToolFilterProxyModel::sourceDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    m_pendingRows.reset();
    if (!topLeft.isValid())
        return;
    const QModelIndex parent = topLeft.parent();
    Mapping *m = mappingOf(parent);
    if (!m)
        return;
    if (isFiltering()) {
        // A row whose data changed may match now, or no more.
        for (int r = topLeft.row(); r <= bottomRight.row(); ++r) {
            const QModelIndex idx = sourceModel()->index(r, 0, parent);
            if (mappingOf(idx))
                continue; // a parent: shown by its rows
            setShown(m, r, acceptsLeaf(idx, m_filter));
        }
    }
    const auto lo = std::lower_bound(m->rows.cbegin(), m->rows.cend(), topLeft.row());
    const auto hi = std::upper_bound(lo, m->rows.cend(), bottomRight.row());
    if (lo != hi && (!parent.isValid() || mapFromSource(parent).isValid())) {
        Q_EMIT dataChanged(createIndex(int(lo - m->rows.cbegin()), topLeft.column(), m),
                           createIndex(int(hi - m->rows.cbegin()) - 1, bottomRight.column(), m), roles);
    }
    if (isFiltering()) {
        followUp(parent);
        titlesChanged(parent);
    }
}

} // namespace tw::model
