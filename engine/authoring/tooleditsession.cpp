#include "authoring/tooleditsession.h"

#include "catalog/locationscanner.h"
#include "toolmd/toolmdreader.h"
#include "toolmd/toollayout.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace tw::engine {
namespace {

// An entry file larger than this is not opened for editing.
constexpr qint64 kMaxEntryEditBytes = 16 * 1024 * 1024;

std::optional<QByteArray> readAll(const QString &path, qint64 cap)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > cap)
        return std::nullopt;
    return f.readAll();
}

} // namespace

QString writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path); // keeps the permissions of the file it replaces
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    if (file.write(bytes) != bytes.size() || !file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

std::optional<ToolEditSession> ToolEditSession::open(const QString &dir, Diagnostic *error)
{
    const QString toolMd = engine::toolMdPath(dir);
    const std::optional<QByteArray> bytes = readAll(toolMd, kMaxToolMdBytes);
    if (!bytes) {
        if (error)
            *error = {QStringLiteral("read-failed"), Severity::Error,
                      QStringLiteral("TOOL.md cannot be read (missing, unreadable or over the size limit)"), toolMd, 0};
        return std::nullopt;
    }
    const QString entryPath = entryFilePath(dir);
    return fromFiles(dir, *bytes, entryPath, readAll(entryPath, kMaxEntryEditBytes), error);
}

std::optional<ToolEditSession> ToolEditSession::fromBytes(const QString &dir, const QByteArray &toolMd, const QString &entryName,
                                                          const std::optional<QByteArray> &entry, Diagnostic *error)
{
    if (toolMd.size() > kMaxToolMdBytes || entry.value_or(QByteArray()).size() > kMaxEntryEditBytes) {
        if (error)
            *error = {QStringLiteral("read-failed"), Severity::Error, QStringLiteral("the tool's files are over the editor's size limit"),
                      engine::toolMdPath(dir), 0};
        return std::nullopt;
    }
    std::optional<ToolEditSession> s =
        fromFiles(dir, toolMd, dir + u'/' + (entryName.isEmpty() ? kEntryTsFile : entryName), entry, error);
    if (s)
        s->m_detached = true;
    return s;
}

std::optional<ToolEditSession> ToolEditSession::fromFiles(const QString &dir, const QByteArray &toolMd, const QString &entryPath,
                                                          const std::optional<QByteArray> &entry, Diagnostic *error)
{
    Diagnostic problem;
    std::optional<FrontmatterDocument> doc = FrontmatterDocument::fromBytes(toolMd, &problem);
    if (!doc) {
        problem.file = engine::toolMdPath(dir);
        if (error)
            *error = problem;
        return std::nullopt;
    }
    ToolEditSession s(std::move(*doc));
    s.m_dir = dir;
    s.m_savedToolMd = toolMd;
    s.m_entryPath = entryPath;
    s.m_entry = entry.value_or(QByteArray());
    s.m_savedEntry = s.m_entry;
    s.m_entryOnDisk = entry.has_value();
    s.m_diskVersion = s.m_doc.manifest().version;
    return s;
}

void ToolEditSession::markSaved(const QByteArray &toolMd, const QByteArray &entry)
{
    m_savedToolMd = toolMd;
    m_savedEntry = entry;
    m_entryOnDisk = true;
    const ToolMdParse parse = parseToolMd(toolMd, toolMdPath());
    if (parse.manifest)
        m_diskVersion = parse.manifest->version;
}

void ToolEditSession::setDiskState(const QByteArray &toolMd, const std::optional<QByteArray> &entry)
{
    m_savedToolMd = toolMd;
    m_savedEntry = entry.value_or(QByteArray());
    m_entryOnDisk = entry.has_value();
    const ToolMdParse parse = parseToolMd(toolMd, toolMdPath());
    if (parse.manifest)
        m_diskVersion = std::max(m_diskVersion, parse.manifest->version);
}

void ToolEditSession::setEntrySource(const QByteArray &source)
{
    if (source == m_entry)
        return;
    m_entry = source;
    ++m_entryRevision;
}

Diagnostics ToolEditSession::lint(const QString &dir, const std::shared_ptr<const ToolMdParse> &parse,
                                  const QString &entryPath, const QByteArray &entrySource, bool listDirectory)
{
    // The document reads its bytes labelled "TOOL.md"; lint names the file by its path. The
    // label is all that differs from lintToolBytes()'s own reading.
    ToolMdParse labelled = *parse;
    const QString toolMd = engine::toolMdPath(dir);
    for (Diagnostic &d : labelled.diagnostics)
        d.file = toolMd;
    return lintToolParse(dir, labelled, entryPath, entrySource, listDirectory);
}

Diagnostics ToolEditSession::problems() const
{
    const std::shared_ptr<const ToolMdParse> parse = m_doc.parse();
    if (parse != m_problemsParse || m_entryRevision != m_problemsEntryRevision) {
        m_problems = lint(m_dir, parse, m_entryPath, m_entry, !m_detached);
        m_problemsParse = parse;
        m_problemsEntryRevision = m_entryRevision;
    }
    return m_problems;
}

bool ToolEditSession::isModified() const
{
    return m_doc.bytes() != m_savedToolMd || m_entry != m_savedEntry;
}

void ToolEditSession::bumpVersion()
{
    m_doc.setValue({QStringLiteral("version")}, nextVersion());
}

int ToolEditSession::diskVersion() const
{
    if (m_detached)
        return m_diskVersion; // the server says otherwise with its reply to a save
    if (const QByteArray disk = diskToolMd(); disk != m_savedToolMd) {
        // Changed since we read it: the version there now is the one to pass.
        const ToolMdParse parse = parseToolMd(disk, toolMdPath());
        if (parse.manifest)
            return std::max(m_diskVersion, parse.manifest->version);
    }
    return m_diskVersion;
}

bool ToolEditSession::changedOnDisk() const
{
    if (m_detached)
        return false; // the server checks: tool.save's precondition
    // The bytes, not stat stamps: a file rewritten with as many bytes in the same timestamp
    // tick (or with its mtime put back) keeps its stamps. This runs once per save (diskVersion,
    // reading TOOL.md alone, when the editor redraws its status): reading the files costs
    // little there, and only the bytes make "never overwritten silently" hold.
    if (readAll(toolMdPath(), kMaxToolMdBytes) != m_savedToolMd)
        return true;
    const std::optional<QByteArray> entry = readAll(m_entryPath, kMaxEntryEditBytes);
    return entry.has_value() != m_entryOnDisk || entry.value_or(QByteArray()) != m_savedEntry;
}

QByteArray ToolEditSession::diskToolMd() const
{
    if (m_detached)
        return m_savedToolMd;
    return readAll(toolMdPath(), kMaxToolMdBytes).value_or(QByteArray());
}

std::optional<QByteArray> ToolEditSession::diskEntry() const
{
    if (m_detached)
        return m_entryOnDisk ? std::optional(m_savedEntry) : std::nullopt;
    return readAll(m_entryPath, kMaxEntryEditBytes);
}

ToolEditSession::SaveResult ToolEditSession::checkVersion(SaveOptions options)
{
    if (!isModified())
        return {SaveStatus::NothingToSave, {}};
    // TOOLS.md: sync only copies a tool whose version is above the target's, so a save that
    // left the version where it is on disk would never reach users: one bump per save.
    const int next = nextVersion();
    if (m_doc.manifest().version < next) {
        if (options.autoBump) {
            bumpVersion();
        } else {
            const ToolManifest m = m_doc.manifest();
            return {SaveStatus::NotBumped,
                    {QStringLiteral("version-not-bumped"), Severity::Error,
                     QStringLiteral("The tool changed but its version (%1) is not above the version on disk (%2); save it "
                                    "as version %3 or higher (TOOLS.md: always bump when changing the tool)")
                         .arg(m.version)
                         .arg(next - 1)
                         .arg(next),
                     toolMdPath(), m.versionLine}};
        }
    }
    return {SaveStatus::Saved, {}};
}

ToolEditSession::SaveResult ToolEditSession::save(SaveOptions options)
{
    if (m_detached)
        return {SaveStatus::WriteFailed,
                {QStringLiteral("write-failed"), Severity::Error,
                 QStringLiteral("a server's tool is saved through its connection, not to this machine's disk"), toolMdPath(), 0}};
    if (!isModified())
        return {SaveStatus::NothingToSave, {}};
    if (!options.overwrite && changedOnDisk()) {
        return {SaveStatus::Conflict,
                {QStringLiteral("changed-on-disk"), Severity::Error,
                 QStringLiteral("the tool's files changed on disk since they were opened; reload, compare or overwrite"),
                 toolMdPath(), 0}};
    }
    if (const SaveResult version = checkVersion(options); version.status != SaveStatus::Saved)
        return version;
    // The entry first, the version last: a crash in between leaves the old version number,
    // and the next save bumps it.
    if (m_entry != m_savedEntry) {
        if (const QString err = writeFileAtomically(m_entryPath, m_entry); !err.isEmpty())
            return {SaveStatus::WriteFailed, {QStringLiteral("write-failed"), Severity::Error, err, m_entryPath, 0}};
        m_savedEntry = m_entry;
        m_entryOnDisk = true;
    }
    const QByteArray bytes = m_doc.bytes();
    if (bytes != m_savedToolMd) {
        if (const QString err = writeFileAtomically(toolMdPath(), bytes); !err.isEmpty())
            return {SaveStatus::WriteFailed, {QStringLiteral("write-failed"), Severity::Error, err, toolMdPath(), 0}};
        m_savedToolMd = bytes;
    }
    m_diskVersion = m_doc.manifest().version; // the next change needs a version above this one
    return {SaveStatus::Saved, {}};
}

} // namespace tw::engine
