#include "run/runlauncher.h"

#include "run/runsettings.h"
#include "run/runtime.h"
#include "secrets/secretbinding.h"
#include "secrets/secretstore.h"

#include <QPointer>

#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

namespace {

// The run options a request asks for: the tool's run settings, the user's integrations, the
// request's timeout.
RunOptions runOptionsFor(const RunRequest &request, const Integrations &integrations)
{
    RunOptions options = runOptionsFor(ToolRunSettings::load(request.user, request.tool.manifest.name), integrations);
    options.params = request.params;
    if (request.timeoutMs > 0)
        options.timeoutMs = request.timeoutMs;
    options.changes = request.changes.value_or(RunChangesSettings::load().policyFor(request.tool, request.user, request.canAsk));
    return options;
}

} // namespace

RunLauncher::RunLauncher(RunRequest request, SecretStore &secrets, QString historyPath, QObject *parent)
    : RunLauncher(std::move(request), secrets, std::move(historyPath), RunExecutionFactory(), parent)
{
}

RunLauncher::RunLauncher(RunRequest request, SecretStore &secrets, QString historyPath, const RunExecutionFactory &factory,
                         QObject *parent)
    : QObject(parent),
      m_request(std::move(request)),
      m_integrations(m_request.integrations ? *m_request.integrations : Integrations::load(m_request.keyUser())),
      m_secrets(secrets),
      m_historyPath(std::move(historyPath)),
      m_builder(m_request.tool.manifest.name, m_request.user, m_request.runtimeChoice,
                maskedParams(m_request.tool.manifest, m_request.params))
{
    if (factory) {
        m_execution = factory(m_request, m_integrations);
    } else {
        const QString runtimeName = m_request.runtimeChoice;
        const RuntimeConfig config = RuntimeConfig::load();
        m_execution = std::make_unique<RunSession>(m_request.tool, m_request.dataPath, m_request.user,
                                                   runOptionsFor(m_request, m_integrations),
                                                   RuntimeChooser([runtimeName, config](QString *e) {
                                                       return makeRuntime(runtimeName, config, e);
                                                   }));
    }
    m_builder.setSource(m_request.source);
    RunExecution *execution = m_execution.get();
    connect(execution, &RunExecution::sandboxStarted, this, [this](const QString &runtime) { m_builder.setRuntime(runtime); });
    connect(execution, &RunExecution::eventReceived, this,
            [this](const RunEvent &e) { m_builder.add(e, m_execution->elapsedMs()); });
    connect(execution, &RunExecution::finished, this, &RunLauncher::onFinished);
}

RunLauncher::~RunLauncher()
{
    // A history write in flight finishes on its thread; its answer has nobody to go to.
    if (m_write)
        m_write->waitForFinished();
}

bool RunLauncher::needsSecretStore() const
{
    if (!m_remember.isEmpty() || !m_integrations.secretKeys(m_request.keyUser()).isEmpty())
        return true;
    for (const InputSpec &spec : m_request.tool.manifest.inputs) {
        const QJsonValue v = m_request.params.value(spec.name);
        if (spec.sensitive && (v.isUndefined() || v.isNull() || v == QJsonValue(QString())))
            return true;
    }
    return false;
}

void RunLauncher::launch()
{
    // Step 0: a locked store is unlocked before anything is read — by the caller, who may ask
    // the user; a read never asks (configuredsecretstore.h).
    const QString locked = m_secrets.lockedPath();
    if (!locked.isEmpty() && m_unlock && needsSecretStore()) {
        m_waitingForUnlock = true;
        QPointer<RunLauncher> self(this);
        m_unlock(locked, [self] {
            if (!self || !self->m_waitingForUnlock)
                return; // gone, or already answered
            self->m_waitingForUnlock = false;
            self->rememberAndGather();
        });
        return;
    }
    rememberAndGather();
}

void RunLauncher::rememberAndGather()
{
    // Typed secrets the caller asked to remember go to the store, bound to this tool; the run
    // does not wait for them (it has the typed values).
    for (const QString &input : std::as_const(m_remember)) {
        const QString key = secretKey(m_request.keyUser(), m_request.tool.manifest.name, input);
        m_secrets.write(key, m_request.params.value(input).toString(), this,
                        [this, key, input, tool = m_request.tool](const SecretResult &r) {
                            if (r.ok())
                                SecretBinding::record(key, tool); // for this tool, not whatever has its name later
                            Q_EMIT secretRemembered(input, r);
                        });
    }
    // Step 1 of DESIGN.md "Running a tool": sensitive inputs left empty and the integration
    // tokens come from the secret store; they travel on stdin and in the environment only.
    gatherRunInputs(m_secrets, m_request.keyUser(), m_request.tool, m_request.params, m_integrations, this,
                    [this](const RunInputs &in) { onGathered(in); });
}

void RunLauncher::onGathered(RunInputs inputs)
{
    // A stored secret goes unasked only to the tool definition it was stored for.
    const QList<HeldSecret> held = inputs.held;
    for (const HeldSecret &h : held) {
        switch (m_policy ? m_policy(h) : HeldAnswer::Skip) {
        case HeldAnswer::Use: inputs.useHeld(h, m_request.tool); break;
        case HeldAnswer::Skip: break;
        case HeldAnswer::Refuse:
            Q_EMIT refused(QStringLiteral("%1: the stored %2 is not used").arg(h.check.change, h.input));
            return;
        }
    }
    Q_EMIT inputsGathered(inputs);
    m_execution->setInputs(inputs);
    m_started = true;
    m_execution->start();
    if (m_cancelRequested)
        m_execution->cancel(); // cancelled while the inputs were gathered: the sandbox never starts
}

void RunLauncher::cancel()
{
    if (m_waitingForUnlock) {
        // Nothing asked of the store yet: the run ends here, cancelled and recorded, whatever
        // the unlock's answer will be.
        m_waitingForUnlock = false;
        m_started = true;
        m_execution->start();
        m_execution->cancel();
    } else if (m_started) {
        m_execution->cancel();
    } else {
        m_cancelRequested = true;
    }
}

void RunLauncher::onFinished(const RunOutcome &outcome)
{
    // The record is made off the calling thread as well as written there: for a 20 MB result
    // it decodes the first text to cut it to the record's cap, a stall on a GUI thread.
    m_write = new QFutureWatcher<Written>(this);
    connect(m_write, &QFutureWatcherBase::finished, this, [this] {
        Written w = m_write->result();
        m_write->deleteLater();
        m_write = nullptr;
        m_record = std::move(w.record);
        Q_EMIT recorded(m_record, w.id, w.error);
    });
    m_write->setFuture(QtConcurrent::run([path = m_historyPath, builder = m_builder, outcome]() mutable {
        Written w;
        w.record = builder.finish(outcome);
        if (path.isEmpty())
            return w; // no history: the record only
        RunHistory history(path);
        w.id = history.isOpen() ? history.add(w.record) : 0;
        if (w.id <= 0)
            w.error = history.error();
        return w;
    }));
}

} // namespace tw::engine
