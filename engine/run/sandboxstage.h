#pragma once
// What happens between fork and exec before bubblewrap starts: the run's user data root is
// mounted as an overlay (the host's data root the read-only lower layer, the run's writes an
// upper layer in Toolwright's private run directory, reviewed after the run), every host path
// the sandbox sees is bound under the run directory's `stage/` in a mount namespace of the
// run's own, and the process becomes the sandbox identity (sandboxidentity.h) before bwrap is
// executed. bubblewrap then binds only from `stage/`, as that identity.
//
// Root does the mounts itself and then drops to the sandbox account; an ordinary user enters a
// user namespace of its own first (overlayfs with `userxattr`, Linux 5.11). Either way the
// namespace, and with it every mount, ends with the sandbox's last process.
//
// Everything is prepared before the fork: enter() only makes system calls on prepared strings.

#include <QByteArray>
#include <QString>

#include <sys/types.h>
#include <vector>

namespace tw::engine {

// How the child starts the line it writes on stderr when a step of enter() failed; the session
// reports that line as the run's failure (its exit code is 126).
inline constexpr char kStageErrorPrefix[] = "toolwright: the sandbox could not be set up: ";

// In a child between fork and exec, as root: becomes `uid`:`gid` for good (real, effective and
// saved ids, no supplementary group of root's). False when any step failed or root remained.
bool dropToIdentity(uid_t uid, gid_t gid) noexcept;

struct SandboxStage
{
    struct Bind
    {
        QByteArray source; // host path (resolved and checked before)
        QByteArray target; // relative to runDir
        bool file = false; // the source is a file (its mount point an empty file), else a directory
    };
    bool active = false;       // enter() works in the child (bubblewrap)
    // Rootful podman: the overlay is mounted by Toolwright in the host's mount namespace before
    // the engine starts (its `:O` volumes give the upper directory the lower's owner, root, so
    // the sandbox account could not write its own HOME) and unmounted when the run ends.
    bool onHost = false;
    bool asRoot = false;       // mount as root, then drop to uid/gid; else a user namespace
    uid_t uid = 0;
    gid_t gid = 0;
    QByteArray runDir;         // the private run directory; the stage's relative paths start there
    std::vector<Bind> binds;
    QByteArray overlayTarget;  // relative to runDir; empty: no overlay
    QByteArray overlayOptions; // lowerdir=…,upperdir=…,workdir=… (relative to runDir; absolute when onHost)
    int seccompFd = -1;        // the filter bwrap loads (--seccomp): left open across exec, alone of ours
    // Not root: the write cap's tmpfs is mounted in the child's own namespace (an unprivileged
    // account can mount one there, not on the host), under the overlay's upper and work
    // directories, and the child hands a descriptor of it to Toolwright through `capSocket`
    // (SCM_RIGHTS) before it executes bwrap: the tmpfs outlives the namespace for as long as
    // Toolwright holds it, to review and keep the run's changes. Where the kernel cannot put an
    // overlay's upper directory on tmpfs in a user namespace (before Linux 6.6: no user xattrs),
    // the child unmounts it, uses the run directory's own, and sends nothing: not capped.
    QByteArray capOptions;     // "size=…,nr_inodes=…,mode=0700"; empty: no cap here
    int capSocket = -1;        // the child's end of the socket pair

    // Before the fork: the mount points of the binds and the overlay, in the stage directory
    // prepareRunDirectory() made. An error message, empty on success.
    QString makeMountPoints() const;

    // onHost: mounts the overlay (an error message, empty on success) and unmounts it.
    QString mountOnHost() const;
    void unmountOnHost() const;

    // In the child, after its cgroup was entered: false (with a line on stderr) when a step
    // failed; the child must then exit.
    bool enter() const noexcept;
};

// Makes the run directory's parts for `identity` (sandboxidentity.h): runDir itself 0711;
// files/ (harness and bundle, read by the sandbox) and stage/ readable by the identity's group
// only; changes/ (the overlay's upper and work directories) Toolwright's alone, its upper/
// owned by the identity so the run can write its data root's top. An error message, empty on
// success.
// Toolwright run as root caps what a run may write: changes/ is a tmpfs of `capMb` MiB and
// `capFiles` inodes (`*capped` true); elsewhere nothing caps it (`*capped` false).
struct SandboxIdentity;
QString prepareRunDirectory(const QString &runDir, const SandboxIdentity &identity, int capMb, int capFiles, bool *capped);
// Whether the write cap's tmpfs at `changesDir` is full (its space or its inodes).
bool writeCapReached(const QString &changesDir);
// The tmpfs options of a write cap of `capMb` MiB and `capFiles` files.
QByteArray writeCapOptions(int capMb, int capFiles);
// The parent's side of SandboxStage::capSocket: the descriptor the child sent, or -1 (nothing
// sent: the run is not capped). Does not block.
int receiveCapDescriptor(int socket);

} // namespace tw::engine
