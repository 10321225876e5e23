// `toolwright show`: one tool as the agent gets it, with its inputs, body and files.

#include "common.h"

#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/overrideresolver.h"

namespace tw::app::cli {

using namespace tw::engine;

namespace {

const char *requiredness(const InputSpec &in) { return in.optional ? "optional" : "required"; }

} // namespace

int cmdShow(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() != 1)
        return usageError(QStringLiteral("show needs exactly one tool NAME"));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QString user = o.parser.value(o.user);
    const Catalog catalog = scanForUser(dataPath, user);
    const EffectiveSet set = resolveEffective(catalog, user);
    const EffectiveTool *it = set.find(pos.first());
    if (!it) {
        err(QStringLiteral("toolwright: no tool named '%1' for %2 in %3\n")
                .arg(pos.first(), user.isEmpty() ? QStringLiteral("the global tools") : user, catalog.dataPath));
        return 1;
    }
    const ToolRecord &t = it->tool;
    const ToolRecord *overridden = it->overridden ? &*it->overridden : nullptr;
    if (o.parser.isSet(o.json)) {
        printJsonText(showJsonText(t, overridden));
        return 0;
    }
    const ToolManifest &m = t.manifest;
    QString text = QStringLiteral("%1 (%2) v%3, %4 tool%5\n")
                       .arg(m.label, m.name).arg(m.version)
                       .arg(scopeName(t.scope), t.user.isEmpty() ? QString() : QStringLiteral(" of ") + t.user);
    if (overridden)
        text += QStringLiteral("overrides global v%1 at %2\n").arg(overridden->manifest.version).arg(overridden->dir);
    text += QStringLiteral("dir: %1\nentry: %2\nlanguage: %3\n\n%4\n").arg(t.dir, t.entryName(), m.language, m.description);
    if (!m.inputs.isEmpty()) {
        text += QStringLiteral("\nInputs:\n");
        for (const InputSpec &in : m.inputs) {
            text += QStringLiteral("  %1: %2, %3").arg(in.name, inputTypeName(in.type), QLatin1StringView(requiredness(in)));
            if (in.sensitive)
                text += QStringLiteral(", sensitive");
            if (in.hasValues)
                text += QStringLiteral(", values: ") + in.values.join(u',');
            if (!in.defaultValue.isUndefined())
                text += QStringLiteral(", default: ") + compactJsonText(in.defaultValue);
            text += QStringLiteral(" — ") + in.description + u'\n';
        }
    }
    if (!t.diagnostics.isEmpty()) {
        text += QStringLiteral("\nDiagnostics:\n");
        for (const Diagnostic &d : t.diagnostics)
            text += QStringLiteral("  ") + formatDiagnostic(d) + u'\n';
    }
    text += QStringLiteral("\n") + QString::fromUtf8(t.body);
    if (!text.endsWith(u'\n'))
        text += u'\n';
    out(text);
    return 0;
}

} // namespace tw::app::cli
