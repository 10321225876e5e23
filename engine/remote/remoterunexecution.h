#pragma once
// A run on a server, for the desktop's one run path (RunLauncher): `run.start` over the
// window's connection with the gathered inputs — the sensitive ones inside params, the
// integration tokens under the server's keys, nothing stored there — then the server's
// `run.started`, `run.event` and `run.finished` notifications for its run id as this
// execution's signals, so a Run view presents it as one of its own. Cancel is `run.cancel`; a
// connection that ends under the run finishes it at once as failed ("connection lost —
// cancelled on the server": the server cancels every run of a connection that closes).
//
// Every event is masked again with the secret values sent (the server masks them already; a
// server is not trusted to), and one that does not read as an event is dropped.

#include "remote/remotesession.h"
#include "run/runexecution.h"
#include "run/runlauncher.h"
#include "run/runsession.h"

#include <QElapsedTimer>
#include <QPointer>

namespace tw::engine {

class RemoteRunExecution final : public RunExecution
{
    Q_OBJECT
public:
    RemoteRunExecution(RemoteSession *session, RunRequest request, Integrations integrations, QObject *parent = nullptr);
    ~RemoteRunExecution() override;

    // The factory a launcher takes for runs on `session`'s server.
    static RunExecutionFactory factory(RemoteSession *session);
    // This desktop's history of the runs it started on `target`'s server: beside the local
    // history, one file per server account (`runs-<user@host_port>.sqlite`).
    static QString historyPathFor(const RemoteTarget &target);
    // The integration tokens this desktop's store holds as `ssh:host/user/resource/<id>`
    // (RunInputs::integrationSecrets), under the keys a server's run reads:
    // `<user>/resource/<id>`. The window's runs and `toolwright run --data ssh://…` send these.
    static QJsonObject serverSecrets(const QString &user, const QHash<QString, QString> &integrationSecrets);

    void setInputs(const RunInputs &inputs) override;
    void start() override;
    void cancel() override;
    bool isRunning() const override { return m_running; }
    qint64 elapsedMs() const override;
    const ToolRecord &tool() const override { return m_request.tool; }
    QString runtimeName() const override { return m_runtime; } // "bwrap on HOST"
    QByteArray maskedRequestLine() const override { return m_requestLine; }
    QStringList maskedEnvironment() const override { return m_environment; }
    QStringList launchCommand() const override { return m_command; }

    QString runId() const { return m_runId; }

private:
    void onNotification(const QString &method, const QJsonObject &params);
    void end(RunOutcome outcome);
    QString onHost(const QString &runtime) const;
    void fail(const QString &message);
    void sendCancel();

    QPointer<RemoteSession> m_session;
    RunRequest m_request;
    Integrations m_integrations;
    QJsonObject m_params;
    QJsonObject m_secrets; // the integration tokens under the server's keys
    QStringList m_secretValues;
    QString m_runId;
    QString m_runtime;
    QByteArray m_requestLine;
    QStringList m_environment, m_command;
    QElapsedTimer m_clock;
    qint64 m_endedAtMs = -1;
    bool m_running = false;
    bool m_cancelRequested = false;
    bool m_sandboxStarted = false;
};

} // namespace tw::engine
