#include "runtime.h"

#include "catalog.h"

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

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
}

bool BubblewrapRuntime::isAvailable(QString *why) const
{
    const bool ok = !QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty()
        && !QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty();
    if (!ok && why)
        *why = QStringLiteral("bubblewrap needs bwrap and node on the host (Debian packages bubblewrap, nodejs)");
    return ok;
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
    QStringList a = {QStringLiteral("--unshare-all")};
    if (spec.network)
        a << QStringLiteral("--share-net");
    a << QStringLiteral("--die-with-parent") << QStringLiteral("--new-session");
    // Read-only system: what Node and the usual helpers (bash, python3) need, nothing from home.
    for (const char *dir : {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc/alternatives", "/etc/ssl",
                            "/etc/ca-certificates", "/etc/ld.so.cache", "/etc/localtime"})
        a << QStringLiteral("--ro-bind-try") << QLatin1StringView(dir) << QLatin1StringView(dir);
    if (spec.network)
        a << QStringLiteral("--ro-bind-try") << QStringLiteral("/etc/resolv.conf") << QStringLiteral("/etc/resolv.conf");
    a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev")
      << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
    // TOOLS.md "Container Filesystem": global tools ro, the user's data root rw, the user's tools ro.
    const QString userRoot = spec.dataPath + u'/' + spec.user;
    // A DATA_PATH without global tools still shows an (empty) /officer/tools, as PI_TOOLS_DIRS names it.
    if (QFileInfo(globalToolsPath(spec.dataPath)).isDir())
        a << QStringLiteral("--ro-bind") << globalToolsPath(spec.dataPath) << kSandboxGlobalTools;
    else
        a << QStringLiteral("--dir") << kSandboxGlobalTools;
    if (QFileInfo(userRoot).isDir())
        a << QStringLiteral("--bind") << userRoot << kSandboxUserRoot;
    else
        a << QStringLiteral("--dir") << kSandboxUserRoot;
    if (QFileInfo(userToolsPath(spec.dataPath, spec.user)).isDir())
        a << QStringLiteral("--ro-bind") << userToolsPath(spec.dataPath, spec.user) << kSandboxUserTools;
    if (!spec.emailDb.isEmpty())
        a << QStringLiteral("--bind") << spec.emailDb << kSandboxEmailDb;
    a << QStringLiteral("--ro-bind") << spec.runDir << kSandboxRunDir;
    a << QStringLiteral("--chdir") << kSandboxUserRoot;
    a << node << QStringLiteral("--max-old-space-size=%1").arg(spec.memoryMb) << kSandboxRunDir + QStringLiteral("/harness.mjs");
    p.arguments = a;
    // bwrap hands its own environment to the sandbox: values (secrets included) never appear in argv.
    p.environment = spec.env;
    p.environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
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
    QStringList a = globalArgs();
    a << QStringLiteral("run") << QStringLiteral("--rm") << QStringLiteral("-i") << QStringLiteral("--pull=never");
    if (!spec.containerName.isEmpty())
        a << QStringLiteral("--name") << spec.containerName;
    a << QStringLiteral("--network") << (spec.network ? QStringLiteral("bridge") : QStringLiteral("none"))
      << QStringLiteral("--read-only") << QStringLiteral("--tmpfs") << QStringLiteral("/tmp")
      << QStringLiteral("--memory") << QStringLiteral("%1m").arg(spec.memoryMb)
      << QStringLiteral("--pids-limit") << QString::number(m_config.pidsLimit)
      << QStringLiteral("--cpus") << QString::number(m_config.cpus)
      << QStringLiteral("--cap-drop") << QStringLiteral("ALL")
      << QStringLiteral("--security-opt") << QStringLiteral("no-new-privileges")
      // Files the tool writes into the data root belong to whoever runs Toolwright.
      << QStringLiteral("--user") << QStringLiteral("%1:%2").arg(::getuid()).arg(::getgid());
    const QString userRoot = spec.dataPath + u'/' + spec.user;
    if (QFileInfo(globalToolsPath(spec.dataPath)).isDir())
        a << QStringLiteral("-v") << globalToolsPath(spec.dataPath) + u':' + kSandboxGlobalTools + QStringLiteral(":ro");
    else
        a << QStringLiteral("--tmpfs") << kSandboxGlobalTools + QStringLiteral(":ro");
    if (QFileInfo(userRoot).isDir())
        a << QStringLiteral("-v") << userRoot + u':' + kSandboxUserRoot;
    else
        a << QStringLiteral("--tmpfs") << kSandboxUserRoot; // as bwrap's --dir: there, but nothing kept
    if (QFileInfo(userToolsPath(spec.dataPath, spec.user)).isDir())
        a << QStringLiteral("-v") << userToolsPath(spec.dataPath, spec.user) + u':' + kSandboxUserTools + QStringLiteral(":ro");
    if (!spec.emailDb.isEmpty())
        a << QStringLiteral("-v") << spec.emailDb + u':' + kSandboxEmailDb;
    a << QStringLiteral("-v") << spec.runDir + u':' + kSandboxRunDir + QStringLiteral(":ro");
    a << QStringLiteral("-w") << kSandboxUserRoot;
    // `-e NAME` without a value: the client copies the value from its own environment, so no
    // value (a secret least of all) is ever on a command line.
    p.environment = QProcessEnvironment::systemEnvironment();
    for (const QString &key : spec.env.keys()) {
        a << QStringLiteral("-e") << key;
        p.environment.insert(key, spec.env.value(key));
    }
    a << (m_engine == Engine::Podman ? m_config.podmanArgs : m_config.dockerArgs);
    a << m_config.image << QStringLiteral("node") << QStringLiteral("--max-old-space-size=%1").arg(spec.memoryMb)
      << kSandboxRunDir + QStringLiteral("/harness.mjs");
    p.arguments = a;
    if (!spec.containerName.isEmpty()) {
        p.cleanupProgram = p.program;
        p.cleanupArguments = globalArgs() + QStringList{QStringLiteral("rm"), QStringLiteral("-f"), spec.containerName};
    }
    return p;
}

std::unique_ptr<Runtime> makeRuntime(const QString &name, const RuntimeConfig &config, QString *error)
{
    const QString wanted = name.isEmpty() ? config.preferred : name;
    auto make = [&](const QString &n) -> std::unique_ptr<Runtime> {
        if (n == u"bwrap")
            return std::make_unique<BubblewrapRuntime>();
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

QProcessEnvironment toolEnvironment(const QString &, const QProcessEnvironment &extra)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOME"), kSandboxUserRoot);
    env.insert(QStringLiteral("OFFICER_USER_HOME"), kSandboxUserRoot);
    env.insert(QStringLiteral("OFFICER_USER_ROOT"), kSandboxUserRoot);
    env.insert(QStringLiteral("PI_TOOLS_DIRS"), kSandboxGlobalTools + u':' + kSandboxUserTools);
    env.insert(QStringLiteral("OFFICER_EMAIL_DB"), kSandboxEmailDb);
    env.insert(QStringLiteral("OFFICER_RESOURCES"), QStringLiteral("{}"));
    env.insert(extra);
    return env;
}

} // namespace tw::engine
