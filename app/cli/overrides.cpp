// `toolwright overrides`: every name with its global winner and each user's.

#include "common.h"

#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/overrideresolver.h"

namespace tw::app::cli {

using namespace tw::engine;

int cmdOverrides(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.json}, &error))
        return usageError(error);
    if (!o.parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("overrides takes no arguments"));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QList<OverrideRow> rows = resolveOverrides(scanDataPath(dataPath));
    if (o.parser.isSet(o.json)) {
        printJson(QJsonDocument(overridesJson(rows)));
        return 0;
    }
    QString text;
    for (const OverrideRow &r : rows) {
        text += r.name + (r.global ? QStringLiteral(": global v%1").arg(r.global->manifest.version)
                                   : QStringLiteral(": user-only"));
        for (const ToolRecord &u : r.users)
            text += QStringLiteral(", %1 v%2").arg(u.user).arg(u.manifest.version);
        text += u'\n';
    }
    out(text);
    return 0;
}

} // namespace tw::app::cli
