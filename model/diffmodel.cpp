#include "diffmodel.h"

#include <QColor>
#include <QFontDatabase>

namespace tw::model {

using engine::DiffKind;

namespace {

QString shown(const QString &line)
{
    if (line.size() <= DiffModel::kMaxShownChars)
        return line;
    return line.left(DiffModel::kMaxShownChars) + u' '
        + DiffModel::tr("… (%n more characters)", nullptr, int(line.size() - DiffModel::kMaxShownChars));
}

} // namespace

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

void DiffModel::setTitles(const QString &left, const QString &right)
{
    if (left == m_leftTitle && right == m_rightTitle)
        return;
    m_leftTitle = left;
    m_rightTitle = right;
    Q_EMIT headerDataChanged(Qt::Horizontal, LeftLineColumn, RightTextColumn);
}

QVariant DiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (section) {
    case LeftTextColumn: return m_leftTitle;
    case RightTextColumn: return m_rightTitle;
    case LeftLineColumn:
    case RightLineColumn: return role == Qt::ToolTipRole ? QVariant(tr("Line number")) : QVariant(QString());
    default: return {};
    }
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
        case LeftTextColumn: return shown(r.left);
        case RightLineColumn: return r.rightLine ? QVariant(r.rightLine) : QVariant();
        case RightTextColumn: return shown(r.right);
        default: return {};
        }
    case Qt::ToolTipRole: {
        // The whole line, wrapped (rich text wraps in a tool tip; plain text would not).
        const bool left = index.column() == LeftTextColumn;
        const QString &text = left ? r.left : r.right;
        const int line = left ? r.leftLine : r.rightLine;
        if ((index.column() != LeftTextColumn && index.column() != RightTextColumn) || text.isEmpty())
            return {};
        return QStringLiteral("<p style=\"white-space:pre-wrap\"><b>%1</b> %2</p>")
            .arg(tr("Line %1:").arg(line), shown(text).toHtmlEscaped());
    }
    case Qt::FontRole: return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // A wrapped line's number stands beside its first line.
    case Qt::TextAlignmentRole:
        return int(Qt::AlignTop) | int(index.column() == LeftLineColumn || index.column() == RightLineColumn ? Qt::AlignRight : Qt::AlignLeft);
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
