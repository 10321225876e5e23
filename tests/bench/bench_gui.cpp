// Benchmark: the main window on a DATA_PATH of 10,000 tools (1,000 global + 100 users × 90),
// offscreen. Each round is a fresh process (the page cache warm), measuring
//   - launch to the first tool in the tree, and to the whole catalog on screen;
//   - the longest the event loop went without running while the scan was on, from the window's
//     first frame (its first paint is launch, reported apart) to the whole catalog on screen
//     (a 1 ms precise timer notes every gap) — goal: under 50 ms, no frozen window; the
//     slowest event behind it is printed on stderr;
//   - per keystroke in the search field (the filter runs on every key, then the view lays out
//     and paints): type a tool name and erase it — goal: under 16 ms, one frame; the filter
//     must find exactly the tools of that name, and give back the whole list once erased;
//   - the floor: the whole window painted once the catalog is on screen (median of several),
//     what a frame costs in this process on this machine at this moment.
// Stalls, keystrokes and the floor are timed on the GUI thread's BusyClock (benchclock.h): wall
// time less the time the thread waited for a CPU, so other processes on a 2-core machine do not
// count (the wall-clock figures are printed beside them). Every round must show every tool.
// Medians over the rounds are reported; the goals are checked on the medians (exit 1 when
// missed). --quick, what CI runs on a shared machine, checks the per-round ratios to the floor
// instead (their median over the rounds), which also holds on a slower or faster machine. Its
// bounds fail the regression fixed so far (README "Benchmarks"): the scan sharing Qt's global
// thread pool with the painter (stall 108 ms, keystroke 18.7 ms before f8e482b).
//
// Each round also times the raw read of every TOOL.md (`find DATA -name TOOL.md | xargs -P2 cat`,
// issue 25's floor for the launch) and reports the launch to the whole catalog against it, and
// the window's resident memory once used (the catalog loaded, searched, a file changed). At
// issue 25's platform (100,000 tools and more) the full run checks those goals too (≤ 1.5×,
// ≤ 250 MB); --quick bounds the memory at 10,000 tools in MB (it hardly depends on the load).
//
//   bench_gui [--quick] [--keep DIR] [--users N] [--tools-per-user T] [--globals G]
//       --quick: 5 rounds instead of 7; --keep: reuse DIR; the shape: 100 users × 90 tools and
//       1,000 global ones unless given (issue 25's platform: --users 1000 --tools-per-user 100)

#include "benchclock.h"
#include "benchdatapath.h"
#include "benchprocess.h"
#include "catalog/catalogscanner.h"
#include "secrets/secretstore.h"
#include "toolcatalogmodel.h"
#include "toolfilterproxymodel.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QPixmap>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QThreadPool>
#include <QTreeView>

#include <cstdio>
#include <map>

using namespace tw::bench;

namespace {

// Times every event the loop dispatches (outermost only) and keeps the slowest, so a stall is
// reported with what caused it.
class TimedApplication final : public QApplication
{
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (m_depth++ > 0) {
            const bool r = QApplication::notify(receiver, event);
            --m_depth;
            return r;
        }
        QElapsedTimer t;
        t.start();
        const QString what = QString::fromLatin1(receiver->metaObject()->className()) + u' ' + receiver->objectName()
                             + QStringLiteral(" event %1").arg(int(event->type()));
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = double(t.nsecsElapsed()) / 1e6;
        if (qEnvironmentVariableIsSet("BENCH_TRACE") && ms > 8)
            std::fprintf(stderr, "TRACE %.1f ms %s\n", ms, qPrintable(what));
        if (event->type() == QEvent::Expose && !firstFrameDone) {
            firstFrameDone = true; // the window's first paint: launch, not the scan
            firstFrameMs = ms;
            return r;
        }
        if (m_recording && firstFrameDone && ms > slowestMs) {
            slowestMs = ms;
            slowest = what;
        }
        return r;
    }
    void setRecording(bool on) { m_recording = on; }
    double slowestMs = 0, firstFrameMs = 0;
    QString slowest;
    bool firstFrameDone = false;

private:
    int m_depth = 0;
    bool m_recording = true;
};

// One round in this process: prints `key=value` lines for the parent to collect.
int measureOnce(int argc, char *argv[], const QString &data)
{
    QElapsedTimer launch;
    launch.start();
    TimedApplication app(argc, argv);
    if (qEnvironmentVariableIsSet("BENCH_POOL"))
        QThreadPool::globalInstance()->setMaxThreadCount(qEnvironmentVariableIntValue("BENCH_POOL"));
    double firstTool = -1, fullCatalog = -1, longestStall = 0, longestStallWall = 0;
    BusyClock sinceTick;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    bool armed = false; // the gap that holds the first frame is not counted
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        if (armed) {
            longestStall = std::max(longestStall, sinceTick.elapsedMs());
            longestStallWall = std::max(longestStallWall, sinceTick.wallMs());
        }
        armed = app.firstFrameDone;
        sinceTick.start();
    });

    tw::ui::MainWindow window(data, QString(), nullptr, std::make_unique<tw::engine::MemorySecretStore>());
    window.resize(1200, 800);
    window.show();
    sinceTick.start();
    ticker.start();
    tw::model::ToolCatalogModel *model = window.catalogModel();
    QObject::connect(model, &QAbstractItemModel::rowsInserted, &app, [&] {
        if (firstTool < 0 && model->rowCount(model->globalGroupIndex()) > 0)
            firstTool = double(launch.nsecsElapsed()) / 1e6;
    });
    QObject::connect(&window, &tw::ui::MainWindow::catalogShown, &app, [&] {
        if (fullCatalog < 0) {
            fullCatalog = double(launch.nsecsElapsed()) / 1e6;
            // The event that showed the catalog counts too (the catalog's consumers run in it):
            // the stall and the slowest event are closed once it is over.
            QTimer::singleShot(0, &app, [&] {
                longestStall = std::max(longestStall, sinceTick.elapsedMs());
                longestStallWall = std::max(longestStallWall, sinceTick.wallMs());
                ticker.stop();
                app.setRecording(false);
                app.quit();
            });
        }
    });
    app.exec();

    // The filter: type a tool's name into the search field, then erase it, a key at a time.
    std::vector<double> keys, keysWall;
    QLineEdit *search = window.searchField();
    search->setFocus();
    const QString word = QStringLiteral("tool_0042");
    auto key = [&](Qt::Key k, char c) {
        BusyClock t;
        t.start();
        QTest::keyClick(search, k, Qt::NoModifier);
        Q_UNUSED(c);
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(); // layout and paint of the view
        keys.push_back(t.elapsedMs());
        keysWall.push_back(t.wallMs());
        if (qEnvironmentVariableIsSet("BENCH_TRACE"))
            std::fprintf(stderr, "KEY %-12s %7.1f ms, %d rows in view\n", qPrintable(search->text()), keys.back(),
                         window.filterModel()->rowCount(window.filterModel()->index(0, 0)));
    };
    // BENCH_PERF_CTL: a `perf record --control fifo:…` FIFO, profiling the keystrokes alone.
    const auto perfControl = [](const char *command) {
        if (const QString fifo = qEnvironmentVariable("BENCH_PERF_CTL"); !fifo.isEmpty()) {
            QFile f(fifo);
            if (f.open(QIODevice::WriteOnly))
                f.write(command);
        }
    };
    perfControl("enable\n");
    // Twice: 36 keystrokes a round, so one preemption moves the median little.
    int shown = 0, shownAfter = 0;
    for (int pass = 0; pass < 2; ++pass) {
        for (const QChar c : word)
            key(Qt::Key(c.toUpper().unicode()), char(c.unicode()));
        shown = window.filterModel()->rowCount(window.filterModel()->index(0, 0));
        for (qsizetype i = 0; i < word.size(); ++i)
            key(Qt::Key_Backspace, 0);
        shownAfter = window.filterModel()->rowCount(window.filterModel()->index(0, 0));
    }
    perfControl("disable\n");
    const Timing k = summarise(keys);

    // The floor: the whole window painted, with the catalog on screen (grab() paints every
    // widget into a pixmap, as a frame of the window would).
    std::vector<double> repaints;
    for (int i = 0; i < 15; ++i) {
        BusyClock t;
        t.start();
        const QPixmap frame = window.grab();
        repaints.push_back(t.elapsedMs());
    }

    // One tool's TOOL.md changed on disk as an editor saves it (a new file renamed over it): the
    // wall time until its row shows the new version (the watcher, its debounce, the rescan and
    // the model), the files that rescan read, and the longest event on the GUI thread meanwhile.
    // The file is put back afterwards (the data dir is reused by the next round).
    const QModelIndex users = model->usersGroupIndex();
    const QModelIndex lastUser = model->index(model->rowCount(users) - 1, 0, users);
    const QString changedDir = model->index(0, 0, lastUser).data(tw::model::DirRole).toString();
    const QString toolMd = changedDir + QStringLiteral("/TOOL.md");
    QByteArray original;
    {
        QFile f(toolMd);
        if (!f.open(QIODevice::ReadOnly))
            qFatal("bench_gui: cannot read %s", qPrintable(toolMd));
        original = f.readAll();
    }
    const int oldVersion = model->toolIndex(changedDir).siblingAtColumn(0).data(tw::model::VersionRole).toInt();
    const int newVersion = oldVersion + 1000;
    auto save = [&](const QByteArray &bytes) {
        QSaveFile f(toolMd);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
            qFatal("bench_gui: cannot write %s", qPrintable(toolMd));
    };
    qint64 filesRead = 0;
    const QMetaObject::Connection counting = QObject::connect(window.scanner(), &tw::engine::CatalogSource::locationScanned, &app,
                                                              [&](const tw::engine::LocationScan &l) { filesRead += l.filesRead; });
    QByteArray changed = original;
    changed.replace(QByteArray("\nversion: " + QByteArray::number(oldVersion) + '\n'),
                    QByteArray("\nversion: " + QByteArray::number(newVersion) + '\n'));
    const double launchSlowestMs = app.slowestMs;
    const QString launchSlowest = app.slowest;
    app.slowestMs = 0;
    app.setRecording(true);
    QElapsedTimer changeClock;
    changeClock.start();
    save(changed);
    while (model->toolIndex(changedDir).data(tw::model::VersionRole).toInt() != newVersion && changeClock.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    const double changeMs = double(changeClock.nsecsElapsed()) / 1e6;
    // The rest of that rescan (the catalog's other consumers) before the count is read.
    while (window.scanner()->isScanning())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    QCoreApplication::processEvents();
    app.setRecording(false);
    QObject::disconnect(counting);
    const double changeStall = app.slowestMs;
    save(original);

    // What the window holds once used (the catalog loaded, searched, a file changed): its
    // resident memory now, which the goal is about; the peak is the process's maximum.
    double settledMb = 0;
    {
        QFile status(QStringLiteral("/proc/self/status"));
        if (status.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : status.readAll().split('\n')) {
                if (line.startsWith("VmRSS:"))
                    settledMb = line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
            }
        }
    }
    std::printf("settled=%.1f\n", settledMb);
    std::printf("tools=%d\nfirst=%.2f\nfull=%.2f\nstall=%.2f\nstallwall=%.2f\nkeymedian=%.2f\nkeywall=%.2f\nkeymax=%.2f\n"
                "shown=%d\nshownafter=%d\nframe=%.2f\nfloor=%.3f\nchange=%.2f\nchangeread=%lld\nchangestall=%.2f\n",
                model->toolCount(), firstTool, fullCatalog, longestStall, longestStallWall, k.median,
                summarise(keysWall).median, *std::max_element(keys.begin(), keys.end()), shown, shownAfter,
                app.firstFrameMs, summarise(repaints).median, changeMs, static_cast<long long>(filesRead), changeStall);
    std::fprintf(stderr, "slowest event during the scan: %.1f ms, %s\n", launchSlowestMs, qPrintable(launchSlowest));
    std::fprintf(stderr, "slowest event after the file change: %.1f ms, %s\n", app.slowestMs, qPrintable(app.slowest));
    return 0;
}

std::map<QString, double> parse(const QString &file)
{
    std::map<QString, double> values;
    QFile f(file);
    if (f.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : f.readAll().split('\n')) {
            const qsizetype eq = line.indexOf('=');
            if (eq > 0)
                values[QString::fromUtf8(line.left(eq))] = line.mid(eq + 1).toDouble();
        }
    }
    return values;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("TOOLWRIGHT_NO_DIALOGS", "1");
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    if (arguments.size() == 3 && arguments[1] == u"--once")
        return measureOnce(argc, argv, arguments[2]);

    const bool quick = arguments.contains(QStringLiteral("--quick"));
    const int rounds = quick ? 5 : 7;
    const qsizetype keepAt = arguments.indexOf(QStringLiteral("--keep"));
    QTemporaryDir tmp;
    const QString data = keepAt > 0 && keepAt + 1 < arguments.size() ? arguments[keepAt + 1] : tmp.path() + QStringLiteral("/data");
    DataPathShape shape;
    const auto option = [&](const char *name, int fallback) {
        const qsizetype at = arguments.indexOf(QLatin1StringView(name));
        return at > 0 && at + 1 < arguments.size() ? arguments[at + 1].toInt() : fallback;
    };
    shape.users = option("--users", shape.users);
    shape.toolsPerUser = option("--tools-per-user", shape.toolsPerUser);
    shape.globals = option("--globals", shape.globals);
    prepareDataPath(data, shape);
    // The floor of the launch: every TOOL.md read raw, two at a time, as the issue measures it.
    const auto rawRead = [&] {
        QElapsedTimer t;
        t.start();
        QProcess read;
        read.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("find \"$1\" -name TOOL.md -print0 | xargs -0 -P2 -n 2000 cat > /dev/null"),
                                          QStringLiteral("sh"), data});
        read.waitForFinished(-1);
        return double(t.nsecsElapsed()) / 1e6;
    };
    tw::bench::useTemporaryHome(tmp.path());

    std::map<QString, std::vector<double>> figures;
    const QString out = tmp.path() + QStringLiteral("/round.txt");
    for (int i = 0; i <= rounds; ++i) { // round 0 warms the page cache and is not counted
        const ProcessRun r = runProcess(arguments[0], {QStringLiteral("--once"), data}, out, tmp.path() + QStringLiteral("/stderr"));
        if (r.exitCode != 0) {
            std::fprintf(stderr, "bench_gui: a round exited with %d\n", r.exitCode);
            return 2;
        }
        if (i == 0)
            continue;
        const double floorMs = rawRead();
        auto values = parse(out);
        figures[QStringLiteral("rawread")].push_back(floorMs);
        figures[QStringLiteral("fullfloor")].push_back(values[QStringLiteral("full")] / floorMs);
        for (const auto &[key, value] : values)
            figures[key].push_back(value);
        figures[QStringLiteral("rss")].push_back(double(r.maxRssKib) / 1024.0);
        // Ratios within the round: the same load weighs on the stall, the keys and the floor.
        figures[QStringLiteral("stallfloor")].push_back(values[QStringLiteral("stall")] / values[QStringLiteral("floor")]);
        figures[QStringLiteral("keyfloor")].push_back(values[QStringLiteral("keymedian")] / values[QStringLiteral("floor")]);
    }
    auto median = [&](const char *key) { return summarise(figures[QLatin1StringView(key)]).median; };
    std::printf("GUI benchmark: %d tools (%d global + %d users x %d), offscreen, median of %d rounds\n",
                int(median("tools")), shape.globals, shape.users, shape.toolsPerUser, rounds);
    std::printf("%-44s %9.1f ms\n", "launch to the first tool in the tree", median("first"));
    std::printf("%-44s %9.1f ms   (%.1fx the raw read of every TOOL.md, %.1f ms)\n", "launch to the whole catalog on screen",
                median("full"), median("fullfloor"), median("rawread"));
    std::printf("%-44s %9.1f ms\n", "the window's first paint", median("frame"));
    std::printf("%-44s %9.1f ms   (goal < 50; wall clock %.1f ms)\n", "longest event-loop stall during the scan",
                median("stall"), median("stallwall"));
    std::printf("%-44s %9.1f ms   (goal < 16; wall clock %.1f ms)\n", "filter keystroke, median", median("keymedian"),
                median("keywall"));
    std::printf("%-44s %9.1f ms\n", "filter keystroke, slowest", median("keymax"));
    std::printf("%-44s %9.2f ms\n", "floor: the whole window painted", median("floor"));
    std::printf("%-44s %9.1f x\n", "stall / floor (median of the rounds)", median("stallfloor"));
    std::printf("%-44s %9.1f x\n", "keystroke / floor (median of the rounds)", median("keyfloor"));
    std::printf("%-44s %9.1f MB\n", "peak memory", median("rss"));
    std::printf("%-44s %9.1f MB\n", "resident memory once used (settled)", median("settled"));
    std::printf("%-44s %9.1f ms   (goal <= 50; %.0f files read; slowest event meanwhile %.1f ms)\n",
                "one TOOL.md changed on disk -> its row", median("change"), median("changeread"), median("changestall"));
    figures[QStringLiteral("changefloor")].clear();
    for (size_t i = 0; i < figures[QStringLiteral("change")].size(); ++i)
        figures[QStringLiteral("changefloor")].push_back(figures[QStringLiteral("change")][i] / figures[QStringLiteral("floor")][i]);

    bool ok = true;
    // Every round shows every tool, and the filter finds exactly the tools named like the word
    // typed (all global: the generated descriptions hold no tool names) and gives all back.
    const int allTools = shape.globals + shape.users * shape.toolsPerUser;
    int named = 0;
    for (int g = 0; g < shape.globals; ++g)
        named += QStringLiteral("tool_%1").arg(g, 5, 10, QLatin1Char('0')).contains(QStringLiteral("tool_0042"));
    for (int i = 0; i < rounds; ++i) {
        const auto at = [&](const char *key) { return int(figures[QLatin1StringView(key)][size_t(i)]); };
        if (at("tools") != allTools || at("shown") != named || at("shownafter") != shape.globals) {
            std::printf("FAIL: round %d showed %d of %d tools; the filter found %d global tools of %d, and %d of %d "
                        "once erased\n", i + 1, at("tools"), allTools, at("shown"), named, at("shownafter"), shape.globals);
            ok = false;
        }
        // Issue 25: a tool's change re-reads that tool alone (its TOOL.md and entry).
        if (at("changeread") != 2) {
            std::printf("FAIL: round %d: one changed TOOL.md made the window read %d files (that tool's two)\n", i + 1,
                        at("changeread"));
            ok = false;
        }
    }
    if (quick) {
        // CI: the ratios to the floor. Bounds measured on the project machine (2 vCPUs, busy with
        // builds): see README "Benchmarks" for what each one fails.
        const double maxStallRatio = 8.0, maxKeyRatio = 3.2, maxChangeRatio = 20.0;
        if (median("changefloor") >= maxChangeRatio) {
            std::printf("FAIL: a changed TOOL.md reached its row in %.1fx the floor (bound: %.1fx)\n", median("changefloor"),
                        maxChangeRatio);
            ok = false;
        }
        if (median("stallfloor") >= maxStallRatio) {
            std::printf("FAIL: the event loop stalled %.1fx the floor during the scan (bound: %.1fx)\n",
                        median("stallfloor"), maxStallRatio);
            ok = false;
        }
        if (median("keyfloor") >= maxKeyRatio) {
            std::printf("FAIL: a filter keystroke takes %.1fx the floor (bound: %.1fx)\n", median("keyfloor"), maxKeyRatio);
            ok = false;
        }
        // Memory hardly depends on the machine's load: a bound in MB, at the default 10,000 tools
        // (2026-12-06: 108.5 MB before the scan cache shared its location's records, 85 after, 70.8
        // since the window holds no inputs).
        const double maxSettledMb = 80.0;
        if (allTools <= 10000 && median("settled") > maxSettledMb) {
            std::printf("FAIL: the window holds %.1f MB once used (bound: %.0f MB)\n", median("settled"), maxSettledMb);
            ok = false;
        }
    } else {
        if (median("stall") >= 50.0) {
            std::printf("FAIL: the event loop stalled %.1f ms during the scan (goal: under 50)\n", median("stall"));
            ok = false;
        }
        if (median("change") > 50.0) {
            std::printf("FAIL: a changed TOOL.md reached its row in %.1f ms (goal: 50)\n", median("change"));
            ok = false;
        }
        if (median("keymedian") >= 16.0) {
            std::printf("FAIL: a filter keystroke takes %.1f ms (goal: under 16)\n", median("keymedian"));
            ok = false;
        }
        // Issue 25's platform (101,000 tools): the launch and the memory goals too.
        if (allTools >= 100000 && median("fullfloor") > 1.5) {
            std::printf("FAIL: the launch takes %.2fx the raw read of every TOOL.md (goal: 1.5x)\n", median("fullfloor"));
            ok = false;
        }
        if (allTools >= 100000 && median("settled") > 250.0) {
            std::printf("FAIL: the window holds %.1f MB once used (goal: 250 MB)\n", median("settled"));
            ok = false;
        }
    }
    std::printf(ok ? "bench_gui: goals met\n" : "bench_gui: goals missed\n");
    return ok ? 0 : 1;
}
