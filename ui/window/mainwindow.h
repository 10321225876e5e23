#pragma once
// The main window: the Browser, Overrides, Seed Sync, Editor and Run views as tabs, the Problems
// panel listing every diagnostic and skipped directory, the status bar, the current user, the
// scan of the data dir handed to the views, and the window's settings. Its parts, one job each:
// BrowserPane (the Browser view), AuthoringActions (editing and the workspace operations with
// their dialogs), WindowMenus (the menu bar). Its accessors are what tests and automation use.

#include "catalog/catalog.h"
#include "remote/remoteconnection.h"
#include "secrets/secretstore.h"

#include <QList>
#include <QMainWindow>
#include <QTimer>

#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTreeView;

namespace tw::engine {
class CatalogScanner;
class TypeService;
class CatalogSource;
class RemoteSession;
struct Catalog;
} // namespace tw::engine

namespace tw::model {
enum class Tone;
class DiagnosticListModel;
class ToolCatalogModel;
class ToolFilterProxyModel;
} // namespace tw::model

namespace tw::ui {

class AuthoringActions;
class BrowserPane;
class ConnectDialog;
class ConnectionStatus;
class EditorTabs;
class FindInToolsPane;
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
    // A server window: the DATA_PATH of `target`, through `ssh` and `toolwright serve` there
    // (DESIGN.md "Remote servers"). It connects at once, and again when the connection drops.
    MainWindow(const engine::RemoteTarget &target, const engine::SshSettings &ssh, const QString &preferredUser,
               QWidget *parent = nullptr, std::unique_ptr<engine::SecretStore> secrets = nullptr);
    ~MainWindow() override;

    // A local window opens `dataPath` in place; a server window opens another window for it.
    void openDataPath(const QString &dataPath);
    QString dataPath() const; // as its host names it
    // What --data would name: the path here, `ssh://host/path` for a server window.
    QString dataLocation() const;
    bool isRemote() const { return m_session != nullptr; }
    // File → Connect to Server…: asks where (ConnectDialog, returned open) and, when accepted,
    // opens a server window for it, acting for `parent`'s user.
    static ConnectDialog *connectToServerDialog(MainWindow *parent);
    // A server window for `url` (ssh://…), shown, deleted when closed; ssh's prompts in
    // Toolwright's own dialog.
    static engine::SshSettings serverSshSettings(const QString &remoteCommand);
    static MainWindow *openServerWindow(const engine::RemoteTarget &target, const QString &remoteCommand,
                                        const QString &user);
    engine::RemoteSession *remoteSession() const { return m_session; }
    ConnectionStatus *connectionStatus() const { return m_connectionStatus; }
    // "" shows every location as a tree; an email makes that user current and shows the user's
    // effective tools.
    void setViewUser(const QString &email);
    // The user the window acts for (New Tool, Customize, Import, Run, Settings) and whose
    // effective tools the view shows: the toolbar's User picker, also named in the title.
    QString currentUser() const { return m_currentUser; }
    void setCurrentUser(const QString &email);
    // Selects the tool (or skipped dir) at `dir` in the current view; false if not shown.
    bool selectDir(const QString &dir);

    // For tests and automation. scanner() is null in a server window; source() never is.
    engine::CatalogScanner *scanner() const { return m_scanner; }
    engine::CatalogSource *source() const { return m_source; }
    model::ToolCatalogModel *catalogModel() const;
    model::ToolFilterProxyModel *filterModel() const;
    QTreeView *toolView() const;
    QLineEdit *searchField() const;
    QComboBox *viewCombo() const; // All locations / Effective tools
    QComboBox *userCombo() const;
    ToolDetailPane *detailPane() const;
    BrowserPane *browser() const { return m_browser; }
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
    enum SettingsPage { RuntimePage, IntegrationsPage, SecretsPage, AgentPage };
    void showSettings(SettingsPage page = RuntimePage);

    // Authoring. The user is the current one (the toolbar's User picker).
    QString authoringUser() const { return m_currentUser; }
    ToolEditor *editTool(const QString &dir);  // opens (or focuses) an editor; null on failure
    ToolEditor *currentEditor() const;
    QTabWidget *editorTabs() const;
    QString createTool(const QString &templateId, const QString &name, const QString &label, const QString &description);
    // In a server window each of these goes over the connection and returns at once (empty,
    // or true when asked); the server's answer is said, and the editor opens, when it comes.
    QString customizeTool(const QString &globalDir); // the copy's dir, or empty
    bool revertToGlobal(const QString &userDir);
    // Imports tool directories or .zip files for the authoring user; returns the new dirs.
    QStringList importTools(const QStringList &paths);
    bool exportTool(const QString &toolDir, const QString &zipPath);
    void setAdminMode(bool on);
    void setAutoBump(bool on);
    // The window's TypeScript (one tsserver for all its editors), made on first call.
    engine::TypeService *typeService();
    // A tool's file at a line: TOOL.md and the entry in the tool's editor, any other file in a
    // read-only viewer (Find in Tools, go to definition).
    void openFileAtLine(const QString &file, int line);
    FindInToolsPane *findPane() const { return m_find; }
    void showFindInTools(); // Ctrl+Shift+F
    // An open editor's own findings for the Problems panel (empty: the editor closed).
    void setEditorProblems(const QString &toolDir, const QString &tool, const engine::Diagnostics &problems);

Q_SIGNALS:
    void catalogShown(); // a scan's result is on screen
    void currentUserChanged(const QString &email);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    MainWindow(const QString &preferredUser, QWidget *parent, std::unique_ptr<engine::SecretStore> secrets);
    void init();
    void limitToServer();
    QString serverSeedKey() const; // where a server window keeps the seed folder used on that server
    void buildLayout();
    void buildViews();
    void buildProblemsDock();
    void buildFindDock();
    void buildStatusBar();
    void applyPendingLocations();
    void onScanFinished(const std::shared_ptr<const engine::Catalog> &catalog);
    void updateUserCombo(const engine::Catalog &catalog);
    // The Overrides matrix is filled when it is shown: at 1,000 users it is a thousand columns
    // and every tool name a row, work a window on the browser has no use for at each rescan.
    void setOverridesCatalog(std::shared_ptr<const engine::Catalog> catalog);
    void updateWindowTitle();
    void showStatusMessage(const QString &text, model::Tone tone);
    void updateStatus();
    void restoreSettings();

    QString m_preferredUser; // from the command line
    QString m_currentUser;
    std::unique_ptr<engine::SecretStore> m_secrets;
    engine::TypeService *m_types = nullptr; // made with the first editor: TypeScript starts on first use
    engine::CatalogScanner *m_scanner = nullptr; // a local window's
    engine::RemoteSession *m_session = nullptr;  // a server window's
    engine::CatalogSource *m_source = nullptr;   // either's catalog
    ConnectionStatus *m_connectionStatus = nullptr;
    QList<engine::LocationScan> m_pendingLocations; // scanned, not yet in the model
    std::shared_ptr<const engine::Catalog> m_pendingCatalog; // finished, shown after them
    QTimer m_locationPump;
    model::DiagnosticListModel *m_diagnosticModel = nullptr;
    QSortFilterProxyModel *m_problemsSort = nullptr;

    BrowserPane *m_browser = nullptr;
    AuthoringActions *m_authoring = nullptr;
    QAction *m_rescan = nullptr;
    QTabWidget *m_views = nullptr;
    OverridesView *m_overrides = nullptr;
    SyncView *m_sync = nullptr;
    EditorTabs *m_editors = nullptr;
    RunView *m_run = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    QDockWidget *m_findDock = nullptr;
    FindInToolsPane *m_find = nullptr;
    QTableView *m_problems = nullptr;
    QLabel *m_statusMessage = nullptr; // the last action's outcome, in its tone
    QTimer m_statusMessageTimer;
    QLabel *m_statusLabel = nullptr;
    bool m_problemsWanted = true;
    int m_lastView = 0;
    // A catalog for the Overrides matrix while another view is shown (see setOverridesCatalog).
    std::optional<std::shared_ptr<const engine::Catalog>> m_overridesPending;
};

} // namespace tw::ui
