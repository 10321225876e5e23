#include "diffmodel.h"

#include <QColor>
#include <QFontDatabase>

namespace tw::model {

using engine::DiffKind;

DiffModel::DiffModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiffModel::setTexts(const QString &left, const QString &right)
{
    setRows(engine::sideBySideDiff(left, right));
}

void DiffModel::setRows(QList<engine::DiffRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int DiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::DiffRow &r = m_rows[index.row()];
    const bool leftSide = index.column() <= LeftTextColumn;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LeftLineColumn: return r.leftLine ? QVariant(r.leftLine) : QVariant();
        case LeftTextColumn: return r.left;
        case RightLineColumn: return r.rightLine ? QVariant(r.rightLine) : QVariant();
        case RightTextColumn: return r.right;
        default: return {};
        }
    case Qt::FontRole: return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    case Qt::BackgroundRole:
        switch (r.kind) {
        case DiffKind::Same: return {};
        case DiffKind::Removed: return leftSide ? QVariant(QColor(234, 67, 53, 70)) : QVariant();
        case DiffKind::Added: return leftSide ? QVariant() : QVariant(QColor(52, 168, 83, 70));
        case DiffKind::Changed: return QColor(251, 188, 4, 70);
        }
        return {};
    case KindRole: return int(r.kind);
    default: return {};
    }
}

} // namespace tw::model
