// Run history in a real SQLite file: records round-trip, newest first, caps hold, params are
// masked by the manifest, and a second connection (another window, the CLI) sees the rows.

#include "runhistory.h"
#include "runinputs.h"
#include "secretstore.h"

#include <QFile>
#include <QJsonDocument>
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

    void unwritablePlaceIsReported()
    {
        RunHistory history(QStringLiteral("/proc/toolwright/history.sqlite"));
        QVERIFY(!history.isOpen());
        QVERIFY(history.error().contains(QStringLiteral("/proc/toolwright")));
        QCOMPARE(history.add({}), 0);
    }
};

QTEST_GUILESS_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
