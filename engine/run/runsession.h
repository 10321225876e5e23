#pragma once
// One tool call in a sandbox: bundles the entry, starts the runtime's sandbox with the harness,
// sends the request, turns the output into events, and ends it — by its result, a timeout, or
// a cancel (the cancel line, then a kill after a grace period; bwrap takes the sandbox with it).
//
// One class of some 630 lines on purpose: it is one state machine over one sandbox process.
// The timers (timeout, hard limit, grace, after-answer), the flags (cancelled, timed out,
// killed, draining, cleaning) and the three processes (sandbox, OOM probe, container removal)
// decide together which outcome a run has and when it is reported; split in two, each half
// would need the other's state. What does not need that state lives outside: the sandbox's
// paths and environment (SandboxLayout), the command lines (Runtime), the frame parser
// (RunEventParser), the limits (RunCgroup), the bundling (bundleEntry), the settings, inputs
// and history (RunLauncher).

#include "run/entrybundler.h"
#include "run/runchanges.h"
#include "run/runeventparser.h"
#include "run/runexecution.h"
#include "run/runtime.h"
#include "toolmd/toolrecord.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <functional>
#include <memory>

namespace tw::engine {

class RunCgroup;

// What becomes of what a run wrote in its user's data root (runchanges.h): applied to the data
// root when the run ends, thrown away with the run directory, or held until the user says
// (settleChanges; the GUI's Changes tab). Where no one can be asked (the CLI, a server), Ask
// is Discard.
enum class RunChangesPolicy { Keep, Discard, Ask };
QString runChangesPolicyName(RunChangesPolicy policy);

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
    // What one run may write in its data root (sandboxstage.h prepareRunDirectory): a run that
    // reaches it ends as WriteLimit. Enforced where Toolwright runs as root (a tmpfs of that size
    // under the overlay); elsewhere the outcome says it was not.
    int writeCapMb = 512;
    int writeCapFiles = 20000;
    QString emailDb;
    QProcessEnvironment extraEnv;     // integration variables and secrets: environment only
    QStringList secretValues;         // masked in every event before anyone sees it
    RunChangesPolicy changes = RunChangesPolicy::Keep;
};

enum class RunState { Result, ToolError, Error, Timeout, Cancelled, Failed, OutOfMemory, WriteLimit };
QString runStateName(RunState state);

struct RunOutcome
{
    RunState state = RunState::Failed;
    QString message;       // for Error, Timeout, Failed
    QJsonArray content;    // the result's content
    QString text;          // contentText(content), computed off the GUI thread
    qsizetype contentBytes = -1; // content as compact JSON (-1: not known)
    qint64 durationMs = 0;
    int exitCode = -1;     // of the sandbox process
    // What the run really had (from Toolwright, never from the tool's events): network, and
    // the memory and process limits with what enforced them, or why nothing did.
    bool network = false;
    int memoryMb = 0;
    int pidsLimit = 0;
    double cpus = 0;             // the CPU limit (0: none could be set)
    int writeCapMb = 0;          // the write cap (0: not enforced)
    int writeCapFiles = 0;
    QString limitsEnforcedBy;    // "cgroup v1", "cgroup v2", "podman", "docker"; empty: not enforced
    QString limitsNotEnforced;   // why not, when not
    // What the run wrote in its data root (reviewed after the sandbox ended), and whether it was
    // applied to the data root (the policy said keep, and nothing failed). `changesReviewed` is
    // false when nothing could be reviewed: no data root, a sandbox that never started, or
    // docker, which writes the data root itself.
    RunChanges changes;
    bool changesReviewed = false;
    bool changesKept = false;
    bool changesPending = false; // Ask: reviewed, held until RunSession::settleChanges
    RunChangesPolicy changesPolicy = RunChangesPolicy::Keep; // the run's policy
    QString changesError; // why keeping failed part-way (what was applied stays)
};

// The changes of an exit event: {"policy","reviewed","kept","pending","bytes","files","autoload","items":[{"kind","path",…}]}.
QJsonObject changesJson(const RunOutcome &outcome);
std::optional<RunChangesPolicy> runChangesPolicyFromName(const QString &name);

// "memory 512 MB, 256 processes (cgroup v1) · no network", or what was not enforced and why.
QString describeLimits(const RunOutcome &outcome);
// The limits for an exit event: {"memory_mb","pids","enforced_by"} or {"enforced":false,"why"}.
QJsonObject limitsJson(const RunOutcome &outcome);

// The outcome's content as text: precomputed by the session when it came from a result event.
inline QString outcomeText(const RunOutcome &o) { return o.contentBytes >= 0 ? o.text : contentText(o.content); }

// An event with every occurrence of the secrets masked (text, message, stack, content, json).
RunEvent maskEvent(RunEvent event, const QStringList &secrets);

// Picks the runtime; called on a worker thread (availability probes start processes).
using RuntimeChooser = std::function<std::unique_ptr<Runtime>(QString *error)>;

class RunSession final : public RunExecution
{
    Q_OBJECT
public:
    RunSession(ToolRecord tool, QString dataPath, QString user, RunOptions options, std::unique_ptr<Runtime> runtime,
               QObject *parent = nullptr);
    RunSession(ToolRecord tool, QString dataPath, QString user, RunOptions options, RuntimeChooser chooser,
               QObject *parent = nullptr);
    ~RunSession() override;

    // Prepares off the calling thread (harness copy, esbuild, runtime probe), then starts the
    // sandbox; returns at once. Everything after arrives as signals on this object's thread.
    void start() override;
    void cancel() override;
    // Before start(): the params and integration environment once the keychain has completed
    // them (DESIGN.md "Running a tool" step 1), and the secret values to mask.
    void setInputs(const QJsonObject &params, const QProcessEnvironment &extraEnv, const QStringList &secretValues);
    void setInputs(const RunInputs &inputs) override;
    bool isRunning() const override { return m_preparing || m_process.state() != QProcess::NotRunning || m_draining || m_cleaning; }
    // The session's own limits, filled in every outcome (see RunOutcome).
    void fillLimits(RunOutcome &outcome) const;
    qint64 elapsedMs() const override { return m_clock.isValid() ? m_clock.elapsed() : 0; }
    QString runtimeName() const override { return m_runtimeName; }
    // The request line sent on stdin, with sensitive values masked (for a raw view).
    QByteArray maskedRequestLine() const override;
    const RunOptions &options() const { return m_options; }
    const ToolRecord &tool() const override { return m_tool; }
    // Once the sandbox started: the tool's environment as NAME=value lines in name order, the
    // secret values masked and the runner's nonce left out (for an environment view).
    QStringList maskedEnvironment() const override;
    // Once the sandbox started: the program and arguments that started it (never a secret).
    QStringList launchCommand() const override;
    // After `finished` with changesPending: applies (keep) or drops the held changes, off the
    // GUI thread, then changesSettled. Destroyed before that, the session drops them.
    void settleChanges(bool keep);
    bool changesPending() const { return m_changesPending; }

Q_SIGNALS:
    // The request line went to the harness: the bundle is made and the sandbox runs (tests).
    void requestSent();
    // settleChanges is done: `kept` when the changes are in the data root; `error` when keeping
    // failed part-way (what was applied stays).
    void changesSettled(bool kept, const QString &error);

private:
    struct Prepared
    {
        QString error;
        QString runtimeName;
        LaunchPlan plan;
        SandboxLayout layout; // what the sandbox holds; its environment is what the tool sees, without the nonce
        QByteArray nonce;
        std::shared_ptr<RunCgroup> cgroup; // bubblewrap's limits; null for containers or when unavailable
        int pidsLimit = 0;
        double cpus = 0;
        bool writeCapped = false; // the run directory's changes/ is a tmpfs of the cap's size
        // Not root: the socket pair the stage's child sends its write cap's tmpfs through.
        std::shared_ptr<std::pair<UniqueFd, UniqueFd>> capSockets;
        QString limitsEnforcedBy, limitsNotEnforced; // as in RunOutcome
    };
    Prepared prepare() const;
    void launch(const Prepared &prepared);
    void onBundled(const BundleResult &bundle);
    void sendRequestWhenReady();
    void fail(const QString &message);
    void read(QProcess::ProcessChannel channel);
    void stop(bool timedOut);
    void escalate();
    void onFinished(int exitCode);
    void deliver(const QList<RunEvent> &events);
    void conclude(int exitCode);
    void emitFinished(const RunOutcome &outcome);
    void cleanUpThenEmit();
    // After the sandbox and its container are gone: the data root's changes reviewed, then kept
    // or discarded as the options say (off the GUI thread), then `finished`.
    void settleChangesThenEmit();
    void markOutOfMemory();

    ToolRecord m_tool;
    QString m_dataPath, m_user;
    RunOptions m_options;
    RuntimeChooser m_chooser;
    QString m_runtimeName;
    LaunchPlan m_plan;
    SandboxLayout m_layout;
    QFutureWatcher<Prepared> m_prepareWatcher;
    // The entry is bundled while the sandbox starts (both take tens of milliseconds, and the
    // harness needs the bundle only once its request line arrives): the request is written
    // when both are done; a bundle that fails ends the sandbox before any tool code ran.
    QFutureWatcher<BundleResult> m_bundleWatcher;
    struct SettledChanges
    {
        RunChanges changes;
        bool kept = false;
        bool capReached = false; // the run filled its write cap
        QString error;
    };
    QFutureWatcher<SettledChanges> m_changesWatcher;
    QFutureWatcher<QString> m_settleWatcher;
    bool m_changesPending = false;
    bool m_settleKeep = false;
    bool m_bundled = false;
    bool m_requestSent = false;
    QString m_bundleError;
    QProcess m_process;
    QProcess m_cleanup;
    QProcess m_oomProbe;
    QTemporaryDir m_runDir;
    std::shared_ptr<RunCgroup> m_cgroup;
    int m_pidsLimit = 0;
    double m_cpus = 0;
    bool m_writeCapped = false;
    std::shared_ptr<std::pair<UniqueFd, UniqueFd>> m_capSockets; // until the child sent (or not) its cap
    UniqueFd m_capFd; // not root: the write cap's tmpfs (changes/), held to review and keep from it
    QString upperDir() const; // the overlay's upper directory, wherever it is
    QString m_limitsEnforcedBy, m_limitsNotEnforced;
    // The output is parsed on a thread of its own: a 20 MB result frame takes a JSON parse and
    // a re-serialisation that must not stall the GUI. Events come back in order, queued.
    struct EventWorker;
    QThread *m_parserThread = nullptr;
    std::unique_ptr<EventWorker> m_worker;
    QTimer m_timeout, m_hardLimit, m_grace, m_afterAnswer;
    static constexpr int kAnswerGraceMs = 3000;
    QElapsedTimer m_clock;
    QByteArray m_request;
    RunOutcome m_outcome;
    bool m_haveOutcome = false;
    bool m_harnessSawOom = false;
    QString m_stageError; // the sandbox stage's line on stderr, when it could not set up // the harness counted an OOM kill in the container's cgroup
    bool m_cancelled = false;
    bool m_timedOut = false;
    bool m_done = false;
    bool m_preparing = false;
    bool m_cleaning = false;
    bool m_sandboxStarted = false;
    bool m_cleanedUp = false; // what outlives the sandbox (a container) is removed, or needs no removal
    int m_cleanupAttempts = 0;
    bool m_draining = false; // the process ended; its last output is still being parsed
    qint64 m_exitElapsedMs = 0;
    bool m_killed = false;
    bool m_terminated = false;
    bool m_hardLimitHit = false;
    RunOutcome m_pendingOutcome;
};

} // namespace tw::engine

Q_DECLARE_METATYPE(tw::engine::RunOutcome)
