#include "runhistorymodel.h"

#include "runupdatesmodel.h"
#include "tones.h"

#include <QBrush>
#include <QColor>
#include <QtConcurrent>

namespace tw::model {

Tone runStateTone(const QString &state)
{
    if (state == u"result")
        return Tone::Success;
    return state == u"cancelled" ? Tone::Warning : Tone::Error;
}

RunHistoryModel::RunHistoryModel(QString databasePath, QObject *parent) : QAbstractTableModel(parent), m_path(std::move(databasePath))
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        beginResetModel();
        m_rows = m_watcher.result();
        endResetModel();
        Q_EMIT reloaded();
        if (m_again) {
            m_again = false;
            reload(m_tool);
        }
    });
}

RunHistoryModel::~RunHistoryModel()
{
    m_watcher.waitForFinished();
}

void RunHistoryModel::reload(const QString &tool)
{
    m_tool = tool;
    if (m_watcher.isRunning()) {
        m_again = true; // one more read once this one lands, so the newest run is not missed
        return;
    }
    const QString path = m_path;
    m_watcher.setFuture(QtConcurrent::run([path, tool] {
        // A connection of this worker thread's own (QtSql connections do not cross threads).
        engine::RunHistory history(path);
        return history.recent(tool, 500);
    }));
}

int RunHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const engine::RunRecord &r = m_rows[index.row()];
    if (role == RunIdRole)
        return r.id;
    if (role == StateRole)
        return r.state;
    if (role == Qt::ForegroundRole && index.column() == StateColumn && r.state != u"result")
        return QBrush(toneColor(runStateTone(r.state)));
    if (role == Qt::ToolTipRole)
        return r.message.isEmpty() ? QVariant() : QVariant(r.message);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case StartedColumn: return r.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case ToolColumn: return r.tool;
    case SourceColumn: return r.source;
    case UserColumn: return r.user.isEmpty() ? tr("(global)") : r.user;
    case StateColumn: return r.state;
    case DurationColumn: return QStringLiteral("%1 s").arg(double(r.durationMs) / 1000.0, 0, 'f', 2);
    case RuntimeColumn: return r.runtime;
    default: return {};
    }
}

QVariant RunHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StartedColumn: return tr("Started");
    case ToolColumn: return tr("Tool");
    case SourceColumn: return tr("Source");
    case UserColumn: return tr("User");
    case StateColumn: return tr("State");
    case DurationColumn: return tr("Duration");
    case RuntimeColumn: return tr("Runtime");
    default: return {};
    }
}

} // namespace tw::model
