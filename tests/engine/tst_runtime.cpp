// The runtimes' launch plans and availability, without starting a sandbox: the container
// contract of issue 4 (run --rm -i, no pull, no network, read-only root, limits, no
// capabilities, secrets as -e NAME only), bubblewrap's namespaces, and what `auto` picks.
// A fake engine binary (a shell script) stands in for docker, which has no engine here;
// the sandbox and container suites run the real ones.

#include "fixture.h"
#include "run/runtime.h"
#include "run/sandboxlayout.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <unistd.h>

using namespace tw::engine;

namespace {

ToolRecord tool(Scope scope = Scope::Global)
{
    ToolRecord t;
    t.scope = scope;
    t.dirName = QStringLiteral("greet");
    t.dir = QStringLiteral("/somewhere/greet");
    t.entry = ToolRecord::Entry::Ts;
    return t;
}

RunSpec spec(const QString &data, const QString &user = QStringLiteral("u@x"), const QString &emailDb = {})
{
    RunSpec s;
    QProcessEnvironment extra;
    extra.insert(QStringLiteral("OFFICER_APIFY_TOKEN"), QStringLiteral("tok-VALUE-1"));
    extra.insert(QStringLiteral("HOME"), QStringLiteral("/officer/user"));
    s.layout = sandboxLayout({data, user, data + QStringLiteral("/run"), emailDb}, tool(), extra);
    s.containerName = QStringLiteral("toolwright-abc");
    s.memoryMb = 256;
    return s;
}

// A mount as a command line makes it: kind, host path, path in the sandbox.
QString mountText(const QString &kind, const QString &source, const QString &target)
{
    return kind + u' ' + (source.isEmpty() ? QStringLiteral("-") : source) + QStringLiteral(" -> ") + target;
}

QStringList layoutMounts(const SandboxLayout &layout)
{
    QStringList out;
    for (const SandboxMount &m : layout.mounts) {
        switch (m.kind) {
        case SandboxMount::Kind::ReadOnly: out << mountText(QStringLiteral("ro"), m.source, m.target); break;
        case SandboxMount::Kind::ReadWrite: out << mountText(QStringLiteral("rw"), m.source, m.target); break;
        case SandboxMount::Kind::EmptyReadOnly: out << mountText(QStringLiteral("empty-ro"), {}, m.target); break;
        case SandboxMount::Kind::EmptyWritable: out << mountText(QStringLiteral("empty-rw"), {}, m.target); break;
        case SandboxMount::Kind::Reviewed: out << mountText(QStringLiteral("reviewed"), m.source, m.target); break;
        }
    }
    return out;
}

// A bwrap source in the run directory's stage/ read back as the host path the plan's stage
// binds there (or the overlay it mounts there), so a plan compares with its layout.
QStringList unstaged(const QStringList &mounts, const LaunchPlan &plan)
{
    QStringList out;
    const QString runDir = QFile::decodeName(plan.stage.runDir) + u'/';
    for (QString m : mounts) {
        for (const SandboxStage::Bind &b : plan.stage.binds) {
            const QString staged = QStringLiteral("rw ") + runDir + QFile::decodeName(b.target) + QStringLiteral(" -> ");
            const QString stagedRo = QStringLiteral("ro ") + runDir + QFile::decodeName(b.target) + QStringLiteral(" -> ");
            if (m.startsWith(staged))
                m = QStringLiteral("rw ") + QFile::decodeName(b.source) + m.mid(staged.size() - 4);
            else if (m.startsWith(stagedRo))
                m = QStringLiteral("ro ") + QFile::decodeName(b.source) + m.mid(stagedRo.size() - 4);
        }
        const QString overlay = QStringLiteral("rw ") + runDir + QFile::decodeName(plan.stage.overlayTarget) + QStringLiteral(" -> ");
        if (!plan.stage.overlayTarget.isEmpty() && m.startsWith(overlay)) {
            QByteArray lower = plan.stage.overlayOptions.split(',').first().mid(int(qstrlen("lowerdir=")));
            for (const SandboxStage::Bind &b : plan.stage.binds)
                if (b.target == lower)
                    lower = b.source;
            m = QStringLiteral("reviewed ") + QFile::decodeName(lower) + m.mid(overlay.size() - 4);
        }
        out << m;
    }
    return out;
}

// Every mount a bwrap command line makes, read back from its options (bwrap(1)).
QStringList bubblewrapMounts(const QStringList &a)
{
    QStringList out;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString &o = a[i];
        const QString next = a.value(i + 1), after = a.value(i + 2);
        if (o == u"--ro-bind" || o == u"--ro-bind-try") {
            out << mountText(QStringLiteral("ro"), next, after);
            i += 2;
        } else if (o == u"--bind" || o == u"--bind-try" || o == u"--dev-bind" || o == u"--dev-bind-try") {
            out << mountText(QStringLiteral("rw"), next, after);
            i += 2;
        } else if (o == u"--symlink" || o == u"--bind-data" || o == u"--ro-bind-data" || o == u"--file"
                   || o == u"--overlay" || o == u"--ro-overlay") {
            out << mountText(o, next, after);
            i += 2;
        } else if (o == u"--tmpfs") {
            const bool readOnly = after == u"--remount-ro" && a.value(i + 3) == next;
            out << mountText(readOnly ? QStringLiteral("empty-ro") : QStringLiteral("empty-rw"), {}, next);
            i += readOnly ? 3 : 1;
        } else if (o == u"--proc" || o == u"--dev" || o == u"--mqueue" || o == u"--dir" || o == u"--remount-ro") {
            out << mountText(o, {}, next);
            ++i;
        }
    }
    return out;
}

// Every mount a podman or docker `run` makes, read back from its options.
QStringList containerMounts(const QStringList &a)
{
    QStringList out;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString &o = a[i];
        const QString next = a.value(i + 1);
        if (o == u"-v" || o == u"--volume") {
            const QStringList parts = next.split(u':');
            const QStringList options = parts.value(2).split(u',');
            const bool readOnly = options.contains(QStringLiteral("ro"));
            const bool overlay = options.contains(QStringLiteral("O"));
            out << mountText(overlay ? QStringLiteral("reviewed") : readOnly ? QStringLiteral("ro") : QStringLiteral("rw"),
                             parts.value(0), parts.value(1));
            ++i;
        } else if (o == u"--tmpfs") {
            const bool readOnly = next.section(u':', 1).split(u',').contains(QStringLiteral("ro"));
            out << mountText(readOnly ? QStringLiteral("empty-ro") : QStringLiteral("empty-rw"), {}, next.section(u':', 0, 0));
            ++i;
        } else if (o == u"--mount" || o.startsWith(QStringLiteral("--volume=")) || o.startsWith(QStringLiteral("--mount="))
                   || o.startsWith(QStringLiteral("--tmpfs=")) || o == u"--volumes-from" || o == u"--image-volume") {
            out << mountText(o, {}, next);
            ++i;
        }
    }
    return out;
}

// An engine binary that answers `image inspect` as told (and anything else with success).
QString fakeEngine(const QString &dir, const QByteArray &inspectStderr, int inspectExit)
{
    const QString path = dir + QStringLiteral("/fake-engine");
    tw::test::writeFile(path, "#!/bin/sh\nif [ \"$1\" = image ] || [ \"$3\" = image ]; then\n  printf '%s\\n' '" + inspectStderr
                                  + "' >&2\n  exit " + QByteArray::number(inspectExit) + "\nfi\nexit 0\n");
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

} // namespace

class TestRuntime final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void containerPlan_data()
    {
        QTest::addColumn<int>("engine");
        QTest::newRow("podman") << int(ContainerRuntime::Engine::Podman);
        QTest::newRow("docker") << int(ContainerRuntime::Engine::Docker);
    }
    void containerPlan()
    {
        QFETCH(int, engine);
        QTemporaryDir tmp;
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/tools")));
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/u@x/tools")));
        RuntimeConfig c;
        c.podmanBinary = c.dockerBinary = fakeEngine(tmp.path(), "", 0);
        c.image = QStringLiteral("localhost/node:test");
        c.podmanArgs = c.dockerArgs = {QStringLiteral("--ulimit"), QStringLiteral("nofile=64:64")};
        c.podmanGlobalArgs = c.dockerGlobalArgs = {QStringLiteral("--url"), QStringLiteral("unix:///x.sock")};
        const ContainerRuntime rt(ContainerRuntime::Engine(engine), c);
        const LaunchPlan p = rt.plan(spec(tmp.path()));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        const QStringList &a = p.arguments;
        const QString joined = a.join(u' ');
        // Global arguments come before `run`, the extra ones just before the image.
        QCOMPARE(a.mid(0, 5), (QStringList{QStringLiteral("--url"), QStringLiteral("unix:///x.sock"), QStringLiteral("run"),
                                           QStringLiteral("-i"), QStringLiteral("--pull=never")}));
        for (const char *part : {"--name toolwright-abc", "--network none", "--read-only", "--tmpfs /tmp", "--memory 256m",
                                 "--memory-swap 256m", "--hostname toolwright",
                                 "--pids-limit 256", "--cpus 1", "--cap-drop ALL", "--security-opt no-new-privileges",
                                 "-w /officer/user", "-e OFFICER_APIFY_TOKEN", "-e HOME=/officer/user",
                                 "--ulimit nofile=64:64 localhost/node:test node --max-old-space-size=256 /run/toolwright/harness.mjs"})
            QVERIFY2(joined.contains(QLatin1StringView(part)), part);
        if (engine == int(ContainerRuntime::Engine::Podman)) {
            // No host proxy variables (with their credentials), no engine defaults.
            QVERIFY(joined.contains(QStringLiteral("--http-proxy=false --unsetenv-all")));
        }
        QVERIFY(joined.contains(tmp.path() + QStringLiteral("/tools:/officer/tools:ro")));
        // The data root through an overlay (issue 39): rootful podman's mounted by Toolwright at
        // the run directory's stage/user, a rootless podman's its own `:O` volume; docker has
        // no overlay volumes and writes the data root itself.
        if (engine == int(ContainerRuntime::Engine::Docker))
            QVERIFY(joined.contains(tmp.path() + QStringLiteral("/u@x:/officer/user ")));
        else if (::getuid() == 0)
            QVERIFY(joined.contains(tmp.path() + QStringLiteral("/run/stage/user:/officer/user ")) && p.stage.onHost);
        else
            QVERIFY(joined.contains(tmp.path() + QStringLiteral("/u@x:/officer/user:O,upperdir=") + tmp.path()
                                    + QStringLiteral("/run/changes/upper,workdir=") + tmp.path() + QStringLiteral("/run/changes/work ")));
        QVERIFY(joined.contains(tmp.path() + QStringLiteral("/u@x/tools:/officer/user/tools:ro")));
        QVERIFY(joined.contains(tmp.path() + QStringLiteral("/run/files:/run/toolwright:ro")));
        // The secret's value only in the client's environment.
        QVERIFY(!joined.contains(QStringLiteral("tok-VALUE-1")));
        QCOMPARE(p.environment.value(QStringLiteral("OFFICER_APIFY_TOKEN")), QStringLiteral("tok-VALUE-1"));
        // The container is removed by name after every run, without podman's 10 s stop wait.
        QCOMPARE(p.cleanupProgram, p.program);
        QVERIFY(p.cleanupAlways);
        QCOMPARE(p.cleanupArguments, (QStringList{QStringLiteral("--url"), QStringLiteral("unix:///x.sock"), QStringLiteral("rm"),
                                                  QStringLiteral("-f"), QStringLiteral("-t"), QStringLiteral("0"),
                                                  QStringLiteral("toolwright-abc")}));
        // Network only when the tool's settings allow it.
        RunSpec open = spec(tmp.path());
        open.network = true;
        QVERIFY(rt.plan(open).arguments.join(u' ').contains(QStringLiteral("--network bridge")));
    }

    void availabilityMessages()
    {
        QTemporaryDir tmp;
        RuntimeConfig c;
        c.image = QStringLiteral("localhost/node:test");
        c.dockerBinary = tmp.path() + QStringLiteral("/nope/docker");
        QString why;
        QVERIFY(!ContainerRuntime(ContainerRuntime::Engine::Docker, c).isAvailable(&why));
        QVERIFY2(why.contains(QStringLiteral("docker is not installed")), qPrintable(why));

        c.dockerBinary = fakeEngine(tmp.path(), "Error response from daemon: No such image: localhost/node:test", 1);
        QVERIFY(!ContainerRuntime(ContainerRuntime::Engine::Docker, c).isAvailable(&why));
        QVERIFY2(why.contains(QStringLiteral("docker has no image localhost/node:test")), qPrintable(why));
        QVERIFY(why.contains(QStringLiteral("`docker pull localhost/node:test`")));

        c.dockerBinary = fakeEngine(tmp.path(), "Cannot connect to the Docker daemon at unix:///var/run/docker.sock.", 1);
        QVERIFY(!ContainerRuntime(ContainerRuntime::Engine::Docker, c).isAvailable(&why));
        QVERIFY2(why.contains(QStringLiteral("docker cannot run containers here (Cannot connect")), qPrintable(why));

        c.dockerBinary = fakeEngine(tmp.path(), "", 0);
        QVERIFY(ContainerRuntime(ContainerRuntime::Engine::Docker, c).isAvailable(&why));
    }

    void autoTakesTheFirstThatWorks()
    {
        QTemporaryDir tmp;
        RuntimeConfig c;
        c.podmanBinary = tmp.path() + QStringLiteral("/nope/podman");
        c.dockerBinary = fakeEngine(tmp.path(), "", 0);
        QString error;
        std::unique_ptr<Runtime> r = makeRuntime(QStringLiteral("auto"), c, &error);
        QVERIFY(r);
        QCOMPARE(r->name(), QStringLiteral("docker"));
        c.dockerBinary = tmp.path() + QStringLiteral("/nope/docker");
        r = makeRuntime(QStringLiteral("auto"), c, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->name(), QStringLiteral("bwrap"));
        // A runtime asked for by name does not fall back.
        QVERIFY(!makeRuntime(QStringLiteral("podman"), c, &error));
        QVERIFY(error.contains(QStringLiteral("podman is not installed")));
        QVERIFY(!makeRuntime(QStringLiteral("lxc"), c, &error));
    }

    void bubblewrapPlan()
    {
        QTemporaryDir tmp;
        const LaunchPlan p = BubblewrapRuntime().plan(spec(tmp.path()));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        const QString joined = p.arguments.join(u' ');
        for (const char *part : {"--unshare-all --unshare-user --uid 1000 --gid 1000 --disable-userns --cap-drop ALL",
                                 "--die-with-parent", "--new-session", "--tmpfs /tmp", "--chdir /officer/user",
                                 // a DATA_PATH without tools and a user without a data root: empty, and the
                                 // user's tools read-only all the same
                                 "--perms 0555 --tmpfs /officer/tools --remount-ro /officer/tools",
                                 "--tmpfs /officer/user --perms 0555 --tmpfs /officer/user/tools --remount-ro /officer/user/tools"})
            QVERIFY2(joined.contains(QLatin1StringView(part)), part);
        QVERIFY(!joined.contains(QStringLiteral("--share-net")));
        QVERIFY(!joined.contains(QStringLiteral("tok-VALUE-1")));
        QVERIFY(!joined.contains(QDir::homePath() + u' '));
        QCOMPARE(p.environment.value(QStringLiteral("OFFICER_APIFY_TOKEN")), QStringLiteral("tok-VALUE-1"));
        // bubblewrap can only share the host's network (its loopback, its abstract sockets): refused.
        RunSpec open = spec(tmp.path());
        open.network = true;
        const LaunchPlan refused = BubblewrapRuntime().plan(open);
        QVERIFY(refused.error.contains(QStringLiteral("cannot give a tool network")));
        QVERIFY(refused.arguments.isEmpty());
    }

    // Issue 39: whoever runs Toolwright, no sandbox is root on the host. Root hands every runtime
    // the toolwright-sandbox account (scripts/setup makes it); anyone else stays who they are.
    void noSandboxIsRootOnTheHost()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/u@x/tools")));
        const RunSpec s = spec(tmp.path());
        const LaunchPlan bw = BubblewrapRuntime().plan(s);
        QVERIFY2(bw.error.isEmpty(), qPrintable(bw.error));
        QVERIFY(bw.stage.active);
        QCOMPARE(bw.stage.asRoot, ::getuid() == 0);
        QVERIFY(bw.stage.uid != 0 && bw.stage.gid != 0);
        if (::getuid() == 0) {
            const passwd *account = ::getpwnam("toolwright-sandbox");
            QVERIFY2(account, "scripts/setup makes the toolwright-sandbox account");
            QCOMPARE(bw.stage.uid, account->pw_uid);
            QCOMPARE(bw.stage.gid, account->pw_gid);
        } else {
            QCOMPARE(bw.stage.uid, ::getuid());
        }
        // The data root is an overlay: its lower layer the host's, its upper the run's.
        QVERIFY(bw.stage.overlayOptions.startsWith("lowerdir=stage/lower,upperdir=changes/upper,workdir=changes/work"));
        RuntimeConfig c;
        c.podmanBinary = c.dockerBinary = fakeEngine(tmp.path(), "", 0);
        for (const auto engine : {ContainerRuntime::Engine::Podman, ContainerRuntime::Engine::Docker}) {
            const LaunchPlan p = ContainerRuntime(engine, c).plan(s);
            const qsizetype user = p.arguments.indexOf(QStringLiteral("--user"));
            QVERIFY(user > 0);
            QCOMPARE(p.arguments.value(user + 1), QStringLiteral("%1:%2").arg(bw.stage.uid).arg(bw.stage.gid));
            QVERIFY(!p.stage.active);
        }
    }

    // The checkers of a tool's scripts (bash -n, Python's compile()) run in a sandbox of the
    // system alone, as the sandbox identity: never root on the host, no home, no DATA_PATH.
    void checkersRunSandboxed()
    {
        QProcess p;
        QString why;
        QVERIFY2(sandboxCheckProcess(p, QStringLiteral("/bin/sh"),
                                     {QStringLiteral("-c"), QStringLiteral("read line; ls /root /home /work 2>&1; true")},
                                     256, &why),
                 qPrintable(why));
        p.start();
        QVERIFY(p.waitForStarted(30000));
        // Judged from the host while it waits for its line: the process is the identity's.
        QFile status(QStringLiteral("/proc/%1/status").arg(p.processId()));
        QVERIFY(status.open(QIODevice::ReadOnly));
        const QString uidLine = QString::fromLatin1(status.readAll()).section(QStringLiteral("\nUid:"), 1, 1).section(u'\n', 0, 0);
        const uid_t expected = ::getuid() == 0 ? ::getpwnam("toolwright-sandbox")->pw_uid : ::getuid();
        for (const QString &id : uidLine.simplified().split(u' ')) // real, effective, saved, filesystem
            QCOMPARE(id.toUInt(), expected);
        p.write("go\n");
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QStringList out = QString::fromUtf8(p.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        for (const char *dir : {"/root", "/home", "/work"})
            QVERIFY2(out.join(u'\n').contains(QStringLiteral("ls: cannot access '%1'").arg(QLatin1StringView(dir))), qPrintable(out.join(u'\n')));
    }

    // Each runtime mounts exactly the layout's mounts, in its order: the one table is translated,
    // never added to or dropped from. Besides it only each runtime's own system: bubblewrap's
    // read-only host system, /proc, /dev and a private /tmp; a container's private /tmp.
    void runtimesMountExactlyTheLayout_data()
    {
        QTest::addColumn<bool>("populated");
        QTest::newRow("global tools, a data root, an email DB") << true;
        QTest::newRow("empty DATA_PATH, no data root") << false;
    }
    void runtimesMountExactlyTheLayout()
    {
        QFETCH(bool, populated);
        QTemporaryDir tmp;
        QString emailDb;
        if (populated) {
            QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/tools")));
            QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/u@x/tools")));
            emailDb = tmp.path() + QStringLiteral("/emails.db");
            tw::test::writeFile(emailDb, "");
        }
        const RunSpec s = spec(tmp.path(), QStringLiteral("u@x"), emailDb);
        QVERIFY2(s.layout.ok(), qPrintable(s.layout.error));
        const QStringList expected = layoutMounts(s.layout);
        QCOMPARE(expected.size(), populated ? 5 : 4);

        const LaunchPlan bw = BubblewrapRuntime().plan(s);
        QVERIFY2(bw.error.isEmpty(), qPrintable(bw.error));
        QStringList system;
        // Of /etc/ssl only the certificates: /etc/ssl/private holds the host's keys.
        for (const char *dir : {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc/alternatives", "/etc/ssl/certs",
                                "/etc/ca-certificates", "/etc/ld.so.cache", "/etc/localtime"})
            system << mountText(QStringLiteral("ro"), QLatin1StringView(dir), QLatin1StringView(dir));
        system << mountText(QStringLiteral("--proc"), {}, QStringLiteral("/proc"))
               << mountText(QStringLiteral("--dev"), {}, QStringLiteral("/dev"))
               << mountText(QStringLiteral("empty-rw"), {}, QStringLiteral("/tmp"));
        QCOMPARE(unstaged(bubblewrapMounts(bw.arguments), bw), system + expected);
        // bwrap binds from the run directory's stage only: no host path of the layout is on its
        // command line, where it would bind it as the sandbox identity, following links.
        for (const SandboxMount &m : s.layout.mounts)
            if (!m.source.isEmpty())
                QVERIFY2(!bw.arguments.contains(m.source), qPrintable(m.source));

        RuntimeConfig c;
        c.podmanBinary = c.dockerBinary = fakeEngine(tmp.path(), "", 0);
        for (const auto engine : {ContainerRuntime::Engine::Podman, ContainerRuntime::Engine::Docker}) {
            const LaunchPlan p = ContainerRuntime(engine, c).plan(s);
            QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
            // docker has no overlay volumes: it writes the data root itself (README says so).
            QStringList translated = expected;
            if (engine == ContainerRuntime::Engine::Docker)
                translated.replaceInStrings(QStringLiteral("reviewed "), QStringLiteral("rw "));
            QCOMPARE(unstaged(containerMounts(p.arguments), p),
                     QStringList{mountText(QStringLiteral("empty-rw"), {}, QStringLiteral("/tmp"))} + translated);
        }
    }

    // The paths inside the sandbox come from the layout: the session names the entry from it,
    // and every runtime starts its harness with its environment.
    void theLayoutNamesEveryPathInside()
    {
        QTemporaryDir tmp;
        const SandboxHost host{tmp.path(), QStringLiteral("u@x"), tmp.path() + QStringLiteral("/run"), {}};
        const SandboxLayout global = sandboxLayout(host, tool(Scope::Global), {});
        QVERIFY2(global.ok(), qPrintable(global.error));
        QCOMPARE(global.toolEntry, QStringLiteral("/officer/tools/greet/index.ts"));
        QCOMPARE(sandboxLayout(host, tool(Scope::User), {}).toolEntry, QStringLiteral("/officer/user/tools/greet/index.ts"));
        QCOMPARE(global.bundledEntry, QStringLiteral("/run/toolwright/entry.mjs"));
        QCOMPARE(global.harness, QStringLiteral("/run/toolwright/harness.mjs"));
        QCOMPARE(global.workingDir, QStringLiteral("/officer/user"));
        QCOMPARE(global.environment.value(QStringLiteral("PI_TOOLS_DIRS")), QStringLiteral("/officer/tools:/officer/user/tools"));
        RunSpec s;
        s.layout = global;
        const LaunchPlan bw = BubblewrapRuntime().plan(s);
        QVERIFY2(bw.error.isEmpty(), qPrintable(bw.error));
        QCOMPARE(bw.arguments.constLast(), global.harness);
        QCOMPARE(bw.environment, global.environment);
        RuntimeConfig c;
        c.podmanBinary = fakeEngine(tmp.path(), "", 0);
        const LaunchPlan pod = ContainerRuntime(ContainerRuntime::Engine::Podman, c).plan(s);
        QCOMPARE(pod.arguments.constLast(), global.harness);
        const QString joined = pod.arguments.join(u' ');
        for (const QString &name : global.environment.keys())
            QVERIFY2(joined.contains(QStringLiteral("-e ") + name), qPrintable(name));
    }

    // Every run is for one user: no user, or a name that is not a user directory, is refused
    // before any runtime sees a path.
    void aRunNeedsOneUser_data()
    {
        QTest::addColumn<QString>("user");
        QTest::newRow("none") << QString();
        QTest::newRow("no @") << QStringLiteral("tools");
        QTest::newRow("slash") << QStringLiteral("a@x/../b@x");
        QTest::newRow("dot dot") << QStringLiteral("..");
    }
    void aRunNeedsOneUser()
    {
        QFETCH(QString, user);
        QTemporaryDir tmp;
        const RunSpec s = spec(tmp.path(), user);
        for (const LaunchPlan &p : {BubblewrapRuntime().plan(s), ContainerRuntime(ContainerRuntime::Engine::Docker, RuntimeConfig()).plan(s)}) {
            QVERIFY(!p.error.isEmpty());
            QVERIFY(p.arguments.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestRuntime)
#include "tst_runtime.moc"
