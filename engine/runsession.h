#pragma once
// One tool call in a sandbox: bundles the entry, starts the runtime's sandbox with the harness,
// sends the request, turns the output into events, and ends it — by its result, a timeout, or
// a cancel (the cancel line, then a kill after a grace period; bwrap takes the sandbox with it).

#include "runeventparser.h"
#include "runtime.h"
#include "toolrecord.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <memory>

namespace tw::engine {

struct RunOptions
{
    QJsonObject params;
    QString toolCallId = QStringLiteral("toolwright-run");
    int timeoutMs = 60000;
    bool updateResetsTimeout = false; // long tools that keep reporting progress are not killed
    int hardLimitMs = 30 * 60000;     // the ceiling even then
    int graceMs = 2000;               // between the cancel line and the kill
    bool network = false;
    int memoryMb = 512;
    QString emailDb;
    QProcessEnvironment extraEnv;     // integration variables and secrets: environment only
};

enum class RunState { Result, ToolError, Error, Timeout, Cancelled, Failed };
QString runStateName(RunState state);

struct RunOutcome
{
    RunState state = RunState::Failed;
    QString message;       // for Error, Timeout, Failed
    QJsonArray content;    // the result's content
    qint64 durationMs = 0;
    int exitCode = -1;     // of the sandbox process
};

class RunSession final : public QObject
{
    Q_OBJECT
public:
    RunSession(ToolRecord tool, QString dataPath, QString user, RunOptions options, std::unique_ptr<Runtime> runtime,
               QObject *parent = nullptr);
    ~RunSession() override;

    void start();
    void cancel();
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    // The exact request line sent on stdin (for a raw view; secrets are in the environment).
    QByteArray requestLine() const { return m_request; }

Q_SIGNALS:
    void eventReceived(const tw::engine::RunEvent &event);
    void finished(const tw::engine::RunOutcome &outcome);

private:
    void fail(const QString &message);
    void read(QProcess::ProcessChannel channel);
    void stop(bool timedOut);
    void onFinished(int exitCode);

    ToolRecord m_tool;
    QString m_dataPath, m_user;
    RunOptions m_options;
    std::unique_ptr<Runtime> m_runtime;
    QProcess m_process;
    QTemporaryDir m_runDir;
    std::unique_ptr<RunEventParser> m_parser;
    QTimer m_timeout, m_hardLimit, m_grace;
    QElapsedTimer m_clock;
    QByteArray m_request;
    RunOutcome m_outcome;
    bool m_haveOutcome = false;
    bool m_cancelled = false;
    bool m_timedOut = false;
    bool m_done = false;
};

} // namespace tw::engine

Q_DECLARE_METATYPE(tw::engine::RunOutcome)
