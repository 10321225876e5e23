// The Overrides view offscreen: the matrix, its filters, and what selecting a cell shows.

#include "catalog.h"
#include "diffmodel.h"
#include "overridesview.h"

#include <QApplication>
#include <QCheckBox>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace tw;

class TestOverridesView final : public QObject
{
    Q_OBJECT
    std::unique_ptr<ui::OverridesView> m_view;

private Q_SLOTS:
    void initTestCase()
    {
        m_view = std::make_unique<ui::OverridesView>();
        m_view->resize(1000, 700);
        m_view->setCatalog(std::make_shared<const engine::Catalog>(
            engine::scanDataPath(QStringLiteral(TW_FIXTURES_DIR "/datapath"))));
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanupTestCase() { m_view.reset(); }

    void matrix()
    {
        QTableView *t = m_view->matrixView();
        QCOMPARE(t->model()->rowCount(), 4);
        QCOMPARE(t->model()->columnCount(), 4);
    }

    void clickingACellExplainsAndDiffs()
    {
        QTableView *t = m_view->matrixView();
        const QModelIndex cell = t->model()->index(1, 1); // greet × alice
        QCOMPARE(t->model()->headerData(1, Qt::Vertical).toString(), QStringLiteral("greet"));
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
        QTRY_COMPARE(t->model()->rowCount(), 2);
        m_view->customizedOnly()->click();
        m_view->userFilter()->clear();
        QTRY_COMPARE(t->model()->columnCount(), 4);
        QCOMPARE(t->model()->rowCount(), 4);
    }
};

QTEST_MAIN(TestOverridesView)
#include "tst_overridesview.moc"
