// Run history in a real SQLite file: records round-trip, newest first, caps hold, params are
// masked by the manifest, and a second connection (another window, the CLI) sees the rows.

#include "run/runhistory.h"
#include "run/runinputs.h"
#include "secrets/secretstore.h"

#include <QFile>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;

namespace {

RunEvent update(const QString &text)
{
    RunEvent e;
    e.kind = RunEvent::Kind::Update;
    e.content = QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}}};
    return e;
}

RunOutcome outcome(RunState state, const QString &text)
{
    RunOutcome o;
    o.state = state;
    o.durationMs = 1234;
    o.content = QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}}};
    return o;
}

} // namespace

class TestRunHistory final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/history.sqlite"));
        RunHistory history(path);
        QVERIFY2(history.isOpen(), qPrintable(history.error()));

        ToolManifest tool;
        tool.name = QStringLiteral("api_call");
        InputSpec token;
        token.name = QStringLiteral("token");
        token.sensitive = true;
        InputSpec query;
        query.name = QStringLiteral("query");
        tool.inputs = {token, query};
        const QJsonObject params{{QStringLiteral("token"), QStringLiteral("tok-123456")}, {QStringLiteral("query"), QStringLiteral("q")}};

        RunRecordBuilder b(tool.name, QStringLiteral("a@b"), QStringLiteral("bwrap"), maskedParams(tool, params));
        b.add(update(QStringLiteral("one")), 10);
        RunEvent log;
        log.text = QStringLiteral("a log line");
        b.add(log, 15); // logs are not history
        b.add(update(QStringLiteral("two")), 20);
        const qint64 id = history.add(b.finish(outcome(RunState::Result, QStringLiteral("fine"))));
        QVERIFY(id > 0);
        RunRecordBuilder b2(QStringLiteral("other"), QStringLiteral("a@b"), QStringLiteral("podman"), {});
        const qint64 id2 = history.add(b2.finish(outcome(RunState::ToolError, QStringLiteral("bad"))));
        QVERIFY(id2 > id);

        const RunRecord r = history.get(id);
        QCOMPARE(r.tool, QStringLiteral("api_call"));
        QCOMPARE(r.user, QStringLiteral("a@b"));
        QCOMPARE(r.runtime, QStringLiteral("bwrap"));
        QCOMPARE(r.state, QStringLiteral("result"));
        QCOMPARE(r.durationMs, 1234);
        QVERIFY(qAbs(r.startedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);
        QCOMPARE(r.params[QStringLiteral("token")].toString(), kSecretMarker);
        QCOMPARE(r.params[QStringLiteral("query")].toString(), QStringLiteral("q"));
        QCOMPARE(r.updates.size(), 2);
        QCOMPARE(r.updates[1].toObject()[QStringLiteral("t")].toInt(), 20);
        QCOMPARE(r.result[0].toObject()[QStringLiteral("text")].toString(), QStringLiteral("fine"));

        const QList<RunRecord> all = history.recent();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all[0].id, id2); // newest first
        QVERIFY(all[0].updates.isEmpty()); // the list leaves the updates out
        QCOMPARE(history.recent(QStringLiteral("api_call")).size(), 1);

        {
            RunHistory second(path); // another connection to the same file
            QCOMPARE(second.recent().size(), 2);
        }
        QVERIFY(history.remove(id2));
        QCOMPARE(history.recent().size(), 1);
        QCOMPARE(history.get(id2).id, 0);

        // The file holds no secret value.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("tok-123456"));
        QVERIFY(history.clear());
        QCOMPARE(history.recent().size(), 0);
    }

    void capsHold()
    {
        RunRecordBuilder b(QStringLiteral("t"), QStringLiteral("u"), QStringLiteral("bwrap"), {});
        const QString chunk(1000, u'x');
        for (int i = 0; i < 1000; ++i)
            b.add(update(chunk), i);
        const RunRecord r = b.finish(outcome(RunState::Result, QString(RunRecordBuilder::kMaxResultBytes, u'y')));
        QVERIFY(r.updates.size() < 300);
        QCOMPARE(r.updates.size() + r.droppedUpdates, 1000);
        QVERIFY(r.resultTruncated);
        QVERIFY(QJsonDocument(r.result).toJson().size() <= RunRecordBuilder::kMaxResultBytes);
    }

    void globalToolsRunWithoutAUser()
    {
        QTemporaryDir dir;
        RunHistory history(dir.filePath(QStringLiteral("history.sqlite")));
        RunRecordBuilder b(QStringLiteral("hello"), QString(), QStringLiteral("bwrap"), {});
        const qint64 id = history.add(b.finish(outcome(RunState::Result, QStringLiteral("hi"))));
        QVERIFY2(id > 0, qPrintable(history.error()));
        QCOMPARE(history.get(id).user, QString());
        QVERIFY(history.isOpen());
    }

    void sourceIsKeptAndOldHistoriesGainIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        {
            // A history as the first release wrote it: no source column, one row.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, tool TEXT NOT NULL, user TEXT NOT NULL,"
                                          " started_at TEXT NOT NULL, duration_ms INTEGER NOT NULL, state TEXT NOT NULL, runtime TEXT,"
                                          " message TEXT, params TEXT, updates TEXT, dropped_updates INTEGER DEFAULT 0, result TEXT,"
                                          " result_truncated INTEGER DEFAULT 0)")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO runs (tool, user, started_at, duration_ms, state) VALUES ('old', '', '2026-01-01T00:00:00.000Z', 5, 'result')")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("old"));
        RunHistory history(path);
        QVERIFY2(history.isOpen(), qPrintable(history.error()));
        RunRecordBuilder b(QStringLiteral("calc"), QStringLiteral("a@b"), QStringLiteral("bwrap"), {});
        b.setSource(QStringLiteral("user v7 · shadows global v2"));
        QVERIFY(history.add(b.finish(outcome(RunState::Result, QStringLiteral("ok")))) > 0);
        const QList<RunRecord> rows = history.recent();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0].source, QStringLiteral("user v7 · shadows global v2"));
        QCOMPARE(rows[1].tool, QStringLiteral("old"));
        QVERIFY(rows[1].source.isEmpty());
    }

    void unwritablePlaceIsReported()
    {
        RunHistory history(QStringLiteral("/proc/toolwright/history.sqlite"));
        QVERIFY(!history.isOpen());
        QVERIFY(history.error().contains(QStringLiteral("/proc/toolwright")));
        QCOMPARE(history.add({}), 0);
    }

    // An update event may stand for several onUpdate calls (the runner coalesces them): the
    // record keeps the count, and the calls past the cap are counted as dropped.
    void foldedUpdatesKeepTheirCount()
    {
        RunRecordBuilder b(QStringLiteral("flood"), QStringLiteral("a@b"), QStringLiteral("bwrap"), {});
        RunEvent folded = update(QStringLiteral("newest"));
        folded.updates = 999;
        b.add(update(QStringLiteral("first")), 1);
        b.add(folded, 2);
        RunEvent huge = update(QString(RunRecordBuilder::kMaxUpdatesBytes, u'x'));
        huge.updates = 40;
        b.add(huge, 3);
        const RunRecord r = b.finish(outcome(RunState::Result, QStringLiteral("done")));
        QCOMPARE(r.updates.size(), 2);
        QVERIFY(!r.updates[0].toObject().contains(QStringLiteral("count")));
        QCOMPARE(r.updates[1].toObject()[QStringLiteral("count")].toInt(), 999);
        QCOMPARE(r.droppedUpdates, 40);
    }
};

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
