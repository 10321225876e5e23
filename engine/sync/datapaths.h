#pragma once
// Where things live: the embedded default DATA_PATH, the bundled seed and runner, the default user.

#include <QString>
#include <QStringList>

namespace tw::engine {

// `QStandardPaths::AppDataLocation`/data: the data dir used when neither --data nor DATA_PATH is given.
QString embeddedDataPath();

// `$USER@localhost` (`user@localhost` when USER is unset): the user of the embedded data dir.
QString defaultUserEmail();

// The program's shared data dir (holding seed/tools and runner/): installed
// `<prefix>/share/toolwright`, or the source tree when run from a build dir.
QString sharedDataDir();
QString bundledSeedToolsDir();

// --data, then $DATA_PATH, then the embedded default.
QString resolveDataPath(const QString &explicitPath);

// Makes the embedded default usable: syncs the bundled seed into it (the platform does the
// same at every server start) and creates the default user's tools dir.
// Returns error lines; empty on success.
QStringList prepareEmbeddedDataPath(const QString &dataPath, const QString &user);

} // namespace tw::engine
