#pragma once
// One run's live progress pane: it presents a RunLauncher (the one run path, shared with the
// CLI), which gathers the inputs, starts the session and writes the history; the pane only shows.
//
// Header: the run's phase (starting, preparing, running with no output yet, running with
// partial output, finished — each told apart), the elapsed time (always shown, ticking while it
// runs), where the tool comes from (global, or a user's copy that shadows global vN), Save
// Output, Copy Result, Copy as Command, and Cancel (enabled exactly while a cancel can work).
//
// Tabs: Snapshot — onUpdate carries the accumulated result so far, so the latest update is
// shown in place, replacing the one before; Timeline — every update with its time, the selected
// one in full below; Log — the tool's own output lines; Result (isError highlighted); Raw — the
// request and every event as JSON; Environment — what the tool sees (secrets masked) and the
// command that started the sandbox; Changes — what the run created, changed and removed in its
// data root (files programs load by themselves flagged), kept, discarded, or held with Keep and
// Discard until the tester decides (a pane closed first discards them).
//
// Output size: every view shows at most kDisplayCap characters (the head of a result or
// snapshot, the tail of the log and the raw events) with a marker saying how much is left out;
// Save Output writes the full text to a file. Events are coalesced: queued as they arrive and
// shown by a timer a few times a second, so neither 10,000 updates a second nor a 20 MB result
// can freeze the window.

#include "run/runhistory.h"
#include "run/runlauncher.h"
#include "run/runsession.h"
#include "running/runtextstream.h"
#include "tones.h"
#include "widgets/elidedlabel.h"

#include <QJsonObject>
#include <QPlainTextEdit>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QListView;
class QPushButton;
class QTabWidget;
class QVBoxLayout;
class QToolButton;
class QTreeWidget;

namespace tw::model {
class RunUpdatesModel;
}

namespace tw::ui {

// A read-only, fixed-font text view of a run's output (a live pane's tabs, a past run's).
QPlainTextEdit *makeRunTextView(QWidget *parent, const QString &accessibleName,
                                QPlainTextEdit::LineWrapMode wrap = QPlainTextEdit::NoWrap);

class RunPane final : public QWidget
{
    Q_OBJECT
public:
    enum class Phase { Waiting, Preparing, Running, PartialOutput, Finished };
    enum class Output { Result, Snapshot, Log, Raw };

    static constexpr int kFlushIntervalMs = 50;
    static constexpr qsizetype kDisplayCap = RunTextStream::kDisplayCap;     // characters per view
    static constexpr qsizetype kMaxKeptChars = RunTextStream::kMaxKeptChars; // of the log and raw events, for Save Output

    explicit RunPane(std::unique_ptr<engine::RunLauncher> launcher, QWidget *parent = nullptr);
    ~RunPane() override;

    // Launches the run (unlock, inputs, start: the launcher's order).
    void start();
    // Cancels in every phase before Finished: before the sandbox starts (the unlock or the
    // inputs still awaited), the run ends as cancelled without starting it.
    void cancel();
    bool isRunning() const;
    Phase phase() const { return m_phase; }
    std::optional<engine::RunOutcome> outcome() const { return m_outcome; }
    QString title() const; // "tool — state"

    // The `toolwright run` line for this run; writes its params (no secrets) to a file in the
    // app's data dir, whose path goes on the line.
    QString commandLine();
    void copyCommandLine();
    void copyResult();
    QString resultText() const { return m_resultText; }
    // The full text of one output (as far as kept), and writing it to a file atomically.
    QString fullOutput(Output which) const;
    bool saveOutput(Output which, const QString &path, QString *error = nullptr) const;

    engine::RunLauncher *launcher() const { return m_launcher.get(); }
    engine::RunExecution *execution() const { return m_launcher->execution(); }
    engine::RunSession *session() const { return m_launcher->session(); } // null for a run on a server
    model::RunUpdatesModel *updatesModel() const { return m_updates; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *bannerLabel() const { return m_banner; } // how it ended, when the status alone does not say
    QLabel *elapsedLabel() const { return m_elapsed; }
    QLabel *sourceLabel() const { return m_source; }
    QLabel *latestLabel() const { return m_latest; }
    QPushButton *cancelButton() const { return m_cancel; }
    QToolButton *saveButton() const { return m_save; }
    QListView *updatesView() const { return m_updatesView; }
    QPlainTextEdit *snapshotView() const { return m_snapshot; }
    QPlainTextEdit *timelineDetail() const { return m_detail; }
    QPlainTextEdit *logView() const { return m_log; }
    QPlainTextEdit *resultView() const { return m_result; }
    QPlainTextEdit *rawView() const { return m_raw; }
    QPlainTextEdit *environmentView() const { return m_environment; }
    QTabWidget *tabs() const { return m_tabs; }
    // Changes: what the run wrote in its data root, and Keep / Discard while they are held.
    QTreeWidget *changesList() const { return m_changesList; }
    QLabel *changesSummary() const { return m_changesSummary; }
    QPushButton *keepChangesButton() const { return m_keepChanges; }
    QPushButton *discardChangesButton() const { return m_discardChanges; }
    static constexpr int kChangesTab = 6;
    static constexpr int kMaxChangesListed = 5000;
    int flushCount() const { return m_flushes; } // how often the views were updated

Q_SIGNALS:
    void stateChanged();
    void finished(); // the run ended (its outcome is shown)
    // The launcher wrote the run's record to the history (`id` > 0) or says why not.
    void recorded(qint64 id, const QString &error);

private:
    void onEvent(const engine::RunEvent &event);
    void addRaw(qint64 elapsedMs, const QString &json); // one Raw line, after its time
    void onFinished(const engine::RunOutcome &outcome);
    void onSandboxStarted(const QString &runtime);
    void flush();
    void tick();
    void setPhase(Phase phase);
    void setStatus(const QString &text, std::optional<model::Tone> tone = std::nullopt);
    void showSnapshot();
    void chooseSaveFile(Output which);

    void onRefused(const QString &message);
    void showChanges(const engine::RunOutcome &outcome);
    void settleChanges(bool keep);
    QString showEndState(const engine::RunOutcome &outcome);
    void makeHeader(QVBoxLayout *layout);
    QTabWidget *makeTabs();

    std::unique_ptr<engine::RunLauncher> m_launcher;
    model::RunUpdatesModel *m_updates = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_elapsed = nullptr;
    ElidedLabel *m_source = nullptr;
    QLabel *m_latest = nullptr;
    QLabel *m_banner = nullptr;
    ElidedLabel *m_limits = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_copyResult = nullptr;
    QToolButton *m_save = nullptr;
    QListView *m_updatesView = nullptr;
    QPlainTextEdit *m_snapshot = nullptr;
    QPlainTextEdit *m_detail = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    QPlainTextEdit *m_environment = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTreeWidget *m_changesList = nullptr;
    QLabel *m_changesSummary = nullptr;
    QPushButton *m_keepChanges = nullptr;
    QPushButton *m_discardChanges = nullptr;
    QTimer m_flushTimer;
    QTimer m_tick;

    // Updates waiting for the next flush; the newest one's full text is kept for the snapshot.
    struct PendingUpdate
    {
        qint64 elapsedMs;
        QString text;
        qint64 count; // the onUpdate calls it stands for (RunEvent::updates)
    };
    QList<PendingUpdate> m_pendingUpdates;
    qint64 m_pendingDropped = 0; // onUpdate calls dropped from the queue unseen (only the newest can be listed)
    QString m_latestFull;
    qint64 m_latestElapsed = 0;
    bool m_snapshotDirty = false;
    RunTextStream m_logStream;
    RunTextStream m_rawStream;

    Phase m_phase = Phase::Waiting;
    bool m_started = false;
    bool m_cancelRequested = false;
    QString m_runtime;
    std::optional<engine::RunOutcome> m_outcome;
    QString m_resultText;
    int m_flushes = 0;
};

} // namespace tw::ui
