// The real main window, offscreen: open a fixture data dir, search, navigate by keyboard,
// check what the detail pane shows, follow a problem, switch to a user's effective view.

#include "fixture.h"
#include "guitestmain.h"
#include "catalogscanner.h"
#include "mainwindow.h"
#include "overridesview.h"
#include "runform.h"
#include "runview.h"
#include "messagebox.h"
#include "tooleditor.h"
#include "toolcatalogmodel.h"
#include "tooldetailpane.h"
#include "markdownview.h"
#include "toolfilterproxymodel.h"
#include "toolroles.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include <Qsci/qsciscintilla.h>

using namespace tw;

class TestMainWindow final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;
    std::unique_ptr<ui::MainWindow> m_window;

    QStringList visibleLeaves(const QModelIndex &parent = {}) const
    {
        const QAbstractItemModel *m = m_window->toolView()->model();
        QStringList out;
        for (int r = 0; r < m->rowCount(parent); ++r) {
            const QModelIndex i = m->index(r, 0, parent);
            const auto kind = model::NodeKind(i.data(model::NodeKindRole).toInt());
            if (kind == model::NodeKind::Tool || kind == model::NodeKind::Skipped)
                out.append(i.data(model::NameRole).toString());
            out.append(visibleLeaves(i));
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_data = m_tmp.path() + QStringLiteral("/data");
        QVERIFY(test::copyTree(QStringLiteral(TW_FIXTURES_DIR "/datapath"), m_data));
        m_window = std::make_unique<ui::MainWindow>(m_data, QStringLiteral("alice@example.com"));
        QSignalSpy shown(m_window.get(), &ui::MainWindow::catalogShown);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        // The scan may already be on screen after the expose wait; wait() would wait for a second one.
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
    }

    void cleanupTestCase() { m_window.reset(); }

    void showsTheCatalog()
    {
        QVERIFY(m_window->windowTitle().contains(m_data));
        QCOMPARE(visibleLeaves().size(), 9);
        QVERIFY(m_window->toolView()->isExpanded(m_window->toolView()->model()->index(0, 0)));
        // The preferred user's first tool is selected, so the pane shows something useful at once.
        QCOMPARE(m_window->detailPane()->headerText(), QStringLiteral("Alice's Greeter"));
    }

    void iconsWithoutADesktopTheme()
    {
        // No desktop here, so every icon comes from the bundled fallback theme: the menus'
        // actions that name one, and the tree's rows, are never blank.
        int withIcons = 0;
        for (QAction *menu : m_window->menuBar()->actions()) {
            for (QAction *a : menu->menu()->actions())
                withIcons += !a->icon().isNull();
        }
        QVERIFY2(withIcons >= 10, qPrintable(QString::number(withIcons)));
        for (const char *name : {"document-open", "view-refresh", "application-exit", "dialog-warning", "dialog-error",
                                 "dialog-information", "document-edit", "document-new", "document-save", "edit-copy",
                                 "media-playback-start", "preferences-system", "io.github.toolwright.Toolwright"})
            QVERIFY2(!QIcon::fromTheme(QLatin1StringView(name)).isNull(), name);
        QVERIFY(!m_window->windowIcon().isNull());
        const QAbstractItemModel *m = m_window->toolView()->model();
        const QModelIndex globals = m->index(0, 0);
        QVERIFY(m->rowCount(globals) > 0);
        for (int r = 0; r < m->rowCount(globals); ++r) {
            const QVariant icon = m->index(r, 0, globals).data(Qt::DecorationRole);
            QVERIFY2(!icon.value<QIcon>().isNull(), qPrintable(m->index(r, 0, globals).data().toString()));
        }
    }

    void searchAndKeyboardNavigation()
    {
        m_window->searchField()->setFocus();
        QTest::keyClicks(m_window->searchField(), QStringLiteral("weather"));
        QTRY_COMPARE(visibleLeaves(), (QStringList{QStringLiteral("weather"), QStringLiteral("weather")}));
        // Down moves from the search field into the list, then onto the first tool.
        QTest::keyClick(m_window->searchField(), Qt::Key_Down);
        QVERIFY(m_window->toolView()->hasFocus());
        QTest::keyClick(m_window->toolView(), Qt::Key_Down);
        ui::ToolDetailPane *pane = m_window->detailPane();
        QTRY_COMPARE(pane->headerText(), QStringLiteral("Weather"));
        QVERIFY(pane->badgeText().contains(QStringLiteral("overridden by bob@example.com")));
        QCOMPARE(pane->inputsTable()->rowCount(), 3);
        QCOMPARE(pane->inputsTable()->item(1, 0)->text(), QStringLiteral("units"));
        QCOMPARE(pane->inputsTable()->item(1, 4)->text(), QStringLiteral("metric, imperial"));
        QCOMPARE(pane->inputsTable()->item(1, 5)->text(), QStringLiteral("metric"));
        QCOMPARE(pane->inputsTable()->item(2, 3)->text(), QStringLiteral("sensitive"));
        QCOMPARE(pane->inputsTable()->item(0, 2)->text(), QStringLiteral("required"));
        QVERIFY(pane->documentation()->toPlainText().contains(QStringLiteral("Weather")));
        QVERIFY(pane->documentation()->toHtml().contains(QStringLiteral("<table")));
        QCOMPARE(pane->diagnosticsTree()->topLevelItemCount(), 0);
        QCOMPARE(pane->filesList()->currentItem()->text(), QStringLiteral("index.js"));
        QVERIFY(pane->codeView()->text().contains(QStringLiteral("export async function execute")));
        // Escape clears the search.
        m_window->searchField()->setFocus();
        QTest::keyClick(m_window->searchField(), Qt::Key_Escape);
        QVERIFY(m_window->searchField()->text().isEmpty());
        QTRY_COMPARE(visibleLeaves().size(), 9);
    }

    void userOverrideBadge()
    {
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/alice@example.com/tools/greet_custom")));
        ui::ToolDetailPane *pane = m_window->detailPane();
        QCOMPARE(pane->headerText(), QStringLiteral("Alice's Greeter"));
        QVERIFY(pane->badgeText().contains(QStringLiteral("shadows global v2")));
    }

    void runFromTheBrowser()
    {
        // A user's tool runs as its owner; a global one as the user the window is about.
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/alice@example.com/tools/greet_custom")));
        QVERIFY(m_window->runCurrentTool());
        QCOMPARE(m_window->viewTabs()->currentIndex(), int(ui::MainWindow::RunViewTab));
        QCOMPARE(m_window->runView()->tool().dir, m_data + QStringLiteral("/alice@example.com/tools/greet_custom"));
        QCOMPARE(m_window->runView()->user(), QStringLiteral("alice@example.com"));
        QVERIFY(m_window->runView()->form()->editor(QStringLiteral("name")));
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/tools/weather")));
        QVERIFY(m_window->runCurrentTool());
        QCOMPARE(m_window->runView()->tool().manifest.name, QStringLiteral("weather"));
        QCOMPARE(m_window->runView()->user(), QStringLiteral("alice@example.com"));
        m_window->viewTabs()->setCurrentIndex(ui::MainWindow::BrowserView);
    }

    void diagnosticsWithLines()
    {
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/alice@example.com/tools/todo")));
        QTreeWidget *tree = m_window->detailPane()->diagnosticsTree();
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("console-output"));
        QCOMPARE(tree->topLevelItem(0)->text(2), QStringLiteral("index.ts:2"));
        QVERIFY(m_window->detailPane()->tabs()->tabText(ui::ToolDetailPane::DiagnosticsTab).contains(QStringLiteral("(1)")));
    }

    void problemsPanelLeadsToTheFile()
    {
        QTableView *problems = m_window->problemsView();
        QVERIFY(problems->model()->rowCount() >= 5);
        int yamlRow = -1;
        for (int r = 0; r < problems->model()->rowCount(); ++r)
            if (problems->model()->index(r, 1).data().toString() == u"yaml-syntax")
                yamlRow = r;
        QVERIFY(yamlRow >= 0);
        problems->setFocus();
        problems->setCurrentIndex(problems->model()->index(yamlRow, 0));
        QTest::keyClick(problems, Qt::Key_Return); // activates the row
        ui::ToolDetailPane *pane = m_window->detailPane();
        QTRY_COMPARE(pane->headerText(), QStringLiteral("broken_yaml"));
        QVERIFY(pane->badgeText().contains(QStringLiteral("yaml-syntax")));
        QVERIFY(pane->codeView()->text().contains(QStringLiteral("name: broken_yaml")));
        QCOMPARE(pane->tabs()->currentIndex(), int(ui::ToolDetailPane::FilesTab));
    }

    void filterActions()
    {
        auto actions = m_window->findChildren<QAction *>();
        QAction *problemsOnly = nullptr;
        for (QAction *a : actions)
            if (a->text() == u"With &Problems")
                problemsOnly = a;
        QVERIFY(problemsOnly);
        problemsOnly->setChecked(true);
        QTRY_COMPARE(visibleLeaves().size(), 5);
        problemsOnly->setChecked(false);
        QTRY_COMPARE(visibleLeaves().size(), 9);
    }

    void effectiveViewOfAUser()
    {
        QComboBox *combo = m_window->viewCombo();
        const int alice = combo->findData(QStringLiteral("alice@example.com"));
        QVERIFY(alice > 0);
        combo->setCurrentIndex(alice);
        QTRY_COMPARE(visibleLeaves(), (QStringList{QStringLiteral("greet"), QStringLiteral("todo"), QStringLiteral("weather")}));
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/alice@example.com/tools/greet_custom")));
        QVERIFY(m_window->detailPane()->badgeText().contains(QStringLiteral("shadows global v2")));
        combo->setCurrentIndex(0);
        QTRY_COMPARE(visibleLeaves().size(), 9);
    }

    void showInOverrides()
    {
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/alice@example.com/tools/greet_custom")));
        m_window->showCurrentInOverrides();
        QCOMPARE(m_window->viewTabs()->currentIndex(), int(ui::MainWindow::OverridesViewTab));
        QVERIFY(m_window->overridesView()->explanationText().contains(QStringLiteral("alice@example.com")));
        QVERIFY(m_window->overridesView()->summaryText().contains(QStringLiteral("version 2 → 1")));
        QVERIFY(!m_window->problemsView()->isVisible()); // the panel makes room for the admin views
        m_window->viewTabs()->setCurrentIndex(ui::MainWindow::BrowserView);
        QVERIFY(m_window->problemsView()->isVisible());
    }

    void followsChangesOnDisk()
    {
        m_window->scanner()->setRescanDelay(50);
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/tools/greet")));
        test::writeFile(m_data + QStringLiteral("/tools/greet/TOOL.md"),
                        "---\nname: greet\nlabel: Greeter Two\ndescription: Greets.\nversion: 3\n---\n# Two\n");
        QTRY_COMPARE_WITH_TIMEOUT(m_window->detailPane()->headerText(), QStringLiteral("Greeter Two"), 10000);
    }

    void editFromTheBrowser()
    {
        QVERIFY(m_window->selectDir(m_data + QStringLiteral("/alice@example.com/tools/todo")));
        m_window->toolView()->setFocus();
        QTest::keyClick(m_window->toolView(), Qt::Key_Return); // activating a tool opens its editor
        QCOMPARE(m_window->viewTabs()->currentIndex(), int(ui::MainWindow::EditorViewTab));
        QVERIFY(m_window->currentEditor());
        QCOMPARE(m_window->currentEditor()->dir(), m_data + QStringLiteral("/alice@example.com/tools/todo"));
        QVERIFY(m_window->currentEditor()->isEditable());
        // Opening it again focuses the same editor.
        m_window->editTool(m_data + QStringLiteral("/alice@example.com/tools/todo"));
        QCOMPARE(m_window->editorTabs()->count(), 1);
        m_window->currentEditor()->versionSpin()->setValue(5);
        QVERIFY(m_window->editorTabs()->tabText(0).endsWith(QStringLiteral(" ●")));
        ui::MessageBox::setNextAnswer(1); // Discard
        QTest::keySequence(m_window.get(), QKeySequence::Close);
        QCOMPARE(m_window->editorTabs()->count(), 0);
    }

    void customizeAndRevertAGlobalTool()
    {
        const QString global = m_data + QStringLiteral("/tools/weather");
        ui::ToolEditor *readOnly = m_window->editTool(global);
        QVERIFY(readOnly && !readOnly->isEditable()); // global tools are read-only outside admin mode
        QVERIFY(m_window->editorTabs()->tabText(m_window->editorTabs()->currentIndex()).contains(QStringLiteral("read-only")));
        QTest::mouseClick(readOnly->findChild<QPushButton *>(QStringLiteral("customizeButton")), Qt::LeftButton);
        const QString copy = m_data + QStringLiteral("/alice@example.com/tools/weather");
        QVERIFY(QFileInfo(copy + QStringLiteral("/TOOL.md")).isFile());
        QVERIFY(m_window->currentEditor()->isEditable());
        QCOMPARE(m_window->currentEditor()->dir(), copy);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->catalogModel()->toolIndex(copy).isValid(), 10000);
        QCOMPARE(model::OverrideState(m_window->catalogModel()->toolIndex(copy).data(model::OverrideStateRole).toInt()),
                 model::OverrideState::OverridesGlobal);

        ui::MessageBox::setNextAnswer(0); // Remove
        QVERIFY(m_window->revertToGlobal(copy));
        QVERIFY(!QFileInfo::exists(copy));
        for (int i = 0; i < m_window->editorTabs()->count(); ++i)
            QVERIFY(qobject_cast<ui::ToolEditor *>(m_window->editorTabs()->widget(i))->dir() != copy);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->catalogModel()->toolIndex(copy).isValid(), 10000);
        ui::MessageBox::setNextAnswer(0); // acknowledge: the global tool itself cannot be reverted
        QVERIFY(!m_window->revertToGlobal(global));
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        while (m_window->editorTabs()->count())
            QTest::keySequence(m_window.get(), QKeySequence::Close);
    }

    void adminModeEditsGlobalToolsInPlace()
    {
        m_window->setAdminMode(true);
        ui::ToolEditor *editor = m_window->editTool(m_data + QStringLiteral("/tools/weather"));
        QVERIFY(editor && editor->isEditable());
        editor->descriptionEdit()->setPlainText(QStringLiteral("Admin edit."));
        ui::MessageBox::setNextAnswer(1); // the version rule still holds: Cancel the bump question
        QVERIFY(!editor->save());
        QVERIFY(!test::readFile(m_data + QStringLiteral("/tools/weather/TOOL.md")).contains("Admin edit."));
        ui::MessageBox::setNextAnswer(1); // Discard on close
        QTest::keySequence(m_window.get(), QKeySequence::Close);
        m_window->setAdminMode(false);
        QCOMPARE(m_window->editorTabs()->count(), 0);
    }

    void newToolFromATemplate()
    {
        const QString dir = m_window->createTool(QStringLiteral("with-progress"), QStringLiteral("fresh_tool"),
                                                 QStringLiteral("Fresh"), QStringLiteral("Does fresh things."));
        QCOMPARE(dir, m_data + QStringLiteral("/alice@example.com/tools/fresh_tool"));
        QCOMPARE(m_window->currentEditor()->dir(), dir);
        QCOMPARE(m_window->currentEditor()->nameEdit()->text(), QStringLiteral("fresh_tool"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->catalogModel()->toolIndex(dir).isValid(), 10000);
        QCOMPARE(m_window->catalogModel()->toolIndex(dir).data(model::DiagnosticCountRole).toInt(), 0); // lints clean
        ui::MessageBox::setNextAnswer(0); // acknowledge the refusal
        QVERIFY(m_window->createTool(QStringLiteral("minimal"), QStringLiteral("fresh_tool"), {}, {}).isEmpty());
        while (m_window->editorTabs()->count())
            QTest::keySequence(m_window.get(), QKeySequence::Close);
    }

    void dropAZipToImport()
    {
        const QString zip = m_tmp.path() + QStringLiteral("/dup.zip");
        QVERIFY(m_window->exportTool(m_data + QStringLiteral("/bob@example.com/tools/dup_a"), zip));
        auto *mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(zip)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &drop);
        const QString imported = m_data + QStringLiteral("/alice@example.com/tools/dup_a");
        QVERIFY(QFileInfo(imported + QStringLiteral("/TOOL.md")).isFile());
        QCOMPARE(m_window->currentEditor()->dir(), imported);
        delete mime;
        // Something that is not a tool is not even accepted for dropping.
        auto *text = new QMimeData;
        text->setUrls({QUrl::fromLocalFile(m_data + QStringLiteral("/tools/greet/TOOL.md"))});
        QDragEnterEvent refuse(QPoint(10, 10), Qt::CopyAction, text, Qt::LeftButton, Qt::NoModifier);
        refuse.setAccepted(false);
        QApplication::sendEvent(m_window.get(), &refuse);
        QVERIFY(!refuse.isAccepted());
        delete text;
        while (m_window->editorTabs()->count())
            QTest::keySequence(m_window.get(), QKeySequence::Close);
    }

    void savesWindowState()
    {
        m_window->close();
        QSettings settings;
        QVERIFY(settings.contains(QStringLiteral("window/geometry")));
        QVERIFY(settings.contains(QStringLiteral("window/state")));
    }
};

TW_GUI_TEST_MAIN(TestMainWindow, "tst_mainwindow")

#include "tst_mainwindow.moc"
