// Seed sync planning and applying: install / update / skip-equal / keep-newer, whole-directory
// replacement, file modes, the embedded default data dir.

#include "catalog/catalog.h"
#include "fixture.h"
#include "sync/datapaths.h"
#include "sync/seedsync.h"

#include <cstring>

#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::readFile;
using tw::test::toolMd;
using tw::test::writeFile;

class TestSeedSync final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_seed, m_data;

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        m_seed = m_tmp.path() + QStringLiteral("/seed/tools");
        m_data = m_tmp.path() + QStringLiteral("/data");
        QDir(m_seed).removeRecursively();
        QDir(m_data).removeRecursively();
        makeTool(m_seed, QStringLiteral("fresh"), toolMd("fresh", 1));
        makeTool(m_seed, QStringLiteral("newer"), toolMd("newer", 3));
        makeTool(m_seed, QStringLiteral("same"), toolMd("same", 2));
        makeTool(m_seed, QStringLiteral("older"), toolMd("older", 1));
        makeTool(m_seed, QStringLiteral("unversioned"), "---\nname: unversioned\ndescription: d\n---\nb\n");
        writeFile(m_seed + QStringLiteral("/newer/bin/run.sh"), "#!/bin/sh\necho hi\n");
        QFile::setPermissions(m_seed + QStringLiteral("/newer/bin/run.sh"),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup
                                  | QFileDevice::ExeGroup);
        const QString target = globalToolsPath(m_data);
        makeTool(target, QStringLiteral("newer"), toolMd("newer", 2));
        writeFile(target + QStringLiteral("/newer/stale.txt"), "from the old version");
        makeTool(target, QStringLiteral("same"), toolMd("same", 2) + "edited by an admin\n");
        makeTool(target, QStringLiteral("older"), toolMd("older", 4));
        writeFile(target + QStringLiteral("/older/user-notes.md"), "mine");
        makeTool(target, QStringLiteral("unversioned"), "---\nname: unversioned\ndescription: d\n---\nb\n");
    }

    void plan()
    {
        const QList<SyncAction> plan = planSync(m_seed, m_data);
        QCOMPARE(plan.size(), 5);
        QCOMPARE(plan[0].dir, QStringLiteral("fresh"));
        QCOMPARE(plan[0].action, SyncActionKind::Install);
        QVERIFY(!plan[0].targetVersion);
        QCOMPARE(plan[1].action, SyncActionKind::Update);
        QCOMPARE(plan[1].seedVersion, 3);
        QCOMPARE(*plan[1].targetVersion, 2);
        QCOMPARE(plan[2].dir, QStringLiteral("older"));
        QCOMPARE(plan[2].action, SyncActionKind::KeepNewer);
        QCOMPARE(plan[3].action, SyncActionKind::SkipEqual);
        // TOOLS.md: a missing version counts as 0 on both sides, so it is never updated — and warned.
        QCOMPARE(plan[4].action, SyncActionKind::SkipEqual);
        QCOMPARE(plan[4].seedVersion, 0);
        QCOMPARE(plan[4].notes.size(), 2);
        QCOMPARE(plan[4].notes[0].code, QStringLiteral("version-missing"));
    }

    void apply()
    {
        const QList<SyncAction> plan = planSync(m_seed, m_data);
        const SyncResult result = applySync(plan, m_seed, m_data);
        QVERIFY2(result.errors.isEmpty(), qPrintable(result.errors.join(u'\n')));
        QCOMPARE(result.applied.size(), 2);
        const QString target = globalToolsPath(m_data);
        QCOMPARE(readFile(target + QStringLiteral("/fresh/TOOL.md")), toolMd("fresh", 1));
        QCOMPARE(readFile(target + QStringLiteral("/newer/TOOL.md")), toolMd("newer", 3));
        // The whole directory is replaced: files of the old version are gone.
        QVERIFY(!QFile::exists(target + QStringLiteral("/newer/stale.txt")));
        // Modes are kept.
        QVERIFY(QFileInfo(target + QStringLiteral("/newer/bin/run.sh")).permissions() & QFileDevice::ExeOwner);
        // Skipped and kept directories are untouched.
        QCOMPARE(readFile(target + QStringLiteral("/same/TOOL.md")), toolMd("same", 2) + "edited by an admin\n");
        QCOMPARE(readFile(target + QStringLiteral("/older/user-notes.md")), QByteArray("mine"));
        // No staging leftovers.
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")));
        // Applying again is a no-op.
        const QList<SyncAction> again = planSync(m_seed, m_data);
        for (const SyncAction &a : again)
            QVERIFY(a.action != SyncActionKind::Install && a.action != SyncActionKind::Update);
    }

    void sameVersionDifferentContentIsFlagged()
    {
        writeFile(m_seed + QStringLiteral("/same/TOOL.md"), toolMd("same", 2) + "edited by an admin\n");
        QList<SyncAction> plan = planSync(m_seed, m_data);
        QCOMPARE(plan[3].dir, QStringLiteral("same"));
        QVERIFY(!plan[3].contentDiffers); // now identical
        writeFile(m_seed + QStringLiteral("/same/index.ts"), "export async function execute() { return { content: [] }; }\n");
        plan = planSync(m_seed, m_data);
        QCOMPARE(plan[3].action, SyncActionKind::SkipEqual);
        QVERIFY(plan[3].contentDiffers);
        QVERIFY(syncActionReason(plan[3]).contains(QStringLiteral("not bumped")));
        // An executable bit alone is a difference too.
        QVERIFY(sameTree(m_seed + QStringLiteral("/fresh"), m_seed + QStringLiteral("/fresh")));
        QVERIFY(!sameTree(m_seed + QStringLiteral("/fresh"), m_seed + QStringLiteral("/older")));
    }

    // File by file, what differs between an installed tool and its seed.
    void compareTreesFileByFile()
    {
        const QString seed = m_seed + QStringLiteral("/newer"), installed = globalToolsPath(m_data) + QStringLiteral("/newer");
        writeFile(installed + QStringLiteral("/index.ts"), readFile(seed + QStringLiteral("/index.ts")));
        const QList<TreeFileComparison> files = compareTrees(installed, seed);
        QStringList paths;
        for (const TreeFileComparison &f : files)
            paths.append(f.path);
        QCOMPARE(paths, (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("bin/run.sh"), QStringLiteral("index.ts"),
                                     QStringLiteral("stale.txt")}));
        QCOMPARE(files[0], (TreeFileComparison{QStringLiteral("TOOL.md"), true, true, true}));      // version 2 → 3
        QCOMPARE(files[1], (TreeFileComparison{QStringLiteral("bin/run.sh"), false, true, true}));  // only in the seed
        QCOMPARE(files[2], (TreeFileComparison{QStringLiteral("index.ts"), true, true, false}));    // the same
        QCOMPARE(files[3], (TreeFileComparison{QStringLiteral("stale.txt"), true, false, true}));   // only installed
        // An executable bit alone is a difference, as for sameTree.
        writeFile(installed + QStringLiteral("/bin/run.sh"), readFile(seed + QStringLiteral("/bin/run.sh")));
        QVERIFY(compareTrees(installed, seed)[1].differs);
        QFile::setPermissions(installed + QStringLiteral("/bin/run.sh"), QFile::permissions(seed + QStringLiteral("/bin/run.sh")));
        QVERIFY(!compareTrees(installed, seed)[1].differs);
        QVERIFY(compareTrees(m_tmp.path() + QStringLiteral("/nowhere"), seed).size() == 3);
    }

    void reasons()
    {
        for (const SyncAction &a : planSync(m_seed, m_data))
            QVERIFY(!syncActionReason(a).isEmpty());
    }

    void progressIsReported()
    {
        QList<int> done;
        applySync(planSync(m_seed, m_data), m_seed, m_data, [&](int d, int total, const QString &dir) {
            QCOMPARE(total, 2);
            QVERIFY(!dir.isEmpty());
            done.append(d);
        });
        QCOMPARE(done, (QList<int>{1, 2}));
    }

    void failureMidCopyKeepsTheOldTool()
    {
        // A Unix socket in the seed cannot be copied: the copy of `newer` fails half way.
        writeFile(m_seed + QStringLiteral("/newer/a_first.txt"), "copied before the failure");
        const QByteArray socketPath = QFile::encodeName(m_seed + QStringLiteral("/newer/b.sock"));
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        QVERIFY(size_t(socketPath.size()) < sizeof(addr.sun_path));
        std::memcpy(addr.sun_path, socketPath.constData(), size_t(socketPath.size()));
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)), 0);
        ::close(fd);

        const QString target = globalToolsPath(m_data);
        const QByteArray before = readFile(target + QStringLiteral("/newer/TOOL.md"));
        const SyncResult result = applySync(planSync(m_seed, m_data), m_seed, m_data);
        QCOMPARE(result.errors.size(), 1);
        QVERIFY(result.errors.first().startsWith(QStringLiteral("newer: ")));
        // The old version is intact, file for file; the other install went through.
        QCOMPARE(readFile(target + QStringLiteral("/newer/TOOL.md")), before);
        QVERIFY(QFile::exists(target + QStringLiteral("/newer/stale.txt")));
        QVERIFY(!QFile::exists(target + QStringLiteral("/newer/a_first.txt")));
        QCOMPARE(result.applied.size(), 1);
        QCOMPARE(result.applied.first().dir, QStringLiteral("fresh"));
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")));
        QFile::remove(QFile::decodeName(socketPath));
    }

    void leftoversOfAnInterruptedSyncAreCleared()
    {
        writeFile(m_data + QStringLiteral("/.toolwright-staging/newer-abc/TOOL.md"), "half written");
        const SyncResult result = applySync(planSync(m_seed, m_data), m_seed, m_data);
        QVERIFY(result.errors.isEmpty());
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")));
        // The staging dir is never discovered as a user (no '@') nor lies inside tools/.
        QVERIFY(!userDirectories(m_data).contains(QStringLiteral(".toolwright-staging")));
    }

    void embeddedDataPath()
    {
        const QString data = m_tmp.path() + QStringLiteral("/embedded");
        QVERIFY(!bundledSeedToolsDir().isEmpty());
        const QStringList errors = prepareEmbeddedDataPath(data, QStringLiteral("me@localhost"));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QVERIFY(QFileInfo(data + QStringLiteral("/me@localhost/tools")).isDir());
        const Catalog c = scanDataPath(data);
        QVERIFY(c.global.tools.size() >= 5);
        QCOMPARE(c.userEmails(), QStringList{QStringLiteral("me@localhost")});
    }

    void defaultUser()
    {
        qputenv("USER", "tester");
        QCOMPARE(defaultUserEmail(), QStringLiteral("tester@localhost"));
        qunsetenv("USER");
        QCOMPARE(defaultUserEmail(), QStringLiteral("user@localhost"));
    }
};

QTEST_GUILESS_MAIN(TestSeedSync)
#include "tst_seedsync.moc"
