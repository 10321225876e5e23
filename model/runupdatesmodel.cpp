#include "runupdatesmodel.h"

#include <QFont>

#include <algorithm>

namespace tw::model {

QString formatElapsed(qint64 ms)
{
    return QStringLiteral("+%1 s").arg(double(ms) / 1000.0, 0, 'f', 3);
}

RunUpdatesModel::RunUpdatesModel(QObject *parent) : QAbstractListModel(parent) {}

void RunUpdatesModel::append(QList<Update> batch, qint64 unseen)
{
    m_dropped += unseen;
    if (batch.isEmpty())
        return;
    for (Update &u : batch) {
        if (u.text.size() > kMaxTextChars)
            u.text = u.text.left(kMaxTextChars) + tr("\n⋯ [%1 more characters not kept here: Save Output → Raw Events has them]").arg(u.text.size() - kMaxTextChars);
    }
    // A batch larger than the cap replaces everything: only its newest rows can be kept.
    if (batch.size() >= kMaxRows) {
        m_dropped += m_rows.size() + (batch.size() - kMaxRows);
        beginResetModel();
        m_rows = batch.mid(batch.size() - kMaxRows);
        endResetModel();
        return;
    }
    const qsizetype overflow = m_rows.size() + batch.size() - kMaxRows;
    if (overflow > 0) {
        beginRemoveRows({}, 0, int(overflow) - 1);
        m_rows.remove(0, overflow);
        m_dropped += overflow;
        endRemoveRows();
    }
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(batch.size()) - 1);
    m_rows.append(std::move(batch));
    endInsertRows();
    if (first > 0) {
        const QModelIndex previous = index(first - 1);
        Q_EMIT dataChanged(previous, previous, {Qt::FontRole, LatestRole});
    }
}

void RunUpdatesModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_dropped = 0;
    endResetModel();
}

int RunUpdatesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant RunUpdatesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Update &u = m_rows[index.row()];
    const bool latest = index.row() == m_rows.size() - 1;
    switch (role) {
    case Qt::DisplayRole: {
        // One line per row: the list stays cheap to lay out, the timeline's detail shows all.
        qsizetype end = u.text.indexOf(u'\n');
        const bool more = end >= 0 || u.text.size() > kMaxLineChars;
        if (end < 0)
            end = u.text.size();
        return QString(formatElapsed(u.elapsedMs) + QStringLiteral("  ") + u.text.left(std::min<qsizetype>(end, kMaxLineChars))
                       + (more ? QStringLiteral(" …") : QString()));
    }
    case Qt::ToolTipRole:
        return tr("Update %1 of %2, %3 after the start").arg(m_dropped + index.row() + 1).arg(total()).arg(formatElapsed(u.elapsedMs));
    case Qt::FontRole:
        if (latest) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case ElapsedRole:
        return u.elapsedMs;
    case TextRole:
        return u.text;
    case LatestRole:
        return latest;
    default:
        return {};
    }
}

} // namespace tw::model
