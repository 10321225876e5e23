// Side-by-side line diffs built on libdtl.

#include "authoring/textdiff.h"

#include <QTest>

using namespace tw::engine;

class TestTextDiff final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void identical()
    {
        const QList<DiffRow> rows = sideBySideDiff(QStringLiteral("a\nb\n"), QStringLiteral("a\nb\n"));
        QCOMPARE(rows.size(), 2);
        QCOMPARE(changedRowCount(rows), 0);
        QCOMPARE(rows[1], (DiffRow{DiffKind::Same, 2, 2, QStringLiteral("b"), QStringLiteral("b")}));
    }

    void changedLinesArePaired()
    {
        const QList<DiffRow> rows = sideBySideDiff(QStringLiteral("---\nname: x\nversion: 1\nbody\n"),
                                                   QStringLiteral("---\nname: x\nversion: 2\nbody\n"));
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows[2], (DiffRow{DiffKind::Changed, 3, 3, QStringLiteral("version: 1"), QStringLiteral("version: 2")}));
        QCOMPARE(changedRowCount(rows), 1);
    }

    void insertionsAndDeletions()
    {
        const QList<DiffRow> rows = sideBySideDiff(QStringLiteral("a\nb\nc\nd"), QStringLiteral("a\nc\nd\ne\nf"));
        // a same, b removed, c d same, e f added
        QCOMPARE(rows.size(), 6);
        QCOMPARE(rows[1].kind, DiffKind::Removed);
        QCOMPARE(rows[1].leftLine, 2);
        QCOMPARE(rows[1].rightLine, 0);
        QCOMPARE(rows[2], (DiffRow{DiffKind::Same, 3, 2, QStringLiteral("c"), QStringLiteral("c")}));
        QCOMPARE(rows[4].kind, DiffKind::Added);
        QCOMPARE(rows[5], (DiffRow{DiffKind::Added, 0, 5, QString(), QStringLiteral("f")}));
    }

    void emptySides()
    {
        QCOMPARE(sideBySideDiff(QString(), QString()).size(), 0);
        const QList<DiffRow> added = sideBySideDiff(QString(), QStringLiteral("x\ny\n"));
        QCOMPARE(added.size(), 2);
        QCOMPARE(added[0].kind, DiffKind::Added);
        const QList<DiffRow> removed = sideBySideDiff(QStringLiteral("x"), QString());
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed[0].kind, DiffKind::Removed);
    }

    void crlfEqualsLf()
    {
        QCOMPARE(changedRowCount(sideBySideDiff(QStringLiteral("a\r\nb\r\n"), QStringLiteral("a\nb\n"))), 0);
    }

    void largeInputsStayBounded()
    {
        QString a, b;
        for (int i = 0; i < 20000; ++i) {
            a += QStringLiteral("line %1\n").arg(i);
            b += QStringLiteral("line %1\n").arg(i % 7 == 0 ? -i : i);
        }
        const QList<DiffRow> rows = sideBySideDiff(a, b);
        QCOMPARE(changedRowCount(rows), 2857); // every seventh line of 1..19999 (line 0 stays: -0 is 0)
    }
};

QTEST_GUILESS_MAIN(TestTextDiff)
#include "tst_textdiff.moc"
