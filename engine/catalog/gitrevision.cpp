#include "catalog/gitrevision.h"

#include "toolmd/toolmdreader.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace tw::engine {
namespace {

struct Output
{
    bool ok = false;
    QByteArray out;
};

Output run(const QString &git, const QStringList &args)
{
    QProcess p;
    p.start(git, args); // argument list, no shell
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit)
        return {};
    return {p.exitCode() == 0, p.readAllStandardOutput()};
}

} // namespace

std::optional<GitRevision> GitRevision::open(const QString &path, const QString &rev, QString *error)
{
    GitRevision g;
    g.m_git = QStandardPaths::findExecutable(QStringLiteral("git"));
    if (g.m_git.isEmpty()) {
        *error = QStringLiteral("--since needs git, which is not installed");
        return std::nullopt;
    }
    const Output top = run(g.m_git, {QStringLiteral("-C"), path, QStringLiteral("rev-parse"), QStringLiteral("--show-toplevel")});
    if (!top.ok) {
        *error = QStringLiteral("%1 is not in a git checkout (needed for --since)").arg(path);
        return std::nullopt;
    }
    g.m_top = QString::fromUtf8(top.out).trimmed();
    if (!run(g.m_git, {QStringLiteral("-C"), g.m_top, QStringLiteral("rev-parse"), QStringLiteral("--verify"),
                       QStringLiteral("--quiet"), rev + QStringLiteral("^{commit}")})
             .ok) {
        *error = QStringLiteral("unknown revision '%1' in %2").arg(rev, g.m_top);
        return std::nullopt;
    }
    g.m_rev = rev;
    // -z: paths as they are, NUL-separated. Without it git quotes a path with a byte outside
    // ASCII ("seed/tools/caf\303\251/index.ts"), and such a tool never counted as changed.
    for (const QStringList &args : {QStringList{QStringLiteral("diff"), QStringLiteral("--name-only"), QStringLiteral("-z"), rev,
                                                QStringLiteral("--")},
                                    QStringList{QStringLiteral("ls-files"), QStringLiteral("-z"), QStringLiteral("--others"),
                                                QStringLiteral("--exclude-standard")}}) {
        const Output o = run(g.m_git, QStringList{QStringLiteral("-C"), g.m_top} + args);
        for (const QByteArray &path : o.out.split('\0'))
            if (!path.isEmpty())
                g.m_changed.insert(QString::fromUtf8(path));
    }
    return g;
}

QString GitRevision::relative(const QString &dir) const
{
    const QString canonical = QFileInfo(dir).canonicalFilePath();
    return QDir(m_top).relativeFilePath(canonical.isEmpty() ? dir : canonical);
}

bool GitRevision::changedSince(const QString &toolDir) const
{
    const QString prefix = relative(toolDir) + u'/';
    for (const QString &path : m_changed)
        if (path.startsWith(prefix))
            return true;
    return false;
}

std::optional<int> GitRevision::versionAt(const QString &toolDir) const
{
    const Output o = run(m_git, {QStringLiteral("-C"), m_top, QStringLiteral("show"),
                                 m_rev + u':' + relative(toolDir) + u'/' + kToolMdFile});
    if (!o.ok)
        return std::nullopt;
    const ToolMdParse parse = parseToolMd(o.out, kToolMdFile);
    return parse.manifest ? parse.manifest->version : 0;
}

} // namespace tw::engine
