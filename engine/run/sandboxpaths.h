#pragma once
// The host directories a run mounts, checked before any runtime sees them (DESIGN.md "Running
// a tool": no host path followed through a link a sandbox could have written). The one such
// place is the user's data root, mounted read-write: its `tools` entry is looked at without
// following links, and a link there — planted by a tool to point at /etc or a home directory,
// which bwrap or podman would follow — is refused, naming it. DATA_PATH/tools and
// DATA_PATH/<email> are out of every sandbox's reach; links there are an admin's and followed.
//
// The user's tools directory is created (empty) when the user has a data root without one:
// TOOLS.md mounts it read-only at /officer/user/tools, and only an existing directory can be a
// mount point. Mounted, it cannot be renamed or removed from inside the sandbox (EBUSY), so the
// checked paths stay what they were for the whole run.

#include <QString>

namespace tw::engine {

// DESIGN.md: `<email>` is a directory name under DATA_PATH containing `@`; a run is always for
// exactly one such user. No `/`, not `.` or `..`, not empty.
bool isUserDirectoryName(const QString &user);

struct SandboxPaths
{
    QString globalTools; // DATA_PATH/tools, empty when the DATA_PATH has none
    QString userRoot;    // DATA_PATH/<email>, empty when the user has no data root yet
    QString userTools;   // DATA_PATH/<email>/tools, set whenever userRoot is
    QString error;       // why the run must not start (a link below DATA_PATH, a bad user)
    bool ok() const { return error.isEmpty(); }
};

// Resolves (and checks) what a run of `user` on `dataPath` mounts (canonical host paths).
SandboxPaths resolveSandboxPaths(const QString &dataPath, const QString &user);

} // namespace tw::engine
