#include "catalog/catalog.h"

#include "catalog/locationscanner.h"
#include "catalog/scancache.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace tw::engine {

const LocationScan *Catalog::userLocation(const QString &email) const
{
    for (const LocationScan &loc : users) {
        if (loc.user == email)
            return &loc;
    }
    return nullptr;
}

QStringList Catalog::userEmails() const
{
    QStringList emails;
    emails.reserve(users.size());
    for (const LocationScan &loc : users)
        emails.append(loc.user);
    return emails;
}

qsizetype Catalog::toolCount() const
{
    qsizetype n = global.tools.size();
    for (const LocationScan &loc : users)
        n += loc.tools.size();
    return n;
}

bool isSameScan(const LocationScan &a, const LocationScan &b)
{
    return a.scope == b.scope && a.user == b.user && a.path == b.path && a.exists == b.exists
           && a.tools.size() == b.tools.size() && a.tools.constData() == b.tools.constData()
           && a.skipped.size() == b.skipped.size() && a.skipped.constData() == b.skipped.constData();
}

QStringList userDirectories(const QString &dataPath)
{
    QStringList emails;
    for (const QString &name : sortedSubdirectoryNames(dataPath)) {
        if (isUserDirectoryName(name))
            emails.append(name);
    }
    return emails;
}

namespace {

// Global first, then each user directory in byte order; each location to `take` when done.
QString eachLocation(const QString &dataPath, ScanCache *cache, QThreadPool *pool, ScanDepth depth,
                     const std::function<void(LocationScan &&)> &take)
{
    const QString root = QDir::cleanPath(QDir(dataPath).absolutePath());
    if (cache)
        cache->beforeRead(root);
    take(scanLocation(globalToolsPath(root), Scope::Global, QString(), cache, pool, depth));
    for (const QString &email : userDirectories(root)) {
        if (cache)
            cache->beforeRead(root + u'/' + email);
        take(scanLocation(userToolsPath(root, email), Scope::User, email, cache, pool, depth));
    }
    return root;
}

} // namespace

Catalog scanDataPath(const QString &dataPath, ScanCache *cache,
                     const std::function<void(const LocationScan &)> &onLocation, QThreadPool *pool)
{
    Catalog catalog;
    bool first = true;
    catalog.dataPath = eachLocation(dataPath, cache, pool, ScanDepth::Everything, [&](LocationScan &&location) {
        LocationScan &kept = first ? catalog.global : catalog.users.emplace_back();
        first = false;
        kept = std::move(location);
        if (onLocation)
            onLocation(kept);
    });
    return catalog;
}

QString scanLocations(const QString &dataPath, const std::function<void(LocationScan &&)> &take, ScanDepth depth)
{
    // A pipeline: a thread reads the locations (each on the pool's threads) while this one hands
    // the ones read to `take`, which writes them out — in turn, the pool waited for `take`
    // (a quarter of `lint`'s time at 101,000 tools). At most two locations wait, so memory
    // stays that of a few locations.
    constexpr size_t kWaiting = 2;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<LocationScan> ready;
    bool done = false;
    QString root;
    std::thread reader([&] {
        root = eachLocation(dataPath, nullptr, nullptr, depth, [&](LocationScan &&location) {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return ready.size() < kWaiting; });
            ready.push_back(std::move(location));
            changed.notify_all();
        });
        const std::lock_guard lock(mutex);
        done = true;
        changed.notify_all();
    });
    for (;;) {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return !ready.empty() || done; });
        if (ready.empty())
            break;
        LocationScan location = std::move(ready.front());
        ready.pop_front();
        changed.notify_all();
        lock.unlock();
        take(std::move(location));
    }
    reader.join();
    return root;
}

Catalog scanForUser(const QString &dataPath, const QString &email)
{
    Catalog catalog;
    catalog.dataPath = QDir::cleanPath(QDir(dataPath).absolutePath());
    catalog.global = scanLocation(globalToolsPath(catalog.dataPath), Scope::Global, QString());
    if (!email.isEmpty() && userDirectories(catalog.dataPath).contains(email))
        catalog.users.append(scanLocation(userToolsPath(catalog.dataPath, email), Scope::User, email));
    return catalog;
}

ToolRecord withDetails(const ToolRecord &tool)
{
    if (!tool.inputsElsewhere)
        return tool;
    const QString location = QFileInfo(locationOfToolDir(tool.dir)).canonicalFilePath();
    ToolDirScan scan = scanToolDir(tool.dir, location, tool.scope, tool.user);
    if (!scan.tool)
        return tool;
    // What its location says of it, which one directory cannot: a name used twice.
    scan.tool->shadowedBy = tool.shadowedBy;
    for (const Diagnostic &d : tool.diagnostics)
        if (d.code == u"duplicate-name")
            scan.tool->diagnostics.append(d);
    return std::move(*scan.tool);
}

ToolRecord withoutDetails(ToolRecord tool)
{
    tool.body = QByteArray();
    tool.bodyElsewhere = true;
    tool.manifest.inputs = {};
    tool.inputsElsewhere = true;
    return tool;
}

void putToolBodies(Catalog &catalog, const QList<ToolBody> &bodies, QList<LocationScan> *changed)
{
    QHash<QString, const ToolBody *> byDir;
    for (const ToolBody &b : bodies)
        if (b.error.isEmpty())
            byDir.insert(b.dir, &b);
    if (byDir.isEmpty())
        return;
    const auto fill = [&](LocationScan &location) {
        // Detached only when one of its tools takes a body.
        const auto has = [&](const ToolRecord &t) { return t.detailsElsewhere() && byDir.contains(t.dir); };
        if (std::none_of(location.tools.cbegin(), location.tools.cend(), has))
            return;
        for (ToolRecord &t : location.tools) {
            const ToolBody *b = t.detailsElsewhere() ? byDir.value(t.dir) : nullptr;
            if (b && t.bodyElsewhere) {
                t.body = b->body;
                t.bodyLine = b->bodyLine;
                t.bodyElsewhere = false;
            }
            if (b && t.inputsElsewhere && b->inputs) {
                t.manifest.inputs = *b->inputs;
                t.inputsElsewhere = false;
            }
        }
        if (changed)
            changed->append(location);
    };
    fill(catalog.global);
    for (LocationScan &user : catalog.users)
        fill(user);
}

} // namespace tw::engine
