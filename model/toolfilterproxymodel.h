#pragma once
// Filters a tool model (tree or list) by text over name/label/description, scope, "has
// problems" and "overridden"; groups stay visible while any tool below them matches, and say
// how many of theirs are shown ("Global tools (1 of 6)").
//
// A proxy of its own, not a QSortFilterProxyModel (issue 25): a filter change is one pass over
// the tools that can change (a word typed on tests only the tools shown, one erased only the
// tools hidden) and one layoutChanged, where QSortFilterProxyModel tested every tool through
// model indexes and told the view each range of rows it hid or showed — 35-300 ms a key at
// 101,000 tools. Changes of the source are followed row by row, as QSortFilterProxyModel does.
//
// The source's rows that have children must carry a stable internalPointer() (ToolCatalogModel's
// nodes; a flat list has none but the root): a parent's rows are kept under it.

#include "toolroles.h"

#include <QAbstractProxyModel>
#include <QHash>
#include <QPersistentModelIndex>

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace tw::model {

class ToolFilterProxyModel final : public QAbstractProxyModel
{
    Q_OBJECT
public:
    enum class ScopeFilter { All, Global, User };

    explicit ToolFilterProxyModel(QObject *parent = nullptr);
    ~ToolFilterProxyModel() override;
    Q_DISABLE_COPY_MOVE(ToolFilterProxyModel)

    void setText(const QString &text);
    QString text() const { return m_text; }
    // Whether the rows shown stay the same with `text` for the search text, the other filters
    // as they are. The pass that answers is kept: setText(text) right after it takes it.
    bool keepsRowsWithText(const QString &text) const;
    // Takes `text` without refiltering; only where keepsRowsWithText(text).
    void setTextKeepingRows(const QString &text);
    void setScopeFilter(ScopeFilter scope);
    void setProblemsOnly(bool on);
    void setOverriddenOnly(bool on);
    bool isFiltering() const;

    void setSourceModel(QAbstractItemModel *model) override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    QModelIndex sibling(int row, int column, const QModelIndex &idx) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    // The source rows shown under one source parent, ascending (proxy row → source row).
    struct Mapping
    {
        QPersistentModelIndex sourceParent; // invalid for the root
        std::vector<int> rows;
    };
    // What the filters are, for one pass.
    struct Filter
    {
        QStringList words, foldedWords;
        QByteArrayList utf8Words; // foldedWords in UTF-8, against the catalog's search texts
        void setWords(const QString &text);
        ScopeFilter scope = ScopeFilter::All;
        bool problemsOnly = false, overriddenOnly = false;
        bool active() const { return !words.isEmpty() || scope != ScopeFilter::All || problemsOnly || overriddenOnly; }
    };
    // How a text change relates to the one shown: every row it shows is shown now (Narrows), or
    // every row shown now stays (Widens) — the rows that cannot change are not tested.
    enum class Change { Any, Narrows, Widens };
    struct Collected
    {
        QModelIndex sourceParent;
        std::vector<int> rows;
    };
    using Rows = QHash<const void *, Collected>; // source parent's key → the rows shown under it

    static const void *keyOf(const QModelIndex &sourceParent) { return sourceParent.internalPointer(); }
    Mapping *mappingOf(const QModelIndex &sourceParent) const;
    Mapping *mappingFor(const QModelIndex &sourceParent);
    // Only a text filters, over the catalog tree: answered from its search texts.
    bool textOnly(const Filter &filter) const
    {
        return m_catalog && !filter.words.isEmpty() && filter.scope == ScopeFilter::All && !filter.problemsOnly
               && !filter.overriddenOnly;
    }
    NodeKind kindOf(const QModelIndex &source) const; // every row of a model but the catalog: a tool
    // Whether a source row is a parent of rows: a group or a user in the catalog.
    bool hasRowsBelow(const QModelIndex &source, NodeKind kind) const;
    bool acceptsLeaf(const QModelIndex &source, const Filter &filter) const;
    // The rows shown under `sourceParent` and every parent below it, into `out`; whether any is.
    bool collect(const QModelIndex &sourceParent, const Filter &filter, Change change, Rows &out) const;
    Rows rowsFor(const Filter &filter, Change change) const;
    void apply(Rows rows);
    void refilter(Change change = Change::Any);
    void takeText(const QString &text);
    void adopt(Rows rows);
    void buildAll();
    void forget(const QModelIndex &sourceParent, int first, int last);
    void setShown(Mapping *mapping, int sourceRow, bool shown);
    void followUp(const QModelIndex &sourceParent);
    void titlesChanged(const QModelIndex &sourceParent);

    void sourceRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last);
    void sourceRowsRemoved(const QModelIndex &parent, int first, int last);
    void sourceRowsInserted(const QModelIndex &parent, int first, int last);
    void sourceDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles);
    void sourceReset();

    class ToolCatalogModel *m_catalog = nullptr; // the source, when it is the catalog tree
    QString m_text;
    Filter m_filter;
    std::unordered_map<const void *, std::unique_ptr<Mapping>> m_mappings;
    QList<QMetaObject::Connection> m_sourceConnections;
    // The pass keepsRowsWithText made, for the setText that follows it.
    mutable QString m_pendingText;
    mutable std::optional<Rows> m_pendingRows;
};

} // namespace tw::model
