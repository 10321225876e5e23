#pragma once
// Every problem across a catalog — diagnostics of registered tools and the reasons of skipped
// directories — as one table for the Problems panel; after them, what an open editor checked
// beyond the scan (TypeScript's findings, scripts' syntax: issue 26), per tool, replaced as the
// editor checks again without touching the catalog's rows.

#include "catalog/catalog.h"

#include <QAbstractTableModel>

namespace tw::model {

class DiagnosticListModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeverityColumn, CodeColumn, ToolColumn, LocationColumn, MessageColumn, ColumnCount };
    enum Role { SeverityRole = Qt::UserRole + 100, FileRole, LineRole, ToolDirRole, CodeRole };

    explicit DiagnosticListModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(DiagnosticListModel)

    void setCatalog(const engine::Catalog &catalog);
    // The editor's own findings for the tool in `toolDir` (empty: none, the editor closed).
    void setEditorDiagnostics(const QString &toolDir, const QString &tool, const QString &scope,
                              const engine::Diagnostics &diagnostics);
    int count(engine::Severity severity) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        engine::Diagnostic diagnostic;
        QString tool;    // tool name, or the directory name of a skipped dir
        QString toolDir;
        QString scope;   // "global" or the user's email
    };
    const Row &rowAt(int row) const;
    QList<Row> m_rows;
    QList<Row> m_editorRows; // after m_rows, each tool's rows together
};

} // namespace tw::model
