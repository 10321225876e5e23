#include "window/mainwindow.h"

#include "admin/overridesview.h"
#include "admin/syncview.h"
#include "authoring/toolarchive.h"
#include "authoring/toolworkspace.h"
#include "browsing/tooldetailpane.h"
#include "catalog/catalogscanner.h"
#include "diagnosticlistmodel.h"
#include "editing/editortabs.h"
#include "editing/newtooldialog.h"
#include "editing/tooleditor.h"
#include "effectivetoolsmodel.h"
#include "run/runhistory.h"
#include "running/runform.h"
#include "running/runview.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretfile.h"
#include "secrets/secretstore.h"
#include "sync/datapaths.h"
#include "tones.h"
#include "toolcatalogmodel.h"
#include "toolfilterproxymodel.h"
#include "toolroles.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"
#include "window/settingsdialog.h"
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QDateTime>
#include <QInputDialog>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QElapsedTimer>
#include <QScopedValueRollback>
#include <QSortFilterProxyModel>
#include <QTimer>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

using model::NodeKind;
using model::OverrideState;

namespace {

// Down from the search field moves into the list, Escape clears the search.
class SearchKeys final : public QObject
{
public:
    SearchKeys(QLineEdit *edit, QTreeView *view) : QObject(edit), m_edit(edit), m_view(view) {}
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() != QEvent::KeyPress)
            return false;
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down) {
            m_view->setFocus();
            if (!m_view->currentIndex().isValid() && m_view->model()->rowCount() > 0)
                m_view->setCurrentIndex(m_view->model()->index(0, 0));
            return true;
        }
        if (key == Qt::Key_Escape && !m_edit->text().isEmpty()) {
            m_edit->clear();
            return true;
        }
        return false;
    }

private:
    QLineEdit *m_edit;
    QTreeView *m_view;
};

// Keeps a note over a view's viewport ("No tools match …"), filling it as it resizes.
class ViewportOverlay final : public QObject
{
public:
    ViewportOverlay(QWidget *viewport, QLabel *label) : QObject(label), m_label(label)
    {
        viewport->installEventFilter(this);
        place(viewport);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize)
            place(static_cast<QWidget *>(watched));
        return false;
    }

private:
    void place(const QWidget *viewport) { m_label->setGeometry(viewport->rect().adjusted(12, 12, -12, -12)); }
    QLabel *m_label;
};

QStringList badgesFor(const QModelIndex &index)
{
    QStringList badges;
    switch (OverrideState(index.data(model::OverrideStateRole).toInt())) {
    case OverrideState::OverridesGlobal:
        badges.append(MainWindow::tr("shadows global v%1").arg(index.data(model::OverriddenVersionRole).toInt()));
        break;
    case OverrideState::Overridden: {
        const QStringList users = index.data(model::OverriddenByRole).toStringList();
        QString who = QStringList(users.mid(0, 3)).join(QStringLiteral(", "));
        if (users.size() > 3)
            who += MainWindow::tr(" and %n more", nullptr, int(users.size() - 3));
        badges.append(MainWindow::tr("overridden by %1").arg(who));
        break;
    }
    case OverrideState::Shadowed:
        badges.append(MainWindow::tr("duplicate name: another directory wins"));
        break;
    case OverrideState::None:
        break;
    }
    return badges;
}

} // namespace

MainWindow::MainWindow(const QString &dataPath, const QString &preferredUser, QWidget *parent,
                       std::unique_ptr<engine::SecretStore> secrets)
    : QMainWindow(parent), m_preferredUser(preferredUser), m_currentUser(preferredUser), m_secrets(std::move(secrets))
{
    installThemeSupport();
    setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.toolwright.Toolwright")));
    if (!m_secrets) {
        // The store Settings → Secrets names; the encrypted file asks for its passphrase when
        // a secret is first needed (not again for a minute after the user declines).
        auto store = std::make_unique<engine::ConfiguredSecretStore>();
        store->setUnlockPrompt([this, declined = QDateTime()](engine::EncryptedFileSecretStore &file) mutable {
            if (qEnvironmentVariableIsSet("TOOLWRIGHT_NO_DIALOGS") || (declined.isValid() && declined.secsTo(QDateTime::currentDateTime()) < 60))
                return false;
            bool ok = false;
            const QString passphrase = QInputDialog::getText(this, tr("Unlock Secrets"),
                                                             tr("Passphrase of the encrypted secret file %1:").arg(file.path()),
                                                             QLineEdit::Password, QString(), &ok);
            QString error;
            if (!ok || !file.unlock(passphrase, &error)) {
                declined = QDateTime::currentDateTime();
                if (ok)
                    showStatusMessage(error, model::Tone::Error);
                return false;
            }
            return true;
        });
        m_secrets = std::move(store);
    }
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    m_scanner = new engine::CatalogScanner(this);
    m_catalogModel = new model::ToolCatalogModel(this);
    m_effectiveModel = new model::EffectiveToolsModel(this);
    m_filter = new model::ToolFilterProxyModel(this);
    m_filter->setSourceModel(m_catalogModel);
    m_diagnosticModel = new model::DiagnosticListModel(this);
    m_problemsSort = new QSortFilterProxyModel(this);
    m_problemsSort->setSourceModel(m_diagnosticModel);

    buildActions();
    buildLayout();

    connect(m_scanner, &engine::CatalogScanner::scanStarted, this, &MainWindow::updateStatus);
    // Locations arrive faster than a frame when the tools are in the page cache: a hundred users
    // posted at once would be applied in one go. They are queued and applied a slice at a time,
    // each slice within a frame's budget, so the window keeps painting and answering.
    m_locationPump.setSingleShot(true);
    m_locationPump.setInterval(0);
    connect(&m_locationPump, &QTimer::timeout, this, &MainWindow::applyPendingLocations);
    connect(m_scanner, &engine::CatalogScanner::locationScanned, this, [this](const engine::LocationScan &loc) {
        m_pendingLocations.append(loc);
        m_locationPump.start();
    });
    connect(m_scanner, &engine::CatalogScanner::scanFinished, this,
            [this](const std::shared_ptr<const engine::Catalog> &catalog) {
                m_pendingCatalog = catalog; // shown once the locations before it are
                m_locationPump.start();
            });
    restoreSettings();
    openDataPath(dataPath);
}

MainWindow::~MainWindow() = default;

QString MainWindow::dataPath() const { return m_scanner->dataPath(); }

void MainWindow::buildActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open Data Directory…"),
                                    this, &MainWindow::chooseDataPath);
    open->setShortcut(QKeySequence::Open);
    m_rescan = file->addAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("&Rescan"), m_scanner,
                               &engine::CatalogScanner::rescan);
    m_rescan->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    file->addAction(tr("&Import Tool (.zip)…"), this, [this] {
        const QString zip = QFileDialog::getOpenFileName(this, tr("Import Tool"), QString(), tr("Tool archives (*.zip)"));
        if (!zip.isEmpty())
            importTools({zip});
    });
    file->addAction(tr("Import Tool &Directory…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Import Tool Directory"));
        if (!dir.isEmpty())
            importTools({dir});
    });
    file->addAction(tr("&Export Tool as Zip…"), this, [this] {
        const QString dir = currentToolDir();
        if (dir.isEmpty())
            return;
        const QString zip = QFileDialog::getSaveFileName(this, tr("Export Tool"), QFileInfo(dir).fileName() + QStringLiteral(".zip"),
                                                         tr("Tool archives (*.zip)"));
        if (!zip.isEmpty())
            exportTool(dir, zip);
    });
    file->addSeparator();
    QAction *quit = file->addAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this,
                                    &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_problemsOnly = new QAction(QIcon::fromTheme(QStringLiteral("dialog-warning")), tr("With &Problems"), this);
    m_problemsOnly->setCheckable(true);
    m_problemsOnly->setToolTip(tr("Show only tools with warnings or errors, and directories that are not loaded"));
    m_problemsOnly->setShortcut(QKeySequence(Qt::ALT | Qt::Key_P));
    m_overriddenOnly = new QAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Overridden"), this);
    m_overriddenOnly->setCheckable(true);
    m_overriddenOnly->setToolTip(tr("Show only tools that override, are overridden by, or duplicate another"));
    m_overriddenOnly->setShortcut(QKeySequence(Qt::ALT | Qt::Key_O));
    connect(m_problemsOnly, &QAction::toggled, this, [this](bool on) { changeFilter([&] { m_filter->setProblemsOnly(on); }); });
    connect(m_overriddenOnly, &QAction::toggled, this,
            [this](bool on) { changeFilter([&] { m_filter->setOverriddenOnly(on); }); });
}

void MainWindow::buildLayout()
{
    // The search and filter bar belongs to the Browser page only.
    auto *browserPage = new QWidget(this);
    auto *browserLayout = new QVBoxLayout(browserPage);
    browserLayout->setContentsMargins(0, 0, 0, 0);
    browserLayout->setSpacing(0);
    auto *bar = new QToolBar(tr("Browse"), browserPage);
    bar->setObjectName(QStringLiteral("browseToolBar"));
    browserLayout->addWidget(bar);
    m_search = new QLineEdit(bar);
    m_search->setObjectName(QStringLiteral("searchField"));
    m_search->setAccessibleName(tr("Search tools"));
    m_search->setPlaceholderText(tr("Search name, label, description (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(260);
    bar->addWidget(m_search);
    // The current user, always in sight: what New Tool, Customize, Import and Run act for.
    auto *userLabel = new QLabel(tr("&User:"), bar);
    userLabel->setContentsMargins(8, 0, 4, 0);
    m_userCombo = new QComboBox(bar);
    m_userCombo->setObjectName(QStringLiteral("userCombo"));
    m_userCombo->setAccessibleName(tr("User"));
    m_userCombo->setToolTip(tr("The user New Tool, Customize, Import and Run act for, and whose effective tools "
                               "the view shows"));
    m_userCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_userCombo->setPlaceholderText(tr("no user"));
    m_userCombo->setEnabled(false); // until a scan finds users
    userLabel->setBuddy(m_userCombo);
    bar->addWidget(userLabel);
    bar->addWidget(m_userCombo);
    m_viewCombo = new QComboBox(bar);
    m_viewCombo->setObjectName(QStringLiteral("viewCombo"));
    m_viewCombo->setAccessibleName(tr("Show"));
    m_viewCombo->setToolTip(tr("Every location as a tree, or the effective tools the user's agent sees "
                               "(global tools, then the user's own; the same name later wins)"));
    m_viewCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_viewCombo->addItem(tr("All locations"));
    m_viewCombo->addItem(tr("Effective tools"));
    bar->addWidget(m_viewCombo);
    m_scopeCombo = new QComboBox(bar);
    m_scopeCombo->setObjectName(QStringLiteral("scopeCombo"));
    m_scopeCombo->setAccessibleName(tr("Scope filter"));
    m_scopeCombo->addItem(tr("Global and user"), int(model::ToolFilterProxyModel::ScopeFilter::All));
    m_scopeCombo->addItem(tr("Global only"), int(model::ToolFilterProxyModel::ScopeFilter::Global));
    m_scopeCombo->addItem(tr("User only"), int(model::ToolFilterProxyModel::ScopeFilter::User));
    m_scopeCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(m_scopeCombo);
    bar->addAction(m_problemsOnly);
    bar->addAction(m_overriddenOnly);
    bar->addSeparator();
    bar->addAction(m_rescan);

    auto *focusSearch = new QAction(tr("Search Tools"), this);
    focusSearch->setShortcut(QKeySequence::Find);
    connect(focusSearch, &QAction::triggered, this, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    addAction(focusSearch);

    m_splitter = new QSplitter(Qt::Horizontal, browserPage);
    browserLayout->addWidget(m_splitter, 1);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_toolView = new QTreeView(m_splitter);
    m_toolView->setObjectName(QStringLiteral("toolView"));
    m_toolView->setAccessibleName(tr("Tools"));
    m_toolView->setModel(m_filter);
    m_toolView->setUniformRowHeights(true);
    m_toolView->setAlternatingRowColors(true);
    m_toolView->header()->setStretchLastSection(true);
    m_toolView->setColumnWidth(0, 240);
    m_toolView->setColumnWidth(1, 60);
    // The name column fits its names (up to a share of the list) until the user sizes it by hand;
    // a longer name is elided and its tooltip says it whole.
    m_fitNameColumn.setSingleShot(true);
    m_fitNameColumn.setInterval(0);
    connect(&m_fitNameColumn, &QTimer::timeout, this, &MainWindow::fitNameColumn);
    for (auto signal : {&QTreeView::expanded, &QTreeView::collapsed})
        connect(m_toolView, signal, &m_fitNameColumn, qOverload<>(&QTimer::start));
    connect(m_toolView->header(), &QHeaderView::sectionResized, this, [this](int section) {
        // A drag on the header's handle (a model reset resizes sections too, with no button held).
        if (section == 0 && !m_fittingNameColumn && (QApplication::mouseButtons() & Qt::LeftButton))
            m_nameColumnSetByUser = true;
    });
    m_noMatches = new QLabel(m_toolView->viewport());
    m_noMatches->setObjectName(QStringLiteral("noMatchesLabel"));
    m_noMatches->setAlignment(Qt::AlignCenter);
    m_noMatches->setWordWrap(true);
    m_noMatches->setAttribute(Qt::WA_TransparentForMouseEvents);
    setTone(m_noMatches, model::Tone::Muted);
    m_noMatches->hide();
    new ViewportOverlay(m_toolView->viewport(), m_noMatches);
    m_detail = new ToolDetailPane(m_splitter);
    m_detail->setObjectName(QStringLiteral("detailPane"));
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({420, 640});
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("viewTabs"));
    m_views->setDocumentMode(true);
    m_views->addTab(browserPage, tr("Browser"));
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
    connect(m_editors, &QTabWidget::tabCloseRequested, this, [this](int index) { closeEditor(index); });
    m_views->addTab(m_editors, tr("Editor"));
    m_run = new RunView(*m_secrets, engine::RunHistory::defaultPath(), m_views);
    m_run->setObjectName(QStringLiteral("runView"));
    m_views->addTab(m_run, tr("Run"));
    connect(m_toolView, &QTreeView::activated, this, [this] {
        if (const QString dir = currentToolDir(); !dir.isEmpty())
            editTool(dir);
    });
    setCentralWidget(m_views);
    connect(m_sync, &SyncView::applied, m_scanner, &engine::CatalogScanner::rescan);
    m_search->installEventFilter(new SearchKeys(m_search, m_toolView));

    connect(m_search, &QLineEdit::textChanged, this,
            [this](const QString &text) { changeFilter([&] { m_filter->setText(text); }); });
    connect(m_scopeCombo, &QComboBox::currentIndexChanged, this, [this] {
        changeFilter([this] {
            m_filter->setScopeFilter(model::ToolFilterProxyModel::ScopeFilter(m_scopeCombo->currentData().toInt()));
        });
    });
    connect(m_viewCombo, &QComboBox::currentIndexChanged, this, &MainWindow::applyView);
    connect(m_userCombo, &QComboBox::currentIndexChanged, this,
            [this] { setCurrentUser(m_userCombo->currentData().toString()); });
    connect(m_toolView->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrent);
    const auto listChanged = [this] {
        updateNoMatches();
        m_fitNameColumn.start();
    };
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, listChanged);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, listChanged);
    connect(m_filter, &QAbstractItemModel::modelReset, this, listChanged);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, listChanged);
    connect(m_filter, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                const QModelIndex cur = m_toolView->currentIndex();
                if (cur.isValid() && cur.parent() == topLeft.parent() && cur.row() >= topLeft.row()
                    && cur.row() <= bottomRight.row())
                    showCurrent();
            });
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (!m_toolView->currentIndex().isValid())
            showCurrent();
    });

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
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_problemsOnly);
    view->addAction(m_overriddenOnly);
    view->addSeparator();
    const QStringList viewNames = {tr("&Browser"), tr("&Overrides"), tr("Seed &Sync"), tr("&Editor"), tr("&Run")};
    for (int i = 0; i < viewNames.size(); ++i) {
        QAction *a = view->addAction(viewNames[i], this, [this, i] { m_views->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    QAction *inOverrides = view->addAction(tr("Show Tool in O&verrides"), this, &MainWindow::showCurrentInOverrides);
    inOverrides->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    view->addSeparator();
    QAction *toggleProblems = dock->toggleViewAction();
    toggleProblems->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    connect(toggleProblems, &QAction::triggered, this, [this](bool on) { m_problemsWanted = on; }); // in any view
    view->addAction(toggleProblems);
    QAction *focusTools = view->addAction(tr("Focus &Tool List"), this, [this] {
        m_views->setCurrentIndex(BrowserView);
        m_toolView->setFocus();
    });
    focusTools->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_views, &QTabWidget::currentChanged, this, [this, dock](int index) {
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
        const QString dir = index.data(model::DiagnosticListModel::ToolDirRole).toString();
        if (!selectDir(dir)) {
            m_viewCombo->setCurrentIndex(0); // the tree shows every location
            m_search->clear();
            m_problemsOnly->setChecked(false);
            m_overriddenOnly->setChecked(false);
            m_scopeCombo->setCurrentIndex(0);
            selectDir(dir);
        }
        const QString file = index.data(model::DiagnosticListModel::FileRole).toString();
        if (!file.isEmpty())
            m_detail->openFile(file, index.data(model::DiagnosticListModel::LineRole).toInt());
    });

    buildToolMenu();
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = help->addAction(QIcon::fromTheme(QStringLiteral("input-keyboard")), tr("&Keyboard Shortcuts"), this, [this] {
        auto *dialog = new ShortcutsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    help->addAction(tr("&About Toolwright"), this, [this] {
        QMessageBox::about(this, tr("About Toolwright"),
                           tr("<h3>Toolwright %1</h3><p>Browse, lint and run the tools of an agent platform.</p>")
                               .arg(QApplication::applicationVersion()));
    });

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
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    m_toolView->header()->restoreState(settings.value(QStringLiteral("window/toolHeader")).toByteArray());
    m_nameColumnSetByUser = settings.value(QStringLiteral("window/nameColumnSetByUser"), false).toBool();
    // The panel is hidden while another view is current; what the user wants is kept apart
    // from the dock state, which says "hidden" when the window was quit from such a view.
    m_problemsWanted = settings.value(QStringLiteral("window/problemsPanel"), true).toBool();
    m_problemsDock->setVisible(m_problemsWanted);
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1180, 760);
    m_adminMode->setChecked(settings.value(QStringLiteral("editor/adminMode"), false).toBool());
    m_autoBump->setChecked(settings.value(QStringLiteral("editor/autoBump"), false).toBool());
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
    for (int i = m_editors->count() - 1; i >= 0; --i) {
        if (!closeEditor(i)) {
            event->ignore(); // the user chose to keep editing
            return;
        }
    }
    QSettings settings;
    settings.setValue(QStringLiteral("editor/adminMode"), m_adminMode->isChecked());
    settings.setValue(QStringLiteral("editor/autoBump"), m_autoBump->isChecked());
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/problemsPanel"),
                      m_views->currentIndex() == BrowserView ? m_problemsDock->isVisible() : m_problemsWanted);
    settings.setValue(QStringLiteral("window/nameColumnSetByUser"), m_nameColumnSetByUser);
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("window/toolHeader"), m_toolView->header()->saveState());
    settings.setValue(QStringLiteral("sync/seedDir"), m_sync->rememberedSeedDir()); // not a --seed
    event->accept();
}

void MainWindow::openDataPath(const QString &dataPath)
{
    m_catalogModel->clear();
    m_effectiveModel->setCatalog(nullptr);
    m_overrides->setCatalog(nullptr);
    m_sync->setDataPath(dataPath);
    m_detail->showNothing(tr("Scanning %1…").arg(dataPath));
    m_scanner->setDataPath(dataPath);
    updateWindowTitle();
    updateStatus();
}

void MainWindow::updateWindowTitle()
{
    setWindowTitle(m_currentUser.isEmpty() ? tr("%1 — Toolwright").arg(dataPath())
                                           : tr("%1 — %2 — Toolwright").arg(m_currentUser, dataPath()));
}

void MainWindow::chooseDataPath()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Data Directory"), dataPath());
    if (!dir.isEmpty())
        openDataPath(dir);
}

void MainWindow::applyPendingLocations()
{
    constexpr qint64 kSliceNs = 8'000'000; // half a frame; the other half paints
    QElapsedTimer slice;
    slice.start();
    while (!m_pendingLocations.isEmpty()) {
        const engine::LocationScan loc = m_pendingLocations.takeFirst();
        m_catalogModel->applyLocation(loc);
        if (loc.scope == engine::Scope::Global)
            m_toolView->expand(m_filter->mapFromSource(m_catalogModel->globalGroupIndex()));
        if (slice.nsecsElapsed() > kSliceNs && !m_pendingLocations.isEmpty()) {
            m_locationPump.start(); // the rest after the next paint
            return;
        }
    }
    if (m_pendingCatalog) {
        const std::shared_ptr<const engine::Catalog> catalog = std::move(m_pendingCatalog);
        m_pendingCatalog.reset();
        onScanFinished(catalog);
    }
}

void MainWindow::onScanFinished(const std::shared_ptr<const engine::Catalog> &catalog)
{
    m_catalogModel->applyCatalog(*catalog);
    m_effectiveModel->setCatalog(catalog);
    m_diagnosticModel->setCatalog(*catalog);
    m_overrides->setCatalog(catalog);
    m_run->setCatalog(catalog);
    m_problems->resizeColumnsToContents();
    updateUserCombo(*catalog);
    if (m_filter->sourceModel() == m_catalogModel && !m_filter->isFiltering()) {
        m_toolView->expand(m_filter->mapFromSource(m_catalogModel->globalGroupIndex()));
        m_toolView->expand(m_filter->mapFromSource(m_catalogModel->usersGroupIndex()));
        if (!m_currentUser.isEmpty())
            m_toolView->expand(m_filter->mapFromSource(m_catalogModel->userIndex(m_currentUser)));
    }
    if (!m_toolView->currentIndex().isValid())
        selectFirstTool();
    updateStatus();
    updateNoMatches();
    m_fitNameColumn.start();
    Q_EMIT catalogShown();
}

void MainWindow::selectFirstTool()
{
    // The current user's first tool, else the first global one: the pane is never blank for nothing.
    const QModelIndex user = m_catalogModel->userIndex(m_currentUser);
    for (const QModelIndex &parent : {user, m_catalogModel->globalGroupIndex()}) {
        if (!parent.isValid() || m_filter->sourceModel() != m_catalogModel)
            continue;
        for (int r = 0; r < m_catalogModel->rowCount(parent); ++r) {
            const QModelIndex proxy = m_filter->mapFromSource(m_catalogModel->index(r, 0, parent));
            if (proxy.isValid() && NodeKind(proxy.data(model::NodeKindRole).toInt()) == NodeKind::Tool) {
                m_toolView->setCurrentIndex(proxy);
                return;
            }
        }
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
    {
        const QSignalBlocker block(m_userCombo);
        m_userCombo->clear();
        for (const QString &email : std::as_const(emails))
            m_userCombo->addItem(email, email);
        m_userCombo->setCurrentIndex(int(emails.indexOf(user)));
        m_userCombo->setEnabled(!emails.isEmpty());
    }
    setCurrentUser(user); // nothing when it stays the same
}

void MainWindow::setCurrentUser(const QString &email)
{
    if (email == m_currentUser)
        return;
    m_currentUser = email;
    {
        const QSignalBlocker block(m_userCombo);
        if (!email.isEmpty() && m_userCombo->findData(email) < 0)
            m_userCombo->addItem(email, email);
        m_userCombo->setCurrentIndex(m_userCombo->findData(email));
    }
    updateWindowTitle();
    if (m_filter->sourceModel() == m_effectiveModel) {
        applyView();
    } else if (const QModelIndex node = m_filter->mapFromSource(m_catalogModel->userIndex(email)); node.isValid()) {
        m_toolView->expand(node);
        m_toolView->scrollTo(node);
    }
    Q_EMIT currentUserChanged(email);
}

void MainWindow::setViewUser(const QString &email)
{
    if (!email.isEmpty())
        setCurrentUser(email);
    if (const int index = email.isEmpty() ? 0 : 1; index != m_viewCombo->currentIndex())
        m_viewCombo->setCurrentIndex(index); // applies the view through the signal
    else
        applyView();
}

void MainWindow::applyView()
{
    const bool effective = m_viewCombo->currentIndex() == 1 && !m_currentUser.isEmpty();
    if (!effective) {
        if (m_filter->sourceModel() != m_catalogModel) {
            m_filter->setSourceModel(m_catalogModel);
            m_toolView->setRootIsDecorated(true);
            m_toolView->expandToDepth(1);
        }
    } else {
        m_effectiveModel->setUser(m_currentUser);
        if (m_filter->sourceModel() != m_effectiveModel) {
            m_filter->setSourceModel(m_effectiveModel);
            m_toolView->setRootIsDecorated(false);
        }
    }
    connect(m_toolView->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrent,
            Qt::UniqueConnection);
    showCurrent();
    updateNoMatches();
}

bool MainWindow::requireUser(const QString &title)
{
    if (!m_currentUser.isEmpty())
        return true;
    MessageBox::ask(this, title,
                    tr("%1 has no user yet. A user is a directory named by an e-mail address in the data "
                       "directory, such as %1/alice@example.com; once there is one, choose it in the User list "
                       "of the toolbar.")
                        .arg(dataPath()),
                    {tr("OK")}, MessageBox::Information);
    return false;
}

bool MainWindow::selectDir(const QString &dir)
{
    QModelIndex source;
    if (m_filter->sourceModel() == m_catalogModel) {
        source = m_catalogModel->toolIndex(dir);
        if (!source.isValid()) {
            // A skipped directory: search its location's children.
            const QList<QModelIndex> parents = [&] {
                QList<QModelIndex> list{m_catalogModel->globalGroupIndex()};
                const QModelIndex users = m_catalogModel->usersGroupIndex();
                for (int r = 0; r < m_catalogModel->rowCount(users); ++r)
                    list.append(m_catalogModel->index(r, 0, users));
                return list;
            }();
            for (const QModelIndex &p : parents) {
                for (int r = 0; r < m_catalogModel->rowCount(p) && !source.isValid(); ++r) {
                    const QModelIndex i = m_catalogModel->index(r, 0, p);
                    if (i.data(model::DirRole).toString() == dir)
                        source = i;
                }
            }
        }
    } else {
        for (int r = 0; r < m_effectiveModel->rowCount() && !source.isValid(); ++r) {
            const QModelIndex i = m_effectiveModel->index(r, 0);
            if (i.data(model::DirRole).toString() == dir)
                source = i;
        }
    }
    const QModelIndex proxy = m_filter->mapFromSource(source);
    if (!proxy.isValid())
        return false;
    m_toolView->setCurrentIndex(proxy);
    m_toolView->scrollTo(proxy);
    return true;
}

void MainWindow::showCurrent()
{
    const QModelIndex index = m_toolView->currentIndex().siblingAtColumn(0);
    // A tool chosen while searching is the one to keep when the search ends.
    if (index.isValid() && m_filter->isFiltering() && !m_filterChanging)
        m_selectionBeforeFilter = m_filter->mapToSource(index);
    if (!index.isValid()) {
        m_detail->showNothing(tr("Select a tool to see its documentation, inputs, files and problems."));
        return;
    }
    switch (NodeKind(index.data(model::NodeKindRole).toInt())) {
    case NodeKind::Tool:
        m_detail->showTool(index.data(model::ToolRecordRole).value<engine::ToolRecord>(), badgesFor(index));
        break;
    case NodeKind::Skipped:
        m_detail->showSkipped(index.data(model::SkippedDirRole).value<engine::SkippedDir>());
        break;
    case NodeKind::Group:
    case NodeKind::User:
        m_detail->showNothing(index.data(Qt::DisplayRole).toString());
        break;
    }
}

void MainWindow::buildToolMenu()
{
    QMenu *tool = menuBar()->addMenu(tr("&Tool"));
    QAction *edit = tool->addAction(QIcon::fromTheme(QStringLiteral("document-edit")), tr("&Edit"), this, [this] {
        if (const QString dir = currentToolDir(); !dir.isEmpty())
            editTool(dir);
    });
    edit->setShortcut(QKeySequence(Qt::Key_F4));
    QAction *runTool = tool->addAction(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("&Run…"), this,
                                       &MainWindow::runCurrentTool);
    runTool->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    runTool->setToolTip(tr("Fill the tool's inputs and run it in a sandbox"));
    // The Run view's empty state names these (View → Browser is Ctrl+1, as set in buildLayout).
    m_run->setOpenShortcuts(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + int(BrowserView))), runTool->shortcut());
    QAction *create = tool->addAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New Tool…"), this, [this] {
        const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
        if (!requireUser(tr("New Tool")) || !catalog)
            return;
        const QString user = authoringUser();
        auto *dialog = new NewToolDialog(
            engine::templateIds(), user, engine::userToolsPath(dataPath(), user),
            [catalog, user](const QString &name) { return engine::newToolNameProblem(*catalog, user, name); }, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, dialog] {
            createTool(dialog->templateId(), dialog->name(), dialog->label(), dialog->description());
        });
        dialog->open();
    });
    create->setShortcut(QKeySequence::New);
    static_cast<EditorTabs *>(m_editors)->setOpenShortcuts(edit->shortcut(), create->shortcut());
    QAction *customize = tool->addAction(tr("&Customize…"), this, [this] {
        if (const QString dir = currentToolDir(); !dir.isEmpty())
            customizeTool(dir);
    });
    customize->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    tool->addAction(tr("Revert to &Global…"), this, [this] {
        if (const QString dir = currentToolDir(); !dir.isEmpty())
            revertToGlobal(dir);
    });
    tool->addSeparator();
    QAction *save = tool->addAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this, [this] {
        if (ToolEditor *e = currentEditor())
            e->save();
    });
    save->setShortcut(QKeySequence::Save);
    tool->addAction(tr("Re&vert Changes"), this, [this] {
        ToolEditor *e = currentEditor();
        if (e && e->isModified()
            && MessageBox::ask(this, tr("Revert"), tr("Discard the unsaved changes to %1?").arg(e->toolName()),
                               {tr("Discard Changes"), tr("Cancel")})
                   == 0)
            e->revert();
    });
    QAction *undo = tool->addAction(tr("&Undo"), this, [this] {
        if (ToolEditor *e = currentEditor())
            e->undoStack()->undo();
    });
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = tool->addAction(tr("&Redo"), this, [this] {
        if (ToolEditor *e = currentEditor())
            e->undoStack()->redo();
    });
    redo->setShortcut(QKeySequence::Redo);
    // Text fields keep their own Ctrl+Z; the menu works everywhere else in the editor.
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_editors->addAction(undo);
    m_editors->addAction(redo);
    QAction *close = tool->addAction(tr("&Close Editor"), this, [this] { closeEditor(m_editors->currentIndex()); });
    close->setShortcut(QKeySequence::Close);

    QMenu *settingsMenu = menuBar()->addMenu(tr("&Settings"));
    m_adminMode = settingsMenu->addAction(tr("&Admin Mode: Edit Global Tools in Place"));
    m_adminMode->setCheckable(true);
    m_autoBump = settingsMenu->addAction(tr("&Bump Version Automatically on Save"));
    m_autoBump->setCheckable(true);
    connect(m_autoBump, &QAction::toggled, this, [this](bool on) {
        for (int i = 0; i < m_editors->count(); ++i)
            if (auto *e = qobject_cast<ToolEditor *>(m_editors->widget(i)))
                e->setAutoBump(on);
    });
    settingsMenu->addSeparator();
    // One entry per page, so that "Settings → Secrets" in a message is a path the menu has.
    QAction *settingsAction = settingsMenu->addAction(QIcon::fromTheme(QStringLiteral("preferences-system")), tr("&Runtime…"),
                                                      this, [this] { showSettings(RuntimePage); });
    settingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settingsMenu->addAction(tr("&Integrations…"), this, [this] { showSettings(IntegrationsPage); });
    settingsMenu->addAction(tr("&Secrets…"), this, [this] { showSettings(SecretsPage); });
}

void MainWindow::setAdminMode(bool on) { m_adminMode->setChecked(on); }
void MainWindow::setAutoBump(bool on) { m_autoBump->setChecked(on); }

bool MainWindow::runCurrentTool()
{
    const QModelIndex index = m_toolView->currentIndex().siblingAtColumn(0);
    if (NodeKind(index.data(model::NodeKindRole).toInt()) != NodeKind::Tool)
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
        pages->setCurrentIndex(page); // Runtime, Integrations, Secrets: the dialog's page order
    dialog->open();
}

QString MainWindow::currentToolDir() const
{
    const QModelIndex index = m_toolView->currentIndex().siblingAtColumn(0);
    return NodeKind(index.data(model::NodeKindRole).toInt()) == NodeKind::Tool ? index.data(model::DirRole).toString()
                                                                                 : QString();
}

ToolEditor *MainWindow::currentEditor() const
{
    return qobject_cast<ToolEditor *>(m_editors->currentWidget());
}

ToolEditor *MainWindow::editTool(const QString &dir)
{
    for (int i = 0; i < m_editors->count(); ++i) {
        if (auto *e = qobject_cast<ToolEditor *>(m_editors->widget(i)); e && e->dir() == dir) {
            m_editors->setCurrentIndex(i);
            m_views->setCurrentIndex(EditorViewTab);
            return e;
        }
    }
    engine::Diagnostic error;
    std::optional<engine::ToolEditSession> session = engine::ToolEditSession::open(dir, &error);
    if (!session) {
        MessageBox::ask(this, tr("Cannot Edit"), engine::formatDiagnostic(error), {tr("OK")}, MessageBox::Warning);
        return nullptr;
    }
    const QString globalRoot = engine::globalToolsPath(dataPath()) + u'/';
    // Global tools are read-only for users on the platform; admins may edit them in place.
    const bool editable = !dir.startsWith(globalRoot) || m_adminMode->isChecked();
    auto *editor = new ToolEditor(std::move(*session), editable, m_editors);
    editor->setAutoBump(m_autoBump->isChecked());
    const QString name = editor->toolName();
    const int index = m_editors->addTab(editor, editable ? name : tr("%1 (read-only)").arg(name));
    m_editors->setTabToolTip(index, dir);
    connect(editor, &ToolEditor::modifiedChanged, this, [this, editor](bool modified) {
        const int i = m_editors->indexOf(editor);
        if (i >= 0)
            m_editors->setTabText(i, editor->toolName() + (modified ? QStringLiteral(" ●") : QString()));
    });
    connect(editor, &ToolEditor::saved, m_scanner, &engine::CatalogScanner::rescan);
    connect(editor, &ToolEditor::customizeRequested, this, [this](const QString &globalDir) { customizeTool(globalDir); });
    m_editors->setCurrentIndex(index);
    m_views->setCurrentIndex(EditorViewTab);
    return editor;
}

bool MainWindow::closeEditor(int index)
{
    auto *e = qobject_cast<ToolEditor *>(m_editors->widget(index));
    if (!e)
        return true;
    if (!e->maybeClose())
        return false;
    m_editors->removeTab(index);
    e->deleteLater();
    return true;
}

QString MainWindow::createTool(const QString &templateId, const QString &name, const QString &label, const QString &description)
{
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    if (!catalog)
        return {};
    const engine::WorkspaceResult r =
        engine::createToolFromTemplate(*catalog, authoringUser(), templateId, name, label, description);
    if (!r.ok()) {
        MessageBox::ask(this, tr("New Tool"), r.error, {tr("OK")}, MessageBox::Warning);
        return {};
    }
    m_scanner->rescan();
    editTool(r.dir);
    return r.dir;
}

QString MainWindow::customizeTool(const QString &globalDir)
{
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    const QString user = authoringUser();
    if (!requireUser(tr("Customize")) || !catalog)
        return {};
    if (!globalDir.startsWith(engine::globalToolsPath(dataPath()) + u'/')) {
        MessageBox::ask(this, tr("Customize"), tr("Only global tools are customised; this one is already a user's."),
                        {tr("OK")}, MessageBox::Information);
        return {};
    }
    const engine::WorkspaceResult r = engine::customizeTool(*catalog, user, globalDir);
    if (!r.ok()) {
        MessageBox::ask(this, tr("Customize"), r.error, {tr("OK")}, MessageBox::Warning);
        return {};
    }
    m_scanner->rescan();
    editTool(r.dir);
    return r.dir;
}

bool MainWindow::revertToGlobal(const QString &userDir)
{
    if (userDir.startsWith(engine::globalToolsPath(dataPath()) + u'/')) {
        MessageBox::ask(this, tr("Revert to Global"), tr("This is the global tool itself."), {tr("OK")},
                        MessageBox::Information);
        return false;
    }
    if (MessageBox::ask(this, tr("Revert to Global"),
                        tr("Remove %1? The user will get the global tool of that name again, if there is one. "
                           "The directory goes to the trash where the desktop has one.")
                            .arg(userDir),
                        {tr("Remove"), tr("Cancel")})
        != 0)
        return false;
    for (int i = m_editors->count() - 1; i >= 0; --i) {
        if (auto *e = qobject_cast<ToolEditor *>(m_editors->widget(i)); e && e->dir() == userDir) {
            m_editors->removeTab(i);
            e->deleteLater();
        }
    }
    bool trashed = false;
    if (const QString err = engine::removeToolDir(userDir, &trashed); !err.isEmpty()) {
        MessageBox::ask(this, tr("Revert to Global"), err, {tr("OK")}, MessageBox::Warning);
        return false;
    }
    showStatusMessage(trashed ? tr("Moved %1 to the trash.").arg(userDir) : tr("Deleted %1.").arg(userDir),
                      model::Tone::Success);
    m_scanner->rescan();
    return true;
}

QStringList MainWindow::importTools(const QStringList &paths)
{
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    const QString user = authoringUser();
    if (!requireUser(tr("Import")) || !catalog)
        return {};
    QStringList imported, problems;
    for (const QString &path : paths) {
        const engine::WorkspaceResult r = engine::importTool(*catalog, user, path);
        if (r.ok())
            imported.append(r.dir);
        else
            problems.append(QFileInfo(path).fileName() + QStringLiteral(": ") + r.error);
    }
    if (!problems.isEmpty())
        MessageBox::ask(this, tr("Import"), tr("Not imported:\n%1").arg(problems.join(u'\n')), {tr("OK")}, MessageBox::Warning);
    if (!imported.isEmpty()) {
        m_scanner->rescan();
        showStatusMessage(tr("Imported %n tools for %1.", nullptr, int(imported.size())).arg(user), model::Tone::Success);
        editTool(imported.last());
    }
    return imported;
}

bool MainWindow::exportTool(const QString &toolDir, const QString &zipPath)
{
    if (const QString err = engine::exportToolZip(toolDir, zipPath); !err.isEmpty()) {
        MessageBox::ask(this, tr("Export"), err, {tr("OK")}, MessageBox::Warning);
        return false;
    }
    showStatusMessage(tr("Exported %1 to %2.").arg(QFileInfo(toolDir).fileName(), zipPath), model::Tone::Success);
    return true;
}

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
    const QModelIndex index = m_toolView->currentIndex().siblingAtColumn(0);
    if (NodeKind(index.data(model::NodeKindRole).toInt()) != NodeKind::Tool)
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
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
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
    if (m_scanner->isScanning())
        parts << tr("scanning…");
    m_statusLabel->setText(parts.join(QStringLiteral(" · ")));
}

void MainWindow::changeFilter(const std::function<void()> &change)
{
    const bool wasFiltering = m_filter->isFiltering();
    if (!wasFiltering)
        rememberTreeState();
    {
        const QScopedValueRollback guard(m_filterChanging, true);
        change();
    }
    if (m_filter->isFiltering())
        m_toolView->expandAll(); // every match in sight
    else if (wasFiltering)
        restoreTreeState();
    updateNoMatches();
}

void MainWindow::rememberTreeState()
{
    m_expandedBeforeFilter.clear();
    if (m_filter->sourceModel() == m_catalogModel) {
        QList<QModelIndex> nodes{m_catalogModel->globalGroupIndex(), m_catalogModel->usersGroupIndex()};
        for (int r = 0; r < m_catalogModel->rowCount(nodes[1]); ++r)
            nodes.append(m_catalogModel->index(r, 0, nodes[1]));
        for (const QModelIndex &node : std::as_const(nodes)) {
            if (m_toolView->isExpanded(m_filter->mapFromSource(node)))
                m_expandedBeforeFilter.append(node);
        }
    }
    m_selectionBeforeFilter = m_filter->mapToSource(m_toolView->currentIndex().siblingAtColumn(0));
}

void MainWindow::restoreTreeState()
{
    if (m_filter->sourceModel() == m_catalogModel) {
        const QModelIndex users = m_catalogModel->usersGroupIndex();
        QList<QModelIndex> nodes{m_catalogModel->globalGroupIndex(), users};
        for (int r = 0; r < m_catalogModel->rowCount(users); ++r)
            nodes.append(m_catalogModel->index(r, 0, users));
        for (const QModelIndex &node : std::as_const(nodes))
            m_toolView->setExpanded(m_filter->mapFromSource(node), m_expandedBeforeFilter.contains(node));
    }
    m_expandedBeforeFilter.clear();
    const QModelIndex selected = m_selectionBeforeFilter;
    if (selected.isValid() && selected.model() == m_filter->sourceModel()) {
        const QModelIndex proxy = m_filter->mapFromSource(selected);
        m_toolView->setCurrentIndex(proxy);
        m_toolView->scrollTo(proxy); // opens its user if that was closed
    }
}

void MainWindow::updateNoMatches()
{
    if (!m_noMatches)
        return;
    QString text;
    if (m_filter->rowCount() == 0) {
        const QString words = m_filter->text().simplified();
        if (!words.isEmpty())
            text = tr("No tools match \u201c%1\u201d.").arg(words) + u'\n' + tr("Esc in the search field clears it.");
        else if (m_filter->isFiltering())
            text = tr("No tools match the filters in the toolbar.");
        else if (m_filter->sourceModel() == m_effectiveModel && m_scanner->catalog())
            text = tr("%1's agent sees no tools.").arg(m_currentUser);
    }
    m_noMatches->setText(text);
    m_noMatches->setVisible(!text.isEmpty());
}

void MainWindow::fitNameColumn()
{
    if (m_nameColumnSetByUser)
        return;
    const QScopedValueRollback guard(m_fittingNameColumn, true);
    const int before = m_toolView->columnWidth(0);
    m_toolView->resizeColumnToContents(0);
    // Room is kept for the version and a part of the status; a longer name is elided. While a
    // search narrows the list the column only grows, so that it does not jump as one types.
    const int most = std::max(240, m_toolView->viewport()->width() - m_toolView->columnWidth(1) - 80);
    const int least = m_filter->isFiltering() ? before : m_toolView->header()->sectionSizeHint(0);
    m_toolView->setColumnWidth(0, std::clamp(m_toolView->columnWidth(0), std::min(least, most), most));
}

void MainWindow::showStatusMessage(const QString &text, model::Tone tone)
{
    m_statusMessage->setText(text);
    setTone(m_statusMessage, tone);
    m_statusMessage->show();
    m_statusMessageTimer.start(tone == model::Tone::Error ? 20000 : 8000);
}

} // namespace tw::ui
