#include "scancache.h"

namespace tw::engine {

ScanCache::Stamps ScanCache::stampsFor(const QString &dir)
{
    return {stampOf(dir), stampOf(dir + QStringLiteral("/TOOL.md")), stampOf(dir + QStringLiteral("/index.ts")),
            stampOf(dir + QStringLiteral("/index.js"))};
}

std::optional<ToolDirScan> ScanCache::find(const QString &dir, const Stamps &stamps) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_entries.constFind(dir);
    if (it == m_entries.cend() || !(it->stamps == stamps))
        return std::nullopt;
    return it->scan;
}

void ScanCache::store(const QString &dir, const Stamps &stamps, const ToolDirScan &scan)
{
    QMutexLocker lock(&m_mutex);
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
