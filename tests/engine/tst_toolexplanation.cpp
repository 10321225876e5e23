// "Explain": registrations in order and why the winner wins, on the multi-user fixture.

#include "catalog/catalog.h"
#include "catalog/toolexplanation.h"
#include "testpaths.h"

#include <QTest>

using namespace tw::engine;

class TestToolExplanation final : public QObject
{
    Q_OBJECT
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase() { m_catalog = scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"))); }

    void userOverride()
    {
        const ToolExplanation e = explainTool(m_catalog, QStringLiteral("alice@example.com"), QStringLiteral("greet"));
        QCOMPARE(e.registrations.size(), 2);
        QCOMPARE(e.registrations[0].tool.scope, Scope::Global);
        QCOMPARE(e.registrations[0].order, 1);
        QVERIFY(!e.registrations[0].wins);
        QCOMPARE(e.registrations[1].tool.dirName, QStringLiteral("greet_custom")); // dir name differs from the name
        QCOMPARE(e.registrations[1].order, 3); // after global greet and weather
        QVERIFY(e.registrations[1].wins);
        QCOMPARE(e.winner()->tool.scope, Scope::User);
        QVERIFY(e.lines.join(u'\n').contains(QStringLiteral("versions do not matter (v1 over v2)")));
    }

    void duplicateInOneLocation()
    {
        const ToolExplanation e = explainTool(m_catalog, QStringLiteral("bob@example.com"), QStringLiteral("dup"));
        QCOMPARE(e.registrations.size(), 2);
        QCOMPARE(e.winner()->tool.dirName, QStringLiteral("dup_b"));
        QVERIFY(e.lines.last().contains(QStringLiteral("sorts later byte-wise")));
    }

    void onlyGlobal()
    {
        const ToolExplanation e = explainTool(m_catalog, QStringLiteral("alice@example.com"), QStringLiteral("weather"));
        QCOMPARE(e.registrations.size(), 1);
        QVERIFY(e.lines.last().startsWith(QStringLiteral("Only one directory defines it")));
    }

    void notLoadedNamesake()
    {
        const ToolExplanation e = explainTool(m_catalog, QString(), QStringLiteral("broken_yaml"));
        QVERIFY(e.registrations.isEmpty());
        QCOMPARE(e.notLoaded.size(), 1);
        QVERIFY(e.lines.first().startsWith(QStringLiteral("No directory registers")));
        QVERIFY(e.lines.last().contains(QStringLiteral("[yaml-syntax]")));
    }

    void userWithoutTheTool()
    {
        const ToolExplanation e = explainTool(m_catalog, QStringLiteral("carol@example.com"), QStringLiteral("greet"));
        QCOMPARE(e.registrations.size(), 1);
        QCOMPARE(e.winner()->tool.scope, Scope::Global);
    }
};

QTEST_GUILESS_MAIN(TestToolExplanation)
#include "tst_toolexplanation.moc"
