#pragma once
// Where a window's catalog comes from: the local disk (CatalogScanner) or a server's DATA_PATH
// over the remote protocol (RemoteCatalog). The views see one interface: a current Catalog,
// locations as they arrive, and a new Catalog whenever something changed.

#include "catalog/catalog.h"

#include <QObject>

#include <memory>

namespace tw::engine {

class CatalogSource : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~CatalogSource() override = default;
    Q_DISABLE_COPY_MOVE(CatalogSource)

    // The DATA_PATH as its host names it (a server's own path for a remote catalog).
    virtual QString dataPath() const = 0;
    // The last complete catalog (null before the first one arrived).
    virtual std::shared_ptr<const Catalog> catalog() const = 0;
    // Whether a catalog is being read (scanned here, or asked for and not yet decoded).
    virtual bool isScanning() const = 0;
    // Whether the tools are on this machine: paths in the catalog are local files.
    virtual bool isLocal() const = 0;

    // Tools of the catalog whose body is elsewhere (ToolRecord::bodyElsewhere): fetch them. The
    // catalog then changes as for any change (locationScanned, scanFinished) with the bodies
    // in it. A source whose catalog has every body has nothing to do.
    virtual void requestBodies(const QStringList &toolDirs) { Q_UNUSED(toolDirs) }

public Q_SLOTS:
    virtual void rescan() = 0;

protected:
    // `catalog` (the current one, not null) with `bodies` put in; when any was taken, the new
    // catalog is stored in `current` and announced as a change (locationScanned for each
    // location that took one, then scanFinished).
    void putBodies(std::shared_ptr<const Catalog> &current, const QList<ToolBody> &bodies)
    {
        Catalog next = *current;
        QList<LocationScan> changed;
        putToolBodies(next, bodies, &changed);
        if (changed.isEmpty())
            return;
        current = std::make_shared<const Catalog>(std::move(next));
        for (const LocationScan &location : std::as_const(changed))
            Q_EMIT locationScanned(location);
        Q_EMIT scanFinished(current);
    }

Q_SIGNALS:
    void scanStarted();
    // One location done (global first, then users in order); may come from another thread.
    void locationScanned(const tw::engine::LocationScan &location);
    void scanFinished(std::shared_ptr<const tw::engine::Catalog> catalog);
};

} // namespace tw::engine
