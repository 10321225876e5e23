#include "catalog/toolexplanation.h"

#include "catalog/overrideresolver.h"

namespace tw::engine {

const Registration *ToolExplanation::winner() const
{
    for (const Registration &r : registrations)
        if (r.wins)
            return &r;
    return nullptr;
}

ToolExplanation explainTool(const Catalog &catalog, const QString &user, const QString &name)
{
    ToolExplanation e;
    e.name = name;
    e.user = user;
    int order = 0;
    for (const ToolRecord *t : registrationOrder(catalog, user)) {
        ++order;
        if (t->manifest.name == name)
            e.registrations.append({*t, order, false});
    }
    if (!e.registrations.isEmpty())
        e.registrations.last().wins = true; // TOOLS.md: "the last one registered wins"

    auto collectSkipped = [&](const LocationScan &loc) {
        for (const SkippedDir &s : loc.skipped)
            if (s.dirName == name)
                e.notLoaded.append(s);
    };
    collectSkipped(catalog.global);
    if (const LocationScan *loc = user.isEmpty() ? nullptr : catalog.userLocation(user))
        collectSkipped(*loc);

    const QString who = user.isEmpty() ? QStringLiteral("the global tools") : user;
    if (e.registrations.isEmpty()) {
        e.lines.append(QStringLiteral("No directory registers a tool named “%1” for %2.").arg(name, who));
    } else {
        e.lines.append(QStringLiteral("The loader registers global tools first, then the user's, each location in "
                                      "byte-wise order of directory names; the last registration of a name wins."));
        for (qsizetype i = 0; i < e.registrations.size(); ++i) {
            const Registration &r = e.registrations[i];
            const QString where = r.tool.scope == Scope::Global ? QStringLiteral("global") : QStringLiteral("user");
            QString line = QStringLiteral("%1. %2 %3 (v%4) — registration #%5")
                               .arg(i + 1)
                               .arg(where, r.tool.dir)
                               .arg(r.tool.manifest.version)
                               .arg(r.order);
            if (r.wins)
                line += QStringLiteral(": wins");
            e.lines.append(line);
        }
        const Registration &w = *e.winner();
        if (e.registrations.size() == 1) {
            e.lines.append(QStringLiteral("Only one directory defines it, so %1 is what the agent gets.").arg(w.tool.dir));
        } else {
            const Registration &prev = e.registrations[e.registrations.size() - 2];
            if (w.tool.scope == Scope::User && prev.tool.scope == Scope::Global) {
                e.lines.append(QStringLiteral("%1's tool overrides the global one because user tools are registered "
                                              "after global tools — versions do not matter (v%2 over v%3).")
                                   .arg(user)
                                   .arg(w.tool.manifest.version)
                                   .arg(prev.tool.manifest.version));
            } else {
                e.lines.append(QStringLiteral("“%1” and “%2” share one location; “%2” sorts later byte-wise, so it is "
                                              "registered last and wins (both get a duplicate-name warning).")
                                   .arg(prev.tool.dirName, w.tool.dirName));
            }
        }
    }
    for (const SkippedDir &s : e.notLoaded) {
        e.lines.append(QStringLiteral("The directory %1 is named like the tool but is not loaded: %2 [%3].")
                           .arg(s.dir, s.diagnostics.isEmpty() ? s.reason : s.diagnostics.first().message, s.reason));
    }
    return e;
}

} // namespace tw::engine
