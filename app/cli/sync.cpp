// `toolwright sync`: the seed sync's plan, and applying it.

#include "common.h"

#include "sync/datapaths.h"
#include "sync/seedsync.h"

#include <QDir>
#include <QFileInfo>

#include <QJsonArray>
#include <QJsonObject>

namespace tw::app::cli {

using namespace tw::engine;

int cmdSync(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.seed, o.data, o.dryRun, o.json}, &error))
        return usageError(error);
    if (!o.parser.isSet(o.seed))
        return usageError(QStringLiteral("sync needs --seed DIR"));
    const QString seedDir = QDir::cleanPath(QFileInfo(o.parser.value(o.seed)).absoluteFilePath());
    if (!QFileInfo(seedDir).isDir())
        return usageError(QStringLiteral("seed dir %1 does not exist").arg(seedDir));
    dataPath = resolveDataPath(o.parser.value(o.data));
    if (!QFileInfo(dataPath).isDir())
        return usageError(QStringLiteral("data dir %1 does not exist").arg(dataPath));
    // The seed root (the platform's seed/) stands for its tools/; a folder that is neither is
    // refused, never planned as one tool.
    const SyncPlan planned = planSeedSync(seedDir, dataPath);
    if (!planned.seed.ok())
        return usageError(planned.seed.error);
    const QString seed = planned.seed.path;
    const QList<SyncAction> &plan = planned.actions;
    SyncResult result;
    if (!o.parser.isSet(o.dryRun))
        result = applySync(plan, seed, dataPath);
    if (o.parser.isSet(o.json)) {
        printJson(QJsonDocument(syncPlanJson(planned)));
    } else {
        if (planned.seed.fromSeedRoot)
            err(QStringLiteral("toolwright: %1 is the seed root: syncing its tools/ (%2)\n").arg(seedDir, seed));
        QString text;
        for (const SyncAction &a : plan) {
            text += QStringLiteral("%1  %2  seed v%3, installed %4: %5\n")
                        .arg(syncActionName(a.action), -10).arg(a.dir).arg(a.seedVersion)
                        .arg(a.targetVersion ? QStringLiteral("v%1").arg(*a.targetVersion) : QStringLiteral("none"),
                             syncActionReason(a));
        }
        for (const SyncSkip &s : planned.skipped)
            text += QStringLiteral("%1  %2  %3\n").arg(QStringLiteral("skipped"), -10).arg(s.dir, s.reason);
        out(text);
    }
    for (const QString &w : syncPlanWarnings(planned))
        err(QStringLiteral("toolwright: warning: ") + w + u'\n');
    for (const QString &e : result.errors)
        err(QStringLiteral("toolwright: sync: ") + e + u'\n');
    return result.errors.isEmpty() ? 0 : 1;
}

} // namespace tw::app::cli
