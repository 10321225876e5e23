#pragma once
// What a run changed in its user's data root, and keeping or discarding it. A run writes its
// data root through an overlay (sandboxstage.h, podman's `:O`): the host's data root stays as it
// was, the run's writes land in an upper directory in Toolwright's private run directory, and
// after the run that directory is read here — created, changed and removed paths with their
// sizes, files that programs load by themselves flagged — and either applied to the data root
// or thrown away.
//
// Kept files are normalised, never copied as the tool left them: regular files, directories
// and symbolic links only (a device, a FIFO or a socket is refused), permission bits only (no
// setuid, setgid or sticky bit, nothing the world may write), owned by the sandbox identity, written with *at() calls that
// never follow a link in the data root, each file through a temporary name and a rename.

#include <QList>
#include <QString>

#include <optional>
#include <sys/types.h>

namespace tw::engine {

struct RunChange
{
    enum class Kind { Created, Changed, Removed, Refused };
    Kind kind = Kind::Created;
    QString path;          // relative to the data root, '/'-separated
    qint64 bytes = 0;      // a file's size (0 for the rest)
    bool directory = false;
    bool symlink = false;
    bool autoload = false; // a file programs load by themselves (shell rc, site-packages, node_modules, …)
    QString why;           // for Refused: what it was

    friend bool operator==(const RunChange &, const RunChange &) = default;
};

QString runChangeKindName(RunChange::Kind kind);
std::optional<RunChange::Kind> runChangeKindFromName(const QString &name);

struct RunChanges
{
    QList<RunChange> items; // in path order
    qint64 bytes = 0;       // the files' sizes, added up
    int files = 0;          // files, directories and links created or changed
    QString error;          // the upper directory could not be read
    bool isEmpty() const { return items.isEmpty(); }
    int autoloadCount() const;
};

// Whether `relative` (a path in a data root, which is the tool's HOME) is loaded by a program
// without being asked: shell start-up files, Python's site-packages, .pth, user/sitecustomize,
// node_modules, .npmrc, git's configuration and hooks, ssh's authorized keys, autostart entries.
bool isAutoloadPath(const QString &relative);
// Whether a symbolic link at `relative` makes what it points to loaded by itself: a dot-named
// link at the top of HOME (`.config` -> a directory the run filled), one on the way to an
// autoload location, a `.git`, `node_modules`, `hooks` or `site-packages` link.
bool isAutoloadLink(const QString &relative);

// Reads an overlay upper directory against the lower one it covered. Refused besides devices,
// FIFOs and sockets: names with a control character or Toolwright's own `.tw-keep-` prefix,
// directories nested deeper than 100 levels, and files past the write cap (their sizes added
// up, a sparse file's holes included; 0: no cap) — none of them is kept.
RunChanges reviewRunChanges(const QString &upperDir, const QString &dataRoot, qint64 capBytes = 0, int capFiles = 0);

// Applies to the data root what `reviewed` (this upper directory's review) allows, and nothing
// else (see above). Files get `uid`:`gid` when `setOwner`. Returns an error message, empty on
// success; what was applied before an error stays.
QString keepRunChanges(const QString &upperDir, const QString &dataRoot, bool setOwner, uid_t uid, gid_t gid,
                       const RunChanges &reviewed);

// Removes a directory tree that a sandbox wrote: never follows a link, and makes directories
// the tool closed (mode 000) readable first. False when something stayed.
bool removeRunTree(const QString &path);

} // namespace tw::engine
