#pragma once
// The lint checks that need more than TOOL.md alone: the tool directory's files and what the
// entry file reads. The scan and lintToolBytes() run them for every tool; the editor or a
// server can run one of them on its own. Each returns its findings in a fixed order (the
// entries' order, then the inputs' and the reads'), which is the order the lint prints.

#include "catalog/direntries.h"
#include "toolmd/diagnostic.h"
#include "toolmd/entryscanner.h"
#include "toolmd/toolmanifest.h"

#include <QList>
#include <QString>

namespace tw::engine {

// TOOLS.md "Unnecessary files", over the tool's top-level `entries` in `dir`: what the
// tool-loader never reads (package.json, node_modules/, tests, …) and the leftovers of an
// interrupted save (`unnecessary-file`, info), and files that look like credentials, which
// would be mounted into every container (`secret-file-bundled`, warning).
Diagnostics checkBundle(const QList<DirEntry> &entries, const QString &dir);

// Best effort, only when the entry's use of params is clear (entry.paramsAnalyzable): an input
// TOOL.md declares that execute never reads (`inputs-unused`, at the input's line of
// `toolMdPath`) and a params field execute reads that TOOL.md does not declare
// (`param-undeclared`, once per name, at its first read in `entryPath`).
Diagnostics checkParams(const ToolManifest &manifest, const EntryScan &entry, const QString &toolMdPath,
                        const QString &entryPath);

// A file name that looks like credentials (.env, id_rsa, *.pem, token.json, …); .env.example
// and .env.sample do not.
bool isSecretFileName(const QString &name);

// QSaveFile writes `<name>.XXXXXX` beside the file and renames it over at the end; a process
// killed in between leaves it. Only the names Toolwright saves (TOOL.md and the entry files).
bool isInterruptedSave(const QString &name);

} // namespace tw::engine
