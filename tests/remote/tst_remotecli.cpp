// `toolwright … --data ssh://host/path` over a real OpenSSH server (tests/common/sshd.h) on
// 127.0.0.1: each command's stdout, stderr and exit code are those of the same command run on
// the server's DATA_PATH; every way of not getting there (no server, an unknown or changed host
// key, a refused login, no toolwright, an old one, another protocol) is one line on stderr and
// exit 2, with nobody asked (BatchMode: no terminal here).

#include "fixture.h"
#include "remote/protocol.h"
#include "sshd.h"
#include "xvfb.h"

#include <QDirIterator>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace tw::test;

// The pid of a child of `parent` whose program is `name`, else 0.
qint64 childNamed(qint64 parent, const QByteArray &name)
{
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        const QString dir = it.next();
        QFile stat(dir + QStringLiteral("/stat"));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        const QByteArray comm = line.mid(line.indexOf('(') + 1, close - line.indexOf('(') - 1);
        if (fields.size() > 1 && fields[1].toLongLong() == parent && comm == name)
            return QFileInfo(dir).fileName().toLongLong();
    }
    return 0;
}

class TestRemoteCli : public QObject
{
    Q_OBJECT

    Sshd m_sshd;
    QTemporaryDir m_tmp;
    QString m_data; // a copy of the fixture DATA_PATH, so bump may change it
    QString m_seed;
    QString m_serverHome;
    QByteArray m_sleeper; // the marker of the waiter tool's child process
    QProcessEnvironment m_env;

    QString url(const QString &userAndHost = {}) const
    {
        return QStringLiteral("ssh://%1%2").arg(userAndHost.isEmpty() ? m_sshd.alias() : userAndHost, m_data);
    }

    BinaryRun remote(const QStringList &args, const QString &remoteCommand = {}) const
    {
        QProcessEnvironment env = m_env;
        if (!remoteCommand.isEmpty())
            env.insert(QStringLiteral("TOOLWRIGHT_REMOTE_COMMAND"), remoteCommand);
        return runBinary(args, env);
    }

    QString script(const QString &name, const QByteArray &body)
    {
        const QString file = m_tmp.filePath(name);
        writeFile(file, "#!/bin/sh\n" + body);
        return QStringLiteral("sh ") + file;
    }

    // One line on stderr, exit 2, nothing on stdout; the line holds each of `words`.
    static void expectOneLineFailure(const BinaryRun &r, const QStringList &words)
    {
        QCOMPARE(r.code, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
        QVERIFY2(r.err.startsWith("toolwright: "), r.err.constData());
        for (const QString &w : words)
            QVERIFY2(r.err.contains(w.toUtf8()), qPrintable(QStringLiteral("'%1' not in: %2").arg(w, QString::fromUtf8(r.err))));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_sshd.start(&error), qPrintable(error));
        m_data = m_tmp.filePath(QStringLiteral("data"));
        QVERIFY(copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), m_data));
        m_seed = m_tmp.filePath(QStringLiteral("seed"));
        writeFile(m_seed + QStringLiteral("/fresh/TOOL.md"), "---\nname: fresh\nversion: 1\n---\nA new seed tool.\n");
        writeFile(m_seed + QStringLiteral("/fresh/index.ts"), "export async function execute() { return {}; }\n");
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.remove(QStringLiteral("SSH_AUTH_SOCK"));
        m_env.remove(QStringLiteral("DISPLAY")); // the dialog only where a test asks for it
        m_env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        m_env.insert(QStringLiteral("TOOLWRIGHT_SSH_CONFIG"), m_sshd.clientConfig());
        // sshd hands the server a fresh environment: it gets the test's own home for its
        // settings and run history, never the machine's.
        m_serverHome = m_tmp.filePath(QStringLiteral("server-home"));
        m_env.insert(QStringLiteral("TOOLWRIGHT_REMOTE_COMMAND"),
                     QStringLiteral("env XDG_CONFIG_HOME=%1/config XDG_DATA_HOME=%1/data XDG_CACHE_HOME=%1/cache TMPDIR=%1/tmp "
                                    "%2 serve --stdio")
                         .arg(m_serverHome, TW_BINARY));
        QVERIFY(QDir().mkpath(m_serverHome + QStringLiteral("/tmp")));
        QVERIFY(QDir().mkpath(m_data + QStringLiteral("/t@x/tools")));
        QVERIFY(copyTree(QString(TW_SOURCE_DIR + QStringLiteral("/seed/tools/countdown")), m_data + QStringLiteral("/t@x/tools/countdown")));
        makeTool(m_data + QStringLiteral("/t@x/tools"), QStringLiteral("tell"),
                 "---\nname: tell\ndescription: Tells what it was given.\nversion: 1\ninputs:\n"
                 "  password:\n    type: string\n    description: A password.\n    sensitive: true\n---\nTells.\n",
                 "export async function execute(_id, params) {\n"
                 "  return { content: [{ type: 'text', text: 'pw ' + params.password + ' ' + String(params.password).length }] };\n}\n",
                 QStringLiteral("index.js"));
        m_sleeper = "toolwright-remotecli-orphan-" + QByteArray::number(QRandomGenerator::global()->generate64(), 36);
        makeTool(m_data + QStringLiteral("/t@x/tools"), QStringLiteral("waiter"), toolMd("waiter"),
                 waiterEntry(m_sleeper),
                 QStringLiteral("index.js"));
    }

    // A CLI process started with the test's environment, for the runs that are cut short.
    void startCli(QProcess *p, const QStringList &args)
    {
        p->setProcessEnvironment(m_env);
        p->start(TW_BINARY, args);
        QVERIFY(p->waitForStarted());
    }

    void sameAsOnTheServer_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("list") << QStringList{QStringLiteral("list")};
        QTest::newRow("list --json") << QStringList{QStringLiteral("list"), QStringLiteral("--json")};
        QTest::newRow("list --user") << QStringList{QStringLiteral("list"), QStringLiteral("--user"), QStringLiteral("alice@example.com")};
        QTest::newRow("show") << QStringList{QStringLiteral("show"), QStringLiteral("greet")};
        QTest::newRow("show --json") << QStringList{QStringLiteral("show"), QStringLiteral("greet"), QStringLiteral("--json")};
        QTest::newRow("show missing (exit 2)") << QStringList{QStringLiteral("show"), QStringLiteral("nonexistent")};
        QTest::newRow("overrides") << QStringList{QStringLiteral("overrides")};
        QTest::newRow("overrides --json") << QStringList{QStringLiteral("overrides"), QStringLiteral("--json")};
        QTest::newRow("agent --json") << QStringList{QStringLiteral("agent"), QStringLiteral("--json")};
        QTest::newRow("sync --dry-run") << QStringList{QStringLiteral("sync"), QStringLiteral("--seed"), m_seed, QStringLiteral("--dry-run")};
        QTest::newRow("bad option (exit 2)") << QStringList{QStringLiteral("list"), QStringLiteral("--frobnicate")};
    }

    // The same words locally with --data DIR and remotely with --data ssh://tw-test/DIR: this
    // machine is the server, so even the paths agree.
    void sameAsOnTheServer()
    {
        QFETCH(QStringList, args);
        const BinaryRun local = runBinary(args + QStringList{QStringLiteral("--data"), m_data}, m_env);
        const BinaryRun over = remote(args + QStringList{QStringLiteral("--data"), url()});
        QCOMPARE(over.err, local.err);
        QCOMPARE(over.out, local.out);
        QCOMPARE(over.code, local.code);
        QVERIFY(local.code >= 0);
    }

    // lint and bump take paths: on the server, relative to the DATA_PATH, never outside it.
    void lintTakesServerPaths()
    {
        const BinaryRun local = runBinary({QStringLiteral("lint"), m_data + QStringLiteral("/tools/greet")}, m_env);
        const BinaryRun over = remote({QStringLiteral("lint"), QStringLiteral("--data"), url(), QStringLiteral("tools/greet")});
        QCOMPARE(over.out, local.out);
        QCOMPARE(over.code, local.code);
        const BinaryRun all = remote({QStringLiteral("lint"), QStringLiteral("--json"), QStringLiteral("--data"), url()});
        QCOMPARE(all.out, runBinary({QStringLiteral("lint"), QStringLiteral("--json"), m_data}, m_env).out);
        expectOneLineFailure(remote({QStringLiteral("lint"), QStringLiteral("--data"), url(), QStringLiteral("/etc")}),
                             {QStringLiteral("/etc is not inside the DATA_PATH")});
        expectOneLineFailure(remote({QStringLiteral("lint"), QStringLiteral("--data"), url(), QStringLiteral("../..")}),
                             {QStringLiteral("is not inside the DATA_PATH")});
    }

    void bumpChangesTheServersFile()
    {
        const QString toolMd = m_data + QStringLiteral("/tools/weather/TOOL.md");
        QVERIFY(readFile(toolMd).contains("version: 1"));
        const BinaryRun r = remote({QStringLiteral("bump"), QStringLiteral("tools/weather"), QStringLiteral("--data"), url()});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(readFile(toolMd).contains("version: 2"), readFile(toolMd).constData());
    }

    // What a login shell prints before the server starts is not the protocol.
    void aLoginShellsGreetingIsSkipped()
    {
        const QString command = script(QStringLiteral("greeting.sh"),
                                       "echo 'Welcome to the platform server'\necho 'Last login: never'\nexec " + TW_BINARY.toUtf8() + " \"$@\"\n");
        const BinaryRun r = remote({QStringLiteral("list"), QStringLiteral("--data"), url()}, command + QStringLiteral(" serve --stdio"));
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, runBinary({QStringLiteral("list"), QStringLiteral("--data"), m_data}, m_env).out);
    }

    void noToolwrightOnTheServer()
    {
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), url()}, QStringLiteral("/opt/nowhere/toolwright serve --stdio")),
                             {QStringLiteral("has no toolwright"), QStringLiteral("/opt/nowhere/toolwright serve --stdio"),
                              QStringLiteral("toolwright-server")});
    }

    void anOldToolwrightWithoutServe()
    {
        const QString command = script(QStringLiteral("old.sh"), "echo \"toolwright: unknown command 'serve'; see toolwright --help\" >&2\nexit 2\n");
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), url()}, command),
                             {QStringLiteral("too old"), QStringLiteral("toolwright-server")});
    }

    void anotherProtocolMajor()
    {
        const QString command = script(QStringLiteral("future.sh"), "printf 'toolwright-serve 9.0.0 2.0\\n'\ncat >/dev/null\n");
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), url()}, command),
                             {QString(QStringLiteral("protocol ") + tw::engine::protocolVersionText()), QStringLiteral("9.0.0"), QStringLiteral("protocol 2.0"), QStringLiteral("Install toolwright")});
    }

    void nobodyListening()
    {
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), url(m_sshd.alias() + QStringLiteral(":1"))}),
                             {QStringLiteral("cannot connect to tw-test:1"), QStringLiteral("Connection refused")});
    }

    void aRefusedLogin()
    {
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), url(QStringLiteral("nobody@") + m_sshd.alias())}),
                             {QStringLiteral("cannot connect to nobody@tw-test"), QStringLiteral("Permission denied")});
    }

    void anUnknownHostKeyIsNotAccepted()
    {
        m_sshd.trustHostKey({});
        const BinaryRun r = remote({QStringLiteral("list"), QStringLiteral("--data"), url()});
        m_sshd.trustHostKey(QStringLiteral("host_key"));
        expectOneLineFailure(r, {QStringLiteral("cannot connect to tw-test"), QStringLiteral("Host key verification failed")});
    }

    // With no terminal but a display, ssh asks in Toolwright's own dialog (the built binary as
    // SSH_ASKPASS), on a real X server: an unknown host key is trusted by a click on Connect
    // (and then known), and refused by Enter alone or Cancel.
    void anUnknownHostKeyIsAskedAboutInTheDialog_data()
    {
        QTest::addColumn<QString>("keys");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("Connect") << QStringLiteral("alt+c") << true;
        QTest::newRow("Enter alone") << QStringLiteral("Return") << false;
        QTest::newRow("Escape") << QStringLiteral("Escape") << false;
    }

    void anUnknownHostKeyIsAskedAboutInTheDialog()
    {
        TW_RUNS_ALONE();
        QFETCH(QString, keys);
        QFETCH(bool, accepted);
        Xvfb x;
        QString error;
        QVERIFY2(x.start(&error), qPrintable(error));
        m_sshd.trustHostKey({});
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("DISPLAY"), x.display());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        QProcess cli;
        cli.setProcessEnvironment(env);
        // Whatever fails below: nothing of this case is left running, the key file as before.
        const auto cleanup = qScopeGuard([&] {
            if (cli.state() != QProcess::NotRunning) {
                ::kill(-pid_t(cli.processId()), SIGKILL); // its session's process group: ssh and the dialog too
                cli.kill();
                cli.waitForFinished(5000);
            }
            x.stop();
            m_sshd.trustHostKey(QStringLiteral("host_key"));
        });
        // A session of its own: no terminal for ssh to ask on.
        cli.start(QStringLiteral("setsid"), {TW_BINARY, QStringLiteral("list"), QStringLiteral("--data"), url(m_sshd.askingAlias())});
        // The GUI module's first start in the ASan build, on a machine running two suites, once
        // took over 30 s: what is tested is that the dialog comes and answers, not how fast.
        const QByteArray window = x.waitForWindow(QStringLiteral("is this the server"), 90000);
        QVERIFY2(!window.isEmpty(), cli.state() == QProcess::NotRunning ? cli.readAllStandardError().constData() : "no dialog");
        x.press(window, keys);
        QVERIFY(cli.waitForFinished(30000));
        const QByteArray err = cli.readAllStandardError();
        const QByteArray known = readFile(m_sshd.path(QStringLiteral("known_hosts")));
        if (accepted) {
            QVERIFY2(cli.exitCode() == 0, err.constData());
            QCOMPARE(cli.readAllStandardOutput(), runBinary({QStringLiteral("list"), QStringLiteral("--data"), m_data}, m_env).out);
            QVERIFY2(known.contains("ssh-ed25519"), known.constData()); // now known
        } else {
            QCOMPARE(cli.exitCode(), 2);
            QVERIFY2(err.contains("Host key verification failed") && err.count('\n') == 1, err.constData());
            QVERIFY(!known.contains("ssh-ed25519"));
        }
    }

    // The askpass program's stderr is ssh's, whose last line Toolwright shows as the reason a
    // connection failed: it adds only what ends it, in its own name (Qt's "XDG_RUNTIME_DIR not
    // set" once stood in for ssh's "Host key verification failed" when it came last). Here it
    // cannot reach its display: Qt's warnings are not passed on, its fatal line is.
    void theAskpassAddsOnlyWhatEndsIt()
    {
        QString displayGone;
        {
            Xvfb x;
            QString error;
            QVERIFY2(x.start(&error), qPrintable(error));
            displayGone = x.display();
        }
        QProcessEnvironment env = m_env;
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("QT_LOGGING_RULES"));
        env.insert(QStringLiteral("QT_FORCE_STDERR_LOGGING"), QStringLiteral("1"));
        env.insert(QStringLiteral("DISPLAY"), displayGone);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.insert(QStringLiteral("TOOLWRIGHT_ASKPASS"), QStringLiteral("1"));
        env.insert(QStringLiteral("SSH_ASKPASS"), TW_BINARY);
        env.insert(QStringLiteral("ASAN_OPTIONS"), env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":handle_abort=0"));
        QProcess askpass;
        askpass.setProcessEnvironment(env);
        askpass.start(TW_BINARY, {QStringLiteral("Are you sure you want to continue connecting (yes/no/[fingerprint])? ")});
        QVERIFY(askpass.waitForFinished(60000));
        QVERIFY(askpass.exitStatus() != QProcess::NormalExit || askpass.exitCode() != 0);
        QCOMPARE(askpass.readAllStandardOutput(), QByteArray());
        const QList<QByteArray> lines = askpass.readAllStandardError().trimmed().split('\n');
        QVERIFY(!lines.isEmpty());
        for (const QByteArray &line : lines)
            QVERIFY2(line.startsWith("toolwright askpass: "), line.constData());
        QVERIFY2(lines.constLast().contains("platform plugin"), lines.constLast().constData());
    }

    // --remote-command (the flag, in both spellings) is the command run on the server, over
    // TOOLWRIGHT_REMOTE_COMMAND: a good flag wins over a broken variable, a broken flag over a
    // good one.
    void theRemoteCommandFlagWinsOverTheEnvironment()
    {
        const QString good = m_env.value(QStringLiteral("TOOLWRIGHT_REMOTE_COMMAND"));
        const QByteArray local = runBinary({QStringLiteral("list"), QStringLiteral("--data"), m_data}, m_env).out;
        QVERIFY(!local.isEmpty());
        QProcessEnvironment broken = m_env;
        broken.insert(QStringLiteral("TOOLWRIGHT_REMOTE_COMMAND"), QStringLiteral("/bin/false"));
        expectOneLineFailure(runBinary({QStringLiteral("list"), QStringLiteral("--data"), url()}, broken), {QStringLiteral("tw-test")});
        for (const QStringList &flag : {QStringList{QStringLiteral("--remote-command"), good}, QStringList{QStringLiteral("--remote-command=") + good}}) {
            const BinaryRun r = runBinary(QStringList{QStringLiteral("list"), QStringLiteral("--data"), url()} + flag, broken);
            QVERIFY2(r.code == 0, r.err.constData());
            QCOMPARE(r.out, local);
        }
        expectOneLineFailure(runBinary({QStringLiteral("list"), QStringLiteral("--remote-command"), QStringLiteral("/bin/false"),
                                        QStringLiteral("--data"), url()},
                                       m_env),
                             {QStringLiteral("tw-test")});
    }

    void aChangedHostKeyIsRefused()
    {
        m_sshd.trustHostKey(QStringLiteral("other_host_key"));
        const BinaryRun r = remote({QStringLiteral("list"), QStringLiteral("--data"), url()});
        m_sshd.trustHostKey(QStringLiteral("host_key"));
        expectOneLineFailure(r, {QStringLiteral("cannot connect to tw-test"), QStringLiteral("has changed"),
                                 QStringLiteral("Host key verification failed")});
    }

    // A run on the server looks as a local one: the same lines and exit code (text), the same
    // events (JSON) but for the duration.
    void aRunOnTheServerLooksAsALocalOne()
    {
        const QStringList args{QStringLiteral("run"), QStringLiteral("countdown"), QStringLiteral("--user"), QStringLiteral("t@x"),
                               QStringLiteral("--params"), QStringLiteral("{\"seconds\":1,\"step\":0.5}"), QStringLiteral("--runtime"),
                               QStringLiteral("bwrap")};
        const BinaryRun local = runBinary(args + QStringList{QStringLiteral("--data"), m_data}, m_env);
        const BinaryRun over = remote(args + QStringList{QStringLiteral("--data"), url()});
        QCOMPARE(local.code, 0);
        QCOMPARE(over.code, 0);
        QCOMPARE(over.out, local.out);
        QCOMPARE(over.err, local.err);
        const auto withoutDuration = [](const QByteArray &out) {
            QList<QJsonObject> lines;
            for (const QByteArray &l : out.split('\n'))
                if (!l.isEmpty()) {
                    QJsonObject o = QJsonDocument::fromJson(l).object();
                    o.remove(QStringLiteral("duration_ms"));
                    lines.append(o);
                }
            return lines;
        };
        const BinaryRun localJson = runBinary(args + QStringList{QStringLiteral("--json"), QStringLiteral("--data"), m_data}, m_env);
        const BinaryRun overJson = remote(args + QStringList{QStringLiteral("--json"), QStringLiteral("--data"), url()});
        QCOMPARE(withoutDuration(overJson.out), withoutDuration(localJson.out));
        QCOMPARE(withoutDuration(overJson.out).size(), 4);
        expectOneLineFailure(remote({QStringLiteral("run"), QStringLiteral("countdown"), QStringLiteral("--data"), url()}),
                             {QStringLiteral("needs --user")});
        QCOMPARE(remote({QStringLiteral("run"), QStringLiteral("nope"), QStringLiteral("--user"), QStringLiteral("t@x"),
                         QStringLiteral("--data"), url()}).code, 2);
    }

    // A server's secret lives in this desktop's keychain under the server's key, goes to the
    // run inside its request, and rests nowhere on the server.
    void aServersSecretStaysOnTheDesktop()
    {
        const QByteArray secret = "pw-" + QByteArray::number(QRandomGenerator::global()->generate64(), 36);
        const QStringList on{QStringLiteral("--data"), url(), QStringLiteral("--user"), QStringLiteral("t@x")};
        const BinaryRun set = runBinary(QStringList{QStringLiteral("secret"), QStringLiteral("set"), QStringLiteral("tell"),
                                                    QStringLiteral("password")} + on, m_env, secret + '\n');
        QVERIFY2(set.code == 0, set.err.constData());
        QVERIFY2(set.err.isEmpty(), set.err.constData()); // bound to the server's tool: no note
        const BinaryRun got = runBinary(QStringList{QStringLiteral("secret"), QStringLiteral("get"), QStringLiteral("tell"),
                                                    QStringLiteral("password")} + on, m_env);
        QCOMPARE(got.out, secret + '\n');
        // Not the local user's secret of that name.
        QCOMPARE(runBinary({QStringLiteral("secret"), QStringLiteral("get"), QStringLiteral("tell"), QStringLiteral("password"),
                            QStringLiteral("--data"), m_data, QStringLiteral("--user"), QStringLiteral("t@x")}, m_env).code, 1);
        const BinaryRun run = remote(QStringList{QStringLiteral("run"), QStringLiteral("tell"), QStringLiteral("--runtime"),
                                                 QStringLiteral("bwrap")} + on);
        QVERIFY2(run.code == 0, run.err.constData());
        // The tool had it (its length), masked in what came back.
        QVERIFY2(run.out.endsWith(QByteArray(' ' + QByteArray::number(secret.size()) + '\n')), run.out.constData());
        QVERIFY2(!run.out.contains(secret) && !run.err.contains(secret), run.out.constData());
        QDirIterator it(m_serverHome, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(secret), qPrintable(f.fileName()));
            ++files;
        }
        QVERIFY(files > 0); // the server's run history is there, masked
        QVERIFY(runBinary(QStringList{QStringLiteral("secret"), QStringLiteral("delete"), QStringLiteral("tell"),
                                      QStringLiteral("password")} + on, m_env).code == 0);
    }

    // Ctrl-C on the desktop cancels the run on the server, which leaves nothing running.
    void anInterruptCancelsTheRunOnTheServer()
    {
        QProcess p;
        startCli(&p, {QStringLiteral("run"), QStringLiteral("waiter"), QStringLiteral("--user"), QStringLiteral("t@x"),
                      QStringLiteral("--runtime"), QStringLiteral("bwrap"), QStringLiteral("--json"), QStringLiteral("--data"), url()});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).contains("waiting"), 30000);
        QVERIFY(processWithArgument(m_sleeper));
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        out += p.readAllStandardOutput();
        QCOMPARE(p.exitCode(), 1);
        QCOMPARE(QJsonDocument::fromJson(out.trimmed().split('\n').last()).object()[QStringLiteral("state")].toString(),
                 QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(!processWithArgument(m_sleeper), 10000);
    }

    // The link drops mid-run (ssh killed): the desktop says so at once; the server, its input
    // gone, cancels the run and leaves no process behind.
    void aCutConnectionCancelsTheRunOnTheServer()
    {
        QProcess p;
        startCli(&p, {QStringLiteral("run"), QStringLiteral("waiter"), QStringLiteral("--user"), QStringLiteral("t@x"),
                      QStringLiteral("--runtime"), QStringLiteral("bwrap"), QStringLiteral("--data"), url()});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).contains("waiting"), 30000);
        QVERIFY(processWithArgument(m_sleeper));
        const qint64 ssh = childNamed(p.processId(), "ssh");
        QVERIFY(ssh > 0);
        ::kill(pid_t(ssh), SIGKILL);
        QVERIFY(p.waitForFinished(20000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains("was lost") && err.contains("cancelled on the server"), err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(!processWithArgument(m_sleeper), 20000);
    }

    void aBadAddressIsAUsageError()
    {
        // Nothing of the address reaches ssh as an option.
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), QStringLiteral("ssh://-oProxyCommand=x@tw-test/srv")}),
                             {QStringLiteral("may not begin with '-'")});
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), QStringLiteral("ssh://-oProxyCommand/srv")}),
                             {QStringLiteral("ssh://-oProxyCommand/srv: ")});
        expectOneLineFailure(remote({QStringLiteral("list"), QStringLiteral("--data"), QStringLiteral("ssh:///srv")}),
                             {QStringLiteral("no host")});
    }
};

QTEST_GUILESS_MAIN(TestRemoteCli)
#include "tst_remotecli.moc"
