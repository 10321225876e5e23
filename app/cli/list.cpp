// `toolwright list`: the effective tools of a user (or the global ones), as a table or JSON.

#include "common.h"

#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/overrideresolver.h"

#include <QFileInfo>

namespace tw::app::cli {

using namespace tw::engine;

namespace {

QString badges(const ToolRecord &t, const ToolRecord *overridden)
{
    QStringList b;
    if (overridden)
        b.append(QStringLiteral("shadows global v%1").arg(overridden->manifest.version));
    int errors = 0, warnings = 0;
    for (const Diagnostic &d : t.diagnostics) {
        errors += d.severity == Severity::Error;
        warnings += d.severity == Severity::Warning;
    }
    if (errors)
        b.append(QStringLiteral("%1 error(s)").arg(errors));
    if (warnings)
        b.append(QStringLiteral("%1 warning(s)").arg(warnings));
    return b.join(QStringLiteral(", "));
}

} // namespace

int cmdList(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json}, &error))
        return usageError(error);
    if (!o.parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("list takes no arguments (got %1)").arg(o.parser.positionalArguments().first()));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QString user = o.parser.value(o.user);
    const Catalog catalog = scanForUser(dataPath, user);
    if (!user.isEmpty() && !catalog.userLocation(user))
        err(QStringLiteral("toolwright: warning: %1 has no user directory in %2; showing global tools\n").arg(user, dataPath));
    const EffectiveSet set = resolveEffective(catalog, user);
    if (o.parser.isSet(o.json)) {
        printJsonText(effectiveSetJsonText(catalog.dataPath, set));
        return 0;
    }
    qsizetype width = 4;
    for (const EffectiveTool &e : set.tools)
        width = std::max(width, e.tool.manifest.name.size());
    out(QStringLiteral("%1  %2  %3  %4\n").arg(QStringLiteral("NAME"), -int(width)).arg(QStringLiteral("VERSION"), -7)
            .arg(QStringLiteral("SCOPE"), -6).arg(QStringLiteral("LABEL")));
    for (const EffectiveTool &e : set.tools) {
        const QString extra = badges(e.tool, e.overridden ? &*e.overridden : nullptr);
        out(QStringLiteral("%1  %2  %3  %4%5\n")
                .arg(e.tool.manifest.name, -int(width))
                .arg(e.tool.manifest.version, -7)
                .arg(scopeName(e.tool.scope), -6)
                .arg(e.tool.manifest.label, extra.isEmpty() ? QString() : QStringLiteral("  [") + extra + u']'));
    }
    for (const ShadowedTool &s : set.shadowed)
        out(QStringLiteral("shadowed: %1 (%2) by %3\n").arg(s.tool.manifest.name, s.tool.dir, s.shadowedBy));
    for (const SkippedDir &s : set.skipped) {
        const QString why = s.diagnostics.isEmpty() ? s.reason : s.diagnostics.first().message;
        out(QStringLiteral("skipped: %1: %2 [%3]\n").arg(s.dir, why, s.reason));
    }
    return 0;
}

} // namespace tw::app::cli
