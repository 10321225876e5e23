#include "window/mainwindow.h"

#include "admin/overridesview.h"
#include "admin/syncview.h"
#include "browsing/tooldetailpane.h"
#include "catalog/catalogscanner.h"
#include "remote/remotecatalog.h"
#include "remote/remoterunexecution.h"
#include "remote/remotesession.h"
#include "diagnosticlistmodel.h"
#include "editing/editortabs.h"
#include "editing/tooleditor.h"
#include "run/runhistory.h"
#include "running/runform.h"
#include "running/runview.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretstore.h"
#include "sync/datapaths.h"
#include "tones.h"
#include "types/typeservice.h"
#include "toolroles.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"
#include "window/authoringactions.h"
#include "window/browserpane.h"
#include "widgets/fileviewer.h"
#include "window/connectdialog.h"
#include "window/findintoolspane.h"
#include "window/connectionstatus.h"
#include "window/settingsdialog.h"
#include "window/windowmenus.h"

#include <QAction>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

#include <algorithm>

namespace tw::ui {

namespace {

// The engine's messages are clauses ("the connection to HOST was lost"), to follow a prefix on
// the command line; the status bar shows them as sentences.
QString sentence(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

} // namespace

MainWindow::MainWindow(const QString &preferredUser, QWidget *parent, std::unique_ptr<engine::SecretStore> secrets)
    : QMainWindow(parent), m_preferredUser(preferredUser), m_currentUser(preferredUser), m_secrets(std::move(secrets))
{
    installThemeSupport();
    setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.toolwright.Toolwright")));
    if (!m_secrets) {
        // The store Settings → Secrets names. The encrypted file is unlocked before a run that
        // needs it (the Run view's SecretFilePrompt) or in Settings → Secrets, never inside a read.
        m_secrets = std::make_unique<engine::ConfiguredSecretStore>();
    }
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
}

MainWindow::MainWindow(const QString &dataPath, const QString &preferredUser, QWidget *parent,
                       std::unique_ptr<engine::SecretStore> secrets)
    : MainWindow(preferredUser, parent, std::move(secrets))
{
    m_scanner = new engine::CatalogScanner(this);
    // The catalog holds no bodies: a view reads those it shows (most of what a tool weighs).
    m_scanner->setKeepBodies(false);
    m_scanner->setKeepInputs(false);
    m_source = m_scanner;
    init();
    openDataPath(dataPath);
}

MainWindow::MainWindow(const engine::RemoteTarget &target, const engine::SshSettings &ssh, const QString &preferredUser,
                       QWidget *parent, std::unique_ptr<engine::SecretStore> secrets)
    : MainWindow(preferredUser, parent, std::move(secrets))
{
    m_session = new engine::RemoteSession(target, ssh, this);
    auto *remote = new engine::RemoteCatalog(m_session, this);
    m_source = remote;
    init();
    limitToServer();
    connect(remote, &engine::RemoteCatalog::listFailed, this, [this](const QString &message) {
        showStatusMessage(tr("The server's catalog could not be read: %1").arg(message), model::Tone::Error);
        updateStatus();
    });
    connect(m_session, &engine::RemoteSession::connectionLost, this, [this](const QString &reason) {
        // What is on screen stays; what is unsaved stays; the catalog comes again on reconnect.
        showStatusMessage(tr("%1. Reconnecting…").arg(sentence(reason)), model::Tone::Warning);
    });
    connect(m_session, &engine::RemoteSession::connectFailed, this, [this](const QString &reason) {
        showStatusMessage(sentence(reason), model::Tone::Error);
        if (!m_source->catalog())
            m_browser->detailPane()->showNothing(tr("Could not connect: %1").arg(reason));
    });
    m_browser->clear(dataLocation());
    updateWindowTitle();
    updateStatus();
    m_session->open();
}

engine::SshSettings MainWindow::serverSshSettings(const QString &remoteCommand)
{
    engine::SshSettings ssh = engine::SshSettings::fromEnvironment(remoteCommand);
    // ssh asks through this very binary (app/main.cpp, TOOLWRIGHT_ASKPASS): a passphrase, a
    // password or a new host key in AskpassDialog, never stored.
    ssh.askpass = QCoreApplication::applicationFilePath();
    return ssh;
}

MainWindow *MainWindow::openServerWindow(const engine::RemoteTarget &target, const QString &remoteCommand, const QString &user)
{
    auto *window = new MainWindow(target, serverSshSettings(remoteCommand), user);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

ConnectDialog *MainWindow::connectToServerDialog(MainWindow *parent)
{
    auto *dialog = new ConnectDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, parent, [dialog, parent] {
        if (const std::optional<ConnectDialog::Connection> c = dialog->connection())
            openServerWindow(c->target, c->remoteCommand, parent->currentUser());
    });
    dialog->open();
    return dialog;
}

void MainWindow::init()
{
    m_diagnosticModel = new model::DiagnosticListModel(this);
    m_problemsSort = new QSortFilterProxyModel(this);
    m_problemsSort->setSourceModel(m_diagnosticModel);

    buildLayout();

    connect(m_source, &engine::CatalogSource::scanStarted, this, &MainWindow::updateStatus);
    // Locations arrive faster than a frame when the tools are in the page cache: a hundred users
    // posted at once would be applied in one go. They are queued and applied a slice at a time,
    // each slice within a frame's budget, so the window keeps painting and answering.
    m_locationPump.setSingleShot(true);
    m_locationPump.setInterval(0);
    connect(&m_locationPump, &QTimer::timeout, this, &MainWindow::applyPendingLocations);
    connect(m_source, &engine::CatalogSource::locationScanned, this, [this](const engine::LocationScan &loc) {
        m_pendingLocations.append(loc);
        m_locationPump.start();
    });
    connect(m_source, &engine::CatalogSource::scanFinished, this,
            [this](const std::shared_ptr<const engine::Catalog> &catalog) {
                m_pendingCatalog = catalog; // shown once the locations before it are
                m_locationPump.start();
            });
    restoreSettings();
}

void MainWindow::limitToServer()
{
    // The server's files are read through the connection, never from this machine's disk at
    // the same path.
    const auto readOnServer = [session = m_session](const QString &path, FileReply reply) {
        session->readFile(path, std::move(reply));
    };
    m_browser->detailPane()->setFileReader(readOnServer);
    m_overrides->setFileReader(readOnServer);
    m_run->setServer(m_session, dataLocation());
    // The seed is a folder on the server; the one used last on this server is offered again.
    m_sync->setServer(m_session);
    m_sync->setSeedDir(QSettings().value(serverSeedKey()).toString());
    m_connectionStatus = new ConnectionStatus(m_session, this);
    statusBar()->addPermanentWidget(m_connectionStatus);
    connect(m_connectionStatus, &ConnectionStatus::summaryChanged, this, &MainWindow::updateWindowTitle);
    updateWindowTitle();
}

MainWindow::~MainWindow() = default;

QString MainWindow::dataPath() const { return m_source->dataPath(); }

QString MainWindow::serverSeedKey() const
{
    // Per server account, not per DATA_PATH: one platform's seed serves its DATA_PATH.
    engine::RemoteTarget target = m_session->target();
    target.path.clear();
    return QStringLiteral("servers/%1/seedDir").arg(QString::fromLatin1(target.url().toUtf8().toPercentEncoding()));
}

QString MainWindow::dataLocation() const
{
    if (!m_session)
        return dataPath();
    engine::RemoteTarget target = m_session->target();
    target.path = dataPath();
    return target.url();
}

void MainWindow::buildLayout()
{
    m_rescan = new QAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("&Rescan"), this);
    m_rescan->setShortcut(QKeySequence::Refresh);
    connect(m_rescan, &QAction::triggered, m_source, &engine::CatalogSource::rescan);
    m_browser = new BrowserPane(m_source, m_rescan, m_currentUser, this);
    buildViews();
    buildProblemsDock();
    buildFindDock();
    m_authoring = new AuthoringActions(this, m_source, m_browser, m_views, m_editors,
                                       [this](const QString &text, model::Tone tone) { showStatusMessage(text, tone); });
    connect(m_editors, &QTabWidget::tabCloseRequested, m_authoring, [this](int index) { m_authoring->closeEditor(index); });
    connect(m_browser->toolView(), &QTreeView::activated, m_authoring, &AuthoringActions::editCurrent);
    connect(m_browser->userCombo(), &QComboBox::currentIndexChanged, this,
            [this] { setCurrentUser(m_browser->userCombo()->currentData().toString()); });
    WindowMenus::build(*this, {m_browser, m_authoring, m_run, m_editors, m_rescan, m_problemsDock->toggleViewAction(),
                               m_findDock->toggleViewAction()});
    buildStatusBar();
}

engine::TypeService *MainWindow::typeService()
{
    if (!m_types)
        m_types = new engine::TypeService(this);
    return m_types;
}

void MainWindow::buildViews()
{
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("viewTabs"));
    m_views->setDocumentMode(true);
    m_views->addTab(m_browser, tr("Browser"));
    m_overrides = new OverridesView(m_views);
    m_overrides->setObjectName(QStringLiteral("overridesView"));
    m_views->addTab(m_overrides, tr("Overrides"));
    m_sync = new SyncView(m_views);
    m_sync->setObjectName(QStringLiteral("syncView"));
    m_views->addTab(m_sync, tr("Seed Sync"));
    m_editors = new EditorTabs(m_views); // with no tool open it says how to open one
    m_editors->setObjectName(QStringLiteral("editorTabs"));
    m_editors->setTabsClosable(true);
    m_editors->setDocumentMode(true);
    m_views->addTab(m_editors, tr("Editor"));
    // A server window's runs go to the server; this desktop keeps their history per server.
    m_run = new RunView(*m_secrets,
                        m_session ? engine::RemoteRunExecution::historyPathFor(m_session->target())
                                  : engine::RunHistory::defaultPath(),
                        m_views);
    m_run->setObjectName(QStringLiteral("runView"));
    m_views->addTab(m_run, tr("Run"));
    setCentralWidget(m_views);
    connect(m_sync, &SyncView::applied, m_source, &engine::CatalogSource::rescan);
}

void MainWindow::buildFindDock()
{
    m_findDock = new QDockWidget(tr("Find in Tools"), this);
    m_findDock->setObjectName(QStringLiteral("findDock"));
    m_find = new FindInToolsPane(
        [this] {
            QList<FindInToolsPane::Scope> scopes;
            const engine::Catalog *catalog = m_browser->catalog();
            if (!catalog || isRemote())
                return scopes; // a server's files are not on this disk
            QStringList all, global, mine;
            for (const engine::ToolRecord &t : catalog->global.tools)
                global.append(t.dir);
            all = global;
            for (const engine::LocationScan &user : catalog->users) {
                for (const engine::ToolRecord &t : user.tools) {
                    all.append(t.dir);
                    if (user.user == currentUser())
                        mine.append(t.dir);
                }
            }
            scopes.append({tr("All tools"), all});
            scopes.append({tr("Global tools"), global});
            if (!currentUser().isEmpty())
                scopes.append({tr("Tools of %1").arg(currentUser()), mine});
            return scopes;
        },
        m_findDock);
    m_findDock->setWidget(m_find);
    addDockWidget(Qt::BottomDockWidgetArea, m_findDock);
    tabifyDockWidget(m_problemsDock, m_findDock);
    m_findDock->hide();
    QAction *toggle = m_findDock->toggleViewAction(); // in the View menu
    toggle->setText(tr("&Find in Tools"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(toggle, &QAction::triggered, this, [this](bool on) {
        if (on)
            showFindInTools();
    });
    connect(m_find, &FindInToolsPane::openRequested, this, &MainWindow::openFileAtLine);
}

void MainWindow::setEditorProblems(const QString &toolDir, const QString &tool, const engine::Diagnostics &problems)
{
    const QString location = engine::locationOfToolDir(toolDir);
    const QString scope = location == engine::globalToolsPath(dataPath()) ? QStringLiteral("global")
                                                                          : QFileInfo(QFileInfo(location).path()).fileName();
    m_diagnosticModel->setEditorDiagnostics(toolDir, tool, scope, problems);
}

void MainWindow::showFindInTools()
{
    m_findDock->show();
    m_findDock->raise();
    m_find->focusQuery();
    if (isRemote())
        showStatusMessage(tr("Find in Tools searches this computer's files: a server's tools are on the server"),
                          model::Tone::Warning);
}

void MainWindow::openFileAtLine(const QString &file, int line)
{
    // The tool a file belongs to: the nearest folder above it that holds a TOOL.md.
    QString toolDir = QFileInfo(file).absolutePath();
    while (!toolDir.isEmpty() && toolDir != u"/" && !QFileInfo::exists(toolDir + u'/' + engine::kToolMdFile))
        toolDir = QFileInfo(toolDir).path();
    const QString name = QFileInfo(file).fileName();
    const bool editorFile = QFileInfo(file).absolutePath() == toolDir
                            && (name == engine::kToolMdFile || name == u"index.ts" || name == u"index.js");
    if (editorFile) {
        if (ToolEditor *editor = m_authoring->editTool(toolDir); editor && editor->showFileLine(file, line))
            return;
    }
    auto *viewer = new FileViewer(file, line, this);
    viewer->show();
}

void MainWindow::buildProblemsDock()
{
    auto *dock = new QDockWidget(tr("Problems"), this);
    m_problemsDock = dock;
    dock->setObjectName(QStringLiteral("problemsDock"));
    m_problems = new QTableView(dock);
    m_problems->setObjectName(QStringLiteral("problemsView"));
    m_problems->setAccessibleName(tr("Problems across the catalog"));
    m_problems->setModel(m_problemsSort);
    m_problems->setSortingEnabled(true);
    m_problems->sortByColumn(-1, Qt::AscendingOrder);
    m_problems->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_problems->setSelectionMode(QAbstractItemView::SingleSelection);
    m_problems->verticalHeader()->hide();
    m_problems->horizontalHeader()->setStretchLastSection(true);
    m_problems->setWordWrap(false);
    m_problems->verticalHeader()->setDefaultSectionSize(m_problems->fontMetrics().height() + 6);
    dock->setWidget(m_problems);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    QAction *toggleProblems = dock->toggleViewAction(); // in the View menu
    toggleProblems->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    connect(toggleProblems, &QAction::triggered, this, [this](bool on) { m_problemsWanted = on; }); // in any view
    connect(m_views, &QTabWidget::currentChanged, this, [this, dock](int index) {
        if (index == OverridesViewTab && m_overridesPending)
            setOverridesCatalog(std::move(*m_overridesPending)); // shown now: it takes it
        // The Problems panel serves the browser; the admin views need the room.
        if (index == BrowserView) {
            dock->setVisible(m_problemsWanted);
        } else if (m_lastView == BrowserView) {
            m_problemsWanted = dock->isVisible();
            dock->hide();
        }
        m_lastView = index;
    });
    connect(m_problems, &QTableView::activated, this, [this](const QModelIndex &index) {
        m_browser->revealProblem(index.data(model::DiagnosticListModel::ToolDirRole).toString(),
                                 index.data(model::DiagnosticListModel::FileRole).toString(),
                                 index.data(model::DiagnosticListModel::LineRole).toInt());
    });
}

void MainWindow::buildStatusBar()
{
    m_statusMessage = new QLabel(this);
    m_statusMessage->setObjectName(QStringLiteral("statusMessage"));
    m_statusMessage->hide();
    statusBar()->addWidget(m_statusMessage, 1);
    m_statusMessageTimer.setSingleShot(true);
    connect(&m_statusMessageTimer, &QTimer::timeout, m_statusMessage, &QWidget::hide);
    m_statusLabel = new QLabel(this);
    m_statusLabel->setObjectName(QStringLiteral("statusLabel"));
    statusBar()->addPermanentWidget(m_statusLabel);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_browser->restoreSettings(settings);
    // The panel is hidden while another view is current; what the user wants is kept apart
    // from the dock state, which says "hidden" when the window was quit from such a view.
    m_problemsWanted = settings.value(QStringLiteral("window/problemsPanel"), true).toBool();
    m_problemsDock->setVisible(m_problemsWanted);
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1180, 760);
    m_authoring->adminModeAction()->setChecked(settings.value(QStringLiteral("editor/adminMode"), false).toBool());
    m_authoring->autoBumpAction()->setChecked(settings.value(QStringLiteral("editor/autoBump"), false).toBool());
    const QString seed = settings.value(QStringLiteral("sync/seedDir")).toString();
    m_sync->setSeedDir(seed.isEmpty() ? engine::bundledSeedToolsDir() : seed);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (const int running = m_run->runningCount(); running > 0
        && MessageBox::ask(this, tr("Runs in Progress"), tr("%n runs still in progress. Quit and stop them?", nullptr, running),
                           {tr("Stop and Quit"), tr("Keep Running")}) != 0) {
        event->ignore();
        return;
    }
    if (!m_authoring->closeAllEditors()) {
        event->ignore(); // the user chose to keep editing
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("editor/adminMode"), m_authoring->adminModeAction()->isChecked());
    settings.setValue(QStringLiteral("editor/autoBump"), m_authoring->autoBumpAction()->isChecked());
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/problemsPanel"),
                      m_views->currentIndex() == BrowserView ? m_problemsDock->isVisible() : m_problemsWanted);
    m_browser->saveSettings(settings);
    settings.setValue(m_session ? serverSeedKey() : QStringLiteral("sync/seedDir"), m_sync->rememberedSeedDir()); // not a --seed
    event->accept();
}

void MainWindow::openDataPath(const QString &dataPath)
{
    if (m_session) {
        // A server window stays on its server: the local data dir gets a window of its own.
        auto *local = new MainWindow(dataPath, m_currentUser);
        local->setAttribute(Qt::WA_DeleteOnClose);
        local->show();
        return;
    }
    m_browser->clear(dataPath);
    setOverridesCatalog(nullptr);
    m_sync->setDataPath(dataPath);
    m_scanner->setDataPath(dataPath);
    updateWindowTitle();
    updateStatus();
}

void MainWindow::updateWindowTitle()
{
    // A server window names the host and how the connection is (connected, its round trip).
    const QString where = !m_session ? dataPath()
        : tr("%1:%2 (%3)").arg(m_session->target().displayHost(), dataPath(),
                               m_connectionStatus ? m_connectionStatus->summary() : tr("connecting…"));
    setWindowTitle(m_currentUser.isEmpty() ? tr("%1 — Toolwright").arg(where)
                                           : tr("%1 — %2 — Toolwright").arg(m_currentUser, where));
}

void MainWindow::applyPendingLocations()
{
    constexpr qint64 kSliceNs = 8'000'000; // half a frame; the other half paints
    QElapsedTimer slice;
    slice.start();
    bool applied = false;
    while (!m_pendingLocations.isEmpty()) {
        m_browser->applyLocation(m_pendingLocations.takeFirst());
        applied = true;
        if (slice.nsecsElapsed() > kSliceNs && !m_pendingLocations.isEmpty()) {
            m_locationPump.start(); // the rest after the next paint
            return;
        }
    }
    // The catalog's own consumers (~30 ms at 101,000 tools) get a slice of their own, not the
    // end of one that applied locations.
    if (m_pendingCatalog && applied && slice.nsecsElapsed() > kSliceNs / 4) {
        m_locationPump.start();
        return;
    }
    if (m_pendingCatalog) {
        const std::shared_ptr<const engine::Catalog> catalog = std::move(m_pendingCatalog);
        m_pendingCatalog.reset();
        onScanFinished(catalog);
    }
}

void MainWindow::onScanFinished(const std::shared_ptr<const engine::Catalog> &catalog)
{
    m_browser->setCatalog(catalog);
    m_diagnosticModel->setCatalog(*catalog);
    setOverridesCatalog(catalog);
    m_run->setCatalog(catalog);
    m_problems->resizeColumnsToContents();
    updateUserCombo(*catalog);
    m_browser->showCatalog();
    updateStatus();
    Q_EMIT catalogShown();
}

void MainWindow::setOverridesCatalog(std::shared_ptr<const engine::Catalog> catalog)
{
    if (m_views->currentIndex() == OverridesViewTab) {
        m_overridesPending.reset();
        m_overrides->setCatalog(std::move(catalog));
    } else {
        m_overridesPending = std::move(catalog);
    }
}

void MainWindow::updateUserCombo(const engine::Catalog &catalog)
{
    // Every user of the data dir, and the one asked for on the command line even before it has
    // a directory (New Tool creates it). Without a current user the first one becomes current.
    QStringList emails = catalog.userEmails();
    if (!m_preferredUser.isEmpty() && !emails.contains(m_preferredUser))
        emails.append(m_preferredUser);
    QString user = m_currentUser;
    if (!emails.contains(user))
        user = emails.isEmpty() ? QString() : emails.contains(m_preferredUser) ? m_preferredUser : emails.first();
    m_browser->setUsers(emails, user);
    setCurrentUser(user); // nothing when it stays the same
}

void MainWindow::setCurrentUser(const QString &email)
{
    if (email == m_currentUser)
        return;
    m_currentUser = email;
    m_browser->setUser(email);
    updateWindowTitle();
    Q_EMIT currentUserChanged(email);
}

void MainWindow::setViewUser(const QString &email)
{
    if (!email.isEmpty())
        setCurrentUser(email);
    m_browser->setEffectiveView(!email.isEmpty());
}

bool MainWindow::selectDir(const QString &dir) { return m_browser->selectDir(dir); }

model::ToolCatalogModel *MainWindow::catalogModel() const { return m_browser->catalogModel(); }
model::ToolFilterProxyModel *MainWindow::filterModel() const { return m_browser->filterModel(); }
QTreeView *MainWindow::toolView() const { return m_browser->toolView(); }
QLineEdit *MainWindow::searchField() const { return m_browser->searchField(); }
QComboBox *MainWindow::viewCombo() const { return m_browser->viewCombo(); }
QComboBox *MainWindow::userCombo() const { return m_browser->userCombo(); }
ToolDetailPane *MainWindow::detailPane() const { return m_browser->detailPane(); }

bool MainWindow::runCurrentTool()
{
    const QModelIndex index = m_browser->currentTool();
    if (!index.isValid())
        return false;
    const auto tool = index.data(model::ToolRecordRole).value<engine::ToolRecord>();
    // A user's tool runs as that user; a global one as the user the window is about.
    m_run->setTool(tool, tool.scope == engine::Scope::User ? tool.user : authoringUser());
    m_views->setCurrentIndex(RunViewTab);
    m_run->form()->setFocus();
    return true;
}

void MainWindow::showSettings(SettingsPage page)
{
    auto *dialog = new SettingsDialog(*m_secrets, authoringUser(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (auto *pages = dialog->findChild<QTabWidget *>())
        pages->setCurrentIndex(page); // Runtime, Integrations, Secrets, Agent: the dialog's page order
    dialog->open();
}

// Authoring is AuthoringActions' (window/authoringactions.h); these keep the window's API.
ToolEditor *MainWindow::editTool(const QString &dir) { return m_authoring->editTool(dir); }
ToolEditor *MainWindow::currentEditor() const { return m_authoring->currentEditor(); }
QTabWidget *MainWindow::editorTabs() const { return m_editors; }
QString MainWindow::createTool(const QString &templateId, const QString &name, const QString &label, const QString &description)
{
    return m_authoring->createTool(templateId, name, label, description);
}
QString MainWindow::customizeTool(const QString &globalDir) { return m_authoring->customizeTool(globalDir); }
bool MainWindow::revertToGlobal(const QString &userDir) { return m_authoring->revertToGlobal(userDir); }
QStringList MainWindow::importTools(const QStringList &paths) { return m_authoring->importTools(paths); }
bool MainWindow::exportTool(const QString &toolDir, const QString &zipPath) { return m_authoring->exportTool(toolDir, zipPath); }
void MainWindow::setAdminMode(bool on) { m_authoring->adminModeAction()->setChecked(on); }
void MainWindow::setAutoBump(bool on) { m_authoring->autoBumpAction()->setChecked(on); }

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    // Tool directories and .zip archives dropped on the window are imported.
    const QList<QUrl> urls = event->mimeData()->urls();
    const bool usable = !urls.isEmpty() && std::all_of(urls.cbegin(), urls.cend(), [](const QUrl &u) {
        const QFileInfo fi(u.toLocalFile());
        return u.isLocalFile() && (fi.isDir() || fi.suffix().compare(QStringLiteral("zip"), Qt::CaseInsensitive) == 0);
    });
    if (usable)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &u : event->mimeData()->urls())
        paths.append(u.toLocalFile());
    event->acceptProposedAction();
    importTools(paths);
}

void MainWindow::showCurrentInOverrides()
{
    const QModelIndex index = m_browser->currentTool();
    if (!index.isValid())
        return;
    const QString name = index.data(model::NameRole).toString();
    const QString email = index.data(model::UserRole).toString();
    m_views->setCurrentIndex(OverridesViewTab);
    if (!m_overrides->selectCell(name, email)) {
        m_overrides->toolFilter()->clear();
        m_overrides->userFilter()->clear();
        m_overrides->selectCell(name, email);
    }
}

void MainWindow::updateStatus()
{
    if (!m_statusLabel)
        return;
    const std::shared_ptr<const engine::Catalog> catalog = m_source->catalog();
    QStringList parts;
    if (catalog) {
        qsizetype skipped = catalog->global.skipped.size();
        for (const engine::LocationScan &loc : catalog->users)
            skipped += loc.skipped.size();
        parts << tr("%n tools", nullptr, int(catalog->toolCount()))
              << tr("%n users", nullptr, int(catalog->users.size()))
              << tr("%n errors", nullptr, m_diagnosticModel->count(engine::Severity::Error))
              << tr("%n warnings", nullptr, m_diagnosticModel->count(engine::Severity::Warning))
              << tr("%n not loaded", nullptr, int(skipped));
    }
    if (m_source->isScanning())
        parts << (m_session ? tr("reading the server's catalog…") : tr("scanning…"));
    m_statusLabel->setText(parts.join(QStringLiteral(" · ")));
}

void MainWindow::showStatusMessage(const QString &text, model::Tone tone)
{
    if (text.isEmpty()) { // nothing to say any more
        m_statusMessage->hide();
        m_statusMessageTimer.stop();
        return;
    }
    m_statusMessage->setText(text);
    setTone(m_statusMessage, tone);
    m_statusMessage->show();
    m_statusMessageTimer.start(tone == model::Tone::Error ? 20000 : 8000);
}

} // namespace tw::ui
