// The side-by-side diff table.

#include "diffmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;

class TestDiffModel final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void table()
    {
        DiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTexts(QStringLiteral("a\nb\nc\n"), QStringLiteral("a\nB\nc\nd\n"));
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.changedCount(), 2);
        QCOMPARE(model.index(1, DiffModel::LeftTextColumn).data().toString(), QStringLiteral("b"));
        QCOMPARE(model.index(1, DiffModel::RightTextColumn).data().toString(), QStringLiteral("B"));
        QCOMPARE(DiffKind(model.index(1, 0).data(DiffModel::KindRole).toInt()), DiffKind::Changed);
        QCOMPARE(model.index(3, DiffModel::LeftLineColumn).data(), QVariant());
        QCOMPARE(model.index(3, DiffModel::RightLineColumn).data().toInt(), 4);
        QVERIFY(model.index(3, DiffModel::RightTextColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(3, DiffModel::LeftTextColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(0, 1).data(Qt::BackgroundRole).isValid());
    }
};

QTEST_GUILESS_MAIN(TestDiffModel)
#include "tst_diffmodel.moc"
