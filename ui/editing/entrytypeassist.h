#pragma once
// What TypeScript adds to the entry's editor (issue 26): its findings (checked 150 ms after the
// last change, through the window's TypeService, off the GUI thread), completion (after `.`
// and on Ctrl+Space; `params.` lists the inputs TOOL.md declares with their descriptions),
// hover (the type and docs under the mouse), go to definition (F12: in the entry, an input's
// line in TOOL.md, another file of the tool) and TypeScript's own fix for "declare `x` in
// Params". The editor owns the text and its undo: this class only asks and reports.

#include "types/typeservice.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

class QTimer;
class QsciScintilla;

namespace tw::ui {

class EntryTypeAssist final : public QObject
{
    Q_OBJECT
public:
    // After the last change; a 2,000-line entry then takes TypeScript 160-250 ms, and the findings
    // are wanted within 500 ms of the last key (tests/bench/bench_types).
    static constexpr int kCheckDelayMs = 150;
    static constexpr int kCompletionListId = 26;

    // `service` may be null (no TypeScript for this editor: a read-only view, say).
    EntryTypeAssist(QsciScintilla *editor, engine::TypeService *service, QObject *parent = nullptr);
    ~EntryTypeAssist() override;

    // What the entry and TOOL.md say now: sent to the server at once, checked after the delay.
    void setSource(const engine::ToolTypeSource &source);
    const engine::ToolTypeSource &sourceSent() const { return m_source; }
    void checkNow();

    const engine::Diagnostics &diagnostics() const { return m_diagnostics; }
    // "TypeScript: checking…", "TypeScript: no problems", the reason it is not there, …
    QString state() const { return m_state; }
    bool isChecking() const { return m_checksOut > 0 || m_pendingCheck; }

    void complete();       // at the cursor
    void goToDefinition(); // at the cursor
    void showHover(int position);
    // TypeScript's "Declare property" for `input` read at `line` (1-based), typed as TOOL.md says.
    void declareInParams(const QString &input, int line);

    // The last completion list shown (names), for tests.
    QStringList lastCompletions() const { return m_lastCompletions; }

Q_SIGNALS:
    void diagnosticsChanged();
    void checkFinished(); // an answer for the text as it is now came (changed or not)
    void stateChanged(const QString &state);
    void inputDefinitionRequested(const QString &input, int toolMdLine);
    void fileDefinitionRequested(const QString &file, int line);
    void entryFixed(const QString &entry); // the whole text after a fix, to apply as one edit
    void completionShown();
    void hoverShown(const QString &text);

private:
    engine::TextPosition cursorPosition() const;
    engine::TextPosition positionAt(int bytePosition) const;
    void setState(const QString &state);
    void insertCompletion(const QString &item);

    QsciScintilla *m_editor;
    QPointer<engine::TypeService> m_service;
    int m_project = 0;
    QTimer *m_checkTimer = nullptr;
    engine::ToolTypeSource m_source;
    engine::Diagnostics m_diagnostics;
    QString m_state;
    int m_checksOut = 0;
    bool m_pendingCheck = false;
    quint64 m_generation = 0;       // of the source; a check's answer for an older one is dropped
    quint64 m_completionRequest = 0;
    int m_hoverPosition = -1;
    QStringList m_lastCompletions;
};

} // namespace tw::ui
