#pragma once
// Who started a run's leftovers: a token naming this Toolwright process (pid and start time,
// so a reused pid is not mistaken for it). Run directories and containers carry it; a later
// Toolwright removes those whose owner is gone (killed, crashed) — and never another live
// Toolwright's.

#include <QString>

namespace tw::engine {

// "<pid>.<start time in clock ticks>" of this process.
QString runOwnerToken();
// Whether the process a token names is still running.
bool runOwnerAlive(const QString &token);
// Removes the private run directories (`<parent>/toolwright-run-<token>-*`) and TypeScript
// servers' mirrors (`toolwright-types-<token>-*`) of owners that are gone. Cheap (one directory listing); call it off the GUI thread, once per process is enough.
void removeStaleRunDirectories();
// Where run directories are made: the temporary directory, unless the sandbox identity could
// not reach into it (a private TMPDIR of root's): /tmp then.
QString runDirectoryParent();
// The template for this process's run directories (for QTemporaryDir).
QString runDirectoryTemplate();
// The template for this process's TypeScript mirrors (for mkdtemp).
QString typesDirectoryTemplate();

} // namespace tw::engine
