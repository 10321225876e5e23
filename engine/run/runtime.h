#pragma once
// How a tool call is sandboxed: one class per engine behind this interface (DESIGN.md
// "Running a tool"). A runtime turns a RunSpec into a program, its argument list and its
// environment; secrets travel only in the environment, never in the arguments. What the sandbox
// holds is the spec's SandboxLayout: a runtime only translates it into its own syntax.

#include "run/sandboxlayout.h"
#include "run/sandboxstage.h"
#include "run/unixfd.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>

namespace tw::engine {

struct RunSpec
{
    SandboxLayout layout;   // what the sandbox holds and where (sandboxLayout()); its error refuses the run
    QString containerName;  // a unique name, so a container can be removed after a kill
    QString owner;          // runOwnerToken(): containers are labelled with it
    bool network = false;
    int memoryMb = 512;
};

// How the runtimes are set up on this machine (Settings → Runtime; QSettings group "runtime").
// Host quirks are settings, not code: e.g. a podman that needs explicit ulimits gets them in
// `podmanArgs`.
struct RuntimeConfig
{
    QString preferred = QStringLiteral("auto"); // auto | bwrap | podman | docker
    QString podmanBinary = QStringLiteral("podman");
    QString dockerBinary = QStringLiteral("docker");
    QString image = QStringLiteral("docker.io/library/node:22-slim");
    QStringList podmanArgs; // extra engine arguments, before the image (e.g. --ulimit, --runtime)
    QStringList dockerArgs;
    QStringList podmanGlobalArgs; // before `run` (e.g. --url, --connection)
    QStringList dockerGlobalArgs; // before `run` (e.g. --context, --host)
    double cpus = 1.0;
    int pidsLimit = 256;
    int writeCapMb = 512;     // what one run may write in its data root (RunOptions)
    int writeCapFiles = 20000;

    static RuntimeConfig load();   // from QSettings
    void save() const;
};

// bubblewrap's isolation without any mount or command: an unprivileged uid in a user namespace
// of its own, no capabilities, no further user namespaces, every namespace unshared, its own
// session, gone with its parent. For the tool's sandbox and for the bundler's.
QStringList bubblewrapIsolation();

// For a child process between fork and exec (async-signal-safe): every descriptor above 2 is
// closed when the sandbox's program starts, so nothing Toolwright holds — a --passphrase-fd,
// a file, a socket — is inherited by bwrap, esbuild or a container client, and so by a tool.
void closeInheritedDescriptorsOnExec() noexcept;

// A checker of a tool's files that must not read the host (bash -n, Python's compile()): the
// command wrapped in bubblewrap with the read-only system only (no home, no DATA_PATH, no
// network), as the sandbox identity (sandboxidentity.h: never root), its address space capped
// at `memoryMb`. Sets `process`'s program, arguments and child modifier; false (with `why`)
// when bubblewrap is missing or the identity cannot be had.
// `binds` adds directories the checker may read, bound read-only by path: bwrap looks each up
// as the sandbox identity, so each must be reachable by it (a private TMPDIR is not; see
// runDirectoryParent()).
struct CheckBind
{
    QString source; // on the host
    QString target; // where the checker sees it
};
bool sandboxCheckProcess(QProcess &process, const QString &program, const QStringList &arguments, int memoryMb,
                         QString *why, const QList<CheckBind> &binds = {});

// The label every container of a run carries: the runOwnerToken() of the Toolwright running it.
inline const QString kOwnerLabel = QStringLiteral("io.github.toolwright.owner");

struct LaunchPlan
{
    QString program;
    QStringList arguments;
    QProcessEnvironment environment;
    QString error; // why the runtime cannot run (empty when it can)
    // Run after the sandbox process was killed, to take down what outlived it (a container
    // keeps running when only its client dies). Empty when killing the process is enough.
    QString cleanupProgram;
    QStringList cleanupArguments;
    // Run after the sandbox process ended by itself with SIGKILL's exit code, to ask the engine
    // whether the kernel's OOM killer did it (prints "true"). Empty when not applicable.
    QString oomProbeProgram;
    QStringList oomProbeArguments;
    bool cleanupAlways = false; // the container is not removed by the engine itself (no --rm)
    // bubblewrap: what the child does before it executes bwrap (the data root's overlay, the
    // binds bwrap takes its sources from, the sandbox identity). Inactive for containers.
    SandboxStage stage;
    // bubblewrap: the seccomp filter's memory file (stage.seccompFd), open while the plan lives.
    std::shared_ptr<UniqueFd> seccomp;
};

class Runtime
{
public:
    virtual ~Runtime() = default;
    virtual QString name() const = 0;
    // Whether this runtime can run a tool now (may start a short probe process; call it off
    // the GUI thread). `why` gets the reason when it cannot.
    virtual bool isAvailable(QString *why = nullptr) const = 0;
    virtual LaunchPlan plan(const RunSpec &spec) const = 0;
    // Whether the runtime enforces memory and process limits itself (containers do); when
    // not, the session puts the sandbox into a cgroup of its own (RunCgroup).
    virtual bool enforcesLimits() const = 0;
    // The configured process limit.
    virtual int pidsLimit() const = 0;
    // The configured CPU limit (CPUs; RuntimeConfig::cpus).
    virtual double cpus() const = 0;
    // Removes what killed Toolwrights left behind (containers labelled with a dead owner).
    // May start processes: call it off the GUI thread. Once per process is enough.
    virtual void removeLeftovers() const {}
};

// bubblewrap (what Flatpak uses): host Node, read-only system dirs, private /tmp, the TOOLS.md
// mounts, every namespace unshared, an unprivileged uid in a user namespace with no
// capabilities and no further user namespaces, no host home. bwrap itself runs as the sandbox
// identity (never root: sandboxidentity.h) and binds only from the run directory's stage/,
// where the child put every host source and the data root's overlay (sandboxstage.h). No network: bubblewrap can only
// share the host's network namespace, which hands the tool every service on the host's
// loopback and its abstract sockets, so a run that asks for network is refused with the reason.
// Memory and process limits come from a cgroup the session makes (RunCgroup).
class BubblewrapRuntime final : public Runtime
{
public:
    explicit BubblewrapRuntime(RuntimeConfig config = {}) : m_config(std::move(config)) {}
    QString name() const override { return QStringLiteral("bwrap"); }
    bool isAvailable(QString *why = nullptr) const override;
    LaunchPlan plan(const RunSpec &spec) const override;
    bool enforcesLimits() const override { return false; }
    int pidsLimit() const override { return m_config.pidsLimit; }
    double cpus() const override { return m_config.cpus; }

private:
    RuntimeConfig m_config;
};

// podman and docker: one class, as their `run` command lines agree. `run -i`, the image from
// the config, no network unless allowed, read-only root, tmpfs /tmp, memory (no swap past it),
// pids and cpu limits, every capability dropped, no new privileges, the TOOLS.md mounts, no
// proxy variables and no engine defaults in the environment; secrets as `-e NAME` (the value
// only in the client's environment, which it passes on). The container is labelled with its
// owner and removed by the session (`rm -f -t 0`) after it was asked whether it ran out of
// memory; leftovers of a killed Toolwright are removed by the next one.
class ContainerRuntime final : public Runtime
{
public:
    enum class Engine { Podman, Docker };
    ContainerRuntime(Engine engine, RuntimeConfig config);
    QString name() const override;
    bool isAvailable(QString *why = nullptr) const override;
    LaunchPlan plan(const RunSpec &spec) const override;
    bool enforcesLimits() const override { return true; }
    int pidsLimit() const override { return m_config.pidsLimit; }
    double cpus() const override { return m_config.cpus; }
    void removeLeftovers() const override;

private:
    QString binary() const;
    QStringList globalArgs() const;
    Engine m_engine;
    RuntimeConfig m_config;
};

// The names makeRuntime takes, as a user chooses them (CLI --runtime, Settings, the Run view).
inline QStringList runtimeChoices()
{
    return {QStringLiteral("auto"), QStringLiteral("bwrap"), QStringLiteral("podman"), QStringLiteral("docker")};
}

// `auto` picks the first runtime that works, in the order podman, docker, bwrap (an engine
// without its image does not work). Probes processes: call it off the GUI thread.
std::unique_ptr<Runtime> makeRuntime(const QString &name, const RuntimeConfig &config, QString *error);
inline std::unique_ptr<Runtime> makeRuntime(const QString &name, QString *error)
{
    return makeRuntime(name, RuntimeConfig::load(), error);
}

} // namespace tw::engine
