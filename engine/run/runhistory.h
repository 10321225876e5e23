#pragma once
// Past runs in SQLite (QtSql) under the app data dir: tool, user, time, duration, exit state,
// runtime, params with sensitive values replaced by the marker, the updates and the result,
// both size-capped. Secret values never reach it: the session masks events before anyone
// sees them, and params are masked by the tool's manifest before a record is built.

#include "run/runeventparser.h"
#include "run/runsession.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

class QSqlQuery;

namespace tw::engine {

struct RunRecord
{
    qint64 id = 0;
    QString tool;
    QString user;
    QDateTime startedAt;      // UTC
    qint64 durationMs = 0;
    QString state;            // runStateName()
    QString runtime;
    QString source;           // toolSource(): "global v3", "user v2 · shadows global v1"
    QString message;
    QJsonObject params;       // masked
    QJsonArray updates;       // [{"t": ms since start, "content": [...], "count": N if > 1}], capped
    int droppedUpdates = 0;   // onUpdate calls past the cap (counted, not kept)
    QJsonArray result;        // the result's content, capped
    bool resultTruncated = false;
};

// Collects one run's record as its events arrive.
class RunRecordBuilder
{
public:
    static constexpr qsizetype kMaxUpdatesBytes = 256 * 1024;
    static constexpr qsizetype kMaxResultBytes = 256 * 1024;

    RunRecordBuilder(QString tool, QString user, QString runtime, QJsonObject maskedParams);
    void setRuntime(const QString &runtime) { m_record.runtime = runtime; }
    void setSource(const QString &source) { m_record.source = source; }
    void add(const RunEvent &event, qint64 elapsedMs);
    RunRecord finish(const RunOutcome &outcome);

private:
    RunRecord m_record;
    qsizetype m_updateBytes = 0;
};

class RunHistory
{
public:
    // Opens (creating) the database; `error()` tells why when it could not.
    explicit RunHistory(const QString &path);
    ~RunHistory();
    RunHistory(const RunHistory &) = delete;
    RunHistory &operator=(const RunHistory &) = delete;

    static QString defaultPath(); // AppDataLocation/history.sqlite

    bool isOpen() const { return m_open; }
    QString error() const { return m_error; } // why it did not open, or why the last call failed

    qint64 add(const RunRecord &record);                    // the new row's id, 0 on failure
    QList<RunRecord> recent(const QString &tool = {}, int limit = 200) const; // newest first, without updates
    RunRecord get(qint64 id) const;                        // id 0 when absent
    bool remove(qint64 id);
    bool clear();

private:
    static bool addMissingColumns(QSqlQuery &q);
    QString m_connection;
    bool m_open = false;
    mutable QString m_error;
};

} // namespace tw::engine
