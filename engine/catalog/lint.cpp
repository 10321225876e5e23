#include "catalog/lint.h"

#include "catalog/gitrevision.h"
#include "catalog/locationscanner.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QFileInfo>

namespace tw::engine {

LintPathKind classifyLintPath(const QString &path)
{
    const QDir dir(path);
    if (dir.exists(kToolMdFile) || dir.exists(kEntryTsFile) || dir.exists(kEntryJsFile))
        return LintPathKind::ToolDir;
    if (QFileInfo(dir.filePath(kToolsDirName)).isDir() || !userDirectories(path).isEmpty())
        return LintPathKind::DataPath;
    return LintPathKind::ToolsDir;
}

void checkVersionsSince(QList<ToolRecord> &tools, const GitRevision &git, const QString &since)
{
    for (ToolRecord &t : tools) {
        if (!git.changedSince(t.dir))
            continue;
        const std::optional<int> before = git.versionAt(t.dir);
        if (before && t.manifest.version <= *before) {
            t.diagnostics.append({QStringLiteral("version-not-bumped"), Severity::Error,
                                  QStringLiteral("changed since %1 but version %2 is not above %3 there; bump it "
                                                 "or sync-tools will not deliver the change")
                                      .arg(since)
                                      .arg(t.manifest.version)
                                      .arg(*before),
                                  t.toolMdPath(), t.manifest.versionLine ? t.manifest.versionLine : 1});
        }
    }
}

void LintCounts::count(const ToolRecord &tool)
{
    ++tools;
    for (const Diagnostic &d : tool.diagnostics) {
        errors += d.severity == Severity::Error;
        warnings += d.severity == Severity::Warning;
        infos += d.severity == Severity::Info;
    }
}

std::optional<LintCounts> lintPathsEach(const QStringList &paths, const QString &since, QString *error,
                                        const std::function<void(ToolRecord &)> &onTool,
                                        const std::function<void(const LintSkip &)> &onSkip)
{
    struct Path
    {
        QString abs;
        std::optional<GitRevision> git;
    };
    std::vector<Path> checked;
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        if (!fi.isDir()) {
            *error = QStringLiteral("%1 is not a directory").arg(p);
            return std::nullopt;
        }
        Path path{QDir::cleanPath(fi.absoluteFilePath()), std::nullopt};
        if (!since.isEmpty()) {
            path.git = GitRevision::open(path.abs, since, error);
            if (!path.git)
                return std::nullopt;
        }
        checked.push_back(std::move(path));
    }

    LintCounts counts;
    const auto skip = [&](const SkippedDir &dir, bool fails) {
        counts.failingSkips += fails;
        onSkip({dir, fails});
    };
    for (const Path &path : checked) {
        const auto tools = [&](QList<ToolRecord> &found) {
            if (path.git)
                checkVersionsSince(found, *path.git, since);
            for (ToolRecord &t : found) {
                onTool(t);
                counts.count(t);
            }
        };
        const auto location = [&](LocationScan &&loc) {
            for (const SkippedDir &s : loc.skipped) {
                // A directory with neither TOOL.md nor an entry file is not an attempt at a tool.
                const bool notATool = s.diagnostics.size() == 2 && s.reason == u"missing-tool-md";
                skip(s, !notATool);
            }
            tools(loc.tools);
        };
        switch (classifyLintPath(path.abs)) {
        case LintPathKind::ToolDir: {
            const QString root = QFileInfo(QFileInfo(path.abs).absolutePath()).canonicalFilePath();
            ToolDirScan one = scanToolDir(path.abs, root, Scope::Global, QString());
            if (one.skipped)
                skip(*one.skipped, true); // named on its own: it was meant to be a tool
            QList<ToolRecord> found;
            if (one.tool)
                found.append(std::move(*one.tool));
            tools(found);
            break;
        }
        case LintPathKind::ToolsDir:
            location(scanLocation(path.abs, Scope::Global, QString()));
            break;
        case LintPathKind::DataPath:
            scanLocations(path.abs, location);
            break;
        }
    }
    return counts;
}

std::optional<LintReport> lintPaths(const QStringList &paths, const QString &since, QString *error)
{
    LintReport report;
    const std::optional<LintCounts> counts = lintPathsEach(
        paths, since, error, [&report](ToolRecord &t) { report.tools.append(t); }, // counted after: a copy
        [&report](const LintSkip &s) { report.skipped.append(s); });
    if (!counts)
        return std::nullopt;
    report.errors = counts->errors;
    report.warnings = counts->warnings;
    report.infos = counts->infos;
    report.failingSkips = counts->failingSkips;
    return report;
}

} // namespace tw::engine
