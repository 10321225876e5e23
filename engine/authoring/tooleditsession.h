#pragma once
// One tool opened for editing: its TOOL.md as a FrontmatterDocument and its entry source,
// saved atomically under DESIGN.md "Version rules": every save that changes the tool's bytes
// needs a version above the one on disk at that moment (one bump per save, so each saved state
// reaches users through seed sync, TOOLS.md: "Only copy if seed version > target version"), and
// a file changed on disk since it was read is never silently overwritten. Every save path
// (editor, CLI, tests) goes through here. What is derived from the two files (the manifest, the
// lint) is computed once per change of either and kept until the next.

#include "authoring/frontmatterdocument.h"
#include "toolmd/toollayout.h"

#include <QString>

#include <optional>

namespace tw::engine {

class ToolEditSession final
{
public:
    enum class SaveStatus { Saved, NothingToSave, NotBumped, Conflict, WriteFailed };
    struct SaveResult
    {
        SaveStatus status = SaveStatus::Saved;
        Diagnostic diagnostic; // version-not-bumped, or the write/conflict problem
    };
    struct SaveOptions
    {
        bool autoBump = false;  // raise the version to nextVersion() instead of refusing
        bool overwrite = false; // write over files changed on disk since they were loaded
    };

    // nullopt with the reason (file and line) when the directory has no editable TOOL.md.
    static std::optional<ToolEditSession> open(const QString &dir, Diagnostic *error = nullptr);
    // A session over bytes read elsewhere (a server's tool.read, `dir` the server's path): nothing
    // of this machine's disk is read or written. Saving is the caller's (tool.save, with the
    // saved bytes' SHA-256 as its precondition; engine/remote/remotetooledit.h), and
    // markSaved() records it; save() refuses. `entry` nullopt: the entry file does not exist.
    static std::optional<ToolEditSession> fromBytes(const QString &dir, const QByteArray &toolMd, const QString &entryName,
                                                    const std::optional<QByteArray> &entry, Diagnostic *error = nullptr);
    bool isDetached() const { return m_detached; }

    QString dir() const { return m_dir; }
    QString toolMdPath() const { return m_dir + u'/' + kToolMdFile; }
    QString entryPath() const { return m_entryPath; }
    // The version of the TOOL.md on disk: as this session last read or wrote it, or, when the
    // file changed on disk since, the higher of that and the version there now.
    int diskVersion() const;
    // The lowest version the next save that changes the tool may carry.
    int nextVersion() const { return diskVersion() + 1; }

    FrontmatterDocument &document() { return m_doc; }
    const FrontmatterDocument &document() const { return m_doc; }
    QByteArray entrySource() const { return m_entry; }
    void setEntrySource(const QByteArray &source);

    // The lint of the unsaved bytes: exactly lintToolBytes() of them (what `toolwright lint`
    // reports once they are saved), from the document's parse, once per change.
    Diagnostics problems() const;
    // The same computed from values alone, for a caller that runs it on another thread.
    static Diagnostics lint(const QString &dir, const std::shared_ptr<const ToolMdParse> &parse,
                            const QString &entryPath, const QByteArray &entrySource, bool listDirectory = true);
    // Counts the entry's changes (with the document's parse, what problems() is computed from).
    quint64 entryRevision() const { return m_entryRevision; }

    bool isModified() const;
    bool isBumped() const { return m_doc.manifest().version >= nextVersion(); }
    void bumpVersion(); // version = nextVersion()
    // Files changed on disk since they were loaded (or last saved): their bytes are compared
    // with what was read or written, so a same-size change in one timestamp tick, or one that
    // put the old mtime back, is seen as well (docs/decisions.md "Changed on disk").
    bool changedOnDisk() const;
    QByteArray diskToolMd() const;
    // The entry file on disk now (detached: as last read or written); nullopt when there is none.
    std::optional<QByteArray> diskEntry() const;

    SaveResult save(SaveOptions options);
    SaveResult save() { return save(SaveOptions{}); }

    // The version rule of save() alone: NothingToSave, NotBumped (unless options.autoBump, which
    // bumps), else Saved, meaning the bytes may be written. For a detached session's caller.
    SaveResult checkVersion(SaveOptions options);
    // What is on disk (or the server) as far as this session knows: a save's precondition.
    QByteArray savedToolMd() const { return m_savedToolMd; }
    QByteArray savedEntry() const { return m_savedEntry; }
    bool entryExisted() const { return m_entryOnDisk; }
    // Detached: the caller wrote these bytes (what it sent, which the editor may have changed
    // since); they are the saved state, and their version the one the next change must pass.
    void markSaved(const QByteArray &toolMd, const QByteArray &entry);
    // Detached: the server holds these now (a conflict's other side); the edits stay, and the
    // next save is checked against these bytes and must pass their version.
    void setDiskState(const QByteArray &toolMd, const std::optional<QByteArray> &entry);

private:
    ToolEditSession(FrontmatterDocument doc) : m_doc(std::move(doc)) {}
    // open()'s and fromBytes()'s common part: the session over the two files' bytes.
    static std::optional<ToolEditSession> fromFiles(const QString &dir, const QByteArray &toolMd, const QString &entryPath,
                                                    const std::optional<QByteArray> &entry, Diagnostic *error);

    QString m_dir;
    QString m_entryPath;
    FrontmatterDocument m_doc;
    QByteArray m_savedToolMd; // what is on disk as far as we know
    QByteArray m_entry;
    QByteArray m_savedEntry;
    bool m_entryOnDisk = false; // whether m_savedEntry was read from (or written to) a file
    bool m_detached = false;    // fromBytes(): the files are elsewhere
    int m_diskVersion = 0;
    quint64 m_entryRevision = 0;
    // problems() of the parse and entry revision it was computed for.
    mutable std::shared_ptr<const ToolMdParse> m_problemsParse;
    mutable quint64 m_problemsEntryRevision = 0;
    mutable Diagnostics m_problems;
};

// Writes bytes atomically (QSaveFile); returns an error line or empty.
QString writeFileAtomically(const QString &path, const QByteArray &bytes);

} // namespace tw::engine
