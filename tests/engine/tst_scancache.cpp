// The scan cache's key and its invalidation: what changes a tool directory's stamps (and so
// makes the next scan read it again), what does not, and stamps taken in the tick of a change,
// which are never kept.

#include "catalog/locationscanner.h"
#include "catalog/scancache.h"
#include "fixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::toolMd;
using tw::test::writeFile;

class TestScanCache final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_dir;

    ToolDirScan scanOnce(ScanCache *cache)
    {
        return scanToolDir(m_dir, m_tmp.path(), Scope::Global, QString(), cache);
    }

private Q_SLOTS:
    void init()
    {
        m_dir = m_tmp.path() + QStringLiteral("/t");
        QDir(m_dir).removeRecursively();
        makeTool(m_tmp.path(), QStringLiteral("t"), toolMd("t", 1));
        tw::test::waitUntilFilesSettled(m_tmp.path());
    }

    void stampsCoverTheDirectoryAndTheFilesTheLoaderReads()
    {
        const ScanCache::Stamps s = ScanCache::stampsFor(m_dir);
        QCOMPARE(s.dir, stampOf(m_dir));
        QCOMPARE(s.toolMd, stampOf(m_dir + QStringLiteral("/TOOL.md")));
        QCOMPARE(s.indexTs, stampOf(m_dir + QStringLiteral("/index.ts")));
        QVERIFY(s.indexTs.exists);
        QVERIFY(!s.indexJs.exists);
        QVERIFY(s.takenAtNs > 0);
        QVERIFY(!s.racy());
        // The moment they were taken is not part of the key.
        ScanCache::Stamps later = s;
        later.takenAtNs += 1000000000;
        QCOMPARE(later, s);
    }

    void hitMissAndClear()
    {
        ScanCache cache;
        QVERIFY(!cache.find(m_dir, ScanCache::stampsFor(m_dir)));
        const ToolDirScan first = scanOnce(&cache);
        QVERIFY(first.tool);
        QCOMPARE(first.filesRead, 2);
        QCOMPARE(cache.size(), 1);
        const std::optional<ToolDirScan> hit = cache.find(m_dir, ScanCache::stampsFor(m_dir));
        QVERIFY(hit);
        QCOMPARE(*hit->tool, *first.tool);
        QCOMPARE(hit->filesRead, 0); // a hit reads nothing
        QCOMPARE(scanOnce(&cache).filesRead, 0);
        QVERIFY(!cache.find(m_tmp.path() + QStringLiteral("/other"), ScanCache::stampsFor(m_dir))); // per directory
        cache.clear();
        QCOMPARE(cache.size(), 0);
        QCOMPARE(scanOnce(&cache).filesRead, 2);
    }

    // Each change the loader would see invalidates the entry; the next scan reads the tool again.
    void invalidation_data()
    {
        QTest::addColumn<int>("change");
        QTest::addColumn<int>("filesRead"); // what the next scan reads
        QTest::newRow("TOOL.md rewritten, same size") << 0 << 2;
        QTest::newRow("index.ts rewritten, same size") << 1 << 2;
        QTest::newRow("TOOL.md replaced by rename") << 2 << 2;
        QTest::newRow("index.js added beside index.ts") << 3 << 2;
        QTest::newRow("index.ts removed") << 4 << 0; // skipped: missing-entry, nothing to read
        QTest::newRow("a file added to the directory") << 5 << 2;
        QTest::newRow("TOOL.md's mode changed") << 6 << -1; // read again (root) or skipped unread
    }
    void invalidation()
    {
        QFETCH(int, change);
        QFETCH(int, filesRead);
        ScanCache cache;
        QCOMPARE(scanOnce(&cache).filesRead, 2);
        QVERIFY(cache.find(m_dir, ScanCache::stampsFor(m_dir)));
        switch (change) {
        case 0: writeFile(m_dir + QStringLiteral("/TOOL.md"), toolMd("t", 2)); break;
        case 1: {
            QByteArray entry = tw::test::kGoodEntry;
            entry.replace("'ok'", "'OK'");
            writeFile(m_dir + QStringLiteral("/index.ts"), entry);
            break;
        }
        case 2:
            writeFile(m_dir + QStringLiteral("/TOOL.md.new"), toolMd("t", 1));
            QVERIFY(QFile::rename(m_dir + QStringLiteral("/TOOL.md"), m_dir + QStringLiteral("/TOOL.md.old")));
            QVERIFY(QFile::rename(m_dir + QStringLiteral("/TOOL.md.new"), m_dir + QStringLiteral("/TOOL.md")));
            QVERIFY(QFile::remove(m_dir + QStringLiteral("/TOOL.md.old")));
            break;
        case 3: writeFile(m_dir + QStringLiteral("/index.js"), "export async function execute() {}\n"); break;
        case 4: QVERIFY(QFile::remove(m_dir + QStringLiteral("/index.ts"))); break;
        case 5: writeFile(m_dir + QStringLiteral("/package.json"), "{}"); break;
        case 6: QVERIFY(QFile::setPermissions(m_dir + QStringLiteral("/TOOL.md"), QFileDevice::WriteOwner)); break;
        }
        QVERIFY(!cache.find(m_dir, ScanCache::stampsFor(m_dir)));
        const ToolDirScan second = scanOnce(&cache);
        if (filesRead >= 0)
            QCOMPARE(second.filesRead, filesRead);
        if (change == 5) // what the new file means reaches the record
            QVERIFY(std::any_of(second.tool->diagnostics.cbegin(), second.tool->diagnostics.cend(),
                                [](const Diagnostic &d) { return d.code == u"unnecessary-file"; }));
        if (change == 4)
            QCOMPARE(second.skipped->reason, QStringLiteral("missing-entry"));
    }

    // Files the loader does not read leave the entry alone: bin/ helpers, a README edited in place.
    void otherFilesKeepTheEntry()
    {
        writeFile(m_dir + QStringLiteral("/README.md"), "one");
        QDir().mkpath(m_dir + QStringLiteral("/bin"));
        writeFile(m_dir + QStringLiteral("/bin/run.sh"), "one");
        tw::test::waitUntilFilesSettled(m_tmp.path());
        ScanCache cache;
        QCOMPARE(scanOnce(&cache).filesRead, 2);
        writeFile(m_dir + QStringLiteral("/README.md"), "two"); // in place: the directory is unchanged
        writeFile(m_dir + QStringLiteral("/bin/run.sh"), "two");
        QCOMPARE(scanOnce(&cache).filesRead, 0);
    }

    // Stamps taken in the clock tick of a change are not kept: a second same-size change in that
    // tick would leave every field of them as it is. Proven with a stamp that is racy by
    // construction (the clock is read before the write), so it does not depend on timing.
    void racyStampsAreNotKept()
    {
        ScanCache cache;
        const ToolDirScan settled = scanOnce(&cache);
        QCOMPARE(cache.size(), 1);
        const qint64 before = fileClockNs();
        writeFile(m_dir + QStringLiteral("/TOOL.md"), toolMd("t", 2));
        ScanCache::Stamps racy = ScanCache::stampsFor(m_dir);
        racy.takenAtNs = before;
        QVERIFY(racy.racy());
        cache.store(m_dir, racy, settled);
        QCOMPARE(cache.size(), 0); // dropped, not kept under a key that may lie
        QVERIFY(!cache.find(m_dir, racy));

        // Once the clock has moved on, the same file's stamps are kept.
        tw::test::waitUntilFilesSettled(m_tmp.path());
        QCOMPARE(scanOnce(&cache).filesRead, 2);
        QCOMPARE(cache.size(), 1);
        QCOMPARE(scanOnce(&cache).filesRead, 0);
    }

    // Issue 25: once its location is scanned, an entry holds its stamps and where its record is
    // in that location's scan (which the catalog shares), not a copy. A scan from the cache is
    // the scan as read: the same tools and skipped directories, the names used twice marked
    // once (not once more per rescan), a changed tool read again.
    void aLocationsRecordsAreHeldOnceAndGivenBackAsRead()
    {
        const QString loc = m_tmp.path() + QStringLiteral("/loc");
        makeTool(loc, QStringLiteral("a"), toolMd("a"));
        makeTool(loc, QStringLiteral("b_dup"), toolMd("dup"));
        makeTool(loc, QStringLiteral("c_dup"), toolMd("dup"));
        writeFile(loc + QStringLiteral("/d_broken/TOOL.md"), "no frontmatter");
        writeFile(loc + QStringLiteral("/d_broken/index.ts"), tw::test::kGoodEntry);
        tw::test::waitUntilFilesSettled(m_tmp.path());
        const auto same = [](const LocationScan &x, const LocationScan &y) {
            return x.tools == y.tools && x.skipped == y.skipped && x.exists == y.exists;
        };
        const LocationScan uncached = scanLocation(loc, Scope::Global, QString());
        QCOMPARE(uncached.tools.size(), 3);
        QCOMPARE(uncached.skipped.size(), 1);
        QVERIFY(!uncached.tools[1].shadowedBy.isEmpty());

        ScanCache cache;
        const LocationScan first = scanLocation(loc, Scope::Global, QString(), &cache);
        QVERIFY(same(first, uncached));
        QCOMPARE(cache.size(), 4);
        QCOMPARE(cache.copiesHeld(), 0);
        for (int round = 0; round < 3; ++round) {
            const LocationScan again = scanLocation(loc, Scope::Global, QString(), &cache);
            QCOMPARE(again.filesRead, 0);
            QVERIFY(same(again, uncached));
            QCOMPARE(cache.copiesHeld(), 0);
        }

        writeFile(loc + QStringLiteral("/c_dup/TOOL.md"), toolMd("c"));
        tw::test::waitUntilFilesSettled(m_tmp.path());
        const LocationScan changed = scanLocation(loc, Scope::Global, QString(), &cache);
        QCOMPARE(changed.filesRead, 2);
        QVERIFY(same(changed, scanLocation(loc, Scope::Global, QString())));
        QVERIFY(changed.tools[1].shadowedBy.isEmpty()); // no longer a duplicate
        QVERIFY(same(scanLocation(loc, Scope::Global, QString(), &cache), changed));
    }

    // The scan's threads share one cache; scans of one location at once agree with it.
    void concurrentScans()
    {
        const QString many = m_tmp.path() + QStringLiteral("/many");
        for (int i = 0; i < 64; ++i)
            makeTool(many, QStringLiteral("t%1").arg(i), toolMd("t" + QByteArray::number(i)));
        tw::test::waitUntilFilesSettled(m_tmp.path());
        ScanCache cache;
        std::vector<std::thread> threads;
        std::atomic<int> tools = 0;
        for (int i = 0; i < 4; ++i)
            threads.emplace_back([&] { tools += int(scanLocation(many, Scope::Global, QString(), &cache).tools.size()); });
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(tools.load(), 4 * 64);
        QCOMPARE(cache.size(), 64);
        QCOMPARE(scanLocation(many, Scope::Global, QString(), &cache).filesRead, 0);
    }
};

QTEST_GUILESS_MAIN(TestScanCache)
#include "tst_scancache.moc"
