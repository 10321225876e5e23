#include "run/runchanges.h"

#include "run/unixfd.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace tw::engine {

namespace {

// What a kept file or directory keeps of its mode: rwx for owner and group, r-x for others.
constexpr mode_t kKeptModeBits = 0775;

using Fd = UniqueFd;

// The names in a directory (opened by fd), sorted, without . and ..
QList<QByteArray> namesIn(int dirFd)
{
    QList<QByteArray> names;
    const int dup = ::fcntl(dirFd, F_DUPFD_CLOEXEC, 0);
    if (dup < 0)
        return names;
    DIR *dir = ::fdopendir(dup);
    if (!dir) {
        ::close(dup);
        return names;
    }
    while (const dirent *e = ::readdir(dir)) {
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
            names << QByteArray(e->d_name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}

bool isWhiteout(const struct stat &st) { return S_ISCHR(st.st_mode) && st.st_rdev == makedev(0, 0); }

// overlayfs marks a directory that replaced a lower one (removed, then made again) opaque.
bool isOpaque(int parentFd, const QByteArray &name)
{
    const Fd fd(::openat(parentFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid())
        return false;
    char value[4] = {};
    for (const char *attr : {"trusted.overlay.opaque", "user.overlay.opaque"}) {
        if (::fgetxattr(fd.get(), attr, value, sizeof value) > 0 && value[0] == 'y')
            return true;
    }
    return false;
}

QString join(const QString &dir, const QByteArray &name)
{
    const QString n = QFile::decodeName(name);
    return dir.isEmpty() ? n : dir + u'/' + n;
}

RunChange change(RunChange::Kind kind, const QString &path)
{
    RunChange c;
    c.kind = kind;
    c.path = path;
    return c;
}

// How deep a run's changes are followed: a directory deeper is refused (not kept), and the
// walks stay far from the end of a thread's stack (2,000 levels crashed the review).
constexpr int kMaxDepth = 100;

// A name the review refuses whatever it is: one with a control character (a newline would make
// one listed path look like two, and hide a file programs load by themselves), and the names
// keeping uses for its temporary files.
QString refusedName(const QByteArray &name)
{
    for (const char c : name)
        if (uchar(c) < 0x20 || c == 0x7f)
            return QStringLiteral("a name with a control character");
    if (name.startsWith(".tw-keep-"))
        return QStringLiteral("a name Toolwright uses while keeping changes");
    return {};
}

struct Reviewer
{
    RunChanges &out;
    qint64 capBytes;
    int capFiles;
    qint64 keptBytes = 0;
    int keptFiles = 0;

    void add(RunChange c)
    {
        c.autoload = isAutoloadPath(c.path) || (c.symlink && isAutoloadLink(c.path));
        if (c.kind == RunChange::Kind::Created || c.kind == RunChange::Kind::Changed) {
            // Kept files count against the write cap by their size (a sparse file's holes too,
            // as keeping writes them out).
            if ((capBytes > 0 && keptBytes + c.bytes > capBytes) || (capFiles > 0 && keptFiles + 1 > capFiles)) {
                c.kind = RunChange::Kind::Refused;
                c.why = QStringLiteral("past the run's write cap (%1 MB, %2 files)").arg(capBytes >> 20).arg(capFiles);
            } else {
                keptBytes += c.bytes;
                ++keptFiles;
                out.bytes += c.bytes;
                ++out.files;
            }
        }
        out.items.append(std::move(c));
    }

    void refuse(const QString &path, const QString &why, bool directory)
    {
        RunChange c = change(RunChange::Kind::Refused, path);
        c.directory = directory;
        c.why = why;
        c.autoload = isAutoloadPath(path);
        out.items.append(std::move(c));
    }

    // Everything below a lower directory that the run removed or replaced, depth first.
    void removedBelow(int lowerFd, const QString &rel, int depth)
    {
        for (const QByteArray &name : namesIn(lowerFd)) {
            struct stat st{};
            if (::fstatat(lowerFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            RunChange c = change(RunChange::Kind::Removed, join(rel, name));
            c.directory = S_ISDIR(st.st_mode);
            add(c);
            if (c.directory && depth < kMaxDepth)
                removedIn(lowerFd, name, join(rel, name), depth);
        }
    }

    // What the lower directory `name` in `lowerFd` held, listed as removed.
    void removedIn(int lowerFd, const QByteArray &name, const QString &path, int depth)
    {
        const Fd old(::openat(lowerFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (old.valid())
            removedBelow(old.get(), path, depth + 1);
    }

    void walk(int upperFd, int lowerFd, const QString &rel, int depth)
    {
        for (const QByteArray &name : namesIn(upperFd)) {
            const QString path = join(rel, name);
            if (rel.isEmpty() && name == "tools")
                continue; // mounted read-only over the data root: never a change of the run's
            struct stat st{};
            if (::fstatat(upperFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            if (const QString why = refusedName(name); !why.isEmpty()) {
                refuse(path, why, S_ISDIR(st.st_mode));
                continue;
            }
            struct stat lower{};
            const bool inLower = lowerFd >= 0 && ::fstatat(lowerFd, name.constData(), &lower, AT_SYMLINK_NOFOLLOW) == 0;
            const bool lowerIsDir = inLower && S_ISDIR(lower.st_mode);
            if (isWhiteout(st)) {
                if (inLower) {
                    RunChange c = change(RunChange::Kind::Removed, path);
                    c.directory = lowerIsDir;
                    add(c);
                    if (lowerIsDir)
                        removedIn(lowerFd, name, path, depth);
                }
                continue;
            }
            const RunChange::Kind kind = inLower ? RunChange::Kind::Changed : RunChange::Kind::Created;
            if (S_ISDIR(st.st_mode)) {
                if (depth >= kMaxDepth) {
                    refuse(path, QStringLiteral("nested deeper than %1 directories").arg(kMaxDepth), true);
                    continue;
                }
                const bool opaque = lowerIsDir && isOpaque(upperFd, name);
                Fd lowerDir(lowerIsDir && !opaque
                                ? ::openat(lowerFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                                : -1);
                if (!lowerIsDir || opaque) {
                    RunChange c = change(kind, path);
                    c.directory = true;
                    add(c);
                    if (opaque)
                        removedIn(lowerFd, name, path, depth);
                }
                const Fd sub(::openat(upperFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                if (sub.valid())
                    walk(sub.get(), lowerDir.get(), path, depth + 1);
                continue;
            }
            RunChange c = change(kind, path);
            if (S_ISREG(st.st_mode)) {
                c.bytes = st.st_size;
            } else if (S_ISLNK(st.st_mode)) {
                c.symlink = true;
                QByteArray target(4096, Qt::Uninitialized);
                const ssize_t n = ::readlinkat(upperFd, name.constData(), target.data(), size_t(target.size()));
                c.why = n > 0 ? QStringLiteral("a link to %1").arg(QFile::decodeName(target.left(n))) : QString();
            } else {
                c.kind = RunChange::Kind::Refused;
                c.why = S_ISFIFO(st.st_mode) ? QStringLiteral("a FIFO")
                    : S_ISSOCK(st.st_mode)   ? QStringLiteral("a socket")
                                             : QStringLiteral("a device node");
            }
            add(c);
            // A file or link that replaced a directory: what the directory held is removed too.
            if (lowerIsDir)
                removedIn(lowerFd, name, path, depth);
        }
    }
};

// Removes `name` in `dirFd` and, for a directory, everything below it, following no link and
// never entering another file system: a mount found there (a data root's overlay or its lower
// layer a killed Toolwright left mounted) is never emptied. Below `kMaxDepth` levels a
// directory is moved up into `graveFd` (the tree's top, on the same file system) and removed
// from there later (`deferred`), so no tree is deep enough to exhaust the stack.
bool removeAt(int dirFd, const QByteArray &name, int depth, int graveFd, QList<QByteArray> *deferred)
{
    struct stat st{};
    if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT;
    if (!S_ISDIR(st.st_mode))
        return ::unlinkat(dirFd, name.constData(), 0) == 0 || errno == ENOENT;
    struct stat parent{};
    if (::fstat(dirFd, &parent) != 0 || parent.st_dev != st.st_dev)
        return false;
    if (depth >= kMaxDepth && graveFd >= 0 && deferred) {
        const QByteArray moved = ".tw-deep-" + QByteArray::number(qulonglong(st.st_ino)) + '-' + QByteArray::number(deferred->size());
        if (::renameat(dirFd, name.constData(), graveFd, moved.constData()) == 0) {
            deferred->append(moved);
            return true;
        }
    }
    Fd sub(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!sub.valid() && errno == EACCES) {
        // A directory the tool closed (mode 000): its owner, or root, opens it again.
        ::fchmodat(dirFd, name.constData(), 0700, 0);
        sub = Fd(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    }
    bool ok = sub.valid();
    if (ok) {
        ::fchmod(sub.get(), 0700);
        // The tree's top is the grave of what lies too deep below it.
        const int grave = graveFd >= 0 ? graveFd : sub.get();
        QList<QByteArray> mine;
        for (const QByteArray &child : namesIn(sub.get()))
            ok = removeAt(sub.get(), child, depth + 1, grave, graveFd >= 0 ? deferred : &mine) && ok;
        // At the top: what was moved up is removed now, each a tree of its own.
        while (!mine.isEmpty()) {
            const QByteArray next = mine.takeLast();
            ok = removeAt(sub.get(), next, 1, sub.get(), &mine) && ok;
        }
    }
    return ::unlinkat(dirFd, name.constData(), AT_REMOVEDIR) == 0 && ok;
}

bool removeAt(int dirFd, const QByteArray &name)
{
    return removeAt(dirFd, name, 0, -1, nullptr);
}

// Applies exactly what the review allowed: created and changed entries it did not refuse,
// removals it listed; anything else in the upper directory (a name that appeared after the
// review, a refused one) stays out of the data root.
struct Keeper
{
    bool setOwner;
    uid_t uid;
    gid_t gid;
    QSet<QString> allowed; // created or changed, not refused
    QSet<QString> removed;
    QSet<QString> refused;
    QString error;

    bool fail(const QString &path, const char *what)
    {
        if (error.isEmpty())
            error = QStringLiteral("could not keep %1 (%2: %3)").arg(path, QLatin1StringView(what), QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }

    void own(int dirFd, const char *name)
    {
        if (setOwner)
            ::fchownat(dirFd, name, uid, gid, AT_SYMLINK_NOFOLLOW);
    }

    // A target entry in the way of a new one of another kind goes first.
    void clearUnlessDir(int targetFd, const QByteArray &name)
    {
        struct stat st{};
        if (::fstatat(targetFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(st.st_mode))
            ::unlinkat(targetFd, name.constData(), 0);
    }

    // The finished temporary entry takes `name`'s place (a directory there removed first).
    bool replaceWith(int targetFd, const QByteArray &temp, const QByteArray &name, const QString &path)
    {
        struct stat existing{};
        if (::fstatat(targetFd, name.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(existing.st_mode))
            removeAt(targetFd, name);
        if (::renameat(targetFd, temp.constData(), targetFd, name.constData()) != 0)
            return ::unlinkat(targetFd, temp.constData(), 0), fail(path, "rename");
        return true;
    }

    bool copyFile(int upperFd, int targetFd, const QByteArray &name, const struct stat &st, const QString &path)
    {
        const Fd in(::openat(upperFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        if (!in.valid())
            return fail(path, "open");
        const QByteArray temp = ".tw-keep-" + name.left(64);
        ::unlinkat(targetFd, temp.constData(), 0);
        Fd out(::openat(targetFd, temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
        if (!out.valid())
            return fail(path, "create");
        // The sandbox's from the start: a keep cut short leaves nothing of root's behind.
        if (setOwner)
            ::fchown(out.get(), uid, gid);
        char buf[1 << 16];
        for (;;) {
            const ssize_t n = ::read(in.get(), buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                return ::unlinkat(targetFd, temp.constData(), 0), fail(path, "read");
            if (n == 0)
                break;
            for (ssize_t done = 0; done < n;) {
                const ssize_t w = ::write(out.get(), buf + done, size_t(n - done));
                if (w < 0 && errno == EINTR)
                    continue;
                if (w < 0)
                    return ::unlinkat(targetFd, temp.constData(), 0), fail(path, "write");
                done += w;
            }
        }
        // Permission bits only, and none for the world to write: no setuid, setgid or sticky bit.
        ::fchmod(out.get(), st.st_mode & kKeptModeBits);
        return replaceWith(targetFd, temp, name, path);
    }

    bool copyLink(int upperFd, int targetFd, const QByteArray &name, const QString &path)
    {
        char target[4096];
        const ssize_t n = ::readlinkat(upperFd, name.constData(), target, sizeof target - 1);
        if (n < 0)
            return fail(path, "readlink");
        target[n] = 0;
        const QByteArray temp = ".tw-keep-" + name.left(64);
        ::unlinkat(targetFd, temp.constData(), 0);
        if (::symlinkat(target, targetFd, temp.constData()) != 0)
            return fail(path, "symlink");
        own(targetFd, temp.constData());
        return replaceWith(targetFd, temp, name, path);
    }

    void walk(int upperFd, int targetFd, const QString &rel, int depth)
    {
        for (const QByteArray &name : namesIn(upperFd)) {
            const QString path = join(rel, name);
            if ((rel.isEmpty() && name == "tools") || !refusedName(name).isEmpty() || refused.contains(path))
                continue;
            struct stat st{};
            if (::fstatat(upperFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            if (isWhiteout(st)) {
                if (removed.contains(path) && !removeAt(targetFd, name))
                    fail(path, "remove");
                continue;
            }
            if (S_ISDIR(st.st_mode)) {
                if (depth >= kMaxDepth)
                    continue;
                if (isOpaque(upperFd, name))
                    removeAt(targetFd, name);
                clearUnlessDir(targetFd, name);
                if (::mkdirat(targetFd, name.constData(), 0700) == 0) {
                    own(targetFd, name.constData());
                    ::fchmodat(targetFd, name.constData(), st.st_mode & kKeptModeBits, 0);
                } else if (errno != EEXIST) {
                    fail(path, "mkdir");
                    continue;
                }
                const Fd sub(::openat(upperFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                const Fd target(::openat(targetFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                if (!sub.valid() || !target.valid()) {
                    fail(path, "open");
                    continue;
                }
                walk(sub.get(), target.get(), path, depth + 1);
            } else if (S_ISREG(st.st_mode) && allowed.contains(path)) {
                copyFile(upperFd, targetFd, name, st, path);
            } else if (S_ISLNK(st.st_mode) && allowed.contains(path)) {
                copyLink(upperFd, targetFd, name, path);
            } // FIFOs, sockets, devices, what the review did not allow: never made
        }
    }
};

} // namespace

QString runChangeKindName(RunChange::Kind kind)
{
    switch (kind) {
    case RunChange::Kind::Created: return QStringLiteral("created");
    case RunChange::Kind::Changed: return QStringLiteral("changed");
    case RunChange::Kind::Removed: return QStringLiteral("removed");
    case RunChange::Kind::Refused: return QStringLiteral("refused");
    }
    return {};
}

std::optional<RunChange::Kind> runChangeKindFromName(const QString &name)
{
    using K = RunChange::Kind;
    for (const K kind : {K::Created, K::Changed, K::Removed, K::Refused})
        if (runChangeKindName(kind) == name)
            return kind;
    return std::nullopt;
}

int RunChanges::autoloadCount() const
{
    return int(std::count_if(items.begin(), items.end(), [](const RunChange &c) { return c.autoload; }));
}

bool isAutoloadPath(const QString &relative)
{
    // \A and \z, and '.' matching a newline: a name with a newline in it is still matched whole.
    static const QRegularExpression autoload(QStringLiteral(
        "\\A(?:\\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|kshrc|mkshrc|cshrc|tcshrc"
        "|inputrc|pythonrc(?:\\.py)?|pam_environment|npmrc|yarnrc(?:\\.yml)?|gitconfig|node_repl_history|noderc|xprofile|xsessionrc)"
        "|\\.config/(?:fish|git|autostart|environment\\.d|systemd|pip|npm)(?:/.*)?"
        "|\\.ssh(?:/.*)?"
        "|\\.node_(?:modules|libraries)(?:/.*)?"
        "|\\.local/lib/python[^/]*/site-packages(?:/.*)?"
        "|\\.local/bin(?:/.*)?)\\z"
        "|(?:\\A|/)node_modules(?:/|\\z)"
        "|(?:\\A|/)\\.git/(?:hooks|config)(?:/|\\z)"
        "|(?:\\A|/)(?:usercustomize|sitecustomize)\\.py\\z"
        "|\\.pth\\z"),
        QRegularExpression::DotMatchesEverythingOption);
    return autoload.match(relative).hasMatch();
}

bool isAutoloadLink(const QString &relative)
{
    // A link where programs look for what they load makes whatever it points to loaded: `.config`
    // pointing at a directory the run filled, a `.git` or `node_modules` pointing anywhere. Any
    // dot-named link at the top of HOME, and a link on the way to an autoload location.
    static const QRegularExpression ancestor(QStringLiteral(
        "\\A(?:\\.[^/]+|\\.local/lib(?:/python[^/]*)?|\\.config/[^/]+)\\z|(?:\\A|/)(?:\\.git|node_modules|hooks|site-packages)\\z"),
        QRegularExpression::DotMatchesEverythingOption);
    return ancestor.match(relative).hasMatch();
}

RunChanges reviewRunChanges(const QString &upperDir, const QString &dataRoot, qint64 capBytes, int capFiles)
{
    RunChanges out;
    const Fd upper(::open(QFile::encodeName(upperDir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!upper.valid()) {
        if (errno != ENOENT)
            out.error = QStringLiteral("cannot read the run's changes (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return out;
    }
    const Fd lower(::open(QFile::encodeName(dataRoot).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    Reviewer{out, capBytes, capFiles}.walk(upper.get(), lower.get(), {}, 0);
    return out;
}

QString keepRunChanges(const QString &upperDir, const QString &dataRoot, bool setOwner, uid_t uid, gid_t gid,
                       const RunChanges &reviewed)
{
    const Fd upper(::open(QFile::encodeName(upperDir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!upper.valid())
        return errno == ENOENT ? QString() : QStringLiteral("cannot read the run's changes (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
    const Fd target(::open(QFile::encodeName(dataRoot).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!target.valid())
        return QStringLiteral("cannot open the data root %1 (%2)").arg(dataRoot, QString::fromLocal8Bit(std::strerror(errno)));
    Keeper keeper{setOwner, uid, gid, {}, {}, {}, {}};
    for (const RunChange &c : reviewed.items) {
        switch (c.kind) {
        case RunChange::Kind::Created:
        case RunChange::Kind::Changed: keeper.allowed.insert(c.path); break;
        case RunChange::Kind::Removed: keeper.removed.insert(c.path); break;
        case RunChange::Kind::Refused: keeper.refused.insert(c.path); break;
        }
    }
    keeper.walk(upper.get(), target.get(), {}, 0);
    return keeper.error;
}

bool removeRunTree(const QString &path)
{
    const QByteArray p = QFile::encodeName(path);
    // What is mounted below it first (deepest first): the overlay of a run Toolwright mounted on
    // the host, left by a Toolwright that was killed.
    QFile mountinfo(QStringLiteral("/proc/self/mountinfo"));
    if (mountinfo.open(QIODevice::ReadOnly)) {
        QList<QByteArray> below;
        for (const QByteArray &line : mountinfo.readAll().split('\n')) {
            const QList<QByteArray> fields = line.split(' ');
            if (fields.size() < 5)
                continue;
            QByteArray point = fields[4];
            point.replace("\\040", " ").replace("\\011", "\t").replace("\\012", "\n").replace("\\134", "\\");
            if (point.startsWith(QByteArray(p + '/')))
                below << point;
        }
        std::sort(below.begin(), below.end(), [](const QByteArray &a, const QByteArray &b) { return a.size() > b.size(); });
        for (const QByteArray &point : below)
            ::umount2(point.constData(), MNT_DETACH | UMOUNT_NOFOLLOW);
    }
    const qsizetype slash = p.lastIndexOf('/');
    if (slash < 0)
        return false;
    const Fd parent(::open(slash == 0 ? "/" : p.left(slash).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return parent.valid() && removeAt(parent.get(), p.mid(slash + 1));
}

} // namespace tw::engine
