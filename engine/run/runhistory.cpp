#include "run/runhistory.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUuid>

namespace tw::engine {

namespace {

QByteArray compact(const QJsonArray &a) { return QJsonDocument(a).toJson(QJsonDocument::Compact); }
QByteArray compact(const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }

} // namespace

RunRecordBuilder::RunRecordBuilder(QString tool, QString user, QString runtime, QJsonObject maskedParams)
{
    m_record.tool = std::move(tool);
    m_record.user = std::move(user);
    m_record.runtime = std::move(runtime);
    m_record.params = std::move(maskedParams);
    m_record.startedAt = QDateTime::currentDateTimeUtc();
}

void RunRecordBuilder::add(const RunEvent &event, qint64 elapsedMs)
{
    if (event.kind != RunEvent::Kind::Update)
        return;
    const qsizetype size = event.contentBytes >= 0 ? event.contentBytes : compact(event.content).size();
    if (m_updateBytes + size > kMaxUpdatesBytes) {
        m_record.droppedUpdates += event.updates;
        return;
    }
    m_updateBytes += size;
    QJsonObject update{{QStringLiteral("t"), elapsedMs}, {QStringLiteral("content"), event.content}};
    if (event.updates > 1) // the onUpdate calls the runner folded into this one
        update.insert(QStringLiteral("count"), event.updates);
    m_record.updates.append(update);
}

RunRecord RunRecordBuilder::finish(const RunOutcome &outcome)
{
    RunRecord r = m_record;
    r.durationMs = outcome.durationMs;
    r.state = runStateName(outcome.state);
    r.message = outcome.message;
    if ((outcome.contentBytes >= 0 ? outcome.contentBytes : compact(outcome.content).size()) <= kMaxResultBytes) {
        r.result = outcome.content;
    } else {
        // Keep the first text, cut to the cap, so the record still says what came back.
        QString text;
        for (const QJsonValue &v : outcome.content) {
            if (v.toObject().value(QStringLiteral("type")).toString() == u"text") {
                text = v.toObject().value(QStringLiteral("text")).toString();
                break;
            }
        }
        r.result = QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                          {QStringLiteral("text"), text.left(int(kMaxResultBytes / 4))}}};
        r.resultTruncated = true;
    }
    return r;
}

QString RunHistory::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite");
}

RunHistory::RunHistory(const QString &path) : m_connection(QStringLiteral("tw-history-") + QUuid::createUuid().toString(QUuid::Id128))
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(path);
    if (!db.open()) {
        m_error = QStringLiteral("%1: %2").arg(path, db.lastError().text());
        return;
    }
    QSqlQuery q(db);
    const bool ok = q.exec(QStringLiteral("PRAGMA journal_mode=WAL"))
        && q.exec(QStringLiteral(
            "CREATE TABLE IF NOT EXISTS runs ("
            " id INTEGER PRIMARY KEY AUTOINCREMENT, tool TEXT NOT NULL, user TEXT NOT NULL,"
            " started_at TEXT NOT NULL, duration_ms INTEGER NOT NULL, state TEXT NOT NULL,"
            " runtime TEXT, message TEXT, params TEXT, updates TEXT, dropped_updates INTEGER DEFAULT 0,"
            " result TEXT, result_truncated INTEGER DEFAULT 0, source TEXT)"))
        && q.exec(QStringLiteral("CREATE INDEX IF NOT EXISTS runs_tool ON runs(tool, started_at)"))
        && addMissingColumns(q);
    if (!ok)
        m_error = QStringLiteral("%1: %2").arg(path, q.lastError().text());
    m_open = ok;
}

RunHistory::~RunHistory()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

bool RunHistory::addMissingColumns(QSqlQuery &q)
{
    // A history written by an older Toolwright lacks the newer columns: add them, keep the rows.
    if (!q.exec(QStringLiteral("PRAGMA table_info(runs)")))
        return false;
    QStringList have;
    while (q.next())
        have << q.value(1).toString();
    if (!have.contains(QStringLiteral("source")) && !q.exec(QStringLiteral("ALTER TABLE runs ADD COLUMN source TEXT")))
        return false;
    return true;
}

qint64 RunHistory::add(const RunRecord &r)
{
    if (!isOpen())
        return 0;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("INSERT INTO runs (tool, user, started_at, duration_ms, state, runtime, message, params,"
                             " updates, dropped_updates, result, result_truncated, source)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    // A null QString binds as SQL NULL; the global tools run with no user, stored as "".
    const auto text = [](const QString &v) { return v.isNull() ? QStringLiteral("") : v; };
    q.addBindValue(text(r.tool));
    q.addBindValue(text(r.user));
    q.addBindValue(r.startedAt.toUTC().toString(Qt::ISODateWithMs));
    q.addBindValue(r.durationMs);
    q.addBindValue(r.state);
    q.addBindValue(r.runtime);
    q.addBindValue(r.message);
    q.addBindValue(QString::fromUtf8(compact(r.params)));
    q.addBindValue(QString::fromUtf8(compact(r.updates)));
    q.addBindValue(r.droppedUpdates);
    q.addBindValue(QString::fromUtf8(compact(r.result)));
    q.addBindValue(r.resultTruncated ? 1 : 0);
    q.addBindValue(text(r.source));
    if (!q.exec()) {
        m_error = q.lastError().text();
        return 0;
    }
    return q.lastInsertId().toLongLong();
}

namespace {

RunRecord recordFrom(const QSqlQuery &q, bool withUpdates)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.tool = q.value(1).toString();
    r.user = q.value(2).toString();
    r.startedAt = QDateTime::fromString(q.value(3).toString(), Qt::ISODateWithMs);
    r.durationMs = q.value(4).toLongLong();
    r.state = q.value(5).toString();
    r.runtime = q.value(6).toString();
    r.message = q.value(7).toString();
    r.params = QJsonDocument::fromJson(q.value(8).toString().toUtf8()).object();
    if (withUpdates)
        r.updates = QJsonDocument::fromJson(q.value(9).toString().toUtf8()).array();
    r.droppedUpdates = q.value(10).toInt();
    r.result = QJsonDocument::fromJson(q.value(11).toString().toUtf8()).array();
    r.resultTruncated = q.value(12).toInt() != 0;
    r.source = q.value(13).toString();
    return r;
}

const QString kColumns = QStringLiteral("id, tool, user, started_at, duration_ms, state, runtime, message, params, %1,"
                                        " dropped_updates, result, result_truncated, source");

} // namespace

QList<RunRecord> RunHistory::recent(const QString &tool, int limit) const
{
    QList<RunRecord> out;
    if (!isOpen())
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT ") + kColumns.arg(QStringLiteral("NULL")) + QStringLiteral(" FROM runs")
              + (tool.isEmpty() ? QString() : QStringLiteral(" WHERE tool = ?")) + QStringLiteral(" ORDER BY id DESC LIMIT ?"));
    if (!tool.isEmpty())
        q.addBindValue(tool);
    q.addBindValue(limit);
    if (!q.exec())
        return out;
    while (q.next())
        out << recordFrom(q, false);
    return out;
}

RunRecord RunHistory::get(qint64 id) const
{
    if (!isOpen())
        return {};
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT ") + kColumns.arg(QStringLiteral("updates")) + QStringLiteral(" FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    return recordFrom(q, true);
}

bool RunHistory::remove(qint64 id)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    q.addBindValue(id);
    return isOpen() && q.exec();
}

bool RunHistory::clear()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    return isOpen() && q.exec(QStringLiteral("DELETE FROM runs"));
}

} // namespace tw::engine
