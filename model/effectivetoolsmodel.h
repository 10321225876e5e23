#pragma once
// The tools one user's agent sees (global then user, the same name later wins), as a flat
// list sorted by name; updated by a diff when the catalog or the user changes.

#include "catalog/overrideresolver.h"
#include "toolroles.h"

#include <QAbstractTableModel>

#include <memory>

namespace tw::model {

class EffectiveToolsModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { LabelColumn, VersionColumn, StatusColumn, ColumnCount };

    explicit EffectiveToolsModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(EffectiveToolsModel)

    void setCatalog(std::shared_ptr<const engine::Catalog> catalog);
    void setUser(const QString &email);
    QString user() const { return m_user; }
    const engine::EffectiveSet &effectiveSet() const { return m_set; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void recompute();

    std::shared_ptr<const engine::Catalog> m_catalog;
    QString m_user;
    engine::EffectiveSet m_set;
};

} // namespace tw::model
