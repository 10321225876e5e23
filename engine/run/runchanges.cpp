#include "run/runchanges.h"

#include <QFile>
#include <QRegularExpression>

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

class Fd
{
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    Fd(Fd &&o) noexcept : m_fd(o.m_fd) { o.m_fd = -1; }
    Fd &operator=(Fd &&o) noexcept
    {
        std::swap(m_fd, o.m_fd);
        return *this;
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }

private:
    int m_fd;
};

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

struct Reviewer
{
    RunChanges &out;

    void add(RunChange c)
    {
        c.autoload = isAutoloadPath(c.path);
        if (c.kind == RunChange::Kind::Created || c.kind == RunChange::Kind::Changed) {
            out.bytes += c.bytes;
            ++out.files;
        }
        out.items.append(std::move(c));
    }

    // Everything below a lower directory that the run removed or replaced.
    void removedBelow(int lowerFd, const QString &rel)
    {
        for (const QByteArray &name : namesIn(lowerFd)) {
            struct stat st{};
            if (::fstatat(lowerFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            RunChange c = change(RunChange::Kind::Removed, join(rel, name));
            c.directory = S_ISDIR(st.st_mode);
            add(c);
        }
    }

    void walk(int upperFd, int lowerFd, const QString &rel)
    {
        for (const QByteArray &name : namesIn(upperFd)) {
            const QString path = join(rel, name);
            if (rel.isEmpty() && name == "tools")
                continue; // mounted read-only over the data root: never a change of the run's
            struct stat st{};
            if (::fstatat(upperFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            struct stat lower{};
            const bool inLower = lowerFd >= 0 && ::fstatat(lowerFd, name.constData(), &lower, AT_SYMLINK_NOFOLLOW) == 0;
            if (isWhiteout(st)) {
                if (inLower) {
                    RunChange c = change(RunChange::Kind::Removed, path);
                    c.directory = S_ISDIR(lower.st_mode);
                    add(c);
                }
                continue;
            }
            const RunChange::Kind kind = inLower ? RunChange::Kind::Changed : RunChange::Kind::Created;
            if (S_ISDIR(st.st_mode)) {
                const bool lowerIsDir = inLower && S_ISDIR(lower.st_mode);
                const bool opaque = lowerIsDir && isOpaque(upperFd, name);
                Fd lowerDir(lowerIsDir && !opaque
                                ? ::openat(lowerFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                                : -1);
                if (!lowerIsDir || opaque) {
                    RunChange c = change(inLower ? RunChange::Kind::Changed : RunChange::Kind::Created, path);
                    c.directory = true;
                    add(c);
                    if (opaque) {
                        const Fd old(::openat(lowerFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                        if (old.valid())
                            removedBelow(old.get(), path);
                    }
                }
                const Fd sub(::openat(upperFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                if (sub.valid())
                    walk(sub.get(), lowerDir.get(), path);
                continue;
            }
            RunChange c = change(kind, path);
            if (S_ISREG(st.st_mode)) {
                c.bytes = st.st_size;
            } else if (S_ISLNK(st.st_mode)) {
                c.symlink = true;
                char target[4096];
                const ssize_t n = ::readlinkat(upperFd, name.constData(), target, sizeof target);
                c.why = n > 0 ? QStringLiteral("a link to %1").arg(QFile::decodeName(QByteArray(target, n))) : QString();
            } else {
                c.kind = RunChange::Kind::Refused;
                c.why = S_ISFIFO(st.st_mode) ? QStringLiteral("a FIFO")
                    : S_ISSOCK(st.st_mode)   ? QStringLiteral("a socket")
                                             : QStringLiteral("a device node");
            }
            add(c);
        }
    }
};

// Removes `name` in `dirFd` and, for a directory, everything below it, following no link and
// never entering another file system: a mount found there (a data root's overlay or its lower
// layer a killed Toolwright left mounted) is never emptied.
bool removeAt(int dirFd, const QByteArray &name)
{
    struct stat st{};
    if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT;
    if (!S_ISDIR(st.st_mode))
        return ::unlinkat(dirFd, name.constData(), 0) == 0 || errno == ENOENT;
    struct stat parent{};
    if (::fstat(dirFd, &parent) != 0 || parent.st_dev != st.st_dev)
        return false;
    Fd sub(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!sub.valid() && errno == EACCES) {
        // A directory the tool closed (mode 000): its owner, or root, opens it again.
        ::fchmodat(dirFd, name.constData(), 0700, 0);
        sub = Fd(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    }
    bool ok = sub.valid();
    if (ok) {
        ::fchmod(sub.get(), 0700);
        for (const QByteArray &child : namesIn(sub.get()))
            ok = removeAt(sub.get(), child) && ok;
    }
    return ::unlinkat(dirFd, name.constData(), AT_REMOVEDIR) == 0 && ok;
}

struct Keeper
{
    bool setOwner;
    uid_t uid;
    gid_t gid;
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
        if (setOwner)
            ::fchown(out.get(), uid, gid);
        // Permission bits only, and none for the world to write: no setuid, setgid or sticky bit.
        ::fchmod(out.get(), st.st_mode & kKeptModeBits);
        struct stat existing{};
        if (::fstatat(targetFd, name.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(existing.st_mode))
            removeAt(targetFd, name);
        if (::renameat(targetFd, temp.constData(), targetFd, name.constData()) != 0)
            return ::unlinkat(targetFd, temp.constData(), 0), fail(path, "rename");
        return true;
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
        struct stat existing{};
        if (::fstatat(targetFd, name.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(existing.st_mode))
            removeAt(targetFd, name);
        if (::renameat(targetFd, temp.constData(), targetFd, name.constData()) != 0)
            return ::unlinkat(targetFd, temp.constData(), 0), fail(path, "rename");
        return true;
    }

    void walk(int upperFd, int targetFd, const QString &rel)
    {
        for (const QByteArray &name : namesIn(upperFd)) {
            const QString path = join(rel, name);
            if ((rel.isEmpty() && name == "tools") || name.startsWith(".tw-keep-"))
                continue;
            struct stat st{};
            if (::fstatat(upperFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
                continue;
            if (isWhiteout(st)) {
                if (!removeAt(targetFd, name))
                    fail(path, "remove");
                continue;
            }
            if (S_ISDIR(st.st_mode)) {
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
                walk(sub.get(), target.get(), path);
            } else if (S_ISREG(st.st_mode)) {
                copyFile(upperFd, targetFd, name, st, path);
            } else if (S_ISLNK(st.st_mode)) {
                copyLink(upperFd, targetFd, name, path);
            } // FIFOs, sockets, devices: refused, never made
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

int RunChanges::autoloadCount() const
{
    return int(std::count_if(items.begin(), items.end(), [](const RunChange &c) { return c.autoload; }));
}

bool isAutoloadPath(const QString &relative)
{
    static const QRegularExpression autoload(QStringLiteral(
        "^(?:\\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|kshrc|mkshrc|cshrc|tcshrc"
        "|inputrc|pythonrc(?:\\.py)?|pam_environment|npmrc|yarnrc(?:\\.yml)?|gitconfig|node_repl_history|noderc|xprofile|xsessionrc)"
        "|\\.config/(?:fish|git|autostart|environment\\.d|systemd|pip|npm)(?:/.*)?"
        "|\\.ssh(?:/.*)?"
        "|\\.node_(?:modules|libraries)(?:/.*)?"
        "|\\.local/lib/python[^/]*/site-packages(?:/.*)?"
        "|\\.local/bin(?:/.*)?)$"
        "|(?:^|/)node_modules(?:/|$)"
        "|(?:^|/)\\.git/(?:hooks|config)(?:/|$)"
        "|(?:^|/)(?:usercustomize|sitecustomize)\\.py$"
        "|\\.pth$"));
    return autoload.match(relative).hasMatch();
}

RunChanges reviewRunChanges(const QString &upperDir, const QString &dataRoot)
{
    RunChanges out;
    const Fd upper(::open(QFile::encodeName(upperDir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!upper.valid()) {
        if (errno != ENOENT)
            out.error = QStringLiteral("cannot read the run's changes (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return out;
    }
    const Fd lower(::open(QFile::encodeName(dataRoot).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    Reviewer{out}.walk(upper.get(), lower.get(), {});
    return out;
}

QString keepRunChanges(const QString &upperDir, const QString &dataRoot, bool setOwner, uid_t uid, gid_t gid)
{
    const Fd upper(::open(QFile::encodeName(upperDir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!upper.valid())
        return errno == ENOENT ? QString() : QStringLiteral("cannot read the run's changes (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
    const Fd target(::open(QFile::encodeName(dataRoot).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!target.valid())
        return QStringLiteral("cannot open the data root %1 (%2)").arg(dataRoot, QString::fromLocal8Bit(std::strerror(errno)));
    Keeper keeper{setOwner, uid, gid, {}};
    keeper.walk(upper.get(), target.get(), {});
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
