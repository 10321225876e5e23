#include "window/authoringactions.h"

#include "authoring/toolarchive.h"
#include "authoring/toolworkspace.h"
#include "catalog/catalogsource.h"
#include "remote/remotesession.h"
#include "remote/remotetooledit.h"
#include "editing/editortabs.h"
#include "editing/newtooldialog.h"
#include "editing/tooleditor.h"
#include "tones.h"
#include "widgets/messagebox.h"
#include "window/browserpane.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QSaveFile>
#include <QPointer>
#include <QUndoStack>

namespace tw::ui {

AuthoringActions::AuthoringActions(MainWindow *window, engine::CatalogSource *scanner, BrowserPane *browser,
                                   QTabWidget *views, EditorTabs *editors, StatusMessage showStatus)
    : QObject(window), m_window(window), m_scanner(scanner), m_browser(browser), m_views(views), m_editors(editors),
      m_showStatus(std::move(showStatus))
{
    m_adminMode = new QAction(tr("&Admin Mode: Edit Global Tools in Place"), this);
    m_adminMode->setCheckable(true);
    m_autoBump = new QAction(tr("&Bump Version Automatically on Save"), this);
    m_autoBump->setCheckable(true);
    connect(m_autoBump, &QAction::toggled, this, [this](bool on) {
        for (int i = 0; i < m_editors->count(); ++i)
            if (auto *e = qobject_cast<ToolEditor *>(m_editors->widget(i)))
                e->setAutoBump(on);
    });
}

QString AuthoringActions::authoringUser() const { return m_window->authoringUser(); }
QString AuthoringActions::dataPath() const { return m_scanner->dataPath(); }

engine::RemoteConnection *AuthoringActions::serverConnection(const QString &title)
{
    engine::RemoteSession *server = m_window->remoteSession();
    if (engine::RemoteConnection *c = server ? server->connection() : nullptr)
        return c;
    MessageBox::ask(m_window, title,
                    tr("Not connected to %1: reconnect first.").arg(server ? server->target().displayHost() : QString()),
                    {tr("OK")}, MessageBox::Warning);
    return nullptr;
}

void AuthoringActions::callServer(const QString &title, const QString &method, const QJsonObject &params,
                                  std::function<void(const QJsonObject &result)> done)
{
    // The server does the engine's own operation; its watch brings the change into the
    // catalog. A refusal is said in the server's words.
    engine::RemoteConnection *connection = serverConnection(title);
    if (!connection)
        return;
    m_showStatus(tr("%1 on %2…").arg(title, m_window->remoteSession()->target().displayHost()), model::Tone::Info);
    QPointer<AuthoringActions> self(this);
    connection->call(method, params, [self, title, done = std::move(done)](const engine::RpcResult &r) {
        if (!self)
            return;
        if (!r.ok()) {
            self->m_showStatus(QString(), model::Tone::Info);
            MessageBox::ask(self->m_window, title, r.message, {tr("OK")}, MessageBox::Warning);
            return;
        }
        done(r.result.toObject());
    });
}

bool AuthoringActions::requireUser(const QString &title)
{
    if (!authoringUser().isEmpty())
        return true;
    MessageBox::ask(m_window, title,
                    tr("%1 has no user yet. A user is a directory named by an e-mail address in the data "
                       "directory, such as %1/alice@example.com; once there is one, choose it in the User list "
                       "of the toolbar.")
                        .arg(dataPath()),
                    {tr("OK")}, MessageBox::Information);
    return false;
}

ToolEditor *AuthoringActions::currentEditor() const
{
    return qobject_cast<ToolEditor *>(m_editors->currentWidget());
}

ToolEditor *AuthoringActions::editTool(const QString &dir)
{
    for (int i = 0; i < m_editors->count(); ++i) {
        if (auto *e = qobject_cast<ToolEditor *>(m_editors->widget(i)); e && e->dir() == dir) {
            m_editors->setCurrentIndex(i);
            m_views->setCurrentIndex(MainWindow::EditorViewTab);
            return e;
        }
    }
    if (!m_scanner->isLocal()) {
        editOnServer(dir);
        return nullptr; // the editor opens when the server's files have come
    }
    engine::Diagnostic error;
    std::optional<engine::ToolEditSession> session = engine::ToolEditSession::open(dir, &error);
    if (!session) {
        MessageBox::ask(m_window, tr("Cannot Edit"), engine::formatDiagnostic(error), {tr("OK")}, MessageBox::Warning);
        return nullptr;
    }
    return addEditor(std::move(*session));
}

void AuthoringActions::editOnServer(const QString &dir)
{
    engine::RemoteSession *server = m_window->remoteSession();
    engine::RemoteConnection *connection = server->connection();
    if (!connection) {
        MessageBox::ask(m_window, tr("Cannot Edit"), tr("Not connected to %1: reconnect first.").arg(server->target().displayHost()),
                        {tr("OK")}, MessageBox::Warning);
        return;
    }
    if (m_opening.contains(dir))
        return; // asked for already
    m_opening.insert(dir);
    m_showStatus(tr("Opening %1 on the server…").arg(dir), model::Tone::Info);
    engine::readToolForEditing(connection, dir, [this, guard = QPointer<QObject>(this), dir, server = QPointer(server)](
                                                    std::optional<engine::ToolEditSession> session, const QString &error) {
        if (!guard)
            return;
        m_opening.remove(dir);
        m_showStatus(QString(), model::Tone::Info); // "Opening… on the server" is over
        if (!session) {
            MessageBox::ask(m_window, tr("Cannot Edit"), error, {tr("OK")}, MessageBox::Warning);
            return;
        }
        ToolEditor *editor = addEditor(std::move(*session));
        // Each save and reload goes over the connection of the moment: one that dropped and came
        // back is used, and the save's precondition finds what changed meanwhile.
        const auto notConnected = [server] {
            return tr("not connected to %1").arg(server ? server->target().displayHost() : QString());
        };
        editor->setRemote(
            {[server, notConnected](const engine::ToolEditSession &s, engine::RemoteSaveReply reply) {
                 if (engine::RemoteConnection *c = server ? server->connection() : nullptr)
                     engine::saveToolOnServer(c, s, std::move(reply));
                 else
                     reply({engine::ToolEditSession::SaveStatus::WriteFailed,
                            {QStringLiteral("write-failed"), engine::Severity::Error, notConnected(), s.toolMdPath(), 0}},
                           {});
             },
             [server, dir, notConnected](engine::RemoteSessionReply reply) {
                 if (engine::RemoteConnection *c = server ? server->connection() : nullptr)
                     engine::readToolForEditing(c, dir, std::move(reply));
                 else
                     reply(std::nullopt, notConnected());
             }});
    });
}

ToolEditor *AuthoringActions::addEditor(engine::ToolEditSession session)
{
    const QString dir = session.dir();
    const QString globalRoot = engine::globalToolsPath(dataPath()) + u'/';
    // Global tools are read-only for users on the platform; admins may edit them in place.
    const bool editable = !dir.startsWith(globalRoot) || m_adminMode->isChecked();
    auto *editor = new ToolEditor(std::move(session), editable, m_editors);
    editor->setAutoBump(m_autoBump->isChecked());
    editor->setTypeService(m_window->typeService());
    connect(editor, &ToolEditor::fileOpenRequested, m_window, &MainWindow::openFileAtLine);
    connect(editor, &ToolEditor::checkedProblemsChanged, m_window, [this, editor](const engine::Diagnostics &problems) {
        if (m_editors->indexOf(editor) >= 0) // a closed editor's late answer is not shown
            m_window->setEditorProblems(editor->dir(), editor->toolName(), problems);
    });
    const QString name = editor->toolName();
    const int index = m_editors->addTab(editor, editable ? name : tr("%1 (read-only)").arg(name));
    m_editors->setTabToolTip(index, dir);
    connect(editor, &ToolEditor::modifiedChanged, this, [this, editor](bool modified) {
        const int i = m_editors->indexOf(editor);
        if (i >= 0)
            m_editors->setTabText(i, editor->toolName() + (modified ? QStringLiteral(" ●") : QString()));
    });
    if (m_scanner->isLocal())
        connect(editor, &ToolEditor::saved, m_scanner, &engine::CatalogSource::rescan); // a server's watch says it
    connect(editor, &ToolEditor::closeRequested, this, [this, editor] {
        if (const int i = m_editors->indexOf(editor); i >= 0)
            closeEditor(i);
    });
    connect(editor, &ToolEditor::customizeRequested, this, [this](const QString &globalDir) { customizeTool(globalDir); });
    m_editors->setCurrentIndex(index);
    m_views->setCurrentIndex(MainWindow::EditorViewTab);
    return editor;
}

bool AuthoringActions::closeEditor(int index)
{
    auto *e = qobject_cast<ToolEditor *>(m_editors->widget(index));
    if (!e)
        return true;
    if (!e->maybeClose())
        return false;
    m_editors->removeTab(index);
    m_window->setEditorProblems(e->dir(), {}, {}); // its unsaved text's findings go with it
    e->deleteLater();
    return true;
}

bool AuthoringActions::closeAllEditors()
{
    for (int i = m_editors->count() - 1; i >= 0; --i) {
        if (!closeEditor(i))
            return false; // the user chose to keep editing
    }
    return true;
}

QString AuthoringActions::createTool(const QString &templateId, const QString &name, const QString &label,
                                     const QString &description)
{
    if (!m_scanner->isLocal()) {
        callServer(tr("New Tool"), QStringLiteral("tool.new"),
                   {{QStringLiteral("user"), authoringUser()}, {QStringLiteral("name"), name},
                    {QStringLiteral("template"), templateId}, {QStringLiteral("label"), label},
                    {QStringLiteral("description"), description}},
                   [this](const QJsonObject &result) {
                       const QString dir = result.value(QStringLiteral("dir")).toString();
                       m_showStatus(tr("Created %1 on the server.").arg(dir), model::Tone::Success);
                       editTool(dir);
                   });
        return {}; // created on the server; the editor opens when it answers
    }
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    if (!catalog)
        return {};
    const engine::WorkspaceResult r =
        engine::createToolFromTemplate(*catalog, authoringUser(), templateId, name, label, description);
    if (!r.ok()) {
        MessageBox::ask(m_window, tr("New Tool"), r.error, {tr("OK")}, MessageBox::Warning);
        return {};
    }
    m_scanner->rescan();
    editTool(r.dir);
    return r.dir;
}

QString AuthoringActions::customizeTool(const QString &globalDir)
{
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    const QString user = authoringUser();
    if (!requireUser(tr("Customize")) || !catalog)
        return {};
    if (!globalDir.startsWith(engine::globalToolsPath(dataPath()) + u'/')) {
        MessageBox::ask(m_window, tr("Customize"), tr("Only global tools are customised; this one is already a user's."),
                        {tr("OK")}, MessageBox::Information);
        return {};
    }
    if (!m_scanner->isLocal()) {
        callServer(tr("Customize"), QStringLiteral("tool.customize"), {{QStringLiteral("user"), user}, {QStringLiteral("dir"), globalDir}},
                   [this](const QJsonObject &result) {
                       const QString dir = result.value(QStringLiteral("dir")).toString();
                       m_showStatus(tr("Customized as %1 on the server.").arg(dir), model::Tone::Success);
                       editTool(dir);
                   });
        return {}; // copied on the server; the editor opens on the copy when it answers
    }
    const engine::WorkspaceResult r = engine::customizeTool(*catalog, user, globalDir);
    if (!r.ok()) {
        MessageBox::ask(m_window, tr("Customize"), r.error, {tr("OK")}, MessageBox::Warning);
        return {};
    }
    m_scanner->rescan();
    editTool(r.dir);
    return r.dir;
}

bool AuthoringActions::revertToGlobal(const QString &userDir)
{
    if (userDir.startsWith(engine::globalToolsPath(dataPath()) + u'/')) {
        MessageBox::ask(m_window, tr("Revert to Global"), tr("This is the global tool itself."), {tr("OK")},
                        MessageBox::Information);
        return false;
    }
    if (MessageBox::ask(m_window, tr("Revert to Global"),
                        m_scanner->isLocal()
                            ? tr("Remove %1? The user will get the global tool of that name again, if there is one. "
                                 "The directory goes to the trash where the desktop has one.")
                                  .arg(userDir)
                            : tr("Remove %1 on %2? The user will get the global tool of that name again, if there is "
                                 "one. The directory goes to the trash of the server's account where it has one.")
                                  .arg(userDir, m_window->remoteSession()->target().displayHost()),
                        {tr("Remove"), tr("Cancel")})
        != 0)
        return false;
    for (int i = m_editors->count() - 1; i >= 0; --i) {
        if (auto *e = qobject_cast<ToolEditor *>(m_editors->widget(i)); e && e->dir() == userDir) {
            m_editors->removeTab(i);
            m_window->setEditorProblems(e->dir(), {}, {});
            e->deleteLater();
        }
    }
    if (!m_scanner->isLocal()) {
        callServer(tr("Revert to Global"), QStringLiteral("tool.revert"), {{QStringLiteral("dir"), userDir}},
                   [this, userDir](const QJsonObject &result) {
                       m_showStatus(result.value(QStringLiteral("trashed")).toBool()
                                        ? tr("Moved %1 to the server's trash.").arg(userDir)
                                        : tr("Deleted %1 on the server.").arg(userDir),
                                    model::Tone::Success);
                   });
        return true; // asked of the server; its answer is said when it comes
    }
    bool trashed = false;
    if (const QString err = engine::removeToolDir(userDir, &trashed); !err.isEmpty()) {
        MessageBox::ask(m_window, tr("Revert to Global"), err, {tr("OK")}, MessageBox::Warning);
        return false;
    }
    m_showStatus(trashed ? tr("Moved %1 to the trash.").arg(userDir) : tr("Deleted %1.").arg(userDir),
                 model::Tone::Success);
    m_scanner->rescan();
    return true;
}

QStringList AuthoringActions::importTools(const QStringList &paths)
{
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    const QString user = authoringUser();
    if (!requireUser(tr("Import")) || !catalog)
        return {};
    if (!m_scanner->isLocal()) {
        importOnServer(paths, user);
        return {}; // sent to the server; each answer is said when it comes
    }
    QStringList imported, problems;
    for (const QString &path : paths) {
        const engine::WorkspaceResult r = engine::importTool(*catalog, user, path);
        if (r.ok())
            imported.append(r.dir);
        else
            problems.append(QFileInfo(path).fileName() + QStringLiteral(": ") + r.error);
    }
    if (!problems.isEmpty())
        MessageBox::ask(m_window, tr("Import"), tr("Not imported:\n%1").arg(problems.join(u'\n')), {tr("OK")},
                        MessageBox::Warning);
    if (!imported.isEmpty()) {
        m_scanner->rescan();
        m_showStatus(tr("Imported %n tools for %1.", nullptr, int(imported.size())).arg(user), model::Tone::Success);
        editTool(imported.last());
    }
    return imported;
}

void AuthoringActions::importOnServer(const QStringList &paths, const QString &user)
{
    // Each archive or folder of this machine goes to the server as zip bytes (a folder zipped
    // here first); the server stages it and imports it as a local .zip (tool.import).
    for (const QString &path : paths) {
        const QFileInfo info(path);
        QByteArray zip;
        QString name = info.fileName();
        QString problem;
        if (info.isDir()) {
            QTemporaryDir staging;
            const QString zipPath = staging.filePath(name + QStringLiteral(".zip"));
            problem = staging.isValid() ? engine::exportToolZip(path, zipPath) : staging.errorString();
            QFile f(zipPath);
            if (problem.isEmpty() && f.open(QIODevice::ReadOnly))
                zip = f.readAll();
            name += QStringLiteral(".zip");
        } else {
            QFile f(path);
            if (f.open(QIODevice::ReadOnly))
                zip = f.readAll();
            else
                problem = f.errorString();
        }
        if (zip.isEmpty()) {
            MessageBox::ask(m_window, tr("Import"), tr("Not imported:\n%1").arg(name + QStringLiteral(": ") + problem), {tr("OK")},
                            MessageBox::Warning);
            continue;
        }
        callServer(tr("Import"), QStringLiteral("tool.import"),
                   {{QStringLiteral("user"), user}, {QStringLiteral("name"), name}, {QStringLiteral("zip_base64"), QString::fromLatin1(zip.toBase64())}},
                   [this, user](const QJsonObject &result) {
                       const QString dir = result.value(QStringLiteral("dir")).toString();
                       m_showStatus(tr("Imported %1 for %2 on the server.").arg(dir, user), model::Tone::Success);
                       editTool(dir);
                   });
    }
}

bool AuthoringActions::exportTool(const QString &toolDir, const QString &zipPath)
{
    if (!m_scanner->isLocal()) {
        callServer(tr("Export"), QStringLiteral("tool.export"), {{QStringLiteral("dir"), toolDir}}, [this, toolDir, zipPath](const QJsonObject &result) {
            QSaveFile out(zipPath);
            const QByteArray zip = QByteArray::fromBase64(result.value(QStringLiteral("zip_base64")).toString().toLatin1());
            if (!out.open(QIODevice::WriteOnly) || out.write(zip) != zip.size() || !out.commit()) {
                MessageBox::ask(m_window, tr("Export"), tr("Could not write %1: %2").arg(zipPath, out.errorString()), {tr("OK")},
                                MessageBox::Warning);
                return;
            }
            m_showStatus(tr("Exported %1 from the server to %2.").arg(QFileInfo(toolDir).fileName(), zipPath), model::Tone::Success);
        });
        return true; // asked of the server; written when it answers
    }
    if (const QString err = engine::exportToolZip(toolDir, zipPath); !err.isEmpty()) {
        MessageBox::ask(m_window, tr("Export"), err, {tr("OK")}, MessageBox::Warning);
        return false;
    }
    m_showStatus(tr("Exported %1 to %2.").arg(QFileInfo(toolDir).fileName(), zipPath), model::Tone::Success);
    return true;
}

void AuthoringActions::editCurrent()
{
    if (const QString dir = m_browser->currentToolDir(); !dir.isEmpty())
        editTool(dir);
}

void AuthoringActions::newToolDialog()
{
    const std::shared_ptr<const engine::Catalog> catalog = m_scanner->catalog();
    if (!requireUser(tr("New Tool")) || !catalog)
        return;
    const QString user = authoringUser();
    if (!m_scanner->isLocal()) {
        // The server's templates: its toolwright may have others than this desktop's.
        callServer(tr("New Tool"), QStringLiteral("templates.list"), {}, [this, catalog, user](const QJsonObject &result) {
            QStringList templates;
            for (const QJsonValue &v : result.value(QStringLiteral("templates")).toArray())
                templates << v.toString();
            m_showStatus(QString(), model::Tone::Info);
            openNewToolDialog(templates, catalog, user);
        });
        return;
    }
    openNewToolDialog(engine::templateIds(), catalog, user);
}

void AuthoringActions::openNewToolDialog(const QStringList &templates, std::shared_ptr<const engine::Catalog> catalog,
                                         const QString &user)
{
    auto *dialog = new NewToolDialog(
        templates, user, engine::userToolsPath(dataPath(), user),
        [catalog, user](const QString &name) { return engine::newToolNameProblem(*catalog, user, name); }, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        createTool(dialog->templateId(), dialog->name(), dialog->label(), dialog->description());
    });
    dialog->open();
}

void AuthoringActions::customizeCurrent()
{
    if (const QString dir = m_browser->currentToolDir(); !dir.isEmpty())
        customizeTool(dir);
}

void AuthoringActions::revertCurrentToGlobal()
{
    if (const QString dir = m_browser->currentToolDir(); !dir.isEmpty())
        revertToGlobal(dir);
}

void AuthoringActions::importZipDialog()
{
    const QString zip = QFileDialog::getOpenFileName(m_window, tr("Import Tool"), QString(), tr("Tool archives (*.zip)"));
    if (!zip.isEmpty())
        importTools({zip});
}

void AuthoringActions::importDirectoryDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Import Tool Directory"));
    if (!dir.isEmpty())
        importTools({dir});
}

void AuthoringActions::exportCurrentDialog()
{
    const QString dir = m_browser->currentToolDir();
    if (dir.isEmpty())
        return;
    const QString zip = QFileDialog::getSaveFileName(m_window, tr("Export Tool"), QFileInfo(dir).fileName() + QStringLiteral(".zip"),
                                                     tr("Tool archives (*.zip)"));
    if (!zip.isEmpty())
        exportTool(dir, zip);
}

void AuthoringActions::saveEditor()
{
    if (ToolEditor *e = currentEditor())
        e->save();
}

void AuthoringActions::revertEditorChanges()
{
    ToolEditor *e = currentEditor();
    if (e && e->isModified()
        && MessageBox::ask(m_window, tr("Revert"), tr("Discard the unsaved changes to %1?").arg(e->toolName()),
                           {tr("Discard Changes"), tr("Cancel")})
               == 0)
        e->revert();
}

void AuthoringActions::undo()
{
    if (ToolEditor *e = currentEditor())
        e->undoStack()->undo();
}

void AuthoringActions::redo()
{
    if (ToolEditor *e = currentEditor())
        e->undoStack()->redo();
}

void AuthoringActions::closeCurrentEditor() { closeEditor(m_editors->currentIndex()); }

} // namespace tw::ui
