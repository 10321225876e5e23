// Real runs in a real sandbox: what a tool sees (mounts, environment, no network, no host
// home), its events, and that timeouts and cancels leave no process (and no container) behind.
// The same source is built twice: against bubblewrap (label sandbox) and against rootful podman
// with the local test image that scripts/build-test-image makes from the host's Node (label
// container). TW_RUNTIME says which.

#include "catalog.h"
#include "fixture.h"
#include "overrideresolver.h"
#include "runsession.h"
#include "secretstore.h"

#include <QDirIterator>
#include <QProcess>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>


using namespace tw::engine;

namespace {

const QByteArray kProbe = R"(
import { writeFileSync, existsSync, readdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';

function tryWrite(path) {
  try { writeFileSync(path, 'x'); return 'ok'; } catch (e) { return e.code; }
}

export async function execute(_id, params, signal, onUpdate) {
  try {
    onUpdate?.({ content: [{ type: 'text', text: 'probing' }] });
    const env = {};
    for (const k of ['HOME', 'OFFICER_USER_HOME', 'OFFICER_USER_ROOT', 'PI_TOOLS_DIRS', 'OFFICER_EMAIL_DB',
                     'OFFICER_RESOURCES', 'TW_RUNNER_NONCE', 'SECRET_TOKEN', 'USER_SHELL_VAR']) env[k] = process.env[k] ?? null;
    const report = {
      env,
      params,
      userRoot: tryWrite('/officer/user/probe.txt'),
      globalTools: tryWrite('/officer/tools/probe.txt'),
      userTools: tryWrite('/officer/user/tools/probe.txt'),
      tmp: tryWrite('/tmp/probe.txt'),
      hostHome: existsSync('/root/.bashrc') || existsSync('/home'),
      interfaces: Object.keys(networkInterfaces()).filter((n) => n !== 'lo'),
      toolsVisible: readdirSync('/officer/tools').sort(),
    };
    return { content: [{ type: 'text', text: JSON.stringify(report) }] };
  } catch (e) {
    return { content: [{ type: 'text', text: String(e) }], isError: true };
  }
}
)";

// The helper is node itself (the test image holds nothing else), marked by an argument.
const QByteArray kSleeper = R"(
import { spawn } from 'node:child_process';
export async function execute(_id, params, signal) {
  try {
    spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)', String(params.marker)], { stdio: 'ignore' });
    if (params.ignoreAbort) await new Promise(() => {});
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    return { content: [{ type: 'text', text: 'stopped' }], isError: true };
  } catch (e) {
    return { content: [{ type: 'text', text: String(e) }], isError: true };
  }
}
)";

const QByteArray kTicker = R"(
export async function execute(_id, params, signal, onUpdate) {
  try {
    for (let i = 0; i < params.ticks; ++i) {
      await new Promise((r) => setTimeout(r, params.every));
      onUpdate?.({ content: [{ type: 'text', text: `tick ${i}` }] });
    }
    if (params.hang) await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
    console.error(`log with ${params.token}`);
    return { content: [{ type: 'text', text: `done ${params.token}` }] };
  } catch (e) {
    return { content: [{ type: 'text', text: String(e) }], isError: true };
  }
}
)";

const QString kRuntime = QStringLiteral(TW_RUNTIME);

RuntimeConfig testRuntimeConfig()
{
    RuntimeConfig c;
    c.image = QStringLiteral(TW_TEST_IMAGE);
    c.podmanArgs = tw::test::podmanHostLimitArgs();
    return c;
}

QStringList leftoverContainers()
{
    if (kRuntime != u"podman")
        return {};
    QProcess ps;
    ps.start(QStringLiteral("podman"), {QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
                                        QStringLiteral("name=toolwright-"), QStringLiteral("--format"), QStringLiteral("{{.Names}}")});
    ps.waitForFinished(20000);
    return QString::fromUtf8(ps.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
}

bool processWithArgument(const QByteArray &argument)
{
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        QFile cmdline(it.next() + QStringLiteral("/cmdline"));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().split('\0').contains(argument))
            return true;
    }
    return false;
}

} // namespace

class TestRunSession final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;

    RunOutcome runTool(const QString &name, const QJsonObject &params, RunOptions options = {},
                       const std::function<void(RunSession &)> &during = {}, QList<RunEvent> *events = nullptr)
    {
        const Catalog catalog = scanDataPath(m_data);
        const EffectiveSet set = resolveEffective(catalog, QStringLiteral("u@x"));
        const auto it = std::find_if(set.tools.cbegin(), set.tools.cend(),
                                     [&](const EffectiveTool &e) { return e.tool.manifest.name == name; });
        if (it == set.tools.cend())
            qFatal("no tool %s", qPrintable(name));
        options.params = params;
        const RuntimeConfig config = testRuntimeConfig();
        RunSession session(it->tool, m_data, QStringLiteral("u@x"), options,
                           RuntimeChooser([config](QString *error) { return makeRuntime(kRuntime, config, error); }));
        QSignalSpy finished(&session, &RunSession::finished);
        if (events)
            connect(&session, &RunSession::eventReceived, this, [events](const RunEvent &e) { events->append(e); });
        session.start();
        if (during)
            during(session);
        if (finished.isEmpty() && !finished.wait(30000))
            qFatal("the run did not finish");
        return finished.first().first().value<RunOutcome>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<RunOutcome>();
        QString error;
        // A missing bwrap, podman or test image fails the suite; it never skips.
        QVERIFY2(makeRuntime(kRuntime, testRuntimeConfig(), &error), qPrintable(error));
        m_data = m_tmp.path() + QStringLiteral("/data");
        tw::test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("g"), tw::test::toolMd("g"));
        tw::test::makeTool(m_data + QStringLiteral("/u@x/tools"), QStringLiteral("probe"), tw::test::toolMd("probe"), kProbe,
                           QStringLiteral("index.js"));
        tw::test::makeTool(m_data + QStringLiteral("/u@x/tools"), QStringLiteral("sleeper"), tw::test::toolMd("sleeper"), kSleeper,
                           QStringLiteral("index.js"));
        tw::test::makeTool(m_data + QStringLiteral("/u@x/tools"), QStringLiteral("ticker"), tw::test::toolMd("ticker"), kTicker,
                           QStringLiteral("index.js"));
        tw::test::makeTool(m_data + QStringLiteral("/u@x/tools"), QStringLiteral("mailer"), tw::test::toolMd("mailer"),
                           "import { appendFileSync, readFileSync } from 'node:fs';\n"
                           "export async function execute() {\n"
                           "  appendFileSync(process.env.OFFICER_EMAIL_DB, ' and back');\n"
                           "  return { content: [{ type: 'text', text: readFileSync(process.env.OFFICER_EMAIL_DB, 'utf8') }] };\n"
                           "}\n",
                           QStringLiteral("index.js"));
        tw::test::makeTool(m_data + QStringLiteral("/u@x/tools"), QStringLiteral("broken"), tw::test::toolMd("broken"),
                           "export async function execute( {", QStringLiteral("index.ts"));
    }

    void theEmailDatabaseIsMountedReadWrite()
    {
        const QString db = m_tmp.path() + QStringLiteral("/mail/emails.db");
        tw::test::writeFile(db, "there");
        RunOptions options;
        options.emailDb = db;
        const RunOutcome r = runTool(QStringLiteral("mailer"), {}, options);
        QCOMPARE(r.state, RunState::Result);
        QCOMPARE(r.content[0].toObject()[QStringLiteral("text")].toString(), QStringLiteral("there and back"));
        QCOMPARE(tw::test::readFile(db), QByteArray("there and back"));
        // A configured database that is not there is a clear failure, not an empty mount.
        options.emailDb = m_tmp.path() + QStringLiteral("/mail/missing.db");
        const RunOutcome missing = runTool(QStringLiteral("mailer"), {}, options);
        QCOMPARE(missing.state, RunState::Failed);
        QVERIFY2(missing.message.contains(QStringLiteral("missing.db does not exist")), qPrintable(missing.message));
    }

    void whatAToolSees()
    {
        RunOptions options;
        options.extraEnv.insert(QStringLiteral("SECRET_TOKEN"), QStringLiteral("s3cr3t-value"));
        qputenv("USER_SHELL_VAR", "from the host");
        QList<RunEvent> events;
        const RunOutcome r = runTool(QStringLiteral("probe"), {{QStringLiteral("q"), 1}}, options, {}, &events);
        QCOMPARE(r.state, RunState::Result);
        QCOMPARE(events.first().kind, RunEvent::Kind::Update);
        const QJsonObject report = QJsonDocument::fromJson(r.content[0].toObject()[QStringLiteral("text")].toString().toUtf8()).object();
        const QJsonObject env = report[QStringLiteral("env")].toObject();
        QCOMPARE(env[QStringLiteral("HOME")].toString(), QStringLiteral("/officer/user"));
        QCOMPARE(env[QStringLiteral("OFFICER_USER_ROOT")].toString(), QStringLiteral("/officer/user"));
        QCOMPARE(env[QStringLiteral("PI_TOOLS_DIRS")].toString(), QStringLiteral("/officer/tools:/officer/user/tools"));
        QCOMPARE(env[QStringLiteral("OFFICER_EMAIL_DB")].toString(), QStringLiteral("/officer/data/emails.db"));
        QCOMPARE(env[QStringLiteral("TW_RUNNER_NONCE")], QJsonValue(QJsonValue::Null)); // hidden from the tool
        QCOMPARE(env[QStringLiteral("SECRET_TOKEN")].toString(), QStringLiteral("s3cr3t-value"));
        QCOMPARE(env[QStringLiteral("USER_SHELL_VAR")], QJsonValue(QJsonValue::Null)); // nothing leaks from the host
        QCOMPARE(report[QStringLiteral("params")].toObject()[QStringLiteral("q")].toInt(), 1);
        QCOMPARE(report[QStringLiteral("userRoot")].toString(), QStringLiteral("ok"));
        QCOMPARE(report[QStringLiteral("globalTools")].toString(), QStringLiteral("EROFS"));
        QCOMPARE(report[QStringLiteral("userTools")].toString(), QStringLiteral("EROFS"));
        QCOMPARE(report[QStringLiteral("tmp")].toString(), QStringLiteral("ok"));
        QCOMPARE(report[QStringLiteral("hostHome")].toBool(), false);
        QCOMPARE(report[QStringLiteral("interfaces")].toArray().size(), 0); // no network
        QCOMPARE(report[QStringLiteral("toolsVisible")].toArray(), QJsonArray{QStringLiteral("g")});
        QVERIFY(QFile::exists(m_data + QStringLiteral("/u@x/probe.txt"))); // the user's data root is the real one
        QVERIFY(!QFile::exists(m_tmp.path() + QStringLiteral("/probe.txt")));
    }

    void transpileErrorsNameTheFile()
    {
        const RunOutcome r = runTool(QStringLiteral("broken"), {});
        QCOMPARE(r.state, RunState::Failed);
        QVERIFY2(r.message.contains(QStringLiteral("broken/index.ts:1")), qPrintable(r.message));
    }

    void cancelStopsEverything()
    {
        const QByteArray marker = kRuntime == u"bwrap" ? "424242.1" : "434343.1";
        const RunOutcome r = runTool(QStringLiteral("sleeper"), {{QStringLiteral("marker"), QString::fromLatin1(marker)}}, {},
                                     [&](RunSession &s) {
                                         QTRY_VERIFY_WITH_TIMEOUT(processWithArgument(marker), 10000);
                                         s.cancel();
                                     });
        QCOMPARE(r.state, RunState::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(!processWithArgument(marker), 5000); // the helper died with the sandbox
        QCOMPARE(leftoverContainers(), QStringList());
    }

    void cancelBeforeTheSandboxStarts()
    {
        const RunOutcome r = runTool(QStringLiteral("ticker"), {{QStringLiteral("ticks"), 0}}, {},
                                     [](RunSession &s) { s.cancel(); });
        QCOMPARE(r.state, RunState::Cancelled);
        QCOMPARE(leftoverContainers(), QStringList());
    }

    void updatesResetTheTimeoutUpToTheHardLimit()
    {
        RunOptions options;
        options.timeoutMs = 1200;
        options.updateResetsTimeout = true;
        options.hardLimitMs = 60000;
        QList<RunEvent> events;
        // 8 updates 400 ms apart: 3.2 s in all, far past the 1.2 s timeout, never 1.2 s silent.
        RunOutcome r = runTool(QStringLiteral("ticker"),
                               {{QStringLiteral("ticks"), 8}, {QStringLiteral("every"), 400}, {QStringLiteral("token"), QStringLiteral("t")}},
                               options, {}, &events);
        QCOMPARE(r.state, RunState::Result);
        QVERIFY(r.durationMs > 3000);
        // Without the option the same run times out.
        options.updateResetsTimeout = false;
        r = runTool(QStringLiteral("ticker"), {{QStringLiteral("ticks"), 8}, {QStringLiteral("every"), 400}}, options);
        QCOMPARE(r.state, RunState::Timeout);
        // And the hard limit holds even while updates keep coming.
        options.updateResetsTimeout = true;
        options.hardLimitMs = 2000;
        r = runTool(QStringLiteral("ticker"), {{QStringLiteral("ticks"), 100}, {QStringLiteral("every"), 300}}, options);
        QCOMPARE(r.state, RunState::Timeout);
        QVERIFY2(r.message.contains(QStringLiteral("hard limit")), qPrintable(r.message));
        QVERIFY(r.durationMs < 8000);
    }

    void secretsAreMaskedInEveryEvent()
    {
        RunOptions options;
        options.secretValues = {QStringLiteral("hunter2-secret")};
        QList<RunEvent> events;
        const RunOutcome r = runTool(QStringLiteral("ticker"),
                                     {{QStringLiteral("ticks"), 0}, {QStringLiteral("token"), QStringLiteral("hunter2-secret")}},
                                     options, {}, &events);
        QCOMPARE(r.state, RunState::Result);
        QCOMPARE(r.content[0].toObject()[QStringLiteral("text")].toString(), QStringLiteral("done ") + kSecretMarker);
        bool sawLog = false;
        for (const RunEvent &e : std::as_const(events)) {
            QVERIFY(!e.text.contains(QStringLiteral("hunter2")));
            QVERIFY(!QJsonDocument(e.json).toJson().contains("hunter2"));
            sawLog |= e.kind == RunEvent::Kind::Log && e.text.contains(kSecretMarker);
        }
        QVERIFY(sawLog);
    }

    void timeoutKillsAToolThatIgnoresTheAbort()
    {
        const QByteArray marker = kRuntime == u"bwrap" ? "424242.2" : "434343.2";
        RunOptions options;
        options.timeoutMs = 1500;
        options.graceMs = 500;
        const RunOutcome r = runTool(QStringLiteral("sleeper"),
                                     {{QStringLiteral("marker"), QString::fromLatin1(marker)}, {QStringLiteral("ignoreAbort"), true}},
                                     options);
        QCOMPARE(r.state, RunState::Timeout);
        QVERIFY(r.durationMs >= 1500);
        QVERIFY(r.durationMs < 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!processWithArgument(marker), 5000);
        QCOMPARE(leftoverContainers(), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestRunSession)
#include "tst_runsession.moc"
