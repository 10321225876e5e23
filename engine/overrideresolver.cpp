#include "overrideresolver.h"

#include <QHash>

#include <algorithm>

namespace tw::engine {

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
    set.skipped = catalog.global.skipped;
    if (const LocationScan *loc = user.isEmpty() ? nullptr : catalog.userLocation(user))
        set.skipped.append(loc->skipped);

    // TOOLS.md: "the last one registered wins"; user tools register after global tools.
    QHash<QString, const ToolRecord *> winner;
    const QList<const ToolRecord *> order = registrationOrder(catalog, user);
    for (const ToolRecord *t : order)
        winner.insert(t->manifest.name, t);

    QHash<QString, const ToolRecord *> globalWinner;
    for (const ToolRecord &t : catalog.global.tools)
        globalWinner.insert(t.manifest.name, &t);

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
    // One hash lookup per tool and one sort of the names: linear in the catalog, plus n log n.
    QList<OverrideRow> rows;
    QHash<QString, qsizetype> rowOf;
    rowOf.reserve(catalog.global.tools.size());
    auto rowFor = [&](const QString &name) -> OverrideRow & {
        auto it = rowOf.find(name);
        if (it == rowOf.end()) {
            it = rowOf.insert(name, rows.size());
            rows.append(OverrideRow{name, std::nullopt, {}});
        }
        return rows[*it];
    };
    for (const ToolRecord &t : catalog.global.tools)
        rowFor(t.manifest.name).global = t; // later registrations overwrite: the winner stays
    QHash<QString, const ToolRecord *> winners;
    for (const LocationScan &loc : catalog.users) {
        winners.clear();
        for (const ToolRecord &t : loc.tools)
            winners.insert(t.manifest.name, &t);
        for (const ToolRecord &t : loc.tools) {
            if (winners.value(t.manifest.name) == &t)
                rowFor(t.manifest.name).users.append(t);
        }
    }
    std::sort(rows.begin(), rows.end(), [](const OverrideRow &a, const OverrideRow &b) { return a.name < b.name; });
    return rows;
}

QString toolSource(const Catalog &catalog, const ToolRecord &tool)
{
    const QString own = QStringLiteral("%1 v%2").arg(tool.scope == Scope::Global ? QStringLiteral("global") : QStringLiteral("user"))
                            .arg(tool.manifest.version);
    if (tool.scope == Scope::Global)
        return own;
    for (const ToolRecord &g : catalog.global.tools)
        if (g.manifest.name == tool.manifest.name && g.shadowedBy.isEmpty())
            return own + QStringLiteral(" · shadows global v%1").arg(g.manifest.version);
    return own;
}

} // namespace tw::engine
