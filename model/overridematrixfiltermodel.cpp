#include "overridematrixfiltermodel.h"

#include "overridematrixmodel.h"

namespace tw::model {

OverrideMatrixFilterModel::OverrideMatrixFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

void OverrideMatrixFilterModel::refilter()
{
    invalidate(); // rows and columns
}

void OverrideMatrixFilterModel::setToolFilter(const QString &text)
{
    if (text == m_tool)
        return;
    m_tool = text.trimmed();
    refilter();
}

void OverrideMatrixFilterModel::setUserFilter(const QString &text)
{
    if (text == m_user)
        return;
    m_user = text.trimmed();
    refilter();
}

void OverrideMatrixFilterModel::setCustomizedOnly(bool on)
{
    if (on == m_customizedOnly)
        return;
    m_customizedOnly = on;
    refilter();
}

bool OverrideMatrixFilterModel::filterAcceptsColumn(int sourceColumn, const QModelIndex &) const
{
    if (sourceColumn == 0 || m_user.isEmpty())
        return true;
    return sourceModel()->headerData(sourceColumn, Qt::Horizontal).toString().contains(m_user, Qt::CaseInsensitive);
}

bool OverrideMatrixFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *m = sourceModel();
    if (!m_tool.isEmpty() && !m->headerData(sourceRow, Qt::Vertical).toString().contains(m_tool, Qt::CaseInsensitive))
        return false;
    if (!m_customizedOnly)
        return true;
    for (int c = 1; c < m->columnCount(sourceParent); ++c) {
        if (!filterAcceptsColumn(c, sourceParent))
            continue;
        const auto state = OverrideMatrixModel::CellState(
            m->index(sourceRow, c, sourceParent).data(OverrideMatrixModel::CellStateRole).toInt());
        if (state != OverrideMatrixModel::CellState::Empty)
            return true;
    }
    return false;
}

} // namespace tw::model
