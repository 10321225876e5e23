// Seed sync planning and applying: install / update / skip-equal / keep-newer, whole-directory
// replacement, file modes, the embedded default data dir; then TOOLS.md's sync rules one test
// each (rule_*), and the seed folder as it is named (tools dir, seed root, neither).

#include "catalog/catalog.h"
#include "catalog/locationscanner.h"
#include "fixture.h"
#include "remote/syncwire.h"
#include "sync/datapaths.h"
#include "sync/seedsync.h"

#include <cstring>

#include <QJsonArray>
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

// A seed tools dir and a DATA_PATH of their own, both empty, for one rule's test.
struct Rig
{
    QTemporaryDir tmp;
    QString seed = tmp.path() + QStringLiteral("/seed/tools");
    QString data = tmp.path() + QStringLiteral("/data");
    QString target = globalToolsPath(data);

    bool apply(const QList<SyncAction> &plan) const
    {
        const SyncResult result = applySync(plan, seed, data);
        if (!result.errors.isEmpty())
            qWarning("%s", qPrintable(result.errors.join(u'\n')));
        return result.errors.isEmpty();
    }
};

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

    // A server's plan (sync.plan's detail JSON) reads back into the plan it was made from: the
    // Seed Sync view of a server window shows what the local one would.
    void theServersPlanReadsBack()
    {
        writeFile(m_seed + QStringLiteral("/same/index.ts"), "export async function execute() { return { content: [] }; }\n");
        const SyncPlan plan = planSeedSync(m_tmp.path() + QStringLiteral("/seed"), m_data);
        QVERIFY(plan.seed.fromSeedRoot);
        QString error;
        const std::optional<SyncPlan> back = syncPlanFromJson(syncPlanDetailJson(plan), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->seed.path, plan.seed.path);
        QCOMPARE(back->seed.fromSeedRoot, true);
        QCOMPARE(back->skipped, plan.skipped);
        QCOMPARE(back->actions.size(), plan.actions.size());
        for (qsizetype i = 0; i < plan.actions.size(); ++i) {
            const SyncAction &a = plan.actions[i], &b = back->actions[i];
            QCOMPARE(b.dir, a.dir);
            QCOMPARE(b.action, a.action);
            QCOMPARE(b.seedVersion, a.seedVersion);
            QCOMPARE(b.targetVersion, a.targetVersion);
            QCOMPARE(b.contentDiffers, a.contentDiffers);
            QCOMPARE(b.notes.size(), a.notes.size());
            for (qsizetype n = 0; n < a.notes.size(); ++n)
                QCOMPARE(formatDiagnostic(b.notes[n]), formatDiagnostic(a.notes[n]));
        }
        QVERIFY(std::any_of(back->actions.cbegin(), back->actions.cend(), [](const SyncAction &a) { return a.contentDiffers; }));
        // An action this version cannot read is refused, not guessed.
        QJsonObject bad = syncPlanDetailJson(plan);
        bad.insert(QStringLiteral("actions"), QJsonArray{QJsonObject{{QStringLiteral("dir"), QStringLiteral("../x")},
                                                                     {QStringLiteral("action"), QStringLiteral("install")}}});
        QVERIFY(!syncPlanFromJson(bad, &error));
        QVERIFY(error.contains(u"cannot read"));
        // sync.apply's answer: the changes applied but the ones an error line names.
        QJsonObject applied = syncPlanDetailJson(plan);
        applied.insert(QStringLiteral("errors"), QJsonArray{QStringLiteral("newer: cannot copy: disk full")});
        const SyncResult result = syncResultFromJson(applied);
        QCOMPARE(result.errors, QStringList{QStringLiteral("newer: cannot copy: disk full")});
        QCOMPARE(result.applied.size(), 1);
        QCOMPARE(result.applied.first().dir, QStringLiteral("fresh"));
    }

    // What the view compares of a tool with many files: TOOL.md, then the changed ones.
    void theViewsComparisonPutsTheChangesFirst()
    {
        for (int i = 0; i < 50; ++i)
            writeFile(m_seed + QStringLiteral("/newer/data/f%1.txt").arg(i, 2, 10, QLatin1Char('0')), "same");
        QVERIFY(tw::test::copyTree(m_seed + QStringLiteral("/newer/data"), globalToolsPath(m_data) + QStringLiteral("/newer/data")));
        writeFile(m_seed + QStringLiteral("/newer/data/f42.txt"), "changed");
        const QList<TreeFileComparison> files =
            compareTreesForView(globalToolsPath(m_data) + QStringLiteral("/newer"), m_seed + QStringLiteral("/newer"), 40);
        QVERIFY(files.size() <= 40);
        QCOMPARE(files.first().path, QStringLiteral("TOOL.md"));
        QStringList paths;
        for (const TreeFileComparison &f : files)
            paths << f.path;
        QVERIFY(paths.contains(QStringLiteral("data/f42.txt")));
        QVERIFY(!paths.contains(QStringLiteral("data/f07.txt"))); // unchanged, left out beyond the cap
        for (const TreeFileComparison &f : files)
            QVERIFY(f.differs || f.path == u"TOOL.md");
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

    // ---- TOOLS.md "Sync and Discovery" → "How Sync Works", rule by rule. Each test quotes the
    // rule it checks and runs on a seed and a DATA_PATH of its own (Rig), so one rule's setup
    // cannot satisfy another's.

    // TOOLS.md: "At server startup, sync-tools.ts copies tools from seed/tools/ to DATA_PATH/tools/
    // (the global tools directory)." A tool not installed yet is installed, under its directory
    // name (DESIGN.md: per directory name), whatever its frontmatter name.
    void rule_newToolIsInstalled()
    {
        Rig r;
        makeTool(r.seed, QStringLiteral("weather"), toolMd("forecast", 1));
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan.size(), 1);
        QCOMPARE(plan[0].dir, QStringLiteral("weather"));
        QCOMPARE(plan[0].action, SyncActionKind::Install);
        QCOMPARE(plan[0].seedVersion, 1);
        QVERIFY(!plan[0].targetVersion);
        QVERIFY(r.apply(plan));
        QVERIFY(sameTree(r.seed + QStringLiteral("/weather"), r.target + QStringLiteral("/weather")));
        QVERIFY(!QFileInfo::exists(r.target + QStringLiteral("/forecast")));
    }

    // TOOLS.md: "2. Compare seed version vs target version" and "3. Only copy if seed version >
    // target version (equal versions are skipped)"; DESIGN.md names the outcomes update,
    // skip-equal and keep-newer. Versions compare as integers (10 > 9).
    void rule_onlyAHigherSeedVersionIsCopied_data()
    {
        QTest::addColumn<int>("seedVersion");
        QTest::addColumn<int>("targetVersion");
        QTest::addColumn<SyncActionKind>("action");
        QTest::newRow("higher updates") << 3 << 2 << SyncActionKind::Update;
        QTest::newRow("equal is skipped") << 2 << 2 << SyncActionKind::SkipEqual;
        QTest::newRow("lower keeps the installed") << 1 << 2 << SyncActionKind::KeepNewer;
        QTest::newRow("10 is higher than 9") << 10 << 9 << SyncActionKind::Update;
        QTest::newRow("9 is lower than 10") << 9 << 10 << SyncActionKind::KeepNewer;
        QTest::newRow("0 is higher than -1") << 0 << -1 << SyncActionKind::Update;
    }
    void rule_onlyAHigherSeedVersionIsCopied()
    {
        QFETCH(int, seedVersion);
        QFETCH(int, targetVersion);
        QFETCH(SyncActionKind, action);
        Rig r;
        makeTool(r.seed, QStringLiteral("t"), toolMd("t", seedVersion, "# the seed's\n"));
        makeTool(r.target, QStringLiteral("t"), toolMd("t", targetVersion, "# the installed\n"));
        const QByteArray installed = readFile(r.target + QStringLiteral("/t/TOOL.md"));
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan.size(), 1);
        QCOMPARE(plan[0].action, action);
        QCOMPARE(plan[0].seedVersion, seedVersion);
        QCOMPARE(plan[0].targetVersion, std::optional<int>(targetVersion));
        QVERIFY(r.apply(plan));
        QCOMPARE(readFile(r.target + QStringLiteral("/t/TOOL.md")),
                 action == SyncActionKind::Update ? toolMd("t", seedVersion, "# the seed's\n") : installed);
    }

    // TOOLS.md: "1. Parse version from TOOL.md frontmatter (defaults to 0 if missing)" and "Tools
    // without version default to 0 — always include a version number" (a missing one is warned,
    // version-missing). The version is the frontmatter's even where the loader would skip the
    // tool for another reason (no `name`): the sync reads only the version.
    void rule_missingVersionCountsAsZero_data()
    {
        QTest::addColumn<QByteArray>("seedMd");
        QTest::addColumn<bool>("installed");
        QTest::addColumn<QByteArray>("targetMd"); // empty: the installed dir has no TOOL.md
        QTest::addColumn<SyncActionKind>("action");
        QTest::addColumn<int>("seedVersion");
        QTest::addColumn<int>("targetVersion");
        QTest::addColumn<int>("warnings");
        const QByteArray unversioned = "---\nname: t\ndescription: d\n---\nb\n";
        QTest::newRow("unversioned seed installs as v0") << unversioned << false << QByteArray() << SyncActionKind::Install << 0 << 0 << 1;
        QTest::newRow("unversioned seed equals v0") << unversioned << true << toolMd("t", 0) << SyncActionKind::SkipEqual << 0 << 0 << 1;
        QTest::newRow("unversioned seed below v1") << unversioned << true << toolMd("t", 1) << SyncActionKind::KeepNewer << 0 << 1 << 1;
        QTest::newRow("v1 above an unversioned target") << toolMd("t", 1) << true << unversioned << SyncActionKind::Update << 1 << 0 << 1;
        QTest::newRow("v0 equals an unversioned target") << toolMd("t", 0) << true << unversioned << SyncActionKind::SkipEqual << 0 << 0 << 1;
        QTest::newRow("both unversioned") << unversioned << true << unversioned << SyncActionKind::SkipEqual << 0 << 0 << 2;
        QTest::newRow("v1 above a target without TOOL.md") << toolMd("t", 1) << true << QByteArray() << SyncActionKind::Update << 1 << 0 << 1;
        QTest::newRow("v1 above a target without frontmatter") << toolMd("t", 1) << true << QByteArray("# just notes\n")
                                                                << SyncActionKind::Update << 1 << 0 << 1;
        QTest::newRow("a seed without name still has its version")
            << QByteArray("---\ndescription: d\nversion: 3\n---\nb\n") << true << toolMd("t", 2) << SyncActionKind::Update << 3 << 2 << 0;
        QTest::newRow("an installed tool without name still has its version")
            << toolMd("t", 3) << true << QByteArray("---\ndescription: d\nversion: 4\n---\nb\n") << SyncActionKind::KeepNewer << 3 << 4 << 0;
    }
    void rule_missingVersionCountsAsZero()
    {
        QFETCH(QByteArray, seedMd);
        QFETCH(bool, installed);
        QFETCH(QByteArray, targetMd);
        QFETCH(SyncActionKind, action);
        QFETCH(int, seedVersion);
        QFETCH(int, targetVersion);
        QFETCH(int, warnings);
        Rig r;
        makeTool(r.seed, QStringLiteral("t"), seedMd);
        if (installed && targetMd.isEmpty())
            writeFile(r.target + QStringLiteral("/t/index.ts"), "export async function execute() {}\n");
        else if (installed)
            makeTool(r.target, QStringLiteral("t"), targetMd);
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan.size(), 1);
        QCOMPARE(plan[0].action, action);
        QCOMPARE(plan[0].seedVersion, seedVersion);
        QCOMPARE(plan[0].targetVersion, installed ? std::optional<int>(targetVersion) : std::nullopt);
        QCOMPARE(plan[0].notes.size(), warnings);
        for (const Diagnostic &d : plan[0].notes)
            QCOMPARE(d.code, QStringLiteral("version-missing"));
    }

    // TOOLS.md: "4. When copying, the entire tool directory is replaced (rm + cp)", and File
    // Structure: "Additional files (scripts, configs, READMEs) are allowed": every file of the
    // seed's directory arrives (nested, hidden, executable, links, empty folders) and nothing of
    // the old version stays.
    void rule_updateReplacesTheWholeDirectory()
    {
        Rig r;
        const QString seed = r.seed + QStringLiteral("/t"), live = r.target + QStringLiteral("/t");
        makeTool(r.seed, QStringLiteral("t"), toolMd("t", 2));
        writeFile(seed + QStringLiteral("/bin/helper.py"), "print('hi')\n");
        QFile::setPermissions(seed + QStringLiteral("/bin/helper.py"),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        writeFile(seed + QStringLiteral("/.config.json"), "{}\n");
        writeFile(seed + QStringLiteral("/docs/deep/README.md"), "read me\n");
        QVERIFY(QDir().mkpath(seed + QStringLiteral("/cache")));
        QVERIFY(QFile::link(QStringLiteral("bin/helper.py"), seed + QStringLiteral("/helper")));
        makeTool(r.target, QStringLiteral("t"), toolMd("t", 1));
        writeFile(live + QStringLiteral("/stale.txt"), "only in the old version");
        writeFile(live + QStringLiteral("/bin/old.sh"), "echo old\n");
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan[0].action, SyncActionKind::Update);
        QVERIFY(r.apply(plan));
        QVERIFY(!QFileInfo::exists(live + QStringLiteral("/stale.txt")));
        QVERIFY(!QFileInfo::exists(live + QStringLiteral("/bin/old.sh")));
        QVERIFY(QFileInfo(live + QStringLiteral("/bin/helper.py")).isExecutable());
        QVERIFY(QFileInfo(live + QStringLiteral("/helper")).isSymLink());
        QVERIFY(QFileInfo(live + QStringLiteral("/cache")).isDir());
        QVERIFY(sameTree(seed, live)); // names, bytes, executable bits and link targets
    }

    // TOOLS.md: "Bumping version in seed triggers an update on next restart".
    void rule_bumpingTheSeedVersionTriggersAnUpdate()
    {
        Rig r;
        makeTool(r.seed, QStringLiteral("t"), toolMd("t", 1));
        QVERIFY(r.apply(planSync(r.seed, r.data)));
        writeFile(r.seed + QStringLiteral("/t/index.ts"), "export async function execute() { return { content: [] }; }\n");
        writeFile(r.seed + QStringLiteral("/t/TOOL.md"), toolMd("t", 2));
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan[0].action, SyncActionKind::Update);
        QVERIFY(r.apply(plan));
        QVERIFY(sameTree(r.seed + QStringLiteral("/t"), r.target + QStringLiteral("/t")));
    }

    // TOOLS.md, Common Mistakes, "Forgetting to bump version": "Otherwise sync-tools won't copy
    // the update to the global directory" — planned as skip-equal, flagged, and not copied.
    void rule_aChangeWithoutABumpIsNotCopied()
    {
        Rig r;
        makeTool(r.seed, QStringLiteral("t"), toolMd("t", 1));
        QVERIFY(r.apply(planSync(r.seed, r.data)));
        const QByteArray before = readFile(r.target + QStringLiteral("/t/index.ts"));
        writeFile(r.seed + QStringLiteral("/t/index.ts"), "export async function execute() { return { content: [] }; }\n");
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan[0].action, SyncActionKind::SkipEqual);
        QVERIFY(plan[0].contentDiffers);
        QVERIFY(r.apply(plan));
        QCOMPARE(readFile(r.target + QStringLiteral("/t/index.ts")), before);
    }

    // TOOLS.md: "User edits to global tools are preserved until seed version exceeds theirs":
    // an admin edits the installed tool and bumps it to 3; seeds 1, 2 and 3 leave the edit, 4
    // replaces it. An edit without a bump is kept as long as the seed does not move either.
    void rule_userEditsArePreservedUntilTheSeedVersionExceedsTheirs()
    {
        Rig r;
        makeTool(r.seed, QStringLiteral("t"), toolMd("t", 1));
        QVERIFY(r.apply(planSync(r.seed, r.data)));
        const QString live = r.target + QStringLiteral("/t");
        writeFile(live + QStringLiteral("/TOOL.md"), toolMd("t", 1, "# edited in place, not bumped\n"));
        QCOMPARE(planSync(r.seed, r.data)[0].action, SyncActionKind::SkipEqual);
        writeFile(live + QStringLiteral("/TOOL.md"), toolMd("t", 3, "# edited in place\n"));
        writeFile(live + QStringLiteral("/notes.md"), "the admin's notes\n");
        const auto edited = [&] {
            return readFile(live + QStringLiteral("/TOOL.md")) == toolMd("t", 3, "# edited in place\n")
                && QFileInfo::exists(live + QStringLiteral("/notes.md"));
        };
        for (int seedVersion : {1, 2, 3}) {
            writeFile(r.seed + QStringLiteral("/t/TOOL.md"), toolMd("t", seedVersion));
            const QList<SyncAction> plan = planSync(r.seed, r.data);
            QCOMPARE(plan[0].action, seedVersion < 3 ? SyncActionKind::KeepNewer : SyncActionKind::SkipEqual);
            QVERIFY(r.apply(plan));
            QVERIFY2(edited(), qPrintable(QStringLiteral("seed v%1 overwrote the edit").arg(seedVersion)));
        }
        writeFile(r.seed + QStringLiteral("/t/TOOL.md"), toolMd("t", 4));
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan[0].action, SyncActionKind::Update);
        QVERIFY(r.apply(plan));
        QVERIFY(!edited());
        QVERIFY(sameTree(r.seed + QStringLiteral("/t"), live));
    }

    // Removal. TOOLS.md's sync only copies from the seed ("copies tools from seed/tools/ to
    // DATA_PATH/tools/ … Only copy if …"); no rule removes anything from DATA_PATH/tools, so a
    // global tool whose seed directory is gone stays installed, untouched, and is not planned.
    // (Files a seed tool dropped do go, with its update: rule_updateReplacesTheWholeDirectory.)
    void rule_aToolRemovedFromTheSeedStaysInstalled()
    {
        Rig r;
        makeTool(r.seed, QStringLiteral("kept"), toolMd("kept", 1));
        makeTool(r.target, QStringLiteral("retired"), toolMd("retired", 5));
        const QByteArray retired = readFile(r.target + QStringLiteral("/retired/TOOL.md"));
        const QList<SyncAction> plan = planSync(r.seed, r.data);
        QCOMPARE(plan.size(), 1);
        QCOMPARE(plan[0].dir, QStringLiteral("kept"));
        QVERIFY(r.apply(plan));
        QCOMPARE(readFile(r.target + QStringLiteral("/retired/TOOL.md")), retired);
        QVERIFY(QFile::exists(r.target + QStringLiteral("/retired/index.ts")));
    }

    // TOOLS.md: "1. Parse version from TOOL.md frontmatter" — a seed subdirectory without a
    // TOOL.md is no tool (File Structure: "TOOL.md … (required)"): reported as skipped with the
    // reason, never planned (it was planned as an install of v0) nor copied.
    void seedDirWithoutToolMdIsSkippedNotPlanned()
    {
        Rig r;
        makeTool(r.seed, QStringLiteral("real"), toolMd("real", 1));
        writeFile(r.seed + QStringLiteral("/notes/README.md"), "not a tool\n");
        writeFile(r.seed + QStringLiteral("/.git/config"), "[core]\n");
        QList<SyncSkip> skipped;
        const QList<SyncAction> plan = planSync(r.seed, r.data, &skipped);
        QCOMPARE(plan.size(), 1);
        QCOMPARE(plan[0].dir, QStringLiteral("real"));
        QCOMPARE(skipped.size(), 2);
        QCOMPARE(skipped[0].dir, QStringLiteral(".git"));
        QCOMPARE(skipped[1].dir, QStringLiteral("notes"));
        for (const SyncSkip &s : skipped)
            QVERIFY2(s.reason.contains(QStringLiteral("no TOOL.md")), qPrintable(s.reason));
        QVERIFY(r.apply(plan));
        QCOMPARE(sortedSubdirectoryNames(r.target), QStringList{QStringLiteral("real")});
    }

    // TOOLS.md: "sync-tools.ts copies tools from seed/tools/": the seed root (the platform's
    // seed/, holding tools/) stands for its tools/ — it used to plan one tool called `tools`.
    void seedRootMeansItsToolsDir()
    {
        Rig r;
        const QString root = QFileInfo(r.seed).path();
        makeTool(r.seed, QStringLiteral("hello"), toolMd("hello", 2));
        writeFile(root + QStringLiteral("/README.md"), "the seed\n");
        writeFile(root + QStringLiteral("/docs/guide.md"), "no tools here\n");
        const SeedToolsDir fromRoot = resolveSeedToolsDir(root);
        QVERIFY2(fromRoot.ok(), qPrintable(fromRoot.error));
        QCOMPARE(fromRoot.path, r.seed);
        QVERIFY(fromRoot.fromSeedRoot);
        const SeedToolsDir direct = resolveSeedToolsDir(r.seed);
        QCOMPARE(direct.path, r.seed);
        QVERIFY(!direct.fromSeedRoot);
        const SyncPlan plan = planSeedSync(root, r.data);
        QCOMPARE(plan.actions.size(), 1);
        QCOMPARE(plan.actions[0].dir, QStringLiteral("hello"));
        QCOMPARE(plan.actions[0].seedVersion, 2);
        QVERIFY(plan.skipped.isEmpty());
        // A tools dir holding a tool whose directory is called `tools` is a tools dir.
        makeTool(r.seed, QStringLiteral("tools"), toolMd("tools", 1));
        QCOMPARE(resolveSeedToolsDir(r.seed).path, r.seed);
        QVERIFY(!resolveSeedToolsDir(r.seed).fromSeedRoot);
    }

    // A folder that is neither a tools dir nor a seed root is refused with a one-line reason and
    // nothing is planned.
    void folderThatIsNeitherIsRefused_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QString() << QStringLiteral("is not a seed");
        QTest::newRow("folders without TOOL.md") << QStringLiteral("notes/README.md") << QStringLiteral("is not a seed");
        QTest::newRow("a single tool's dir") << QStringLiteral("TOOL.md") << QStringLiteral("is not a seed");
        QTest::newRow("missing") << QStringLiteral("-") << QStringLiteral("does not exist");
    }
    void folderThatIsNeitherIsRefused()
    {
        QFETCH(QString, layout);
        QFETCH(QString, reason);
        Rig r;
        const QString dir = r.tmp.path() + QStringLiteral("/picked");
        if (layout != u"-")
            QVERIFY(QDir().mkpath(dir));
        if (!layout.isEmpty() && layout != u"-")
            writeFile(dir + u'/' + layout, toolMd("t", 1));
        const SyncPlan plan = planSeedSync(dir, r.data);
        QVERIFY(!plan.seed.ok());
        QVERIFY2(plan.seed.error.contains(reason) && !plan.seed.error.contains(u'\n'), qPrintable(plan.seed.error));
        QVERIFY(plan.seed.path.isEmpty());
        QVERIFY(plan.actions.isEmpty());
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
