#pragma once
// The TOOLS.md container filesystem of one run, decided once: its mounts (host path → path in
// the sandbox), where the harness, the bundled entry and the tool's own entry lie inside it,
// its working directory and the tool's environment. Every runtime translates this one value
// into its command line and RunSession names the entry from it; nothing else builds a path
// inside the sandbox.
//
// The host directories are checked before any runtime sees them (DESIGN.md "Running a tool":
// no host path followed through a link a sandbox could have written). The one such place is
// the user's data root, mounted read-write: its `tools` entry is looked at without following
// links, and a link there — planted by a tool to point at /etc or a home directory, which bwrap
// or podman would follow — is refused, naming it. DATA_PATH/tools and DATA_PATH/<email> are out
// of every sandbox's reach; links there are an admin's and followed.
//
// The user's tools directory is created (empty) when the user has a data root without one:
// TOOLS.md mounts it read-only at /officer/user/tools, and only an existing directory can be a
// mount point. Mounted, it cannot be renamed or removed from inside the sandbox (EBUSY), so the
// checked paths stay what they were for the whole run.

#include "toolmd/toolrecord.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>

namespace tw::engine {

// The paths TOOLS.md gives the container filesystem.
inline const QString kSandboxGlobalTools = QStringLiteral("/officer/tools");
inline const QString kSandboxUserRoot = QStringLiteral("/officer/user");
inline const QString kSandboxUserTools = QStringLiteral("/officer/user/tools");
inline const QString kSandboxEmailDb = QStringLiteral("/officer/data/emails.db");
// Toolwright's own: the private run directory (harness and bundled entry), read-only.
inline const QString kSandboxRunDir = QStringLiteral("/run/toolwright");
// The files in the run directory: the runner's harness and the entry esbuild bundled.
inline const QString kRunDirHarness = QStringLiteral("harness.mjs");
inline const QString kRunDirEntry = QStringLiteral("entry.mjs");
// The unprivileged uid and gid a tool runs as inside bubblewrap's user namespace (mapped to
// the account running Toolwright, whose files the tool's writes in its data root become).
inline constexpr int kSandboxUid = 1000;
inline const QString kSandboxHostname = QStringLiteral("toolwright");

// One entry of the TOOLS.md container filesystem, in mount order.
struct SandboxMount
{
    enum class Kind {
        ReadOnly,      // a host directory, read-only
        ReadWrite,     // a host directory or file, read-write
        EmptyReadOnly, // an empty directory nothing can write (a user without tools)
        EmptyWritable, // an empty, throw-away directory (a user without a data root)
        Reviewed,      // a host directory written through an overlay: its changes reviewed after the run
    };
    Kind kind;
    QString source; // host path; empty for the empty kinds
    QString target; // path in the sandbox

    friend bool operator==(const SandboxMount &, const SandboxMount &) = default;
};

// What a layout is made of, on the host.
struct SandboxHost
{
    QString dataPath;
    QString user;    // the one user whose data root and tools are mounted (required)
    QString runDir;  // the run's private directory: files/ (harness, bundled entry), changes/, stage/
    QString emailDb; // host path of the email DB, mounted when set
};

// The run's private directory, as the runtimes and the session share it.
inline const QString kRunFilesDir = QStringLiteral("files");     // the harness and the bundle (/run/toolwright)
inline const QString kRunChangesDir = QStringLiteral("changes"); // upper/ and work/ of the data root's overlay
inline const QString kRunStageDir = QStringLiteral("stage");     // where bubblewrap's sources are bound

struct SandboxLayout
{
    // Global tools ro at /officer/tools, the user's data root rw at /officer/user, the user's
    // tools ro at /officer/user/tools (always a mount, so no run can plant a tool there), the
    // email DB, the run dir.
    QList<SandboxMount> mounts;
    QString workingDir;   // the user's data root
    QString harness;      // the module the sandbox's node starts
    QString bundledEntry; // the bundled entry the harness imports (the request's "entry")
    QString toolEntry;    // the tool's entry where TOOLS.md mounts it (the bundle's import.meta.url)
    QProcessEnvironment environment; // exactly what the tool sees: toolEnvironment() + the run's own
    QString runDir;       // the run's private directory (SandboxHost::runDir)
    QString userRoot;     // the user's data root on the host, reviewed through an overlay (empty: none)
    QString error;        // why the run must not start (a link below DATA_PATH, a bad user)
    bool ok() const { return error.isEmpty(); }
    QString filesDir() const { return runDir + u'/' + kRunFilesDir; }
    QString upperDir() const { return runDir + u'/' + kRunChangesDir + QStringLiteral("/upper"); }
    QString overlayWorkDir() const { return runDir + u'/' + kRunChangesDir + QStringLiteral("/work"); }
};

// The layout of a run of `tool` for `host.user`, checking (and resolving) the host paths.
// `extraEnv`: the run's integration variables and secrets.
SandboxLayout sandboxLayout(const SandboxHost &host, const ToolRecord &tool, const QProcessEnvironment &extraEnv);

// The environment TOOLS.md promises every tool, plus `extra` (e.g. secrets).
QProcessEnvironment toolEnvironment(const QProcessEnvironment &extra = {});

} // namespace tw::engine
