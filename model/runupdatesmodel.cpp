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
    m_total += unseen;
    if (batch.isEmpty())
        return;
    const auto calls = [](const QList<Update> &rows, qsizetype from, qsizetype to) {
        qint64 n = 0;
        for (qsizetype i = from; i < to; ++i)
            n += rows[i].count;
        return n;
    };
    m_total += calls(batch, 0, batch.size());
    for (Update &u : batch) {
        if (u.text.size() > kMaxTextChars)
            u.text = u.text.left(kMaxTextChars) + tr("\n⋯ [%1 more characters not kept here: Save Output → Raw Events has them]").arg(u.text.size() - kMaxTextChars);
    }
    // A batch larger than the cap replaces everything: only its newest rows can be kept.
    if (batch.size() >= kMaxRows) {
        m_dropped += calls(m_rows, 0, m_rows.size()) + calls(batch, 0, batch.size() - kMaxRows);
        beginResetModel();
        m_rows = batch.mid(batch.size() - kMaxRows);
        endResetModel();
        return;
    }
    const qsizetype overflow = m_rows.size() + batch.size() - kMaxRows;
    if (overflow > 0) {
        beginRemoveRows({}, 0, int(overflow) - 1);
        m_dropped += calls(m_rows, 0, overflow);
        m_rows.remove(0, overflow);
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
    m_total = 0;
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
        // A row that stands for several calls says how many (only the newest one's text was kept).
        const QString folded = u.count > 1 ? QStringLiteral("×%L1  ").arg(u.count) : QString();
        return QString(formatElapsed(u.elapsedMs) + QStringLiteral("  ") + folded + u.text.left(std::min<qsizetype>(end, kMaxLineChars))
                       + (more ? QStringLiteral(" …") : QString()));
    }
    case Qt::ToolTipRole: {
        qint64 number = m_dropped; // the newest call this row stands for
        for (qsizetype i = 0; i <= index.row(); ++i)
            number += m_rows[i].count;
        return tr("Update %1 of %2, %3 after the start").arg(number).arg(total()).arg(formatElapsed(u.elapsedMs));
    }
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
