// engine::RemoteCatalog over the real `toolwright serve --stdio` (through the stand-in ssh of
// fixture.h): the catalog a window gets is the server's scan, byte for byte in the list's
// JSON; a change on the server arrives patched in; a reconnect brings the whole catalog again.

#include "fixture.h"

#include "catalog/catalogjson.h"
#include "remote/remotecatalog.h"
#include "remote/remotesession.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

using namespace tw;
using namespace tw::engine;

class TestRemoteCatalog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    static void sameText(const QByteArray &got, const QByteArray &want)
    {
        if (got == want)
            return;
        qsizetype at = 0;
        while (at < got.size() && at < want.size() && got[at] == want[at])
            ++at;
        const qsizetype from = std::max<qsizetype>(0, at - 300);
        QFAIL(qPrintable(QStringLiteral("they differ at byte %1 (of %2 and %3):\n got: …%4…\nwant: …%5…")
                             .arg(at).arg(got.size()).arg(want.size())
                             .arg(QString::fromUtf8(got.mid(from, 600)), QString::fromUtf8(want.mid(from, 600)))));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void followsTheServer()
    {
        const QString data = m_tmp.filePath(QStringLiteral("data"));
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("greet"), test::toolMd("greet"));
        test::writeFile(data + QStringLiteral("/tools/broken/TOOL.md"), "no frontmatter\n");
        for (int i = 0; i < 30; ++i)
            test::makeTool(data + QStringLiteral("/user%1@example.com/tools").arg(i), QStringLiteral("mine"), test::toolMd("mine"));
        const QString pidFile = m_tmp.filePath(QStringLiteral("server.pid"));
        SshSettings ssh;
        ssh.program = test::fakeSsh(m_tmp.path());
        ssh.remoteCommand = QStringLiteral("echo $$ > '%1'; exec %2 serve --stdio").arg(pidFile, TW_BINARY);
        RemoteSession session(RemoteTarget{{}, QStringLiteral("fake"), 0, data}, ssh);
        session.setBackoff({50}, 5);
        RemoteCatalog catalog(&session);
        QVERIFY(!catalog.isLocal());
        QCOMPARE(catalog.dataPath(), data); // the target's, until the server's catalog names it
        QSignalSpy started(&catalog, &CatalogSource::scanStarted);
        QSignalSpy locations(&catalog, &CatalogSource::locationScanned);
        QSignalSpy finished(&catalog, &CatalogSource::scanFinished);
        session.open();
        QVERIFY(finished.wait(10000));
        QCOMPARE(started.size(), 1);
        QCOMPARE(locations.size(), 31); // the global location and each user's, as a scan reports them
        QVERIFY(!catalog.isScanning());
        QVERIFY(catalog.catalog());
        // Everything but the bodies, which come for the tools a view shows. (Said where the two
        // differ: QCOMPARE shows only their common start.)
        sameText(catalogJsonText(*catalog.catalog(), CatalogJson::Detail), catalogJsonText(scanDataPath(data), CatalogJson::DetailNoBody));
        if (QTest::currentTestFailed())
            return;
        const QString greet = data + QStringLiteral("/tools/greet");
        const QString mine = data + QStringLiteral("/user3@example.com/tools/mine");
        QVERIFY(catalog.catalog()->global.tools.first().bodyElsewhere);
        locations.clear();
        finished.clear();
        // One request for them all; one change with the locations that took a body; a dir that
        // is no tool of the DATA_PATH is said no to and changes nothing.
        catalog.requestBodies({greet, mine, data + QStringLiteral("/nowhere"), QStringLiteral("/etc")});
        catalog.requestBodies({greet}); // asked again while on its way: no second request
        QVERIFY(finished.wait(10000));
        QCOMPARE(locations.size(), 2);
        QCOMPARE(locations.at(0).first().value<LocationScan>().scope, Scope::Global);
        QCOMPARE(locations.at(1).first().value<LocationScan>().user, QStringLiteral("user3@example.com"));
        const Catalog scannedCatalog = scanDataPath(data);
        for (const auto &[fetched, scanned] : {std::pair{&catalog.catalog()->global.tools.first(), &scannedCatalog.global.tools.first()},
                                               std::pair{&catalog.catalog()->userLocation(QStringLiteral("user3@example.com"))->tools.first(),
                                                         &scannedCatalog.userLocation(QStringLiteral("user3@example.com"))->tools.first()}}) {
            QVERIFY(!fetched->bodyElsewhere);
            QVERIFY(!fetched->body.isEmpty());
            QCOMPARE(fetched->body, scanned->body);
            QCOMPARE(fetched->bodyLine, scanned->bodyLine);
        }
        QCOMPARE(catalog.catalog()->global.tools.first().dir, greet);
        QVERIFY(catalog.catalog()->userLocation(QStringLiteral("user4@example.com"))->tools.first().bodyElsewhere); // not asked for
        QVERIFY(!finished.wait(300)); // no second change for the second ask

        // A change on the server: only its location comes again, patched into the rest.
        locations.clear();
        test::writeFile(data + QStringLiteral("/user7@example.com/tools/mine/TOOL.md"), test::toolMd("mine", 2));
        QVERIFY(finished.wait(10000));
        QCOMPARE(locations.size(), 1);
        QCOMPARE(locations.first().first().value<LocationScan>().user, QStringLiteral("user7@example.com"));
        QCOMPARE(catalog.catalog()->userLocation(QStringLiteral("user7@example.com"))->tools.first().manifest.version, 2);
        QCOMPARE(catalogJsonText(*catalog.catalog(), CatalogJson::DetailNoBody),
                 catalogJsonText(scanDataPath(data), CatalogJson::DetailNoBody));

        // The connection drops: the catalog stays; a reconnect brings it whole, with what changed
        // while nobody watched.
        const std::shared_ptr<const Catalog> before = catalog.catalog();
        ::kill(pid_t(test::readFile(pidFile).trimmed().toLongLong()), SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(session.state() != RemoteSession::State::Connected, 5000);
        QCOMPARE(catalog.catalog(), before);
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("added"), test::toolMd("added"));
        finished.clear();
        QVERIFY(finished.wait(10000));
        QCOMPARE(started.size(), 2);
        QCOMPARE(catalog.catalog()->global.tools.size(), 2);
        QCOMPARE(catalogJsonText(*catalog.catalog(), CatalogJson::DetailNoBody),
                 catalogJsonText(scanDataPath(data), CatalogJson::DetailNoBody));
    }

    // An older server (its banner says so: the real server behind one that speaks first) gets
    // the request it knows: 1.1 no stream, zlib, the catalog whole; 1.2 streamed, with the
    // bodies. Either way the catalog is the same, bodies and all.
    void anOlderServerSendsItWhole_data()
    {
        QTest::addColumn<int>("minor");
        QTest::newRow("1.1") << 1;
        QTest::newRow("1.2") << 2;
    }

    void anOlderServerSendsItWhole()
    {
        QFETCH(int, minor);
        const QString data = m_tmp.filePath(QStringLiteral("older%1").arg(minor));
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("greet"), test::toolMd("greet"));
        test::makeTool(data + QStringLiteral("/ada@example.com/tools"), QStringLiteral("mine"), test::toolMd("mine"));
        SshSettings ssh;
        ssh.program = test::fakeSsh(m_tmp.path());
        // (The session appends --data PATH to the command: the function takes it.)
        ssh.remoteCommand = QStringLiteral("older() { echo 'toolwright-serve 0.1.0 1.%1'; %2 serve --stdio \"$@\" | sed -u 1d; }; older").arg(QString::number(minor), TW_BINARY);
        RemoteSession session(RemoteTarget{{}, QStringLiteral("fake"), 0, data}, ssh);
        RemoteCatalog catalog(&session);
        QSignalSpy locations(&catalog, &CatalogSource::locationScanned);
        QSignalSpy finished(&catalog, &CatalogSource::scanFinished);
        session.open();
        QVERIFY(finished.wait(10000));
        QCOMPARE(session.connection()->serverBanner().minor, minor);
        QCOMPARE(locations.size(), 2);
        QCOMPARE(catalogJsonText(*catalog.catalog(), CatalogJson::Detail),
                 catalogJsonText(scanDataPath(data), CatalogJson::Detail));
    }

    // A streamed list whose reply counts more locations than came, or with one that does not
    // decode: a failed list, said, never a catalog with a location missing.
    void anIncompleteStreamIsRefused_data()
    {
        QTest::addColumn<QByteArray>("notification");
        QTest::addColumn<QString>("error");
        QTest::newRow("one missing") << QByteArray() << QStringLiteral("the server's catalog came incomplete: 0 of 1 locations");
        QTest::newRow("not unpackable")
            << QByteArray(R"({"jsonrpc":"2.0","method":"catalog.location","params":{"stream":STREAM,"scope":"global","location":{"zstd":"AAAA"}}})")
            << QStringLiteral("a location of the server's catalog could not be read (not JSON, or not unpackable)");
    }

    void anIncompleteStreamIsRefused()
    {
        QFETCH(QByteArray, notification);
        QFETCH(QString, error);
        SshSettings ssh;
        ssh.program = test::fakeSsh(m_tmp.path());
        const QString server = m_tmp.filePath(QStringLiteral("incomplete.sh"));
        // It answers catalog.list (with its stream's number) and nothing else.
        test::writeFile(server, "echo 'toolwright-serve 0.1.0 1.2'\n"
                                "read line; echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"1.2\"}}'\n"
                                "while read line; do case \"$line\" in *catalog.list*)"
                                " id=$(echo \"$line\" | sed 's/.*\"id\":\\([0-9]*\\).*/\\1/');"
                                " stream=$(echo \"$line\" | sed 's/.*\"stream\":\\([0-9]*\\).*/\\1/');"
                                " echo '" + notification + "' | sed \"s/STREAM/$stream/\";"
                                " echo \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":$id,\\\"result\\\":{\\\"data_path\\\":\\\"/d\\\",\\\"locations\\\":1}}\";;"
                                " esac; done\n");
        ssh.remoteCommand = QStringLiteral("sh ") + server;
        RemoteSession session(RemoteTarget{{}, QStringLiteral("fake"), 0, {}}, ssh);
        RemoteCatalog catalog(&session);
        QSignalSpy failed(&catalog, &RemoteCatalog::listFailed);
        QSignalSpy finished(&catalog, &CatalogSource::scanFinished);
        session.open();
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().first().toString(), error);
        QVERIFY(!catalog.isScanning());
        QVERIFY(!catalog.catalog());
        QCOMPARE(finished.size(), 0);
    }

    // A catalog.list the server refuses: said, and the source is not left "scanning".
    void aRefusedListIsReported()
    {
        SshSettings ssh;
        ssh.program = test::fakeSsh(m_tmp.path());
        // A server that answers initialize and then refuses everything else.
        const QString server = m_tmp.filePath(QStringLiteral("refuses.sh"));
        test::writeFile(server, "echo 'toolwright-serve 0.1.0 1.1'\n"
                                "read line; echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"1.1\"}}'\n"
                                "while read line; do id=$(echo \"$line\" | sed 's/.*\"id\":\\([0-9]*\\).*/\\1/');"
                                " echo \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":$id,\\\"error\\\":{\\\"code\\\":-32007,\\\"message\\\":\\\"DATA_PATH is not readable\\\"}}\"; done\n");
        ssh.remoteCommand = QStringLiteral("sh ") + server;
        RemoteSession session(RemoteTarget{{}, QStringLiteral("fake"), 0, {}}, ssh);
        RemoteCatalog catalog(&session);
        QSignalSpy failed(&catalog, &RemoteCatalog::listFailed);
        session.open();
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().first().toString(), QStringLiteral("DATA_PATH is not readable"));
        QVERIFY(!catalog.isScanning());
        QVERIFY(!catalog.catalog());
    }
};

QTEST_GUILESS_MAIN(TestRemoteCatalog)
#include "tst_remotecatalog.moc"
