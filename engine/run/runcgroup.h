#pragma once
// Memory and process limits for a sandbox that has none of its own (bubblewrap): a cgroup made
// for one run, the sandbox moved into it before it executes, its memory and pids capped, and
// every process in it killed and the cgroup removed when the run ends. cgroup v2 (a sibling of
// Toolwright's own cgroup, or a child of the root) and v1 (the memory and pids hierarchies) are
// both handled; where neither can be written (no delegation to this user), create() says why
// and the run reports its limits as not enforced instead of implying them.

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace tw::engine {

class RunCgroup final
{
public:
    // `name` must be unique per run; the directory is `toolwright-<owner token>-<name>`, so the
    // next Toolwright removes what a killed one left.
    static std::unique_ptr<RunCgroup> create(const QString &name, int memoryMb, int pidsLimit, QString *why);
    // The directory of this process's own cgroup in the mounted file system: for a v1
    // `controller` ("memory", "pids"), or v2 when empty. Mount-root aware, so right inside a
    // container too. Empty when no mount shows it.
    static QByteArray ownDirectory(const QByteArray &controller);
    ~RunCgroup();
    RunCgroup(const RunCgroup &) = delete;
    RunCgroup &operator=(const RunCgroup &) = delete;

    // Caps the run at `cpus` CPUs (cpu.max on v2, the CFS quota on v1), where the cpu controller
    // can be used. Call it before the sandbox starts; false when no limit could be set.
    bool limitCpu(double cpus);
    double cpus() const { return m_cpus; }

    // Moves the calling process into the cgroup. Async-signal-safe (open/write/close on paths
    // prepared beforehand): meant for QProcess's child-process modifier, between fork and exec.
    bool enterFromChild() const noexcept;
    // Whether the kernel's OOM killer killed a process of the run.
    bool outOfMemory() const;
    // Peak memory of the run, in bytes (0 when the kernel does not say).
    qint64 peakMemoryBytes() const;
    // SIGKILL to every process still in the cgroup.
    void killAll() const;
    // "cgroup v2" or "cgroup v1".
    QString mechanism() const { return m_v2 ? QStringLiteral("cgroup v2") : QStringLiteral("cgroup v1"); }

private:
    RunCgroup() = default;
    bool m_v2 = false;
    std::vector<QByteArray> m_dirs;  // v2: one; v1: memory, pids
    std::vector<QByteArray> m_procs; // <dir>/cgroup.procs, NUL-terminated for the child
    QByteArray m_memoryDir;
    double m_cpus = 0; // the CPU limit set (0: none)
};

} // namespace tw::engine
