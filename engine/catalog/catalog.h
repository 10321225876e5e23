#pragma once
// A snapshot of a whole DATA_PATH: the global location and every user's location.

#include "catalog/locationscanner.h"
#include "toolmd/toollayout.h"
#include "toolmd/toolrecord.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QThreadPool;

namespace tw::engine {

class ScanCache;

struct Catalog
{
    QString dataPath;
    LocationScan global;
    QList<LocationScan> users; // byte-wise order of the email directory names

    const LocationScan *userLocation(const QString &email) const;
    QStringList userEmails() const;
    qsizetype toolCount() const;
};

// The same lists in memory (implicitly shared copies of one scan, as a rescan keeps every
// location it did not read again): the same content, known without comparing the records.
bool isSameScan(const LocationScan &a, const LocationScan &b);

// DESIGN.md: `<email>` is any directory name under DATA_PATH containing `@`.
QStringList userDirectories(const QString &dataPath);

// A body a catalog was made without (ToolRecord::bodyElsewhere), read when a view shows it; a
// local one brings the tool's inputs too (ToolRecord::inputsElsewhere).
struct ToolBody
{
    QString dir;     // the tool's, as asked
    QByteArray body; // Markdown, byte for byte
    int bodyLine = 0;
    std::optional<QList<InputSpec>> inputs; // read with it, for a record whose inputs are elsewhere
    QString error;   // set: not read, and why
};
// The bodies (and inputs) put into the records of `catalog` that wait for theirs
// (detailsElsewhere); `changed` gets the locations that changed, as they are now.
void putToolBodies(Catalog &catalog, const QList<ToolBody> &bodies, QList<LocationScan> *changed = nullptr);
// The record with its body and inputs, read now (its one directory, as a scan reads it), for a
// view that cannot wait for them (the run form, the override comparison). A record that has them
// is returned as it is; so is one whose directory no longer loads as a tool (still elsewhere:
// nothing may run it).
// Only a local catalog's records have their inputs elsewhere: a server's (bodies elsewhere) are
// returned as they are, never read from this machine's disk.
ToolRecord withDetails(const ToolRecord &tool);
// The record as a window's local catalog keeps it: no body, no inputs (what a scan through a
// ScanCache that keeps neither gives), for comparing a record read whole with the catalog's.
ToolRecord withoutDetails(ToolRecord tool);

// globalToolsPath() and userToolsPath(): toolmd/toollayout.h.

// Scans every location of a DATA_PATH. `onLocation` (optional) sees each location as soon as
// it is done, in order: global first, then users. `pool`: as in scanLocation().
Catalog scanDataPath(const QString &dataPath, ScanCache *cache = nullptr,
                     const std::function<void(const LocationScan &)> &onLocation = {},
                     QThreadPool *pool = nullptr);

// The same scan handing each location to `take` as soon as it is done, in the same order, and
// keeping none: what a command that prints as it goes needs, its memory flat in the tool count
// (`lint`, `overrides`). Returns the DATA_PATH as scanDataPath's Catalog::dataPath.
QString scanLocations(const QString &dataPath, const std::function<void(LocationScan &&)> &take,
                      ScanDepth depth = ScanDepth::Everything);

// What one user sees: the global location and, when `email` is a user directory of DATA_PATH,
// that user's location; no other user's tools are read. An empty email gives the global tools.
Catalog scanForUser(const QString &dataPath, const QString &email);

} // namespace tw::engine
