#include "toolmd/toollayout.h"

#include <QDir>
#include <QFileInfo>

namespace tw::engine {

bool isUserDirectoryName(const QString &name)
{
    return name.contains(u'@') && !name.contains(u'/') && !name.contains(QChar(0)) && name != u"." && name != u"..";
}

QString globalToolsPath(const QString &dataPath)
{
    return QDir::cleanPath(dataPath + u'/' + kToolsDirName);
}

QString userRootPath(const QString &dataPath, const QString &email)
{
    return QDir::cleanPath(dataPath + u'/' + email);
}

QString userToolsPath(const QString &dataPath, const QString &email)
{
    return QDir::cleanPath(dataPath + u'/' + email + u'/' + kToolsDirName);
}

QString locationOfToolDir(const QString &toolDir)
{
    return toolDir.left(toolDir.lastIndexOf(u'/'));
}

QString toolMdPath(const QString &toolDir)
{
    return toolDir + u'/' + kToolMdFile;
}

QString entryFilePath(const QString &toolDir)
{
    for (const QString &name : kEntryFiles) {
        const QString path = toolDir + u'/' + name;
        if (QFileInfo::exists(path))
            return path;
    }
    return toolDir + u'/' + kEntryTsFile;
}

} // namespace tw::engine
