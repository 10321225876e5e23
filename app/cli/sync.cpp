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
    const QString seed = QDir::cleanPath(QFileInfo(o.parser.value(o.seed)).absoluteFilePath());
    if (!QFileInfo(seed).isDir())
        return usageError(QStringLiteral("seed dir %1 does not exist").arg(seed));
    dataPath = resolveDataPath(o.parser.value(o.data));
    if (!QFileInfo(dataPath).isDir())
        return usageError(QStringLiteral("data dir %1 does not exist").arg(dataPath));
    const QList<SyncAction> plan = planSync(seed, dataPath);
    SyncResult result;
    if (!o.parser.isSet(o.dryRun))
        result = applySync(plan, seed, dataPath);
    if (o.parser.isSet(o.json)) {
        QJsonArray actions;
        for (const SyncAction &a : plan) {
            actions.append(QJsonObject{{QStringLiteral("dir"), a.dir},
                                       {QStringLiteral("action"), syncActionName(a.action)},
                                       {QStringLiteral("seed_version"), a.seedVersion},
                                       {QStringLiteral("target_version"),
                                        a.targetVersion ? QJsonValue(*a.targetVersion) : QJsonValue(QJsonValue::Null)}});
        }
        printJson(QJsonDocument(QJsonObject{{QStringLiteral("actions"), actions}}));
    } else {
        QString text;
        for (const SyncAction &a : plan) {
            text += QStringLiteral("%1  %2  seed v%3, installed %4: %5\n")
                        .arg(syncActionName(a.action), -10).arg(a.dir).arg(a.seedVersion)
                        .arg(a.targetVersion ? QStringLiteral("v%1").arg(*a.targetVersion) : QStringLiteral("none"),
                             syncActionReason(a));
        }
        out(text);
    }
    for (const SyncAction &a : plan) {
        for (const Diagnostic &d : a.notes)
            err(QStringLiteral("toolwright: warning: ") + formatDiagnostic(d) + u'\n');
        if (a.contentDiffers)
            err(QStringLiteral("toolwright: warning: %1: the seed changed but version %2 was not bumped; "
                               "the sync skips it [version-not-bumped]\n").arg(a.dir).arg(a.seedVersion));
    }
    for (const QString &e : result.errors)
        err(QStringLiteral("toolwright: sync: ") + e + u'\n');
    return result.errors.isEmpty() ? 0 : 1;
}

} // namespace tw::app::cli
