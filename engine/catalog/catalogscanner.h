#pragma once
// Keeps a Catalog of a DATA_PATH current: scans off the GUI thread, reports each location as
// it is done, and rescans (re-reading only changed tools) when files change on disk.

#include "catalog/catalog.h"
#include "catalog/catalogsource.h"
#include "catalog/pathwatcher.h"
#include "catalog/scancache.h"

#include <QFutureWatcher>
#include <QObject>
#include <QSet>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>

namespace tw::engine {

class CatalogScanner final : public CatalogSource
{
    Q_OBJECT
public:
    explicit CatalogScanner(QObject *parent = nullptr);
    ~CatalogScanner() override;
    Q_DISABLE_COPY_MOVE(CatalogScanner)

    QString dataPath() const override { return m_dataPath; }
    void setDataPath(const QString &dataPath); // starts a scan
    // What the scans remember of each tool; a scan made elsewhere with it (before setDataPath
    // with the same path) makes the first scan here read only what changed since.
    ScanCache *cache() { return &m_cache; }
    // The last complete catalog (null before the first scan finished).
    std::shared_ptr<const Catalog> catalog() const override { return m_catalog; }
    bool isScanning() const override { return m_running; }
    bool isLocal() const override { return true; }
    // Debounce for file-change rescans that walk the whole DATA_PATH (ms); tests shorten it.
    // A change inside known locations (a tool's files, a tool added to or removed from a tools
    // directory) rescans only those locations, after kLocationRescanDelayMs at most.
    void setRescanDelay(int ms) { m_rescanDelay = ms; }
    static constexpr int kLocationRescanDelayMs = 5;
    void setWatching(bool on);
    // Whether the catalog holds each tool's body (by default it does). Without, a view asks for
    // the bodies it shows (requestBodies), read on the scan's threads. Set before setDataPath.
    void setKeepBodies(bool keep) { m_cache.setKeepBodies(keep); }
    void setKeepInputs(bool keep) { m_cache.setKeepInputs(keep); }
    // Reads them as a scan does and puts them into the catalog as a change (locationScanned,
    // then scanFinished); a body on its way is not asked for again.
    void requestBodies(const QStringList &toolDirs) override;

    void rescan() override;
    // locationScanned() comes from the scanner's threads.

private:
    void onDirectoryChanged(const QString &dir);
    void onDebounced();
    // The scan what changed since the last one asks for: its locations, or the whole DATA_PATH.
    void startChangedScan();
    // The location (its path) a change in `dir` is confined to; empty when the change can add
    // or remove locations (DATA_PATH, a user's directory) or lies outside the catalog.
    QString locationOf(const QString &dir) const;
    void startScan(const QStringList &locations = {});
    void onScanDone();
    static QSet<QString> watchedDirectories(const Catalog &catalog);

    QString m_dataPath;
    std::shared_ptr<const Catalog> m_catalog;
    // The scans' own threads. Not the global pool: Qt's raster engine splits large fills over
    // QThreadPool::globalInstance() and waits for them, so a scan holding every global thread
    // froze each repaint of the window until a tool directory was done (100 ms stalls at
    // 10,000 tools), and a one-thread global pool (a one-core machine) deadlocked the paint.
    QThreadPool m_pool;
    QFutureWatcher<std::shared_ptr<const Catalog>> m_watcher;
    PathWatcher m_fsWatcher;
    QTimer m_debounce;
    int m_rescanDelay = 250;
    QSet<QString> m_changedLocations; // since the last scan started: the locations to read again
    bool m_changedElsewhere = false;  // a change no location holds: the whole DATA_PATH again
    ScanCache m_cache;
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_pending = false;
    std::atomic<bool> m_watching = true; // read by the scan's threads (ScanCache::beforeRead)
    QSet<QString> m_bodyRequests; // tool dirs whose body is being read
};

} // namespace tw::engine
