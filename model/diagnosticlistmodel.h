#pragma once
// Every problem across a catalog — diagnostics of registered tools and the reasons of skipped
// directories — as one table for the Problems panel.

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
    QList<Row> m_rows;
};

} // namespace tw::model
