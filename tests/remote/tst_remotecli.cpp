// `toolwright … --data ssh://host/path` over a real OpenSSH server (tests/common/sshd.h) on
// 127.0.0.1: each command's stdout, stderr and exit code are those of the same command run on
// the server's DATA_PATH; every way of not getting there (no server, an unknown or changed host
// key, a refused login, no toolwright, an old one, another protocol) is one line on stderr and
// exit 2, with nobody asked (BatchMode: no terminal here).

#include "fixture.h"
#include "sshd.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tw::test;

class TestRemoteCli : public QObject
{
    Q_OBJECT

    Sshd m_sshd;
    QTemporaryDir m_tmp;
    QString m_data; // a copy of the fixture DATA_PATH, so bump may change it
    QString m_seed;
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
        QVERIFY(copyTree(QStringLiteral(TW_FIXTURES_DIR "/datapath"), m_data));
        m_seed = m_tmp.filePath(QStringLiteral("seed"));
        writeFile(m_seed + QStringLiteral("/fresh/TOOL.md"), "---\nname: fresh\nversion: 1\n---\nA new seed tool.\n");
        writeFile(m_seed + QStringLiteral("/fresh/index.ts"), "export async function execute() { return {}; }\n");
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.remove(QStringLiteral("SSH_AUTH_SOCK"));
        m_env.insert(QStringLiteral("TOOLWRIGHT_SSH_CONFIG"), m_sshd.clientConfig());
        m_env.insert(QStringLiteral("TOOLWRIGHT_REMOTE_COMMAND"), QStringLiteral(TW_BINARY " serve --stdio"));
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
                                       "echo 'Welcome to the platform server'\necho 'Last login: never'\nexec " TW_BINARY " \"$@\"\n");
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
                             {QStringLiteral("protocol 1.0"), QStringLiteral("9.0.0"), QStringLiteral("protocol 2.0"), QStringLiteral("Install toolwright")});
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

    void aChangedHostKeyIsRefused()
    {
        m_sshd.trustHostKey(QStringLiteral("other_host_key"));
        const BinaryRun r = remote({QStringLiteral("list"), QStringLiteral("--data"), url()});
        m_sshd.trustHostKey(QStringLiteral("host_key"));
        expectOneLineFailure(r, {QStringLiteral("cannot connect to tw-test"), QStringLiteral("has changed"),
                                 QStringLiteral("Host key verification failed")});
    }

    void runAndSecretSayTheyDoNotWorkRemotelyYet()
    {
        expectOneLineFailure(remote({QStringLiteral("run"), QStringLiteral("greet"), QStringLiteral("--data"), url()}),
                             {QStringLiteral("'run' does not work on a server's DATA_PATH yet")});
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
