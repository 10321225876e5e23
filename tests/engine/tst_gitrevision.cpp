// `toolwright lint --since REV` against a real git repository made in a temporary directory:
// which tools changed since the revision (committed, staged, in the work tree, untracked) and
// the version each had there.

#include "catalog/gitrevision.h"
#include "fixture.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::toolMd;
using tw::test::writeFile;

class TestGitRevision final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_repo;
    QString m_tools;

    void git(const QStringList &args)
    {
        QProcess p;
        // An identity of its own and no user or system configuration: the same repository everywhere.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
        env.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
        env.insert(QStringLiteral("GIT_AUTHOR_NAME"), QStringLiteral("Test"));
        env.insert(QStringLiteral("GIT_AUTHOR_EMAIL"), QStringLiteral("test@example.com"));
        env.insert(QStringLiteral("GIT_COMMITTER_NAME"), QStringLiteral("Test"));
        env.insert(QStringLiteral("GIT_COMMITTER_EMAIL"), QStringLiteral("test@example.com"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("git"), QStringList{QStringLiteral("-C"), m_repo} + args);
        QVERIFY2(p.waitForFinished(60000) && p.exitCode() == 0,
                 qPrintable(args.join(u' ') + QStringLiteral(": ") + QString::fromLocal8Bit(p.readAllStandardError())));
    }

    GitRevision open(const QString &rev)
    {
        QString error;
        const std::optional<GitRevision> g = GitRevision::open(m_tools, rev, &error);
        if (!g)
            qFatal("GitRevision::open(%s) failed: %s", qPrintable(rev), qPrintable(error));
        return *g;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_repo = m_tmp.path() + QStringLiteral("/repo");
        m_tools = m_repo + QStringLiteral("/seed/tools");
        QDir().mkpath(m_repo);
        git({QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("-b"), QStringLiteral("main")});
        for (const char *name : {"untouched", "edited", "staged", "committed", "removed", "a", "ab", "caf\xC3\xA9", "with space"})
            makeTool(m_tools, QString::fromUtf8(name), toolMd(QByteArray(name).replace("\xC3\xA9", "e").replace(' ', '_'), 3));
        writeFile(m_tools + QStringLiteral("/noversion/TOOL.md"), "---\nname: noversion\ndescription: d\n---\n\n# N\n");
        writeFile(m_tools + QStringLiteral("/noversion/index.ts"), tw::test::kGoodEntry);
        writeFile(m_repo + QStringLiteral("/.gitignore"), "*.log\n");
        git({QStringLiteral("add"), QStringLiteral("-A")});
        git({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("base")});
        git({QStringLiteral("tag"), QStringLiteral("base")});

        // After the revision: one commit, then staged, unstaged and untracked changes.
        writeFile(m_tools + QStringLiteral("/committed/index.ts"), "// changed in a commit\n");
        writeFile(m_tools + QStringLiteral("/ab/index.ts"), "// only ab changed, not a\n");
        writeFile(m_tools + QString::fromUtf8("/caf\xC3\xA9/index.ts"), "// a name git quotes\n");
        writeFile(m_tools + QStringLiteral("/with space/index.ts"), "// a name with a space\n");
        git({QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-am"), QStringLiteral("later")});
        writeFile(m_tools + QStringLiteral("/staged/TOOL.md"), toolMd("staged", 4));
        git({QStringLiteral("add"), QStringLiteral("seed/tools/staged/TOOL.md")});
        writeFile(m_tools + QStringLiteral("/edited/index.ts"), "// edited in the work tree\n");
        git({QStringLiteral("rm"), QStringLiteral("-q"), QStringLiteral("-r"), QStringLiteral("seed/tools/removed")});
        makeTool(m_tools, QStringLiteral("brand_new"), toolMd("brand_new", 1));           // untracked
        writeFile(m_tools + QStringLiteral("/untouched/debug.log"), "ignored by .gitignore\n"); // ignored
    }

    void openErrors()
    {
        QString error;
        QVERIFY(!GitRevision::open(m_tmp.path(), QStringLiteral("base"), &error));
        QVERIFY2(error.contains(QStringLiteral("not in a git checkout")), qPrintable(error));
        QVERIFY(!GitRevision::open(m_tools, QStringLiteral("no-such-rev"), &error));
        QVERIFY2(error.contains(QStringLiteral("unknown revision 'no-such-rev'")), qPrintable(error));
        // A revision must name a commit: a tree is not one.
        QVERIFY(!GitRevision::open(m_tools, QStringLiteral("base^{tree}"), &error));
        // Not an option in disguise: a revision that git would read as a flag is refused.
        const QString written = m_tmp.path() + QStringLiteral("/written");
        QVERIFY(!GitRevision::open(m_tools, QStringLiteral("--output=") + written, &error));
        QVERIFY(!QFileInfo::exists(written));
    }

    void changedSince_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<bool>("changed");
        QTest::newRow("untouched (ignored file only)") << QStringLiteral("untouched") << false;
        QTest::newRow("committed after") << QStringLiteral("committed") << true;
        QTest::newRow("staged") << QStringLiteral("staged") << true;
        QTest::newRow("work tree") << QStringLiteral("edited") << true;
        QTest::newRow("removed") << QStringLiteral("removed") << true;
        QTest::newRow("untracked") << QStringLiteral("brand_new") << true;
        QTest::newRow("ab changed") << QStringLiteral("ab") << true;
        QTest::newRow("a is not ab") << QStringLiteral("a") << false;
        QTest::newRow("non-ASCII name") << QString::fromUtf8("caf\xC3\xA9") << true;
        QTest::newRow("name with a space") << QStringLiteral("with space") << true;
        QTest::newRow("no version") << QStringLiteral("noversion") << false;
    }
    void changedSince()
    {
        QFETCH(QString, tool);
        QFETCH(bool, changed);
        const GitRevision g = open(QStringLiteral("base"));
        QCOMPARE(g.revision(), QStringLiteral("base"));
        QCOMPARE(g.changedSince(m_tools + u'/' + tool), changed);
        // The same through a path with a detour in it.
        QCOMPARE(g.changedSince(m_tools + QStringLiteral("/../tools/") + tool), changed);
    }

    void versionAt()
    {
        const GitRevision g = open(QStringLiteral("base"));
        QCOMPARE(g.versionAt(m_tools + QStringLiteral("/staged")), std::optional<int>(3)); // not the staged 4
        QCOMPARE(g.versionAt(m_tools + QStringLiteral("/removed")), std::optional<int>(3));
        QCOMPARE(g.versionAt(m_tools + QString::fromUtf8("/caf\xC3\xA9")), std::optional<int>(3));
        QCOMPARE(g.versionAt(m_tools + QStringLiteral("/noversion")), std::optional<int>(0)); // TOOLS.md: defaults to 0
        QCOMPARE(g.versionAt(m_tools + QStringLiteral("/brand_new")), std::nullopt); // did not exist then
        // Against HEAD, the later commit is the base.
        const GitRevision head = open(QStringLiteral("HEAD"));
        QVERIFY(!head.changedSince(m_tools + QStringLiteral("/committed")));
        QVERIFY(head.changedSince(m_tools + QStringLiteral("/staged")));
    }

    // Opened on a path through a symbolic link to the checkout.
    void throughASymlink()
    {
        const QString link = m_tmp.path() + QStringLiteral("/link");
        QVERIFY(QFile::link(m_repo, link));
        QString error;
        const std::optional<GitRevision> g = GitRevision::open(link + QStringLiteral("/seed/tools"), QStringLiteral("base"), &error);
        QVERIFY2(g, qPrintable(error));
        QVERIFY(g->changedSince(link + QStringLiteral("/seed/tools/edited")));
        QVERIFY(!g->changedSince(link + QStringLiteral("/seed/tools/untouched")));
        QCOMPARE(g->versionAt(link + QStringLiteral("/seed/tools/edited")), std::optional<int>(3));
    }
};

QTEST_GUILESS_MAIN(TestGitRevision)
#include "tst_gitrevision.moc"
