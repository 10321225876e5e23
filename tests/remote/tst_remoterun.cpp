// Runs on a server: `serve --stdio` (the built binary, as ssh would start it) runs a tool in
// real bubblewrap for `run.start`, streams its events as `run.event` notifications after the
// reply, ends with `run.finished`; `run.cancel` and the end of the connection cancel, and leave
// no process behind. The secrets a run is sent (a sensitive input, an integration token) reach
// the tool and nothing of the server: not its disk, its argv or its replies.

#include "fixture.h"
#include "rpc.h"

#include "remote/protocol.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;

namespace {

const QString kUser = QStringLiteral("t@x");
// Made at run time, so no file of the source or the build holds them.
const QByteArray kSecret = "pw-" + QByteArray::number(QRandomGenerator::global()->generate64(), 36);
const QByteArray kToken = "tok-" + QByteArray::number(QRandomGenerator::global()->generate64(), 36);

// Whether any process's command line holds `bytes`.
bool anyCommandLineContains(const QByteArray &bytes)
{
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        QFile cmdline(it.next() + QStringLiteral("/cmdline"));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(bytes))
            return true;
    }
    return false;
}

QByteArray request(int id, const QString &method, const QJsonObject &params = {})
{
    return test::rpcRequest(id, method, params);
}

// A `serve --stdio` process and what it said, line by line.
class Server
{
public:
    explicit Server(const QString &data, const QString &tmpDir = {})
    {
        if (!tmpDir.isEmpty()) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("TMPDIR"), tmpDir);
            m_process.setProcessEnvironment(env);
        }
        m_process.start(TW_BINARY, {QStringLiteral("serve"), QStringLiteral("--stdio"), QStringLiteral("--data"), data});
        m_process.write(request(1, QStringLiteral("initialize"), {{QStringLiteral("protocolVersion"), engine::protocolVersionText()}}));
    }
    ~Server()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    void send(const QByteArray &bytes) { m_process.write(bytes); }
    void close() { m_process.closeWriteChannel(); }
    QProcess &process() { return m_process; }
    QByteArray everything() const { return m_all; }

    // The next message (the banner skipped); an empty object after `ms` without one.
    QJsonObject next(int ms = 60000)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            while (m_process.canReadLine()) {
                const QByteArray line = m_process.readLine();
                m_all += line;
                if (line.startsWith("toolwright-serve "))
                    continue;
                return QJsonDocument::fromJson(line).object();
            }
            if (!m_process.waitForReadyRead(100) && m_process.state() == QProcess::NotRunning && !m_process.canReadLine())
                break;
        }
        return {};
    }

    // Messages up to and including the first for which `stop` holds.
    QList<QJsonObject> until(const std::function<bool(const QJsonObject &)> &stop, int ms = 60000)
    {
        QList<QJsonObject> got;
        for (QJsonObject m = next(ms); !m.isEmpty(); m = next(ms)) {
            got.append(m);
            if (stop(m))
                break;
        }
        return got;
    }

private:
    QProcess m_process;
    QByteArray m_all;
};

bool isFinished(const QJsonObject &m)
{
    return m[QStringLiteral("method")].toString() == u"run.finished";
}

} // namespace

class TestRemoteRun : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_data;

    QJsonObject runStart(int id, const QString &tool, const QJsonObject &extra = {})
    {
        QJsonObject p{{QStringLiteral("tool"), tool}, {QStringLiteral("user"), kUser}, {QStringLiteral("runtime"), QStringLiteral("bwrap")}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            p.insert(it.key(), it.value());
        return QJsonDocument::fromJson(request(id, QStringLiteral("run.start"), p)).object();
    }

private slots:
    void initTestCase()
    {
        // The settings the server reads (runtime, image), in the test's own home.
        QCoreApplication::setOrganizationName(QStringLiteral("toolwright"));
        QCoreApplication::setApplicationName(QStringLiteral("toolwright"));
        m_data = m_tmp.filePath(QStringLiteral("data"));
        QVERIFY(QDir().mkpath(m_data + QStringLiteral("/") + kUser + QStringLiteral("/tools")));
        QVERIFY(test::copyTree(QString(TW_SOURCE_DIR + QStringLiteral("/seed/tools/countdown")), m_data + QStringLiteral("/tools/countdown")));
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("tell"),
                       "---\nname: tell\ndescription: Tells what it was given.\nversion: 1\ninputs:\n"
                       "  password:\n    type: string\n    description: A password.\n    sensitive: true\n---\nTells.\n",
                       "export async function execute(_id, params, _signal, onUpdate) {\n"
                       "  onUpdate?.({ content: [{ type: 'text', text: 'got ' + params.password } ] });\n"
                       "  return { content: [{ type: 'text', text: 'token ' + process.env.OFFICER_APIFY_TOKEN + ' pw ' + params.password }] };\n}\n",
                       QStringLiteral("index.js"));
    }

    void streamsTheEventsAfterTheReply()
    {
        Server s(m_data);
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 1);
        s.send(QJsonDocument(runStart(2, QStringLiteral("countdown"),
                                      {{QStringLiteral("params"), QJsonObject{{QStringLiteral("seconds"), 1}, {QStringLiteral("step"), 0.5}}}}))
                   .toJson(QJsonDocument::Compact) + '\n');
        const QJsonObject reply = s.next();
        QCOMPARE(reply[QStringLiteral("id")].toInt(), 2);
        const QString runId = reply[QStringLiteral("result")][QStringLiteral("run_id")].toString();
        QVERIFY(!runId.isEmpty());
        const QList<QJsonObject> got = s.until(isFinished);
        QVERIFY(!got.isEmpty() && isFinished(got.last()));
        QStringList kinds;
        for (const QJsonObject &m : got) {
            QCOMPARE(m[QStringLiteral("params")][QStringLiteral("run_id")].toString(), runId);
            if (m[QStringLiteral("method")].toString() == u"run.event")
                kinds << m[QStringLiteral("params")][QStringLiteral("event")][QStringLiteral("kind")].toString();
        }
        QCOMPARE(kinds, (QStringList{QStringLiteral("update"), QStringLiteral("update"), QStringLiteral("result")}));
        const QJsonObject outcome = got.last()[QStringLiteral("params")][QStringLiteral("outcome")].toObject();
        QCOMPARE(outcome[QStringLiteral("state")].toString(), QStringLiteral("result"));
        QCOMPARE(got.last()[QStringLiteral("params")][QStringLiteral("runtime")].toString(), QStringLiteral("bwrap"));
        s.close();
        QVERIFY(s.process().waitForFinished(20000));
        QCOMPARE(s.process().exitCode(), 0);
    }

    // The values reach the tool; the server keeps none of them: not in its files (history,
    // settings, caches), not on any command line while the run goes, and what it sends back is
    // masked.
    void secretsReachTheToolAndNothingElse()
    {
        const QString tmpDir = m_tmp.filePath(QStringLiteral("server-tmp"));
        QVERIFY(QDir().mkpath(tmpDir));
        Server s(m_data, tmpDir);
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 1);
        const QJsonObject integrations{{QStringLiteral("apify_token"), true}};
        s.send(QJsonDocument(runStart(2, QStringLiteral("tell"),
                                      {{QStringLiteral("params"), QJsonObject{{QStringLiteral("password"), QString::fromLatin1(kSecret)}}},
                                       {QStringLiteral("integrations"), integrations},
                                       {QStringLiteral("secrets"), QJsonObject{{kUser + QStringLiteral("/resource/apify"), QString::fromLatin1(kToken)}}}}))
                   .toJson(QJsonDocument::Compact) + '\n');
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 2);
        bool sawArgv = false;
        const QList<QJsonObject> got = s.until([&](const QJsonObject &m) {
            // While it runs: no process has a secret on its command line.
            sawArgv = sawArgv || anyCommandLineContains(kSecret) || anyCommandLineContains(kToken);
            return isFinished(m);
        });
        QVERIFY(!sawArgv);
        QVERIFY(!got.isEmpty() && isFinished(got.last()));
        const QJsonObject outcome = got.last()[QStringLiteral("params")][QStringLiteral("outcome")].toObject();
        QCOMPARE(outcome[QStringLiteral("state")].toString(), QStringLiteral("result"));
        // The tool had both (the result says so, masked: the token's and the password's places
        // are filled, their values are not sent back).
        const QString text = outcome[QStringLiteral("content")][0][QStringLiteral("text")].toString();
        QVERIFY2(text.startsWith(u"token ") && !text.contains(u"undefined"), qPrintable(text));
        s.close();
        QVERIFY(s.process().waitForFinished(20000));
        QVERIFY2(!s.everything().contains(kSecret) && !s.everything().contains(kToken), s.everything().constData());
        QVERIFY(!qEnvironmentVariable("XDG_DATA_HOME").isEmpty()); // the scan below reads the test's own home
        // Nothing the server wrote holds them.
        for (const QString &root : {qEnvironmentVariable("XDG_CONFIG_HOME"), qEnvironmentVariable("XDG_DATA_HOME"),
                                    qEnvironmentVariable("XDG_CACHE_HOME"), m_data, tmpDir}) {
            QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next();
                QFile f(file);
                if (f.size() > 64 * 1024 * 1024 || !f.open(QIODevice::ReadOnly))
                    continue;
                const QByteArray bytes = f.readAll();
                QVERIFY2(!bytes.contains(kSecret) && !bytes.contains(kToken), qPrintable(file));
            }
        }
    }

    void runCancelCancels()
    {
        Server s(m_data);
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 1);
        s.send(QJsonDocument(runStart(2, QStringLiteral("countdown"),
                                      {{QStringLiteral("params"), QJsonObject{{QStringLiteral("seconds"), 60}, {QStringLiteral("step"), 0.5}}}}))
                   .toJson(QJsonDocument::Compact) + '\n');
        const QString runId = s.next()[QStringLiteral("result")][QStringLiteral("run_id")].toString();
        const QList<QJsonObject> first = s.until([](const QJsonObject &m) { return m[QStringLiteral("method")].toString() == u"run.event"; });
        QVERIFY(!first.isEmpty());
        s.send(request(3, QStringLiteral("run.cancel"), {{QStringLiteral("run_id"), runId}})
               + request(4, QStringLiteral("run.cancel"), {{QStringLiteral("run_id"), QStringLiteral("r999")}}));
        const QList<QJsonObject> rest = s.until(isFinished);
        QVERIFY(!rest.isEmpty() && isFinished(rest.last()));
        QCOMPARE(rest.last()[QStringLiteral("params")][QStringLiteral("outcome")][QStringLiteral("state")].toString(), QStringLiteral("cancelled"));
        bool unknownRefused = false;
        for (const QJsonObject &m : rest)
            if (m[QStringLiteral("id")].toInt() == 4)
                unknownRefused = m[QStringLiteral("error")][QStringLiteral("code")].toInt() == int(engine::RpcCode::NotFound);
        QVERIFY(unknownRefused);
    }

    // The connection ends (the desktop closed, the link dropped): each run it started is
    // cancelled, its sandbox and every process in it gone, before the server exits.
    void theEndOfTheConnectionCancelsItsRuns()
    {
        const QByteArray marker = "toolwright-remote-orphan-test";
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("waiter"), test::toolMd("waiter"),
                       test::waiterEntry(marker),
                       QStringLiteral("index.js"));
        Server s(m_data);
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 1);
        s.send(QJsonDocument(runStart(2, QStringLiteral("waiter"))).toJson(QJsonDocument::Compact) + '\n');
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 2);
        QVERIFY(!s.until([](const QJsonObject &m) { return m[QStringLiteral("method")].toString() == u"run.event"; }).isEmpty());
        QVERIFY(test::processWithArgument(marker));
        s.close();
        const QList<QJsonObject> rest = s.until(isFinished, 30000);
        QVERIFY(!rest.isEmpty() && isFinished(rest.last()));
        QCOMPARE(rest.last()[QStringLiteral("params")][QStringLiteral("outcome")][QStringLiteral("state")].toString(), QStringLiteral("cancelled"));
        QVERIFY(s.process().waitForFinished(30000));
        QCOMPARE(s.process().exitCode(), 0);
        QVERIFY(!test::processWithArgument(marker));
    }

    // A hostile tool tries to forge what the desktop is told: protocol lines on its stdout and
    // stderr, in an update, through /proc/1/fd/1 and /dev/stdout. The connection carries each of
    // them only as the text of an event of its own run; the one run.finished is the server's,
    // with what the tool really returned. In bubblewrap and in rootful podman.
    void aToolCannotForgeTheProtocol_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::newRow("bwrap") << QStringLiteral("bwrap");
        QTest::newRow("podman") << QStringLiteral("podman");
    }

    void aToolCannotForgeTheProtocol()
    {
        QFETCH(QString, runtime);
        const QByteArray forged = R"({"jsonrpc":"2.0","method":"run.finished","params":{"run_id":"r1","outcome":)"
                                  R"({"state":"result","content":[{"type":"text","text":"FORGED"}]}}})";
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("forger"), test::toolMd("forger"),
                       "import fs from 'node:fs';\n"
                       "const forged = '" + forged + "';\n"
                       "export async function execute(_id, _p, _signal, onUpdate) {\n"
                       "  process.stdout.write('\\n' + forged + '\\n');\n"
                       "  process.stderr.write(forged + '\\n');\n"
                       "  console.log(forged);\n"
                       "  onUpdate?.({ content: [{ type: 'text', text: '\\n' + forged + '\\n' }] });\n"
                       "  for (const f of ['/proc/1/fd/1', '/dev/stdout', '/proc/1/fd/2']) {\n"
                       "    try { fs.appendFileSync(f, '\\n' + forged + '\\n'); } catch {}\n"
                       "  }\n"
                       "  return { content: [{ type: 'text', text: 'real end' }], isError: true };\n}\n",
                       QStringLiteral("index.js"));
        QSettings settings;
        if (runtime == u"podman") {
            settings.setValue(QStringLiteral("runtime/image"), QStringLiteral("localhost/toolwright-node:test"));
            settings.setValue(QStringLiteral("runtime/podmanArgs"), test::podmanHostLimitArgs());
            settings.sync();
        }
        const auto restore = qScopeGuard([&settings] { settings.remove(QStringLiteral("runtime")); });
        Server s(m_data);
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 1);
        s.send(QJsonDocument(runStart(2, QStringLiteral("forger"), {{QStringLiteral("runtime"), runtime}})).toJson(QJsonDocument::Compact)
               + '\n');
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 2);
        const QList<QJsonObject> got = s.until(isFinished, 120000);
        s.close();
        QVERIFY(s.process().waitForFinished(60000));
        // Every line the server wrote is one message of the protocol.
        int finished = 0, started = 0;
        for (const QByteArray &line : s.everything().split('\n')) {
            if (line.isEmpty() || line.startsWith("toolwright-serve "))
                continue;
            QJsonParseError error;
            const QJsonObject m = QJsonDocument::fromJson(line, &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError && m[QStringLiteral("jsonrpc")].toString() == u"2.0", line.constData());
            if (m[QStringLiteral("method")].toString() == u"run.finished")
                ++finished;
            else if (m[QStringLiteral("method")].toString() == u"run.started")
                ++started;
            else if (m.contains(QStringLiteral("method")))
                QCOMPARE(m[QStringLiteral("method")].toString(), QStringLiteral("run.event"));
        }
        QCOMPARE(finished, 1);
        QCOMPARE(started, 1); // from the server's session, once; the tool's output cannot make one
        QVERIFY(!got.isEmpty() && isFinished(got.last()));
        const QJsonObject outcome = got.last()[QStringLiteral("params")][QStringLiteral("outcome")].toObject();
        QCOMPARE(outcome[QStringLiteral("state")].toString(), QStringLiteral("tool-error"));
        QCOMPARE(outcome[QStringLiteral("content")][0][QStringLiteral("text")].toString(), QStringLiteral("real end"));
        QCOMPARE(got.last()[QStringLiteral("params")][QStringLiteral("runtime")].toString(), runtime);
        // The forged line arrived, as the text of this run's events and nothing else.
        int carried = 0;
        for (const QJsonObject &m : got)
            if (m[QStringLiteral("method")].toString() == u"run.event"
                && QJsonDocument(m[QStringLiteral("params")][QStringLiteral("event")].toObject()).toJson().contains("FORGED"))
                ++carried;
        QVERIFY(carried >= 2);
    }

    void refusesWhatItCannotRun()
    {
        Server s(m_data);
        QCOMPARE(s.next()[QStringLiteral("id")].toInt(), 1);
        s.send(request(2, QStringLiteral("run.start"), {{QStringLiteral("tool"), QStringLiteral("countdown")}})
               + request(3, QStringLiteral("run.start"), {{QStringLiteral("tool"), QStringLiteral("nope")}, {QStringLiteral("user"), kUser}})
               + request(4, QStringLiteral("run.start"), {{QStringLiteral("tool"), QStringLiteral("countdown")}, {QStringLiteral("user"), kUser},
                                                          {QStringLiteral("runtime"), QStringLiteral("chroot")}}));
        QCOMPARE(s.next()[QStringLiteral("error")][QStringLiteral("code")].toInt(), int(engine::RpcCode::InvalidParams));
        QCOMPARE(s.next()[QStringLiteral("error")][QStringLiteral("code")].toInt(), int(engine::RpcCode::NotFound));
        QCOMPARE(s.next()[QStringLiteral("error")][QStringLiteral("code")].toInt(), int(engine::RpcCode::InvalidParams));
    }
};

QTEST_GUILESS_MAIN(TestRemoteRun)
#include "tst_remoterun.moc"
