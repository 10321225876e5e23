#include "sync/datapaths.h"

#include "catalog/catalog.h"
#include "sync/seedsync.h"
#include "toolmd/toollayout.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#ifndef TOOLWRIGHT_SOURCE_DIR
#define TOOLWRIGHT_SOURCE_DIR ""
#endif
#ifndef TOOLWRIGHT_BUILD_DIR
#define TOOLWRIGHT_BUILD_DIR ""
#endif

namespace tw::engine {

QString embeddedDataPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/data");
}

QString defaultUserEmail()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty() || user.contains(u'/'))
        user = QStringLiteral("user");
    return user + QStringLiteral("@localhost");
}

QString sharedDataDir()
{
    QStringList candidates;
    if (const QString env = qEnvironmentVariable("TOOLWRIGHT_SHARE_DIR"); !env.isEmpty())
        candidates.append(env);
    // Installed: <prefix>/bin/toolwright beside <prefix>/share/toolwright. The source tree serves
    // only programs that run from the build tree, so an installed copy never reads a checkout.
    bool inBuildTree = true;
    if (QCoreApplication::instance()) {
        const QString exeDir = QCoreApplication::applicationDirPath();
        candidates.append(exeDir + QStringLiteral("/../share/toolwright"));
        const QString buildDir = QStringLiteral(TOOLWRIGHT_BUILD_DIR);
        inBuildTree = !buildDir.isEmpty() && (exeDir == buildDir || exeDir.startsWith(buildDir + u'/'));
    }
    if (inBuildTree)
        candidates.append(QStringLiteral(TOOLWRIGHT_SOURCE_DIR));
    for (const QString &c : candidates) {
        if (!c.isEmpty() && QFileInfo(c + QStringLiteral("/seed/") + kToolsDirName).isDir())
            return QDir::cleanPath(c);
    }
    return {};
}

QString bundledSeedToolsDir()
{
    const QString share = sharedDataDir();
    return share.isEmpty() ? QString() : share + QStringLiteral("/seed/") + kToolsDirName;
}

QString resolveDataPath(const QString &explicitPath)
{
    if (!explicitPath.isEmpty())
        return QDir::cleanPath(QDir(explicitPath).absolutePath());
    if (const QString env = qEnvironmentVariable("DATA_PATH"); !env.isEmpty())
        return QDir::cleanPath(QDir(env).absolutePath());
    return embeddedDataPath();
}

QStringList prepareEmbeddedDataPath(const QString &dataPath, const QString &user)
{
    QStringList errors;
    const QString seed = bundledSeedToolsDir();
    if (seed.isEmpty()) {
        errors.append(QStringLiteral("the bundled seed tools were not found (set TOOLWRIGHT_SHARE_DIR)"));
    } else {
        errors.append(applySync(planSync(seed, dataPath), seed, dataPath).errors);
    }
    if (!QDir().mkpath(userToolsPath(dataPath, user)))
        errors.append(QStringLiteral("cannot create %1").arg(userToolsPath(dataPath, user)));
    return errors;
}

OpenedDataPath openDataPath(const QString &explicitPath, const QString &user)
{
    OpenedDataPath opened;
    opened.path = resolveDataPath(explicitPath);
    opened.user = user;
    opened.embedded = explicitPath.isEmpty() && qEnvironmentVariableIsEmpty("DATA_PATH");
    if (opened.embedded) {
        if (opened.user.isEmpty())
            opened.user = defaultUserEmail();
        opened.warnings = prepareEmbeddedDataPath(opened.path, opened.user);
    }
    if (!QFileInfo(opened.path).isDir())
        opened.error = QStringLiteral("data dir %1 does not exist").arg(opened.path);
    return opened;
}

} // namespace tw::engine
