#include "run/runowner.h"

#include "run/runchanges.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>
#include <unistd.h>

namespace tw::engine {

namespace {

// Field 22 of /proc/<pid>/stat (after the parenthesised command, which may hold spaces).
QByteArray startTicks(const QByteArray &pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(QString::fromLatin1(pid)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray stat = f.readAll();
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return {};
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    return fields.size() > 19 ? fields[19] : QByteArray(); // field 3 is index 0 here
}

const QString kRunDirPrefix = QStringLiteral("toolwright-run-");

} // namespace

QString runOwnerToken()
{
    static const QString token = [] {
        const QByteArray pid = QByteArray::number(::getpid());
        return QString::fromLatin1(pid + '.' + startTicks(pid));
    }();
    return token;
}

bool runOwnerAlive(const QString &token)
{
    const qsizetype dot = token.indexOf(u'.');
    if (dot <= 0)
        return false;
    const QByteArray pid = token.left(dot).toLatin1();
    return !startTicks(pid).isEmpty() && startTicks(pid) == token.mid(dot + 1).toLatin1();
}

QString runDirectoryParent()
{
    // The sandbox identity (an account of its own when Toolwright runs as root) must reach the
    // run directory: a private TMPDIR (mode 0700) is not used then, /tmp is.
    static const QString parent = [] {
        const QString temp = QDir::tempPath();
        if (::getuid() != 0)
            return temp;
        for (QString dir = temp; dir.size() > 1; dir = QFileInfo(dir).path()) {
            struct stat st{};
            if (::stat(QFile::encodeName(dir).constData(), &st) != 0 || !(st.st_mode & S_IXOTH))
                return QStringLiteral("/tmp");
        }
        return temp;
    }();
    return parent;
}

QString runDirectoryTemplate()
{
    return runDirectoryParent() + u'/' + kRunDirPrefix + runOwnerToken() + QStringLiteral("-XXXXXX");
}

QString typesDirectoryTemplate()
{
    return runDirectoryParent() + QStringLiteral("/toolwright-types-") + runOwnerToken() + QStringLiteral("-XXXXXX");
}

void removeStaleRunDirectories()
{
    const QDir temp(runDirectoryParent());
    for (const QString &prefix : {kRunDirPrefix, QStringLiteral("toolwright-types-")}) {
        for (const QString &name : temp.entryList({prefix + u'*'}, QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)) {
            const QString token = name.mid(prefix.size()).section(u'-', 0, 0);
            if (!token.isEmpty() && !runOwnerAlive(token))
                removeRunTree(temp.filePath(name)); // a sandbox may have left mode-000 directories
        }
    }
}

} // namespace tw::engine
