// The side-by-side diff table: rows, colours, the sides' titles and whole lines in tool tips.

#include "diffmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTextDocument>
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

    // The sides are named in the text columns' headers; a line is whole in its tool tip.
    void titlesAndToolTips()
    {
        DiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
        model.setTitles(QStringLiteral("Global — greet/TOOL.md"), QStringLiteral("alice@example.com — greet_custom/TOOL.md"));
        QCOMPARE(headers.size(), 1);
        QCOMPARE(model.headerData(DiffModel::LeftTextColumn, Qt::Horizontal).toString(), QStringLiteral("Global — greet/TOOL.md"));
        QCOMPARE(model.headerData(DiffModel::RightTextColumn, Qt::Horizontal).toString(),
                 QStringLiteral("alice@example.com — greet_custom/TOOL.md"));
        QCOMPARE(model.headerData(DiffModel::LeftLineColumn, Qt::Horizontal).toString(), QString());
        const QString longLine = QStringLiteral("description: ") + QString(300, u'x') + QStringLiteral(" <end>");
        model.setTexts(QStringLiteral("a\n"), QStringLiteral("a\n") + longLine + u'\n');
        const QString tip = model.index(1, DiffModel::RightTextColumn).data(Qt::ToolTipRole).toString();
        QVERIFY(Qt::mightBeRichText(tip)); // so that it wraps
        QVERIFY(tip.contains(QStringLiteral("Line 2:")));
        QVERIFY(tip.contains(QStringLiteral(" &lt;end&gt;")));
        QVERIFY(!model.index(1, DiffModel::LeftTextColumn).data(Qt::ToolTipRole).isValid()); // no left line
        QVERIFY(!model.index(1, DiffModel::RightLineColumn).data(Qt::ToolTipRole).isValid());
        QCOMPARE(model.index(1, DiffModel::RightTextColumn).data().toString(), longLine);
        // A minified file's one line is shown cut, saying how much is left out.
        const QString huge(DiffModel::kMaxShownChars + 10, u'y');
        model.setTexts(QString(), huge);
        const QString shown = model.index(0, DiffModel::RightTextColumn).data().toString();
        QVERIFY(shown.startsWith(huge.left(DiffModel::kMaxShownChars)));
        QVERIFY(shown.endsWith(QStringLiteral("(10 more characters)")));
    }
};

QTEST_GUILESS_MAIN(TestDiffModel)
#include "tst_diffmodel.moc"
