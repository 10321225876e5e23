#include "run/runowner.h"

#include <QDir>
#include <QFile>

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

QString runDirectoryTemplate()
{
    return QDir::tempPath() + u'/' + kRunDirPrefix + runOwnerToken() + QStringLiteral("-XXXXXX");
}

void removeStaleRunDirectories()
{
    const QDir temp(QDir::tempPath());
    for (const QString &name : temp.entryList({kRunDirPrefix + u'*'}, QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)) {
        const QString token = name.mid(kRunDirPrefix.size()).section(u'-', 0, 0);
        if (!token.isEmpty() && !runOwnerAlive(token))
            QDir(temp.filePath(name)).removeRecursively();
    }
}

} // namespace tw::engine
