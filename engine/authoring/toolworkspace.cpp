#include "authoring/toolworkspace.h"

#include "authoring/frontmatterdocument.h"
#include "authoring/toolarchive.h"
#include "authoring/tooleditsession.h"
#include "catalog/locationscanner.h"
#include "catalog/overrideresolver.h"
#include "sync/datapaths.h"
#include "sync/seedsync.h"
#include "toolmd/toolmdreader.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QUuid>

#include <cerrno>
#include <cstdio>

#include <fcntl.h>

namespace tw::engine {

QString templatesDir()
{
    const QString share = sharedDataDir();
    const QStringList candidates = {share + QStringLiteral("/resources/templates"), share + QStringLiteral("/templates")};
    for (const QString &candidate : candidates)
        if (QFileInfo(candidate).isDir())
            return candidate;
    return {};
}

QStringList templateIds()
{
    const QString dir = templatesDir();
    return dir.isEmpty() ? QStringList() : sortedSubdirectoryNames(dir, false);
}

QString newToolNameProblem(const Catalog &catalog, const QString &user, const QString &name)
{
    if (!isSnakeCase(name))
        return QStringLiteral("'%1' is not snake_case (lower-case letters, digits and single underscores)").arg(name);
    for (const EffectiveTool &e : resolveEffective(catalog, user).tools) {
        if (e.tool.manifest.name != name)
            continue;
        return e.tool.scope == Scope::Global
            ? QStringLiteral("a global tool is named '%1'; a new tool of that name would override it (use Customize)").arg(name)
            : QStringLiteral("%1 already has a tool named '%2' (%3)").arg(user, name, e.tool.dir);
    }
    if (QFileInfo::exists(userToolsPath(catalog.dataPath, user) + u'/' + name))
        return QStringLiteral("%1 already exists").arg(userToolsPath(catalog.dataPath, user) + u'/' + name);
    return {};
}

namespace {

// A tool is made or copied in a staging dir under DATA_PATH and put in place by one rename: the
// platform's loader, a watcher or an agent never sees it half made (a template's TOOL.md with
// its placeholders, a copy without its entry file yet). The staging dir goes when done.
struct Staging
{
    QString dir;
    explicit Staging(const QString &dataPath, const QString &what)
        : dir(dataPath + QStringLiteral("/.toolwright-staging/") + what + u'-' + QUuid::createUuid().toString(QUuid::Id128))
    {
    }
    ~Staging()
    {
        QDir(dir).removeRecursively();
        QDir().rmdir(QFileInfo(dir).absolutePath()); // only when empty: a sync may be staging too
    }
    Q_DISABLE_COPY_MOVE(Staging)
};

// `staged` to `dest` (which must not exist) in one rename; across file systems, a copy.
QString putInPlace(const QString &staged, const QString &dest)
{
    if (QFileInfo::exists(dest))
        return QStringLiteral("%1 already exists").arg(dest);
    if (!QDir().mkpath(QFileInfo(dest).absolutePath()))
        return QStringLiteral("cannot create %1").arg(QFileInfo(dest).absolutePath());
    // RENAME_NOREPLACE: a directory made at `dest` meanwhile (an empty one would be replaced by
    // a plain rename) is never overwritten.
    if (::renameat2(AT_FDCWD, QFile::encodeName(staged).constData(), AT_FDCWD, QFile::encodeName(dest).constData(),
                    RENAME_NOREPLACE)
        == 0)
        return {};
    if (errno == EEXIST || errno == ENOTEMPTY)
        return QStringLiteral("%1 already exists").arg(dest);
    if (const QString err = copyTree(staged, dest); !err.isEmpty()) {
        QDir(dest).removeRecursively();
        return err;
    }
    return {};
}

} // namespace

WorkspaceResult createToolFromTemplate(const Catalog &catalog, const QString &user, const QString &id,
                                       const QString &name, const QString &label, const QString &description)
{
    if (!isUserDirectoryName(user))
        return {{}, QStringLiteral("choose the user the tool is for")};
    if (const QString problem = newToolNameProblem(catalog, user, name); !problem.isEmpty())
        return {{}, problem};
    const QString from = templatesDir() + u'/' + id;
    if (!QFileInfo(toolMdPath(from)).isFile())
        return {{}, QStringLiteral("there is no template '%1'").arg(id)};
    const QString dest = userToolsPath(catalog.dataPath, user) + u'/' + name;
    const Staging staging(catalog.dataPath, QStringLiteral("new"));
    const QString to = staging.dir + u'/' + name;
    if (const QString err = copyTree(from, to); !err.isEmpty())
        return {{}, err};
    const QString shownLabel = label.isEmpty() ? name : label;
    // Text placeholders in bodies and code; the frontmatter is edited through the document.
    QDirIterator it(to, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QByteArray bytes = f.readAll();
        f.close();
        const QByteArray before = bytes;
        bytes.replace("{{NAME}}", name.toUpper().toUtf8());
        bytes.replace("{{label}}", shownLabel.toUtf8());
        bytes.replace("{{description}}", description.toUtf8());
        if (bytes != before)
            writeFileAtomically(path, bytes);
    }
    Diagnostic problem;
    std::optional<ToolEditSession> session = ToolEditSession::open(to, &problem);
    if (!session)
        return {{}, formatDiagnostic(problem)};
    ToolManifest m = session->document().manifest();
    m.name = name;
    m.label = shownLabel;
    m.description = description;
    session->document().applyManifest(m);
    // A new tool starts at version 1: this save is its creation, not an edit of a loaded version.
    if (const QString err = writeFileAtomically(session->toolMdPath(), session->document().bytes()); !err.isEmpty())
        return {{}, err};
    if (const QString err = putInPlace(to, dest); !err.isEmpty())
        return {{}, err};
    return {dest, {}};
}

WorkspaceResult customizeTool(const Catalog &catalog, const QString &user, const QString &globalDir)
{
    if (!isUserDirectoryName(user))
        return {{}, QStringLiteral("choose the user whose copy this is")};
    const QString to = userToolsPath(catalog.dataPath, user) + u'/' + QFileInfo(globalDir).fileName();
    if (QFileInfo::exists(to))
        return {{}, QStringLiteral("%1 already exists; open it instead").arg(to)};
    const Staging staging(catalog.dataPath, QStringLiteral("customize"));
    const QString staged = staging.dir + u'/' + QFileInfo(globalDir).fileName();
    if (const QString err = copyTree(globalDir, staged); !err.isEmpty())
        return {{}, err};
    if (const QString err = putInPlace(staged, to); !err.isEmpty())
        return {{}, err};
    return {to, {}};
}

WorkspaceResult importTool(const Catalog &catalog, const QString &user, const QString &source)
{
    if (!isUserDirectoryName(user))
        return {{}, QStringLiteral("choose the user to import the tool for")};
    const QFileInfo info(source);
    const QString stage = catalog.dataPath + QStringLiteral("/.toolwright-staging/import-")
        + QUuid::createUuid().toString(QUuid::Id128);
    const auto cleanup = qScopeGuard([stage] {
        QDir(stage).removeRecursively();
        QDir().rmdir(QFileInfo(stage).absolutePath()); // only when empty: a sync may be staging too
    });
    QString root, dirName;
    if (info.isDir()) {
        dirName = info.fileName();
        root = stage + u'/' + dirName;
        if (const QString err = copyTree(info.absoluteFilePath(), root); !err.isEmpty())
            return {{}, err};
    } else if (info.isFile() && info.suffix().compare(QStringLiteral("zip"), Qt::CaseInsensitive) == 0) {
        const QString unpacked = stage + QStringLiteral("/unpacked");
        if (!QDir().mkpath(unpacked))
            return {{}, QStringLiteral("cannot create %1").arg(unpacked)};
        if (const QString err = extractZip(info.absoluteFilePath(), unpacked); !err.isEmpty())
            return {{}, err};
        // The tool is the archive's root, or its single top-level folder.
        if (QFileInfo::exists(toolMdPath(unpacked))) {
            dirName = info.completeBaseName();
            root = unpacked;
        } else {
            const QStringList dirs = sortedSubdirectoryNames(unpacked, false);
            if (dirs.size() != 1 || !QFileInfo::exists(toolMdPath(unpacked + u'/' + dirs.first())))
                return {{}, QStringLiteral("%1 holds no tool (a TOOL.md at its root or in one top-level folder)").arg(source)};
            dirName = dirs.first();
            root = unpacked + u'/' + dirName;
        }
    } else {
        return {{}, QStringLiteral("%1 is neither a tool directory nor a .zip").arg(source)};
    }
    const ToolDirScan scan = scanToolDir(root, QFileInfo(stage).canonicalFilePath(), Scope::User, user);
    if (!scan.tool) {
        const Diagnostics &ds = scan.skipped->diagnostics;
        return {{}, QStringLiteral("not a tool the platform would load: %1")
                        .arg(ds.isEmpty() ? scan.skipped->reason : ds.first().message)};
    }
    const QString name = scan.tool->manifest.name;
    for (const EffectiveTool &e : resolveEffective(catalog, user).tools)
        if (e.tool.manifest.name == name && e.tool.scope == Scope::User)
            return {{}, QStringLiteral("%1 already has a tool named '%2' (%3)").arg(user, name, e.tool.dir)};
    const QString tools = userToolsPath(catalog.dataPath, user);
    const QString dest = tools + u'/' + dirName;
    if (QFileInfo::exists(dest))
        return {{}, QStringLiteral("%1 already exists").arg(dest)};
    if (!QDir().mkpath(tools))
        return {{}, QStringLiteral("cannot create %1").arg(tools)};
    if (std::rename(QFile::encodeName(root).constData(), QFile::encodeName(dest).constData()) != 0) {
        if (const QString err = copyTree(root, dest); !err.isEmpty()) {
            QDir(dest).removeRecursively();
            return {{}, err};
        }
    }
    return {dest, {}};
}

QString removeToolDir(const QString &dir, bool *trashed)
{
    if (trashed)
        *trashed = false;
    if (!QFileInfo(dir).isDir())
        return QStringLiteral("%1 is not a directory").arg(dir);
    // Qt makes the Trash directory, not the data dir it lives in: on an account without
    // ~/.local/share yet the tool would be deleted for good instead.
    QDir().mkpath(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation));
    if (QFile::moveToTrash(dir)) {
        if (trashed)
            *trashed = true;
        return {};
    }
    return QDir(dir).removeRecursively() ? QString() : QStringLiteral("cannot remove %1").arg(dir);
}

} // namespace tw::engine
