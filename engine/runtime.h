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
    bool network = false;
    int memoryMb = 512;
    QProcessEnvironment env; // the tool's environment (TOOLS.md "Available Environment Variables")
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
};

class Runtime
{
public:
    virtual ~Runtime() = default;
    virtual QString name() const = 0;
    virtual bool isAvailable() const = 0;
    virtual LaunchPlan plan(const RunSpec &spec) const = 0;
};

// bubblewrap (what Flatpak uses): host Node, read-only system dirs, private /tmp, the TOOLS.md
// mounts, every namespace unshared (network only when allowed), no host home.
class BubblewrapRuntime final : public Runtime
{
public:
    QString name() const override { return QStringLiteral("bwrap"); }
    bool isAvailable() const override;
    LaunchPlan plan(const RunSpec &spec) const override;
};

// `auto` picks the first available runtime; only bwrap exists so far.
std::unique_ptr<Runtime> makeRuntime(const QString &name, QString *error);

// The environment TOOLS.md promises every tool, for a user, plus `extra` (e.g. secrets).
QProcessEnvironment toolEnvironment(const QString &user, const QProcessEnvironment &extra);

} // namespace tw::engine
