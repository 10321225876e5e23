#include "remote/syncwire.h"

#include "remote/catalogwire.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace tw::engine {

namespace {

std::optional<SyncActionKind> actionKindFromName(const QString &name)
{
    for (SyncActionKind k : {SyncActionKind::Install, SyncActionKind::Update, SyncActionKind::SkipEqual, SyncActionKind::KeepNewer})
        if (syncActionName(k) == name)
            return k;
    return std::nullopt;
}

// One side of a compared file: its bytes, or why not (toolReadFile's shape: text, base64, error).
void readSide(const QJsonValue &value, QByteArray *bytes, QString *error)
{
    if (!value.isObject())
        return; // not on this side
    const QJsonObject o = value.toObject();
    if (o.contains(QStringLiteral("error")))
        *error = o.value(QStringLiteral("error")).toString();
    else if (o.value(QStringLiteral("too_large")).toBool())
        *error = QStringLiteral("too large to compare (%1 bytes)").arg(qint64(o.value(QStringLiteral("size")).toDouble()));
    else if (o.contains(QStringLiteral("base64")))
        *bytes = QByteArray::fromBase64(o.value(QStringLiteral("base64")).toString().toLatin1());
    else
        *bytes = o.value(QStringLiteral("text")).toString().toUtf8();
}

} // namespace

std::optional<SyncPlan> syncPlanFromJson(const QJsonObject &json, QString *error)
{
    if (!json.value(QStringLiteral("actions")).isArray()) {
        if (error)
            *error = QStringLiteral("the server's sync plan has no actions");
        return std::nullopt;
    }
    SyncPlan plan;
    plan.seed.path = json.value(QStringLiteral("seed_tools_dir")).toString();
    plan.seed.fromSeedRoot = json.value(QStringLiteral("seed_root")).toBool();
    for (const QJsonValue &v : json.value(QStringLiteral("actions")).toArray()) {
        const QJsonObject o = v.toObject();
        const std::optional<SyncActionKind> kind = actionKindFromName(o.value(QStringLiteral("action")).toString());
        const QString dir = o.value(QStringLiteral("dir")).toString();
        if (!kind || dir.isEmpty() || dir.contains(u'/')) {
            if (error)
                *error = QStringLiteral("the server's sync plan has an action this version cannot read: %1")
                             .arg(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)).left(200));
            return std::nullopt;
        }
        SyncAction a;
        a.dir = dir;
        a.action = *kind;
        a.seedVersion = o.value(QStringLiteral("seed_version")).toInt();
        if (o.value(QStringLiteral("target_version")).isDouble())
            a.targetVersion = o.value(QStringLiteral("target_version")).toInt();
        a.contentDiffers = o.value(QStringLiteral("content_differs")).toBool();
        a.notes = diagnosticsFromJson(o.value(QStringLiteral("notes")).toArray());
        plan.actions.append(a);
    }
    for (const QJsonValue &v : json.value(QStringLiteral("skipped")).toArray())
        plan.skipped.append({v[QStringLiteral("dir")].toString(), v[QStringLiteral("reason")].toString()});
    return plan;
}

SyncResult syncResultFromJson(const QJsonObject &json)
{
    SyncResult result;
    for (const QJsonValue &v : json.value(QStringLiteral("errors")).toArray())
        result.errors.append(v.toString());
    const std::optional<SyncPlan> plan = syncPlanFromJson(json);
    if (!plan)
        return result;
    for (const SyncAction &a : plan->actions) {
        if (a.action != SyncActionKind::Install && a.action != SyncActionKind::Update)
            continue;
        const bool failed = std::any_of(result.errors.cbegin(), result.errors.cend(),
                                        [&a](const QString &e) { return e.startsWith(a.dir + u':'); });
        if (!failed)
            result.applied.append(a);
    }
    return result;
}

QList<SyncComparedFile> syncComparedFilesFromJson(const QJsonObject &json)
{
    QList<SyncComparedFile> files;
    for (const QJsonValue &v : json.value(QStringLiteral("files")).toArray()) {
        const QJsonObject o = v.toObject();
        SyncComparedFile f;
        f.comparison.path = o.value(QStringLiteral("path")).toString();
        if (f.comparison.path.isEmpty())
            continue;
        f.comparison.inLeft = o.value(QStringLiteral("in_installed")).toBool();
        f.comparison.inRight = o.value(QStringLiteral("in_seed")).toBool();
        f.comparison.differs = o.value(QStringLiteral("differs")).toBool();
        readSide(o.value(QStringLiteral("installed")), &f.installed, &f.installedError);
        readSide(o.value(QStringLiteral("seed")), &f.seed, &f.seedError);
        files.append(f);
    }
    return files;
}

} // namespace tw::engine
