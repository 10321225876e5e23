#pragma once
// Shows one tool: header with badges, rendered documentation, inputs, files, diagnostics and
// what the agent is given.
// Or, for a directory that is not loaded, why.

#include "toolmd/toolrecord.h"
#include "widgets/filereader.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QTableWidget;
class QTabWidget;
class QTreeWidget;
class QsciLexerJavaScript;
class QsciScintilla;

namespace tw::ui {

class AgentTab;
class ElidedLabel;

class MarkdownView;

class ToolDetailPane final : public QWidget
{
    Q_OBJECT
public:
    enum Tab { DocumentationTab, InputsTab, FilesTab, DiagnosticsTab, AgentRegistrationTab };

    explicit ToolDetailPane(QWidget *parent = nullptr);

    // `badges`: e.g. "shadows global v2" or "overridden by a@x"; shown beside the header.
    // `overriddenGlobal`: the global tool `tool` overrides for its user, or null (the Agent tab
    // shows what the override changes for the agent).
    void showTool(const engine::ToolRecord &tool, const QStringList &badges,
                  const engine::ToolRecord *overriddenGlobal = nullptr);
    void showSkipped(const engine::SkippedDir &skipped);
    void showNothing(const QString &message);
    // Opens `file` (a file of the shown tool) in the Files tab at `line`.
    void openFile(const QString &file, int line = 0);

    // Where the Files tab reads a file: `reply` gets its bytes, or an error to show. Unset: this
    // machine's disk. A server window reads through its connection; the reply may come later, and
    // is dropped when another file is shown by then.
    void setFileReader(FileReader reader) { m_fileReader = std::move(reader); }

    QString shownDir() const { return m_dir; }
    QString headerText() const;
    QString badgeText() const;
    QTabWidget *tabs() const { return m_tabs; }
    QTableWidget *inputsTable() const { return m_inputs; }
    QTreeWidget *diagnosticsTree() const { return m_diagnostics; }
    QListWidget *filesList() const { return m_files; }
    MarkdownView *documentation() const { return m_doc; }
    QsciScintilla *codeView() const { return m_code; }
    AgentTab *agentTab() const { return m_agent; }

private:
    void showDiagnostics(const engine::Diagnostics &diagnostics);
    void showFile(const QString &relativeName, int line);
    void displayFile(const QString &path, const QByteArray &bytes, int line);

    QLabel *m_title = nullptr;
    ElidedLabel *m_subtitle = nullptr;
    QLabel *m_badges = nullptr;
    QLabel *m_description = nullptr;
    QTabWidget *m_tabs = nullptr;
    MarkdownView *m_doc = nullptr;
    QTableWidget *m_inputs = nullptr;
    QListWidget *m_files = nullptr;
    QsciScintilla *m_code = nullptr;
    QsciLexerJavaScript *m_lexer = nullptr; // TypeScript reads well enough with the JavaScript lexer
    QTreeWidget *m_diagnostics = nullptr;
    AgentTab *m_agent = nullptr;
    QString m_dir;
    FileReader m_fileReader;
    quint64 m_fileRequest = 0; // the file shown last: an older reader reply is dropped
};

} // namespace tw::ui
