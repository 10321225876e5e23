#include "runsession.h"

#include "datapaths.h"
#include "entrybundler.h"

#include <QFile>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRandomGenerator>

Q_LOGGING_CATEGORY(lcRun, "tw.engine.run", QtWarningMsg)

namespace tw::engine {

QString runStateName(RunState state)
{
    switch (state) {
    case RunState::Result: return QStringLiteral("result");
    case RunState::ToolError: return QStringLiteral("tool-error");
    case RunState::Error: return QStringLiteral("error");
    case RunState::Timeout: return QStringLiteral("timeout");
    case RunState::Cancelled: return QStringLiteral("cancelled");
    case RunState::Failed: return QStringLiteral("failed");
    }
    return {};
}

RunSession::RunSession(ToolRecord tool, QString dataPath, QString user, RunOptions options,
                       std::unique_ptr<Runtime> runtime, QObject *parent)
    : QObject(parent), m_tool(std::move(tool)), m_dataPath(std::move(dataPath)), m_user(std::move(user)),
      m_options(std::move(options)), m_runtime(std::move(runtime))
{
    for (QTimer *t : {&m_timeout, &m_hardLimit, &m_grace})
        t->setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] { stop(true); });
    connect(&m_hardLimit, &QTimer::timeout, this, [this] { stop(true); });
    connect(&m_grace, &QTimer::timeout, this, [this] { m_process.kill(); });
    connect(&m_process, &QProcess::readyReadStandardOutput, this, [this] { read(QProcess::StandardOutput); });
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] { read(QProcess::StandardError); });
    connect(&m_process, &QProcess::finished, this, [this](int code) { onFinished(code); });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(QStringLiteral("the sandbox could not start (%1): %2").arg(m_process.program(), m_process.errorString()));
    });
    connect(&m_process, &QProcess::started, this, [this] {
        m_process.write(m_request + '\n'); // stdin stays open for a cancel line
    });
}

RunSession::~RunSession()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_done = true;
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void RunSession::fail(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    m_hardLimit.stop();
    m_grace.stop();
    RunOutcome o;
    o.state = RunState::Failed;
    o.message = message;
    o.durationMs = elapsedMs();
    Q_EMIT finished(o);
}

void RunSession::start()
{
    m_clock.start();
    if (!m_runtime)
        return fail(QStringLiteral("no runtime"));
    if (!m_runDir.isValid())
        return fail(QStringLiteral("cannot create a private run directory"));
    const QString harness = sharedDataDir() + QStringLiteral("/resources/runner/harness.mjs");
    if (!QFile::copy(harness, m_runDir.filePath(QStringLiteral("harness.mjs"))))
        return fail(QStringLiteral("the runner harness is missing (%1)").arg(harness));
    const QString sandboxEntry = (m_tool.scope == Scope::Global ? kSandboxGlobalTools : kSandboxUserTools) + u'/'
        + m_tool.dirName + u'/' + m_tool.entryName();
    const BundleResult bundle = bundleEntry(m_tool.entryPath, m_runDir.path(), sandboxEntry);
    if (!bundle.ok())
        return fail(formatDiagnostic(bundle.diagnostic));

    const QByteArray nonce = QByteArray::number(QRandomGenerator::system()->generate64(), 16)
        + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
    m_parser = std::make_unique<RunEventParser>(nonce);
    RunSpec spec;
    spec.dataPath = m_dataPath;
    spec.user = m_user;
    spec.runDir = m_runDir.path();
    spec.emailDb = m_options.emailDb;
    spec.network = m_options.network;
    spec.memoryMb = m_options.memoryMb;
    spec.env = toolEnvironment(m_user, m_options.extraEnv);
    spec.env.insert(QStringLiteral("TW_RUNNER_NONCE"), QString::fromLatin1(nonce));
    const LaunchPlan plan = m_runtime->plan(spec);
    if (!plan.error.isEmpty())
        return fail(plan.error);
    m_request = QJsonDocument(QJsonObject{{QStringLiteral("toolCallId"), m_options.toolCallId},
                                          {QStringLiteral("entry"), QString(kSandboxRunDir + QStringLiteral("/entry.mjs"))},
                                          {QStringLiteral("params"), m_options.params}})
                    .toJson(QJsonDocument::Compact);
    m_process.setProgram(plan.program);
    m_process.setArguments(plan.arguments);
    m_process.setProcessEnvironment(plan.environment);
    qCDebug(lcRun) << "starting" << m_tool.manifest.name << "with" << m_runtime->name();
    m_timeout.start(m_options.timeoutMs);
    m_hardLimit.start(std::max(m_options.hardLimitMs, m_options.timeoutMs));
    m_process.start();
}

void RunSession::read(QProcess::ProcessChannel channel)
{
    if (!m_parser)
        return;
    m_process.setReadChannel(channel);
    const QByteArray bytes = m_process.readAll();
    const QList<RunEvent> events = m_parser->feed(
        bytes, channel == QProcess::StandardOutput ? RunEvent::Stream::Stdout : RunEvent::Stream::Stderr);
    for (const RunEvent &e : events) {
        if (e.kind == RunEvent::Kind::Update && m_options.updateResetsTimeout && !m_cancelled && !m_timedOut)
            m_timeout.start(m_options.timeoutMs);
        if ((e.kind == RunEvent::Kind::Result || e.kind == RunEvent::Kind::Error) && !m_haveOutcome) {
            m_haveOutcome = true;
            m_outcome.state = e.kind == RunEvent::Kind::Error ? RunState::Error
                              : e.isError                      ? RunState::ToolError
                                                               : RunState::Result;
            m_outcome.content = e.content;
            m_outcome.message = e.message;
        }
        Q_EMIT eventReceived(e);
    }
}

void RunSession::cancel()
{
    stop(false);
}

void RunSession::stop(bool timedOut)
{
    if (m_done || m_process.state() == QProcess::NotRunning || m_cancelled || m_timedOut)
        return;
    (timedOut ? m_timedOut : m_cancelled) = true;
    m_timeout.stop();
    m_hardLimit.stop();
    m_process.write(QByteArrayLiteral("{\"type\":\"cancel\"}\n"));
    m_grace.start(m_options.graceMs); // then the sandbox is killed, and all inside it
}

void RunSession::onFinished(int exitCode)
{
    if (m_done)
        return;
    read(QProcess::StandardOutput);
    read(QProcess::StandardError);
    if (m_parser) {
        for (const RunEvent &e : m_parser->finish())
            Q_EMIT eventReceived(e);
    }
    m_done = true;
    m_timeout.stop();
    m_hardLimit.stop();
    m_grace.stop();
    RunOutcome o = m_outcome;
    if (m_timedOut && !m_haveOutcome) {
        o.state = RunState::Timeout;
        o.message = QStringLiteral("the tool did not finish within %1 s").arg(m_options.timeoutMs / 1000.0);
    } else if (m_cancelled && !m_haveOutcome) {
        o.state = RunState::Cancelled;
        o.message = QStringLiteral("cancelled");
    } else if (m_timedOut) {
        o.state = RunState::Timeout; // the tool answered the abort, but the time was up
        o.message = QStringLiteral("the tool did not finish within %1 s").arg(m_options.timeoutMs / 1000.0);
    } else if (m_cancelled) {
        o.state = RunState::Cancelled;
    } else if (!m_haveOutcome) {
        o.state = RunState::Failed;
        o.message = QStringLiteral("the sandbox exited with code %1 before the tool answered").arg(exitCode);
    }
    o.exitCode = exitCode;
    o.durationMs = elapsedMs();
    Q_EMIT finished(o);
}

} // namespace tw::engine
