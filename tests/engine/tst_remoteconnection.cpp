// engine::RemoteConnection without a network: the address, the ssh command line it builds, and
// the conversation, with a stand-in for ssh that runs the remote command with `sh -c` as sshd
// would (tst_remotecli goes through a real sshd).

#include "fixture.h"

#include "remote/remoteconnection.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using namespace tw::engine;

class TestRemoteConnection : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    QString fakeSsh() { return test::fakeSsh(m_tmp.path()); }

    SshSettings settings(const QString &remoteCommand)
    {
        SshSettings s;
        s.program = fakeSsh();
        s.remoteCommand = remoteCommand;
        return s;
    }

private slots:
    void parsesAddresses_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("path");
        QTest::newRow("full") << "ssh://ada@srv.example.com:2222/srv/data" << true << "ada" << "srv.example.com" << 2222 << "/srv/data";
        QTest::newRow("host only") << "ssh://srv" << true << "" << "srv" << 0 << "";
        QTest::newRow("root path") << "ssh://srv/" << true << "" << "srv" << 0 << "";
        QTest::newRow("encoded space") << "ssh://srv/srv/my%20data" << true << "" << "srv" << 0 << "/srv/my data";
        QTest::newRow("ipv6") << "ssh://[::1]:22/d" << true << "" << "::1" << 22 << "/d";
        QTest::newRow("no host") << "ssh:///srv" << false << "" << "" << 0 << "";
        QTest::newRow("not ssh") << "sftp://srv/x" << false << "" << "" << 0 << "";
        QTest::newRow("password") << "ssh://ada:secret@srv/x" << false << "" << "" << 0 << "";
        QTest::newRow("query") << "ssh://srv/x?y=1" << false << "" << "" << 0 << "";
        QTest::newRow("option as user") << "ssh://-oProxyCommand=x@srv/x" << false << "" << "" << 0 << "";
    }

    void parsesAddresses()
    {
        QFETCH(QString, url);
        QFETCH(bool, valid);
        QString error;
        const std::optional<RemoteTarget> t = RemoteTarget::parse(url, &error);
        QCOMPARE(t.has_value(), valid);
        if (!valid) {
            QVERIFY2(error.startsWith(url + u':'), qPrintable(error));
            return;
        }
        QTEST(t->user, "user");
        QTEST(t->host, "host");
        QTEST(t->port, "port");
        QTEST(t->path, "path");
        QCOMPARE(RemoteTarget::parse(t->url(), &error)->path, t->path); // url() reads back
    }

    // No forwarding whatever ~/.ssh/config says, options before `--`, the host after it, and
    // the DATA_PATH quoted for the server's shell.
    void buildsTheSshCommandLine()
    {
        RemoteTarget t{QStringLiteral("ada"), QStringLiteral("srv"), 2222, QStringLiteral("/srv/it's data")};
        SshSettings s;
        s.batchMode = true;
        s.configFile = QStringLiteral("/tmp/cfg");
        const QStringList args = sshArguments(t, s);
        const qsizetype dashes = args.indexOf(QStringLiteral("--"));
        QVERIFY(dashes > 0);
        QCOMPARE(args.mid(dashes), (QStringList{QStringLiteral("--"), QStringLiteral("srv"),
                                                 QStringLiteral("toolwright serve --stdio --data '/srv/it'\\''s data'")}));
        for (const char *expected : {"-T", "-a", "-x", "ClearAllForwardings=yes", "BatchMode=yes", "/tmp/cfg", "ada", "2222"})
            QVERIFY2(args.mid(0, dashes).contains(QString::fromLatin1(expected)), expected);
    }

    // Through a shell on the "server", a DATA_PATH with a quote and a space arrives whole.
    void talksToTheServer()
    {
        const QString data = m_tmp.filePath(QStringLiteral("it's data"));
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("greet"), test::toolMd("greet"));
        RemoteConnection c(RemoteTarget{{}, QStringLiteral("fake"), 0, data}, settings(QString(TW_BINARY + QStringLiteral(" serve --stdio"))));
        QString error;
        QVERIFY2(c.waitForReady(&error), qPrintable(error));
        QCOMPARE(c.serverInfo()[QStringLiteral("data_path")].toString(), data);
        const RpcResult r = c.callAndWait(QStringLiteral("catalog.list"), {});
        QVERIFY(r.ok());
        QCOMPARE(r.result[QStringLiteral("global")][QStringLiteral("tools")].toArray().size(), 1);
        const RpcResult bad = c.callAndWait(QStringLiteral("no.such.method"), {});
        QCOMPARE(bad.code, int(RpcCode::MethodNotFound));
        c.close();
        QCOMPARE(c.state(), RemoteConnection::State::Closed);
        QVERIFY(!c.callAndWait(QStringLiteral("catalog.list"), {}).ok()); // after close: at once, never a hang
    }

    // A server that ends while requests wait: each fails at once, with the reason.
    void pendingRequestsFailWhenTheServerEnds()
    {
        const QString server = m_tmp.filePath(QStringLiteral("dies.sh"));
        test::writeFile(server, "echo 'toolwright-serve 0.1.0 1.0'\nread line\n"
                                "echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}'\nread line\necho 'gone' >&2\nexit 3\n");
        RemoteConnection c(RemoteTarget{{}, QStringLiteral("fake"), 0, {}}, settings(QStringLiteral("sh ") + server));
        QString error;
        QVERIFY2(c.waitForReady(&error), qPrintable(error));
        QSignalSpy failed(&c, &RemoteConnection::failed);
        int answered = 0;
        QString first, second;
        c.call(QStringLiteral("catalog.list"), {}, [&](const RpcResult &r) { ++answered; first = r.message; });
        c.call(QStringLiteral("overrides"), {}, [&](const RpcResult &r) { ++answered; second = r.message; });
        QVERIFY(failed.wait(10000));
        QCOMPARE(answered, 2);
        QVERIFY2(first.contains(u"connection to fake was lost: gone"), qPrintable(first));
        QCOMPARE(second, first);
    }

    void whatComesBeforeTheBannerIsNotTheProtocol()
    {
        const QString server = m_tmp.filePath(QStringLiteral("greeting.sh"));
        test::writeFile(server, "echo 'toolwright-serve is what this line begins with'\necho '{\"jsonrpc\":\"2.0\"}'\n"
                                "exec " + TW_BINARY.toUtf8() + " serve --stdio --data " + TW_FIXTURES_DIR.toUtf8() + "/datapath\n");
        RemoteConnection c(RemoteTarget{{}, QStringLiteral("fake"), 0, {}}, settings(QStringLiteral("sh ") + server));
        QString error;
        QVERIFY2(c.waitForReady(&error), qPrintable(error));
        QCOMPARE(c.serverBanner().toolwrightVersion, QStringLiteral(TOOLWRIGHT_VERSION_FOR_TESTS));
    }

    void noSshClient()
    {
        SshSettings s;
        s.program = m_tmp.filePath(QStringLiteral("no-ssh-here"));
        RemoteConnection c(RemoteTarget{{}, QStringLiteral("srv"), 0, {}}, s);
        QString error;
        QVERIFY(!c.waitForReady(&error));
        QVERIFY2(error.contains(u"the OpenSSH client"), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRemoteConnection)
#include "tst_remoteconnection.moc"
