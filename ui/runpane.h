#pragma once
// One run's live progress pane: status, elapsed time and Cancel; the onUpdate stream with
// timestamps (the latest emphasised, also shown on its own above the list); the tool's log
// output; the result (isError highlighted) with Copy; a raw view of the request and every
// event as JSON; "Copy as Command". Events are coalesced: they are queued as they arrive and
// shown by a timer a few times a second, so a tool sending 10,000 updates a second cannot
// flood the event loop, and every view keeps only a bounded tail.

#include "runhistory.h"
#include "runsession.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QListView;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace tw::model {
class RunUpdatesModel;
}

namespace tw::ui {

class RunPane final : public QWidget
{
    Q_OBJECT
public:
    struct Context
    {
        QString dataPath;
        QString user;
        QString runtimeChoice;   // what the tester chose (auto, bwrap, …)
        QJsonObject maskedParams; // for history and the raw view
        QJsonObject plainParams;  // without sensitive inputs: for "copy as command"
    };
    static constexpr int kFlushIntervalMs = 50;
    static constexpr int kMaxLogLines = 20000;
    static constexpr int kMaxRawLines = 20000;

    RunPane(std::unique_ptr<engine::RunSession> session, Context context, QWidget *parent = nullptr);
    ~RunPane() override;

    void start();
    void cancel();
    bool isRunning() const;
    std::optional<engine::RunOutcome> outcome() const { return m_outcome; }
    QString title() const; // "tool — state"

    // The `toolwright run` line for this run; writes its params (no secrets) to a file in the
    // app's data dir, whose path goes on the line.
    QString commandLine();
    void copyCommandLine();
    void copyResult();
    QString resultText() const { return m_resultText; }

    engine::RunSession *session() const { return m_session.get(); }
    model::RunUpdatesModel *updatesModel() const { return m_updates; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *elapsedLabel() const { return m_elapsed; }
    QLabel *latestLabel() const { return m_latest; }
    QPushButton *cancelButton() const { return m_cancel; }
    QListView *updatesView() const { return m_updatesView; }
    QPlainTextEdit *logView() const { return m_log; }
    QPlainTextEdit *resultView() const { return m_result; }
    QPlainTextEdit *rawView() const { return m_raw; }
    QTabWidget *tabs() const { return m_tabs; }
    int flushCount() const { return m_flushes; } // how often the views were updated

Q_SIGNALS:
    void stateChanged();
    void finished(const tw::engine::RunRecord &record); // the masked record, for the history

private:
    void onEvent(const engine::RunEvent &event);
    void onFinished(const engine::RunOutcome &outcome);
    void flush();
    void tick();
    void setStatus(const QString &text, const QString &color = {});

    std::unique_ptr<engine::RunSession> m_session;
    Context m_context;
    engine::RunRecordBuilder m_record;
    model::RunUpdatesModel *m_updates = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_elapsed = nullptr;
    QLabel *m_latest = nullptr;
    QLabel *m_banner = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_copyResult = nullptr;
    QListView *m_updatesView = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTimer m_flushTimer;
    QTimer m_tick;
    QElapsedTimer m_wall;

    // Waiting for the next flush.
    struct PendingUpdate
    {
        qint64 elapsedMs;
        QString text;
    };
    QList<PendingUpdate> m_pendingUpdates;
    QStringList m_pendingLog;
    QStringList m_pendingRaw;
    qint64 m_logLines = 0;

    std::optional<engine::RunOutcome> m_outcome;
    QString m_resultText;
    QString m_state;
    int m_flushes = 0;
};

} // namespace tw::ui
