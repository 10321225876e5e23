#pragma once
// The main window's authoring: opening a tool in the Editor view, New Tool, Customize, Revert to
// Global, import and export, the open editors' Save, Revert Changes, Undo, Redo and Close, and
// the Admin Mode and Auto-Bump settings — each with its dialogs and messages. It acts for the
// window's current user; the engine's workspace (authoring/toolworkspace.h) does the work.
//
// A QObject for the connections of the editors it opens (their context), without signals of its
// own; its texts keep the window's translation context, as before the window was split (issue 22).

#include <QCoreApplication>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <functional>
#include <memory>

class QAction;
class QTabWidget;

namespace tw::engine {
struct Catalog;
class CatalogSource;
class RemoteConnection;
class ToolEditSession;
} // namespace tw::engine

namespace tw::model {
enum class Tone;
} // namespace tw::model

namespace tw::ui {

class BrowserPane;
class EditorTabs;
class MainWindow;
class ToolEditor;

class AuthoringActions final : public QObject
{
    Q_DECLARE_TR_FUNCTIONS(tw::ui::MainWindow)
public:
    using StatusMessage = std::function<void(const QString &text, model::Tone tone)>;
    // `window` parents the dialogs and names the user; `views` is switched to the Editor view;
    // `showStatus` tells the outcome of an operation in the status bar.
    AuthoringActions(MainWindow *window, engine::CatalogSource *scanner, BrowserPane *browser, QTabWidget *views,
                     EditorTabs *editors, StatusMessage showStatus);
    Q_DISABLE_COPY_MOVE(AuthoringActions)

    ToolEditor *editTool(const QString &dir); // opens (or focuses) an editor; null on failure
    ToolEditor *currentEditor() const;
    bool closeEditor(int index);              // false when the user keeps editing
    bool closeAllEditors();
    QString createTool(const QString &templateId, const QString &name, const QString &label, const QString &description);
    // In a server window each of these goes over the connection and returns at once (empty,
    // or true when asked); the server's answer is said, and the editor opens, when it comes.
    QString customizeTool(const QString &globalDir); // the copy's dir, or empty
    bool revertToGlobal(const QString &userDir);
    QStringList importTools(const QStringList &paths); // the new dirs
    bool exportTool(const QString &toolDir, const QString &zipPath);

    // The menus' entries: the browser's current tool, a file dialog, the current editor.
    void editCurrent();
    void newToolDialog();
    void customizeCurrent();
    void revertCurrentToGlobal();
    void importZipDialog();
    void importDirectoryDialog();
    void exportCurrentDialog();
    void saveEditor();
    void revertEditorChanges();
    void undo();
    void redo();
    void closeCurrentEditor();

    // Checkable, for the Settings menu; remembered by the window.
    QAction *adminModeAction() const { return m_adminMode; } // global tools editable in place
    QAction *autoBumpAction() const { return m_autoBump; }   // the version bumped on save

private:
    QString authoringUser() const;
    QString dataPath() const;
    // False, after saying how a user comes to be, when the window has no current user.
    bool requireUser(const QString &title);
    // A server window: the connection, or null after saying it is not connected.
    engine::RemoteConnection *serverConnection(const QString &title);
    // A server window's operation: `method` over the connection; `done` with its result, or
    // the server's refusal said under `title`.
    void callServer(const QString &title, const QString &method, const QJsonObject &params,
                    std::function<void(const QJsonObject &result)> done);
    void importOnServer(const QStringList &paths, const QString &user);
    void openNewToolDialog(const QStringList &templates, std::shared_ptr<const engine::Catalog> catalog, const QString &user);
    ToolEditor *addEditor(engine::ToolEditSession session);
    // A server window's editor: the tool read over the connection, then saved through it.
    void editOnServer(const QString &dir);

    MainWindow *m_window;
    engine::CatalogSource *m_scanner;
    BrowserPane *m_browser;
    QTabWidget *m_views;
    EditorTabs *m_editors;
    StatusMessage m_showStatus;
    QAction *m_adminMode = nullptr;
    QAction *m_autoBump = nullptr;
    QSet<QString> m_opening; // server tools asked for, not yet come
};

} // namespace tw::ui
