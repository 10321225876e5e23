#include "run/runcgroup.h"

#include "run/runowner.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QThread>

#include <cerrno>
#include <cstring>
#include <utility>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tw::engine {

namespace {

QByteArray readSmall(const QByteArray &path)
{
    QFile f(QFile::decodeName(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeSmall(const QByteArray &path, const QByteArray &value)
{
    const int fd = ::open(path.constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, value.constData(), size_t(value.size())) == value.size();
    ::close(fd);
    return ok;
}

// "key N" out of a flat-keyed cgroup file (memory.events, memory.oom_control).
qint64 keyedValue(const QByteArray &text, const QByteArray &key)
{
    for (const QByteArray &line : text.split('\n')) {
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() == 2 && parts[0] == key)
            return parts[1].toLongLong();
    }
    return -1;
}

struct Mount
{
    QByteArray point;
    QByteArray root; // the cgroup the mount shows at `point` ("/", or a container's own cgroup)
    bool v2 = false;
    QByteArrayList controllers; // v1 super options naming controllers
};

QList<Mount> cgroupMounts()
{
    QList<Mount> mounts;
    // mountinfo: "id parent maj:min root point options [optional...] - fstype source superopts"
    for (const QByteArray &line : readSmall("/proc/self/mountinfo").split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        const qsizetype dash = f.indexOf("-");
        if (dash < 5 || dash + 3 >= f.size())
            continue;
        const QByteArray &type = f[dash + 1];
        if (type == "cgroup2")
            mounts.append({f[4], f[3], true, {}});
        else if (type == "cgroup")
            mounts.append({f[4], f[3], false, f[dash + 3].split(',')});
    }
    return mounts;
}

// /proc/self/cgroup: "0::/path" (v2) and "N:ctrl,ctrl:/path" (v1).
QByteArray ownPath(const QByteArray &controller)
{
    for (const QByteArray &line : readSmall("/proc/self/cgroup").split('\n')) {
        const qsizetype a = line.indexOf(':'), b = line.indexOf(':', a + 1);
        if (a < 0 || b < 0)
            continue;
        const QByteArray ctrls = line.mid(a + 1, b - a - 1);
        if (controller.isEmpty() ? ctrls.isEmpty() && line.startsWith("0:") : ctrls.split(',').contains(controller))
            return line.mid(b + 1);
    }
    return {};
}

// Removes the (empty) run cgroups in `parent` whose Toolwright is gone: a killed Toolwright
// cannot remove its own. A live one's are never touched, even while still empty.
void removeStaleRunCgroups(const QByteArray &parent)
{
    const QDir dir(QFile::decodeName(parent));
    for (const QString &name : dir.entryList({QStringLiteral("toolwright-*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString owner = name.section(u'-', 1, 1);
        if (!owner.contains(u'.') || runOwnerAlive(owner))
            continue;
        ::rmdir(QFile::encodeName(dir.filePath(name)).constData());
    }
}

// Where cgroup `path` (as /proc/self/cgroup names it) is in the file system mounted by `m`:
// a container's mount shows its own cgroup at the mount point, not the hierarchy's root.
// Empty when the mount does not show it.
QByteArray inMount(const Mount &m, const QByteArray &path)
{
    if (path.isEmpty())
        return {};
    if (m.root == "/")
        return path == "/" ? m.point : m.point + path;
    if (path == m.root)
        return m.point;
    if (path.startsWith(QByteArray(m.root + '/')))
        return m.point + path.mid(m.root.size());
    return {};
}

QByteArray parentOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash <= 0 ? QByteArray() : path.left(slash);
}

} // namespace

std::unique_ptr<RunCgroup> RunCgroup::create(const QString &name, int memoryMb, int pidsLimit, QString *why)
{
    std::unique_ptr<RunCgroup> cg(new RunCgroup);
    const QByteArray dirName = "toolwright-" + runOwnerToken().toLatin1() + '-' + QFile::encodeName(name);
    const QByteArray bytes = QByteArray::number(qint64(memoryMb) * 1024 * 1024);
    const QList<Mount> mounts = cgroupMounts();
    auto makeDir = [&](const QByteArray &dir) {
        removeStaleRunCgroups(dir.left(dir.lastIndexOf('/')));
        if (::mkdir(dir.constData(), 0755) != 0)
            return false;
        cg->m_dirs.push_back(dir);
        cg->m_procs.push_back(dir + "/cgroup.procs");
        return true;
    };

    // cgroup v2 with the memory and pids controllers: a sibling of our own cgroup (a cgroup
    // with processes may not have children with controllers), or a child of the root.
    for (const Mount &m : mounts) {
        if (!m.v2)
            continue;
        const QByteArray ownDir = inMount(m, ownPath({}));
        if (ownDir.isEmpty())
            continue;
        // At the mount's top (the root, or a container's own cgroup) the child goes in it.
        const QByteArray parent = ownDir == m.point ? m.point : parentOf(ownDir);
        const QByteArrayList available = readSmall(parent + "/cgroup.subtree_control").trimmed().split(' ');
        if (!available.contains("memory") || !available.contains("pids")) {
            if (parent != m.point || !writeSmall(parent + "/cgroup.subtree_control", "+memory +pids"))
                continue;
        }
        if (!makeDir(parent + '/' + dirName))
            continue;
        cg->m_v2 = true;
        cg->m_memoryDir = cg->m_dirs.front();
        const QByteArray &d = cg->m_memoryDir;
        if (!writeSmall(d + "/memory.max", bytes) || !writeSmall(d + "/pids.max", QByteArray::number(pidsLimit))) {
            if (why)
                *why = QStringLiteral("cannot set the limits of %1").arg(QFile::decodeName(d));
            return nullptr;
        }
        writeSmall(d + "/memory.swap.max", "0"); // absent without swap accounting
        return cg;
    }

    // cgroup v1: the memory and the pids hierarchies, each a child of our own cgroup there.
    const QByteArray memoryOwn = ownDirectory("memory"), pidsOwn = ownDirectory("pids");
    if (!memoryOwn.isEmpty() && !pidsOwn.isEmpty()) {
        const QByteArray memoryDir = memoryOwn + '/' + dirName;
        const QByteArray pidsDir = pidsOwn + '/' + dirName;
        if (makeDir(memoryDir) && makeDir(pidsDir)) {
            cg->m_memoryDir = memoryDir;
            if (!writeSmall(memoryDir + "/memory.limit_in_bytes", bytes)
                || !writeSmall(pidsDir + "/pids.max", QByteArray::number(pidsLimit))) {
                if (why)
                    *why = QStringLiteral("cannot set the limits of %1").arg(QFile::decodeName(memoryDir));
                return nullptr;
            }
            // With swap accounting, memory + swap gets the same cap: no swapping past the limit.
            if (QFile::exists(QFile::decodeName(memoryDir + "/memory.memsw.limit_in_bytes")))
                writeSmall(memoryDir + "/memory.memsw.limit_in_bytes", bytes);
            return cg;
        }
    }
    if (why)
        *why = mounts.isEmpty() ? QStringLiteral("no cgroup file system is mounted")
                                : QStringLiteral("no cgroup with the memory and pids controllers is writable by this user "
                                                 "(%1)").arg(QString::fromLocal8Bit(strerror(errno)));
    return nullptr;
}

QByteArray RunCgroup::ownDirectory(const QByteArray &controller)
{
    const QByteArray own = ownPath(controller);
    for (const Mount &m : cgroupMounts()) {
        if (controller.isEmpty() ? m.v2 : !m.v2 && m.controllers.contains(controller)) {
            const QByteArray dir = inMount(m, own);
            if (!dir.isEmpty())
                return dir;
        }
    }
    return {};
}

bool RunCgroup::limitCpu(double cpus)
{
    if (cpus <= 0 || m_dirs.empty())
        return false;
    constexpr qint64 period = 100000; // µs, the kernel's default
    const QByteArray quota = QByteArray::number(qint64(cpus * period));
    if (m_v2) {
        const QByteArray &dir = m_dirs.front();
        const QByteArray parent = parentOf(dir);
        if (!readSmall(parent + "/cgroup.subtree_control").trimmed().split(' ').contains("cpu"))
            writeSmall(parent + "/cgroup.subtree_control", "+cpu");
        if (!writeSmall(dir + "/cpu.max", quota + ' ' + QByteArray::number(period)))
            return false;
        m_cpus = cpus;
        return true;
    }
    const QByteArray own = ownDirectory("cpu");
    if (own.isEmpty())
        return false;
    const QByteArray dir = own + '/' + m_dirs.front().mid(m_dirs.front().lastIndexOf('/') + 1);
    removeStaleRunCgroups(own);
    if (::mkdir(dir.constData(), 0755) != 0)
        return false;
    m_dirs.push_back(dir);
    m_procs.push_back(dir + "/cgroup.procs");
    if (!writeSmall(dir + "/cpu.cfs_period_us", QByteArray::number(period)) || !writeSmall(dir + "/cpu.cfs_quota_us", quota))
        return false;
    m_cpus = cpus;
    return true;
}

RunCgroup::~RunCgroup()
{
    killAll();
    for (auto it = m_dirs.rbegin(); it != m_dirs.rend(); ++it) {
        // The killed processes leave the cgroup as they are reaped: a moment at most.
        for (int attempt = 0; attempt < 50 && ::rmdir(it->constData()) != 0 && errno == EBUSY; ++attempt)
            QThread::msleep(10);
    }
}

bool RunCgroup::enterFromChild() const noexcept
{
    // No allocation here: the pid is formatted into a stack buffer.
    char buf[24];
    int n = 0;
    for (pid_t pid = ::getpid(); pid > 0 && n < int(sizeof buf); pid /= 10)
        buf[n++] = char('0' + pid % 10);
    for (int i = 0; i < n / 2; ++i)
        std::swap(buf[i], buf[n - 1 - i]);
    for (const QByteArray &procs : m_procs) {
        const int fd = ::open(procs.constData(), O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return false;
        const bool ok = ::write(fd, buf, size_t(n)) == n;
        ::close(fd);
        if (!ok)
            return false;
    }
    return true;
}

bool RunCgroup::outOfMemory() const
{
    if (m_memoryDir.isEmpty())
        return false;
    if (m_v2)
        return keyedValue(readSmall(m_memoryDir + "/memory.events"), "oom_kill") > 0;
    const qint64 kills = keyedValue(readSmall(m_memoryDir + "/memory.oom_control"), "oom_kill");
    if (kills >= 0)
        return kills > 0;
    return readSmall(m_memoryDir + "/memory.failcnt").trimmed().toLongLong() > 0; // kernels before 4.13
}

qint64 RunCgroup::peakMemoryBytes() const
{
    if (m_memoryDir.isEmpty())
        return 0;
    return readSmall(m_memoryDir + (m_v2 ? "/memory.peak" : "/memory.max_usage_in_bytes")).trimmed().toLongLong();
}

void RunCgroup::killAll() const
{
    if (m_v2 && !m_dirs.empty() && writeSmall(m_dirs.front() + "/cgroup.kill", "1"))
        return;
    for (const QByteArray &procs : m_procs) {
        for (const QByteArray &pid : readSmall(procs).split('\n')) {
            if (const int p = pid.toInt(); p > 0)
                ::kill(p, SIGKILL);
        }
    }
}

} // namespace tw::engine
