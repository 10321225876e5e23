#include "catalog/scancache.h"

#include "toolmd/toollayout.h"

#include <algorithm>

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
    ToolDirScan hit;
    if (it->scan) {
        hit = *it->scan;
    } else {
        const auto location = m_locations.constFind(locationOfToolDir(dir));
        if (location == m_locations.cend())
            return std::nullopt;
        if (it->skipped) {
            if (it->index >= location->skipped.size() || location->skipped[it->index].dir != dir)
                return std::nullopt;
            hit.skipped = location->skipped[it->index];
        } else {
            if (it->index >= location->tools.size() || location->tools[it->index].dir != dir)
                return std::nullopt;
            ToolRecord tool = location->tools[it->index];
            // Its location marked the names used twice once its tools were read (scanLocation):
            // the directory as read has none of that.
            const auto duplicate = [](const Diagnostic &d) { return d.code == u"duplicate-name"; };
            if (std::any_of(tool.diagnostics.cbegin(), tool.diagnostics.cend(), duplicate))
                tool.diagnostics.removeIf(duplicate);
            tool.shadowedBy.clear();
            hit.tool = std::move(tool);
        }
    }
    hit.filesRead = 0;
    return hit;
}

void ScanCache::store(const QString &dir, const Stamps &stamps, const ToolDirScan &scan)
{
    QMutexLocker lock(&m_mutex);
    if (stamps.racy())
        m_entries.remove(dir);
    else
        m_entries.insert(dir, {stamps, std::make_shared<const ToolDirScan>(scan)});
}

void ScanCache::remember(const LocationScan &location)
{
    QMutexLocker lock(&m_mutex);
    const auto point = [&](const QString &dir, qsizetype index, bool skipped) {
        if (const auto it = m_entries.find(dir); it != m_entries.end()) {
            it->scan.reset();
            it->index = index;
            it->skipped = skipped;
        }
    };
    for (qsizetype i = 0; i < location.tools.size(); ++i)
        point(location.tools[i].dir, i, false);
    for (qsizetype i = 0; i < location.skipped.size(); ++i)
        point(location.skipped[i].dir, i, true);
    m_locations.insert(location.path, location);
}

void ScanCache::clear()
{
    QMutexLocker lock(&m_mutex);
    m_entries.clear();
    m_locations.clear();
}

qsizetype ScanCache::copiesHeld() const
{
    QMutexLocker lock(&m_mutex);
    return std::count_if(m_entries.cbegin(), m_entries.cend(), [](const Entry &e) { return e.scan != nullptr; });
}

qsizetype ScanCache::size() const
{
    QMutexLocker lock(&m_mutex);
    return m_entries.size();
}

} // namespace tw::engine
