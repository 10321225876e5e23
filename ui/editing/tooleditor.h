#pragma once
// Edits one tool: a frontmatter form (with an inputs table), the raw YAML kept in sync both
// ways, the Markdown body with a live preview, and the entry file in QScintilla with lint
// annotations. One undo stack covers all of them; saving goes through the engine's
// ToolEditSession, which enforces the version rule and never overwrites a changed file. The
// problems listed are the engine's lint of the unsaved bytes, the same as `toolwright lint`.
// Each change is read once (the session keeps the reading and its lint) and only what differs
// is set in the other views. The inputs table is InputsTable; what stays here (about 640
// lines) is one job: the views of one tool kept in step, its undo, and its save flow.

#include "authoring/tooleditsession.h"
#include "authoring/typefixes.h"
#include "editing/inputstable.h"
#include "remote/remotetooledit.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;
class QUndoStack;
class QsciLexerJavaScript;
class QsciScintilla;

namespace tw::engine {
class TypeService;
}

namespace tw::ui {

class EntryTypeAssist;
class MarkdownView;

class ToolEditor final : public QWidget
{
    Q_OBJECT
public:
    // The inputs table's columns.
    static constexpr InputsTable::Column NameColumn = InputsTable::NameColumn, TypeColumn = InputsTable::TypeColumn,
                                         DescriptionColumn = InputsTable::DescriptionColumn,
                                         OptionalColumn = InputsTable::OptionalColumn,
                                         SensitiveColumn = InputsTable::SensitiveColumn,
                                         ValuesColumn = InputsTable::ValuesColumn,
                                         DefaultColumn = InputsTable::DefaultColumn;

    // `editable` false shows the tool read-only (a global tool outside admin mode).
    ToolEditor(engine::ToolEditSession session, bool editable, QWidget *parent = nullptr);
    ~ToolEditor() override;

    QString dir() const { return m_session.dir(); }
    QString toolName() const;
    // The text differs from disk: an edit not saved yet, or YAML being typed that does not parse.
    bool isModified() const { return !m_yamlValid || m_session.isModified(); }
    bool isEditable() const { return m_editable; }
    void setAutoBump(bool on) { m_autoBump = on; }

    bool save();        // true when saved or nothing to save; a server's tool: false, saving
    void revert();      // back to what is on disk (or on the server)
    bool maybeClose();  // asks about unsaved changes (valid or not); true when the editor may close
    void bump();

    // A server's tool (its session detached): saving and reloading go through these, over the
    // connection, and their replies come later; the editor says "saving" meanwhile and takes
    // further edits. Unset: this machine's disk, at once.
    struct Remote
    {
        std::function<void(const engine::ToolEditSession &session, engine::RemoteSaveReply reply)> save;
        std::function<void(engine::RemoteSessionReply reply)> reload;
    };
    void setRemote(Remote remote)
    {
        m_remote = std::move(remote);
        updateStatus(); // "on the server"
    }
    bool isRemote() const { return bool(m_remote.save); }
    bool isSaving() const { return m_saving; }

    // TypeScript for the entry (the window's; null: none). Also starts the bash/Python syntax
    // check of the tool's scripts (a local tool's).
    void setTypeService(engine::TypeService *service);
    EntryTypeAssist *typeAssist() const { return m_types; }
    // The fixes offered for the problems on a line of the entry (Ctrl+.), or for one problem.
    QList<engine::TypeFixSuggestion> fixesForLine(int line) const;
    void applyFix(const engine::TypeFixSuggestion &fix, int line);

    // Shows `file` (TOOL.md or the entry) at `line`: the entry's tab, the YAML tab for a line of
    // the frontmatter, the Body tab for one of the body. False for any other file.
    bool showFileLine(const QString &file, int line);

    QUndoStack *undoStack() const { return m_undo; }
    const engine::ToolEditSession &session() const { return m_session; }

    // Widgets, for tests and accessibility.
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *labelEdit() const { return m_label; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }
    QSpinBox *versionSpin() const { return m_version; }
    QComboBox *languageCombo() const { return m_language; }
    QTableWidget *inputsTable() const { return m_inputs; }
    QPlainTextEdit *yamlEdit() const { return m_yaml; }
    QLabel *yamlStatus() const { return m_yamlStatus; }
    QPlainTextEdit *bodyEdit() const { return m_body; }
    MarkdownView *preview() const { return m_preview; }
    QsciScintilla *entryEdit() const { return m_entry; }
    QListWidget *problemsList() const { return m_problems; }
    QPushButton *addInputButton() const { return m_addInput; }
    QPushButton *removeInputButton() const { return m_removeInput; }
    QPushButton *moveUpButton() const { return m_moveUp; }
    QLabel *statusLabel() const { return m_status; }

Q_SIGNALS:
    void modifiedChanged(bool modified);
    void saved(const QString &dir);
    void customizeRequested(const QString &dir);
    void saveFinished(bool saved);   // a server's save ended, saved or not
    void closeRequested();           // "Save" when closing a server's tool: saved now, close it
    void fileOpenRequested(const QString &file, int line); // go to definition: a file the editor has no tab for
    // What the editor checked beyond lint (TypeScript, scripts' syntax) changed: for the window's
    // Problems panel.
    void checkedProblemsChanged(const engine::Diagnostics &problems);

private:
    enum class Source { None, Form, Yaml, Body, Entry };
    struct Snapshot
    {
        QByteArray toolMd, entry;
    };
    class EditCommand;

    void buildUi();
    void refresh(Source except);
    engine::ToolManifest manifestFromForm() const;
    static void replaceChangedText(QPlainTextEdit *edit, const QString &text);
    void showPreview();
    void formEdited();
    void yamlEdited();
    void bodyEdited();
    void entryEdited();
    void record(int mergeId, const Snapshot &before);
    Snapshot snapshot() const;
    void restore(const Snapshot &s);
    void updateProblems();
    void sendTypeSource();
    void checkScripts();
    void showFixMenu(const QList<std::pair<engine::TypeFixSuggestion, int>> &fixes, const QPoint &globalPos);
    void goToProblem(int row);
    void updateStatus();
    void setYamlError(const engine::Diagnostic *error); // null: the YAML parses
    void moveInput(int from, int to);
    void saveRemotely();
    // A server's save found its files changed there: Reload, Compare (then asked again),
    // Overwrite or Cancel; `message` is the server's.
    void askAboutServerChange(const QString &message);
    void replaceSession(engine::ToolEditSession session);

    engine::ToolEditSession m_session;
    Remote m_remote;
    bool m_saving = false;         // a server's save is out
    bool m_closeWhenSaved = false; // it was asked for by closing the editor
    bool m_editable = true;
    bool m_autoBump = false;
    bool m_yamlValid = true;
    bool m_refreshing = false;
    QUndoStack *m_undo = nullptr;
    QTimer *m_previewTimer = nullptr;
    // What the views show, so that a change sets only what differs.
    QByteArray m_previewBody;
    quint64 m_shownEntryRevision = ~quint64(0); // none yet: the first refresh compares the text
    engine::Diagnostics m_shownProblems;
    EntryTypeAssist *m_types = nullptr;
    engine::Diagnostics m_scriptProblems; // bash -n / Python's compile of the tool's scripts
    engine::Diagnostics m_checkedProblems; // TypeScript's and the scripts', as last told
    std::shared_ptr<std::atomic_bool> m_stopScripts = std::make_shared<std::atomic_bool>(false); // set when closed

    QLineEdit *m_name = nullptr;
    QLineEdit *m_label = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QSpinBox *m_version = nullptr;
    QPushButton *m_bump = nullptr;
    QComboBox *m_language = nullptr;
    InputsTable *m_inputs = nullptr;
    QPushButton *m_addInput = nullptr;
    QPushButton *m_removeInput = nullptr;
    QPushButton *m_moveUp = nullptr;
    QPushButton *m_moveDown = nullptr;
    QPlainTextEdit *m_yaml = nullptr;
    QLabel *m_yamlStatus = nullptr;
    QPlainTextEdit *m_body = nullptr;
    MarkdownView *m_preview = nullptr;
    QsciScintilla *m_entry = nullptr;
    QsciLexerJavaScript *m_lexer = nullptr;
    QListWidget *m_problems = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace tw::ui
