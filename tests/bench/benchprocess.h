#pragma once
// Runs a benchmarked command the way a shell would — posix_spawn, stdout to a file, wait4 — so
// a timing holds the process and nothing of ours, and reports its peak memory too.

#include <QString>
#include <QStringList>

#include <algorithm>
#include <vector>

namespace tw::bench {

struct ProcessRun
{
    double wallMs = 0;
    double cpuMs = 0;     // user + system
    long maxRssKib = 0;
    int exitCode = -1;    // -1: did not exit normally
};

// Runs `program args…` with stdout written to `stdoutFile` (stderr to /dev/null unless
// `stderrFile` is given, stdin from /dev/null unless `stdinFile` is) and waits for it. The
// environment is this process's, or exactly `environment` ("NAME=value" entries) when given.
ProcessRun runProcess(const QString &program, const QStringList &args, const QString &stdoutFile,
                      const QString &stderrFile = QString(), const QString &stdinFile = QString(),
                      const QStringList &environment = QStringList());

// Points this process's settings, data and cache dirs (XDG_CONFIG_HOME, XDG_DATA_HOME,
// XDG_CACHE_HOME) under `root`, so a benchmark's settings, run history and caches go there and
// never to the user's. Call before the application object exists.
void useTemporaryHome(const QString &root);

// Median (reported) and minimum (checked: the least disturbed by other load) of several runs.
struct Timing
{
    double median = 0, min = 0;
};

inline Timing summarise(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return {values[values.size() / 2], values.front()};
}

} // namespace tw::bench
