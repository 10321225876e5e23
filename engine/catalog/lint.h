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

#include <functional>
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

// How many tools a lint found, and its diagnostics by severity.
struct LintCounts {
    qsizetype tools = 0;
    int errors = 0;
    int warnings = 0;
    int infos = 0;
    int failingSkips = 0;

    void count(const ToolRecord &tool);
    bool passed() const { return errors == 0 && failingSkips == 0; }
};

struct LintReport {
    QList<ToolRecord> tools;
    QList<LintSkip> skipped;
    int errors = 0;
    int warnings = 0;
    int infos = 0;
    int failingSkips = 0;

    bool passed() const { return errors == 0 && failingSkips == 0; }
    LintCounts counts() const { return {tools.size(), errors, warnings, infos, failingSkips}; }
};

// Lints each path in order. `since` (empty: none) is a git revision: a tool changed since then
// must have a version above the one it had there. Nullopt, with `error` set, when a path is not
// a directory or `since` does not resolve.
std::optional<LintReport> lintPaths(const QStringList &paths, const QString &since, QString *error);

// The same lint handing each tool to `onTool` as soon as its location is read — its diagnostics
// complete, `onTool` may add its own before they are counted — and each skipped directory to
// `onSkip`, holding none of them: `toolwright lint` of a whole platform prints as it goes, its
// memory flat in the tool count. Every path and `since` are checked before anything is read, so
// a bad one is reported (nullopt, `error`) before any tool.
std::optional<LintCounts> lintPathsEach(const QStringList &paths, const QString &since, QString *error,
                                        const std::function<void(ToolRecord &)> &onTool,
                                        const std::function<void(const LintSkip &)> &onSkip);

// The version-not-bumped rule for `tools` against `git` (appended to each tool's diagnostics).
void checkVersionsSince(QList<ToolRecord> &tools, const GitRevision &git, const QString &since);

} // namespace tw::engine
