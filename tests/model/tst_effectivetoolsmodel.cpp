// One user's effective tools as a flat list, updated by diffs when the catalog or user changes.

#include "catalog/catalog.h"
#include "effectivetoolsmodel.h"
#include "fixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;

class TestEffectiveToolsModel final : public QObject
{
    Q_OBJECT
    static QStringList rows(const QAbstractItemModel &m)
    {
        QStringList names;
        for (int r = 0; r < m.rowCount(); ++r)
            names.append(m.index(r, 0).data(NameRole).toString() + u'@' + m.index(r, 0).data(ScopeRole).toString());
        return names;
    }

private Q_SLOTS:
    // Each user's effective tools: global first, the user's over a global one of the same name.
    void rowsForAUser_data()
    {
        QTest::addColumn<QString>("user");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("no user: the global tools") << QString()
                                                   << QStringList{QStringLiteral("greet@global"), QStringLiteral("weather@global")};
        QTest::newRow("alice") << QStringLiteral("alice@example.com")
                               << QStringList{QStringLiteral("greet@user"), QStringLiteral("todo@user"), QStringLiteral("weather@global")};
        QTest::newRow("bob") << QStringLiteral("bob@example.com")
                             << QStringList{QStringLiteral("dup@user"), QStringLiteral("greet@global"), QStringLiteral("weather@user")};
    }
    void rowsForAUser()
    {
        QFETCH(QString, user);
        QFETCH(QStringList, expected);
        EffectiveToolsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")))));
        model.setUser(user);
        QCOMPARE(rows(model), expected);
    }

    // Switching users updates the rows by diffs, never a reset.
    void perUser()
    {
        EffectiveToolsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto catalog = std::make_shared<const Catalog>(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"))));
        model.setCatalog(catalog);
        QCOMPARE(rows(model), (QStringList{QStringLiteral("greet@global"), QStringLiteral("weather@global")}));
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setUser(QStringLiteral("alice@example.com"));
        QCOMPARE(rows(model), (QStringList{QStringLiteral("greet@user"), QStringLiteral("todo@user"),
                                           QStringLiteral("weather@global")}));
        QCOMPARE(OverrideState(model.index(0, 0).data(OverrideStateRole).toInt()), OverrideState::OverridesGlobal);
        QCOMPARE(model.index(0, 0).data(OverriddenVersionRole).toInt(), 2);
        QVERIFY(model.index(0, EffectiveToolsModel::StatusColumn).data().toString().contains(QStringLiteral("shadows global v2")));
        model.setUser(QStringLiteral("bob@example.com"));
        QCOMPARE(rows(model), (QStringList{QStringLiteral("dup@user"), QStringLiteral("greet@global"),
                                           QStringLiteral("weather@user")}));
        QCOMPARE(model.effectiveSet().shadowed.size(), 2);
        model.setCatalog(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(reset.size(), 0);
    }

    void largeCatalogInsertsInOneRun()
    {
        QTemporaryDir tmp;
        for (int i = 0; i < 300; ++i)
            tw::test::makeTool(tmp.path() + QStringLiteral("/tools"), QStringLiteral("t%1").arg(i, 3, 10, QLatin1Char('0')),
                               tw::test::toolMd("t" + QByteArray::number(i).rightJustified(3, '0')));
        EffectiveToolsModel model;
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(tmp.path())));
        QCOMPARE(model.rowCount(), 300);
        QCOMPARE(inserted.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestEffectiveToolsModel)
#include "tst_effectivetoolsmodel.moc"
