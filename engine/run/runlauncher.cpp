#include "run/runlauncher.h"

#include "run/runsettings.h"
#include "run/runtime.h"

#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

RunOptions runOptionsFor(const RunRequest &request)
{
    RunOptions options = runOptionsFor(ToolRunSettings::load(request.user, request.tool.manifest.name),
                                       Integrations::load(request.user));
    options.params = request.params;
    if (request.timeoutMs > 0)
        options.timeoutMs = request.timeoutMs;
    return options;
}

RunLauncher::RunLauncher(RunRequest request, SecretStore &secrets, QString historyPath, QObject *parent)
    : QObject(parent),
      m_request(std::move(request)),
      m_secrets(secrets),
      m_historyPath(std::move(historyPath)),
      m_builder(m_request.tool.manifest.name, m_request.user, m_request.runtimeChoice,
                maskedParams(m_request.tool.manifest, m_request.params))
{
    const QString runtimeName = m_request.runtimeChoice;
    const RuntimeConfig config = RuntimeConfig::load();
    m_session = std::make_unique<RunSession>(m_request.tool, m_request.dataPath, m_request.user, runOptionsFor(m_request),
                                             RuntimeChooser([runtimeName, config](QString *e) {
                                                 return makeRuntime(runtimeName, config, e);
                                             }));
    m_builder.setSource(m_request.source);
    connect(m_session.get(), &RunSession::sandboxStarted, this, [this](const QString &runtime) { m_builder.setRuntime(runtime); });
    connect(m_session.get(), &RunSession::eventReceived, this,
            [this](const RunEvent &e) { m_builder.add(e, m_session->elapsedMs()); });
    connect(m_session.get(), &RunSession::finished, this, &RunLauncher::onFinished);
}

RunLauncher::~RunLauncher()
{
    // A history write in flight finishes on its thread; its answer has nobody to go to.
    if (m_write)
        m_write->waitForFinished();
}

void RunLauncher::launch()
{
    // Step 1 of DESIGN.md "Running a tool": sensitive inputs left empty and the integration
    // tokens come from the secret store; they travel on stdin and in the environment only.
    gatherRunInputs(m_secrets, m_request.user, m_request.tool, m_request.params, Integrations::load(m_request.user), this,
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
    m_session->setInputs(inputs.params, inputs.env, inputs.secretValues);
    m_started = true;
    m_session->start();
    if (m_cancelRequested)
        m_session->cancel(); // cancelled while the inputs were gathered: the sandbox never starts
}

void RunLauncher::cancel()
{
    if (m_started)
        m_session->cancel();
    else
        m_cancelRequested = true;
}

void RunLauncher::onFinished(const RunOutcome &outcome)
{
    m_record = m_builder.finish(outcome);
    if (m_historyPath.isEmpty()) {
        Q_EMIT recorded(m_record, 0, QString());
        return;
    }
    m_write = new QFutureWatcher<std::pair<qint64, QString>>(this);
    connect(m_write, &QFutureWatcherBase::finished, this, [this] {
        const auto [id, error] = m_write->result();
        m_write->deleteLater();
        m_write = nullptr;
        Q_EMIT recorded(m_record, id, error);
    });
    m_write->setFuture(QtConcurrent::run([path = m_historyPath, record = m_record] {
        RunHistory history(path);
        const qint64 id = history.isOpen() ? history.add(record) : 0;
        return std::pair<qint64, QString>(id, id > 0 ? QString() : history.error());
    }));
}

} // namespace tw::engine
