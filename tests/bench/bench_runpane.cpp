// Benchmark: a run pane, offscreen, showing a real bubblewrap run of a tool that sends 10,000
// onUpdate snapshots as fast as it can, 5 MB of log and a 20 MB result (README "For testers").
// Each round is a fresh pane in this process, measuring on the GUI thread's BusyClock (wall time
// less the time the thread waited for a CPU: benchclock.h)
//   - the longest the event loop went without running from the sandbox's start to the run's
//     outcome (a 1 ms precise timer notes every gap), and whether it came after the result;
//   - the floor: what a 20 MB result cannot be shown without — one copy of it (the pane keeps it
//     whole for Save Output) and a run text view of the pane's size showing its capped head
//     (kDisplayCap characters), set and painted; median of several, in this process at this
//     moment (tst_runpane checks its bound against the same floor).
// The ratio stall / floor is taken within each round and its median over the rounds is checked
// (exit 1): a busy machine slows both alike, a regression only the stall. Its bound fails the
// regression fixed so far (README "Benchmarks"): the runner's output parsed on the GUI thread.
//
//   bench_runpane [--quick]    --quick: 3 rounds instead of 7

#include "benchclock.h"
#include "benchprocess.h"
#include "bigoutputtool.h"
#include "catalog/catalog.h"
#include "run/runlauncher.h"
#include "run/runtime.h"
#include "running/runpane.h"
#include "runupdatesmodel.h"
#include "secrets/secretstore.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace tw;
using tw::bench::summarise;

namespace {

// Times every event the loop dispatches (outermost only) and keeps the slowest while recording,
// so the stall is printed with what caused it.
class TimedApplication final : public QApplication
{
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (m_depth++ > 0 || !recording) {
            const bool r = QApplication::notify(receiver, event);
            --m_depth;
            return r;
        }
        tw::bench::BusyClock t;
        t.start();
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        if (const double ms = t.elapsedMs(); ms > slowestMs) {
            slowestMs = ms;
            slowest = QString::fromLatin1(receiver->metaObject()->className()) + QStringLiteral(" event %1").arg(int(event->type()));
        }
        return r;
    }
    bool recording = false;
    double slowestMs = 0;
    QString slowest;

private:
    int m_depth = 0;
};

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("bench_runpane: cannot write %s", qPrintable(path));
}

struct Round
{
    double stall = 0, stallWall = 0, floor = 0, wall = 0;
    bool atResult = false; // the longest gap came after the result event arrived (its display)
    int updates = 0;
    bool ok = false;
};

Round measureOnce(const engine::ToolRecord &tool, const QString &data)
{
    Round round;
    // The pane presents the one run path, as the Run view makes it (no history, no secrets).
    engine::MemorySecretStore secrets;
    engine::RunRequest request{tool, data, QStringLiteral("bench@localhost"), {{QStringLiteral("mode"), QStringLiteral("big")}},
                               QStringLiteral("bwrap"), 0,
                               QStringLiteral("global v1")};
    ui::RunPane pane(std::make_unique<engine::RunLauncher>(std::move(request), secrets, QString()));
    engine::RunSession *s = pane.session();
    pane.resize(1000, 700);
    pane.show();
    auto *app = static_cast<TimedApplication *>(QCoreApplication::instance());
    app->slowestMs = 0;

    tw::bench::BusyClock sinceTick;
    QElapsedTimer wall, sinceResult;
    bool running = false, ending = false;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, &pane, [&] {
        if (running) {
            const double gap = sinceTick.elapsedMs();
            if (gap > round.stall) {
                round.stall = gap;
                round.atResult = sinceResult.isValid();
            }
            round.stallWall = std::max(round.stallWall, sinceTick.wallMs());
        }
        sinceTick.start();
        if (ending) { // this gap held the rest of the pane's handling of the outcome
            running = false;
            app->recording = false;
            std::fprintf(stderr, "slowest event during the run: %.1f ms, %s\n", app->slowestMs, qPrintable(app->slowest));
            ticker.stop();
            round.wall = double(wall.nsecsElapsed()) / 1e6;
            QCoreApplication::quit();
        }
    });
    // From the sandbox's start: preparing is the bundler's time, not the pane's.
    QObject::connect(s, &engine::RunSession::sandboxStarted, &pane, [&] {
        running = true;
        app->recording = true;
        sinceTick.start();
    });
    QObject::connect(s, &engine::RunSession::eventReceived, &pane, [&](const engine::RunEvent &e) {
        if (e.kind == engine::RunEvent::Kind::Result && !sinceResult.isValid())
            sinceResult.start();
    });
    // The outcome is set while the pane still handles it: the next tick ends the measurement.
    QObject::connect(&pane, &ui::RunPane::stateChanged, &pane, [&] {
        if (pane.outcome())
            ending = true;
    });
    wall.start();
    ticker.start();
    pane.start();
    // A bound on the whole run, never the thing measured: a stuck run fails the round.
    QTimer::singleShot(120000, &pane, [] { QCoreApplication::quit(); });
    QCoreApplication::exec();
    if (!pane.outcome() || pane.outcome()->state != engine::RunState::Result) {
        std::fprintf(stderr, "bench_runpane: the run ended %s: %s\n",
                     pane.outcome() ? qPrintable(engine::runStateName(pane.outcome()->state)) : "not at all",
                     pane.outcome() ? qPrintable(pane.outcome()->message) : "");
        return round;
    }
    round.updates = pane.updatesModel()->total();

    // The floor: what a 20 MB result cannot be shown without — one copy of it (the pane keeps it
    // whole, as its raw line, for Save Output) and a view of its capped head, set and painted.
    const QString full = pane.resultText();
    std::vector<double> shows;
    for (int i = 0; i < 5; ++i) {
        std::unique_ptr<QPlainTextEdit> view(ui::makeRunTextView(nullptr, QStringLiteral("floor")));
        view->resize(pane.size());
        view->show();
        tw::bench::BusyClock t;
        t.start();
        const QString kept = QStringLiteral("+1.234 s  ") + full;
        view->setPlainText(kept.mid(10, ui::RunPane::kDisplayCap));
        view->repaint();
        shows.push_back(t.elapsedMs());
    }
    round.floor = summarise(shows).median;
    round.ok = true;
    return round;
}

} // namespace

int main(int argc, char *argv[])
{
    QTemporaryDir tmp;
    tw::bench::useTemporaryHome(tmp.path());
    qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const int rounds = quick ? 3 : 7;

    const QString data = tmp.path() + QStringLiteral("/data");
    writeFile(data + QStringLiteral("/tools/big_output/TOOL.md"), test::kBigOutputToolMd);
    writeFile(data + QStringLiteral("/tools/big_output/index.js"), test::kBigOutputEntry);
    QDir().mkpath(data + QStringLiteral("/bench@localhost"));
    const engine::Catalog catalog = engine::scanDataPath(data);
    if (catalog.global.tools.size() != 1)
        qFatal("bench_runpane: the generated tool did not load");

    std::vector<double> stall, stallWall, floor, ratio, wall;
    int atResult = 0;
    for (int i = 0; i <= rounds; ++i) { // round 0 warms the caches (esbuild, node) and is not counted
        const Round r = measureOnce(catalog.global.tools.first(), data);
        if (!r.ok || r.updates != 10000) {
            std::fprintf(stderr, "bench_runpane: round %d failed (%d of 10000 updates listed)\n", i, r.updates);
            return 2;
        }
        if (i == 0)
            continue;
        stall.push_back(r.stall);
        stallWall.push_back(r.stallWall);
        floor.push_back(r.floor);
        ratio.push_back(r.stall / r.floor);
        wall.push_back(r.wall);
        atResult += r.atResult;
    }
    const double stallRatio = summarise(ratio).median;
    std::printf("run pane benchmark: 10,000 snapshots, 5 MB log, 20 MB result in bubblewrap, offscreen, median of %d rounds\n",
                rounds);
    std::printf("%-52s %9.1f ms\n", "the run, from start to outcome", summarise(wall).median);
    std::printf("%-52s %9.1f ms   (after the result arrived in %d of %d rounds; wall clock %.1f ms)\n",
                "longest event-loop stall", summarise(stall).median, atResult, rounds, summarise(stallWall).median);
    std::printf("%-52s %9.1f ms\n", "floor: one copy of the result and a capped view", summarise(floor).median);
    std::printf("%-52s %9.1f x\n", "stall / floor (median of the rounds)", stallRatio);
    // Measured on the project machine (2 vCPUs, busy with builds): README "Benchmarks" says what
    // it fails.
    const double maxRatio = 8.0;
    const bool ok = stallRatio < maxRatio;
    if (!ok)
        std::printf("FAIL: the event loop stalled %.1fx the floor during the run (bound: %.1fx)\n", stallRatio, maxRatio);
    std::printf(ok ? "bench_runpane: goals met\n" : "bench_runpane: goals missed\n");
    return ok ? 0 : 1;
}
