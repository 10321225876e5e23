#pragma once
// Where the platform looks for tools, in one place: the file names of a tool directory (TOOLS.md
// "How Discovery Works") and the DATA_PATH layout (DESIGN.md "Data layout"), with the helpers
// that build their paths. Everything that names TOOL.md, an entry file or a tools directory
// takes it from here.

#include <QString>
#include <QStringList>

namespace tw::engine {

// TOOLS.md: a tool directory holds TOOL.md and an entry file, index.ts or index.js.
inline const QString kToolMdFile = QStringLiteral("TOOL.md");
inline const QString kEntryTsFile = QStringLiteral("index.ts");
inline const QString kEntryJsFile = QStringLiteral("index.js");
// DESIGN.md: `index.ts` wins if both are there; this is the order to look in.
inline const QStringList kEntryFiles = {kEntryTsFile, kEntryJsFile};
// The directory holding a location's tools: DATA_PATH/tools and DATA_PATH/<email>/tools.
inline const QString kToolsDirName = QStringLiteral("tools");

// DESIGN.md: `<email>` is a directory name under DATA_PATH containing `@`. No `/`, not `.` or
// `..`, not empty: a name that is safe to join to DATA_PATH.
bool isUserDirectoryName(const QString &name);

// DATA_PATH/tools: the global tools (cleaned).
QString globalToolsPath(const QString &dataPath);
// DATA_PATH/<email>: the user's data root (cleaned).
QString userRootPath(const QString &dataPath, const QString &email);
// DATA_PATH/<email>/tools: the user's tools (cleaned).
QString userToolsPath(const QString &dataPath, const QString &email);

// <toolDir>/TOOL.md.
QString toolMdPath(const QString &toolDir);
// The location a tool directory is in: its parent path, as a scan joined it (<location>/<name>).
QString locationOfToolDir(const QString &toolDir);
// The entry file of a tool directory: index.ts if it exists, else index.js if it exists, else
// (a tool still to be written) where index.ts would be.
QString entryFilePath(const QString &toolDir);

} // namespace tw::engine
