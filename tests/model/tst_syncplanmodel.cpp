// The sync plan table, with the not-bumped rows flagged.

#include "syncplanmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;

class TestSyncPlanModel final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rows()
    {
        SyncPlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SyncAction install{QStringLiteral("a"), SyncActionKind::Install, 1, std::nullopt, false, {}};
        SyncAction update{QStringLiteral("b"), SyncActionKind::Update, 3, 2, false, {}};
        SyncAction notBumped{QStringLiteral("c"), SyncActionKind::SkipEqual, 2, 2, true, {}};
        SyncAction newer{QStringLiteral("d"), SyncActionKind::KeepNewer, 1, 5, false, {}};
        model.setPlan({install, update, notBumped, newer});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.count(SyncActionKind::Install), 1);
        QCOMPARE(model.notBumpedCount(), 1);
        QCOMPARE(model.index(0, SyncPlanModel::InstalledVersionColumn).data().toString(), QStringLiteral("—"));
        QCOMPARE(model.index(1, SyncPlanModel::ActionColumn).data().toString(), QStringLiteral("update"));
        QCOMPARE(model.index(3, SyncPlanModel::InstalledVersionColumn).data().toInt(), 5);
        QVERIFY(model.index(2, SyncPlanModel::ReasonColumn).data().toString().contains(QStringLiteral("not bumped")));
        QVERIFY(model.index(2, 0).data(SyncPlanModel::ContentDiffersRole).toBool());
        QVERIFY(model.index(2, 0).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(3, 0).data(Qt::BackgroundRole).isValid());
        model.setPlan({});
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSyncPlanModel)
#include "tst_syncplanmodel.moc"
