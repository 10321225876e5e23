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
    m_debounce.setInterval(250);
    connect(&m_debounce, &QTimer::timeout, this, &CatalogScanner::rescan);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const Catalog>>::finished, this, &CatalogScanner::onScanDone);
    connect(&m_fsWatcher, &PathWatcher::directoryChanged, this, [this] { m_debounce.start(); });
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
        startScan();
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
        const QString root = dir.left(dir.lastIndexOf(u'/'));
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
