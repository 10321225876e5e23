#include "catalog/catalogscanner.h"

#include "catalog/locationscanner.h"

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

CatalogScanner::CatalogScanner(QObject *parent) : CatalogSource(parent)
{
    // One thread more than the cores: the scan's own task waits in the per-directory map.
    m_pool.setMaxThreadCount(QThread::idealThreadCount() + 1);
    m_pool.setObjectName(QStringLiteral("toolwright-scan"));
    m_debounce.setSingleShot(true);
    connect(&m_debounce, &QTimer::timeout, this, &CatalogScanner::onDebounced);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const Catalog>>::finished, this, &CatalogScanner::onScanDone);
    connect(&m_fsWatcher, &PathWatcher::directoryChanged, this, &CatalogScanner::onDirectoryChanged);
    // Each directory is watched before the scan reads it: a change between its read and a watch
    // set after the whole scan would go unseen (serve's watch missed such an edit).
    m_cache.setBeforeRead([this](const QString &dir) {
        if (m_watching.load(std::memory_order_relaxed))
            m_fsWatcher.addDirectory(dir);
    });
}

CatalogScanner::~CatalogScanner()
{
    ++m_generation; // drop the reports of a scan still running
    m_watcher.waitForFinished();
}

void CatalogScanner::setDataPath(const QString &dataPath)
{
    if (dataPath != m_dataPath) {
        m_cache.clear(); // the same path's entries stay: stat-keyed, they are right or not used
        m_fsWatcher.clear(); // the same path's watches stay: the scan drops the ones gone
    }
    m_dataPath = dataPath;
    m_catalog.reset();
    rescan();
}

void CatalogScanner::setWatching(bool on)
{
    m_watching = on;
    if (!on) {
        m_fsWatcher.clear();
    } else if (m_catalog) {
        m_fsWatcher.setDirectories(watchedDirectories(*m_catalog));
    }
}

QString CatalogScanner::locationOf(const QString &dir) const
{
    if (!m_catalog)
        return {};
    const Catalog &c = *m_catalog;
    const auto isLocation = [&](const QString &path) {
        if (path == c.global.path)
            return true;
        // A user's location is DATA_PATH/<email>/tools: looked up by the email it names.
        const QString prefix = c.dataPath + u'/';
        if (!path.startsWith(prefix) || !path.endsWith(QStringLiteral("/tools")))
            return false;
        const QString email = path.mid(prefix.size(), path.size() - prefix.size() - 6);
        const LocationScan *l = c.userLocation(email);
        return l && l->path == path;
    };
    if (isLocation(dir))
        return dir; // a tool added, removed or renamed
    const QString parent = locationOfToolDir(dir);
    if (isLocation(parent))
        return parent; // a tool's own files
    return {};
}

void CatalogScanner::onDirectoryChanged(const QString &dir)
{
    const QString location = m_changedElsewhere ? QString() : locationOf(dir);
    if (location.isEmpty())
        m_changedElsewhere = true;
    else
        m_changedLocations.insert(location);
    // A whole walk waits for the burst to end; a location's rescan (a save is a few events in
    // a millisecond or two) goes at once.
    const int delay = m_changedElsewhere ? m_rescanDelay : std::min(m_rescanDelay, kLocationRescanDelayMs);
    if (!m_debounce.isActive() || m_debounce.interval() < delay)
        m_debounce.start(delay);
}

void CatalogScanner::onDebounced()
{
    if (m_running) {
        m_pending = true; // once this one is done: what changed meanwhile, as it is now
        return;
    }
    startChangedScan();
}

void CatalogScanner::startChangedScan()
{
    if (m_changedElsewhere || !m_catalog || m_changedLocations.isEmpty()) {
        startScan(); // the whole DATA_PATH
        return;
    }
    const QStringList locations(m_changedLocations.cbegin(), m_changedLocations.cend());
    m_changedLocations.clear();
    startScan(locations);
}

void CatalogScanner::rescan()
{
    // Not m_watcher.isRunning(): that turns false before `finished` is delivered, and a
    // setFuture() in between would discard the finished scan's result.
    if (m_running) {
        m_pending = true; // one more scan once this one is done, of everything
        m_changedElsewhere = true;
        return;
    }
    startScan();
}

void CatalogScanner::startScan(const QStringList &locations)
{
    m_pending = false;
    m_running = true;
    const quint64 generation = ++m_generation;
    if (!locations.isEmpty() && m_catalog) {
        // Only the locations a change lies in: read again (the cache re-reads only the tools
        // that changed), replaced in a copy of the catalog that shares every other location.
        std::shared_ptr<const Catalog> base = m_catalog;
        ScanCache *cache = &m_cache;
        QPointer<CatalogScanner> self(this);
        QThreadPool *pool = &m_pool;
        Q_EMIT scanStarted();
        m_watcher.setFuture(QtConcurrent::run(pool, [base, locations, cache, self, generation, pool] {
            auto catalog = std::make_shared<Catalog>(*base);
            for (const QString &path : locations) {
                LocationScan *slot = path == catalog->global.path ? &catalog->global : nullptr;
                for (qsizetype i = 0; !slot && i < catalog->users.size(); ++i) {
                    if (catalog->users.at(i).path == path)
                        slot = &catalog->users[i];
                }
                if (!slot)
                    continue;
                *slot = scanLocation(path, slot->scope, slot->user, cache, pool, ScanDepth::Everything);
                QMetaObject::invokeMethod(
                    self, [self, loc = *slot, generation] {
                        if (self && self->m_generation == generation)
                            Q_EMIT self->locationScanned(loc);
                    },
                    Qt::QueuedConnection);
            }
            return std::shared_ptr<const Catalog>(std::move(catalog));
        }));
        return;
    }
    m_changedElsewhere = false;
    m_changedLocations.clear();
    const QString dataPath = m_dataPath;
    ScanCache *cache = &m_cache;
    QPointer<CatalogScanner> self(this);
    // The watches are set on the scan's thread too: 10,000 tools are 10,000 inotify calls,
    // tens of milliseconds the GUI thread would stand still for. (~CatalogScanner waits for
    // the scan, so the watcher outlives it.)
    PathWatcher *watcher = m_watching.load() ? &m_fsWatcher : nullptr;
    Q_EMIT scanStarted();
    QThreadPool *pool = &m_pool;
    m_watcher.setFuture(QtConcurrent::run(pool, [dataPath, cache, self, generation, watcher, pool] {
        auto catalog = std::make_shared<Catalog>(scanDataPath(dataPath, cache, [&](const LocationScan &loc) {
            // Hand each location to the GUI thread as soon as it is done.
            QMetaObject::invokeMethod(
                self, [self, loc, generation] {
                    if (self && self->m_generation == generation)
                        Q_EMIT self->locationScanned(loc);
                },
                Qt::QueuedConnection);
        }, pool));
        if (watcher)
            watcher->setDirectories(watchedDirectories(*catalog));
        return std::shared_ptr<const Catalog>(std::move(catalog));
    }));
}

void CatalogScanner::onScanDone()
{
    m_running = false;
    if (m_watcher.future().isValid() && m_watcher.future().resultCount() > 0) {
        m_catalog = m_watcher.result();
        if (!m_watching)
            m_fsWatcher.clear(); // turned off while the scan was setting them
        // Posted events arrive in order: every locationScanned of this scan has been delivered.
        Q_EMIT scanFinished(m_catalog);
    }
    if (m_pending)
        startChangedScan();
}

void CatalogScanner::requestBodies(const QStringList &toolDirs)
{
    if (!m_catalog)
        return;
    // Where each tool is, for a read as the scan's: its location (the dir's parent), whose scope
    // and user it takes. Only the locations are looked up, not every tool of the catalog.
    struct Wanted
    {
        QString dir, location, user;
        Scope scope;
    };
    QHash<QString, const LocationScan *> locations{{m_catalog->global.path, &m_catalog->global}};
    for (const LocationScan &l : m_catalog->users)
        locations.insert(l.path, &l);
    QList<Wanted> wanted;
    for (const QString &dir : toolDirs) {
        const QString root = locationOfToolDir(dir);
        const LocationScan *location = locations.value(root);
        if (!location || m_bodyRequests.contains(dir))
            continue;
        m_bodyRequests.insert(dir);
        wanted.append({dir, root, location->user, location->scope});
    }
    if (wanted.isEmpty())
        return;
    auto *reading = new QFutureWatcher<QList<ToolBody>>(this);
    connect(reading, &QFutureWatcher<QList<ToolBody>>::finished, this, [this, reading, wanted] {
        reading->deleteLater();
        for (const Wanted &w : wanted)
            m_bodyRequests.remove(w.dir);
        // A scan on its way brings every tool again (without its body, and a view asks again).
        if (m_catalog && !m_running)
            putBodies(m_catalog, reading->result());
    });
    reading->setFuture(QtConcurrent::run(&m_pool, [wanted] {
        QList<ToolBody> bodies;
        bodies.reserve(wanted.size());
        for (const Wanted &w : wanted) {
            ToolBody &b = bodies.emplace_back();
            b.dir = w.dir;
            const ToolDirScan scan = scanToolDir(w.dir, w.location, w.scope, w.user);
            if (!scan.tool) {
                b.error = QStringLiteral("%1 does not load as a tool now").arg(w.dir);
                continue;
            }
            b.body = scan.tool->body;
            b.bodyLine = scan.tool->bodyLine;
            b.inputs = scan.tool->manifest.inputs;
        }
        return bodies;
    }));
}

QSet<QString> CatalogScanner::watchedDirectories(const Catalog &catalog)
{
    // A tool directory's watch covers its TOOL.md and entry file; a location's, new tools.
    QSet<QString> dirs{catalog.dataPath, catalog.global.path};
    auto addLocation = [&](const LocationScan &loc) {
        dirs.insert(loc.path);
        for (const ToolRecord &t : loc.tools)
            dirs.insert(t.dir);
        for (const SkippedDir &s : loc.skipped)
            dirs.insert(s.dir);
    };
    addLocation(catalog.global);
    for (const LocationScan &loc : catalog.users) {
        dirs.insert(catalog.dataPath + u'/' + loc.user);
        addLocation(loc);
    }
    return dirs;
}

} // namespace tw::engine
