#pragma once
// What `toolwright lint` decides, in the engine so that the CLI prints it, the GUI shows it and a
// server could run it alike: which tools and skipped directories a set of paths holds (a tool
// directory, a tools directory or a DATA_PATH, told apart as the CLI documents), every
// diagnostic of each (the scan's, and with a git revision the version-not-bumped rule of
// DESIGN.md "Version rules"), which skipped directories fail the lint, and the counts.

#include "catalog/catalog.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace tw::engine {

class GitRevision;

enum class LintPathKind {
    ToolDir,  // holds TOOL.md or an entry file
    ToolsDir, // a folder of tool directories
    DataPath, // holds tools/ or user directories
};
LintPathKind classifyLintPath(const QString &path);

struct LintSkip {
    SkippedDir dir;
    // A directory with neither TOOL.md nor an entry file is not an attempt at a tool: reported,
    // but it does not fail the lint.
    bool fails = true;
};

struct LintReport {
    QList<ToolRecord> tools;
    QList<LintSkip> skipped;
    int errors = 0;
    int warnings = 0;
    int infos = 0;
    int failingSkips = 0;

    bool passed() const { return errors == 0 && failingSkips == 0; }
};

// Lints each path in order. `since` (empty: none) is a git revision: a tool changed since then
// must have a version above the one it had there. Nullopt, with `error` set, when a path is not
// a directory or `since` does not resolve.
std::optional<LintReport> lintPaths(const QStringList &paths, const QString &since, QString *error);

// The version-not-bumped rule for `tools` against `git` (appended to each tool's diagnostics).
void checkVersionsSince(QList<ToolRecord> &tools, const GitRevision &git, const QString &since);

} // namespace tw::engine
