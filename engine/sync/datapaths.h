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

// The DATA_PATH a program opens, as the one rule of the CLI and the GUI chooses it.
struct OpenedDataPath
{
    QString path;         // absolute and clean
    QString user;         // the user asked for; in the embedded default, the default user if none was
    bool embedded = false; // neither --data nor $DATA_PATH: the embedded default, prepared
    QStringList warnings; // what preparing the embedded default could not do (shown, not fatal)
    QString error;        // one line when there is no directory to open
    bool ok() const { return error.isEmpty(); }
};

// --data (`explicitPath`), then $DATA_PATH, then the embedded default; the embedded default is
// prepared (prepareEmbeddedDataPath) for `user`, or for the default user when `user` is empty.
// A data dir that does not exist (after that) is an error: nothing is created in a DATA_PATH
// the user named.
OpenedDataPath openDataPath(const QString &explicitPath, const QString &user = QString());

} // namespace tw::engine
