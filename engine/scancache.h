#pragma once
// Remembers the scan of each tool directory keyed by the stamps of what it read, so a rescan
// after a file change re-reads only the tools that changed. Thread-safe.

#include "direntries.h"
#include "locationscanner.h"

#include <QHash>
#include <QMutex>

namespace tw::engine {

class ScanCache final
{
public:
    ScanCache() = default;
    Q_DISABLE_COPY_MOVE(ScanCache)

    struct Stamps
    {
        FileStamp dir, toolMd, indexTs, indexJs;
        friend bool operator==(const Stamps &, const Stamps &) = default;
    };

    static Stamps stampsFor(const QString &dir);

    std::optional<ToolDirScan> find(const QString &dir, const Stamps &stamps) const;
    void store(const QString &dir, const Stamps &stamps, const ToolDirScan &scan);
    void clear();
    qsizetype size() const;

private:
    struct Entry
    {
        Stamps stamps;
        ToolDirScan scan;
    };
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_entries;
};

} // namespace tw::engine
