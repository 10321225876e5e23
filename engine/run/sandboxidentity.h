#pragma once
// Who a sandbox is on the host. Whoever runs Toolwright, a tool never runs as uid 0 and never
// as the caller when the caller is root: root hands every sandbox to the unprivileged system
// account `toolwright-sandbox` (made by scripts/setup and the package), which owns nothing but
// what runs give it. An ordinary user's sandbox is that user, as with any unprivileged bwrap:
// there is no privilege to give away, and nothing else it could become.

#include <QString>

#include <sys/types.h>

namespace tw::engine {

inline const QString kSandboxAccount = QStringLiteral("toolwright-sandbox");

struct SandboxIdentity
{
    uid_t uid = 0;
    gid_t gid = 0;
    bool dropsPrivileges = false; // Toolwright runs as root and becomes the account for a run
    QString error;                // why no run can start (root without the account)
    bool ok() const { return error.isEmpty(); }
    // "toolwright-sandbox (uid 999)" or "the calling user (uid 1000)".
    QString describe() const;
};

// The identity of this process's sandboxes. Looked up once.
const SandboxIdentity &sandboxIdentity();

} // namespace tw::engine
