#include "catalog/overrideresolver.h"

#include <QHash>
#include <QMap>

#include <algorithm>

namespace tw::engine {

QHash<QString, const ToolRecord *> locationWinners(const LocationScan &location)
{
    // TOOLS.md: "If multiple tools share the same name, the last one registered wins."
    QHash<QString, const ToolRecord *> winners;
    winners.reserve(location.tools.size());
    for (const ToolRecord &t : location.tools)
        winners.insert(t.manifest.name, &t);
    return winners;
}

QList<const ToolRecord *> registrationOrder(const Catalog &catalog, const QString &user)
{
    QList<const ToolRecord *> order;
    for (const ToolRecord &t : catalog.global.tools)
        order.append(&t);
    if (const LocationScan *loc = user.isEmpty() ? nullptr : catalog.userLocation(user)) {
        for (const ToolRecord &t : loc->tools)
            order.append(&t);
    }
    return order;
}

const EffectiveTool *EffectiveSet::find(const QString &name) const
{
    const auto it = std::lower_bound(tools.cbegin(), tools.cend(), name,
                                     [](const EffectiveTool &e, const QString &n) { return e.tool.manifest.name < n; });
    return it != tools.cend() && it->tool.manifest.name == name ? &*it : nullptr;
}

EffectiveSet resolveEffective(const Catalog &catalog, const QString &user)
{
    EffectiveSet set;
    set.user = user;
    const LocationScan *userLocation = user.isEmpty() ? nullptr : catalog.userLocation(user);
    set.skipped = catalog.global.skipped;
    if (userLocation)
        set.skipped.append(userLocation->skipped);

    // User tools register after global tools: the user location's winners replace the global ones.
    const QHash<QString, const ToolRecord *> globalWinner = locationWinners(catalog.global);
    QHash<QString, const ToolRecord *> winner = globalWinner;
    if (userLocation) {
        const QHash<QString, const ToolRecord *> userWinner = locationWinners(*userLocation);
        for (auto it = userWinner.cbegin(); it != userWinner.cend(); ++it)
            winner.insert(it.key(), it.value());
    }
    const QList<const ToolRecord *> order = registrationOrder(catalog, user);

    for (const ToolRecord *t : order) {
        const ToolRecord *w = winner.value(t->manifest.name);
        if (w != t)
            set.shadowed.append({*t, w->dir});
    }

    QList<const ToolRecord *> winners = winner.values();
    std::sort(winners.begin(), winners.end(), [](const ToolRecord *a, const ToolRecord *b) {
        return a->manifest.name < b->manifest.name;
    });
    set.tools.reserve(winners.size());
    for (const ToolRecord *w : winners) {
        EffectiveTool e{*w, std::nullopt};
        if (w->scope == Scope::User) {
            if (const ToolRecord *g = globalWinner.value(w->manifest.name))
                e.overridden = *g;
        }
        set.tools.append(std::move(e));
    }
    return set;
}

QList<OverrideRow> resolveOverrides(const Catalog &catalog)
{
    // Rows kept sorted by name in a map: each row is built in place in its node and copied out
    // once. A QList grown a row at a time and sorted afterwards (rows hold whole ToolRecords)
    // took 2.5-3x as long, much of it in page faults of the large rows it moved (perf;
    // bench_overrides against its floor, issue 21).
    QMap<QString, OverrideRow> rows;
    auto rowFor = [&rows](const QString &name) -> OverrideRow & {
        OverrideRow &row = rows[name];
        row.name = name;
        return row;
    };
    for (const ToolRecord &t : catalog.global.tools)
        rowFor(t.manifest.name).global = t; // later registrations overwrite: the winner stays
    for (const LocationScan &loc : catalog.users) {
        const QHash<QString, const ToolRecord *> winners = locationWinners(loc);
        for (const ToolRecord &t : loc.tools) {
            if (winners.value(t.manifest.name) == &t)
                rowFor(t.manifest.name).users.append(t);
        }
    }
    return rows.values();
}

QString toolSource(const Catalog &catalog, const ToolRecord &tool)
{
    const QString own = QStringLiteral("%1 v%2").arg(tool.scope == Scope::Global ? QStringLiteral("global") : QStringLiteral("user"))
                            .arg(tool.manifest.version);
    if (tool.scope == Scope::Global)
        return own;
    const ToolRecord *g = nullptr;
    for (const ToolRecord &t : catalog.global.tools) // the last registration of the name wins
        if (t.manifest.name == tool.manifest.name)
            g = &t;
    return g ? own + QStringLiteral(" · shadows global v%1").arg(g->manifest.version) : own;
}

} // namespace tw::engine
