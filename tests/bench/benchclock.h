#pragma once
// A clock for benchmarks on a shared machine: the wall time of this thread less the time it sat
// runnable waiting for a CPU (the kernel's run-queue delay, /proc/thread-self/schedstat). What
// remains is the time it ran or was blocked — on a lock, on another thread, on I/O — so a stall
// caused by the code still counts, while the time other processes held both cores does not.
// Where the kernel keeps no schedstat, the run-queue delay reads as 0 and this is wall time.

#include <QElapsedTimer>

#include <cstdio>

namespace tw::bench {

// Nanoseconds this thread has waited on a run queue so far.
inline qint64 runQueueWaitNs()
{
    std::FILE *f = std::fopen("/proc/thread-self/schedstat", "r");
    if (!f)
        return 0;
    long long onCpu = 0, waiting = 0;
    const int n = std::fscanf(f, "%lld %lld", &onCpu, &waiting);
    std::fclose(f);
    return n == 2 ? waiting : 0;
}

class BusyClock
{
public:
    void start()
    {
        m_waitAtStart = runQueueWaitNs();
        m_wall.start();
    }
    bool isValid() const { return m_wall.isValid(); }
    // Milliseconds since start(), less this thread's run-queue delay in that time.
    double elapsedMs() const
    {
        const qint64 wall = m_wall.nsecsElapsed();
        return double(wall - (runQueueWaitNs() - m_waitAtStart)) / 1e6;
    }
    double wallMs() const { return double(m_wall.nsecsElapsed()) / 1e6; }

private:
    QElapsedTimer m_wall;
    qint64 m_waitAtStart = 0;
};

} // namespace tw::bench
