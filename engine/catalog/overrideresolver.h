#pragma once
// Resolves which tool each name means for a user: TOOLS.md "If multiple tools share the same
// name, the last one registered wins" — global tools register first, then the user's.

#include "catalog/catalog.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

namespace tw::engine {

struct EffectiveTool
{
    ToolRecord tool;
    // For a user tool that overrides a global one: that global tool (dir and version).
    std::optional<ToolRecord> overridden;
};

struct ShadowedTool
{
    ToolRecord tool;
    QString shadowedBy; // dir of the tool that wins over it
};

struct EffectiveSet
{
    QString user;                   // empty: the global tools alone
    QList<EffectiveTool> tools;     // sorted by name
    QList<ShadowedTool> shadowed;   // registration order
    QList<SkippedDir> skipped;      // of the locations that make up the set

    // The tool `name` means for this user, or null.
    const EffectiveTool *find(const QString &name) const;
};

// The tool each name means within one location: the last of its registrations there. This,
// with "a user's location registers after the global one", is the whole override rule; the
// resolution below, the catalog tree and the overrides matrix all read it from here.
QHash<QString, const ToolRecord *> locationWinners(const LocationScan &location);

// Every registration in order for one user: global location then the user's location.
QList<const ToolRecord *> registrationOrder(const Catalog &catalog, const QString &user);

EffectiveSet resolveEffective(const Catalog &catalog, const QString &user);

// Of a tool in a row of `toolwright overrides`: where it is and its version, nothing more, so
// that a platform's rows (101,000 tools) stay small (issue 25).
struct OverrideEntry
{
    QString user; // the owning user's email; empty for a global tool
    QString dir;
    int version = 0;

    friend bool operator==(const OverrideEntry &, const OverrideEntry &) = default;
};

// One row of `toolwright overrides`: a name, its global winner (if any) and each user's winner.
struct OverrideRow
{
    QString name;
    std::optional<OverrideEntry> global;
    QList<OverrideEntry> users; // user-location winners for this name, by email

    friend bool operator==(const OverrideRow &, const OverrideRow &) = default;
};

// The rows built location by location — the global one first, then each user's in email
// order — so that a caller may drop each location once it is added.
class OverrideCollector
{
public:
    void addLocation(const LocationScan &location);
    // The rows, sorted by name; the collector is empty after.
    QList<OverrideRow> take();

private:
    // Sorted as they come: a hash sorted at the end scaled 11× from 10,000 to 40,000 records
    // (bench_overrides), the map 5×.
    QMap<QString, OverrideRow> m_rows;
};

QList<OverrideRow> resolveOverrides(const Catalog &catalog);
// The same rows for the DATA_PATH at `dataPath`, scanned one location at a time: no tool is
// held beyond its entry (what `toolwright overrides` and `serve` answer).
QList<OverrideRow> scanOverrides(const QString &dataPath);

// Where a tool comes from, as run panes and the run history name it: "global v3", "user v2",
// or "user v2 · shadows global v1" when a global tool of that name is hidden by it.
QString toolSource(const Catalog &catalog, const ToolRecord &tool);

} // namespace tw::engine
