#pragma once
// The tool browser: catalog tree (or one user's effective tools) with search and filters, the
// detail pane, and the Problems panel listing every diagnostic and skipped directory.

#include "catalog/catalog.h"
#include "secrets/secretstore.h"

#include <QList>
#include <QMainWindow>
#include <QPersistentModelIndex>
#include <QTimer>

#include <functional>

#include <memory>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTreeView;

namespace tw::engine {
class CatalogScanner;
struct Catalog;
} // namespace tw::engine

namespace tw::model {
enum class Tone;
class DiagnosticListModel;
class EffectiveToolsModel;
class ToolCatalogModel;
class ToolFilterProxyModel;
} // namespace tw::model

namespace tw::ui {

class OverridesView;
class RunView;
class SyncView;
class ToolDetailPane;
class ToolEditor;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    // `preferredUser`: the user whose effective tools to offer first (may be empty).
    // `secrets` is where sensitive inputs and integration tokens live (the OS keychain unless a
    // test passes another store).
    MainWindow(const QString &dataPath, const QString &preferredUser, QWidget *parent = nullptr,
               std::unique_ptr<engine::SecretStore> secrets = nullptr);
    ~MainWindow() override;

    void openDataPath(const QString &dataPath);
    QString dataPath() const;
    // "" shows every location as a tree; an email makes that user current and shows the user's
    // effective tools.
    void setViewUser(const QString &email);
    // The user the window acts for (New Tool, Customize, Import, Run, Settings) and whose
    // effective tools the view shows: the toolbar's User picker, also named in the title.
    QString currentUser() const { return m_currentUser; }
    void setCurrentUser(const QString &email);
    // Selects the tool (or skipped dir) at `dir` in the current view; false if not shown.
    bool selectDir(const QString &dir);

    // For tests and automation.
    engine::CatalogScanner *scanner() const { return m_scanner; }
    model::ToolCatalogModel *catalogModel() const { return m_catalogModel; }
    model::ToolFilterProxyModel *filterModel() const { return m_filter; }
    QTreeView *toolView() const { return m_toolView; }
    QLineEdit *searchField() const { return m_search; }
    QComboBox *viewCombo() const { return m_viewCombo; } // All locations / Effective tools
    QComboBox *userCombo() const { return m_userCombo; }
    ToolDetailPane *detailPane() const { return m_detail; }
    QTableView *problemsView() const { return m_problems; }
    QTabWidget *viewTabs() const { return m_views; }
    OverridesView *overridesView() const { return m_overrides; }
    SyncView *syncView() const { return m_sync; }
    // Switches to the Overrides view on the cell of the browser's current tool.
    void showCurrentInOverrides();

    enum View { BrowserView, OverridesViewTab, SyncViewTab, EditorViewTab, RunViewTab };

    // Testing: the Run view with the current tool (run as its owner, or the authoring user
    // for a global tool); false when no tool is selected.
    bool runCurrentTool();
    RunView *runView() const { return m_run; }
    // Settings on one of its pages (the Settings menu names each: Runtime, Integrations, Secrets).
    enum SettingsPage { RuntimePage, IntegrationsPage, SecretsPage };
    void showSettings(SettingsPage page = RuntimePage);

    // Authoring. The user is the current one (the toolbar's User picker).
    QString authoringUser() const { return m_currentUser; }
    ToolEditor *editTool(const QString &dir);  // opens (or focuses) an editor; null on failure
    ToolEditor *currentEditor() const;
    QTabWidget *editorTabs() const { return m_editors; }
    QString createTool(const QString &templateId, const QString &name, const QString &label, const QString &description);
    QString customizeTool(const QString &globalDir); // the copy's dir, or empty
    bool revertToGlobal(const QString &userDir);
    // Imports tool directories or .zip files for the authoring user; returns the new dirs.
    QStringList importTools(const QStringList &paths);
    bool exportTool(const QString &toolDir, const QString &zipPath);
    void setAdminMode(bool on);
    void setAutoBump(bool on);

Q_SIGNALS:
    void catalogShown(); // a scan's result is on screen
    void currentUserChanged(const QString &email);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildActions();
    void buildLayout();
    void applyPendingLocations();
    void onScanFinished(const std::shared_ptr<const engine::Catalog> &catalog);
    void updateUserCombo(const engine::Catalog &catalog);
    void updateWindowTitle();
    void applyView();
    bool requireUser(const QString &title);
    // Search and filters: a change runs through here, so that ending a search restores the
    // tree's expanded nodes and selection as they were (or the tool chosen while searching).
    void changeFilter(const std::function<void()> &change);
    void rememberTreeState();
    void restoreTreeState();
    void updateNoMatches();
    void fitNameColumn();
    void showStatusMessage(const QString &text, model::Tone tone);
    void selectFirstTool();
    void showCurrent();
    void updateStatus();
    void chooseDataPath();
    void restoreSettings();
    void buildToolMenu();
    bool closeEditor(int index);
    QString currentToolDir() const;

    QString m_preferredUser; // from the command line
    QString m_currentUser;
    std::unique_ptr<engine::SecretStore> m_secrets;
    RunView *m_run = nullptr;
    engine::CatalogScanner *m_scanner = nullptr;
    QList<engine::LocationScan> m_pendingLocations; // scanned, not yet in the model
    std::shared_ptr<const engine::Catalog> m_pendingCatalog; // finished, shown after them
    QTimer m_locationPump;
    model::ToolCatalogModel *m_catalogModel = nullptr;
    model::EffectiveToolsModel *m_effectiveModel = nullptr;
    model::ToolFilterProxyModel *m_filter = nullptr;
    model::DiagnosticListModel *m_diagnosticModel = nullptr;
    QSortFilterProxyModel *m_problemsSort = nullptr;

    QLineEdit *m_search = nullptr;
    QComboBox *m_viewCombo = nullptr;
    QComboBox *m_userCombo = nullptr;
    QLabel *m_noMatches = nullptr;   // over the list when nothing matches
    QLabel *m_statusMessage = nullptr; // the last action's outcome, in its tone
    QTimer m_statusMessageTimer;
    QTimer m_fitNameColumn;
    bool m_fittingNameColumn = false;
    bool m_nameColumnSetByUser = false;
    bool m_filterChanging = false;
    QList<QPersistentModelIndex> m_expandedBeforeFilter; // source indexes
    QPersistentModelIndex m_selectionBeforeFilter;       // source index
    QDockWidget *m_problemsDock = nullptr;
    QComboBox *m_scopeCombo = nullptr;
    QAction *m_problemsOnly = nullptr;
    QAction *m_overriddenOnly = nullptr;
    QAction *m_rescan = nullptr;
    QTreeView *m_toolView = nullptr;
    ToolDetailPane *m_detail = nullptr;
    QTableView *m_problems = nullptr;
    QSplitter *m_splitter = nullptr;
    QTabWidget *m_views = nullptr;
    OverridesView *m_overrides = nullptr;
    SyncView *m_sync = nullptr;
    QLabel *m_statusLabel = nullptr;
    QTabWidget *m_editors = nullptr;
    QAction *m_adminMode = nullptr;
    QAction *m_autoBump = nullptr;
    bool m_problemsWanted = true;
    int m_lastView = 0;
};

} // namespace tw::ui
