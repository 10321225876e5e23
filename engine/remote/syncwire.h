#pragma once
// The desktop's reading of a server's seed sync: `sync.plan`'s and `sync.apply`'s object
// (syncPlanDetailJson, with the server's `warnings` and `errors`) back into the SyncPlan and
// SyncResult the Seed Sync view shows, and `sync.compare`'s files for its comparison.

#include "sync/seedsync.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>

#include <optional>

namespace tw::engine {

// nullopt with `error` when the object is not a plan (a broken or hostile server).
std::optional<SyncPlan> syncPlanFromJson(const QJsonObject &json, QString *error = nullptr);
// What sync.apply reports: the install and update actions of its plan (each applied unless an
// error line names it) and the error lines.
SyncResult syncResultFromJson(const QJsonObject &json);

// One file of sync.compare: both sides' bytes as sent (empty when absent), or why a side was
// not sent.
struct SyncComparedFile
{
    TreeFileComparison comparison;
    QByteArray installed, seed;
    QString installedError, seedError;
};
QList<SyncComparedFile> syncComparedFilesFromJson(const QJsonObject &json);

} // namespace tw::engine
