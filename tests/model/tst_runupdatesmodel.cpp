// The onUpdate list of a run pane: batches append in order, the latest row is emphasised (and
// only it), the cap keeps the newest rows and counts the rest, long texts are cut.

#include "runupdatesmodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using tw::model::RunUpdatesModel;

// docs/decisions.md ("Snapshots"): the Timeline keeps the newest 5,000 updates, the selected one
// in full up to 16 K characters. Stated here, not taken from the model: a changed cap must fail.
constexpr int kKeptRows = 5000;
constexpr int kKeptTextChars = 16 * 1024;

class TestRunUpdatesModel final : public QObject
{
    Q_OBJECT
    static QList<RunUpdatesModel::Update> batch(int from, int to)
    {
        QList<RunUpdatesModel::Update> b;
        for (int i = from; i <= to; ++i)
            b.append({i * 10, QStringLiteral("u%1").arg(i)});
        return b;
    }

private Q_SLOTS:
    void appendsInOrderAndEmphasisesTheLatest()
    {
        RunUpdatesModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        m.append(batch(1, 3));
        m.append(batch(4, 5));
        QCOMPARE(m.rowCount(), 5);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(m.index(i).data(RunUpdatesModel::TextRole).toString(), QStringLiteral("u%1").arg(i + 1));
        QVERIFY(m.index(4).data(RunUpdatesModel::LatestRole).toBool());
        QVERIFY(m.index(4).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!m.index(2).data(RunUpdatesModel::LatestRole).toBool());
        QCOMPARE(changed.size(), 1); // the old latest row lost its emphasis
        QCOMPARE(changed.first().first().toModelIndex().row(), 2);
        QCOMPARE(m.index(1).data(Qt::DisplayRole).toString(), QStringLiteral("+0.020 s  u2"));
        m.append({});
        QCOMPARE(m.rowCount(), 5);
    }

    void theCapKeepsTheNewest()
    {
        RunUpdatesModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.append(batch(1, kKeptRows - 10));
        m.append(batch(kKeptRows - 9, kKeptRows + 20));
        QCOMPARE(m.rowCount(), kKeptRows);
        QCOMPARE(m.dropped(), 20);
        QCOMPARE(m.total(), kKeptRows + 20);
        QCOMPARE(m.index(0).data(RunUpdatesModel::TextRole).toString(), QStringLiteral("u21"));
        // One batch larger than the cap.
        m.append(batch(1, 2 * kKeptRows));
        QCOMPARE(m.rowCount(), kKeptRows);
        QCOMPARE(m.total(), 3 * kKeptRows + 20);
        QCOMPARE(m.latest()->text, QStringLiteral("u%1").arg(2 * kKeptRows));
        m.clear();
        QCOMPARE(m.total(), 0);
        QVERIFY(!m.latest());
    }

    void longTextsAreCut()
    {
        RunUpdatesModel m;
        m.append({{0, QString(kKeptTextChars + 100, u'x')}});
        const QString t = m.index(0).data(RunUpdatesModel::TextRole).toString();
        QVERIFY(t.size() < kKeptTextChars + 100);
        QCOMPARE(t.indexOf(QRegularExpression(QStringLiteral("[^x]"))), qsizetype(kKeptTextChars)); // its first 16 K kept
        QVERIFY(t.contains(QStringLiteral("100 more characters")));
        // The list row shows a bounded first line, marked as cut.
        const QString row = m.index(0).data(Qt::DisplayRole).toString();
        QVERIFY(row.size() < RunUpdatesModel::kMaxLineChars + 20);
        QVERIFY(row.endsWith(QStringLiteral(" …")));
    }

    void unseenUpdatesAreCounted()
    {
        RunUpdatesModel m;
        m.append({{1, QStringLiteral("a")}});
        m.append({{2, QStringLiteral("z")}}, 40);
        QCOMPARE(m.total(), 42);
        QCOMPARE(m.dropped(), 40);
        QCOMPARE(m.rowCount(), 2);
    }

    void rowsShowTheFirstLine()
    {
        RunUpdatesModel m;
        m.append({{5, QStringLiteral("step 2 of 3\npartial table\nrow")}, {9, QStringLiteral("done")}});
        QCOMPARE(m.index(0).data(Qt::DisplayRole).toString(), QStringLiteral("+0.005 s  step 2 of 3 …"));
        QCOMPARE(m.index(0).data(RunUpdatesModel::TextRole).toString(), QStringLiteral("step 2 of 3\npartial table\nrow"));
        QCOMPARE(m.index(1).data(Qt::DisplayRole).toString(), QStringLiteral("+0.009 s  done"));
    }

    // A row may stand for several onUpdate calls (the runner folds them when the reader falls
    // behind): the counts add up to total(), the row says how many, the cap drops calls.
    void foldedUpdatesCount()
    {
        RunUpdatesModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.append({{1, QStringLiteral("a")}, {2, QStringLiteral("b"), 998}, {3, QStringLiteral("c")}});
        QCOMPARE(m.total(), 1000);
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.index(1).data(Qt::DisplayRole).toString(), QStringLiteral("+0.002 s  ×998  b"));
        QVERIFY(m.index(1).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Update 999 of 1000")));
        QVERIFY(m.index(2).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Update 1000 of 1000")));
        QList<RunUpdatesModel::Update> more;
        for (int i = 0; i < kKeptRows - 2; ++i)
            more.append({10, QStringLiteral("m")});
        m.append(more); // one row over the cap: the oldest ("a", one call) goes
        QCOMPARE(m.dropped(), 1);
        m.append({{11, QStringLiteral("n")}}); // then "b", 998 calls
        QCOMPARE(m.dropped(), 999);
        QCOMPARE(m.total(), 1000 + kKeptRows - 1);
    }
};

QTEST_GUILESS_MAIN(TestRunUpdatesModel)
#include "tst_runupdatesmodel.moc"
