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
    // Scanned a location at a time, holding of each tool its entry in a row (issue 25).
    const QList<OverrideRow> rows = scanOverrides(dataPath);
    if (o.parser.isSet(o.json)) {
        writeOverridesJson(rows, writeStdout);
        std::fputc('\n', stdout);
        return 0;
    }
    QString text;
    for (const OverrideRow &r : rows) {
        text += r.name + (r.global ? QStringLiteral(": global v%1").arg(r.global->version) : QStringLiteral(": user-only"));
        for (const OverrideEntry &u : r.users)
            text += QStringLiteral(", %1 v%2").arg(u.user).arg(u.version);
        text += u'\n';
        outWhenLong(text);
    }
    out(text);
    return 0;
}

} // namespace tw::app::cli
