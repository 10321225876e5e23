#include "catalog/locationscanner.h"

#include "catalog/direntries.h"
#include "catalog/scancache.h"
#include "catalog/toolchecks.h"
#include "toolmd/entryscanner.h"
#include "toolmd/toolmdreader.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLoggingCategory>
#include <QScopeGuard>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

Q_LOGGING_CATEGORY(lcScan, "tw.engine.scan", QtWarningMsg)

namespace tw::engine {

std::function<void(const QString &)> &toolDirScanHookForTests()
{
    static std::function<void(const QString &)> hook;
    return hook;
}

namespace {

bool isInside(const QString &canonical, const QString &root)
{
    return canonical == root || canonical.startsWith(root + u'/');
}

enum class ReadStatus { Ok, TooLarge, Failed };

// One open, one fstat and the reads: this runs for two files of every tool on every scan.
ReadStatus readCapped(const QString &path, qint64 cap, QByteArray &bytes, qint64 &size)
{
    // O_NONBLOCK: a FIFO named TOOL.md or index.ts opens at once and is then refused as not a
    // regular file (a blocking open waited for a writer for ever: list, lint and run hung).
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return ReadStatus::Failed;
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return ReadStatus::Failed;
    size = st.st_size;
    if (size > cap)
        return ReadStatus::TooLarge;
    bytes.resize(qsizetype(size) + 1); // one more byte shows a file that grew while we read it
    qsizetype total = 0;
    while (total < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + total, size_t(bytes.size() - total));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return ReadStatus::Failed;
        if (n == 0)
            break;
        total += n;
        // A regular file reads short only at its end: no second read to hear it (one system
        // call less for each of the two files of every tool).
        if (total < bytes.size())
            break;
        if (total <= cap)
            bytes.resize(std::min<qsizetype>(cap + 1, bytes.size() * 2)); // grown; read on up to the cap
    }
    bytes.truncate(total);
    if (total > cap)
        return ReadStatus::TooLarge;
    return ReadStatus::Ok;
}

SkippedDir makeSkip(const QString &dir, const QString &dirName, Diagnostics diagnostics)
{
    SkippedDir skip{dir, dirName, QString(), std::move(diagnostics), {}};
    for (const Diagnostic &d : skip.diagnostics) {
        if (d.severity == Severity::Skip) {
            skip.reason = d.code;
            break;
        }
    }
    return skip;
}

// The entry file's lint and the checks that need both files, once the entry was read.
void lintEntry(const ToolManifest &m, const QString &toolMd, const QString &entryPath, ReadStatus status,
               const QByteArray &source, qint64 size, Diagnostics &out)
{
    switch (status) {
    case ReadStatus::Failed:
        out.append({QStringLiteral("read-failed"), Severity::Error, QStringLiteral("the entry file cannot be read"),
                    entryPath, 0});
        break;
    case ReadStatus::TooLarge:
        out.append({QStringLiteral("file-too-large"), Severity::Info,
                    QStringLiteral("the entry file is %1 bytes; it was not checked").arg(size), entryPath, 0});
        break;
    case ReadStatus::Ok: {
        EntryScan scan = scanEntry(source, entryPath);
        out.append(scan.diagnostics);
        out.append(checkParams(m, scan, toolMd, entryPath));
        break;
    }
    }
}

ToolDirScan scanUncached(const QString &dir, const QString &dirName, const QString &locationRoot,
                         Scope scope, const QString &user, ScanDepth depth)
{
    ToolDirScan result;
    const QString toolMd = toolMdPath(dir);
    const std::optional<QList<DirEntry>> entries = listDirectory(dir);
    if (!entries) {
        result.skipped = makeSkip(dir, dirName,
                                  {{QStringLiteral("read-failed"), Severity::Skip,
                                    QStringLiteral("the directory cannot be read (permission denied or gone)"), dir, 0}});
        return result;
    }
    const DirEntry *toolMdEntry = nullptr, *tsEntry = nullptr, *jsEntry = nullptr;
    QStringList files;
    files.reserve(entries->size());
    for (const DirEntry &e : *entries) {
        // TOOL.md and the entry, in every tool: one copy of their names.
        const QString *known = e.isDir ? nullptr
            : e.name == kToolMdFile    ? &kToolMdFile
            : e.name == kEntryTsFile   ? &kEntryTsFile
            : e.name == kEntryJsFile   ? &kEntryJsFile
                                       : nullptr;
        files.append(known ? *known : e.isDir ? e.name + u'/' : e.name);
        if (e.isDir)
            continue;
        if (e.name == kToolMdFile)
            toolMdEntry = &e;
        else if (e.name == kEntryTsFile)
            tsEntry = &e;
        else if (e.name == kEntryJsFile)
            jsEntry = &e;
    }
    // DESIGN.md: index.ts wins if both exist.
    const DirEntry *entry = tsEntry ? tsEntry : jsEntry;
    Diagnostics skips;
    if (!toolMdEntry || toolMdEntry->dangling) {
        skips.append({QStringLiteral("missing-tool-md"), Severity::Skip,
                      QStringLiteral("no TOOL.md: the loader skips directories without one"), dir, 0});
    }
    if (!entry || entry->dangling) {
        skips.append({QStringLiteral("missing-entry"), Severity::Skip,
                      QStringLiteral("no index.ts or index.js: the loader skips directories without an entry file"),
                      dir, 0});
    }
    const QString entryPath = entry ? dir + u'/' + entry->name : QString();
    for (const auto &[e, path] : {std::pair{toolMdEntry, toolMd}, std::pair{entry, entryPath}}) {
        if (e && e->isSymlink && !e->dangling && !isInside(QFileInfo(path).canonicalFilePath(), locationRoot)) {
            skips.append({QStringLiteral("path-escape"), Severity::Skip,
                          QStringLiteral("%1 is a symlink that leaves %2").arg(e->name, locationRoot), path, 0});
        }
    }
    auto skipWith = [&](Diagnostics diagnostics) {
        result.skipped = makeSkip(dir, dirName, std::move(diagnostics));
        result.skipped->files = files;
        return result;
    };
    if (!skips.isEmpty())
        return skipWith(std::move(skips));

    if (const auto &hook = toolDirScanHookForTests())
        hook(dir);
    QByteArray bytes;
    qint64 size = 0;
    ++result.filesRead;
    switch (readCapped(toolMd, kMaxToolMdBytes, bytes, size)) {
    case ReadStatus::Failed:
        return skipWith({{QStringLiteral("read-failed"), Severity::Skip,
                          QStringLiteral("TOOL.md cannot be read (permission denied?)"), toolMd, 0}});
    case ReadStatus::TooLarge:
        return skipWith({{QStringLiteral("file-too-large"), Severity::Skip,
                          QStringLiteral("TOOL.md is %1 bytes; the limit is %2").arg(size).arg(kMaxToolMdBytes),
                          toolMd, 0}});
    case ReadStatus::Ok:
        break;
    }
    ToolMdParse parse = parseToolMd(bytes, toolMd);
    if (!parse.manifest)
        return skipWith(std::move(parse.diagnostics));

    ToolRecord tool;
    tool.manifest = std::move(*parse.manifest);
    tool.scope = scope;
    tool.user = user;
    tool.dir = dir;
    tool.dirName = dirName == tool.manifest.name ? tool.manifest.name : dirName; // mostly the same text: one copy
    tool.setEntryName(entry->name);
    tool.body = std::move(parse.body);
    tool.bodyLine = parse.bodyLine;
    // Most tools hold just their TOOL.md and entry: one list for all of them.
    static const QStringList kTsOnly{kToolMdFile, kEntryTsFile}, kJsOnly{kToolMdFile, kEntryJsFile};
    tool.files = files == kTsOnly ? kTsOnly : files == kJsOnly ? kJsOnly : std::move(files);
    tool.diagnostics = std::move(parse.diagnostics);
    if (depth == ScanDepth::Manifests) {
        result.tool = std::move(tool);
        return result;
    }

    QByteArray source;
    ++result.filesRead;
    const ReadStatus entryStatus = readCapped(entryPath, kMaxEntryScanBytes, source, size);
    lintEntry(tool.manifest, toolMd, entryPath, entryStatus, source, size, tool.diagnostics);
    tool.diagnostics.append(checkBundle(*entries, dir));
    result.tool = std::move(tool);
    return result;
}

} // namespace

ToolDirScan scanToolDir(const QString &dir, const QString &locationRoot, Scope scope, const QString &user,
                        ScanCache *cache, ScanDepth depth)
{
    Q_ASSERT(!cache || depth == ScanDepth::Everything); // a cache holds whole scans
    const QString dirName = QFileInfo(dir).fileName();
    ScanCache::Stamps stamps;
    if (cache) {
        cache->beforeRead(dir);
        stamps = ScanCache::stampsFor(dir);
        if (auto hit = cache->find(dir, stamps))
            return *hit;
    }
    ToolDirScan scan = scanUncached(dir, dirName, locationRoot, scope, user, depth);
    if (cache && !cache->keepBodies() && scan.tool) {
        scan.tool->body = QByteArray();
        scan.tool->bodyElsewhere = true;
    }
    if (cache && !cache->keepInputs() && scan.tool) { // after the lint, which checked them
        scan.tool->manifest.inputs = {};
        scan.tool->inputsElsewhere = true;
    }
    if (cache)
        cache->store(dir, stamps, scan);
    return scan;
}

Diagnostics lintToolBytes(const QString &dir, const QByteArray &toolMd, const QString &entryPath,
                          const QByteArray &entrySource)
{
    const QString toolMdFile = toolMdPath(dir);
    if (toolMd.size() > kMaxToolMdBytes) {
        return {{QStringLiteral("file-too-large"), Severity::Skip,
                 QStringLiteral("TOOL.md is %1 bytes; the limit is %2").arg(toolMd.size()).arg(kMaxToolMdBytes),
                 toolMdFile, 0}};
    }
    return lintToolParse(dir, parseToolMd(toolMd, toolMdFile), entryPath, entrySource);
}

Diagnostics lintToolParse(const QString &dir, const ToolMdParse &parse, const QString &entryPath,
                          const QByteArray &entrySource, bool listDirectory)
{
    const QString toolMdFile = toolMdPath(dir);
    Diagnostics out = parse.diagnostics;
    if (!parse.manifest)
        return out; // the loader would skip the directory for these
    const qint64 size = entrySource.size();
    lintEntry(*parse.manifest, toolMdFile, entryPath, size > kMaxEntryScanBytes ? ReadStatus::TooLarge : ReadStatus::Ok,
              entrySource, size, out);
    if (!listDirectory)
        return out;
    if (const std::optional<QList<DirEntry>> entries = engine::listDirectory(dir))
        out.append(checkBundle(*entries, dir));
    return out;
}

QStringList sortedSubdirectoryNames(const QString &path, bool includeSymlinks)
{
    QStringList names;
    if (const auto entries = listDirectory(path)) {
        for (const DirEntry &e : *entries) {
            if (e.isDir && (includeSymlinks || !e.isSymlink))
                names.append(e.name);
        }
    }
    return names;
}

LocationScan scanLocation(const QString &path, Scope scope, const QString &user, ScanCache *cache, QThreadPool *pool,
                          ScanDepth depth)
{
    LocationScan scan;
    scan.path = QDir::cleanPath(QDir(path).absolutePath());
    scan.scope = scope;
    scan.user = user;
    // A user's tools directory lies in that user's writable data root: a tool run (or anyone
    // with the user's rights) may have replaced it by a link to /etc or another user's data.
    // It is neither read nor mounted; the user shows the link as a problem.
    if (const QFileInfo location(scan.path); scope == Scope::User && location.isSymLink()) {
        scan.exists = true;
        scan.skipped.append(makeSkip(scan.path, location.fileName(),
                                     {{QStringLiteral("path-escape"), Severity::Skip,
                                       QStringLiteral("%1 is a symbolic link (to %2): a user's tools directory must be a "
                                                      "real directory, as a tool run may have planted the link in the "
                                                      "user's writable data root. Its tools are not read, and runs for "
                                                      "this user are refused until it is removed.")
                                           .arg(scan.path, location.symLinkTarget()),
                                       scan.path, 0}}));
        return scan;
    }
    if (cache)
        cache->beforeRead(scan.path);
    const std::optional<QList<DirEntry>> entries = listDirectory(scan.path);
    if (!entries)
        return scan;
    scan.exists = true;
    const QString root = QFileInfo(scan.path).canonicalFilePath();

    struct Candidate
    {
        QString dir;
        ToolDirScan scan;
    };
    std::vector<Candidate> candidates;
    candidates.reserve(size_t(entries->size()));
    for (const DirEntry &e : *entries) {
        const QString dir = scan.path + u'/' + e.name;
        if (e.isSymlink) {
            // DESIGN.md: symlinks are followed only when their target stays inside the location.
            const QString target = QFileInfo(dir).canonicalFilePath();
            if (e.dangling || !isInside(target, root) || target == root) {
                const QString why = e.dangling ? QStringLiteral("is a broken symlink")
                                               : QStringLiteral("is a symlink to %1, outside %2").arg(target, root);
                scan.skipped.append(makeSkip(dir, e.name,
                                             {{QStringLiteral("path-escape"), Severity::Skip,
                                               e.name + u' ' + why, dir, 0}}));
                continue;
            }
        }
        if (!e.isDir)
            continue; // plain files beside the tools are not candidates
        candidates.push_back({dir, {}});
    }
    // The tool directories are independent: read and parse them on every core, in place (a
    // mapped() result store copies each result under one lock, which serialised the workers).
    QtConcurrent::blockingMap(pool ? pool : QThreadPool::globalInstance(), candidates,
                              [&](Candidate &c) { c.scan = scanToolDir(c.dir, root, scope, user, cache, depth); });
    scan.tools.reserve(qsizetype(candidates.size()));
    for (Candidate &c : candidates) {
        scan.filesRead += c.scan.filesRead;
        if (c.scan.tool)
            scan.tools.append(std::move(*c.scan.tool));
        else if (c.scan.skipped)
            scan.skipped.append(std::move(*c.scan.skipped));
    }

    // DESIGN.md: same name twice in one location — the later directory (byte-wise) wins, both warned.
    QHash<QString, QList<qsizetype>> byName;
    for (qsizetype i = 0; i < scan.tools.size(); ++i)
        byName[scan.tools[i].manifest.name].append(i);
    for (auto it = byName.cbegin(); it != byName.cend(); ++it) {
        const QList<qsizetype> &indexes = it.value();
        if (indexes.size() < 2)
            continue;
        const ToolRecord &winner = scan.tools[indexes.last()];
        QStringList dirs;
        for (qsizetype i : indexes)
            dirs.append(scan.tools[i].dirName);
        for (qsizetype i : indexes) {
            ToolRecord &t = scan.tools[i];
            const bool wins = i == indexes.last();
            if (!wins)
                t.shadowedBy = winner.dir;
            t.diagnostics.append({QStringLiteral("duplicate-name"), Severity::Warning,
                                  QStringLiteral("name '%1' is used by %2 in this location; %3 wins (last registered)")
                                      .arg(it.key(), dirs.join(QStringLiteral(", ")), winner.dirName),
                                  t.toolMdPath(), 0});
        }
    }
    qCDebug(lcScan) << "scanned" << scan.path << scan.tools.size() << "tools" << scan.skipped.size() << "skipped";
    if (cache)
        cache->remember(scan);
    return scan;
}

} // namespace tw::engine
