#pragma once
// The seed sync plan as a table: directory, seed version, installed version, action, why.
// Rows whose seed changed without a version bump are flagged (they are silently skipped).

#include "sync/seedsync.h"

#include <QAbstractTableModel>

namespace tw::model {

class SyncPlanModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { DirColumn, SeedVersionColumn, InstalledVersionColumn, ActionColumn, ReasonColumn, ColumnCount };
    enum Role { ActionRole = Qt::UserRole + 300, ContentDiffersRole };

    explicit SyncPlanModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SyncPlanModel)

    void setPlan(const QList<engine::SyncAction> &plan);
    const QList<engine::SyncAction> &plan() const { return m_plan; }
    int count(engine::SyncActionKind kind) const;
    int notBumpedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<engine::SyncAction> m_plan;
};

} // namespace tw::model
