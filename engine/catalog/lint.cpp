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
                                  t.toolMdPath, t.manifest.versionLine ? t.manifest.versionLine : 1});
        }
    }
}

std::optional<LintReport> lintPaths(const QStringList &paths, const QString &since, QString *error)
{
    LintReport report;
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        if (!fi.isDir()) {
            *error = QStringLiteral("%1 is not a directory").arg(p);
            return std::nullopt;
        }
        const QString abs = QDir::cleanPath(fi.absoluteFilePath());
        std::optional<GitRevision> git;
        if (!since.isEmpty()) {
            git = GitRevision::open(abs, since, error);
            if (!git)
                return std::nullopt;
        }
        QList<ToolRecord> tools;
        auto addLocation = [&](const LocationScan &loc) {
            tools.append(loc.tools);
            for (const SkippedDir &s : loc.skipped) {
                const bool notATool = s.diagnostics.size() == 2 && s.reason == u"missing-tool-md";
                report.skipped.append({s, !notATool});
            }
        };
        switch (classifyLintPath(abs)) {
        case LintPathKind::ToolDir: {
            const QString root = QFileInfo(QFileInfo(abs).absolutePath()).canonicalFilePath();
            ToolDirScan one = scanToolDir(abs, root, Scope::Global, QString());
            if (one.tool)
                tools.append(*one.tool);
            if (one.skipped)
                report.skipped.append({*one.skipped, true}); // named on its own: it was meant to be a tool
            break;
        }
        case LintPathKind::ToolsDir:
            addLocation(scanLocation(abs, Scope::Global, QString()));
            break;
        case LintPathKind::DataPath: {
            const Catalog c = scanDataPath(abs);
            addLocation(c.global);
            for (const LocationScan &loc : c.users)
                addLocation(loc);
            break;
        }
        }
        if (git)
            checkVersionsSince(tools, *git, since);
        report.tools.append(tools);
    }
    for (const ToolRecord &t : std::as_const(report.tools)) {
        for (const Diagnostic &d : t.diagnostics) {
            report.errors += d.severity == Severity::Error;
            report.warnings += d.severity == Severity::Warning;
            report.infos += d.severity == Severity::Info;
        }
    }
    for (const LintSkip &s : std::as_const(report.skipped))
        report.failingSkips += s.fails;
    return report;
}

} // namespace tw::engine
