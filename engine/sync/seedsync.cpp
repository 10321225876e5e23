#include "sync/seedsync.h"

#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/direntries.h"
#include "catalog/locationscanner.h"
#include "toolmd/textrules.h"
#include "toolmd/toolmdreader.h"
#include "toolmd/toollayout.h"
#include "toolmd/yamlnode.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QLoggingCategory>
#include <QMap>
#include <QScopeGuard>
#include <QUuid>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <limits>

Q_LOGGING_CATEGORY(lcSync, "tw.engine.sync", QtWarningMsg)

namespace tw::engine {
namespace {

const QString kStaging = QStringLiteral(".toolwright-staging");

// Swaps two paths atomically (Linux renameat2 RENAME_EXCHANGE); false when unsupported.
bool exchangePaths(const QString &a, const QString &b)
{
#ifdef RENAME_EXCHANGE
    return ::renameat2(AT_FDCWD, QFile::encodeName(a).constData(), AT_FDCWD, QFile::encodeName(b).constData(),
                       RENAME_EXCHANGE) == 0;
#else
    Q_UNUSED(a);
    Q_UNUSED(b);
    return false;
#endif
}

QString errnoText() { return QString::fromLocal8Bit(std::strerror(errno)); }

// The same content, executable bit or link target (sameTree and compareTrees agree on this).
bool sameFile(const QString &a, const QString &b, bool symlink)
{
    if (symlink)
        return QFileInfo(a).symLinkTarget() == QFileInfo(b).symLinkTarget();
    const QFileInfo fa(a), fb(b);
    if (fa.size() != fb.size() || fa.isExecutable() != fb.isExecutable())
        return false;
    QFile qa(a), qb(b);
    if (!qa.open(QIODevice::ReadOnly) || !qb.open(QIODevice::ReadOnly))
        return false;
    while (!qa.atEnd()) {
        if (qa.read(64 * 1024) != qb.read(64 * 1024))
            return false;
    }
    return true;
}

// Files (and symlinks, not followed) below `root`/`prefix`, keyed by raw relative path.
void listFiles(const QString &root, const QString &prefix, QMap<QByteArray, std::pair<QString, bool>> &out)
{
    const auto entries = listDirectory(prefix.isEmpty() ? root : root + u'/' + prefix);
    if (!entries)
        return;
    for (const DirEntry &e : *entries) {
        const QString path = prefix.isEmpty() ? e.name : prefix + u'/' + e.name;
        if (e.isDir && !e.isSymlink)
            listFiles(root, path, out);
        else
            out.insert(path.toUtf8(), {path, e.isSymlink});
    }
}

// The `version` of a frontmatter the loader skips for want of a `name`: sync-tools reads the
// version whatever else the frontmatter lacks (TOOLS.md: "Parse version from TOOL.md frontmatter
// (defaults to 0 if missing)"). As the reader takes it: an integer, or a quoted integer.
std::optional<int> versionOfUnnamed(const ToolMdParse &parse)
{
    // Only the name is missing: a frontmatter the platform cannot read as YAML has no version.
    const auto otherSkip = [](const Diagnostic &d) { return d.severity == Severity::Skip && d.code != u"name-missing"; };
    if (parse.manifest || !parse.yaml || !parse.yaml->isMap()
        || std::any_of(parse.diagnostics.cbegin(), parse.diagnostics.cend(), otherSkip))
        return std::nullopt;
    const YamlNode &root = *parse.yaml;
    for (size_t i = 0; i < root.mapSize(); ++i) {
        if (root.key(i).scalar != "version" || !root.value(i).isScalar())
            continue;
        const YamlNode &value = root.value(i);
        const QString text = QString::fromStdString(value.scalar);
        const QJsonValue v = value.isQuoted() ? QJsonValue(text) : resolvePlainScalar(text);
        bool ok = false;
        const int quoted = v.isString() ? v.toString().trimmed().toInt(&ok) : 0;
        if (ok)
            return quoted;
        const double d = v.toDouble(std::nan(""));
        if (v.isDouble() && std::isfinite(d) && std::floor(d) == d && std::abs(d) <= double(std::numeric_limits<int>::max()))
            return int(d);
        return 0;
    }
    return std::nullopt;
}

// A directory is planned only when it holds a TOOL.md: the sync reads the version there.
bool holdsToolMd(const QString &dir) { return QFileInfo(toolMdPath(dir)).isFile(); }

} // namespace

QString syncActionName(SyncActionKind kind)
{
    switch (kind) {
    case SyncActionKind::Install: return QStringLiteral("install");
    case SyncActionKind::Update: return QStringLiteral("update");
    case SyncActionKind::SkipEqual: return QStringLiteral("skip-equal");
    case SyncActionKind::KeepNewer: return QStringLiteral("keep-newer");
    }
    return {};
}

int syncVersionOf(const QString &toolDir, Diagnostics *notes)
{
    const QString path = toolMdPath(toolDir);
    QFile file(path);
    QByteArray bytes;
    if (file.open(QIODevice::ReadOnly) && file.size() <= kMaxToolMdBytes)
        bytes = file.readAll();
    const ToolMdParse parse = parseToolMd(bytes, path);
    if (parse.manifest && parse.manifest->versionPresent)
        return parse.manifest->version;
    if (const std::optional<int> version = versionOfUnnamed(parse))
        return *version;
    if (notes) {
        notes->append({QStringLiteral("version-missing"), Severity::Warning,
                       QStringLiteral("no readable version; sync-tools counts it as 0"), path, 0});
    }
    return parse.manifest ? parse.manifest->version : 0;
}

QList<SyncAction> planSync(const QString &seedToolsDir, const QString &dataPath, QList<SyncSkip> *skipped)
{
    QList<SyncAction> plan;
    const QString target = globalToolsPath(dataPath);
    for (const QString &dir : sortedSubdirectoryNames(seedToolsDir, false)) {
        if (!holdsToolMd(seedToolsDir + u'/' + dir)) {
            if (skipped)
                skipped->append({dir, QStringLiteral("no TOOL.md: not a tool, so it is not synced")});
            continue;
        }
        SyncAction a;
        a.dir = dir;
        a.seedVersion = syncVersionOf(seedToolsDir + u'/' + dir, &a.notes);
        const QString targetDir = target + u'/' + dir;
        if (!QFileInfo(targetDir).isDir()) {
            a.action = SyncActionKind::Install;
        } else {
            a.targetVersion = syncVersionOf(targetDir, &a.notes);
            // TOOLS.md: "Only copy if seed version > target version (equal versions are skipped)".
            if (a.seedVersion > *a.targetVersion)
                a.action = SyncActionKind::Update;
            else if (a.seedVersion == *a.targetVersion) {
                a.action = SyncActionKind::SkipEqual;
                a.contentDiffers = !sameTree(seedToolsDir + u'/' + dir, targetDir);
            }
            else
                a.action = SyncActionKind::KeepNewer;
        }
        plan.append(std::move(a));
    }
    return plan;
}

SeedToolsDir resolveSeedToolsDir(const QString &dir)
{
    SeedToolsDir seed;
    if (!QFileInfo(dir).isDir()) {
        seed.error = QStringLiteral("seed dir %1 does not exist").arg(dir);
        return seed;
    }
    const QStringList subdirs = sortedSubdirectoryNames(dir, false);
    if (std::any_of(subdirs.cbegin(), subdirs.cend(), [&](const QString &sub) { return holdsToolMd(dir + u'/' + sub); })) {
        seed.path = dir;
        return seed;
    }
    const QString tools = dir + QStringLiteral("/tools");
    if (QFileInfo(tools).isDir()) {
        seed.path = tools;
        seed.fromSeedRoot = true;
        return seed;
    }
    seed.error = QStringLiteral("%1 is not a seed: no subdirectory holds a TOOL.md and there is no tools/ subdirectory").arg(dir);
    return seed;
}

SyncPlan planSeedSync(const QString &seedDir, const QString &dataPath)
{
    SyncPlan plan;
    plan.seed = resolveSeedToolsDir(seedDir);
    if (plan.seed.ok())
        plan.actions = planSync(plan.seed.path, dataPath, &plan.skipped);
    return plan;
}

QString syncActionReason(const SyncAction &a)
{
    switch (a.action) {
    case SyncActionKind::Install:
        return QStringLiteral("not installed yet: the seed is copied in");
    case SyncActionKind::Update:
        return QStringLiteral("seed v%1 is newer than v%2: the whole directory is replaced").arg(a.seedVersion).arg(*a.targetVersion);
    case SyncActionKind::SkipEqual:
        return a.contentDiffers
            ? QStringLiteral("the seed changed but its version was not bumped: the sync skips it and the change never arrives")
            : QStringLiteral("same version and content: nothing to do");
    case SyncActionKind::KeepNewer:
        return QStringLiteral("installed v%1 is newer than the seed's v%2 (edited in place): kept until the seed passes it")
            .arg(*a.targetVersion)
            .arg(a.seedVersion);
    }
    return {};
}

bool sameTree(const QString &a, const QString &b)
{
    const auto left = listDirectory(a);
    const auto right = listDirectory(b);
    if (!left || !right || left->size() != right->size())
        return false;
    for (qsizetype i = 0; i < left->size(); ++i) {
        const DirEntry &l = left->at(i);
        const DirEntry &r = right->at(i);
        if (l.rawName != r.rawName || l.isDir != r.isDir || l.isSymlink != r.isSymlink)
            return false;
        const QString pa = a + u'/' + l.name;
        const QString pb = b + u'/' + r.name;
        if (l.isDir && !l.isSymlink) {
            if (!sameTree(pa, pb))
                return false;
        } else if (!sameFile(pa, pb, l.isSymlink)) {
            return false;
        }
    }
    return true;
}

QList<TreeFileComparison> compareTreesForView(const QString &left, const QString &right, qsizetype max)
{
    QList<TreeFileComparison> files = compareTrees(left, right);
    std::stable_sort(files.begin(), files.end(), [](const TreeFileComparison &x, const TreeFileComparison &y) {
        const auto rank = [](const TreeFileComparison &f) { return f.path == kToolMdFile ? 0 : f.differs ? 1 : 2; };
        return rank(x) < rank(y);
    });
    if (files.size() > max) {
        files.erase(std::remove_if(files.begin(), files.end(),
                                   [](const TreeFileComparison &f) { return !f.differs && f.path != kToolMdFile; }),
                    files.end());
        files.resize(std::min(files.size(), max));
    }
    return files;
}

QList<TreeFileComparison> compareTrees(const QString &left, const QString &right)
{
    QMap<QByteArray, std::pair<QString, bool>> leftFiles, rightFiles;
    listFiles(left, {}, leftFiles);
    listFiles(right, {}, rightFiles);
    QMap<QByteArray, std::pair<QString, bool>> all = leftFiles;
    all.insert(rightFiles);
    QList<TreeFileComparison> files;
    files.reserve(all.size());
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        TreeFileComparison f;
        f.path = it->first;
        const auto l = leftFiles.constFind(it.key());
        const auto r = rightFiles.constFind(it.key());
        f.inLeft = l != leftFiles.cend();
        f.inRight = r != rightFiles.cend();
        f.differs = !f.inLeft || !f.inRight || l->second != r->second
            || !sameFile(left + u'/' + f.path, right + u'/' + f.path, l->second);
        files.append(f);
    }
    return files;
}

QString copyTree(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return QStringLiteral("cannot create %1").arg(to);
    QFile::setPermissions(to, QFileInfo(from).permissions());
    const auto entries = listDirectory(from);
    if (!entries)
        return QStringLiteral("cannot read %1").arg(from);
    for (const DirEntry &e : *entries) {
        const QString src = from + u'/' + e.name;
        const QString dst = to + u'/' + e.name;
        if (e.isSymlink) {
            if (!QFile::link(QFileInfo(src).symLinkTarget(), dst))
                return QStringLiteral("cannot create symlink %1").arg(dst);
        } else if (e.isDir) {
            if (QString err = copyTree(src, dst); !err.isEmpty())
                return err;
        } else {
            if (!QFile::copy(src, dst))
                return QStringLiteral("cannot copy %1 to %2").arg(src, dst);
            QFile::setPermissions(dst, QFileInfo(src).permissions());
        }
    }
    return {};
}

SyncResult applySync(const QList<SyncAction> &plan, const QString &seedToolsDir, const QString &dataPath,
                     const std::function<void(int, int, const QString &)> &progress)
{
    SyncResult result;
    const QString target = globalToolsPath(dataPath);
    const QString staging = QDir::cleanPath(dataPath + u'/' + kStaging);
    // Leftovers of an interrupted sync are never a tool; the live directories are intact.
    QDir(staging).removeRecursively();
    if (!QDir().mkpath(target) || !QDir().mkpath(staging)) {
        result.errors.append(QStringLiteral("cannot create %1").arg(target));
        return result;
    }
    const int total = int(std::count_if(plan.cbegin(), plan.cend(), [](const SyncAction &a) {
        return a.action == SyncActionKind::Install || a.action == SyncActionKind::Update;
    }));
    int done = 0;
    for (const SyncAction &a : plan) {
        if (a.action != SyncActionKind::Install && a.action != SyncActionKind::Update)
            continue;
        const auto report = qScopeGuard([&] {
            if (progress)
                progress(++done, total, a.dir);
        });
        const QString fresh = staging + u'/' + a.dir + u'-' + QUuid::createUuid().toString(QUuid::Id128);
        const QString live = target + u'/' + a.dir;
        if (QString err = copyTree(seedToolsDir + u'/' + a.dir, fresh); !err.isEmpty()) {
            QDir(fresh).removeRecursively();
            result.errors.append(a.dir + QStringLiteral(": ") + err);
            continue;
        }
        bool swapped = false;
        if (QFileInfo::exists(live)) {
            swapped = exchangePaths(fresh, live); // `fresh` now holds the old tool
            if (!swapped) {
                const QString old = fresh + QStringLiteral("-old");
                swapped = ::rename(QFile::encodeName(live).constData(), QFile::encodeName(old).constData()) == 0
                    && ::rename(QFile::encodeName(fresh).constData(), QFile::encodeName(live).constData()) == 0;
                if (swapped)
                    QDir(old).removeRecursively();
            }
        } else {
            swapped = ::rename(QFile::encodeName(fresh).constData(), QFile::encodeName(live).constData()) == 0;
        }
        if (!swapped) {
            result.errors.append(QStringLiteral("%1: cannot move the new version into place: %2").arg(a.dir, errnoText()));
            QDir(fresh).removeRecursively();
            continue;
        }
        QDir(fresh).removeRecursively();
        qCInfo(lcSync) << syncActionName(a.action) << a.dir << a.seedVersion;
        result.applied.append(a);
    }
    QDir(staging).removeRecursively();
    return result;
}

QJsonObject syncPlanJson(const SyncPlan &planned)
{
    QJsonArray actions;
    for (const SyncAction &a : planned.actions) {
        actions.append(QJsonObject{{QStringLiteral("dir"), a.dir},
                                   {QStringLiteral("action"), syncActionName(a.action)},
                                   {QStringLiteral("seed_version"), a.seedVersion},
                                   {QStringLiteral("target_version"),
                                    a.targetVersion ? QJsonValue(*a.targetVersion) : QJsonValue(QJsonValue::Null)}});
    }
    QJsonArray skipped;
    for (const SyncSkip &s : planned.skipped)
        skipped.append(QJsonObject{{QStringLiteral("dir"), s.dir}, {QStringLiteral("reason"), s.reason}});
    // Added to DESIGN.md's shape, which stays: the tools dir planned and whether it was found
    // as the seed root's tools/, and the seed's subdirectories that are not tools.
    return QJsonObject{{QStringLiteral("actions"), actions},
                       {QStringLiteral("skipped"), skipped},
                       {QStringLiteral("seed_tools_dir"), planned.seed.path},
                       {QStringLiteral("seed_root"), planned.seed.fromSeedRoot}};
}

QJsonObject syncPlanDetailJson(const SyncPlan &planned)
{
    QJsonObject json = syncPlanJson(planned);
    QJsonArray actions = json.value(QStringLiteral("actions")).toArray();
    for (qsizetype i = 0; i < actions.size(); ++i) {
        const SyncAction &a = planned.actions.at(i);
        QJsonObject o = actions.at(i).toObject();
        o.insert(QStringLiteral("content_differs"), a.contentDiffers);
        if (!a.notes.isEmpty())
            o.insert(QStringLiteral("notes"), diagnosticsJson(a.notes));
        actions.replace(i, o);
    }
    json.insert(QStringLiteral("actions"), actions);
    return json;
}

QStringList syncPlanWarnings(const SyncPlan &planned)
{
    QStringList lines;
    for (const SyncAction &a : planned.actions) {
        for (const Diagnostic &d : a.notes)
            lines << formatDiagnostic(d);
        if (a.contentDiffers)
            lines << QStringLiteral("%1: the seed changed but version %2 was not bumped; the sync skips it [version-not-bumped]")
                         .arg(a.dir)
                         .arg(a.seedVersion);
    }
    return lines;
}

} // namespace tw::engine
