// The real main window, offscreen: open a fixture data dir, search, navigate by keyboard,
// check what the detail pane shows, follow a problem, switch to a user's effective view.

#include "admin/overridesview.h"
#include "browsing/markdownview.h"
#include "browsing/tooldetailpane.h"
#include "catalog/catalogscanner.h"
#include "editing/newtooldialog.h"
#include "editing/tooleditor.h"
#include "fixture.h"
#include "guitestmain.h"
#include "overridematrixmodel.h"
#include "running/runform.h"
#include "running/runview.h"
#include "tones.h"
#include "toolcatalogmodel.h"
#include "toolfilterproxymodel.h"
#include "toolroles.h"
#include "widgets/messagebox.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QDialog>
#include <QDirIterator>
#include <QDockWidget>
#include <QRegularExpression>
#include <QFontInfo>
#include <QLabel>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextList>
#include <QTimer>

#include <functional>
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
#include <QMap>
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
#include <QUrl>

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

    // Whether a combo box shows its current text whole (not cut off by its own width).
    static bool showsWholeText(const QComboBox *combo)
    {
        QStyleOptionComboBox opt;
        opt.initFrom(combo);
        opt.editable = combo->isEditable();
        const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, combo);
        return combo->fontMetrics().horizontalAdvance(combo->currentText()) <= field.width();
    }

    // A window on its own copy of the fixture (plus `extra` written into it), scan shown.
    static std::unique_ptr<ui::MainWindow> openWindow(const QString &data, const QString &user)
    {
        auto window = std::make_unique<ui::MainWindow>(data, user);
        QSignalSpy shown(window.get(), &ui::MainWindow::catalogShown);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()) || !QTest::qWaitFor([&] { return !shown.isEmpty(); }, 10000))
            return nullptr;
        return window;
    }

    // Puts the selected tool back into the detail pane (after a test wrote into its view).
    void showsTheSelectedTool()
    {
        const QModelIndex cur = m_window->toolView()->currentIndex();
        m_window->toolView()->setCurrentIndex({});
        m_window->toolView()->setCurrentIndex(cur);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_data = m_tmp.path() + QStringLiteral("/data");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), m_data));
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

    void currentUserIsAlwaysVisible()
    {
        // A user picker in the toolbar names the user whole, and so does the window title.
        auto *users = m_window->findChild<QComboBox *>(QStringLiteral("userCombo"));
        QVERIFY(users);
        QVERIFY(users->isVisible());
        QCOMPARE(users->currentText(), QStringLiteral("alice@example.com"));
        QTRY_VERIFY(showsWholeText(users)); // once the toolbar has laid out the names the scan found
        QVERIFY2(m_window->windowTitle().contains(QStringLiteral("alice@example.com")), qPrintable(m_window->windowTitle()));
        QCOMPARE(m_window->authoringUser(), QStringLiteral("alice@example.com"));
        // Every entry of the view combo fits, not only the one it was first sized for.
        QComboBox *view = m_window->viewCombo();
        for (int i = 0; i < view->count(); ++i) {
            view->setCurrentIndex(i);
            QTRY_VERIFY2(showsWholeText(view), qPrintable(view->currentText()));
        }
        view->setCurrentIndex(0);
        // Choosing another user is what New Tool, Import, Customize and Run use, and the title says so.
        users->setCurrentIndex(users->findText(QStringLiteral("bob@example.com")));
        QCOMPARE(m_window->authoringUser(), QStringLiteral("bob@example.com"));
        QVERIFY(m_window->windowTitle().contains(QStringLiteral("bob@example.com")));
        QTRY_VERIFY(showsWholeText(users));
        users->setCurrentIndex(users->findText(QStringLiteral("alice@example.com")));
        QCOMPARE(m_window->authoringUser(), QStringLiteral("alice@example.com"));
    }

    void noUserSaysWhatToDo()
    {
        // A data dir with global tools only: New Tool, Import and Customize cannot pick a user,
        // and say so without naming a control that does not exist.
        const QString data = m_tmp.path() + QStringLiteral("/globals-only");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath/tools")), data + QStringLiteral("/tools")));
        auto window = openWindow(data, QString());
        QVERIFY(window);
        QCOMPARE(window->authoringUser(), QString());
        auto *users = window->findChild<QComboBox *>(QStringLiteral("userCombo"));
        QVERIFY(users && !users->isEnabled());
        QAction *newTool = nullptr;
        for (QAction *a : window->findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(QKeySequence::New))
                newTool = a;
        QVERIFY(newTool);
        ui::MessageBox::setNextAnswer(0);
        newTool->trigger();
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        const QString said = ui::MessageBox::lastQuestion();
        QVERIFY2(!said.contains(QStringLiteral("Effective for")) && !said.contains(QStringLiteral("View:")), qPrintable(said));
        QVERIFY2(said.contains(data), qPrintable(said)); // where a user's directory would go
        window->close();
        window.reset();
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }

    void menuPathsInMessagesExist()
    {
        // Every "Menu → Item" a message names (in the sources of every layer) is in the menu bar.
        QMap<QString, QStringList> menus; // title → items, without mnemonics and ellipses
        const auto plain = [](QString text) {
            text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
            return text.remove(u'…').trimmed();
        };
        for (QAction *top : m_window->menuBar()->actions())
            for (QAction *a : top->menu()->actions())
                if (!a->isSeparator())
                    menus[plain(top->text())].append(plain(a->text()));
        const QRegularExpression path(QStringLiteral("\\b(%1) \u2192 ([^\"\\\\]+)").arg(QStringList(menus.keys()).join(u'|')));
        int checked = 0;
        for (const char *dir : {"ui", "model", "engine"}) {
            // The group folders too (ui/window/, engine/run/, …).
            QDirIterator it(QString(TW_SOURCE_DIR + QStringLiteral("/")) + QLatin1StringView(dir), {QStringLiteral("*.cpp")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next();
                const QString text = QString::fromUtf8(test::readFile(file));
                for (auto m = path.globalMatch(text); m.hasNext();) {
                    const QRegularExpressionMatch hit = m.next();
                    const QStringList items = menus.value(hit.captured(1));
                    const QString named = hit.captured(2);
                    const bool found = std::any_of(items.cbegin(), items.cend(), [&](const QString &item) {
                        return named.startsWith(item) && (named.size() == item.size() || !named.at(item.size()).isLetter());
                    });
                    QVERIFY2(found, qPrintable(QFileInfo(file).fileName() + QStringLiteral(": ") + hit.captured(0)));
                    ++checked;
                }
            }
        }
        QVERIFY(checked >= 5);
        // Settings → Runtime, Integrations, Secrets and Agent open the dialog on that page.
        for (const QString &page : {QStringLiteral("Runtime"), QStringLiteral("Integrations"), QStringLiteral("Secrets"),
                                    QStringLiteral("Agent")}) {
            QAction *item = nullptr;
            for (QAction *a : m_window->findChildren<QAction *>())
                if (plain(a->text()) == page)
                    item = a;
            QVERIFY2(item, qPrintable(page));
            item->trigger();
            auto *dialog = m_window->findChild<QDialog *>(QString(), Qt::FindDirectChildrenOnly);
            QVERIFY(dialog);
            auto *pages = dialog->findChild<QTabWidget *>();
            QVERIFY(pages);
            QCOMPARE(pages->tabText(pages->currentIndex()), page);
            dialog->reject();
            delete dialog;
        }
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
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
        QTRY_COMPARE(pane->inputsTable()->rowCount(), 3); // read with the body (the catalog holds no inputs)
        QCOMPARE(pane->inputsTable()->item(1, 0)->text(), QStringLiteral("units"));
        QCOMPARE(pane->inputsTable()->item(1, 4)->text(), QStringLiteral("metric, imperial"));
        QCOMPARE(pane->inputsTable()->item(1, 5)->text(), QStringLiteral("metric"));
        QCOMPARE(pane->inputsTable()->item(2, 3)->text(), QStringLiteral("sensitive"));
        QCOMPARE(pane->inputsTable()->item(0, 2)->text(), QStringLiteral("required"));
        // The body is read when the tool is shown (the catalog holds none): "Reading…" first.
        QTRY_VERIFY(pane->documentation()->toPlainText().contains(QStringLiteral("Weather")));
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

    void searchWithoutMatchesSaysSo()
    {
        auto *none = m_window->findChild<QLabel *>(QStringLiteral("noMatchesLabel"));
        QVERIFY(none);
        QVERIFY(!none->isVisible());
        m_window->searchField()->setText(QStringLiteral("xyz"));
        QTRY_VERIFY(none->isVisible());
        QVERIFY2(none->text().contains(QStringLiteral("\u201cxyz\u201d")), qPrintable(none->text()));
        QVERIFY(m_window->toolView()->viewport()->rect().contains(none->geometry().center())); // over the list
        m_window->searchField()->clear();
        QTRY_VERIFY(!none->isVisible());
    }

    void groupCountsFollowTheSearch()
    {
        m_window->searchField()->setText(QStringLiteral("weather"));
        const QAbstractItemModel *m = m_window->toolView()->model();
        QTRY_COMPARE(m->index(0, 0).data().toString(), QStringLiteral("Global tools (1 of 2)"));
        m_window->searchField()->clear();
        QTRY_COMPARE(m->index(0, 0).data().toString(), QStringLiteral("Global tools (2 tools)"));
    }

    void clearingTheSearchKeepsSelectionAndExpansion()
    {
        QTreeView *view = m_window->toolView();
        auto proxyOf = [&](const QModelIndex &source) { return m_window->filterModel()->mapFromSource(source); };
        const QModelIndex bob = m_window->catalogModel()->userIndex(QStringLiteral("bob@example.com"));
        const QModelIndex alice = m_window->catalogModel()->userIndex(QStringLiteral("alice@example.com"));
        view->collapse(proxyOf(bob));
        view->expand(proxyOf(alice));
        const QString todo = m_data + QStringLiteral("/alice@example.com/tools/todo");
        QVERIFY(m_window->selectDir(todo));
        m_window->searchField()->setText(QStringLiteral("weather")); // todo is filtered out, bob's weather shows
        QTRY_COMPARE(visibleLeaves().size(), 2);
        QVERIFY(view->isExpanded(proxyOf(bob)));
        m_window->searchField()->clear();
        QTRY_COMPARE(visibleLeaves().size(), 9);
        QCOMPARE(view->currentIndex().siblingAtColumn(0).data(model::DirRole).toString(), todo);
        QCOMPARE(m_window->detailPane()->shownDir(), todo);
        QVERIFY(!view->isExpanded(proxyOf(bob)));
        QVERIFY(view->isExpanded(proxyOf(alice)));
        QVERIFY(view->isExpanded(proxyOf(m_window->catalogModel()->globalGroupIndex())));

        // A tool chosen while searching stays chosen, and its user is opened to show it.
        m_window->searchField()->setText(QStringLiteral("weather"));
        QTRY_COMPARE(visibleLeaves().size(), 2);
        const QString bobsWeather = m_data + QStringLiteral("/bob@example.com/tools/weather");
        QVERIFY(m_window->selectDir(bobsWeather));
        m_window->searchField()->clear();
        QTRY_COMPARE(visibleLeaves().size(), 9);
        QCOMPARE(view->currentIndex().siblingAtColumn(0).data(model::DirRole).toString(), bobsWeather);
        QVERIFY(view->isExpanded(proxyOf(bob)));
        QVERIFY(view->isExpanded(proxyOf(alice)));
        view->collapse(proxyOf(bob));
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
        combo->setCurrentIndex(1); // the effective tools of the user in the picker (alice)
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

    // Issue 25: the Overrides matrix (a thousand columns at a platform's scale) is filled when
    // it is shown, not at each rescan behind the browser; shown, it follows changes at once.
    void theOverridesMatrixIsFilledWhenShown()
    {
        m_window->scanner()->setRescanDelay(50);
        m_window->viewTabs()->setCurrentIndex(ui::MainWindow::BrowserView);
        model::OverrideMatrixModel *matrix = m_window->overridesView()->matrixModel();
        const QString zeta = m_data + QStringLiteral("/tools/zeta");
        bool shownWithZeta = false; // a catalogShown once zeta was in: the consumers have it
        const QMetaObject::Connection shown = connect(m_window.get(), &ui::MainWindow::catalogShown, this, [&] {
            shownWithZeta = shownWithZeta || m_window->catalogModel()->toolIndex(zeta).isValid();
        });
        const auto disconnectShown = qScopeGuard([&] { disconnect(shown); });
        test::writeFile(zeta + QStringLiteral("/TOOL.md"), "---\nname: zeta\ndescription: Z.\n---\n# Z\n");
        test::writeFile(zeta + QStringLiteral("/index.ts"), "export async function execute() { return { content: [] }; }\n");
        QTRY_VERIFY_WITH_TIMEOUT(m_window->catalogModel()->toolIndex(zeta).isValid(), 10000);
        // The window's catalog slices, then its consumers: done once catalogShown came with zeta.
        QTRY_VERIFY_WITH_TIMEOUT(shownWithZeta, 10000);
        QVERIFY(!matrix->cellIndex(QStringLiteral("zeta"), QString()).isValid()); // not yet: hidden
        m_window->viewTabs()->setCurrentIndex(ui::MainWindow::OverridesViewTab);
        QTRY_VERIFY(matrix->cellIndex(QStringLiteral("zeta"), QString()).isValid()); // at once, or as the slices end
        QDir(zeta).removeRecursively();
        QTRY_VERIFY_WITH_TIMEOUT(!matrix->cellIndex(QStringLiteral("zeta"), QString()).isValid(), 10000);
        QVERIFY(!m_window->catalogModel()->toolIndex(zeta).isValid());
        m_window->viewTabs()->setCurrentIndex(ui::MainWindow::BrowserView);
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

        // Revert to Global moves the copy to the desktop's trash (XDG_DATA_HOME/Trash, the
        // home trash: the test's data home and the copy are on one file system), whole.
        QMap<QString, QByteArray> copied; // relative path → bytes
        for (QDirIterator it(copy, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            copied.insert(QDir(copy).relativeFilePath(path), test::readFile(path));
        }
        QVERIFY(copied.contains(QStringLiteral("TOOL.md")));
        ui::MessageBox::setNextAnswer(0); // Remove
        QVERIFY(m_window->revertToGlobal(copy));
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        QVERIFY2(ui::MessageBox::lastQuestion().contains(QStringLiteral("goes to the trash")), qPrintable(ui::MessageBox::lastQuestion()));
        QVERIFY(!QFileInfo::exists(copy));
        const QString trash = qEnvironmentVariable("XDG_DATA_HOME") + QStringLiteral("/Trash");
        QString trashed; // the copy's entry in Trash/files, named by its .trashinfo
        for (const QFileInfo &info : QDir(trash + QStringLiteral("/info")).entryInfoList({QStringLiteral("*.trashinfo")}, QDir::Files)) {
            const QByteArray text = test::readFile(info.filePath());
            const qsizetype at = text.indexOf("\nPath=");
            if (at >= 0 && QUrl::fromPercentEncoding(text.mid(at + 6).split('\n').first()) == copy)
                trashed = trash + QStringLiteral("/files/") + info.completeBaseName();
        }
        QVERIFY2(!trashed.isEmpty(), qPrintable(QStringLiteral("no trash entry for %1 in %2").arg(copy, trash)));
        QMap<QString, QByteArray> inTrash;
        for (QDirIterator it(trashed, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            inTrash.insert(QDir(trashed).relativeFilePath(path), test::readFile(path));
        }
        QCOMPARE(inTrash, copied);
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

    void newToolDialogForTheUser()
    {
        // Ctrl+N: the minimal template, an empty description with a hint, and the user named.
        QString templateId, description, hint, userText;
        bool seen = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = m_window->findChild<ui::NewToolDialog *>();
            if (!dialog)
                return;
            seen = true;
            templateId = dialog->templateId();
            auto *edit = dialog->findChild<QPlainTextEdit *>();
            description = edit ? edit->toPlainText() : QStringLiteral("?");
            hint = edit ? edit->placeholderText() : QString();
            for (QLabel *l : dialog->findChildren<QLabel *>())
                if (l->text().contains(QStringLiteral("alice@example.com")))
                    userText = l->text();
            dialog->nameEdit()->setText(QStringLiteral("from_dialog"));
            dialog->accept();
        });
        QTest::keySequence(m_window.get(), QKeySequence::New);
        QTRY_VERIFY(seen);
        QCOMPARE(templateId, QStringLiteral("minimal"));
        QCOMPARE(description, QString());
        QVERIFY(!hint.isEmpty());
        QVERIFY2(!userText.isEmpty(), "the dialog does not say for whom the tool is");
        const QString dir = m_data + QStringLiteral("/alice@example.com/tools/from_dialog");
        QTRY_VERIFY(m_window->currentEditor() && m_window->currentEditor()->dir() == dir);
        m_window->activateWindow(); // the dialog has closed; shortcuts go to the window again
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));

        // A new input starts without a description: lint says what is missing, no filler is saved.
        ui::ToolEditor *editor = m_window->currentEditor();
        const qsizetype before = editor->session().document().manifest().inputs.size();
        QTest::mouseClick(editor->addInputButton(), Qt::LeftButton);
        const engine::ToolManifest m = editor->session().document().manifest();
        QCOMPARE(m.inputs.size(), before + 1);
        QCOMPARE(m.inputs.last().description, QString());
        QTRY_VERIFY(!editor->problemsList()->findItems(QStringLiteral("input-description-missing"), Qt::MatchContains).isEmpty());
        ui::MessageBox::setNextAnswer(1); // Discard
        while (m_window->editorTabs()->count())
            QTest::keySequence(m_window.get(), QKeySequence::Close);
    }

    void successIsNotAnError()
    {
        // An export that worked is said in the status bar in the success tone, not as an error.
        const QString zip = m_tmp.path() + QStringLiteral("/greet.zip");
        const int asked = ui::MessageBox::pendingAnswers();
        QVERIFY(m_window->exportTool(m_data + QStringLiteral("/tools/greet"), zip));
        QCOMPARE(ui::MessageBox::pendingAnswers(), asked);
        auto *message = m_window->findChild<QLabel *>(QStringLiteral("statusMessage"));
        QVERIFY(message);
        QVERIFY(message->isVisible());
        QVERIFY(message->text().contains(QStringLiteral("greet.zip")));
        QCOMPARE(message->palette().color(QPalette::WindowText), model::toneColor(model::Tone::Success, QApplication::palette()));
        // A failure is a warning, not a question.
        ui::MessageBox::setNextAnswer(0);
        QVERIFY(!m_window->exportTool(m_data + QStringLiteral("/tools/greet"), m_tmp.path() + QStringLiteral("/no/such/dir/x.zip")));
        QCOMPARE(ui::MessageBox::lastIcon(), ui::MessageBox::Warning);
    }

    void pluralsAreWords()
    {
        const QString status = m_window->findChild<QLabel *>(QStringLiteral("statusLabel"))->text();
        QVERIFY2(!status.isEmpty() && !status.contains(QStringLiteral("(s)")), qPrintable(status));
        QVERIFY(status.contains(QStringLiteral("3 users")));
        // No "tool(s)" anywhere in the user interface's sources: counts go through %n plurals.
        const QRegularExpression hedged(QStringLiteral("\"[^\"\\n]*\\w\\(s\\)[^\"\\n]*\""));
        for (const char *dir : {"ui", "model"}) {
            QDirIterator it(QString(TW_SOURCE_DIR + QStringLiteral("/")) + QLatin1StringView(dir), {QStringLiteral("*.cpp")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next();
                const QRegularExpressionMatch m = hedged.match(QString::fromUtf8(test::readFile(file)));
                QVERIFY2(!m.hasMatch(), qPrintable(QFileInfo(file).fileName() + QStringLiteral(": ") + m.captured(0)));
            }
        }
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

    void skippedDirectoryShowsItsPathsAsText()
    {
        // A path is not Markdown: the e-mail in it is no mailto link, and nothing of it is lost.
        const QString dir = m_data + QStringLiteral("/alice@example.com/tools/no_tool_md");
        test::writeFile(dir + QStringLiteral("/README.md"), "Not a tool.\n");
        m_window->scanner()->rescan();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->selectDir(dir), 10000);
        QCOMPARE(m_window->detailPane()->shownDir(), dir);
        ui::MarkdownView *doc = m_window->detailPane()->documentation();
        QVERIFY2(!doc->toHtml().contains(QStringLiteral("mailto:")), qPrintable(doc->toHtml()));
        QVERIFY2(doc->toPlainText().contains(dir), qPrintable(doc->toPlainText()));
        QDir(dir).removeRecursively();
        m_window->scanner()->rescan();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->selectDir(dir), 10000);
    }

    void taskItemsShowBoxes()
    {
        ui::MarkdownView *doc = m_window->detailPane()->documentation();
        doc->setMarkdown("- [x] done\n- [ ] todo\n");
        const QString text = doc->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("\u2611 done")) && text.contains(QStringLiteral("\u2610 todo")), qPrintable(text));
        // No bullet besides the box.
        const QTextBlock first = doc->document()->findBlock(int(text.indexOf(QStringLiteral("done"))));
        QVERIFY(!first.textList() || first.textList()->format().style() == QTextListFormat::ListStyleUndefined);
        showsTheSelectedTool();
    }

    void markdownFollowsTheUiFont()
    {
        // The body is set in the UI's font, in light and dark alike; headings are larger.
        const QFont before = m_window->font();
        const QPalette palette = QApplication::palette();
        QFont big = before;
        big.setPointSizeF(17);
        m_window->setFont(big); // as a desktop's font setting reaches the window
        QPalette dark = palette;
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
        dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
        for (const QPalette &p : {palette, dark}) {
            QApplication::setPalette(p);
            ui::MarkdownView *doc = m_window->detailPane()->documentation();
            doc->setMarkdown("# Heading\n\nBody text.\n");
            QTextCursor body(doc->document()->findBlock(int(doc->toPlainText().indexOf(QStringLiteral("Body")))));
            body.movePosition(QTextCursor::NextCharacter);
            const QFont defaultFont = doc->document()->defaultFont();
            QCOMPARE(body.charFormat().font().resolve(defaultFont).pointSizeF(), big.pointSizeF());
            QTextCursor heading(doc->document()->firstBlock());
            heading.movePosition(QTextCursor::NextCharacter);
            const QTextCharFormat h = heading.charFormat();
            QVERIFY(h.font().resolve(defaultFont).pointSizeF() > big.pointSizeF()
                    || (!h.hasProperty(QTextFormat::FontPointSize) && h.intProperty(QTextFormat::FontSizeAdjustment) > 0));
        }
        QApplication::setPalette(palette);
        m_window->setFont(before);
        showsTheSelectedTool();
    }

    void treeNamesAreNotCutOff()
    {
        // Every name in the tree fits its column, or its tooltip says it whole.
        const QString data = m_tmp.path() + QStringLiteral("/long-names");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data));
        const QString email = QStringLiteral("someone.with.a.rather.long.address@subdomain.example.com");
        test::makeTool(data + u'/' + email + QStringLiteral("/tools"), QStringLiteral("long_label"),
                       test::toolMd("long_label", 1, "label: A Label Long Enough To Need The Room Of Two Columns\n"));
        auto window = openWindow(data, email);
        QVERIFY(window);
        QTreeView *view = window->toolView();
        view->expandAll();
        test::settleLayouts();
        int rows = 0;
        std::function<void(const QModelIndex &)> check = [&](const QModelIndex &parent) {
            for (int r = 0; r < view->model()->rowCount(parent); ++r) {
                ++rows;
                const QModelIndex i = view->model()->index(r, 0, parent);
                const bool fits = view->visualRect(i).width() >= view->sizeHintForIndex(i).width();
                QTextDocument tip;
                tip.setHtml(i.data(Qt::ToolTipRole).toString());
                QVERIFY2(fits || tip.toPlainText().contains(i.data().toString()), qPrintable(i.data().toString()));
                check(i);
            }
        };
        check({});
        // The groups, the fixture's tools and users and the long-labelled tool: a loop that
        // never ran would have passed.
        QVERIFY2(rows >= 8, qPrintable(QString::number(rows)));
        window->close();
    }

    // Issue 20.7: at 1024×700 a tool with a long path keeps the list readable — the detail
    // header ends in "…" (whole in its tooltip) instead of squeezing the tree or widening the window.
    void aLongPathDoesNotSqueezeTheBrowser()
    {
        const QString data = m_tmp.path() + QStringLiteral("/long-path");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data));
        const QString email = QStringLiteral("someone.with.a.rather.long.address@subdomain.example.com");
        test::makeTool(data + u'/' + email + QStringLiteral("/tools"), QStringLiteral("a_directory_name_that_goes_on_and_on_and_on"),
                       test::toolMd("deep", 1));
        auto window = openWindow(data, email);
        QVERIFY(window);
        window->resize(1024, 700);
        QTreeView *view = window->toolView();
        view->expandAll();
        const QModelIndexList hits = view->model()->match(view->model()->index(0, 0), Qt::DisplayRole, QStringLiteral("deep"), 1,
                                                          Qt::MatchRecursive | Qt::MatchContains);
        QVERIFY(!hits.isEmpty());
        view->setCurrentIndex(hits.front());
        test::settleLayouts();
        QCOMPARE(window->width(), 1024);
        QVERIFY2(view->width() >= 250, qPrintable(QString::number(view->width())));
        QVERIFY2(window->detailPane()->minimumSizeHint().width() < 600, qPrintable(QString::number(window->detailPane()->minimumSizeHint().width())));
        window->close();
    }

    void savesWindowState()
    {
        m_window->close();
        QSettings settings;
        QVERIFY(settings.contains(QStringLiteral("window/geometry")));
        QVERIFY(settings.contains(QStringLiteral("window/state")));
    }

    void problemsPanelSurvivesARestart()
    {
        // Quit from another view: the Problems panel (hidden there) is back on the Browser.
        auto window = openWindow(m_data, QStringLiteral("alice@example.com"));
        QVERIFY(window);
        QVERIFY(window->problemsView()->isVisible());
        window->viewTabs()->setCurrentIndex(ui::MainWindow::OverridesViewTab);
        QVERIFY(!window->problemsView()->isVisible());
        QVERIFY(window->close());
        window = openWindow(m_data, QStringLiteral("alice@example.com"));
        QVERIFY(window);
        QCOMPARE(window->viewTabs()->currentIndex(), int(ui::MainWindow::BrowserView));
        QVERIFY(window->problemsView()->isVisible());
        // Closed on purpose, it stays closed, wherever the window is quit from.
        auto *dock = window->findChild<QDockWidget *>(QStringLiteral("problemsDock"));
        dock->close();
        window->viewTabs()->setCurrentIndex(ui::MainWindow::SyncViewTab);
        QVERIFY(window->close());
        window = openWindow(m_data, QStringLiteral("alice@example.com"));
        QVERIFY(window);
        QVERIFY(!window->problemsView()->isVisible());
        window->findChild<QDockWidget *>(QStringLiteral("problemsDock"))->show();
        window->close();
    }
    // A search over many open users (a filter change is one layout change; with Qt's proxy each
    // hidden range made Qt visit every open node: 16-23 s at 1,000 users): the matches, every
    // user with one open, the chosen tool still chosen and in sight, as text is typed and erased.
    // Last of the cases: a window of its own, whose closing leaves settings the others read.
    void aSearchOverManyOpenUsers()
    {
        QTemporaryDir tmp;
        const QByteArray md = "---\nname: %1\ndescription: A tool.\nversion: 1\n---\n\nBody.\n";
        for (int u = 0; u < 250; ++u) {
            const QString tools = tmp.path() + QStringLiteral("/user%1@example.com/tools").arg(u, 3, 10, QLatin1Char('0'));
            for (const char *name : {"alpha", "beta", "gamma"})
                test::makeTool(tools, QLatin1StringView(name), QByteArray(md).replace("%1", name));
        }
        ui::MainWindow window(tmp.path(), QString());
        QSignalSpy shown(&window, &ui::MainWindow::catalogShown);
        window.show();
        QVERIFY(shown.wait(60000));
        QTreeView *view = window.toolView();
        const QAbstractItemModel *m = view->model();
        // The tools under users, -1 when a user with matches is not open.
        const auto leaves = [&] {
            int n = 0;
            const QModelIndex users = window.filterModel()->mapFromSource(window.catalogModel()->usersGroupIndex());
            for (int r = 0; r < m->rowCount(users); ++r) {
                if (!view->isExpanded(m->index(r, 0, users)))
                    return -1;
                n += m->rowCount(m->index(r, 0, users));
            }
            return n;
        };
        QCOMPARE(window.catalogModel()->toolCount(), 750);
        window.searchField()->setText(QStringLiteral("a")); // all three match: 750
        QCOMPARE(leaves(), 750);
        const QString chosen = tmp.path() + QStringLiteral("/user240@example.com/tools/alpha");
        QVERIFY(window.selectDir(chosen));
        window.searchField()->setText(QStringLiteral("al")); // hides rows in every user: one layout change
        QCOMPARE(leaves(), 250);
        QCOMPARE(m->rowCount(window.filterModel()->mapFromSource(window.catalogModel()->usersGroupIndex())), 250);
        QCOMPARE(view->currentIndex().siblingAtColumn(0).data(model::DirRole).toString(), chosen);
        QVERIFY(view->visualRect(view->currentIndex()).intersects(view->viewport()->rect()));
        window.searchField()->setText(QStringLiteral("a")); // widens: the rows come back
        QCOMPARE(leaves(), 750);
        window.searchField()->setText(QStringLiteral("gam"));
        QCOMPARE(leaves(), 250);
        window.searchField()->clear();
        QCOMPARE(view->currentIndex().siblingAtColumn(0).data(model::DirRole).toString(), chosen);
    }
};

TW_GUI_TEST_MAIN(TestMainWindow, "tst_mainwindow")

#include "tst_mainwindow.moc"
