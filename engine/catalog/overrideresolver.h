#pragma once
// Resolves which tool each name means for a user: TOOLS.md "If multiple tools share the same
// name, the last one registered wins" — global tools register first, then the user's.

#include "catalog/catalog.h"

#include <QHash>
#include <QList>
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

// One row of `toolwright overrides`: a name, its global winner (if any) and each user's winner.
struct OverrideRow
{
    QString name;
    std::optional<ToolRecord> global;
    QList<ToolRecord> users; // user-location winners for this name, by email
};

QList<OverrideRow> resolveOverrides(const Catalog &catalog);

// Where a tool comes from, as run panes and the run history name it: "global v3", "user v2",
// or "user v2 · shadows global v1" when a global tool of that name is hidden by it.
QString toolSource(const Catalog &catalog, const ToolRecord &tool);

} // namespace tw::engine
