#include "catalog/catalog.h"

#include "catalog/locationscanner.h"
#include "catalog/scancache.h"

#include <QDir>
#include <QHash>

#include <algorithm>

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

QStringList userDirectories(const QString &dataPath)
{
    QStringList emails;
    for (const QString &name : sortedSubdirectoryNames(dataPath)) {
        if (isUserDirectoryName(name))
            emails.append(name);
    }
    return emails;
}

Catalog scanDataPath(const QString &dataPath, ScanCache *cache,
                     const std::function<void(const LocationScan &)> &onLocation, QThreadPool *pool)
{
    Catalog catalog;
    catalog.dataPath = QDir::cleanPath(QDir(dataPath).absolutePath());
    if (cache)
        cache->beforeRead(catalog.dataPath);
    catalog.global = scanLocation(globalToolsPath(catalog.dataPath), Scope::Global, QString(), cache, pool);
    if (onLocation)
        onLocation(catalog.global);
    for (const QString &email : userDirectories(catalog.dataPath)) {
        if (cache)
            cache->beforeRead(catalog.dataPath + u'/' + email);
        catalog.users.append(scanLocation(userToolsPath(catalog.dataPath, email), Scope::User, email, cache, pool));
        if (onLocation)
            onLocation(catalog.users.constLast());
    }
    return catalog;
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
        const auto has = [&](const ToolRecord &t) { return t.bodyElsewhere && byDir.contains(t.dir); };
        if (std::none_of(location.tools.cbegin(), location.tools.cend(), has))
            return;
        for (ToolRecord &t : location.tools)
            if (const ToolBody *b = t.bodyElsewhere ? byDir.value(t.dir) : nullptr) {
                t.body = b->body;
                t.bodyLine = b->bodyLine;
                t.bodyElsewhere = false;
            }
        if (changed)
            changed->append(location);
    };
    fill(catalog.global);
    for (LocationScan &user : catalog.users)
        fill(user);
}

} // namespace tw::engine
