#include "syncplanmodel.h"

#include <QColor>

namespace tw::model {

using engine::SyncActionKind;

SyncPlanModel::SyncPlanModel(QObject *parent) : QAbstractTableModel(parent) {}

void SyncPlanModel::setPlan(const QList<engine::SyncAction> &plan)
{
    // A plan is a whole snapshot of seed against target; it is replaced as one.
    beginResetModel();
    m_plan = plan;
    endResetModel();
}

int SyncPlanModel::count(SyncActionKind kind) const
{
    return int(std::count_if(m_plan.cbegin(), m_plan.cend(), [kind](const engine::SyncAction &a) { return a.action == kind; }));
}

int SyncPlanModel::notBumpedCount() const
{
    return int(std::count_if(m_plan.cbegin(), m_plan.cend(), [](const engine::SyncAction &a) { return a.contentDiffers; }));
}

int SyncPlanModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_plan.size());
}

int SyncPlanModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SyncPlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DirColumn: return tr("Directory");
    case SeedVersionColumn: return tr("Seed");
    case InstalledVersionColumn: return tr("Installed");
    case ActionColumn: return tr("Action");
    case ReasonColumn: return tr("Why");
    default: return {};
    }
}

QVariant SyncPlanModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::SyncAction &a = m_plan[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DirColumn: return a.dir;
        case SeedVersionColumn: return a.seedVersion;
        case InstalledVersionColumn: return a.targetVersion ? QVariant(*a.targetVersion) : QVariant(tr("—"));
        case ActionColumn: return engine::syncActionName(a.action);
        case ReasonColumn: return engine::syncActionReason(a);
        default: return {};
        }
    case Qt::ToolTipRole: {
        QString tip = engine::syncActionReason(a);
        for (const engine::Diagnostic &d : a.notes)
            tip += u'\n' + engine::formatDiagnostic(d);
        return tip;
    }
    case Qt::BackgroundRole:
        if (a.contentDiffers)
            return QColor(251, 188, 4, 90); // the authoring mistake TOOLS.md warns about
        if (a.action == SyncActionKind::Install || a.action == SyncActionKind::Update)
            return QColor(52, 168, 83, 50);
        return {};
    case ActionRole: return int(a.action);
    case ContentDiffersRole: return a.contentDiffers;
    default: return {};
    }
}

} // namespace tw::model
