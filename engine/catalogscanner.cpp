#include "catalogscanner.h"

#include <QPointer>
#include <QSet>
#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

CatalogScanner::CatalogScanner(QObject *parent) : QObject(parent)
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);
    connect(&m_debounce, &QTimer::timeout, this, &CatalogScanner::rescan);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const Catalog>>::finished, this, &CatalogScanner::onScanDone);
    connect(&m_fsWatcher, &QFileSystemWatcher::directoryChanged, this, [this] { m_debounce.start(); });
    connect(&m_fsWatcher, &QFileSystemWatcher::fileChanged, this, [this] { m_debounce.start(); });
}

CatalogScanner::~CatalogScanner()
{
    ++m_generation; // drop the reports of a scan still running
    m_watcher.waitForFinished();
}

void CatalogScanner::setDataPath(const QString &dataPath)
{
    m_dataPath = dataPath;
    m_cache.clear();
    m_catalog.reset();
    if (!m_fsWatcher.files().isEmpty())
        m_fsWatcher.removePaths(m_fsWatcher.files());
    if (!m_fsWatcher.directories().isEmpty())
        m_fsWatcher.removePaths(m_fsWatcher.directories());
    rescan();
}

void CatalogScanner::setWatching(bool on)
{
    m_watching = on;
    if (!on) {
        if (!m_fsWatcher.files().isEmpty())
            m_fsWatcher.removePaths(m_fsWatcher.files());
        if (!m_fsWatcher.directories().isEmpty())
            m_fsWatcher.removePaths(m_fsWatcher.directories());
    } else if (m_catalog) {
        updateWatches(*m_catalog);
    }
}

void CatalogScanner::rescan()
{
    // Not m_watcher.isRunning(): that turns false before `finished` is delivered, and a
    // setFuture() in between would discard the finished scan's result.
    if (m_running) {
        m_pending = true; // one more scan once this one is done
        return;
    }
    startScan();
}

void CatalogScanner::startScan()
{
    m_pending = false;
    m_running = true;
    const quint64 generation = ++m_generation;
    const QString dataPath = m_dataPath;
    ScanCache *cache = &m_cache;
    QPointer<CatalogScanner> self(this);
    Q_EMIT scanStarted();
    m_watcher.setFuture(QtConcurrent::run([dataPath, cache, self, generation] {
        auto catalog = std::make_shared<Catalog>(scanDataPath(dataPath, cache, [&](const LocationScan &loc) {
            // Hand each location to the GUI thread as soon as it is done.
            QMetaObject::invokeMethod(
                self, [self, loc, generation] {
                    if (self && self->m_generation == generation)
                        Q_EMIT self->locationScanned(loc);
                },
                Qt::QueuedConnection);
        }));
        return std::shared_ptr<const Catalog>(std::move(catalog));
    }));
}

void CatalogScanner::onScanDone()
{
    m_running = false;
    if (m_watcher.future().isValid() && m_watcher.future().resultCount() > 0) {
        m_catalog = m_watcher.result();
        if (m_watching)
            updateWatches(*m_catalog);
        // Posted events arrive in order: every locationScanned of this scan has been delivered.
        Q_EMIT scanFinished(m_catalog);
    }
    if (m_pending)
        startScan();
}

void CatalogScanner::updateWatches(const Catalog &catalog)
{
    QSet<QString> dirs{catalog.dataPath, catalog.global.path};
    QSet<QString> files;
    auto addLocation = [&](const LocationScan &loc) {
        dirs.insert(loc.path);
        for (const ToolRecord &t : loc.tools) {
            dirs.insert(t.dir);
            files.insert(t.toolMdPath);
            files.insert(t.entryPath);
        }
        for (const SkippedDir &s : loc.skipped)
            dirs.insert(s.dir);
    };
    addLocation(catalog.global);
    for (const LocationScan &loc : catalog.users) {
        dirs.insert(catalog.dataPath + u'/' + loc.user);
        addLocation(loc);
    }
    const QStringList watchedDirs = m_fsWatcher.directories();
    const QStringList watchedFiles = m_fsWatcher.files();
    QStringList removeList;
    for (const QString &d : watchedDirs) {
        if (!dirs.remove(d))
            removeList.append(d);
    }
    for (const QString &f : watchedFiles) {
        if (!files.remove(f))
            removeList.append(f);
    }
    if (!removeList.isEmpty())
        m_fsWatcher.removePaths(removeList);
    QStringList addList(dirs.cbegin(), dirs.cend());
    for (const QString &f : files)
        addList.append(f);
    // Paths that do not exist (a user without tools/) are refused quietly; that is fine.
    addList.removeIf([](const QString &p) { return p.isEmpty(); });
    if (!addList.isEmpty())
        m_fsWatcher.addPaths(addList);
}

} // namespace tw::engine
