#pragma once
// Tool names × users: column 0 is the global definition, one column per user after it. A cell
// says whether that user's tool overrides the global one, is user-only, or has problems, with
// the version delta; a directory the loader skips (a broken TOOL.md, no TOOL.md) is a cell of
// its own, under its directory name, that says it does not load and why. Rows and columns are
// updated by a diff when a new catalog arrives.

#include "catalog/catalog.h"

#include <QAbstractTableModel>
#include <QHash>

#include <memory>

namespace tw::model {

class OverrideMatrixModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class CellState {
        Empty,
        Global,
        Overrides,
        UserOnly,
        NotLoaded, // only a skipped directory of this name in the location: nothing registers
    };
    enum Role {
        CellStateRole = Qt::UserRole + 200, // CellState
        HasProblemsRole,                    // bool
        VersionDeltaRole,                   // int: user version − global version (overrides only)
        CellToolRole,                       // tw::engine::ToolRecord (invalid for an empty cell)
        ToolNameRole,                       // the row's tool name
        EmailRole,                          // the column's user; empty for the global column
        NotLoadedRole,                      // QStringList: "dir: why" of each skipped directory of this name
    };

    explicit OverrideMatrixModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(OverrideMatrixModel)

    void setCatalog(std::shared_ptr<const engine::Catalog> catalog);
    std::shared_ptr<const engine::Catalog> catalog() const { return m_catalog; }
    QModelIndex cellIndex(const QString &name, const QString &email) const;
    const engine::ToolRecord *cell(int row, int column) const;
    // The skipped directories named like the row in the column's location (usually none).
    QList<const engine::SkippedDir *> notLoaded(int row, int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    CellState stateOf(int row, int column) const;
    QStringList notLoadedLines(int row, int column) const;

    std::shared_ptr<const engine::Catalog> m_catalog;
    QStringList m_names;  // sorted
    QStringList m_users;  // byte-wise, as the catalog
    struct Column
    {
        QHash<QString, const engine::ToolRecord *> winners;           // the winning tool of each name
        QMultiHash<QString, const engine::SkippedDir *> notLoaded;    // skipped directories by dir name
        // The scan it was made of, sharing its lists (and keeping alive the records the hashes
        // point to): a location with the very same lists is unchanged (engine::isSameScan).
        engine::LocationScan scan;
    };
    QList<Column> m_columns; // 0 = global
    QHash<QString, int> m_nameCount; // each row's name: in how many columns' winners and skipped dirs

};

} // namespace tw::model
