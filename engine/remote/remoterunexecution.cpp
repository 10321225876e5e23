#include "remote/remoterunexecution.h"

#include "remote/runwire.h"
#include "run/runhistory.h"
#include "run/runinputs.h"
#include "secrets/secretmasker.h"
#include "secrets/secretstore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QTimer>

namespace tw::engine {

RemoteRunExecution::RemoteRunExecution(RemoteSession *session, RunRequest request, Integrations integrations,
                                       QObject *parent)
    : RunExecution(parent), m_session(session), m_request(std::move(request)), m_integrations(std::move(integrations))
{
    m_params = m_request.params;
    if (m_session) {
        connect(m_session, &RemoteSession::notificationReceived, this, &RemoteRunExecution::onNotification);
        connect(m_session, &RemoteSession::connectionLost, this, [this] {
            if (m_running)
                fail(tr("connection lost — cancelled on the server"));
        });
    }
}

RemoteRunExecution::~RemoteRunExecution()
{
    // A pane closed under its run: the run goes with it, as a local one does.
    if (m_running)
        sendCancel();
}

RunExecutionFactory RemoteRunExecution::factory(RemoteSession *session)
{
    QPointer<RemoteSession> guarded(session);
    return [guarded](const RunRequest &request, const Integrations &integrations) -> std::unique_ptr<RunExecution> {
        return std::make_unique<RemoteRunExecution>(guarded.data(), request, integrations);
    };
}

QString RemoteRunExecution::historyPathFor(const RemoteTarget &target)
{
    QString name = target.user.isEmpty() ? target.host : target.user + u'@' + target.host;
    if (target.port > 0)
        name += u'_' + QString::number(target.port);
    // A file name of the address's safe characters only (an alias may hold anything ssh accepts).
    for (QChar &c : name)
        if (!(c.isLetterOrNumber() || c == u'.' || c == u'-' || c == u'_' || c == u'@'))
            c = u'_';
    return QFileInfo(RunHistory::defaultPath()).absolutePath() + QStringLiteral("/runs-") + name + QStringLiteral(".sqlite");
}

void RemoteRunExecution::setInputs(const RunInputs &inputs)
{
    m_params = inputs.params;
    m_secretValues = inputs.secretValues;
    m_secrets = serverSecrets(m_request.user, inputs.integrationSecrets);
}

QJsonObject RemoteRunExecution::serverSecrets(const QString &user, const QHash<QString, QString> &integrationSecrets)
{
    QJsonObject secrets;
    for (auto it = integrationSecrets.cbegin(); it != integrationSecrets.cend(); ++it)
        secrets.insert(resourceSecretKey(user, it.key().section(u'/', -1)), it.value());
    return secrets;
}

qint64 RemoteRunExecution::elapsedMs() const
{
    if (m_endedAtMs >= 0)
        return m_endedAtMs;
    return m_clock.isValid() ? m_clock.elapsed() : 0;
}

void RemoteRunExecution::start()
{
    m_clock.start();
    m_running = true;
    RemoteConnection *connection = m_session ? m_session->connection() : nullptr;
    if (!connection) {
        // From the event loop, as every outcome: whoever started it is connected to the signals.
        const QString why = m_session && !m_session->lastError().isEmpty()
            ? tr("not connected to the server (%1)").arg(m_session->lastError())
            : tr("not connected to the server");
        QTimer::singleShot(0, this, [this, why] { fail(why); });
        return;
    }
    if (m_cancelRequested) {
        QTimer::singleShot(0, this, [this] {
            RunOutcome o;
            o.state = RunState::Cancelled;
            end(o);
        });
        return;
    }
    QJsonObject start{{QStringLiteral("tool"), m_request.tool.manifest.name},
                      {QStringLiteral("user"), m_request.user},
                      {QStringLiteral("params"), m_params},
                      {QStringLiteral("integrations"), integrationsToJson(m_integrations)},
                      {QStringLiteral("secrets"), m_secrets}};
    // "auto" leaves the choice to the server's own runtime settings, as the platform runs it.
    if (!m_request.runtimeChoice.isEmpty() && m_request.runtimeChoice != u"auto")
        start.insert(QStringLiteral("runtime"), m_request.runtimeChoice);
    if (m_request.timeoutMs > 0)
        start.insert(QStringLiteral("timeout_ms"), m_request.timeoutMs);
    QPointer<RemoteRunExecution> self(this);
    connection->call(QStringLiteral("run.start"), start, [self](const RpcResult &r) {
        if (!self || !self->m_running)
            return;
        if (!r.ok()) {
            self->fail(r.message);
            return;
        }
        self->m_runId = r.result.toObject().value(QStringLiteral("run_id")).toString();
        if (self->m_runId.isEmpty()) {
            self->fail(tr("the server started the run without an id"));
            return;
        }
        if (self->m_cancelRequested)
            self->sendCancel();
    });
}

void RemoteRunExecution::cancel()
{
    if (!m_running || m_cancelRequested)
        return;
    m_cancelRequested = true;
    if (!m_runId.isEmpty())
        sendCancel();
}

void RemoteRunExecution::sendCancel()
{
    RemoteConnection *connection = m_session ? m_session->connection() : nullptr;
    if (!connection || m_runId.isEmpty())
        return; // no connection: the server cancels the runs of a connection that closed
    QPointer<RemoteRunExecution> self(this);
    connection->call(QStringLiteral("run.cancel"), {{QStringLiteral("run_id"), m_runId}}, [self](const RpcResult &r) {
        // "No such run": it ended before the cancel arrived; its run.finished says how.
        if (self && !r.ok() && r.code != int(RpcCode::NotFound) && self->m_running)
            qWarning("run.cancel: %s", qPrintable(r.message));
    });
}

void RemoteRunExecution::onNotification(const QString &method, const QJsonObject &params)
{
    if (!m_running || m_runId.isEmpty() || params.value(QStringLiteral("run_id")).toString() != m_runId)
        return;
    if (method == u"run.started") {
        if (m_sandboxStarted)
            return;
        m_sandboxStarted = true;
        m_runtime = onHost(params.value(QStringLiteral("runtime")).toString());
        const QString line = params.value(QStringLiteral("request")).toString();
        m_requestLine = maskSecrets(line, m_secretValues).toUtf8();
        for (const QJsonValue &v : params.value(QStringLiteral("environment")).toArray())
            m_environment << maskSecrets(v.toString(), m_secretValues);
        for (const QJsonValue &v : params.value(QStringLiteral("command")).toArray())
            m_command << maskSecrets(v.toString(), m_secretValues);
        Q_EMIT sandboxStarted(m_runtime);
    } else if (method == u"run.event") {
        std::optional<RunEvent> e = runEventFromJson(params.value(QStringLiteral("event")).toObject());
        if (!e)
            return;
        if (!m_sandboxStarted) { // a 1.0 server says nothing before the first event
            m_sandboxStarted = true;
            Q_EMIT sandboxStarted(m_runtime);
        }
        Q_EMIT eventReceived(maskEvent(std::move(*e), m_secretValues));
    } else if (method == u"run.finished") {
        std::optional<RunOutcome> outcome = runOutcomeFromJson(params.value(QStringLiteral("outcome")).toObject());
        if (!outcome) {
            fail(tr("the server ended the run without a readable outcome"));
            return;
        }
        if (m_runtime.isEmpty())
            m_runtime = onHost(params.value(QStringLiteral("runtime")).toString());
        // Masked as the events: the message and the content's text.
        RunEvent masked;
        masked.message = outcome->message;
        masked.content = outcome->content;
        masked = maskEvent(std::move(masked), m_secretValues);
        outcome->message = masked.message;
        outcome->content = masked.content;
        outcome->text = contentText(outcome->content);
        outcome->contentBytes = -1;
        end(std::move(*outcome));
    }
}

QString RemoteRunExecution::onHost(const QString &runtime) const
{
    // "bwrap on build-01": the pane's header and the history say where it ran, too.
    if (runtime.isEmpty() || !m_session)
        return runtime;
    return tr("%1 on %2").arg(runtime, m_session->target().displayHost());
}

void RemoteRunExecution::fail(const QString &message)
{
    RunOutcome o;
    o.state = RunState::Failed;
    o.message = message;
    o.durationMs = elapsedMs();
    end(std::move(o));
}

void RemoteRunExecution::end(RunOutcome outcome)
{
    if (!m_running)
        return;
    m_running = false;
    m_endedAtMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (outcome.durationMs <= 0)
        outcome.durationMs = m_endedAtMs;
    Q_EMIT finished(outcome);
}

} // namespace tw::engine
