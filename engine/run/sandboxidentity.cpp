#include "run/sandboxidentity.h"

#include <QFile>

#include <pwd.h>
#include <unistd.h>

namespace tw::engine {

QString SandboxIdentity::describe() const
{
    return dropsPrivileges ? QStringLiteral("%1 (uid %2)").arg(kSandboxAccount).arg(uid)
                           : QStringLiteral("the calling user (uid %1)").arg(uid);
}

const SandboxIdentity &sandboxIdentity()
{
    static const SandboxIdentity identity = [] {
        SandboxIdentity id;
        if (::getuid() != 0 && ::geteuid() != 0) {
            id.uid = ::getuid();
            id.gid = ::getgid();
            return id;
        }
        id.dropsPrivileges = true;
        const QByteArray name = QFile::encodeName(kSandboxAccount);
        const passwd *pw = ::getpwnam(name.constData());
        if (!pw || pw->pw_uid == 0 || pw->pw_gid == 0) {
            id.error = QStringLiteral("Toolwright runs as root, and a tool must never run as root: its sandbox runs as the "
                                      "unprivileged account %1, which this machine lacks. Create it (scripts/setup does: "
                                      "useradd --system --user-group --no-create-home --shell /usr/sbin/nologin %1), or run "
                                      "Toolwright as an ordinary user.")
                           .arg(kSandboxAccount);
            return id;
        }
        id.uid = pw->pw_uid;
        id.gid = pw->pw_gid;
        return id;
    }();
    return identity;
}

} // namespace tw::engine
