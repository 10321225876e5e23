// Benchmark: the CLI at a whole platform's scale (issue 25) — `toolwright overrides --json` and
// `toolwright lint DATA_PATH --json` on 1,000 global tools + 1,000 users × 100 tools (101,000
// TOOL.md files), and on the 10,000-tool DATA_PATH of the other benchmarks, side by side with
// their floors, measured in the same round:
//   - overrides: the raw read of every TOOL.md (`find DATA -name TOOL.md | xargs -P2 cat`), the
//     least it must read;
//   - lint: the raw read of every file (`find DATA -type f | xargs -P2 cat`): lint reads the entry
//     files too.
// Every command is a fresh process on a warm page cache (each round reads each tree once before
// timing); its wall time and peak resident memory (wait4) are taken. The ratios are taken within
// each round and the medians over the rounds are reported and checked. Before timing, each
// command's answer is checked: every tool is in it, and a fast wrong answer does not count.
// Memory must not grow with the tool count beyond a small constant per tool: the growth from the
// small tree to the large one, per tool added, is reported and checked.
// Goals (exit 1 when missed), issue 25: overrides within 1.2x its floor and 150 MB, lint within
// 1.5x its floor and 200 MB, at 101,000 tools. --quick, what CI runs on a shared machine, takes a
// 31,000-tool tree (300 users) as the large one and guards against regressions instead: the
// memory bounds and the growth per tool hold as they are (memory does not depend on the load);
// the times within 2.5x (overrides) and 3x (lint) of their floors.
//
//   bench_platform [--quick] [--keep DIR] [--keep-large DIR]   --keep: reuse DIR for the 10,000-
//       tool tree (bench_list's), --keep-large for the large one; --quick: 5 rounds instead of 7

#include "benchdatapath.h"
#include "benchprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cstdio>

using namespace tw::bench;

namespace {

struct Command
{
    const char *name;
    QString program;
    QStringList args;
    std::vector<double> wall;
    std::vector<long> rssKib;
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// What each command must have found in a tree of `shape`: every tool once.
bool checkAnswers(const QString &overridesOut, const QString &lintOut, const DataPathShape &shape, QString *why)
{
    const qsizetype tools = qsizetype(shape.globals) + qsizetype(shape.users) * shape.toolsPerUser;
    QJsonParseError error{};
    const QJsonDocument overrides = QJsonDocument::fromJson(readAll(overridesOut), &error);
    if (!overrides.isArray()) {
        *why = QStringLiteral("overrides --json is not a JSON array: %1").arg(error.errorString());
        return false;
    }
    qsizetype entries = 0;
    for (const QJsonValue &row : overrides.array()) {
        const QJsonObject o = row.toObject();
        entries += !o.value(QStringLiteral("global")).isNull();
        entries += o.value(QStringLiteral("users")).toArray().size();
    }
    if (entries != tools) {
        *why = QStringLiteral("overrides --json names %1 tools; the tree has %2").arg(entries).arg(tools);
        return false;
    }
    const QJsonDocument lint = QJsonDocument::fromJson(readAll(lintOut), &error);
    const QJsonObject summary = lint.object().value(QStringLiteral("summary")).toObject();
    if (lint.object().value(QStringLiteral("tools")).toArray().size() != tools
        || summary.value(QStringLiteral("tools")).toInteger() != tools) {
        *why = QStringLiteral("lint --json lists %1 tools (summary: %2); the tree has %3 (%4)")
                   .arg(lint.object().value(QStringLiteral("tools")).toArray().size())
                   .arg(summary.value(QStringLiteral("tools")).toInteger()).arg(tools).arg(error.errorString());
        return false;
    }
    return true;
}

struct TreeResult
{
    qsizetype tools = 0;
    double overridesRatio = 0, lintRatio = 0;
    double overridesMs = 0, lintMs = 0, floorMdMs = 0, floorAllMs = 0;
    double overridesMb = 0, lintMb = 0;
};

bool measure(const QString &data, const DataPathShape &shape, int rounds, const QString &scratchDir, TreeResult *result, const QString &tag)
{
    const QString sh = QStringLiteral("/bin/sh");
    Command commands[] = {
        {"floor: read every TOOL.md", sh,
         {QStringLiteral("-c"), QStringLiteral("find \"$1\" -name TOOL.md -print0 | xargs -0 -P2 -n 2000 cat"), sh, data}, {}, {}},
        {"toolwright overrides --json", QStringLiteral(TW_BINARY),
         {QStringLiteral("overrides"), QStringLiteral("--data"), data, QStringLiteral("--json")}, {}, {}},
        {"floor: read every file", sh,
         {QStringLiteral("-c"), QStringLiteral("find \"$1\" -type f -print0 | xargs -0 -P2 -n 2000 cat"), sh, data}, {}, {}},
        {"toolwright lint DATA --json", QStringLiteral(TW_BINARY), {QStringLiteral("lint"), data, QStringLiteral("--json")}, {}, {}},
    };
    Command &floorMd = commands[0], &overrides = commands[1], &floorAll = commands[2], &lint = commands[3];
    const QString scratch = scratchDir + QStringLiteral("/out"), errors = scratchDir + QStringLiteral("/stderr");

    // Warm the page cache, and check the answers before timing anything.
    const QString overridesOut = scratchDir + u'/' + tag + QStringLiteral("-overrides.json");
    const QString lintOut = scratchDir + u'/' + tag + QStringLiteral("-lint.json");
    for (Command &c : commands) {
        const QString out = &c == &overrides ? overridesOut : &c == &lint ? lintOut : scratch;
        const ProcessRun r = runProcess(c.program, c.args, out, errors);
        if (r.exitCode != 0) {
            std::fprintf(stderr, "bench_platform: %s exited with %d:\n%s\n", c.name, r.exitCode, readAll(errors).left(4000).constData());
            return false;
        }
    }
    for (int i = 0; i < rounds; ++i) {
        for (Command &c : commands) {
            const ProcessRun r = runProcess(c.program, c.args, scratch);
            c.wall.push_back(r.wallMs);
            c.rssKib.push_back(r.maxRssKib);
        }
    }
    std::vector<double> overridesRatio, lintRatio;
    for (size_t i = 0; i < size_t(rounds); ++i) {
        overridesRatio.push_back(overrides.wall[i] / floorMd.wall[i]);
        lintRatio.push_back(lint.wall[i] / floorAll.wall[i]);
    }
    const auto medianMb = [](const std::vector<long> &kib) {
        std::vector<double> mb;
        for (long k : kib)
            mb.push_back(double(k) / 1024.0);
        return summarise(mb).median;
    };
    result->tools = qsizetype(shape.globals) + qsizetype(shape.users) * shape.toolsPerUser;
    result->overridesRatio = summarise(overridesRatio).median;
    result->lintRatio = summarise(lintRatio).median;
    result->floorMdMs = summarise(floorMd.wall).median;
    result->floorAllMs = summarise(floorAll.wall).median;
    result->overridesMs = summarise(overrides.wall).median;
    result->lintMs = summarise(lint.wall).median;
    result->overridesMb = medianMb(overrides.rssKib);
    result->lintMb = medianMb(lint.rssKib);

    std::printf("%lld tools (%d global + %d users x %d), median of %d rounds\n", static_cast<long long>(result->tools),
                shape.globals, shape.users, shape.toolsPerUser, rounds);
    std::printf("  %-30s %9s %9s %9s\n", "command", "wall ms", "peak MB", "x floor");
    for (const Command &c : commands) {
        const double ratio = &c == &overrides ? result->overridesRatio : &c == &lint ? result->lintRatio : 1.0;
        std::printf("  %-30s %9.1f %9.1f %9.2f\n", c.name, summarise(c.wall).median, medianMb(c.rssKib), ratio);
    }
    std::fflush(stdout);
    return true;
}

QString keptOrTemporary(const QStringList &arguments, const QString &option, const QString &fallback)
{
    const qsizetype at = arguments.indexOf(option);
    return at > 0 && at + 1 < arguments.size() ? arguments[at + 1] : fallback;
}

bool prepare(const QString &data, const DataPathShape &shape)
{
    QElapsedTimer generation;
    generation.start();
    QDir().mkpath(data);
    if (const qint64 bytes = prepareDataPath(data, shape); bytes > 0)
        std::printf("generated %s: %d global + %d users x %d tools, %.1f MB in %.1f s\n", qPrintable(data), shape.globals,
                    shape.users, shape.toolsPerUser, double(bytes) / 1e6, double(generation.elapsed()) / 1e3);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const bool quick = arguments.contains(QStringLiteral("--quick"));
    const int rounds = quick ? 5 : 7;

    QTemporaryDir tmp;
    const DataPathShape small;
    DataPathShape large;
    large.users = quick ? 300 : 1000;
    large.toolsPerUser = 100;
    const QString smallData = keptOrTemporary(arguments, QStringLiteral("--keep"), tmp.path() + QStringLiteral("/small"));
    const QString largeData = keptOrTemporary(arguments, QStringLiteral("--keep-large"), tmp.path() + QStringLiteral("/large"));
    prepare(smallData, small);
    prepare(largeData, large);

    TreeResult s, l;
    if (!measure(smallData, small, rounds, tmp.path(), &s, QStringLiteral("small"))
        || !measure(largeData, large, rounds, tmp.path(), &l, QStringLiteral("large")))
        return 2;
    // The answers are read last: the kernel counts the memory of this process at the moment it
    // starts a command (posix_spawn shares it until exec) as that command's peak, so this process
    // stays small while it times anything.
    for (const auto &[tag, shape] : {std::pair{QStringLiteral("small"), small}, std::pair{QStringLiteral("large"), large}}) {
        QString why;
        if (!checkAnswers(tmp.path() + u'/' + tag + QStringLiteral("-overrides.json"),
                          tmp.path() + u'/' + tag + QStringLiteral("-lint.json"), shape, &why)) {
            std::fprintf(stderr, "bench_platform: %s\n", qPrintable(why));
            return 2;
        }
    }

    // Bytes of peak memory per tool added from the small tree to the large one.
    const double added = double(l.tools - s.tools);
    const double overridesPerTool = (l.overridesMb - s.overridesMb) * 1024 * 1024 / added;
    const double lintPerTool = (l.lintMb - s.lintMb) * 1024 * 1024 / added;
    std::printf("peak memory per tool added (%lld -> %lld tools): overrides %.0f bytes, lint %.0f bytes\n",
                static_cast<long long>(s.tools), static_cast<long long>(l.tools), overridesPerTool, lintPerTool);

    bool ok = true;
    const auto check = [&ok](bool holds, const QString &what) {
        if (!holds) {
            std::printf("FAIL: %s\n", qPrintable(what));
            ok = false;
        }
    };
    const double overridesBound = quick ? 2.5 : 1.2, lintBound = quick ? 3.0 : 1.5;
    check(l.overridesRatio <= overridesBound,
          QStringLiteral("overrides --json takes %1x its floor at %2 tools (goal: within %3x)").arg(l.overridesRatio, 0, 'f', 2)
              .arg(l.tools).arg(overridesBound));
    check(l.lintRatio <= lintBound, QStringLiteral("lint --json takes %1x its floor at %2 tools (goal: within %3x)")
                                        .arg(l.lintRatio, 0, 'f', 2).arg(l.tools).arg(lintBound));
    check(l.overridesMb <= 150, QStringLiteral("overrides --json peaks at %1 MB at %2 tools (goal: 150 MB)")
                                    .arg(l.overridesMb, 0, 'f', 1).arg(l.tools));
    check(l.lintMb <= 200, QStringLiteral("lint --json peaks at %1 MB at %2 tools (goal: 200 MB)").arg(l.lintMb, 0, 'f', 1).arg(l.tools));
    // What a name needs to be printed in its place (overrides sorts every name before printing
    // the first): its row, its dir and a version, about 480 bytes a tool where most names are a
    // user's own (a row each). Lint holds nothing it printed.
    check(overridesPerTool <= 600, QStringLiteral("overrides --json holds %1 bytes more per tool added (bound: 600)")
                                       .arg(overridesPerTool, 0, 'f', 0));
    check(lintPerTool <= 100, QStringLiteral("lint --json holds %1 bytes more per tool added (bound: 100)").arg(lintPerTool, 0, 'f', 0));
    std::printf(ok ? "bench_platform: goals met\n" : "bench_platform: goals missed\n");
    return ok ? 0 : 1;
}
