// Benchmark: a platform server's DATA_PATH over a real SSH connection (Debian's sshd on
// 127.0.0.1, tests/common/sshd.h, running the built `toolwright serve --stdio`), at the scale of
// bench_list (1,000 global tools and 100 users × 90 tools: 10,000 tools).
//   catalog  — the whole catalog (catalog.list) received and parsed by the desktop's client
//              (engine::RemoteConnection) over ssh, against the local figure: the same client
//              and server over a pipe, with no ssh between them (a stand-in "ssh" that runs the
//              command here). Goal: within 1.5× the local figure; the connection's set-up (ssh,
//              the banner, initialize) is reported beside it, as is the same catalog scanned in
//              this process (scanDataPath, warm), for scale.
//   window   — the whole catalog in a server window: RemoteSession + RemoteCatalog from the
//              connection's start until the decoded catalog (with the detail a window shows)
//              is handed over, against the local window's source (CatalogScanner) on the same
//              data. Goal: within 1.5× the local figure plus the connection's set-up (each
//              round's own: from its connection's `connected` on).
//   change   — a TOOL.md changed on the server until catalog.changed reaches the client, with
//              the watch on. Goal: under 500 ms.
//   latency  — through a TCP proxy that delays each direction by 50 ms (100 ms round trip):
//              tool.read, tool.save, run.start and catalog.list must each cost one round trip
//              (under 2 round trips, transfer included), and the client's event loop must not
//              stall over 50 ms while the catalog arrives (a 5 ms timer's largest gap); its
//              decoding (inflate and parse) is reported apart: a window does it off its GUI
//              thread.
// Medians of several rounds; exit 1 when a goal is missed. --quick (CI, a shared 2-core machine
// busy with other tests) holds looser bounds against regressions: the catalog within 2× the
// local figure (uncompressed it took 1.8×, through QJsonObjects on the server 2.2×), a change
// under 1 s (a rescan of every tool instead of the changed one took seconds), each operation
// under 3 round trips, the same 50 ms stall, and the window's catalog within 4× the local
// window's beyond the set-up.
//
//   bench_remote [--quick] [--keep DIR]

#include "benchdatapath.h"
#include "benchprocess.h"
#include "delayproxy.h"
#include "sshd.h"

#include "catalog/catalog.h"
#include "catalog/catalogscanner.h"
#include "remote/protocol.h"
#include "remote/remotecatalog.h"
#include "remote/remoteconnection.h"
#include "remote/remotesession.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <vector>

using namespace tw::bench;
using namespace tw::engine;

namespace {

using tw::test::DelayProxy; // tests/common/delayproxy.h

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// One call, waited for; its time in ms.
double timedCall(RemoteConnection &c, const QString &method, const QJsonObject &params, RpcResult *out = nullptr)
{
    QElapsedTimer t;
    t.start();
    const RpcResult r = c.callAndWait(method, params);
    const double ms = msSince(t);
    if (!r.ok())
        std::fprintf(stderr, "bench_remote: %s failed: %s\n", qPrintable(method), qPrintable(r.message));
    if (out)
        *out = r;
    return ms;
}

QString sha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

} // namespace

int main(int argc, char *argv[])
{
    QTemporaryDir home;
    useTemporaryHome(home.path());
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const bool quick = arguments.contains(QStringLiteral("--quick"));
    const int rounds = quick ? 5 : 9;
    const qsizetype keep = arguments.indexOf(QStringLiteral("--keep"));
    QTemporaryDir tmp;
    const QString data = QFileInfo(keep > 0 && keep + 1 < arguments.size() ? arguments[keep + 1] : tmp.filePath(QStringLiteral("data")))
                             .absoluteFilePath();
    QDir().mkpath(data);
    const DataPathShape shape;
    prepareDataPath(data, shape);

    tw::test::Sshd sshd;
    QString error;
    if (!sshd.start(&error)) {
        std::fprintf(stderr, "bench_remote: %s\n", qPrintable(error));
        return 1;
    }
    SshSettings ssh;
    ssh.configFile = sshd.clientConfig();
    ssh.batchMode = true;
    ssh.remoteCommand = QStringLiteral("env XDG_CONFIG_HOME=%1/server/config XDG_DATA_HOME=%1/server/data "
                                       "XDG_CACHE_HOME=%1/server/cache " TW_BINARY " serve --stdio")
                            .arg(home.path());
    const RemoteTarget target{{}, sshd.alias(), 0, data};

    // The local figure: the same client and server over a pipe (a stand-in for ssh that runs
    // the remote command here, through a shell, as sshd would).
    SshSettings pipe = ssh;
    pipe.program = tmp.filePath(QStringLiteral("local-ssh"));
    {
        QFile script(pipe.program);
        script.open(QIODevice::WriteOnly);
        script.write("#!/bin/sh\nfor last; do :; done\nexec sh -c \"$last\"\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    std::vector<double> scanMs, localMs, catalogMs, setupMs, changeMs;
    qsizetype tools = 0;
    for (int i = 0; i < rounds; ++i) {
        QElapsedTimer t;
        t.start();
        const Catalog c = scanDataPath(data);
        scanMs.push_back(msSince(t));
        tools = c.toolCount();
        RemoteConnection local(target, pipe);
        if (!local.waitForReady(&error)) {
            std::fprintf(stderr, "bench_remote: over a pipe: %s\n", qPrintable(error));
            return 1;
        }
        localMs.push_back(timedCall(local, QStringLiteral("catalog.list"), {}));
    }
    // The catalog over ssh: set-up, then catalog.list (with the watch, as the window asks).
    for (int i = 0; i < rounds; ++i) {
        RemoteConnection c(target, ssh);
        QElapsedTimer t;
        t.start();
        if (!c.waitForReady(&error)) {
            std::fprintf(stderr, "bench_remote: %s\n", qPrintable(error));
            return 1;
        }
        setupMs.push_back(msSince(t));
        RpcResult r;
        QElapsedTimer received;
        received.start();
        timedCall(c, QStringLiteral("catalog.list"), {{QStringLiteral("watch"), i == 0}, {QStringLiteral("compress"), true}}, &r);
        const std::optional<QJsonObject> catalog = catalogListResult(r.result);
        catalogMs.push_back(msSince(received));
        qsizetype got = catalog ? (*catalog)[QStringLiteral("global")][QStringLiteral("tools")].toArray().size() : 0;
        for (const QJsonValue &u : catalog ? (*catalog)[QStringLiteral("users")].toArray() : QJsonArray())
            got += u[QStringLiteral("tools")].toArray().size();
        if (got != tools) {
            std::fprintf(stderr, "bench_remote: the client got %lld tools, the scan %lld\n", qlonglong(got), qlonglong(tools));
            return 1;
        }
        if (i > 0)
            continue;
        // A change on the server until the client hears of it (the watch's debounce included).
        const QString toolMd = data + QStringLiteral("/tools/") + QDir(data + QStringLiteral("/tools")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).first()
            + QStringLiteral("/TOOL.md");
        QFile f(toolMd);
        f.open(QIODevice::ReadOnly);
        const QByteArray original = f.readAll();
        f.close();
        {
            QEventLoop settle; // the watch's first scan
            QTimer::singleShot(1000, &settle, &QEventLoop::quit);
            settle.exec();
        }
        for (int k = 0; k < rounds; ++k) {
            QEventLoop loop;
            QElapsedTimer changed;
            QObject::connect(&c, &RemoteConnection::notificationReceived, &loop, [&](const QString &method) {
                if (method == u"catalog.changed")
                    loop.quit();
            });
            QTimer::singleShot(5000, &loop, &QEventLoop::quit);
            QFile w(toolMd);
            w.open(QIODevice::WriteOnly | QIODevice::Truncate);
            w.write(original + "\nChanged " + QByteArray::number(k) + ".\n");
            w.close();
            changed.start();
            loop.exec();
            changeMs.push_back(msSince(changed));
        }
        QFile w(toolMd);
        w.open(QIODevice::WriteOnly | QIODevice::Truncate);
        w.write(original);
    }

    // The window: its catalog source from the connection's start to the decoded catalog, and
    // the local window's on the same data.
    std::vector<double> windowMs, windowBeyondSetupMs, localWindowMs;
    for (int i = 0; i < (quick ? 3 : 5); ++i) {
        {
            CatalogScanner scanner;
            QEventLoop loop;
            QObject::connect(&scanner, &CatalogSource::scanFinished, &loop, &QEventLoop::quit);
            QElapsedTimer t;
            t.start();
            scanner.setDataPath(data);
            loop.exec();
            localWindowMs.push_back(msSince(t));
        }
        RemoteSession session(target, ssh);
        RemoteCatalog remote(&session);
        QEventLoop loop;
        QObject::connect(&remote, &CatalogSource::scanFinished, &loop, &QEventLoop::quit);
        QObject::connect(&remote, &RemoteCatalog::listFailed, &loop, &QEventLoop::quit);
        QObject::connect(&session, &RemoteSession::connectFailed, &loop, &QEventLoop::quit);
        QElapsedTimer t;
        double readyAt = 0; // this round's own set-up: from it on, the catalog's time
        QObject::connect(&session, &RemoteSession::connected, &loop, [&] { readyAt = msSince(t); });
        t.start();
        session.open();
        loop.exec();
        windowMs.push_back(msSince(t));
        windowBeyondSetupMs.push_back(msSince(t) - readyAt);
        if (!remote.catalog() || remote.catalog()->toolCount() != tools || !remote.catalog()->global.tools.first().bodyElsewhere) {
            std::fprintf(stderr, "bench_remote: the window's catalog is not the server's: %s\n",
                         qPrintable(session.lastError() + remote.error()));
            return 1;
        }
    }

    // At 100 ms round trip: a proxy in front of sshd.
    QThread proxyThread;
    DelayProxy proxy(sshd.port(), 50);
    proxy.moveToThread(&proxyThread);
    proxyThread.start();
    QMetaObject::invokeMethod(&proxy, &DelayProxy::start, Qt::BlockingQueuedConnection);
    RemoteTarget slow = target;
    slow.port = proxy.port();
    // The proxy's port is another host key entry for ssh: the same key under it.
    {
        QFile known(sshd.path(QStringLiteral("known_hosts")));
        known.open(QIODevice::ReadOnly);
        const QByteArray line = known.readAll();
        known.close();
        known.open(QIODevice::Append);
        const QByteArray from = QByteArray(":") + QByteArray::number(sshd.port());
        const QByteArray to = QByteArray(":") + QByteArray::number(proxy.port());
        known.write(QByteArray(line).replace(from, to));
    }
    std::vector<double> readMs, saveMs, startMs, slowCatalogMs, stallMs, decodeMs;
    const QString dir = data + QStringLiteral("/tools/") + QDir(data + QStringLiteral("/tools")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).at(1);
    for (int i = 0; i < rounds; ++i) {
        RemoteConnection c(slow, ssh);
        if (!c.waitForReady(&error)) {
            std::fprintf(stderr, "bench_remote: through the proxy: %s\n", qPrintable(error));
            return 1;
        }
        RpcResult read;
        readMs.push_back(timedCall(c, QStringLiteral("tool.read"), {{QStringLiteral("dir"), dir}}, &read));
        QByteArray toolMd;
        for (const QJsonValue &file : read.result[QStringLiteral("files")].toArray())
            if (file[QStringLiteral("name")].toString() == u"TOOL.md")
                toolMd = file[QStringLiteral("text")].toString().toUtf8();
        saveMs.push_back(timedCall(c, QStringLiteral("tool.save"),
                                   {{QStringLiteral("dir"), dir}, {QStringLiteral("auto_bump"), true},
                                    {QStringLiteral("files"), QJsonObject{{QStringLiteral("TOOL.md"),
                                                                           QJsonObject{{QStringLiteral("text"), QString::fromUtf8(toolMd + "\nSaved.\n")},
                                                                                       {QStringLiteral("base_sha256"), sha256(toolMd)}}}}}}));
        RpcResult started;
        startMs.push_back(timedCall(c, QStringLiteral("run.start"),
                                    {{QStringLiteral("tool"), QFileInfo(dir).fileName()}, {QStringLiteral("user"), benchUserEmail(0)},
                                     {QStringLiteral("runtime"), QStringLiteral("bwrap")}},
                                    &started));
        c.call(QStringLiteral("run.cancel"), {{QStringLiteral("run_id"), started.result[QStringLiteral("run_id")].toString()}},
               [](const RpcResult &) {});
        // The event loop while the catalog arrives: a 5 ms timer's largest gap.
        double largestGap = 0;
        QElapsedTimer tick;
        tick.start();
        QTimer timer;
        timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer, &QTimer::timeout, &timer, [&] {
            largestGap = std::max(largestGap, msSince(tick));
            tick.restart();
        });
        timer.start(5);
        RpcResult slowReply;
        QElapsedTimer received;
        received.start();
        timedCall(c, QStringLiteral("catalog.list"), {{QStringLiteral("compress"), true}}, &slowReply);
        timer.stop();
        stallMs.push_back(largestGap - 5);
        QElapsedTimer decoding;
        decoding.start();
        const bool parsed = catalogListResult(slowReply.result).has_value();
        decodeMs.push_back(msSince(decoding));
        slowCatalogMs.push_back(parsed ? msSince(received) : 1e9);
    }
    QMetaObject::invokeMethod(&proxy, &DelayProxy::stop, Qt::BlockingQueuedConnection);
    proxyThread.quit();
    proxyThread.wait();

    const Timing floor = summarise(localMs), scan = summarise(scanMs), catalog = summarise(catalogMs), setup = summarise(setupMs),
                 change = summarise(changeMs), read = summarise(readMs), save = summarise(saveMs),
                 start = summarise(startMs), slowCatalog = summarise(slowCatalogMs), stall = summarise(stallMs),
                 decode = summarise(decodeMs), window = summarise(windowMs), localWindow = summarise(localWindowMs),
                 windowBeyond = summarise(windowBeyondSetupMs);
    std::printf("remote benchmark: %lld tools over ssh to 127.0.0.1, median of %d rounds\n", qlonglong(tools), rounds);
    std::printf("%-44s %9s\n", "what", "ms");
    std::printf("%-44s %9.1f\n", "catalog scanned in this process (warm)", scan.median);
    std::printf("%-44s %9.1f\n", "catalog.list over a pipe (the local figure)", floor.median);
    std::printf("%-44s %9.1f  (%.2fx the local figure)\n", "catalog.list over ssh, received and parsed", catalog.median,
                catalog.median / floor.median);
    std::printf("%-44s %9.1f\n", "connection set-up (ssh, banner, initialize)", setup.median);
    std::printf("%-44s %9.1f\n", "a change on the server to catalog.changed", change.median);
    std::printf("%-44s %9.1f\n", "the local window's catalog (CatalogScanner)", localWindow.median);
    std::printf("%-44s %9.1f\n", "a server window's catalog, set-up included", window.median);
    std::printf("%-44s %9.1f  (%.2fx the local window's)\n", "  from its connection's set-up on", windowBeyond.median,
                windowBeyond.median / localWindow.median);
    std::printf("at 100 ms round trip (a delaying proxy):\n");
    std::printf("%-44s %9.1f\n", "tool.read", read.median);
    std::printf("%-44s %9.1f\n", "tool.save", save.median);
    std::printf("%-44s %9.1f\n", "run.start (its reply)", start.median);
    std::printf("%-44s %9.1f\n", "catalog.list", slowCatalog.median);
    std::printf("%-44s %9.1f  (largest of all rounds %.1f)\n", "the client's longest stall while it arrives", stall.median,
                *std::max_element(stallMs.begin(), stallMs.end()));
    std::printf("%-44s %9.1f  (a window does it off its GUI thread)\n", "decoding it (inflate, parse)", decode.median);
    bool ok = true;
    const auto goal = [&ok](bool met, const char *what) {
        if (!met) {
            std::printf("FAIL: %s\n", what);
            ok = false;
        }
    };
    const double maxCatalog = quick ? 2.0 : 1.5, maxChange = quick ? 1000 : 500, maxOperation = quick ? 300 : 200;
    goal(catalog.median <= maxCatalog * floor.median, "the catalog over ssh takes more than its bound against the local figure");
    goal(change.median < maxChange, "a change on the server takes too long to reach the client");
    // The full run holds the goal (1.5×, beyond each round's own set-up); --quick, on
    // a machine busy with the rest of the suite, guards against a regression to the 1.8× the
    // catalog took with its bodies and with the watch's cache filled before the reply (5.3×
    // sent whole in zlib and read through QJsonDocument).
    const double maxWindow = quick ? 3.0 : 1.5;
    goal(windowBeyond.median <= maxWindow * localWindow.median,
         "a server window's catalog takes more than its bound against the local window's (beyond the set-up)");
    for (double ms : {read.median, save.median, start.median})
        goal(ms < maxOperation, "an operation costs more than one round trip at 100 ms");
    // One request, one reply; what it costs beyond one round trip is the 11 MB's transfer
    // through ssh's channel window (2 MB, refilled a round trip later): bounded, not a goal.
    // --quick shares its two cores with the rest of the suite: a looser margin that still
    // catches a catalog sent as more than one request (31 locations: three seconds more).
    goal(slowCatalog.median < (quick ? 1500 : 500) + catalog.median,
         "the catalog costs more than its transfer and one round trip at 100 ms");
    goal(stall.median <= 50, "the client's event loop stalls over 50 ms while the catalog arrives");
    std::printf(ok ? "bench_remote: goals met\n" : "bench_remote: goals missed\n");
    return ok ? 0 : 1;
}
