#include "benchprocess.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include <string>

extern char **environ;

namespace tw::bench {

ProcessRun runProcess(const QString &program, const QStringList &args, const QString &stdoutFile,
                      const QString &stderrFile, const QString &stdinFile, const QStringList &environment)
{
    std::vector<std::string> envStorage;
    for (const QString &e : environment)
        envStorage.push_back(e.toStdString());
    std::vector<char *> envp;
    for (std::string &e : envStorage)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    std::vector<std::string> storage;
    storage.push_back(program.toStdString());
    for (const QString &a : args)
        storage.push_back(a.toStdString());
    std::vector<char *> argv;
    for (std::string &s : storage)
        argv.push_back(s.data());
    argv.push_back(nullptr);

    const std::string out = stdoutFile.toStdString();
    const std::string err = stderrFile.isEmpty() ? std::string("/dev/null") : stderrFile.toStdString();
    const std::string in = stdinFile.isEmpty() ? std::string("/dev/null") : stdinFile.toStdString();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);

    ProcessRun run;
    timespec start{}, end{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, storage.front().c_str(), &actions, nullptr, argv.data(),
                                    environment.isEmpty() ? environ : envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return run;
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    clock_gettime(CLOCK_MONOTONIC, &end);
    run.wallMs = double(end.tv_sec - start.tv_sec) * 1e3 + double(end.tv_nsec - start.tv_nsec) / 1e6;
    run.cpuMs = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
                + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    run.maxRssKib = usage.ru_maxrss;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

void useTemporaryHome(const QString &root)
{
    qputenv("XDG_CONFIG_HOME", (root + QStringLiteral("/config")).toLocal8Bit());
    qputenv("XDG_DATA_HOME", (root + QStringLiteral("/share")).toLocal8Bit());
    qputenv("XDG_CACHE_HOME", (root + QStringLiteral("/cache")).toLocal8Bit());
}

} // namespace tw::bench
