#include "run/sandboxstage.h"

#include "run/sandboxidentity.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace tw::engine {

namespace {

// No allocation, no stdio: a child between fork and exec of a threaded parent.
void say(const char *step, int error) noexcept
{
    char buf[160];
    size_t n = 0;
    auto add = [&](const char *s) {
        while (*s && n < sizeof buf - 1)
            buf[n++] = *s++;
    };
    add(kStageErrorPrefix);
    add(step);
    add(": ");
    add(::strerrordesc_np(error) ? ::strerrordesc_np(error) : "error");
    buf[n++] = '\n';
    [[maybe_unused]] const ssize_t w = ::write(2, buf, n);
}

bool writeFile(const char *path, const char *text) noexcept
{
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const size_t len = std::strlen(text);
    const bool ok = ::write(fd, text, len) == ssize_t(len);
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return ok;
}

// "0 <id> 1\n" without snprintf.
void idMap(char *out, size_t size, unsigned id) noexcept
{
    char digits[16];
    int d = 0;
    do {
        digits[d++] = char('0' + id % 10);
        id /= 10;
    } while (id && d < 15);
    size_t n = 0;
    out[n++] = '0';
    out[n++] = ' ';
    while (d && n < size - 4)
        out[n++] = digits[--d];
    out[n++] = ' ';
    out[n++] = '1';
    out[n++] = '\n';
    out[n] = 0;
}

} // namespace

QString SandboxStage::makeMountPoints() const
{
    if (!active && !onHost)
        return {};
    auto make = [this](const QByteArray &relative, bool file) -> QString {
        const QByteArray path = runDir + '/' + relative;
        const int rc = file ? ::open(path.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)
                            : ::mkdir(path.constData(), 0700);
        if (rc < 0)
            return QStringLiteral("cannot make the mount point %1 (%2)").arg(QFile::decodeName(path), QString::fromLocal8Bit(std::strerror(errno)));
        if (file)
            ::close(rc);
        return {};
    };
    for (const Bind &b : binds)
        if (QString error = make(b.target, b.file); !error.isEmpty())
            return error;
    return overlayTarget.isEmpty() ? QString() : make(overlayTarget, false);
}

QString SandboxStage::mountOnHost() const
{
    if (!onHost || overlayTarget.isEmpty())
        return {};
    const QByteArray target = runDir + '/' + overlayTarget;
    if (::mount("overlay", target.constData(), "overlay", MS_NOSUID | MS_NODEV, overlayOptions.constData()) != 0)
        return QStringLiteral("cannot mount the data root's overlay at %1 (%2)")
            .arg(QFile::decodeName(target), QString::fromLocal8Bit(std::strerror(errno)));
    return {};
}

void SandboxStage::unmountOnHost() const
{
    if (onHost && !overlayTarget.isEmpty())
        ::umount2(QByteArray(runDir + '/' + overlayTarget).constData(), MNT_DETACH | UMOUNT_NOFOLLOW);
}

bool writeCapReached(const QString &changesDir)
{
    struct statvfs st{};
    if (::statvfs(QFile::encodeName(changesDir).constData(), &st) != 0)
        return false;
    // tmpfs gives whole pages: less than a few left is full for any write that mattered.
    return st.f_bavail * st.f_frsize < 64 * 1024 || st.f_favail < 2;
}

QByteArray writeCapOptions(int capMb, int capFiles)
{
    return "size=" + QByteArray::number(qint64(capMb) * 1024 * 1024) + ",nr_inodes=" + QByteArray::number(capFiles + 4)
        + ",mode=0700"; // its root, upper/, work/, work/work
}

int receiveCapDescriptor(int socket)
{
    char data[1];
    iovec io{data, sizeof data};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
    msghdr msg{};
    msg.msg_iov = &io;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    if (::recvmsg(socket, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC) != 1)
        return -1;
    for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int))) {
            int fd = -1;
            std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
            // Only a directory of a tmpfs is a cap: anything else is closed and the run uncapped.
            struct statfs st{};
            if (::fstatfs(fd, &st) == 0 && st.f_type == TMPFS_MAGIC)
                return fd;
            ::close(fd);
        }
    }
    return -1;
}

QString prepareRunDirectory(const QString &runDir, const SandboxIdentity &identity, int capMb, int capFiles, bool *capped)
{
    *capped = false;
    const QByteArray base = QFile::encodeName(runDir);
    const bool root = identity.dropsPrivileges;
    struct Part
    {
        const char *name;
        mode_t mode;
        bool groupOfIdentity; // root: group-owned by the identity's group
        bool ownedByIdentity; // root: owned by the identity
    };
    // changes/upper is the overlay's top: its owner and mode are what the tool sees of
    // /officer/user itself. work/ is overlayfs's own, and changes/ keeps both out of the tool's
    // reach (the tool sees the upper only through the overlay).
    const Part parts[] = {{"files", 0750, true, false},
                          {"stage", 0750, true, false},
                          {"changes", 0700, false, false},
                          {"changes/upper", 0755, false, true},
                          {"changes/work", 0700, false, false}};
    if (::chmod(base.constData(), 0711) != 0)
        return QStringLiteral("cannot open the run directory %1 (%2)").arg(runDir, QString::fromLocal8Bit(std::strerror(errno)));
    for (const Part &part : parts) {
        const QByteArray path = base + '/' + part.name;
        if (::mkdir(path.constData(), 0700) != 0 && errno != EEXIST)
            return QStringLiteral("cannot make %1 (%2)").arg(QFile::decodeName(path), QString::fromLocal8Bit(std::strerror(errno)));
        if (root && std::strcmp(part.name, "changes") == 0 && capMb > 0 && capFiles > 0) {
            // The overlay's upper and work directories live here: what the run writes in its
            // data root cannot pass the cap, whatever the host's disk has free.
            const QByteArray options = writeCapOptions(capMb, capFiles);
            if (::mount("tmpfs", path.constData(), "tmpfs", MS_NOSUID | MS_NODEV, options.constData()) != 0)
                return QStringLiteral("cannot cap the run's writes (tmpfs at %1: %2)")
                    .arg(QFile::decodeName(path), QString::fromLocal8Bit(std::strerror(errno)));
            *capped = true;
        }
        if (root && (part.groupOfIdentity || part.ownedByIdentity)
            && ::lchown(path.constData(), part.ownedByIdentity ? identity.uid : 0, identity.gid) != 0)
            return QStringLiteral("cannot give %1 to %2 (%3)").arg(QFile::decodeName(path), identity.describe(), QString::fromLocal8Bit(std::strerror(errno)));
        if (::chmod(path.constData(), part.mode) != 0)
            return QStringLiteral("cannot set the mode of %1 (%2)").arg(QFile::decodeName(path), QString::fromLocal8Bit(std::strerror(errno)));
    }
    return {};
}

bool SandboxStage::enter() const noexcept
{
    if (!active)
        return true;
    if (seccompFd >= 0 && ::fcntl(seccompFd, F_SETFD, 0) != 0)
        return say("the seccomp filter", errno), false;
    if (asRoot) {
        if (::unshare(CLONE_NEWNS) != 0)
            return say("unshare(mount namespace)", errno), false;
    } else {
        const uid_t outerUid = ::getuid();
        const gid_t outerGid = ::getgid();
        if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
            return say("unshare(user and mount namespace)", errno), false;
        char map[32];
        idMap(map, sizeof map, outerUid);
        if (!writeFile("/proc/self/uid_map", map))
            return say("uid_map", errno), false;
        if (!writeFile("/proc/self/setgroups", "deny"))
            return say("setgroups", errno), false;
        idMap(map, sizeof map, outerGid);
        if (!writeFile("/proc/self/gid_map", map))
            return say("gid_map", errno), false;
    }
    // Nothing mounted here reaches the host, nor the other way round while the run lasts.
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        return say("private mounts", errno), false;
    if (::chdir(runDir.constData()) != 0)
        return say("the run directory", errno), false;
    // Not root: the write cap in this namespace (see capOptions).
    bool capMounted = false;
    if (!asRoot && !capOptions.isEmpty() && capSocket >= 0 && !overlayTarget.isEmpty()
        && ::mount("tmpfs", "changes", "tmpfs", MS_NOSUID | MS_NODEV, capOptions.constData()) == 0) {
        capMounted = ::mkdir("changes/upper", 0755) == 0 && ::mkdir("changes/work", 0700) == 0;
        if (!capMounted)
            ::umount2("changes", MNT_DETACH);
    }
    for (const Bind &b : binds) {
        if (::mount(b.source.constData(), b.target.constData(), nullptr, MS_BIND | MS_REC, nullptr) != 0)
            return say(b.target.constData(), errno), false;
    }
    if (!overlayTarget.isEmpty()
        && ::mount("overlay", overlayTarget.constData(), "overlay", MS_NOSUID | MS_NODEV, overlayOptions.constData()) != 0) {
        // An overlay that will not take the tmpfs as its upper layer: the run directory's own.
        if (!capMounted || ::umount2("changes", MNT_DETACH) != 0
            || ::mount("overlay", overlayTarget.constData(), "overlay", MS_NOSUID | MS_NODEV, overlayOptions.constData()) != 0)
            return say("the data root's overlay", errno), false;
        capMounted = false;
    }
    if (capMounted) {
        const int fd = ::open("changes", O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return say("the write cap", errno), false;
        char data[1] = {'c'};
        iovec io{data, sizeof data};
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
        msghdr msg{};
        msg.msg_iov = &io;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
        const bool sent = ::sendmsg(capSocket, &msg, MSG_NOSIGNAL) == 1;
        const int saved = errno;
        ::close(fd);
        if (!sent)
            return say("the write cap", saved), false;
    }
    if (::chdir("/") != 0)
        return say("chdir /", errno), false;
    if (asRoot && !dropToIdentity(uid, gid))
        return say("becoming the sandbox account", errno ? errno : EPERM), false;
    return true;
}

bool dropToIdentity(uid_t uid, gid_t gid) noexcept
{
    errno = 0;
    if (::setgroups(0, nullptr) != 0 || ::setresgid(gid, gid, gid) != 0 || ::setresuid(uid, uid, uid) != 0)
        return false;
    return ::getuid() != 0 && ::geteuid() != 0;
}

} // namespace tw::engine
