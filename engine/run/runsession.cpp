#include "run/runsession.h"

#include "run/entrybundler.h"
#include "run/runcgroup.h"
#include "run/runinputs.h"
#include "run/runowner.h"
#include "run/sandboxidentity.h"
#include "secrets/secretstore.h"
#include "sync/datapaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QtConcurrentRun>

#include <algorithm>
#include <mutex>
#include <sys/socket.h>
#include <unistd.h>

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
    case RunState::OutOfMemory: return QStringLiteral("out-of-memory");
    case RunState::WriteLimit: return QStringLiteral("write-limit");
    }
    return {};
}

QString runChangesPolicyName(RunChangesPolicy policy)
{
    switch (policy) {
    case RunChangesPolicy::Keep: return QStringLiteral("keep");
    case RunChangesPolicy::Discard: return QStringLiteral("discard");
    case RunChangesPolicy::Ask: return QStringLiteral("ask");
    }
    return {};
}

std::optional<RunChangesPolicy> runChangesPolicyFromName(const QString &name)
{
    for (const RunChangesPolicy p : {RunChangesPolicy::Keep, RunChangesPolicy::Discard, RunChangesPolicy::Ask})
        if (runChangesPolicyName(p) == name)
            return p;
    return std::nullopt;
}

QJsonObject changesJson(const RunOutcome &o)
{
    QJsonObject out{{QStringLiteral("policy"), runChangesPolicyName(o.changesPolicy)},
                    {QStringLiteral("reviewed"), o.changesReviewed},
                    {QStringLiteral("kept"), o.changesKept},
                    {QStringLiteral("pending"), o.changesPending},
                    {QStringLiteral("bytes"), o.changes.bytes},
                    {QStringLiteral("files"), o.changes.files},
                    {QStringLiteral("autoload"), o.changes.autoloadCount()}};
    QJsonArray items;
    for (const RunChange &c : o.changes.items) {
        QJsonObject item{{QStringLiteral("kind"), runChangeKindName(c.kind)}, {QStringLiteral("path"), c.path}};
        if (c.directory)
            item.insert(QStringLiteral("directory"), true);
        if (c.symlink)
            item.insert(QStringLiteral("symlink"), true);
        if (!c.directory && !c.symlink && c.kind != RunChange::Kind::Removed && c.kind != RunChange::Kind::Refused)
            item.insert(QStringLiteral("bytes"), c.bytes);
        if (c.autoload)
            item.insert(QStringLiteral("autoload"), true);
        if (!c.why.isEmpty())
            item.insert(QStringLiteral("why"), c.why);
        items.append(item);
    }
    out.insert(QStringLiteral("items"), items);
    const QString error = !o.changes.error.isEmpty() ? o.changes.error : o.changesError;
    if (!error.isEmpty())
        out.insert(QStringLiteral("error"), error);
    return out;
}

QJsonObject limitsJson(const RunOutcome &o)
{
    QJsonObject limits{{QStringLiteral("memory_mb"), o.memoryMb}, {QStringLiteral("pids"), o.pidsLimit},
                       {QStringLiteral("enforced"), !o.limitsEnforcedBy.isEmpty()}};
    // 0: no CPU limit could be set (a cgroup without the cpu controller).
    limits.insert(QStringLiteral("cpus"), o.cpus);
    // 0: the write cap is not enforced (Toolwright not run as root).
    limits.insert(QStringLiteral("write_mb"), o.writeCapMb);
    limits.insert(QStringLiteral("write_files"), o.writeCapFiles);
    if (o.limitsEnforcedBy.isEmpty())
        limits.insert(QStringLiteral("why"), o.limitsNotEnforced);
    else
        limits.insert(QStringLiteral("enforced_by"), o.limitsEnforcedBy);
    return limits;
}

QString describeLimits(const RunOutcome &o)
{
    const QString network = o.network ? QStringLiteral("network") : QStringLiteral("no network");
    const QString writes = o.writeCapMb > 0 ? QStringLiteral("writes %1 MB, %2 files").arg(o.writeCapMb).arg(o.writeCapFiles)
                                            : QStringLiteral("writes not capped");
    if (o.limitsEnforcedBy.isEmpty())
        return QStringLiteral("memory and process limits NOT enforced (%1), %2 · %3").arg(o.limitsNotEnforced, writes, network);
    const QString cpus = o.cpus > 0 ? QStringLiteral("%1 CPU").arg(o.cpus) : QStringLiteral("CPU not limited");
    return QStringLiteral("memory %1 MB, %2 processes, %3, %4 (%5) · %6")
        .arg(o.memoryMb)
        .arg(o.pidsLimit)
        .arg(cpus, writes, o.limitsEnforcedBy, network);
}

namespace {

QJsonValue maskValue(const QJsonValue &v, const QStringList &secrets)
{
    if (v.isString())
        return maskSecrets(v.toString(), secrets);
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &e : v.toArray())
            out.append(maskValue(e, secrets));
        return out;
    }
    if (v.isObject()) {
        QJsonObject out;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            out.insert(it.key(), maskValue(it.value(), secrets));
        return out;
    }
    return v;
}

} // namespace

RunSession::RunSession(ToolRecord tool, QString dataPath, QString user, RunOptions options,
                       std::unique_ptr<Runtime> runtime, QObject *parent)
    : RunSession(std::move(tool), std::move(dataPath), std::move(user), std::move(options),
                 RuntimeChooser([rt = std::shared_ptr<Runtime>(std::move(runtime))](QString *error) -> std::unique_ptr<Runtime> {
                     if (!rt) {
                         *error = QStringLiteral("no runtime");
                         return nullptr;
                     }
                     // The session owns one runtime; hand out a non-owning view of it.
                     struct View final : Runtime
                     {
                         std::shared_ptr<Runtime> r;
                         QString name() const override { return r->name(); }
                         bool isAvailable(QString *why) const override { return r->isAvailable(why); }
                         LaunchPlan plan(const RunSpec &spec) const override { return r->plan(spec); }
                         bool enforcesLimits() const override { return r->enforcesLimits(); }
                         int pidsLimit() const override { return r->pidsLimit(); }
                         double cpus() const override { return r->cpus(); }
                         void removeLeftovers() const override { r->removeLeftovers(); }
                     };
                     auto v = std::make_unique<View>();
                     v->r = rt;
                     return v;
                 }),
                 parent)
{
}

RunSession::RunSession(ToolRecord tool, QString dataPath, QString user, RunOptions options, RuntimeChooser chooser,
                       QObject *parent)
    : RunExecution(parent), m_tool(std::move(tool)), m_dataPath(std::move(dataPath)), m_user(std::move(user)),
      m_options(std::move(options)), m_chooser(std::move(chooser)), m_runDir(runDirectoryTemplate())
{
    // A sandbox leaves files Toolwright's own removal must open first (a directory of mode 000):
    // the destructor removes the run directory with removeRunTree.
    m_runDir.setAutoRemove(false);
    // Precise: a coarse timer may fire 5% early, and a limit the user set must not end a run
    // before it is reached (a 3 s hard limit ended runs at 2.94 s).
    for (QTimer *t : {&m_timeout, &m_hardLimit, &m_grace}) {
        t->setSingleShot(true);
        t->setTimerType(Qt::PreciseTimer);
    }
    connect(&m_timeout, &QTimer::timeout, this, [this] { stop(true); });
    connect(&m_hardLimit, &QTimer::timeout, this, [this] {
        m_hardLimitHit = true;
        stop(true);
    });
    connect(&m_grace, &QTimer::timeout, this, [this] { escalate(); });
    m_afterAnswer.setSingleShot(true);
    connect(&m_afterAnswer, &QTimer::timeout, this, [this] {
        if (m_process.state() == QProcess::NotRunning || m_done)
            return;
        m_timeout.stop();
        m_hardLimit.stop();
        m_killed = true;
        m_process.kill();
    });
    connect(&m_process, &QProcess::readyReadStandardOutput, this, [this] { read(QProcess::StandardOutput); });
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] { read(QProcess::StandardError); });
    connect(&m_process, &QProcess::finished, this, [this](int code) { onFinished(code); });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(QStringLiteral("the sandbox could not start (%1): %2").arg(m_process.program(), m_process.errorString()));
    });
    connect(&m_process, &QProcess::started, this, [this] {
        m_sandboxStarted = true;
        // The stage's child sent its write cap before it executed bwrap, or never will.
        if (m_capSockets) {
            m_capFd = UniqueFd(receiveCapDescriptor(m_capSockets->first.get()));
            m_writeCapped = m_capFd.valid();
            m_capSockets.reset();
        }
        sendRequestWhenReady();
        Q_EMIT sandboxStarted(m_runtimeName);
    });
    connect(&m_bundleWatcher, &QFutureWatcher<BundleResult>::finished, this, [this] { onBundled(m_bundleWatcher.result()); });
    connect(&m_prepareWatcher, &QFutureWatcher<Prepared>::finished, this, [this] {
        m_preparing = false;
        launch(m_prepareWatcher.result());
    });
    connect(&m_cleanup, &QProcess::finished, this, [this](int exitCode) {
        // A container still being torn down after its client was killed can refuse removal for
        // a moment ("improper state"): try again, a little later, twice. One that was never
        // created is not an error to retry.
        const QByteArray why = m_cleanup.readAllStandardError().toLower();
        if (exitCode != 0 && m_cleanupAttempts < 3 && !why.contains("no such container") && !why.contains("no container with")) {
            QTimer::singleShot(400 * m_cleanupAttempts, this, [this] {
                ++m_cleanupAttempts;
                m_cleanup.start(m_plan.cleanupProgram, m_plan.cleanupArguments);
            });
            return;
        }
        if (exitCode != 0 && !why.contains("no such container") && !why.contains("no container with")) {
            // Said, not hidden: the next Toolwright's sweep removes it by its label.
            m_pendingOutcome.message += (m_pendingOutcome.message.isEmpty() ? QString() : QStringLiteral("; "))
                + QStringLiteral("the container could not be removed: %1").arg(QString::fromUtf8(why.trimmed()).left(300));
        }
        m_cleaning = false;
        m_cleanedUp = true;
        settleChangesThenEmit();
    });
    connect(&m_oomProbe, &QProcess::finished, this, [this] {
        if (m_oomProbe.readAllStandardOutput().trimmed() == "true")
            markOutOfMemory();
        cleanUpThenEmit();
    });
    connect(&m_oomProbe, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            cleanUpThenEmit();
    });
    connect(&m_cleanup, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && m_cleaning) {
            m_cleaning = false;
            m_cleanedUp = true;
            settleChangesThenEmit();
        }
    });
    connect(&m_changesWatcher, &QFutureWatcher<SettledChanges>::finished, this, [this] {
        const SettledChanges settled = m_changesWatcher.result();
        m_pendingOutcome.changes = settled.changes;
        m_pendingOutcome.changesReviewed = true;
        m_pendingOutcome.changesKept = settled.kept;
        m_pendingOutcome.changesError = settled.error;
        m_pendingOutcome.changesPending = m_changesPending =
            m_options.changes == RunChangesPolicy::Ask && !settled.changes.isEmpty() && settled.changes.error.isEmpty();
        if (settled.capReached) {
            // Its own end state, whatever the tool answered: what it wrote past the cap failed.
            m_pendingOutcome.state = RunState::WriteLimit;
            m_pendingOutcome.message = QStringLiteral("the run reached its write cap (%1 MB, %2 files in its data root): "
                                                      "what it wrote past it failed with ENOSPC")
                                           .arg(m_options.writeCapMb)
                                           .arg(m_options.writeCapFiles);
        }
        m_cleaning = false;
        Q_EMIT finished(m_pendingOutcome);
    });
    connect(&m_settleWatcher, &QFutureWatcher<QString>::finished, this, [this] {
        const QString error = m_settleWatcher.result();
        Q_EMIT changesSettled(m_settleKeep && error.isEmpty(), error);
    });
}

struct RunSession::EventWorker : QObject
{
    EventWorker(QByteArray nonce, QStringList secrets) : parser(std::move(nonce)), secrets(std::move(secrets)) {}
    RunEventParser parser;
    QStringList secrets;

    // Masks the secrets and precomputes what views and history need; on the parser thread.
    QList<RunEvent> complete(QList<RunEvent> events) const
    {
        for (RunEvent &e : events) {
            e = maskEvent(std::move(e), secrets);
            if (e.kind == RunEvent::Kind::Update || e.kind == RunEvent::Kind::Result) {
                e.contentString = contentText(e.content);
                e.contentBytes = QJsonDocument(e.content).toJson(QJsonDocument::Compact).size();
            }
            if (e.kind != RunEvent::Kind::Log)
                e.compactJson = QString::fromUtf8(QJsonDocument(e.json).toJson(QJsonDocument::Compact));
        }
        return events;
    }
};

RunSession::~RunSession()
{
    m_done = true;
    if (m_parserThread) {
        m_parserThread->quit();
        m_parserThread->wait();
    }
    m_prepareWatcher.waitForFinished();
    m_bundleWatcher.waitForFinished();
    m_changesWatcher.waitForFinished();
    m_settleWatcher.waitForFinished();
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    if (m_cleanup.state() != QProcess::NotRunning)
        m_cleanup.waitForFinished(10000);
    // A container is removed before its run is reported finished. Destroyed before that (still
    // running, its last output being parsed, the out-of-memory question or a removal retry
    // pending), the session removes it here; quietly: podman names what it removed on stdout,
    // which is the CLI's JSON.
    if (m_sandboxStarted && !m_cleanedUp && !m_plan.cleanupProgram.isEmpty()) {
        QProcess remove;
        remove.start(m_plan.cleanupProgram, m_plan.cleanupArguments);
        remove.waitForFinished(60000);
    }
    // The run directory (the run's unkept changes with it); a bwrap sandbox is gone by now.
    m_plan.stage.unmountOnHost();
    if (m_runDir.isValid())
        removeRunTree(m_runDir.path());
}

void RunSession::setInputs(const RunInputs &inputs)
{
    setInputs(inputs.params, inputs.env, inputs.secretValues);
}

void RunSession::setInputs(const QJsonObject &params, const QProcessEnvironment &extraEnv, const QStringList &secretValues)
{
    Q_ASSERT(!m_preparing && m_process.state() == QProcess::NotRunning);
    m_options.params = params;
    m_options.extraEnv = extraEnv;
    for (const QString &v : secretValues)
        if (!m_options.secretValues.contains(v))
            m_options.secretValues << v;
}

QByteArray RunSession::maskedRequestLine() const
{
    QJsonDocument doc = QJsonDocument::fromJson(m_request);
    if (!doc.isObject())
        return {};
    QJsonObject request = doc.object();
    request.remove(QStringLiteral("nonce")); // only the harness may know it
    return maskSecrets(QString::fromUtf8(QJsonDocument(maskValue(request, m_options.secretValues).toObject())
                                             .toJson(QJsonDocument::Compact)),
                       m_options.secretValues)
        .toUtf8();
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
    o.message = maskSecrets(message, m_options.secretValues);
    o.durationMs = elapsedMs();
    fillLimits(o);
    Q_EMIT finished(o);
}

RunSession::Prepared RunSession::prepare() const
{
    // Runs on a worker thread: only copies of the session's data and the private run dir.
    Prepared p;
    QString error;
    std::unique_ptr<Runtime> runtime = m_chooser ? m_chooser(&error) : nullptr;
    if (!runtime) {
        p.error = error.isEmpty() ? QStringLiteral("no runtime") : error;
        return p;
    }
    p.runtimeName = runtime->name();
    // What killed Toolwrights left behind: once per process and runtime.
    {
        static std::mutex mutex;
        static QStringList swept;
        const std::lock_guard lock(mutex);
        if (swept.isEmpty())
            removeStaleRunDirectories();
        if (!swept.contains(p.runtimeName)) {
            swept.append(p.runtimeName);
            runtime->removeLeftovers();
        }
    }
    if (!m_runDir.isValid()) {
        p.error = QStringLiteral("cannot create a private run directory");
        return p;
    }
    const SandboxIdentity &identity = sandboxIdentity();
    if (!identity.ok()) {
        p.error = identity.error;
        return p;
    }
    if (const QString error = prepareRunDirectory(m_runDir.path(), identity, m_options.writeCapMb, m_options.writeCapFiles,
                                                  &p.writeCapped);
        !error.isEmpty()) {
        p.error = error;
        return p;
    }
    // The harness and the modules beside it (the tool's own process, what both import).
    const QDir runner(sharedDataDir() + QStringLiteral("/resources/runner"));
    if (!runner.exists(kRunDirHarness)) {
        p.error = QStringLiteral("the runner harness is missing (%1)").arg(runner.filePath(kRunDirHarness));
        return p;
    }
    const QDir files(m_runDir.filePath(kRunFilesDir));
    for (const QString &name : runner.entryList({QStringLiteral("*.mjs")}, QDir::Files)) {
        if (!QFile::copy(runner.filePath(name), files.filePath(name))) {
            p.error = QStringLiteral("cannot copy the runner's %1 into the run directory").arg(runner.filePath(name));
            return p;
        }
    }
    p.layout = sandboxLayout({m_dataPath, m_user, m_runDir.path(), m_options.emailDb}, m_tool, m_options.extraEnv);
    if (!p.layout.ok()) {
        p.error = p.layout.error;
        return p;
    }
    p.nonce = QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0')
        + QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0');
    RunSpec spec;
    spec.layout = p.layout;
    // Names the tool can see (podman writes the container's into /etc/hosts): never from the nonce.
    const QString runId = QString::number(QRandomGenerator::system()->generate64(), 36);
    spec.containerName = QStringLiteral("toolwright-") + runId;
    spec.network = m_options.network;
    spec.memoryMb = m_options.memoryMb;
    spec.owner = runOwnerToken();
    p.plan = runtime->plan(spec);
    if (!p.plan.error.isEmpty()) {
        p.error = p.plan.error;
        return p;
    }
    // Not root: the cap's tmpfs is mounted by the stage's child in its own namespace, which
    // hands it over (sandboxstage.h).
    if (p.plan.stage.active && !p.plan.stage.asRoot && m_options.writeCapMb > 0 && m_options.writeCapFiles > 0) {
        int pair[2];
        if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0) {
            p.capSockets = std::make_shared<std::pair<UniqueFd, UniqueFd>>(UniqueFd(pair[0]), UniqueFd(pair[1]));
            p.plan.stage.capSocket = pair[1];
            p.plan.stage.capOptions = writeCapOptions(m_options.writeCapMb, m_options.writeCapFiles);
        }
    }
    if (const QString error = p.plan.stage.makeMountPoints(); !error.isEmpty()) {
        p.error = error;
        return p;
    }
    // Rootful podman's data root overlay, mounted on the host (unmounted when the run ends; the
    // destructor and the next Toolwright's sweep unmount it too).
    if (const QString error = p.plan.stage.mountOnHost(); !error.isEmpty()) {
        p.error = error;
        return p;
    }
    p.pidsLimit = runtime->pidsLimit();
    if (runtime->enforcesLimits()) {
        p.limitsEnforcedBy = p.runtimeName;
        p.cpus = runtime->cpus();
    } else {
        p.cgroup = RunCgroup::create(runId, m_options.memoryMb, p.pidsLimit, &p.limitsNotEnforced);
        if (p.cgroup) {
            p.limitsEnforcedBy = p.cgroup->mechanism();
            // One CPU by default, like a container's --cpus; said, not implied, where it cannot be.
            p.cpus = p.cgroup->limitCpu(runtime->cpus()) ? runtime->cpus() : 0;
        }
    }
    return p;
}

void RunSession::start()
{
    if (m_preparing || m_clock.isValid())
        return;
    m_clock.start();
    m_preparing = true;
    m_prepareWatcher.setFuture(QtConcurrent::run([this] { return prepare(); }));
}

void RunSession::launch(const Prepared &prepared)
{
    if (m_done)
        return;
    m_runtimeName = prepared.runtimeName;
    if (m_cancelled) {
        m_done = true;
        RunOutcome o;
        o.state = RunState::Cancelled;
        o.message = QStringLiteral("cancelled before the sandbox started");
        o.durationMs = elapsedMs();
        fillLimits(o);
        Q_EMIT finished(o);
        return;
    }
    if (!prepared.error.isEmpty())
        return fail(prepared.error);
    m_plan = prepared.plan;
    m_layout = prepared.layout;
    m_cgroup = prepared.cgroup;
    m_pidsLimit = prepared.pidsLimit;
    m_limitsEnforcedBy = prepared.limitsEnforcedBy;
    m_limitsNotEnforced = prepared.limitsNotEnforced;
    m_cpus = prepared.cpus;
    m_writeCapped = prepared.writeCapped;
    m_capSockets = prepared.capSockets;
    // Between fork and exec: no descriptor of Toolwright's reaches the sandbox (say the
    // --passphrase-fd the CLI was given), and the sandbox starts inside its cgroup, or not at all.
    // bubblewrap's stage then mounts the data root's overlay and the sources, and becomes the
    // sandbox identity (sandboxstage.h): bwrap never starts as root.
    m_process.setChildProcessModifier([cgroup = m_cgroup, stage = m_plan.stage] {
        closeInheritedDescriptorsOnExec();
        if (cgroup && !cgroup->enterFromChild())
            ::_exit(126);
        if (!stage.enter())
            ::_exit(126);
    });
    m_worker = std::make_unique<EventWorker>(prepared.nonce, m_options.secretValues);
    m_parserThread = new QThread(this);
    m_parserThread->setObjectName(QStringLiteral("run-events"));
    m_worker->moveToThread(m_parserThread);
    m_parserThread->start();
    m_request = QJsonDocument(QJsonObject{{QStringLiteral("toolCallId"), m_options.toolCallId},
                                          {QStringLiteral("entry"), m_layout.bundledEntry},
                                          {QStringLiteral("params"), m_options.params},
                                          // DESIGN.md: the framing nonce travels on stdin only, never in
                                          // the environment, where the tool could read it.
                                          {QStringLiteral("nonce"), QString::fromLatin1(prepared.nonce)}})
                    .toJson(QJsonDocument::Compact);
    m_process.setProgram(m_plan.program);
    m_process.setArguments(m_plan.arguments);
    m_process.setProcessEnvironment(m_plan.environment);
    qCDebug(lcRun) << "starting" << m_tool.manifest.name << "with" << m_runtimeName;
    m_timeout.start(m_options.timeoutMs);
    m_hardLimit.start(std::max(m_options.hardLimitMs, m_options.timeoutMs));
    // The bundle is made while the sandbox starts: esbuild in its own sandbox on one core, the
    // sandbox and the harness's Node on the other. The harness waits for its request line.
    m_bundleWatcher.setFuture(QtConcurrent::run([entry = m_tool.entryPath(), dir = m_layout.filesDir(), inSandbox = m_layout.toolEntry] {
        return bundleEntry(entry, dir, inSandbox);
    }));
    m_process.start();
}

void RunSession::onBundled(const BundleResult &bundle)
{
    if (m_done)
        return;
    if (bundle.ok()) {
        m_bundled = true;
        sendRequestWhenReady();
        return;
    }
    // No tool code has run: the harness is still waiting for its request. The sandbox is ended
    // (a container removed) before the run is reported, failed with esbuild's file and line.
    m_bundleError = maskSecrets(formatDiagnostic(bundle.diagnostic), m_options.secretValues);
    if (m_process.state() == QProcess::NotRunning)
        return fail(m_bundleError);
    m_timeout.stop();
    m_hardLimit.stop();
    m_killed = true;
    m_process.kill();
}

void RunSession::sendRequestWhenReady()
{
    if (m_requestSent || !m_bundled || !m_sandboxStarted || m_done || m_cancelled || m_timedOut)
        return; // (a bundle that failed is never m_bundled)
    m_requestSent = true;
    m_process.write(m_request + '\n'); // stdin stays open for a cancel line
    Q_EMIT requestSent();
}

QStringList RunSession::maskedEnvironment() const
{
    QStringList lines;
    QStringList names = m_layout.environment.keys();
    std::sort(names.begin(), names.end());
    for (const QString &name : std::as_const(names))
        lines << name + u'=' + maskSecrets(m_layout.environment.value(name), m_options.secretValues);
    return lines;
}

QStringList RunSession::launchCommand() const
{
    if (m_plan.program.isEmpty())
        return {};
    return QStringList{m_plan.program} + m_plan.arguments;
}

RunEvent maskEvent(RunEvent e, const QStringList &s)
{
    if (s.isEmpty())
        return e;
    e.text = maskSecrets(e.text, s);
    e.message = maskSecrets(e.message, s);
    e.stack = maskSecrets(e.stack, s);
    e.content = maskValue(e.content, s).toArray();
    e.json = maskValue(e.json, s).toObject();
    return e;
}

void RunSession::read(QProcess::ProcessChannel channel)
{
    if (!m_worker)
        return;
    m_process.setReadChannel(channel);
    const QByteArray bytes = m_process.readAll();
    if (bytes.isEmpty())
        return;
    const auto stream = channel == QProcess::StandardOutput ? RunEvent::Stream::Stdout : RunEvent::Stream::Stderr;
    EventWorker *worker = m_worker.get();
    QMetaObject::invokeMethod(worker, [this, worker, bytes, stream] {
        QList<RunEvent> events = worker->complete(worker->parser.feed(bytes, stream));
        if (!events.isEmpty())
            QMetaObject::invokeMethod(this, [this, events = std::move(events)] { deliver(events); }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void RunSession::deliver(const QList<RunEvent> &events)
{
    for (const RunEvent &e : events) {
        if (e.kind == RunEvent::Kind::Update && m_options.updateResetsTimeout && !m_cancelled && !m_timedOut && !m_draining)
            m_timeout.start(m_options.timeoutMs);
        if ((e.kind == RunEvent::Kind::Result || e.kind == RunEvent::Kind::Error) && !m_haveOutcome) {
            m_haveOutcome = true;
            // The harness ends the sandbox right after its answer; a sandbox that lingers (a tool
            // keeping PID 1 from noticing) is killed, and the answer stands.
            if (!m_draining)
                m_afterAnswer.start(kAnswerGraceMs);
            m_outcome.state = e.kind == RunEvent::Kind::Error ? RunState::Error
                              : e.isError                      ? RunState::ToolError
                                                               : RunState::Result;
            m_outcome.content = e.content;
            m_outcome.text = e.contentString;
            m_outcome.contentBytes = e.contentBytes;
            m_outcome.message = e.message;
            m_harnessSawOom = e.kind == RunEvent::Kind::Error && e.json.value(QStringLiteral("oom")).toBool();
        }
        if (e.kind == RunEvent::Kind::Log && e.stream == RunEvent::Stream::Stderr && m_stageError.isEmpty()
            && e.text.startsWith(QLatin1StringView(kStageErrorPrefix)))
            m_stageError = e.text;
        Q_EMIT eventReceived(e);
        if (m_done)
            return; // a receiver ended the session
    }
}

void RunSession::cancel()
{
    if (m_preparing) {
        m_cancelled = true; // the sandbox will not be started
        return;
    }
    stop(false);
}

void RunSession::stop(bool timedOut)
{
    if (m_done || m_process.state() == QProcess::NotRunning || m_cancelled || m_timedOut)
        return;
    (timedOut ? m_timedOut : m_cancelled) = true;
    m_timeout.stop();
    m_hardLimit.stop();
    if (!m_requestSent) {
        // The harness has no request yet (the bundle is still being made): no tool code runs,
        // so there is nothing to abort gracefully — the sandbox is ended at once.
        m_killed = true;
        m_process.kill();
        return;
    }
    // DESIGN.md: the cancel line first (the harness aborts the tool's signal)…
    m_process.write(QByteArrayLiteral("{\"type\":\"cancel\"}\n"));
    m_grace.start(m_options.graceMs);
}

void RunSession::escalate()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    if (!m_terminated) {
        // …then SIGTERM (a container client passes it on to the harness)…
        m_terminated = true;
        m_process.terminate();
        m_grace.start(m_options.graceMs);
        return;
    }
    // …then the sandbox is killed, and everything in it.
    m_killed = true;
    m_process.kill();
}

void RunSession::fillLimits(RunOutcome &o) const
{
    o.network = m_options.network;
    o.memoryMb = m_options.memoryMb;
    o.pidsLimit = m_pidsLimit;
    o.cpus = m_cpus;
    o.writeCapMb = m_writeCapped ? m_options.writeCapMb : 0;
    o.writeCapFiles = m_writeCapped ? m_options.writeCapFiles : 0;
    o.changesPolicy = m_options.changes;
    o.limitsEnforcedBy = m_limitsEnforcedBy;
    o.limitsNotEnforced = !m_limitsEnforcedBy.isEmpty() ? QString()
        : m_limitsNotEnforced.isEmpty()                ? QStringLiteral("the sandbox did not start")
                                                        : m_limitsNotEnforced;
}

void RunSession::emitFinished(const RunOutcome &outcome)
{
    m_pendingOutcome = outcome;
    fillLimits(m_pendingOutcome);
    const bool byUs = m_killed || m_terminated || m_cancelled || m_timedOut;
    const bool answered = outcome.state == RunState::Result || outcome.state == RunState::ToolError;
    if (m_cgroup) {
        // bubblewrap: the run's own cgroup says whether the OOM killer struck.
        if (!byUs && !answered && m_cgroup->outOfMemory())
            markOutOfMemory();
        m_process.setChildProcessModifier({}); // it holds the cgroup too
        m_cgroup.reset(); // kills what is left in it and removes it
    }
    if (!byUs && !answered && m_harnessSawOom && !m_plan.oomProbeProgram.isEmpty()) {
        // In a container the OOM killer takes the tool's process (the biggest), which the engine
        // does not flag; the harness read the container's memory cgroup (a frame the tool cannot
        // forge: the nonce is out of its reach).
        markOutOfMemory();
    } else if (!byUs && !answered && !m_plan.oomProbeProgram.isEmpty()) {
        // A container that ended without an answer: ask the engine whether it ran out of memory.
        m_cleaning = true;
        m_oomProbe.start(m_plan.oomProbeProgram, m_plan.oomProbeArguments);
        return;
    }
    cleanUpThenEmit();
}

void RunSession::markOutOfMemory()
{
    m_pendingOutcome.state = RunState::OutOfMemory;
    m_pendingOutcome.message = QStringLiteral("out of memory (limit %1 MB)").arg(m_options.memoryMb);
}

void RunSession::cleanUpThenEmit()
{
    // A container can outlive its killed client, and one run without --rm stays until removed:
    // remove it before anyone is told the run ended.
    if ((m_plan.cleanupAlways || m_killed || m_terminated) && !m_plan.cleanupProgram.isEmpty()) {
        m_cleaning = true;
        m_cleanupAttempts = 1;
        m_cleanup.start(m_plan.cleanupProgram, m_plan.cleanupArguments);
        return;
    }
    m_cleaning = false;
    m_cleanedUp = true;
    settleChangesThenEmit();
}

QString RunSession::upperDir() const
{
    return m_capFd.valid() ? QStringLiteral("/proc/self/fd/%1/upper").arg(m_capFd.get()) : m_layout.upperDir();
}

void RunSession::settleChanges(bool keep)
{
    if (!m_changesPending || m_settleWatcher.isRunning())
        return;
    m_changesPending = false;
    m_settleKeep = keep;
    const SandboxIdentity identity = sandboxIdentity();
    m_settleWatcher.setFuture(QtConcurrent::run([upper = upperDir(), root = m_layout.userRoot, identity, keep,
                                                 reviewed = m_pendingOutcome.changes] {
        QString error;
        if (keep)
            error = keepRunChanges(upper, root, identity.dropsPrivileges, identity.uid, identity.gid, reviewed);
        removeRunTree(upper); // kept or not, the held copy goes now
        return error;
    }));
}

void RunSession::settleChangesThenEmit()
{
    // Reviewed only where the run wrote through an overlay: bubblewrap and podman, with a data
    // root, once the sandbox ran (docker writes the data root itself).
    if (m_layout.userRoot.isEmpty() || !m_sandboxStarted || m_runtimeName == u"docker") {
        Q_EMIT finished(m_pendingOutcome);
        return;
    }
    m_cleaning = true;
    m_plan.stage.unmountOnHost(); // the container is gone: nothing writes the upper directory now
    const SandboxIdentity identity = sandboxIdentity();
    m_changesWatcher.setFuture(QtConcurrent::run([upper = upperDir(), root = m_layout.userRoot, identity,
                                                  keep = m_options.changes == RunChangesPolicy::Keep, capped = m_writeCapped,
                                                  capBytes = qint64(m_options.writeCapMb) << 20, capFiles = m_options.writeCapFiles] {
        SettledChanges settled;
        settled.capReached = capped && writeCapReached(QFileInfo(upper).path());
        settled.changes = reviewRunChanges(upper, root, capBytes, capFiles);
        if (keep && settled.changes.error.isEmpty() && !settled.changes.isEmpty()) {
            settled.error = keepRunChanges(upper, root, identity.dropsPrivileges, identity.uid, identity.gid, settled.changes);
            settled.kept = settled.error.isEmpty();
        }
        return settled;
    }));
}

void RunSession::onFinished(int exitCode)
{
    if (m_done || m_draining)
        return;
    read(QProcess::StandardOutput);
    read(QProcess::StandardError);
    m_exitElapsedMs = elapsedMs();
    m_afterAnswer.stop();
    m_timeout.stop();
    m_hardLimit.stop();
    m_grace.stop();
    if (!m_worker)
        return conclude(exitCode);
    // The last output is still on its way through the parser thread: conclude after it.
    m_draining = true;
    EventWorker *worker = m_worker.get();
    QMetaObject::invokeMethod(worker, [this, worker, exitCode] {
        QList<RunEvent> events = worker->complete(worker->parser.finish());
        QMetaObject::invokeMethod(this, [this, events = std::move(events), exitCode] {
            deliver(events);
            m_draining = false;
            conclude(exitCode);
        }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void RunSession::conclude(int exitCode)
{
    if (m_done)
        return;
    m_done = true;
    if (m_parserThread)
        m_parserThread->quit(); // its work is done; the destructor joins it
    RunOutcome o = m_outcome;
    const QString timeoutMessage =
        m_hardLimitHit ? QStringLiteral("the tool reached the hard limit of %1 s").arg(std::max(m_options.hardLimitMs, m_options.timeoutMs) / 1000.0)
        : m_options.updateResetsTimeout ? QStringLiteral("the tool sent no update for %1 s").arg(m_options.timeoutMs / 1000.0)
                                        : QStringLiteral("the tool did not finish within %1 s").arg(m_options.timeoutMs / 1000.0);
    if (m_timedOut) {
        o.state = RunState::Timeout; // even if the tool answered the abort: the time was up
        o.message = timeoutMessage;
    } else if (m_cancelled) {
        o.state = RunState::Cancelled;
        if (!m_haveOutcome)
            o.message = m_requestSent ? QStringLiteral("cancelled") : QStringLiteral("cancelled before the tool started");
    } else if (!m_bundleError.isEmpty()) {
        o.state = RunState::Failed;
        o.message = m_bundleError;
    } else if (!m_haveOutcome) {
        o.state = RunState::Failed;
        o.message = QStringLiteral("the sandbox exited with code %1 before the tool answered").arg(exitCode);
        // The child's own words when it could not set the sandbox up (sandboxstage.h; exit 126
        // before anything of the tool's could run).
        if (exitCode == 126 && !m_stageError.isEmpty())
            o.message = m_stageError.mid(int(qstrlen("toolwright: ")));
    }
    o.exitCode = exitCode;
    o.durationMs = m_exitElapsedMs;
    emitFinished(o);
}

} // namespace tw::engine
