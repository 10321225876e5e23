// A DATA_PATH as the platform lays it out (TOOLS.md "Tool Locations"): which directories are
// users, where each location is, the order locations are scanned and reported in, and that a
// scan for one user reads no other user's tools.

#include "catalog/catalog.h"
#include "fixture.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::toolMd;

class TestCatalog final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;

private Q_SLOTS:
    void init()
    {
        m_data = m_tmp.path() + QStringLiteral("/data");
        QDir(m_data).removeRecursively();
        makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("g"), toolMd("g"));
        makeTool(m_data + QStringLiteral("/b@x/tools"), QStringLiteral("t1"), toolMd("t1"));
        makeTool(m_data + QStringLiteral("/b@x/tools"), QStringLiteral("t2"), toolMd("t2"));
        makeTool(m_data + QStringLiteral("/A@x/tools"), QStringLiteral("t3"), toolMd("t3"));
        QDir().mkpath(m_data + QStringLiteral("/c@x")); // a user without a tools dir yet
        QDir().mkpath(m_data + QStringLiteral("/logs"));  // no '@': not a user
        tw::test::writeFile(m_data + QStringLiteral("/d@x"), "a file, not a user directory");
    }

    // DESIGN.md: `<email>` is any directory name under DATA_PATH containing '@' (byte-wise order).
    void userDirectories()
    {
        QCOMPARE(tw::engine::userDirectories(m_data),
                 (QStringList{QStringLiteral("A@x"), QStringLiteral("b@x"), QStringLiteral("c@x")}));
        QVERIFY(tw::engine::userDirectories(m_data + QStringLiteral("/missing")).isEmpty());
    }

    void locationPaths()
    {
        QCOMPARE(globalToolsPath(QStringLiteral("/srv/data")), QStringLiteral("/srv/data/tools"));
        QCOMPARE(globalToolsPath(QStringLiteral("/srv/data/")), QStringLiteral("/srv/data/tools"));
        QCOMPARE(userToolsPath(QStringLiteral("/srv/data/"), QStringLiteral("a@x")), QStringLiteral("/srv/data/a@x/tools"));
    }

    void scanOrderAndLookup()
    {
        QStringList reported;
        const Catalog c = scanDataPath(m_data + QStringLiteral("/./"), nullptr, [&](const LocationScan &loc) {
            reported.append(loc.scope == Scope::Global ? QStringLiteral("global") : loc.user);
        });
        QCOMPARE(c.dataPath, m_data); // absolute and clean
        // Global first (it registers first), then the users in byte-wise order.
        QCOMPARE(reported, (QStringList{QStringLiteral("global"), QStringLiteral("A@x"), QStringLiteral("b@x"), QStringLiteral("c@x")}));
        QCOMPARE(c.userEmails(), (QStringList{QStringLiteral("A@x"), QStringLiteral("b@x"), QStringLiteral("c@x")}));
        QCOMPARE(c.global.path, m_data + QStringLiteral("/tools"));
        QCOMPARE(c.global.scope, Scope::Global);
        QCOMPARE(c.toolCount(), 4);
        const LocationScan *b = c.userLocation(QStringLiteral("b@x"));
        QVERIFY(b);
        QCOMPARE(b->path, m_data + QStringLiteral("/b@x/tools"));
        QCOMPARE(b->scope, Scope::User);
        QCOMPARE(b->tools.size(), 2);
        QCOMPARE(b->tools[0].user, QStringLiteral("b@x"));
        const LocationScan *noTools = c.userLocation(QStringLiteral("c@x"));
        QVERIFY(noTools);
        QVERIFY(!noTools->exists);
        QVERIFY(!c.userLocation(QStringLiteral("B@x"))); // emails are directory names: exact
        QVERIFY(!c.userLocation(QStringLiteral("logs")));
    }

    void relativeDataPath()
    {
        const QString cwd = QDir::currentPath();
        QVERIFY(QDir::setCurrent(m_tmp.path()));
        const Catalog c = scanDataPath(QStringLiteral("data"));
        QDir::setCurrent(cwd);
        QCOMPARE(c.dataPath, m_data);
        QCOMPARE(c.toolCount(), 4);
    }

    void emptyOrMissingDataPath()
    {
        const Catalog c = scanDataPath(m_tmp.path() + QStringLiteral("/missing"));
        QVERIFY(!c.global.exists);
        QVERIFY(c.users.isEmpty());
        QCOMPARE(c.toolCount(), 0);
    }

    // What one user's run and `list --user` see: the global tools and that user's, and no other
    // user's tools are even read (counted by the files the scans read).
    void scanForOneUser()
    {
        const Catalog b = scanForUser(m_data, QStringLiteral("b@x"));
        QCOMPARE(b.dataPath, m_data);
        QCOMPARE(b.global.tools.size(), 1);
        QCOMPARE(b.userEmails(), QStringList{QStringLiteral("b@x")});
        QCOMPARE(b.toolCount(), 3);
        QCOMPARE(b.global.filesRead + b.users[0].filesRead, 6); // g, t1, t2: TOOL.md and entry each

        const Catalog global = scanForUser(m_data, QString());
        QVERIFY(global.users.isEmpty());
        QCOMPARE(global.global.filesRead, 2);

        // A name that is no user directory of DATA_PATH reads nothing beyond the global tools,
        // whatever path it spells.
        for (const QString &email : {QStringLiteral("nobody@x"), QStringLiteral("b@x/../A@x"), QStringLiteral("../data/b@x"),
                                     QStringLiteral("logs"), QStringLiteral("d@x")}) {
            const Catalog c = scanForUser(m_data, email);
            QVERIFY2(c.users.isEmpty(), qPrintable(email));
            QCOMPARE(c.toolCount(), 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
