// The Overrides view offscreen: the matrix, its filters, and what selecting a cell shows. The
// data is the fixture plus what a new user tripped over: a long line in alice's TOOL.md and a
// tool of bob's that does not load.

#include "admin/overridesview.h"
#include "catalog/catalog.h"
#include "diffmodel.h"
#include "fixture.h"

#include <QApplication>
#include <QCheckBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tw;

namespace {

const QString kLongLine = QStringLiteral("This paragraph is one long line, as Markdown paragraphs often are: ")
    + QString(40, u'x') + QStringLiteral(" and it goes on and on well past the width of its side, ending here: THE END.");

} // namespace

class TestOverridesView final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<ui::OverridesView> m_view;

    QModelIndex proxyCell(const QString &name, const QString &email) const
    {
        QAbstractItemModel *m = m_view->matrixView()->model();
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->headerData(r, Qt::Vertical).toString() != name)
                continue;
            for (int c = 0; c < m->columnCount(); ++c) {
                if (m->headerData(c, Qt::Horizontal).toString() == (email.isEmpty() ? QStringLiteral("Global") : email))
                    return m->index(r, c);
            }
        }
        return {};
    }

    void click(const QModelIndex &cell)
    {
        QTableView *t = m_view->matrixView();
        t->scrollTo(cell);
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->visualRect(cell).center());
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString data = m_tmp.path();
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data));
        const QString aliceMd = data + QStringLiteral("/alice@example.com/tools/greet_custom/TOOL.md");
        test::writeFile(aliceMd, test::readFile(aliceMd) + "\n" + kLongLine.toUtf8() + "\n");
        test::writeFile(data + QStringLiteral("/bob@example.com/tools/forecast/TOOL.md"),
                        "---\nname: forecast\ndescription: \"unterminated\nversion: 1\n---\n");
        test::writeFile(data + QStringLiteral("/bob@example.com/tools/forecast/index.ts"), test::kGoodEntry);
        m_view = std::make_unique<ui::OverridesView>();
        m_view->resize(1000, 700);
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(data)));
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanupTestCase() { m_view.reset(); }

    void matrix()
    {
        QTableView *t = m_view->matrixView();
        QCOMPARE(t->model()->rowCount(), 7); // broken_yaml, dup, forecast, greet, notatool, todo, weather
        QCOMPARE(t->model()->columnCount(), 4);
    }

    // Every header shows its whole text: a user's column is as wide as the address.
    void headersAreNotClipped()
    {
        QTableView *t = m_view->matrixView();
        QHeaderView *header = t->horizontalHeader();
        QFont bold = header->font(); // a header draws the current column's title in bold
        bold.setBold(true);
        const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        for (int c = 0; c < t->model()->columnCount(); ++c) {
            const QString text = t->model()->headerData(c, Qt::Horizontal).toString();
            const int needed = QFontMetrics(bold).horizontalAdvance(text) + margins;
            QVERIFY2(header->sectionSize(c) >= needed,
                     qPrintable(QStringLiteral("%1: %2 px for %3 px of text").arg(text).arg(header->sectionSize(c)).arg(needed)));
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c), qPrintable(text));
        }
    }

    // A user's directory that does not load is a cell saying so, and why.
    void toolThatDoesNotLoadIsACell()
    {
        const QModelIndex cell = proxyCell(QStringLiteral("forecast"), QStringLiteral("bob@example.com"));
        QVERIFY2(cell.isValid(), "bob's forecast, which does not load, is missing from the matrix");
        QVERIFY(cell.data().toString().contains(QStringLiteral("does not load")));
        const QString tip = cell.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("quoted string is never closed")) && tip.contains(QStringLiteral("[yaml-syntax]")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("bob@example.com has no tool of this name")));
        click(cell);
        QTRY_VERIFY(m_view->summaryText().contains(QStringLiteral("does not load")));
        QVERIFY(m_view->summaryText().contains(QStringLiteral("[yaml-syntax]")));
        QVERIFY(m_view->explanationText().contains(QStringLiteral("not loaded")));
        // Its TOOL.md is there to read, on bob's side.
        QVERIFY(m_view->toolMdDiff()->rowCount() > 0);
        QVERIFY(m_view->toolMdDiff()->headerData(model::DiffModel::RightTextColumn, Qt::Horizontal).toString()
                    .contains(QStringLiteral("forecast/TOOL.md")));
        // The global broken tool is a cell too.
        const QModelIndex broken = proxyCell(QStringLiteral("broken_yaml"), QString());
        QVERIFY(broken.isValid());
        QVERIFY(broken.data().toString().contains(QStringLiteral("does not load")));
    }

    // The diff panes say which side is which: the global tool, and alice's.
    void diffSidesAreNamed()
    {
        click(proxyCell(QStringLiteral("greet"), QStringLiteral("alice@example.com")));
        QTRY_VERIFY(m_view->summaryText().contains(QStringLiteral("version 2 → 1")));
        for (int tab = 0; tab < 2; ++tab) {
            m_view->diffTabs()->setCurrentIndex(tab);
            auto *diff = qobject_cast<QTableView *>(m_view->diffTabs()->widget(tab));
            QVERIFY(diff);
            QTRY_VERIFY(diff->horizontalHeader()->isVisible());
            const QString left = diff->model()->headerData(model::DiffModel::LeftTextColumn, Qt::Horizontal).toString();
            const QString right = diff->model()->headerData(model::DiffModel::RightTextColumn, Qt::Horizontal).toString();
            QVERIFY2(left.contains(QStringLiteral("Global")) && left.contains(QStringLiteral("greet/")), qPrintable(left));
            QVERIFY2(right.contains(QStringLiteral("alice@example.com")) && right.contains(QStringLiteral("greet_custom/")), qPrintable(right));
        }
        m_view->diffTabs()->setCurrentIndex(0);
    }

    // A line wider than its side wraps (nothing ends in "…"), and its tool tip holds it whole.
    void longLinesCanBeRead()
    {
        click(proxyCell(QStringLiteral("greet"), QStringLiteral("alice@example.com")));
        m_view->diffTabs()->setCurrentIndex(0);
        auto *diff = qobject_cast<QTableView *>(m_view->diffTabs()->widget(0));
        QVERIFY(diff);
        int row = -1;
        for (int r = 0; r < diff->model()->rowCount(); ++r) {
            if (diff->model()->index(r, model::DiffModel::RightTextColumn).data().toString() == kLongLine)
                row = r;
        }
        QVERIFY(row >= 0);
        const QModelIndex cell = diff->model()->index(row, model::DiffModel::RightTextColumn);
        const QFontMetrics fm(cell.data(Qt::FontRole).value<QFont>());
        const int width = diff->columnWidth(model::DiffModel::RightTextColumn);
        QVERIFY2(fm.horizontalAdvance(kLongLine) > width, "the test line must be wider than its side");
        const int lines = int(std::ceil(double(fm.horizontalAdvance(kLongLine)) / width));
        QTRY_VERIFY2(diff->rowHeight(row) >= lines * fm.lineSpacing(),
                     qPrintable(QStringLiteral("row %1 px high for %2 lines of %3 px").arg(diff->rowHeight(row)).arg(lines).arg(fm.lineSpacing())));
        QVERIFY(diff->wordWrap());
        const QString tip = cell.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("THE END.")), qPrintable(tip));
    }

    void clickingACellExplainsAndDiffs()
    {
        QTableView *t = m_view->matrixView();
        const QModelIndex cell = t->model()->index(3, 1); // greet × alice
        QCOMPARE(t->model()->headerData(3, Qt::Vertical).toString(), QStringLiteral("greet"));
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->visualRect(cell).center());
        QTRY_VERIFY(m_view->explanationText().contains(QStringLiteral("registration #3: wins")));
        QVERIFY(m_view->explanationText().contains(QStringLiteral("alice@example.com")));
        const QString summary = m_view->summaryText();
        QVERIFY2(summary.contains(QStringLiteral("version 2 → 1")), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("inputs: +shout")));
        QVERIFY(summary.contains(QStringLiteral("description changed")));
        QVERIFY(m_view->toolMdDiff()->changedCount() > 0);
        bool versionRow = false;
        for (const engine::DiffRow &r : m_view->toolMdDiff()->rows())
            versionRow |= r.kind == engine::DiffKind::Changed && r.left == u"version: 2" && r.right == u"version: 1";
        QVERIFY(versionRow);
        QVERIFY(m_view->entryDiff()->changedCount() > 0);
        QVERIFY(m_view->diffTabs()->tabText(0).contains(QStringLiteral("changed")));
    }

    void otherCells()
    {
        QVERIFY(m_view->selectCell(QStringLiteral("greet"), QString()));
        QVERIFY(m_view->summaryText().startsWith(QStringLiteral("The global definition")));
        QCOMPARE(m_view->toolMdDiff()->changedCount(), 0);
        QVERIFY(m_view->selectCell(QStringLiteral("greet"), QStringLiteral("carol@example.com")));
        QVERIFY(m_view->summaryText().contains(QStringLiteral("uses the global one")));
        QCOMPARE(m_view->toolMdDiff()->rowCount(), 0);
        QVERIFY(m_view->selectCell(QStringLiteral("todo"), QStringLiteral("alice@example.com")));
        QVERIFY(m_view->summaryText().startsWith(QStringLiteral("User-only tool")));
        for (const engine::DiffRow &r : m_view->toolMdDiff()->rows())
            QCOMPARE(r.kind, engine::DiffKind::Added);
        QVERIFY(m_view->selectCell(QStringLiteral("dup"), QStringLiteral("bob@example.com")));
        QVERIFY(m_view->explanationText().contains(QStringLiteral("sorts later byte-wise")));
    }

    void filters()
    {
        QTableView *t = m_view->matrixView();
        QTest::keyClicks(m_view->toolFilter(), QStringLiteral("wea"));
        QTRY_COMPARE(t->model()->rowCount(), 1);
        m_view->toolFilter()->clear();
        QTest::keyClicks(m_view->userFilter(), QStringLiteral("bob"));
        QTRY_COMPARE(t->model()->columnCount(), 2);
        m_view->customizedOnly()->click();
        QTRY_COMPARE(t->model()->rowCount(), 3); // dup, forecast (which does not load), weather
        m_view->customizedOnly()->click();
        m_view->userFilter()->clear();
        QTRY_COMPARE(t->model()->columnCount(), 4);
        QCOMPARE(t->model()->rowCount(), 7);
    }
};

QTEST_MAIN(TestOverridesView)
#include "tst_overridesview.moc"
