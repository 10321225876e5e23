// Discovery of one location: skip reasons, entry choice, symlink containment, duplicates,
// byte-wise order, bundle checks, the parse cache.

#include "catalog/locationscanner.h"
#include "catalog/scancache.h"
#include "fixture.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QtConcurrentRun>

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::toolMd;
using tw::test::writeFile;

namespace {

QStringList dirNames(const LocationScan &scan)
{
    QStringList names;
    for (const ToolRecord &t : scan.tools)
        names.append(t.dirName);
    return names;
}

const SkippedDir *skippedNamed(const LocationScan &scan, const QString &name)
{
    for (const SkippedDir &s : scan.skipped)
        if (s.dirName == name)
            return &s;
    return nullptr;
}

bool hasCode(const Diagnostics &ds, const char *code)
{
    return std::any_of(ds.cbegin(), ds.cend(), [&](const Diagnostic &d) { return d.code == QLatin1StringView(code); });
}

} // namespace

class TestLocationScanner final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void missingLocation()
    {
        const LocationScan scan = scanLocation(QStringLiteral("/nonexistent/tools"), Scope::Global, QString());
        QVERIFY(!scan.exists);
        QVERIFY(scan.tools.isEmpty());
    }

    void skipReasons()
    {
        QTemporaryDir tmp;
        const QString root = tmp.path();
        writeFile(root + QStringLiteral("/only_md/TOOL.md"), toolMd("only_md"));
        writeFile(root + QStringLiteral("/only_entry/index.ts"), tw::test::kGoodEntry);
        QDir().mkpath(root + QStringLiteral("/empty"));
        writeFile(root + QStringLiteral("/wrong_entry/TOOL.md"), toolMd("wrong_entry"));
        writeFile(root + QStringLiteral("/wrong_entry/main.ts"), tw::test::kGoodEntry);
        makeTool(root, QStringLiteral("no_fm"), "# No frontmatter\n");
        makeTool(root, QStringLiteral("big"), toolMd("big") + QByteArray(2 * 1024 * 1024, 'x'));
        makeTool(root, QStringLiteral("latin1"), "---\nname: l\ndescription: caf\xE9\n---\n");
        writeFile(root + QStringLiteral("/a_file.txt"), "not a directory");

        const LocationScan scan = scanLocation(root, Scope::Global, QString());
        QVERIFY(scan.exists);
        QVERIFY(scan.tools.isEmpty());
        QCOMPARE(scan.skipped.size(), 7); // the plain file is no candidate
        QCOMPARE(skippedNamed(scan, QStringLiteral("only_md"))->reason, QStringLiteral("missing-entry"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("only_entry"))->reason, QStringLiteral("missing-tool-md"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("empty"))->reason, QStringLiteral("missing-tool-md"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("empty"))->diagnostics.size(), 2);
        QCOMPARE(skippedNamed(scan, QStringLiteral("wrong_entry"))->reason, QStringLiteral("missing-entry"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("no_fm"))->reason, QStringLiteral("frontmatter-missing"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("big"))->reason, QStringLiteral("file-too-large"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("latin1"))->reason, QStringLiteral("not-utf8"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("no_fm"))->files,
                 (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("index.ts")}));
    }

    void aFifoIsRefusedNotWaitedOn()
    {
        // A named pipe is something a user can put in a tools folder: the scan refuses it and
        // goes on (a blocking open waited for a writer for ever; the hostile review of issue 39).
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("fifo_entry"), toolMd("fifo_entry"));
        QVERIFY(QFile::remove(tmp.filePath(QStringLiteral("fifo_entry/index.ts"))));
        QCOMPARE(::mkfifo(QFile::encodeName(tmp.filePath(QStringLiteral("fifo_entry/index.ts"))).constData(), 0644), 0);
        writeFile(tmp.filePath(QStringLiteral("fifo_md/index.ts")), tw::test::kGoodEntry);
        QCOMPARE(::mkfifo(QFile::encodeName(tmp.filePath(QStringLiteral("fifo_md/TOOL.md"))).constData(), 0644), 0);
        makeTool(tmp.path(), QStringLiteral("plain"), toolMd("plain"));
        QFuture<LocationScan> scan = QtConcurrent::run([root = tmp.path()] { return scanLocation(root, Scope::Global, QString()); });
        const bool finished = [&] {
            QElapsedTimer t;
            t.start();
            while (!scan.isFinished() && t.elapsed() < 20000)
                QThread::msleep(10);
            return scan.isFinished();
        }();
        // Let a scan that waits on a pipe go (each time it opens one), so that the suite ends and
        // says why.
        for (int i = 0; !finished && i < 200 && !scan.isFinished(); ++i) {
            for (const char *fifo : {"fifo_entry/index.ts", "fifo_md/TOOL.md"}) {
                const int fd = ::open(QFile::encodeName(tmp.filePath(QLatin1StringView(fifo))).constData(), O_WRONLY | O_NONBLOCK);
                if (fd >= 0)
                    ::close(fd);
            }
            QThread::msleep(25);
        }
        scan.waitForFinished();
        QVERIFY2(finished, "the scan waited on a named pipe");
        const LocationScan s = scan.result();
        QCOMPARE(skippedNamed(s, QStringLiteral("fifo_md"))->reason, QStringLiteral("read-failed"));
        QVERIFY(std::any_of(s.tools.cbegin(), s.tools.cend(), [](const ToolRecord &t) { return t.manifest.name == u"plain"; }));
    }

    void entryChoice()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("both"), toolMd("both"));
        writeFile(tmp.path() + QStringLiteral("/both/index.js"), "module.exports = {};\n");
        makeTool(tmp.path(), QStringLiteral("js"), toolMd("js"), tw::test::kGoodEntry, QStringLiteral("index.js"));
        const LocationScan scan = scanLocation(tmp.path(), Scope::Global, QString());
        QCOMPARE(scan.tools.size(), 2);
        QCOMPARE(scan.tools[0].entryName(), QStringLiteral("index.ts")); // index.ts wins
        QVERIFY(scan.tools[0].diagnostics.isEmpty());                   // index.js is not checked
        QCOMPARE(scan.tools[1].entryName(), QStringLiteral("index.js"));
    }

    void identityIsTheFrontmatterName()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("some-folder"), toolMd("real_name"));
        const LocationScan scan = scanLocation(tmp.path(), Scope::User, QStringLiteral("u@x"));
        QCOMPARE(scan.tools.size(), 1);
        QCOMPARE(scan.tools[0].manifest.name, QStringLiteral("real_name"));
        QCOMPARE(scan.tools[0].dirName, QStringLiteral("some-folder"));
        QCOMPARE(scan.tools[0].user, QStringLiteral("u@x"));
        QCOMPARE(scan.tools[0].scope, Scope::User);
    }

    void byteWiseOrder()
    {
        QTemporaryDir tmp;
        for (const char *d : {"b", "a", "B", "_x", "\xC3\xA9t\xC3\xA9", "a1"})
            makeTool(tmp.path(), QString::fromUtf8(d), toolMd(QByteArray("t") + QByteArray::number(qHash(QByteArray(d)) % 1000)));
        const LocationScan scan = scanLocation(tmp.path(), Scope::Global, QString());
        QCOMPARE(dirNames(scan), (QStringList{QStringLiteral("B"), QStringLiteral("_x"), QStringLiteral("a"),
                                              QStringLiteral("a1"), QStringLiteral("b"), QString::fromUtf8("\xC3\xA9t\xC3\xA9")}));
    }

    void duplicatesInOneLocation()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("dup_b"), toolMd("dup", 5));
        makeTool(tmp.path(), QStringLiteral("dup_a"), toolMd("dup", 9));
        makeTool(tmp.path(), QStringLiteral("other"), toolMd("other"));
        const LocationScan scan = scanLocation(tmp.path(), Scope::Global, QString());
        QCOMPARE(dirNames(scan), (QStringList{QStringLiteral("dup_a"), QStringLiteral("dup_b"), QStringLiteral("other")}));
        // The later directory wins, whatever the versions; both are warned.
        QCOMPARE(scan.tools[0].shadowedBy, scan.tools[1].dir);
        QVERIFY(scan.tools[1].shadowedBy.isEmpty());
        QVERIFY(hasCode(scan.tools[0].diagnostics, "duplicate-name"));
        QVERIFY(hasCode(scan.tools[1].diagnostics, "duplicate-name"));
        QVERIFY(!hasCode(scan.tools[2].diagnostics, "duplicate-name"));
    }

    void symlinks()
    {
        QTemporaryDir tmp;
        const QString root = tmp.path() + QStringLiteral("/tools");
        const QString outside = tmp.path() + QStringLiteral("/outside");
        makeTool(outside, QStringLiteral("evil"), toolMd("evil"));
        writeFile(outside + QStringLiteral("/secret.md"), toolMd("leak"));
        makeTool(root, QStringLiteral("real"), toolMd("real"));
        QVERIFY(QFile::link(outside + QStringLiteral("/evil"), root + QStringLiteral("/escape")));
        QVERIFY(QFile::link(root + QStringLiteral("/real"), root + QStringLiteral("/alias")));
        QVERIFY(QFile::link(tmp.path() + QStringLiteral("/nowhere"), root + QStringLiteral("/dangling")));
        QVERIFY(QFile::link(root, root + QStringLiteral("/loop")));
        QDir().mkpath(root + QStringLiteral("/md_escape"));
        QVERIFY(QFile::link(outside + QStringLiteral("/secret.md"), root + QStringLiteral("/md_escape/TOOL.md")));
        writeFile(root + QStringLiteral("/md_escape/index.ts"), tw::test::kGoodEntry);

        const LocationScan scan = scanLocation(root, Scope::Global, QString());
        // A symlink inside the location is followed (and then duplicates `real`).
        QCOMPARE(dirNames(scan), (QStringList{QStringLiteral("alias"), QStringLiteral("real")}));
        QCOMPARE(skippedNamed(scan, QStringLiteral("escape"))->reason, QStringLiteral("path-escape"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("dangling"))->reason, QStringLiteral("path-escape"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("loop"))->reason, QStringLiteral("path-escape"));
        QCOMPARE(skippedNamed(scan, QStringLiteral("md_escape"))->reason, QStringLiteral("path-escape"));
    }

    void bundleChecks()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("t"), toolMd("t"));
        for (const char *f : {"package.json", "tsconfig.json", ".env", "server.pem", "credentials.json", ".env.example",
                              "TOOL.md.Ab12cD", "TOOL.md.bak", "index.ts.x"})
            writeFile(tmp.path() + QStringLiteral("/t/") + QLatin1StringView(f), "{}");
        QDir().mkpath(tmp.path() + QStringLiteral("/t/node_modules"));
        QDir().mkpath(tmp.path() + QStringLiteral("/t/tests"));
        QDir().mkpath(tmp.path() + QStringLiteral("/t/bin"));
        const LocationScan scan = scanLocation(tmp.path(), Scope::Global, QString());
        QCOMPARE(scan.tools.size(), 1);
        int unnecessary = 0, secrets = 0;
        for (const Diagnostic &d : scan.tools[0].diagnostics) {
            if (d.code == u"unnecessary-file") {
                ++unnecessary;
                QCOMPARE(d.severity, Severity::Info);
            }
            if (d.code == u"secret-file-bundled") {
                ++secrets;
                QCOMPARE(d.severity, Severity::Warning);
            }
        }
        // package.json, tsconfig.json, node_modules/, tests/, and TOOL.md.Ab12cD: the temporary
        // file of an interrupted save (not TOOL.md.bak or index.ts.x).
        QCOMPARE(unnecessary, 5);
        QCOMPARE(secrets, 3);     // .env, server.pem, credentials.json — not .env.example
        QVERIFY(scan.tools[0].files.contains(QStringLiteral("bin/")));
    }

    void inputsAgainstTheEntry()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("t"),
                 toolMd("t", 1, "inputs:\n  used:\n    type: string\n    description: u\n  unused:\n    type: string\n"
                                "    description: v\n"),
                 "export async function execute(id, params) {\n  try {\n    return ok(params.used + params.extra);\n"
                 "  } catch (e) {\n    return err(e);\n  }\n}\n");
        const LocationScan scan = scanLocation(tmp.path(), Scope::Global, QString());
        const Diagnostics &ds = scan.tools[0].diagnostics;
        QCOMPARE(ds.size(), 2);
        QCOMPARE(ds[0].code, QStringLiteral("inputs-unused"));
        QCOMPARE(ds[0].line, 9);
        QVERIFY(ds[0].file.endsWith(QStringLiteral("TOOL.md")));
        QCOMPARE(ds[1].code, QStringLiteral("param-undeclared"));
        QCOMPARE(ds[1].line, 3);
        QVERIFY(ds[1].file.endsWith(QStringLiteral("index.ts")));
    }

    // The cache is judged by the files a scan reads: a cache that re-read everything would give
    // the very same records.
    void cacheRereadsOnlyChangedTools()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("a"), toolMd("a", 1));
        makeTool(tmp.path(), QStringLiteral("b"), toolMd("b", 1));
        tw::test::waitUntilFilesSettled(tmp.path());
        ScanCache cache;
        const LocationScan first = scanLocation(tmp.path(), Scope::Global, QString(), &cache);
        QCOMPARE(first.filesRead, 4); // TOOL.md and index.ts of each
        QCOMPARE(cache.size(), 2);
        const LocationScan unchanged = scanLocation(tmp.path(), Scope::Global, QString(), &cache);
        QCOMPARE(unchanged.filesRead, 0);
        QCOMPARE(unchanged.tools, first.tools);

        // Same size, no sleep: only the stamps' ctime tells the new bytes from the old.
        writeFile(tmp.path() + QStringLiteral("/a/TOOL.md"), toolMd("a", 2));
        const LocationScan second = scanLocation(tmp.path(), Scope::Global, QString(), &cache);
        QCOMPARE(second.filesRead, 2);
        QCOMPARE(second.tools[0].manifest.version, 2);
        QCOMPARE(second.tools[1], first.tools[1]);

        QDir(tmp.path() + QStringLiteral("/b")).removeRecursively();
        tw::test::waitUntilFilesSettled(tmp.path());
        const LocationScan third = scanLocation(tmp.path(), Scope::Global, QString(), &cache);
        QCOMPARE(dirNames(third), QStringList{QStringLiteral("a")});
        QCOMPARE(third.tools[0].manifest.version, 2);
        const LocationScan fourth = scanLocation(tmp.path(), Scope::Global, QString(), &cache);
        QCOMPARE(fourth.filesRead, 0);

        // Without a cache every registered tool is read whole, every time.
        QCOMPARE(scanLocation(tmp.path(), Scope::Global, QString()).filesRead, 2);
    }

    // "Never overwrites silently" for the scan: a rewrite with as many bytes that puts the old
    // mtime back (rsync -t, cp -p and tar do) keeps mtime, size and inode.
    void cacheSeesSameSizeRewriteWithTheOldMtime()
    {
        QTemporaryDir tmp;
        makeTool(tmp.path(), QStringLiteral("a"), toolMd("a", 1));
        tw::test::waitUntilFilesSettled(tmp.path());
        ScanCache cache;
        QCOMPARE(scanLocation(tmp.path(), Scope::Global, QString(), &cache).tools[0].manifest.version, 1);
        const QString path = tmp.path() + QStringLiteral("/a/TOOL.md");
        const QByteArray encoded = QFile::encodeName(path);
        struct stat before {};
        QCOMPARE(::stat(encoded.constData(), &before), 0);
        writeFile(path, toolMd("a", 7)); // in place: the same inode
        const timespec times[2] = {before.st_atim, before.st_mtim};
        QCOMPARE(::utimensat(AT_FDCWD, encoded.constData(), times, 0), 0);
        struct stat after {};
        QCOMPARE(::stat(encoded.constData(), &after), 0);
        QCOMPARE(after.st_size, before.st_size);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
        QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);

        const LocationScan scan = scanLocation(tmp.path(), Scope::Global, QString(), &cache);
        QCOMPARE(scan.filesRead, 2);
        QCOMPARE(scan.tools[0].manifest.version, 7);
    }
};

QTEST_GUILESS_MAIN(TestLocationScanner)
#include "tst_locationscanner.moc"
