#include "runtime.h"

#include "catalog.h"

#include <QFileInfo>
#include <QStandardPaths>

namespace tw::engine {

bool BubblewrapRuntime::isAvailable() const
{
    return !QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty()
        && !QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty();
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
    a << QStringLiteral("--ro-bind") << globalToolsPath(spec.dataPath) << kSandboxGlobalTools;
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

std::unique_ptr<Runtime> makeRuntime(const QString &name, QString *error)
{
    if (name == u"bwrap" || name == u"auto" || name.isEmpty()) {
        auto r = std::make_unique<BubblewrapRuntime>();
        if (!r->isAvailable()) {
            *error = QStringLiteral("no runtime is available: install bubblewrap and nodejs");
            return nullptr;
        }
        return r;
    }
    if (name == u"podman" || name == u"docker") {
        *error = QStringLiteral("the %1 runtime is not available in this build yet; use --runtime bwrap").arg(name);
        return nullptr;
    }
    *error = QStringLiteral("unknown runtime '%1' (auto, bwrap, podman, docker)").arg(name);
    return nullptr;
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
