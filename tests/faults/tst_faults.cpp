// Fault injection against the real program: SIGKILL in the middle of saves and of a seed sync
// (stopped mid-write by tests/faults/pausewrite.c, then at random points), a full disk (a 256 KiB
// tmpfs), an unreadable directory (read as `nobody`), directories vanishing while a scan runs,
// symlink loops, 100,000 files in one tool, a 50 MB TOOL.md.
// What must hold: every tool on disk is its old or its new version, never a mix or a truncated
// file; bad input gets a clear diagnostic; nothing hangs or crashes.

#include "catalog/catalog.h"
#include "fixture.h"
#include "toolmd/toolmdreader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace tw::engine;

namespace {

using tw::test::readFile;
using tw::test::writeFile;

QByteArray toolMd(const char *name, int version, const QByteArray &body)
{
    return "---\nname: " + QByteArray(name) + "\ndescription: A tool for the fault tests.\nversion: "
           + QByteArray::number(version) + "\n---\n" + body;
}

// Every file below `dir` and a hash of its bytes: a tool's whole content, to compare versions.
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(QDir(dir).relativeFilePath(path), QCryptographicHash::hash(readFile(path), QCryptographicHash::Sha256));
    }
    return files;
}

struct Run
{
    int code = -1;
    QByteArray out, err;
    bool finished = false;
};

Run runTool(const QStringList &args, int timeoutMs = 120000, const QString &program = TW_BINARY)
{
    QProcess p;
    p.start(program, args);
    Run r;
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished)
        p.kill(), p.waitForFinished();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// Starts the program and SIGKILLs it after `delayMs` (it may have finished by then).
void killAfter(const QStringList &args, int delayUs)
{
    QProcess p;
    p.start(TW_BINARY, args);
    QVERIFY(p.waitForStarted());
    QThread::usleep(static_cast<unsigned long>(delayUs));
    p.kill();
    p.waitForFinished();
}

// Whether process `pid` is stopped (SIGSTOP): the state after the command name in /proc/PID/stat.
bool isStopped(qint64 pid)
{
    const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    return close > 0 && stat.size() > close + 2 && (stat[close + 2] == 'T' || stat[close + 2] == 't');
}

// Starts the program with tests/faults/pausewrite.c preloaded: it writes half of its first write
// into a file under `under`, then stops itself. Once it has stopped, it is SIGKILLed there: a
// kill in the middle of a write, every time. `report` gets the shim's line ("tw-pause: write
// stopped after 450000 of 900000 bytes to …").
void killMidWrite(const QStringList &args, const QString &under, QByteArray *report)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral(TW_PAUSE_WRITE));
    env.insert(QStringLiteral("TW_PAUSE_UNDER"), under);
    // An AddressSanitizer build wants its runtime first among the loaded libraries; it is fine after the shim.
    env.insert(QStringLiteral("ASAN_OPTIONS"), env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":verify_asan_link_order=0"));
    p.setProcessEnvironment(env);
    p.start(TW_BINARY, args);
    QVERIFY(p.waitForStarted());
    const qint64 pid = p.processId();
    QTRY_VERIFY_WITH_TIMEOUT(isStopped(pid) || p.state() == QProcess::NotRunning, 60000);
    const bool stopped = p.state() != QProcess::NotRunning;
    p.kill();
    p.waitForFinished();
    *report = p.readAllStandardError();
    QVERIFY2(stopped, QByteArray("the program never wrote under the watched path: " + *report).constData());
    QVERIFY2(report->contains("tw-pause: ") && report->contains(" stopped after "), report->constData());
}

} // namespace

class TestFaults final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // kill -9 during `toolwright bump`: TOOL.md is always whole, entirely the old or entirely
    // the new bytes. First in the middle of the write (the shim stops the program there), then
    // at random points of the whole run.
    void killDuringSaves()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/big_tool");
        const QString toolMdPath = dir + QStringLiteral("/TOOL.md");
        QByteArray body = "\n# Big\n\n";
        while (body.size() < 900 * 1024) // near the 1 MiB cap: the write takes a while
            body += "A line of the body that the save must keep byte for byte, every time.\n";
        writeFile(toolMdPath, toolMd("big_tool", 1, body));
        writeFile(dir + QStringLiteral("/index.js"), "export async function execute() { return { content: [] }; }\n");

        for (int i = 0; i < 3; ++i) {
            const QByteArray before = readFile(toolMdPath);
            QByteArray report;
            killMidWrite({QStringLiteral("bump"), dir}, dir + u'/', &report);
            QVERIFY2(report.contains("tw-pause: write stopped after "), report.constData());
            QVERIFY2(!report.contains("stopped after 0 of"), report.constData()); // some bytes were written
            QCOMPARE(readFile(toolMdPath), before); // the half-written file never became TOOL.md
        }

        QElapsedTimer t;
        t.start();
        QCOMPARE(runTool({QStringLiteral("bump"), dir}).code, 0);
        const int oneBumpUs = int(t.nsecsElapsed() / 1000);
        QRandomGenerator random(7);
        for (int i = 0; i < 60; ++i) {
            const QByteArray before = readFile(toolMdPath);
            const ToolMdParse old = parseToolMd(before, toolMdPath);
            QVERIFY(old.manifest);
            const int version = old.manifest->version;
            QByteArray bumped = before;
            bumped.replace(QByteArray("\nversion: " + QByteArray::number(version) + '\n'),
                           QByteArray("\nversion: " + QByteArray::number(version + 1) + '\n'));
            killAfter({QStringLiteral("bump"), dir}, int(random.bounded(quint32(oneBumpUs + 1))));
            const QByteArray now = readFile(toolMdPath);
            QVERIFY2(now == before || now == bumped,
                     qPrintable(QStringLiteral("TOOL.md is neither version %1 nor %2 after a kill (%3 bytes)")
                                    .arg(version).arg(version + 1).arg(now.size())));
        }
        // QSaveFile writes an unnamed O_TMPFILE where the kernel has it: a kill leaves nothing.
        const QStringList left = QDir(dir).entryList(QDir::Files | QDir::Hidden);
        QVERIFY(left.contains(QStringLiteral("TOOL.md")));
        // A save's temporary file that a kill left behind is pointed out by lint, not deleted.
        const Run lint = runTool({QStringLiteral("lint"), dir, QStringLiteral("--json")});
        const QJsonArray diagnostics = QJsonDocument::fromJson(lint.out).object()[QStringLiteral("tools")].toArray().first()[QStringLiteral("diagnostics")].toArray();
        for (const QString &f : left) {
            if (f == u"TOOL.md" || f == u"index.js")
                continue;
            const bool reported = std::any_of(diagnostics.begin(), diagnostics.end(), [&](const QJsonValue &d) {
                return d[QStringLiteral("code")].toString() == u"unnecessary-file" && d[QStringLiteral("file")].toString().endsWith(f);
            });
            QVERIFY2(reported, qPrintable(f + QStringLiteral(" is not reported by lint")));
        }
    }

    // kill -9 during `toolwright sync`: every global tool is wholly the old or the new version.
    // First half-way through (the shim stops the program in the middle of copying one tool),
    // then at random points.
    void killDuringSyncApply()
    {
        QTemporaryDir tmp;
        const QString seed = tmp.path() + QStringLiteral("/seed"), data = tmp.path() + QStringLiteral("/data");
        const QByteArray bulk(64 * 1024, 'x');
        auto writeVersion = [&](const QString &root, int version) {
            for (int k = 0; k < 25; ++k) {
                const QByteArray name = "tool_" + QByteArray::number(k);
                const QString dir = root + u'/' + QString::fromLatin1(name);
                writeFile(dir + QStringLiteral("/TOOL.md"), toolMd(name.constData(), version, "\n# T\n\nBody.\n"));
                writeFile(dir + QStringLiteral("/index.js"), "// v" + QByteArray::number(version) + "\nexport async function execute() {}\n");
                for (int f = 0; f < 4; ++f)
                    writeFile(dir + QStringLiteral("/data/part%1.txt").arg(f), QByteArray::number(version) + bulk);
            }
        };
        writeVersion(seed + QStringLiteral("/tools"), 2);
        QMap<QString, QMap<QString, QByteArray>> fresh, old;
        QTemporaryDir oldTree;
        writeVersion(oldTree.path(), 1);
        QStringList names;
        for (int k = 0; k < 25; ++k) {
            const QString name = QStringLiteral("tool_%1").arg(k);
            names.append(name);
            fresh.insert(name, snapshot(seed + QStringLiteral("/tools/") + name));
            old.insert(name, snapshot(oldTree.path() + u'/' + name));
        }
        const QStringList syncArgs = {QStringLiteral("sync"), QStringLiteral("--seed"), seed + QStringLiteral("/tools"),
                                      QStringLiteral("--data"), data};
        auto resetData = [&] {
            QDir(data).removeRecursively();
            writeVersion(data + QStringLiteral("/tools"), 1);
        };
        // Every tool old or new; returns the new ones.
        auto checkWhole = [&](QStringList *updated) {
            for (const QString &name : names) {
                const QMap<QString, QByteArray> now = snapshot(data + QStringLiteral("/tools/") + name);
                QVERIFY2(now == old.value(name) || now == fresh.value(name),
                         qPrintable(name + QStringLiteral(" is neither the old nor the new version after a kill")));
                if (now == fresh.value(name))
                    updated->append(name);
            }
        };
        // Whatever the kill left in the staging area, the next sync finishes the job.
        auto checkNextSyncCompletes = [&] {
            QCOMPARE(runTool(syncArgs).code, 0);
            for (const QString &name : names)
                QCOMPARE(snapshot(data + QStringLiteral("/tools/") + name), fresh.value(name));
            QVERIFY(!QFileInfo::exists(data + QStringLiteral("/.toolwright-staging")));
        };

        // Stopped in the middle of writing tool_3's first file into the staging area: the tools
        // before it (byte-wise, the sync's order) are new, tool_3 and the rest old.
        resetData();
        QByteArray report;
        killMidWrite(syncArgs, data + QStringLiteral("/.toolwright-staging/tool_3-"), &report);
        QVERIFY2(report.contains("/.toolwright-staging/tool_3-"), report.constData());
        QStringList updated;
        checkWhole(&updated);
        if (QTest::currentTestFailed())
            return;
        QStringList before;
        for (const QString &name : names)
            if (name.toUtf8() < QByteArrayLiteral("tool_3"))
                before.append(name);
        updated.sort();
        before.sort();
        QCOMPARE(updated, before); // half-applied: 13 of 25 new
        QVERIFY(QFileInfo::exists(data + QStringLiteral("/.toolwright-staging")));
        checkNextSyncCompletes();

        resetData();
        QElapsedTimer t;
        t.start();
        QCOMPARE(runTool(syncArgs).code, 0);
        const int oneSyncUs = int(t.nsecsElapsed() / 1000);
        QRandomGenerator random(11);
        for (int i = 0; i < 15; ++i) {
            resetData();
            killAfter(syncArgs, int(random.bounded(quint32(oneSyncUs + 1))));
            QStringList updatedNow;
            checkWhole(&updatedNow);
            checkNextSyncCompletes();
            if (QTest::currentTestFailed())
                return;
        }
    }

    // A full disk during a save: a clear error naming the file, and the old TOOL.md intact.
    void fullDiskKeepsTheOldFile()
    {
        QTemporaryDir tmp;
        const QString mnt = tmp.path() + QStringLiteral("/small");
        QDir().mkpath(mnt);
        const Run mount = runTool({QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"), QStringLiteral("size=256k"),
                                   QStringLiteral("tmpfs"), mnt}, 30000, QStringLiteral("/usr/bin/mount"));
        QVERIFY2(mount.code == 0, QByteArray("the full-disk test mounts a 256 KiB tmpfs and needs root: " + mount.err).constData());
        const auto unmount = qScopeGuard([&] { runTool({mnt}, 30000, QStringLiteral("/usr/bin/umount")); });
        const QString dir = mnt + QStringLiteral("/tool");
        const QByteArray original = toolMd("tool", 1, "\n# Tool\n\n" + QByteArray(100 * 1024, 'b') + "\n");
        writeFile(dir + QStringLiteral("/TOOL.md"), original);
        writeFile(dir + QStringLiteral("/index.js"), "export async function execute() {}\n");
        { // fill the rest of the disk
            QFile filler(mnt + QStringLiteral("/filler"));
            QVERIFY(filler.open(QIODevice::WriteOnly));
            const QByteArray block(4096, 'f');
            while (filler.write(block) == block.size() && filler.flush()) {
            }
        }
        const Run r = runTool({QStringLiteral("bump"), dir});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("TOOL.md") && r.err.contains("cannot write"), r.err.constData());
        QCOMPARE(readFile(dir + QStringLiteral("/TOOL.md")), original);
        QStringList files = QDir(dir).entryList(QDir::Files | QDir::Hidden);
        files.sort();
        QCOMPARE(files, (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("index.js")})); // no temporary left
    }

    // Read by a user who may not enter one tool directory: that tool is skipped with a reason.
    void unreadableDirectoryIsSkipped()
    {
        QTemporaryDir tmp;
        QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                              | QFileDevice::ReadOther | QFileDevice::ExeOther);
        const QString data = tmp.path() + QStringLiteral("/data");
        for (const char *name : {"open_tool", "closed_tool"}) {
            writeFile(data + QStringLiteral("/tools/") + QLatin1StringView(name) + QStringLiteral("/TOOL.md"), toolMd(name, 1, "\n# T\n\nBody.\n"));
            writeFile(data + QStringLiteral("/tools/") + QLatin1StringView(name) + QStringLiteral("/index.js"), "export async function execute() {}\n");
        }
        QVERIFY(QFile::setPermissions(data + QStringLiteral("/tools/closed_tool"), {}));
        const QString home = tmp.path() + QStringLiteral("/home");
        QDir().mkpath(home);
        runTool({QStringLiteral("-R"), QStringLiteral("nobody"), tmp.path()}, 30000, QStringLiteral("/bin/chown"));
        QFile::setPermissions(data + QStringLiteral("/tools/closed_tool"), {});
        const Run r = runTool({QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"), QStringLiteral("/usr/bin/env"),
                               QStringLiteral("HOME=") + home, QStringLiteral("XDG_CONFIG_HOME=") + home,
                               QStringLiteral("XDG_DATA_HOME=") + home, QStringLiteral("XDG_CACHE_HOME=") + home,
                               TW_BINARY, QStringLiteral("list"), QStringLiteral("--data"), data, QStringLiteral("--json")},
                              60000, QStringLiteral("/usr/sbin/runuser"));
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[QStringLiteral("tools")].toArray().size(), 1);
        QCOMPARE(o[QStringLiteral("tools")].toArray().first()[QStringLiteral("name")].toString(), QStringLiteral("open_tool"));
        const QJsonArray skipped = o[QStringLiteral("skipped")].toArray();
        QCOMPARE(skipped.size(), 1);
        QCOMPARE(skipped.first()[QStringLiteral("reason")].toString(), QStringLiteral("read-failed"));
        QVERIFY(skipped.first()[QStringLiteral("dir")].toString().endsWith(QStringLiteral("closed_tool")));
    }

    // `serve` under a service account (as `sudo -u officer toolwright serve --stdio` runs it): a
    // user's dir the account cannot write gives a clear error naming that tool's file and the
    // system's reason, and the tools it can write are saved as ever.
    void serveUnderAServiceAccountSaysWhichToolItCannotWrite()
    {
        QTemporaryDir tmp;
        QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                              | QFileDevice::ReadOther | QFileDevice::ExeOther);
        const QString data = tmp.path() + QStringLiteral("/data");
        const QByteArray v1 = toolMd("t", 1, "\n# T\n\nBody.\n");
        for (const char *user : {"open@x", "closed@x"}) {
            writeFile(data + u'/' + QLatin1StringView(user) + QStringLiteral("/tools/t/TOOL.md"), v1);
            writeFile(data + u'/' + QLatin1StringView(user) + QStringLiteral("/tools/t/index.js"), "export async function execute() {}\n");
        }
        const QString home = tmp.path() + QStringLiteral("/home");
        QDir().mkpath(home);
        runTool({QStringLiteral("-R"), QStringLiteral("nobody"), data + QStringLiteral("/open@x"), home}, 30000, QStringLiteral("/bin/chown"));
        const QString sha = QString::fromLatin1(QCryptographicHash::hash(v1, QCryptographicHash::Sha256).toHex());
        const auto save = [&](int id, const char *user) -> QByteArray {
            const QJsonObject file{{QStringLiteral("text"), QString::fromUtf8(toolMd("t", 2, "\\n# T\\n\\nBody.\\n"))}, {QStringLiteral("base_sha256"), sha}};
            return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                                             {QStringLiteral("method"), QStringLiteral("tool.save")},
                                             {QStringLiteral("params"), QJsonObject{{QStringLiteral("dir"), QString(data + u'/' + QLatin1StringView(user) + QStringLiteral("/tools/t"))},
                                                                                   {QStringLiteral("files"), QJsonObject{{QStringLiteral("TOOL.md"), file}}}}}})
                       .toJson(QJsonDocument::Compact)
                + '\n';
        };
        QProcess p;
        p.start(QStringLiteral("/usr/sbin/runuser"),
                {QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"), QStringLiteral("/usr/bin/env"),
                 QStringLiteral("HOME=") + home, QStringLiteral("XDG_CONFIG_HOME=") + home, QStringLiteral("XDG_DATA_HOME=") + home,
                 QStringLiteral("XDG_CACHE_HOME=") + home, TW_BINARY, QStringLiteral("serve"), QStringLiteral("--stdio"),
                 QStringLiteral("--data"), data});
        p.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"1.0\"}}\n" + save(2, "open@x")
                + save(3, "closed@x"));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QVERIFY2(lines.size() == 4, p.readAllStandardError().constData()); // the banner and three replies
        const QJsonObject saved = QJsonDocument::fromJson(lines[2]).object();
        QVERIFY2(saved[QStringLiteral("result")][QStringLiteral("saved")].toBool(), lines[2].constData());
        QVERIFY(readFile(data + QStringLiteral("/open@x/tools/t/TOOL.md")).contains("version: 2"));
        const QJsonObject refused = QJsonDocument::fromJson(lines[3]).object()[QStringLiteral("error")].toObject();
        QVERIFY2(refused[QStringLiteral("code")].toInt() == -32007, lines[3].constData()); // WriteFailed
        const QString message = refused[QStringLiteral("message")].toString();
        QVERIFY2(message.contains(data + QStringLiteral("/closed@x/tools/t/TOOL.md")) && message.contains(u"not writable"), qPrintable(message));
        QCOMPARE(readFile(data + QStringLiteral("/closed@x/tools/t/TOOL.md")), v1);
    }

    // Tool directories deleted and recreated while scans run: no crash, every answer consistent.
    void directoriesVanishDuringScans()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        auto makeTool = [&](int k) {
            const QString dir = data + QStringLiteral("/tools/tool_%1").arg(k);
            writeFile(dir + QStringLiteral("/TOOL.md"), toolMd(qPrintable(QStringLiteral("tool_%1").arg(k)), 1, "\n# T\n\nBody.\n"));
            writeFile(dir + QStringLiteral("/index.js"), "export async function execute() {}\n");
        };
        for (int k = 0; k < 200; ++k)
            makeTool(k);
        std::atomic<bool> stop = false;
        std::thread churn([&] {
            QRandomGenerator random(3);
            while (!stop) {
                const int k = int(random.bounded(200));
                QDir(data + QStringLiteral("/tools/tool_%1").arg(k)).removeRecursively();
                makeTool(k);
            }
        });
        const QSet<QString> known = {QStringLiteral("missing-tool-md"), QStringLiteral("missing-entry"), QStringLiteral("read-failed"),
                                     QStringLiteral("frontmatter-missing"), QStringLiteral("frontmatter-unterminated"),
                                     QStringLiteral("name-missing"), QStringLiteral("yaml-syntax")};
        for (int i = 0; i < 40; ++i) {
            const Catalog c = scanDataPath(data);
            for (const ToolRecord &t : c.global.tools)
                QCOMPARE(t.manifest.name, t.dirName); // never another tool's content
            for (const SkippedDir &s : c.global.skipped)
                QVERIFY2(known.contains(s.reason), qPrintable(s.reason));
            QVERIFY(c.global.tools.size() + c.global.skipped.size() <= 200);
        }
        stop = true;
        churn.join();
    }

    // Symlink loops and a link to the location itself: skipped as path-escape, promptly.
    void symlinkLoopsDoNotHang()
    {
        QTemporaryDir tmp;
        const QString tools = tmp.path() + QStringLiteral("/tools");
        writeFile(tools + QStringLiteral("/good/TOOL.md"), toolMd("good", 1, "\n# T\n\nBody.\n"));
        writeFile(tools + QStringLiteral("/good/index.js"), "export async function execute() {}\n");
        QVERIFY(QFile::link(QStringLiteral("loop_b"), tools + QStringLiteral("/loop_a")));
        QVERIFY(QFile::link(QStringLiteral("loop_a"), tools + QStringLiteral("/loop_b")));
        QVERIFY(QFile::link(QStringLiteral("."), tools + QStringLiteral("/self")));
        QVERIFY(QFile::link(QStringLiteral(".."), tools + QStringLiteral("/good/up"))); // inside a tool
        QVERIFY(QFile::link(QStringLiteral("TOOL.md"), tools + QStringLiteral("/good/loop.md")));
        const Run r = runTool({QStringLiteral("list"), QStringLiteral("--data"), tmp.path(), QStringLiteral("--json")}, 30000);
        QVERIFY2(r.finished && r.code == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[QStringLiteral("tools")].toArray().size(), 1);
        QStringList reasons;
        for (const QJsonValue &s : o[QStringLiteral("skipped")].toArray())
            reasons.append(s[QStringLiteral("reason")].toString());
        QCOMPARE(reasons, (QStringList{QStringLiteral("path-escape"), QStringLiteral("path-escape"), QStringLiteral("path-escape")}));
    }

    // 100,000 files in one tool: listed, linted, no hang.
    void hundredThousandFilesInOneTool()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/tools/crowded");
        writeFile(dir + QStringLiteral("/TOOL.md"), toolMd("crowded", 1, "\n# T\n\nBody.\n"));
        writeFile(dir + QStringLiteral("/index.js"), "export async function execute() {}\n");
        for (int i = 0; i < 100000; ++i) {
            QFile f(dir + QStringLiteral("/f%1").arg(i));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        QElapsedTimer t;
        t.start();
        const Run r = runTool({QStringLiteral("list"), QStringLiteral("--data"), tmp.path(), QStringLiteral("--json")}, 120000);
        QVERIFY2(r.finished && r.code == 0, r.err.constData());
        qInfo("list with 100,000 files in one tool: %lld ms", t.elapsed());
        QCOMPARE(QJsonDocument::fromJson(r.out).object()[QStringLiteral("tools")].toArray().size(), 1);
        const Run lint = runTool({QStringLiteral("lint"), dir, QStringLiteral("--json")}, 120000);
        QVERIFY2(lint.finished && lint.code == 0, lint.err.constData());
    }

    // A 50 MB TOOL.md is skipped with file-too-large without being read.
    void fiftyMegabyteToolMd()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/tools/huge");
        {
            QDir().mkpath(dir);
            QFile f(dir + QStringLiteral("/TOOL.md"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(toolMd("huge", 1, "\n"));
            QVERIFY(f.resize(50 * 1024 * 1024));
        }
        writeFile(dir + QStringLiteral("/index.js"), "export async function execute() {}\n");
        const Run r = runTool({QStringLiteral("list"), QStringLiteral("--data"), tmp.path(), QStringLiteral("--json")}, 30000);
        QVERIFY2(r.finished && r.code == 0, r.err.constData());
        const QJsonArray skipped = QJsonDocument::fromJson(r.out).object()[QStringLiteral("skipped")].toArray();
        QCOMPARE(skipped.size(), 1);
        QCOMPARE(skipped.first()[QStringLiteral("reason")].toString(), QStringLiteral("file-too-large"));
        const Run lint = runTool({QStringLiteral("lint"), dir}, 30000);
        QCOMPARE(lint.code, 1);
        QVERIFY2(lint.out.contains("file-too-large") || lint.err.contains("file-too-large"), QByteArray(lint.out + lint.err).constData());
    }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
