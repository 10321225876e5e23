#include "run/sandboxlayout.h"

#include "toolmd/toollayout.h"

#include "run/unixfd.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <utility>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tw::engine {

namespace {

using Fd = UniqueFd;

struct SandboxPaths
{
    QString globalTools; // DATA_PATH/tools, empty when the DATA_PATH has none
    QString userRoot;    // DATA_PATH/<email>, empty when the user has no data root yet
    QString userTools;   // DATA_PATH/<email>/tools, set whenever userRoot is
    QString error;       // why the run must not start (a link below DATA_PATH, a bad user)
    bool ok() const { return error.isEmpty(); }
};

enum class Kind { Missing, Directory, Symlink, Other, Error };

// What `name` in `dir` is, without following it; opens it when it is a directory.
Kind look(int dir, const QByteArray &name, Fd *opened, QString *linkTarget, bool follow = false)
{
    struct stat st{};
    if (::fstatat(dir, name.constData(), &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? Kind::Missing : Kind::Error;
    if (S_ISLNK(st.st_mode)) {
        char buf[4096];
        const ssize_t n = ::readlinkat(dir, name.constData(), buf, sizeof buf);
        if (linkTarget)
            *linkTarget = n > 0 ? QFile::decodeName(QByteArray(buf, n)) : QString();
        return Kind::Symlink;
    }
    if (!S_ISDIR(st.st_mode))
        return Kind::Other;
    if (opened) {
        *opened = Fd(::openat(dir, name.constData(), O_PATH | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)));
        if (!opened->valid())
            return errno == ELOOP || errno == ENOTDIR ? Kind::Symlink : Kind::Error;
    }
    return Kind::Directory;
}

QString linkMessage(const QString &path, const QString &target)
{
    return QStringLiteral("%1 is a symbolic link (to %2). Runs never follow links below DATA_PATH: a tool may have "
                          "planted it in its user's data root. Remove the link (and check what it pointed to).")
        .arg(path, target.isEmpty() ? QStringLiteral("?") : target);
}

// Resolves (and checks) what a run of `user` on `dataPath` mounts (canonical host paths).
SandboxPaths resolveSandboxPaths(const QString &dataPath, const QString &user)
{
    SandboxPaths p;
    if (!isUserDirectoryName(user)) {
        p.error = user.isEmpty() ? QStringLiteral("a run is always for one user: choose the user whose data root the tool sees")
                                 : QStringLiteral("'%1' is not a user (a user is a directory name with an @ under DATA_PATH)").arg(user);
        return p;
    }
    const QString base = QFileInfo(dataPath).canonicalFilePath();
    if (base.isEmpty()) {
        p.error = QStringLiteral("the DATA_PATH %1 does not exist").arg(dataPath);
        return p;
    }
    Fd root(::open(QFile::encodeName(base).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (!root.valid()) {
        p.error = QStringLiteral("cannot open the DATA_PATH %1: %2").arg(base, QString::fromLocal8Bit(strerror(errno)));
        return p;
    }
    const QByteArray tools = QFile::encodeName(kToolsDirName);
    QString target;
    auto fail = [&](const QString &path, Kind kind) {
        p.error = kind == Kind::Symlink ? linkMessage(path, target)
            : kind == Kind::Other      ? QStringLiteral("%1 is not a directory").arg(path)
                                       : QStringLiteral("cannot look at %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno)));
        return p;
    };

    // DATA_PATH/tools and DATA_PATH/<email> lie where no sandbox can write (DATA_PATH itself
    // is never mounted): links there are an admin's, and are followed.
    const QString globalTools = base + u'/' + kToolsDirName;
    switch (Kind k = look(root.get(), tools, nullptr, &target, true)) {
    case Kind::Missing: break;
    case Kind::Directory: p.globalTools = QFileInfo(globalTools).canonicalFilePath(); break;
    default: return fail(globalTools, k);
    }

    QString userRoot = base + u'/' + user;
    Fd userFd;
    switch (Kind k = look(root.get(), QFile::encodeName(user), &userFd, &target, true)) {
    case Kind::Missing: return p; // no data root yet: the sandbox gets an empty, throw-away one
    case Kind::Directory: userRoot = QFileInfo(userRoot).canonicalFilePath(); p.userRoot = userRoot; break;
    default: return fail(userRoot, k);
    }
    // DATA_PATH/<email>/tools lies in the user's writable data root: never followed.

    const QString userTools = userRoot + u'/' + kToolsDirName;
    Kind k = look(userFd.get(), tools, nullptr, &target);
    if (k == Kind::Missing) {
        if (::mkdirat(userFd.get(), tools.constData(), 0755) != 0 && errno != EEXIST)
            return fail(userTools, Kind::Error);
        k = look(userFd.get(), tools, nullptr, &target); // EEXIST: something raced us; look again
    }
    if (k != Kind::Directory)
        return fail(userTools, k);
    p.userTools = userTools;
    return p;
}

// The email DB is mounted read-write, so it must be a file no sandbox could have replaced: a
// regular file reached through no link, outside DATA_PATH's user data roots (which runs write).
QString checkedEmailDb(const QString &dataPath, const QString &emailDb, QString *error)
{
    const QFileInfo info(emailDb);
    const QString canonical = info.canonicalFilePath();
    if (canonical.isEmpty()) {
        *error = QStringLiteral("the email database %1 does not exist (Settings → Integrations sets its path)").arg(emailDb);
        return {};
    }
    if (canonical != QDir::cleanPath(info.absoluteFilePath())) {
        *error = QStringLiteral("the email database %1 is reached through a symbolic link (to %2): a run mounts it "
                                "read-write and never follows a link to do so. Configure the file's real path.")
                     .arg(emailDb, canonical);
        return {};
    }
    struct stat st{};
    if (::lstat(QFile::encodeName(canonical).constData(), &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = QStringLiteral("the email database %1 is not a regular file").arg(emailDb);
        return {};
    }
    const QString base = QFileInfo(dataPath).canonicalFilePath();
    if (!base.isEmpty() && canonical.startsWith(base + u'/')) {
        const QString first = canonical.mid(base.size() + 1).section(u'/', 0, 0);
        if (isUserDirectoryName(first)) {
            *error = QStringLiteral("the email database %1 lies in the data root of %2, which that user's runs write: a "
                                    "tool could replace it with a link to any host file. Keep it outside every data root.")
                         .arg(emailDb, first);
            return {};
        }
    }
    return canonical;
}

} // namespace

SandboxLayout sandboxLayout(const SandboxHost &host, const ToolRecord &tool, const QProcessEnvironment &extraEnv)
{
    SandboxLayout l;
    const SandboxPaths paths = resolveSandboxPaths(host.dataPath, host.user);
    if (!paths.ok()) {
        l.error = paths.error;
        return l;
    }
    using K = SandboxMount::Kind;
    // TOOLS.md "Container Filesystem". A DATA_PATH without global tools still shows an (empty)
    // /officer/tools, as PI_TOOLS_DIRS names it.
    l.mounts.append(paths.globalTools.isEmpty() ? SandboxMount{K::EmptyReadOnly, {}, kSandboxGlobalTools}
                                                : SandboxMount{K::ReadOnly, paths.globalTools, kSandboxGlobalTools});
    if (paths.userRoot.isEmpty()) {
        l.mounts.append({K::EmptyWritable, {}, kSandboxUserRoot});
        l.mounts.append({K::EmptyReadOnly, {}, kSandboxUserTools});
    } else {
        // Written through an overlay: the host's data root changes only when the run's changes
        // are kept (runchanges.h).
        l.mounts.append({K::Reviewed, paths.userRoot, kSandboxUserRoot});
        l.mounts.append({K::ReadOnly, paths.userTools, kSandboxUserTools});
        l.userRoot = paths.userRoot;
    }
    if (!host.emailDb.isEmpty()) {
        const QString db = checkedEmailDb(host.dataPath, host.emailDb, &l.error);
        if (!l.ok())
            return l;
        l.mounts.append({K::ReadWrite, db, kSandboxEmailDb});
    }
    l.runDir = host.runDir;
    l.mounts.append({K::ReadOnly, l.filesDir(), kSandboxRunDir});
    l.workingDir = kSandboxUserRoot;
    l.harness = kSandboxRunDir + u'/' + kRunDirHarness;
    l.bundledEntry = kSandboxRunDir + u'/' + kRunDirEntry;
    // Where the tool-loader finds the entry: bin/ helpers resolve next to it (TOOLS.md
    // "Referencing Local Files").
    l.toolEntry = (tool.scope == Scope::Global ? kSandboxGlobalTools : kSandboxUserTools) + u'/' + tool.dirName + u'/'
        + tool.entryName();
    l.environment = toolEnvironment(extraEnv);
    return l;
}

QProcessEnvironment toolEnvironment(const QProcessEnvironment &extra)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOME"), kSandboxUserRoot);
    env.insert(QStringLiteral("OFFICER_USER_HOME"), kSandboxUserRoot);
    env.insert(QStringLiteral("OFFICER_USER_ROOT"), kSandboxUserRoot);
    env.insert(QStringLiteral("PI_TOOLS_DIRS"), kSandboxGlobalTools + u':' + kSandboxUserTools);
    env.insert(QStringLiteral("OFFICER_EMAIL_DB"), kSandboxEmailDb);
    env.insert(QStringLiteral("OFFICER_RESOURCES"), QStringLiteral("{}"));
    // Not in TOOLS.md's table, but every container has them: tools run helpers by name, and
    // bubblewrap sets PWD whatever it is told, so every runtime gives the same one.
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    env.insert(QStringLiteral("PWD"), kSandboxUserRoot);
    env.insert(QStringLiteral("HOSTNAME"), kSandboxHostname); // podman sets it whatever it is told
    env.insert(extra);
    return env;
}

} // namespace tw::engine
