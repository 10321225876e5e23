#include "catalog/scancache.h"

#include "toolmd/toollayout.h"

namespace tw::engine {

bool ScanCache::Stamps::racy() const
{
    return isRacy(dir, takenAtNs) || isRacy(toolMd, takenAtNs) || isRacy(indexTs, takenAtNs) || isRacy(indexJs, takenAtNs);
}

ScanCache::Stamps ScanCache::stampsFor(const QString &dir)
{
    const qint64 takenAtNs = fileClockNs(); // before the stats: see isRacy
    return {stampOf(dir), stampOf(toolMdPath(dir)), stampOf(dir + u'/' + kEntryTsFile),
            stampOf(dir + u'/' + kEntryJsFile), takenAtNs};
}

std::optional<ToolDirScan> ScanCache::find(const QString &dir, const Stamps &stamps) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_entries.constFind(dir);
    if (it == m_entries.cend() || !(it->stamps == stamps))
        return std::nullopt;
    ToolDirScan hit = it->scan;
    hit.filesRead = 0;
    return hit;
}

void ScanCache::store(const QString &dir, const Stamps &stamps, const ToolDirScan &scan)
{
    QMutexLocker lock(&m_mutex);
    if (stamps.racy())
        m_entries.remove(dir);
    else
        m_entries.insert(dir, {stamps, scan});
}

void ScanCache::clear()
{
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
}

qsizetype ScanCache::size() const
{
    QMutexLocker lock(&m_mutex);
    return m_entries.size();
}

} // namespace tw::engine
