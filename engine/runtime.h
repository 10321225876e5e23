#pragma once
// How a tool call is sandboxed: one class per engine behind this interface (DESIGN.md
// "Running a tool"). A runtime turns a RunSpec into a program, its argument list and its
// environment; secrets travel only in the environment, never in the arguments.

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>

namespace tw::engine {

struct RunSpec
{
    QString dataPath;
    QString user;           // the user whose data root and tools are mounted
    QString runDir;         // private dir with the harness and the bundled entry
    QString emailDb;        // host path of the email DB, mounted when set
    QString containerName;  // a unique name, so a container can be removed after a kill
    bool network = false;
    int memoryMb = 512;
    QProcessEnvironment env; // the tool's environment (TOOLS.md "Available Environment Variables")
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

    static RuntimeConfig load();   // from QSettings
    void save() const;
};

// The paths TOOLS.md gives the container filesystem.
inline const QString kSandboxGlobalTools = QStringLiteral("/officer/tools");
inline const QString kSandboxUserRoot = QStringLiteral("/officer/user");
inline const QString kSandboxUserTools = QStringLiteral("/officer/user/tools");
inline const QString kSandboxEmailDb = QStringLiteral("/officer/data/emails.db");
inline const QString kSandboxRunDir = QStringLiteral("/run/toolwright");

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
};

// bubblewrap (what Flatpak uses): host Node, read-only system dirs, private /tmp, the TOOLS.md
// mounts, every namespace unshared (network only when allowed), no host home.
class BubblewrapRuntime final : public Runtime
{
public:
    QString name() const override { return QStringLiteral("bwrap"); }
    bool isAvailable(QString *why = nullptr) const override;
    LaunchPlan plan(const RunSpec &spec) const override;
};

// podman and docker: one class, as their `run` command lines agree. `run --rm -i`, the image
// from the config, no network unless allowed, read-only root, tmpfs /tmp, memory/pids/cpu
// limits, every capability dropped, no new privileges, the TOOLS.md mounts; secrets as
// `-e NAME` (the value only in the client's environment, which it passes on).
class ContainerRuntime final : public Runtime
{
public:
    enum class Engine { Podman, Docker };
    ContainerRuntime(Engine engine, RuntimeConfig config);
    QString name() const override;
    bool isAvailable(QString *why = nullptr) const override;
    LaunchPlan plan(const RunSpec &spec) const override;

private:
    QString binary() const;
    QStringList globalArgs() const;
    Engine m_engine;
    RuntimeConfig m_config;
};

// `auto` picks the first runtime that works, in the order podman, docker, bwrap (an engine
// without its image does not work). Probes processes: call it off the GUI thread.
std::unique_ptr<Runtime> makeRuntime(const QString &name, const RuntimeConfig &config, QString *error);
inline std::unique_ptr<Runtime> makeRuntime(const QString &name, QString *error)
{
    return makeRuntime(name, RuntimeConfig::load(), error);
}

// The environment TOOLS.md promises every tool, for a user, plus `extra` (e.g. secrets).
QProcessEnvironment toolEnvironment(const QString &user, const QProcessEnvironment &extra);

} // namespace tw::engine
