#include "catalog/overrideresolver.h"

#include <QHash>

#include <algorithm>
#include <vector>

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

void OverrideCollector::addLocation(const LocationScan &location)
{
    const auto rowFor = [this](const QString &name) -> OverrideRow & {
        OverrideRow &row = m_rows[name];
        if (row.name.isNull())
            row.name = name;
        return row;
    };
    if (location.scope == Scope::Global) {
        for (const ToolRecord &t : location.tools) // later registrations overwrite: the winner stays
            rowFor(t.manifest.name).global = OverrideEntry{QString(), t.dir, t.manifest.version};
        return;
    }
    const QHash<QString, const ToolRecord *> winners = locationWinners(location);
    for (const ToolRecord &t : location.tools) {
        if (winners.value(t.manifest.name) == &t)
            rowFor(t.manifest.name).users.append(OverrideEntry{t.user, t.dir, t.manifest.version});
    }
}

QList<OverrideRow> OverrideCollector::take()
{
    QList<OverrideRow> rows;
    rows.reserve(m_rows.size());
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        rows.append(std::move(it.value()));
    m_rows.clear();
    return rows;
}

QList<OverrideRow> resolveOverrides(const Catalog &catalog)
{
    OverrideCollector collector;
    collector.addLocation(catalog.global);
    for (const LocationScan &loc : catalog.users)
        collector.addLocation(loc);
    return collector.take();
}

QList<OverrideRow> scanOverrides(const QString &dataPath)
{
    OverrideCollector collector;
    // Which directories are tools, and their names and versions: TOOL.md is all it reads.
    scanLocations(dataPath, [&collector](LocationScan &&location) { collector.addLocation(location); },
                  ScanDepth::Manifests);
    return collector.take();
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
