#include "window/windowmenus.h"

#include "editing/editortabs.h"
#include "running/runview.h"
#include "window/authoringactions.h"
#include "window/browserpane.h"
#include "window/mainwindow.h"
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QTabWidget>
#include <QTreeView>

namespace tw::ui {

void WindowMenus::build(MainWindow &window, const Parts &parts)
{
    WindowMenus menus(window, parts);
    menus.buildFile();
    menus.buildView();
    menus.buildTool();
    menus.buildSettings();
    menus.buildHelp();
    auto *focusSearch = new QAction(tr("Search Tools"), &window);
    focusSearch->setShortcut(QKeySequence::Find);
    QObject::connect(focusSearch, &QAction::triggered, parts.browser, [browser = parts.browser] { browser->focusSearch(); });
    window.addAction(focusSearch);
}

void WindowMenus::buildFile()
{
    MainWindow *window = &m_window;
    AuthoringActions *authoring = m_parts.authoring;
    QMenu *file = window->menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open Data Directory…"), window, [window] {
        const QString dir = QFileDialog::getExistingDirectory(window, tr("Open Data Directory"), window->dataPath());
        if (!dir.isEmpty())
            window->openDataPath(dir);
    });
    open->setShortcut(QKeySequence::Open);
    QAction *connectServer = file->addAction(QIcon::fromTheme(QStringLiteral("network-server")), tr("&Connect to Server…"),
                                             window, [window] { MainWindow::connectToServerDialog(window); });
    connectServer->setObjectName(QStringLiteral("connectToServerAction"));
    connectServer->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(m_parts.rescan);
    file->addSeparator();
    file->addAction(tr("&Import Tool (.zip)…"), authoring, &AuthoringActions::importZipDialog);
    file->addAction(tr("Import Tool &Directory…"), authoring, &AuthoringActions::importDirectoryDialog);
    file->addAction(tr("&Export Tool as Zip…"), authoring, &AuthoringActions::exportCurrentDialog);
    file->addSeparator();
    QAction *quit = file->addAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), window,
                                    &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void WindowMenus::buildView()
{
    MainWindow *window = &m_window;
    QMenu *view = window->menuBar()->addMenu(tr("&View"));
    view->addAction(m_parts.browser->problemsOnlyAction());
    view->addAction(m_parts.browser->overriddenOnlyAction());
    view->addSeparator();
    const QStringList viewNames = {tr("&Browser"), tr("&Overrides"), tr("Seed &Sync"), tr("&Editor"), tr("&Run")};
    for (int i = 0; i < viewNames.size(); ++i) {
        QAction *a = view->addAction(viewNames[i], window, [window, i] { window->viewTabs()->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    QAction *inOverrides = view->addAction(tr("Show Tool in O&verrides"), window, &MainWindow::showCurrentInOverrides);
    inOverrides->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    view->addSeparator();
    view->addAction(m_parts.toggleProblems);
    view->addAction(m_parts.toggleFind);
    QAction *focusTools = view->addAction(tr("Focus &Tool List"), window, [window] {
        window->viewTabs()->setCurrentIndex(MainWindow::BrowserView);
        window->toolView()->setFocus();
    });
    focusTools->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
}

void WindowMenus::buildTool()
{
    MainWindow *window = &m_window;
    AuthoringActions *authoring = m_parts.authoring;
    QMenu *tool = window->menuBar()->addMenu(tr("&Tool"));
    QAction *edit = tool->addAction(QIcon::fromTheme(QStringLiteral("document-edit")), tr("&Edit"), authoring,
                                    &AuthoringActions::editCurrent);
    edit->setShortcut(QKeySequence(Qt::Key_F4));
    QAction *runTool = tool->addAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("&Run…"), window,
                                       &MainWindow::runCurrentTool);
    runTool->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    runTool->setToolTip(tr("Fill the tool's inputs and run it in a sandbox"));
    // The Run view's empty state names these (View → Browser is Ctrl+1, as set in buildView).
    m_parts.run->setOpenShortcuts(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + int(MainWindow::BrowserView))),
                                  runTool->shortcut());
    QAction *create = tool->addAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New Tool…"), authoring,
                                      &AuthoringActions::newToolDialog);
    create->setShortcut(QKeySequence::New);
    m_parts.editors->setOpenShortcuts(edit->shortcut(), create->shortcut());
    QAction *customize = tool->addAction(tr("&Customize…"), authoring, &AuthoringActions::customizeCurrent);
    customize->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    tool->addAction(tr("Revert to &Global…"), authoring, &AuthoringActions::revertCurrentToGlobal);
    tool->addSeparator();
    QAction *save = tool->addAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), authoring,
                                    &AuthoringActions::saveEditor);
    save->setShortcut(QKeySequence::Save);
    tool->addAction(tr("Re&vert Changes"), authoring, &AuthoringActions::revertEditorChanges);
    QAction *undo = tool->addAction(tr("&Undo"), authoring, &AuthoringActions::undo);
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = tool->addAction(tr("&Redo"), authoring, &AuthoringActions::redo);
    redo->setShortcut(QKeySequence::Redo);
    // Text fields keep their own Ctrl+Z; the menu works everywhere else in the editor.
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_parts.editors->addAction(undo);
    m_parts.editors->addAction(redo);
    QAction *close = tool->addAction(tr("&Close Editor"), authoring, &AuthoringActions::closeCurrentEditor);
    close->setShortcut(QKeySequence::Close);
}

void WindowMenus::buildSettings()
{
    MainWindow *window = &m_window;
    QMenu *settingsMenu = window->menuBar()->addMenu(tr("&Settings"));
    settingsMenu->addAction(m_parts.authoring->adminModeAction());
    settingsMenu->addAction(m_parts.authoring->autoBumpAction());
    settingsMenu->addSeparator();
    // One entry per page, so that "Settings → Secrets" in a message is a path the menu has.
    QAction *settingsAction = settingsMenu->addAction(QIcon::fromTheme(QStringLiteral("preferences-system")), tr("&Runtime…"),
                                                      window, [window] { window->showSettings(MainWindow::RuntimePage); });
    settingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settingsMenu->addAction(tr("&Integrations…"), window, [window] { window->showSettings(MainWindow::IntegrationsPage); });
    settingsMenu->addAction(tr("&Secrets…"), window, [window] { window->showSettings(MainWindow::SecretsPage); });
    settingsMenu->addAction(tr("A&gent…"), window, [window] { window->showSettings(MainWindow::AgentPage); });
}

void WindowMenus::buildHelp()
{
    MainWindow *window = &m_window;
    QMenu *help = window->menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = help->addAction(QIcon::fromTheme(QStringLiteral("input-keyboard")), tr("&Keyboard Shortcuts"), window, [window] {
        auto *dialog = new ShortcutsDialog(window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    help->addAction(tr("&About Toolwright"), window, [window] {
        QMessageBox::about(window, tr("About Toolwright"),
                           tr("<h3>Toolwright %1</h3><p>Browse, lint and run the tools of an agent platform.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

} // namespace tw::ui
