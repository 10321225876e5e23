#pragma once
// Remembers the scan of each tool directory keyed by the stamps of what it read, so a rescan
// after a file change re-reads only the tools that changed. Thread-safe. The key is stat data
// (ns mtime and ctime, size, inode of the directory, TOOL.md and the entries), not a content
// hash: a hash reads every file, and not reading unchanged tools is the cache's whole point
// (docs/decisions.md "Scan cache").

#include "catalog/direntries.h"
#include "toolmd/toolrecord.h"

#include <QHash>
#include <QMutex>

#include <functional>
#include <memory>

namespace tw::engine {

class ScanCache final
{
public:
    ScanCache() = default;
    Q_DISABLE_COPY_MOVE(ScanCache)

    struct Stamps
    {
        FileStamp dir, toolMd, indexTs, indexJs;
        qint64 takenAtNs = 0; // fileClockNs() before the stats; not part of the key
        friend bool operator==(const Stamps &a, const Stamps &b)
        {
            return a.dir == b.dir && a.toolMd == b.toolMd && a.indexTs == b.indexTs && a.indexJs == b.indexJs;
        }
        // A change in the clock tick the stamps were taken in could leave them equal (isRacy).
        bool racy() const;
    };

    static Stamps stampsFor(const QString &dir);

    // The scan stored for `dir` under equal stamps, with filesRead 0 (nothing was read).
    std::optional<ToolDirScan> find(const QString &dir, const Stamps &stamps) const;
    // Racy stamps are not stored (the entry is dropped): the tool is read again next time.
    void store(const QString &dir, const Stamps &stamps, const ToolDirScan &scan);
    // The scan of a location whose tool directories were just stored (scanLocation hands it
    // over): their entries then keep their stamps and where their record is in it, not a copy of
    // the record — the catalog holds the same lists, so a cached tool weighs its stamps, not a
    // second record (~600 bytes a tool; issue 25).
    void remember(const LocationScan &location);
    void clear();
    qsizetype size() const;
    // Entries that hold a copy of their scan (stored, not yet in a remembered location's scan).
    qsizetype copiesHeld() const;

    // Called with each directory a scan is about to read (a tool directory, a location, DATA_PATH
    // and a user's directory), on the scan's threads: the scanner watches it before the read, so
    // a change after the read is never missed (docs/decisions.md "Scan cache"). Set before the
    // first scan that uses the cache.
    void setBeforeRead(std::function<void(const QString &dir)> hook) { m_beforeRead = std::move(hook); }
    void beforeRead(const QString &dir) const
    {
        if (m_beforeRead)
            m_beforeRead(dir);
    }
    // Whether the scans through this cache keep each tool's body. A window's keep none: they are
    // most of what a tool weighs, and it reads the one it shows (CatalogSource::requestBodies).
    // The records then say bodyElsewhere, in the cache and out of it. Set before the first scan.
    void setKeepBodies(bool keep) { m_keepBodies = keep; }
    bool keepBodies() const { return m_keepBodies; }
    // The same for the inputs (ToolRecord::inputsElsewhere): a window's keep none either.
    void setKeepInputs(bool keep) { m_keepInputs = keep; }
    bool keepInputs() const { return m_keepInputs; }

private:
    struct Entry
    {
        Stamps stamps;
        std::shared_ptr<const ToolDirScan> scan; // null: in its location's remembered scan
        qsizetype index = -1;                   // there, in its tools or its skipped
        bool skipped = false;
    };
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_entries;
    QHash<QString, LocationScan> m_locations; // location path → its scan last remembered
    std::function<void(const QString &)> m_beforeRead;
    bool m_keepBodies = true;
    bool m_keepInputs = true;
};

} // namespace tw::engine
