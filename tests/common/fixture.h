#pragma once
// Small helpers to write tool trees into temporary directories for tests.

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>

#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include <algorithm>

#include "testpaths.h"

namespace tw::test {

#ifdef TW_BINARY
// The built toolwright run to its end: its exit code (-1 when it crashed or took over a minute),
// stdout and stderr. The caller's DATA_PATH is removed unless `env` sets TW_KEEP_DATA_PATH;
// `input` is written to its stdin, which is then closed.
struct BinaryRun
{
    int code = -1;
    QByteArray out, err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

inline BinaryRun runBinary(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                           const QByteArray &input = {})
{
    QProcess p;
    QProcessEnvironment e = env;
    if (env.value(QStringLiteral("TW_KEEP_DATA_PATH")).isEmpty())
        e.remove(QStringLiteral("DATA_PATH"));
    p.setProcessEnvironment(e);
    p.start(TW_BINARY, args);
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}
#endif

// A case CTest runs in an entry of its own, alone (tw_test_alone in tests/CMakeLists.txt): its
// suite's main entry, which names it in TW_TEST_RUN_ALONE, skips it, saying where it runs.
#define TW_RUNS_ALONE()                                                                                               \
    do {                                                                                                              \
        if (qEnvironmentVariable("TW_TEST_RUN_ALONE").split(u',').contains(QLatin1String(QTest::currentTestFunction()))) \
            QSKIP("runs alone in its own CTest entry (<suite>_alone)");                                                  \
    } while (false)

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QVERIFY2(QDir().mkpath(QFileInfo(path).absolutePath()), qPrintable(path));
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Every layout request the last change posted, delivered, and what they made the window do
// (a resize is a window-system event): after this a window that was to grow has grown. Counted
// passes, not a time: a layout request can post another for its parent.
inline void settleLayouts()
{
    for (int pass = 0; pass < 8; ++pass) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Files under `root` (hidden ones too) whose bytes contain `needle`; `read` counts the files read.
inline QStringList filesContaining(const QString &root, const QByteArray &needle, int *read = nullptr)
{
    QStringList hits;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (read)
            ++*read;
        if (readFile(path).contains(needle))
            hits << path;
    }
    return hits;
}

inline QByteArray toolMd(const QByteArray &name, int version = 1, const QByteArray &extra = {})
{
    return "---\nname: " + name + "\ndescription: The " + name + " tool.\nversion: " + QByteArray::number(version)
        + "\n" + extra + "---\n\n# " + name + "\n\nBody.\n";
}

inline const QByteArray kGoodEntry =
    "export async function execute(_id: string, _params: Record<string, unknown>) {\n"
    "  try {\n    return { content: [{ type: 'text', text: 'ok' }] };\n"
    "  } catch (e) {\n    return { content: [{ type: 'text', text: String(e) }], isError: true };\n  }\n}\n";

// An "ssh" for tests without a network (the real one: tests/common/sshd.h): it ignores its
// options and runs its last argument, the remote command, through a shell, as sshd would.
// Written into `dir` once; returns its path.
inline QString fakeSsh(const QString &dir)
{
    const QString file = dir + QStringLiteral("/fake-ssh");
    if (!QFileInfo::exists(file)) {
        writeFile(file, "#!/bin/sh\nfor last; do :; done\nexec sh -c \"$last\"\n");
        QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    return file;
}

// A tool dir `root/dir` with a TOOL.md and an index.ts.
inline void makeTool(const QString &root, const QString &dir, const QByteArray &md,
                     const QByteArray &entry = kGoodEntry, const QString &entryName = QStringLiteral("index.ts"))
{
    writeFile(root + u'/' + dir + QStringLiteral("/TOOL.md"), md);
    writeFile(root + u'/' + dir + u'/' + entryName, entry);
}

// Waits until the clock the kernel stamps files with (CLOCK_REALTIME_COARSE) is past the last
// change of everything under `root`: stamps taken from then on are not "racy" (isRacy), so a
// scan cache keeps them and a later change, in whatever tick, moves their ctime.
inline void waitUntilFilesSettled(const QString &root)
{
    qint64 newest = 0;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    const auto consider = [&](const QString &path) {
        struct stat st {};
        if (::lstat(QFile::encodeName(path).constData(), &st) == 0)
            newest = std::max(newest, qint64(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec);
    };
    consider(root);
    while (it.hasNext())
        consider(it.next());
    const auto now = [] {
        timespec t {};
        ::clock_gettime(CLOCK_REALTIME_COARSE, &t);
        return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
    };
    // One clock tick (1-10 ms); whole-second file systems need two seconds (isRacy's margin).
    const qint64 margin = newest % 1000000000 == 0 ? qint64(2000000000) : 0;
    QTRY_VERIFY_WITH_TIMEOUT(now() > newest + margin, 10000);
}

// Copies a fixture tree recursively (QTemporaryDir targets).
inline bool copyTree(const QString &from, const QString &to)
{
    QDir src(from);
    if (!QDir().mkpath(to))
        return false;
    const auto entries = src.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo &fi : entries) {
        const QString dst = to + u'/' + fi.fileName();
        if (fi.isDir() ? !copyTree(fi.filePath(), dst) : !QFile::copy(fi.filePath(), dst))
            return false;
    }
    return true;
}

// A fresh copy of the multi-user fixture DATA_PATH at `dir` (replacing what was there).
inline void resetFixtureDataPath(const QString &dir)
{
    QDir(dir).removeRecursively();
    QVERIFY(copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), dir));
}

// Host quirks are settings: this machine's podman refuses rlimits above the host's, so the
// container suites give explicit values below them, as a user would in Settings → Runtime →
// extra arguments.
inline QStringList podmanHostLimitArgs()
{
    rlimit files{}, procs{};
    getrlimit(RLIMIT_NOFILE, &files);
    getrlimit(RLIMIT_NPROC, &procs);
    const auto below = [](rlim_t limit, rlim_t want) {
        return QString::number(limit == RLIM_INFINITY ? want : std::min<rlim_t>(limit, want));
    };
    const QString nofile = below(files.rlim_cur, 4096), nproc = below(procs.rlim_cur, 4096);
    return {QStringLiteral("--ulimit"), QStringLiteral("nofile=%1:%1").arg(nofile), QStringLiteral("--ulimit"),
            QStringLiteral("nproc=%1:%1").arg(nproc)};
}

// The entry of a tool that starts a child process carrying `marker` in its arguments, reports
// "waiting" and never returns: a cancel must end it and its child (processWithArgument).
inline QByteArray waiterEntry(const QByteArray &marker)
{
    return "import { spawn } from 'node:child_process';\n"
           "export async function execute(_id, _p, signal, onUpdate) {\n"
           "  spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)', '" + marker + "'], { stdio: 'ignore' });\n"
           "  onUpdate?.({ content: [{ type: 'text', text: 'waiting' }] });\n"
           "  await new Promise(() => {});\n}\n";
}

// Whether a process on this machine has `argument` among its command-line arguments (a marker
// a test's helper process carries, to see that it died with its sandbox).
inline bool processWithArgument(const QByteArray &argument)
{
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        QFile cmdline(it.next() + QStringLiteral("/cmdline"));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().split('\0').contains(argument))
            return true;
    }
    return false;
}

} // namespace tw::test
