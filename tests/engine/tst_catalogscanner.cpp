// The asynchronous scanner: locations arrive one by one, then the catalog; file changes on
// disk trigger a rescan that re-reads only what changed.

#include "catalog/catalogjson.h"
#include "catalog/catalogscanner.h"
#include "catalog/locationscanner.h"
#include "fixture.h"

#include <QRegularExpression>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::toolMd;
using tw::test::writeFile;

class TestCatalogScanner final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void reportsLocationsThenCatalog()
    {
        CatalogScanner scanner;
        QSignalSpy locations(&scanner, &CatalogScanner::locationScanned);
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        QStringList order;
        connect(&scanner, &CatalogScanner::locationScanned, this, [&](const LocationScan &loc) {
            QVERIFY(QThread::currentThread() == thread()); // delivered on the GUI thread
            QVERIFY(finished.isEmpty());                   // before the catalog
            order.append(loc.scope == Scope::Global ? QStringLiteral("global") : loc.user);
        });
        scanner.setDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        QVERIFY(scanner.isScanning());
        QVERIFY(finished.wait(10000));
        QCOMPARE(order, (QStringList{QStringLiteral("global"), QStringLiteral("alice@example.com"),
                                     QStringLiteral("bob@example.com"), QStringLiteral("carol@example.com")}));
        QCOMPARE(locations.size(), 4);
        QVERIFY(scanner.catalog());
        QCOMPARE(scanner.catalog()->toolCount(), 7);
    }

    void watchesForChanges()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("a"), toolMd("a", 1));
        CatalogScanner scanner;
        scanner.setRescanDelay(50);
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        scanner.setDataPath(data);
        QVERIFY(finished.wait(10000));
        QCOMPARE(scanner.catalog()->global.tools.first().manifest.version, 1);

        // An edit in place of TOOL.md, as many bytes, at once: the cache's stamps still see it.
        writeFile(data + QStringLiteral("/tools/a/TOOL.md"), toolMd("a", 2));
        QTRY_VERIFY_WITH_TIMEOUT(scanner.catalog()->global.tools.first().manifest.version == 2, 10000);

        // A new user with a new tool.
        makeTool(data + QStringLiteral("/u@x/tools"), QStringLiteral("b"), toolMd("b", 1));
        QTRY_VERIFY_WITH_TIMEOUT(scanner.catalog()->users.size() == 1 && scanner.catalog()->users[0].tools.size() == 1,
                                 10000);

        // A removed tool.
        QDir(data + QStringLiteral("/tools/a")).removeRecursively();
        QTRY_VERIFY_WITH_TIMEOUT(scanner.catalog()->global.tools.isEmpty(), 10000);
    }

    // Issue 25: a change inside a tools directory (a tool's files, a tool added or removed)
    // rescans that location alone, at once — not after the debounce of a walk of the whole
    // DATA_PATH, long here — and every other location is the very one of the last catalog.
    void aChangeInALocationRescansOnlyThatLocation()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("a"), toolMd("a", 1));
        makeTool(data + QStringLiteral("/u1@x/tools"), QStringLiteral("b"), toolMd("b", 1));
        makeTool(data + QStringLiteral("/u2@x/tools"), QStringLiteral("c"), toolMd("c", 1));
        CatalogScanner scanner;
        scanner.setRescanDelay(600000);
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        scanner.setDataPath(data);
        QVERIFY(finished.wait(10000));
        const std::shared_ptr<const Catalog> before = scanner.catalog();
        QStringList scanned;
        connect(&scanner, &CatalogScanner::locationScanned, this, [&](const LocationScan &loc) {
            scanned.append(loc.scope == Scope::Global ? QStringLiteral("global") : loc.user);
        });

        writeFile(data + QStringLiteral("/u1@x/tools/b/TOOL.md"), toolMd("b", 2));
        QTRY_VERIFY_WITH_TIMEOUT(scanner.catalog()->userLocation(QStringLiteral("u1@x"))->tools.first().manifest.version == 2,
                                 5000);
        QTRY_VERIFY(!scanner.isScanning());
        QCOMPARE(scanned, QStringList{QStringLiteral("u1@x")});
        const std::shared_ptr<const Catalog> after = scanner.catalog();
        QCOMPARE(after->global.tools.constData(), before->global.tools.constData());
        QCOMPARE(after->userLocation(QStringLiteral("u2@x"))->tools.constData(),
                 before->userLocation(QStringLiteral("u2@x"))->tools.constData());
        QCOMPARE(after->userLocation(QStringLiteral("u1@x"))->filesRead, 2); // that tool alone: its TOOL.md and entry

        // A tool added to the global tools, one removed from a user's.
        scanned.clear();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("d"), toolMd("d", 1));
        QDir(data + QStringLiteral("/u2@x/tools/c")).removeRecursively();
        QTRY_VERIFY_WITH_TIMEOUT(scanner.catalog()->global.tools.size() == 2
                                     && scanner.catalog()->userLocation(QStringLiteral("u2@x"))->tools.isEmpty(),
                                 5000);
        QTRY_VERIFY(!scanner.isScanning());
        scanned.sort();
        scanned.removeDuplicates();
        QCOMPARE(scanned, (QStringList{QStringLiteral("global"), QStringLiteral("u2@x")}));
        QCOMPARE(scanner.catalog()->users.size(), 2);
    }

    // A window's scanner keeps no bodies: every record says bodyElsewhere, in the cache too (a
    // rescan's records come from it), and the bodies asked for are read as a scan reads them,
    // put in as one change, and asked only once while on their way.
    void bodiesAreReadWhenAskedFor()
    {
        const QString data = QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"));
        const Catalog full = scanDataPath(data);
        CatalogScanner scanner;
        scanner.setKeepBodies(false);
        QSignalSpy locations(&scanner, &CatalogScanner::locationScanned);
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        scanner.setDataPath(data);
        QVERIFY(finished.wait(10000));
        const auto allWaiting = [](const Catalog &c) {
            bool all = true;
            for (const LocationScan *l : {&c.global, &c.users.at(0), &c.users.at(1), &c.users.at(2)})
                for (const ToolRecord &t : l->tools)
                    all = all && t.bodyElsewhere && t.body.isEmpty();
            return all;
        };
        QVERIFY(allWaiting(*scanner.catalog()));
        // Everything else as a scan with the bodies has it.
        QCOMPARE(catalogJsonText(*scanner.catalog(), CatalogJson::DetailNoBody), catalogJsonText(full, CatalogJson::DetailNoBody));

        const ToolRecord &global = full.global.tools.first();
        const ToolRecord &bobs = full.userLocation(QStringLiteral("bob@example.com"))->tools.first();
        QVERIFY(!global.body.isEmpty() && !bobs.body.isEmpty());
        locations.clear();
        finished.clear();
        scanner.requestBodies({global.dir, bobs.dir, QStringLiteral("/nowhere")});
        scanner.requestBodies({global.dir}); // on its way: not read twice
        QVERIFY(finished.wait(10000));
        QCOMPARE(locations.size(), 2);
        const ToolRecord &gotGlobal = scanner.catalog()->global.tools.first();
        const ToolRecord &gotBobs = scanner.catalog()->userLocation(QStringLiteral("bob@example.com"))->tools.first();
        for (const auto &[got, want] : {std::pair{&gotGlobal, &global}, std::pair{&gotBobs, &bobs}}) {
            QCOMPARE(got->dir, want->dir);
            QVERIFY(!got->bodyElsewhere);
            QCOMPARE(got->body, want->body);
            QCOMPARE(got->bodyLine, want->bodyLine);
        }
        QVERIFY(!finished.wait(300)); // the second ask changed nothing

        // A rescan (from the cache) brings the records without their bodies again.
        finished.clear();
        scanner.rescan();
        QVERIFY(finished.wait(10000));
        QVERIFY(allWaiting(*scanner.catalog()));
    }

    // Issue 25: a window's catalog holds no inputs either (a third of its memory at 101,000
    // tools). Its records are the full scan's without body and inputs (withoutDetails); the body
    // request brings the inputs too; withDetails reads one tool whole, as the run form and the
    // override comparison need it — with what its location says of it (a name used twice) — and
    // leaves alone a record that does not load any more or whose inputs are not elsewhere (a
    // server's: nothing is read from this machine's disk for it).
    void aWindowsCatalogHoldsNoInputs()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/datapath");
        QVERIFY(QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-r"), QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data}) == 0);
        const Catalog full = scanDataPath(data);
        CatalogScanner scanner;
        scanner.setKeepBodies(false);
        scanner.setKeepInputs(false);
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        scanner.setDataPath(data);
        QVERIFY(finished.wait(10000));
        const Catalog &window = *scanner.catalog();
        int withInputs = 0;
        for (const auto &[got, want] : {std::pair{&window.global, &full.global}, std::pair{&window.users[0], &full.users[0]},
                                        std::pair{&window.users[1], &full.users[1]}}) {
            QCOMPARE(got->tools.size(), want->tools.size());
            for (qsizetype i = 0; i < got->tools.size(); ++i) {
                const ToolRecord &t = got->tools[i];
                QVERIFY(t.inputsElsewhere && t.manifest.inputs.isEmpty());
                QCOMPARE(t, withoutDetails(want->tools[i]));
                QCOMPARE(withDetails(t), want->tools[i]); // read whole, duplicates marked as their location has them
                withInputs += !want->tools[i].manifest.inputs.isEmpty();
            }
        }
        QVERIFY(withInputs >= 2);
        QVERIFY(!full.users[1].tools.first().shadowedBy.isEmpty()); // bob's dup_a: checked above with its marks

        const ToolRecord &weather = full.global.tools[1];
        QCOMPARE(weather.manifest.inputs.size(), 3);
        finished.clear();
        scanner.requestBodies({weather.dir});
        QVERIFY(finished.wait(10000));
        const ToolRecord &got = scanner.catalog()->global.tools[1];
        QVERIFY(!got.inputsElsewhere && !got.bodyElsewhere);
        QCOMPARE(got, weather);

        // Gone from disk: left as it was (nothing may run it). A server's record: as it is.
        const ToolRecord greet = window.global.tools[0];
        QVERIFY(QDir(greet.dir).removeRecursively());
        QCOMPARE(withDetails(greet), greet);
        QVERIFY(withDetails(greet).inputsElsewhere);
        ToolRecord remote = weather;
        remote.dir = QStringLiteral("/srv/platform/tools/weather");
        remote.body.clear();
        remote.bodyElsewhere = true;
        QCOMPARE(withDetails(remote), remote);
    }

    // An edit that lands after the scan read the tool but before the scan is over: the watch was
    // set before the read, so the edit is seen (a watch set at the scan's end missed it).
    void aChangeDuringTheScanIsSeen()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("a"), toolMd("a", 1));
        for (int u = 0; u < 600; ++u)
            for (int t = 0; t < 4; ++t)
                makeTool(data + QStringLiteral("/user%1@x/tools").arg(u), QStringLiteral("t%1").arg(t), toolMd("t"));
        CatalogScanner scanner;
        scanner.setRescanDelay(50);
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        bool edited = false;
        connect(&scanner, &CatalogScanner::locationScanned, this, [&](const LocationScan &loc) {
            if (loc.scope != Scope::Global || edited)
                return;
            edited = true; // the users' 2,400 tools are still being read
            writeFile(data + QStringLiteral("/tools/a/TOOL.md"), toolMd("a", 2));
        });
        scanner.setDataPath(data);
        QVERIFY(finished.wait(20000));
        QVERIFY(edited);
        QTRY_VERIFY_WITH_TIMEOUT(scanner.catalog()->global.tools.first().manifest.version == 2, 10000);
    }

    void rescanWhileScanningRunsOnceMore()
    {
        CatalogScanner scanner;
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        scanner.setDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        scanner.rescan();
        scanner.rescan();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);
        // The two requests during the scan collapsed into one: a third would have started as
        // the second finished (CatalogScanner::onScanDone starts a pending one at once).
        QVERIFY(!scanner.isScanning());
        QCOMPARE(finished.size(), 2);
    }

    void scansWithTheGlobalPoolBusy()
    {
        // The scan has threads of its own: Qt's raster engine waits on the global pool while
        // painting, so a scan there froze the window (and deadlocked it with one thread).
        QThreadPool *global = QThreadPool::globalInstance();
        const int before = global->maxThreadCount();
        global->setMaxThreadCount(1);
        QSemaphore release;
        global->start([&] { release.acquire(); }); // holds the only global thread
        CatalogScanner scanner;
        QSignalSpy finished(&scanner, &CatalogScanner::scanFinished);
        scanner.setDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        const bool done = finished.wait(10000);
        release.release();
        global->waitForDone();
        global->setMaxThreadCount(before);
        QVERIFY(done);
        QCOMPARE(scanner.catalog()->toolCount(), 7);
    }

    // Deleted while its worker is inside a tool directory: the destructor waits for the worker
    // (it uses the scanner's cache and watcher), and the reports the worker posted meanwhile
    // reach no one — no crash, no "dead object" warning.
    void destroyedWhileScanning()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
        QTemporaryDir tmp;
        makeTool(tmp.path() + QStringLiteral("/tools"), QStringLiteral("a"), toolMd("a"));
        // The scan is held inside the user's tool until this test lets it (the scanner's hook
        // for tests; a named pipe as TOOL.md did it until the scan refused pipes unopened).
        makeTool(tmp.path() + QStringLiteral("/u@x/tools"), QStringLiteral("held"), toolMd("held"));
        std::mutex mutex;
        std::condition_variable released;
        bool release = false;
        toolDirScanHookForTests() = [&](const QString &dir) {
            if (!dir.endsWith(QLatin1StringView("/held")))
                return;
            std::unique_lock lock(mutex);
            released.wait(lock, [&] { return release; });
        };
        const auto unhook = qScopeGuard([&] {
            {
                std::lock_guard lock(mutex);
                release = true;
            }
            released.notify_all();
            toolDirScanHookForTests() = {};
        });

        auto *scanner = new CatalogScanner;
        QSignalSpy locations(scanner, &CatalogScanner::locationScanned);
        QSignalSpy finished(scanner, &CatalogScanner::scanFinished);
        scanner->setDataPath(tmp.path());
        QVERIFY(locations.wait(10000)); // the global location; the user's cannot be done yet
        QVERIFY(scanner->isScanning());
        QVERIFY(finished.isEmpty());

        std::atomic<bool> releasing = false;
        std::thread writer([&] {
            // Lets the destructor start waiting first: nothing can be waited on for that, it is
            // a grace period. A destructor that did not wait returns well within it.
            QThread::msleep(200);
            releasing = true;
            {
                std::lock_guard lock(mutex);
                release = true; // the worker goes on
            }
            released.notify_all();
        });
        delete scanner;
        const bool waitedForTheWorker = releasing;
        writer.join();
        QVERIFY2(waitedForTheWorker, "the destructor returned while the worker was still in the scan");
        QCoreApplication::sendPostedEvents(); // the user location's report, posted meanwhile
        QCOMPARE(locations.size(), 1);
        QVERIFY(finished.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCatalogScanner)
#include "tst_catalogscanner.moc"
