#include "run/runtime.h"

#include "run/runowner.h"
#include "run/sandboxidentity.h"
#include "run/sandboxseccomp.h"

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

#include <fcntl.h>
#include <grp.h>
#include <sys/resource.h>
#include <unistd.h>

namespace tw::engine {

RuntimeConfig RuntimeConfig::load()
{
    QSettings s;
    s.beginGroup(QStringLiteral("runtime"));
    RuntimeConfig c;
    c.preferred = s.value(QStringLiteral("preferred"), c.preferred).toString();
    c.podmanBinary = s.value(QStringLiteral("podmanBinary"), c.podmanBinary).toString();
    c.dockerBinary = s.value(QStringLiteral("dockerBinary"), c.dockerBinary).toString();
    c.image = s.value(QStringLiteral("image"), c.image).toString();
    c.podmanArgs = s.value(QStringLiteral("podmanArgs")).toStringList();
    c.dockerArgs = s.value(QStringLiteral("dockerArgs")).toStringList();
    c.podmanGlobalArgs = s.value(QStringLiteral("podmanGlobalArgs")).toStringList();
    c.dockerGlobalArgs = s.value(QStringLiteral("dockerGlobalArgs")).toStringList();
    c.cpus = s.value(QStringLiteral("cpus"), c.cpus).toDouble();
    c.pidsLimit = s.value(QStringLiteral("pidsLimit"), c.pidsLimit).toInt();
    c.writeCapMb = std::clamp(s.value(QStringLiteral("writeCapMb"), c.writeCapMb).toInt(), 1, 1024 * 1024);
    c.writeCapFiles = std::clamp(s.value(QStringLiteral("writeCapFiles"), c.writeCapFiles).toInt(), 16, 100000000);
    return c;
}

void RuntimeConfig::save() const
{
    QSettings s;
    s.beginGroup(QStringLiteral("runtime"));
    s.setValue(QStringLiteral("preferred"), preferred);
    s.setValue(QStringLiteral("podmanBinary"), podmanBinary);
    s.setValue(QStringLiteral("dockerBinary"), dockerBinary);
    s.setValue(QStringLiteral("image"), image);
    s.setValue(QStringLiteral("podmanArgs"), podmanArgs);
    s.setValue(QStringLiteral("dockerArgs"), dockerArgs);
    s.setValue(QStringLiteral("podmanGlobalArgs"), podmanGlobalArgs);
    s.setValue(QStringLiteral("dockerGlobalArgs"), dockerGlobalArgs);
    s.setValue(QStringLiteral("cpus"), cpus);
    s.setValue(QStringLiteral("pidsLimit"), pidsLimit);
    s.setValue(QStringLiteral("writeCapMb"), writeCapMb);
    s.setValue(QStringLiteral("writeCapFiles"), writeCapFiles);
}

bool BubblewrapRuntime::isAvailable(QString *why) const
{
    const bool ok = !QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty()
        && !QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty();
    if (!ok && why)
        *why = QStringLiteral("bubblewrap needs bwrap and node on the host (Debian packages bubblewrap, nodejs)");
    return ok;
}

// Without --cap-drop and a uid of its own, bwrap run as root keeps root's capabilities, and
// a tool could remount its read-only binds writable; --new-session: no TIOCSTI into a terminal.
QStringList bubblewrapIsolation()
{
    return {QStringLiteral("--unshare-all"), QStringLiteral("--unshare-user"),
            QStringLiteral("--uid"), QString::number(kSandboxUid), QStringLiteral("--gid"), QString::number(kSandboxUid),
            QStringLiteral("--disable-userns"), QStringLiteral("--cap-drop"), QStringLiteral("ALL"),
            QStringLiteral("--die-with-parent"), QStringLiteral("--new-session")};
}

void closeInheritedDescriptorsOnExec() noexcept
{
    ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
}

namespace {

QStringList bubblewrapSystem()
{
    QStringList a;
    // Read-only system: what Node and the usual helpers (bash, python3) need, nothing from home.
    // Of /etc/ssl only the public certificates: /etc/ssl/private holds the host's keys.
    for (const char *dir : {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc/alternatives", "/etc/ssl/certs",
                            "/etc/ca-certificates", "/etc/ld.so.cache", "/etc/localtime"})
        a << QStringLiteral("--ro-bind-try") << QLatin1StringView(dir) << QLatin1StringView(dir);
    a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev")
      << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
    return a;
}

} // namespace

bool sandboxCheckProcess(QProcess &process, const QString &program, const QStringList &arguments, int memoryMb, QString *why,
                         const QList<CheckBind> &binds)
{
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    const SandboxIdentity &identity = sandboxIdentity();
    if (bwrap.isEmpty() || !identity.ok()) {
        if (why)
            *why = bwrap.isEmpty() ? QStringLiteral("bubblewrap is not installed (Debian package bubblewrap)") : identity.error;
        return false;
    }
    QStringList a = bubblewrapIsolation();
    for (const char *dir : {"/usr", "/bin", "/lib", "/lib64", "/lib32", "/etc/alternatives", "/etc/ld.so.cache"})
        a << QStringLiteral("--ro-bind-try") << QLatin1StringView(dir) << QLatin1StringView(dir);
    a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev")
      << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
    for (const CheckBind &b : binds)
        a << QStringLiteral("--ro-bind") << b.source << b.target;
    // The calls a checker has no use for, as a tool's (sandboxseccomp.h). Its memory file is
    // held by the modifier: the process keeps it for as long as it may start.
    const auto seccomp = std::make_shared<UniqueFd>(sandboxSeccompDescriptor());
    if (!seccomp->valid()) {
        if (why)
            *why = QStringLiteral("the sandbox's system call filter could not be made (seccomp, this architecture)");
        return false;
    }
    a << QStringLiteral("--seccomp") << QString::number(seccomp->get());
    a << QStringLiteral("--chdir") << QStringLiteral("/") << QStringLiteral("--") << program << arguments;
    process.setProgram(bwrap);
    process.setArguments(a);
    const rlim_t bytes = rlim_t(memoryMb) * 1024 * 1024;
    const bool drop = identity.dropsPrivileges;
    const uid_t uid = identity.uid;
    const gid_t gid = identity.gid;
    process.setChildProcessModifier([bytes, drop, uid, gid, seccomp] {
        closeInheritedDescriptorsOnExec();
        if (::fcntl(seccomp->get(), F_SETFD, 0) != 0) // the filter, and only it, reaches bwrap
            ::_exit(126);
        const rlimit limit{bytes, bytes};
        if (::setrlimit(RLIMIT_AS, &limit) != 0)
            ::_exit(126);
        if (drop && !dropToIdentity(uid, gid))
            ::_exit(126);
    });
    return true;
}

LaunchPlan BubblewrapRuntime::plan(const RunSpec &spec) const
{
    LaunchPlan p;
    p.program = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (p.program.isEmpty() || node.isEmpty()) {
        p.error = QStringLiteral("bubblewrap needs bwrap and node on the host (Debian packages bubblewrap, nodejs)");
        return p;
    }
    if (spec.network) {
        p.error = QStringLiteral("bubblewrap cannot give a tool network: it could only share the host's network, and with "
                                 "it every service on the host's loopback and its abstract sockets. Run it with podman or "
                                 "docker (their bridge network), or turn network off in the run settings.");
        return p;
    }
    const SandboxLayout &layout = spec.layout;
    if (!layout.ok()) {
        p.error = layout.error;
        return p;
    }
    const SandboxIdentity &identity = sandboxIdentity();
    if (!identity.ok()) {
        p.error = identity.error;
        return p;
    }
    // Every host source is bound under the run directory's stage/ by the child, before bwrap
    // starts (as root, or in a user namespace of the caller's), and the data root is an overlay
    // there; bwrap, started as the sandbox identity, binds from stage/ only.
    SandboxStage &stage = p.stage;
    stage.active = true;
    stage.asRoot = identity.dropsPrivileges;
    stage.uid = identity.uid;
    stage.gid = identity.gid;
    stage.runDir = QFile::encodeName(layout.runDir);
    auto staged = [&](const QString &source) -> QString {
        const QByteArray target = QFile::encodeName(kRunStageDir) + '/' + QByteArray::number(qsizetype(stage.binds.size()));
        stage.binds.push_back({QFile::encodeName(source), target, !QFileInfo(source).isDir()});
        return layout.runDir + u'/' + QFile::decodeName(target);
    };
    QStringList a = bubblewrapIsolation() + bubblewrapSystem();
    for (const SandboxMount &m : layout.mounts) {
        switch (m.kind) {
        case SandboxMount::Kind::ReadOnly: a << QStringLiteral("--ro-bind") << staged(m.source) << m.target; break;
        case SandboxMount::Kind::ReadWrite: a << QStringLiteral("--bind") << staged(m.source) << m.target; break;
        case SandboxMount::Kind::Reviewed: {
            const QByteArray lower = QFile::encodeName(kRunStageDir) + "/lower";
            stage.binds.push_back({QFile::encodeName(m.source), lower, false});
            stage.overlayTarget = QFile::encodeName(kRunStageDir) + "/user";
            // No redirects, index or metacopy: the upper directory holds whole files and plain
            // whiteouts only, which reviewRunChanges reads as they are. In a user namespace
            // (`userxattr`) overlayfs allows none of them anyway, and refuses to be told so.
            stage.overlayOptions = "lowerdir=" + lower + ",upperdir=" + QFile::encodeName(kRunChangesDir)
                + "/upper,workdir=" + QFile::encodeName(kRunChangesDir) + "/work"
                + (stage.asRoot ? ",redirect_dir=off,index=off,metacopy=off" : ",userxattr");
            a << QStringLiteral("--bind") << layout.runDir + u'/' + QFile::decodeName(stage.overlayTarget) << m.target;
            break;
        }
        case SandboxMount::Kind::EmptyReadOnly:
            a << QStringLiteral("--perms") << QStringLiteral("0555") << QStringLiteral("--tmpfs") << m.target
              << QStringLiteral("--remount-ro") << m.target;
            break;
        case SandboxMount::Kind::EmptyWritable: a << QStringLiteral("--tmpfs") << m.target; break;
        }
    }
    // --as-pid-1: no bwrap reaper inside the sandbox. It would hold the run's stdin, stdout and
    // stderr where the tool could open them through /proc/1/fd (read the frames, nonce and all,
    // and write its own); the harness's first process is PID 1 instead, and closes them.
    // The calls a tool has no use for (sandboxseccomp.h); podman and docker have their own profiles.
    p.seccomp = std::make_shared<UniqueFd>(sandboxSeccompDescriptor());
    if (!p.seccomp->valid()) {
        p.error = QStringLiteral("the sandbox's system call filter could not be made (seccomp, this architecture)");
        return p;
    }
    stage.seccompFd = p.seccomp->get();
    a << QStringLiteral("--seccomp") << QString::number(stage.seccompFd);
    a << QStringLiteral("--as-pid-1") << QStringLiteral("--hostname") << kSandboxHostname << QStringLiteral("--chdir")
      << layout.workingDir;
    a << node << QStringLiteral("--max-old-space-size=%1").arg(spec.memoryMb) << layout.harness;
    p.arguments = a;
    // bwrap hands its own environment to the sandbox: values (secrets included) never appear in argv.
    p.environment = layout.environment;
    return p;
}

ContainerRuntime::ContainerRuntime(Engine engine, RuntimeConfig config) : m_engine(engine), m_config(std::move(config)) {}

QString ContainerRuntime::name() const
{
    return m_engine == Engine::Podman ? QStringLiteral("podman") : QStringLiteral("docker");
}

QString ContainerRuntime::binary() const
{
    const QString configured = m_engine == Engine::Podman ? m_config.podmanBinary : m_config.dockerBinary;
    return configured.contains(u'/') ? configured : QStandardPaths::findExecutable(configured);
}

QStringList ContainerRuntime::globalArgs() const
{
    return m_engine == Engine::Podman ? m_config.podmanGlobalArgs : m_config.dockerGlobalArgs;
}

bool ContainerRuntime::isAvailable(QString *why) const
{
    const QString bin = binary();
    if (bin.isEmpty() || !QFileInfo(bin).isExecutable()) {
        if (why)
            *why = QStringLiteral("%1 is not installed (or set its binary in Settings → Runtime)").arg(name());
        return false;
    }
    // One short probe: the engine answers and has the image locally. Runs never pull (no
    // registry may be reachable), so a missing image must be reported here, not hang later.
    QProcess probe;
    probe.start(bin, globalArgs() + QStringList{QStringLiteral("image"), QStringLiteral("inspect"),
                                                QStringLiteral("--format"), QStringLiteral("{{.Id}}"), m_config.image});
    if (!probe.waitForFinished(15000)) {
        probe.kill();
        probe.waitForFinished(1000);
        if (why)
            *why = QStringLiteral("%1 did not answer within 15 s").arg(name());
        return false;
    }
    if (probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
        return true;
    if (why) {
        const QString said = QString::fromLocal8Bit(probe.readAllStandardError()).trimmed().section(u'\n', 0, 0);
        // podman: "image not known"; docker: "No such image" / "No such object".
        static const QRegularExpression missing(QStringLiteral("no such|not known|not found|does not exist"),
                                                QRegularExpression::CaseInsensitiveOption);
        if (said.isEmpty() || missing.match(said).hasMatch())
            *why = QStringLiteral("%1 has no image %2 (%3). Pull or build it (`%1 pull %2`), or choose another "
                                  "image in Settings → Runtime.")
                       .arg(name(), m_config.image, said.isEmpty() ? QStringLiteral("not found") : said);
        else
            *why = QStringLiteral("%1 cannot run containers here (%2). Start its engine, or point it at one with the "
                                  "global arguments (--host, --context, --url) in Settings → Runtime.")
                       .arg(name(), said);
    }
    return false;
}

LaunchPlan ContainerRuntime::plan(const RunSpec &spec) const
{
    LaunchPlan p;
    p.program = binary();
    if (p.program.isEmpty()) {
        p.error = QStringLiteral("%1 is not installed (or set its binary in Settings → Runtime)").arg(name());
        return p;
    }
    const SandboxLayout &layout = spec.layout;
    if (!layout.ok()) {
        p.error = layout.error;
        return p;
    }
    const SandboxIdentity &identity = sandboxIdentity();
    if (!identity.ok()) {
        p.error = identity.error;
        return p;
    }
    QStringList a = globalArgs();
    // No --rm: the session asks a container that died of SIGKILL whether it ran out of memory,
    // then removes it itself.
    a << QStringLiteral("run") << QStringLiteral("-i") << QStringLiteral("--pull=never");
    if (!spec.containerName.isEmpty())
        a << QStringLiteral("--name") << spec.containerName;
    if (!spec.owner.isEmpty())
        a << QStringLiteral("--label") << QStringLiteral("%1=%2").arg(kOwnerLabel, spec.owner);
    const QString memory = QStringLiteral("%1m").arg(spec.memoryMb);
    a << QStringLiteral("--network") << (spec.network ? QStringLiteral("bridge") : QStringLiteral("none"))
      << QStringLiteral("--read-only") << QStringLiteral("--tmpfs") << QStringLiteral("/tmp")
      << QStringLiteral("--memory") << memory << QStringLiteral("--memory-swap") << memory // no swap past the limit
      << QStringLiteral("--pids-limit") << QString::number(m_config.pidsLimit)
      << QStringLiteral("--cpus") << QString::number(m_config.cpus)
      << QStringLiteral("--cap-drop") << QStringLiteral("ALL")
      << QStringLiteral("--security-opt") << QStringLiteral("no-new-privileges")
      // The sandbox identity: the toolwright-sandbox account when Toolwright runs as root,
      // never root itself (sandboxidentity.h).
      << QStringLiteral("--user") << QStringLiteral("%1:%2").arg(identity.uid).arg(identity.gid);
    if (m_engine == Engine::Podman) {
        // The environment is exactly the TOOLS.md set: podman would add the host's proxy
        // variables (credentials included) and its defaults (container, HOSTNAME, TERM).
        a << QStringLiteral("--http-proxy=false") << QStringLiteral("--unsetenv-all");
    }
    for (const SandboxMount &m : layout.mounts) {
        switch (m.kind) {
        case SandboxMount::Kind::ReadOnly: a << QStringLiteral("-v") << m.source + u':' + m.target + QStringLiteral(":ro"); break;
        case SandboxMount::Kind::ReadWrite: a << QStringLiteral("-v") << m.source + u':' + m.target; break;
        case SandboxMount::Kind::Reviewed:
            // podman: an overlay the engine mounts, the host directory its lower layer and the
            // run's writes in the run directory's upper, reviewed after the run. docker has no
            // overlay volumes: it writes the data root itself (README says so).
            if (m_engine == Engine::Podman && identity.dropsPrivileges) {
                if (m.source.contains(u',') || m.source.contains(u':') || m.source.contains(u'\\')) {
                    p.error = QStringLiteral("the data root %1 has a comma, colon or backslash in its path, which an "
                                             "overlay mount cannot name: run it with bubblewrap, or move the DATA_PATH")
                                  .arg(m.source);
                    return p;
                }
                // podman's own overlay gives the upper directory the lower's owner (root): mounted
                // by Toolwright instead (sandboxstage.h), and bound like any directory.
                p.stage.onHost = true;
                p.stage.runDir = QFile::encodeName(layout.runDir);
                p.stage.overlayTarget = QFile::encodeName(kRunStageDir) + "/user";
                p.stage.overlayOptions = "lowerdir=" + QFile::encodeName(m.source) + ",upperdir="
                    + QFile::encodeName(layout.upperDir()) + ",workdir=" + QFile::encodeName(layout.overlayWorkDir())
                    + ",redirect_dir=off,index=off,metacopy=off";
                a << QStringLiteral("-v") << layout.runDir + u'/' + QFile::decodeName(p.stage.overlayTarget) + u':' + m.target;
            } else if (m_engine == Engine::Podman) {
                a << QStringLiteral("-v")
                  << m.source + u':' + m.target + QStringLiteral(":O,upperdir=") + layout.upperDir()
                        + QStringLiteral(",workdir=") + layout.overlayWorkDir();
            } else
                a << QStringLiteral("-v") << m.source + u':' + m.target;
            break;
        case SandboxMount::Kind::EmptyReadOnly: a << QStringLiteral("--tmpfs") << m.target + QStringLiteral(":ro"); break;
        case SandboxMount::Kind::EmptyWritable: a << QStringLiteral("--tmpfs") << m.target; break;
        }
    }
    a << QStringLiteral("-w") << layout.workingDir << QStringLiteral("--hostname") << kSandboxHostname;
    // The fixed TOOLS.md values (paths, PATH) as `-e NAME=value`: the client itself needs its own
    // PATH and HOME. Everything else — integration tokens, OFFICER_RESOURCES, secrets — as
    // `-e NAME` without a value: the client copies it from its environment, so no such value is
    // ever on a command line.
    p.environment = QProcessEnvironment::systemEnvironment();
    const QProcessEnvironment fixed = toolEnvironment();
    for (const QString &key : layout.environment.keys()) {
        const QString value = layout.environment.value(key);
        if (fixed.contains(key) && fixed.value(key) == value && key != u"OFFICER_RESOURCES") {
            a << QStringLiteral("-e") << key + u'=' + value;
        } else {
            a << QStringLiteral("-e") << key;
            p.environment.insert(key, value);
        }
    }
    a << (m_engine == Engine::Podman ? m_config.podmanArgs : m_config.dockerArgs);
    a << m_config.image << QStringLiteral("node") << QStringLiteral("--max-old-space-size=%1").arg(spec.memoryMb)
      << layout.harness;
    p.arguments = a;
    if (!spec.containerName.isEmpty()) {
        p.cleanupProgram = p.program;
        p.cleanupArguments = globalArgs() + QStringList{QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("-t"),
                                                        QStringLiteral("0"), spec.containerName};
        p.cleanupAlways = true;
        p.oomProbeProgram = p.program;
        p.oomProbeArguments = globalArgs() + QStringList{QStringLiteral("inspect"), QStringLiteral("--format"),
                                                         QStringLiteral("{{.State.OOMKilled}}"), spec.containerName};
    }
    return p;
}

void ContainerRuntime::removeLeftovers() const
{
    const QString bin = binary();
    if (bin.isEmpty())
        return;
    QProcess ps;
    ps.start(bin, globalArgs() + QStringList{QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
                                             QStringLiteral("label=") + kOwnerLabel, QStringLiteral("--format"),
                                             QStringLiteral("{{.Names}} {{index .Labels \"%1\"}}").arg(kOwnerLabel)});
    if (!ps.waitForFinished(20000) || ps.exitCode() != 0)
        return;
    QStringList stale;
    for (const QString &line : QString::fromUtf8(ps.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts)) {
        const QString container = line.section(u' ', 0, 0), owner = line.section(u' ', 1, 1);
        if (container.startsWith(QStringLiteral("toolwright-")) && !runOwnerAlive(owner))
            stale << container;
    }
    if (stale.isEmpty())
        return;
    QProcess rm;
    rm.start(bin, globalArgs() + QStringList{QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("-t"), QStringLiteral("0")} + stale);
    rm.waitForFinished(60000);
}

std::unique_ptr<Runtime> makeRuntime(const QString &name, const RuntimeConfig &config, QString *error)
{
    const QString wanted = name.isEmpty() ? config.preferred : name;
    auto make = [&](const QString &n) -> std::unique_ptr<Runtime> {
        if (n == u"bwrap")
            return std::make_unique<BubblewrapRuntime>(config);
        if (n == u"podman")
            return std::make_unique<ContainerRuntime>(ContainerRuntime::Engine::Podman, config);
        if (n == u"docker")
            return std::make_unique<ContainerRuntime>(ContainerRuntime::Engine::Docker, config);
        return nullptr;
    };
    if (wanted == u"auto") {
        QStringList reasons;
        for (const QString &n : {QStringLiteral("podman"), QStringLiteral("docker"), QStringLiteral("bwrap")}) {
            std::unique_ptr<Runtime> r = make(n);
            QString why;
            if (r->isAvailable(&why))
                return r;
            reasons << n + QStringLiteral(": ") + why;
        }
        *error = QStringLiteral("no runtime works here (%1)").arg(reasons.join(QStringLiteral("; ")));
        return nullptr;
    }
    std::unique_ptr<Runtime> r = make(wanted);
    if (!r) {
        *error = QStringLiteral("unknown runtime '%1' (auto, bwrap, podman, docker)").arg(wanted);
        return nullptr;
    }
    QString why;
    if (!r->isAvailable(&why)) {
        *error = why;
        return nullptr;
    }
    return r;
}

} // namespace tw::engine
