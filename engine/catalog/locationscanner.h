#pragma once
// Scans one tools location the way the platform's tool-loader does: every subdirectory with
// TOOL.md and an entry file is a tool; every other subdirectory is skipped with a reason.

#include "toolmd/toolmdreader.h"
#include "toolmd/toolrecord.h"

#include <QString>

#include <functional>

class QThreadPool;

namespace tw::engine {

class ScanCache;

// How much of each tool directory a scan reads. Manifests: which directories are tools and their
// TOOL.md (its diagnostics), but not the entry file nor the checks that need it or the
// directory's other files — what `overrides` needs of a whole platform (issue 25).
enum class ScanDepth { Everything, Manifests };

// Called after each tool directory when reporting incrementally (may run off the GUI thread).
using ToolScannedCallback = std::function<void(const ToolRecord &)>;

// Scans a single tool directory `dir` inside the location `locationRoot` (canonical path).
ToolDirScan scanToolDir(const QString &dir, const QString &locationRoot, Scope scope,
                        const QString &user, ScanCache *cache = nullptr, ScanDepth depth = ScanDepth::Everything);

// The lint of one tool directory as if its TOOL.md and entry file held the given bytes: exactly
// what scanToolDir (and so `toolwright lint DIR` and the Problems panel) reports once they are
// saved. The editor shows it for its unsaved text.
Diagnostics lintToolBytes(const QString &dir, const QByteArray &toolMd, const QString &entryPath,
                          const QByteArray &entrySource);
// The same for a TOOL.md already read (parseToolMd of its bytes, labelled `dir`/TOOL.md): the
// editor reads each change once and lints that reading. `listDirectory` false leaves out the
// checks of the directory's other files (a server's tool: `dir` is not a path of this machine).
Diagnostics lintToolParse(const QString &dir, const ToolMdParse &parse, const QString &entryPath,
                          const QByteArray &entrySource, bool listDirectory = true);

// Scans `path` as a location. A missing location is an empty scan with exists == false. The
// tool directories are read on `pool`'s threads (QThreadPool::globalInstance() when null).
LocationScan scanLocation(const QString &path, Scope scope, const QString &user,
                          ScanCache *cache = nullptr, QThreadPool *pool = nullptr, ScanDepth depth = ScanDepth::Everything);

// Directory names under `path`, sorted byte-wise by their UTF-8 names (the platform's order).
QStringList sortedSubdirectoryNames(const QString &path, bool includeSymlinks = true);

// For tests only: called with each tool directory before its files are read, on the scanning
// thread (tst_catalogscanner holds a scan inside a directory with it; a named pipe did that
// before the scan learnt to refuse them without waiting). Set before a scan starts.
std::function<void(const QString &toolDir)> &toolDirScanHookForTests();

} // namespace tw::engine
