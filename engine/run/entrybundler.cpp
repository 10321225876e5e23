#include "run/entrybundler.h"

#include "run/runtime.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>

namespace tw::engine {

namespace {

// esbuild in a bubblewrap sandbox that holds esbuild, the libraries it links, the tool's own
// directory (read-only, at its host path, so messages name the real files) and the output
// directory: an import of any other host file cannot be resolved, let alone inlined into the
// bundle the tool later reads.
QStringList sandboxedEsbuild(const QString &esbuild, const QString &toolDir, const QString &outputDir)
{
    QStringList a = bubblewrapIsolation();
    for (const char *dir : {"/lib", "/lib64", "/usr/lib", "/usr/lib64"})
        a << QStringLiteral("--ro-bind-try") << QLatin1StringView(dir) << QLatin1StringView(dir);
    a << QStringLiteral("--ro-bind") << esbuild << esbuild << QStringLiteral("--dev") << QStringLiteral("/dev")
      << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--ro-bind") << toolDir << toolDir
      << QStringLiteral("--bind") << outputDir << outputDir << QStringLiteral("--chdir") << toolDir << esbuild;
    return a;
}

} // namespace

BundleResult bundleEntry(const QString &entryPath, const QString &outputDir, const QString &sandboxEntryPath)
{
    BundleResult r;
    const QString esbuild = QStandardPaths::findExecutable(QStringLiteral("esbuild"));
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (esbuild.isEmpty() || bwrap.isEmpty()) {
        r.diagnostic = {QStringLiteral("esbuild-missing"), Severity::Error,
                        QStringLiteral("bundling a tool needs esbuild and bubblewrap (Debian packages esbuild, bubblewrap)"),
                        entryPath, 0};
        return r;
    }
    const QFileInfo entry(entryPath);
    const QString toolDir = entry.absoluteDir().canonicalPath();
    const QString realEntry = toolDir + u'/' + entry.fileName();
    const QString out = QDir(outputDir).filePath(kRunDirEntry);
    const QString metaUrl = QUrl::fromLocalFile(sandboxEntryPath).toString(QUrl::FullyEncoded);
    QProcess p;
    p.setChildProcessModifier(closeInheritedDescriptorsOnExec);
    p.start(bwrap, sandboxedEsbuild(QFileInfo(esbuild).canonicalFilePath(), toolDir, QDir(outputDir).canonicalPath())
                       + QStringList{realEntry, QStringLiteral("--bundle"), QStringLiteral("--format=esm"),
                                     QStringLiteral("--platform=node"), QStringLiteral("--target=node18"),
                                     QStringLiteral("--packages=external"),
                                     QStringLiteral("--define:import.meta.url=\"%1\"").arg(metaUrl),
                                     QStringLiteral("--outfile=") + out, QStringLiteral("--log-level=error"),
                                     QStringLiteral("--color=false")});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        }
        const QString log = QString::fromUtf8(p.readAllStandardError());
        static const QRegularExpression message(QStringLiteral("\\[ERROR\\]\\s*(.*)"));
        static const QRegularExpression where(QStringLiteral("^\\s+(\\S+):(\\d+):(\\d+):"), QRegularExpression::MultilineOption);
        static const QRegularExpression unresolved(QStringLiteral("Could not resolve \"([^\"]*)\""));
        const QRegularExpressionMatch m = message.match(log);
        const QRegularExpressionMatch w = where.match(log);
        QString file = w.hasMatch() ? QDir(toolDir).absoluteFilePath(w.captured(1)) : entryPath;
        if (file == realEntry)
            file = entryPath; // the path the catalog knows
        const int line = w.hasMatch() ? w.captured(2).toInt() : 0;
        // An import that leaves the tool's directory: its own code, with the import named.
        if (const QRegularExpressionMatch u = unresolved.match(log); u.hasMatch()) {
            const QString spec = u.captured(1);
            const QString from = w.hasMatch() ? QDir(toolDir).absoluteFilePath(w.captured(1)) : realEntry;
            const QString resolved = spec.startsWith(u'/') ? spec : QDir::cleanPath(QFileInfo(from).absolutePath() + u'/' + spec);
            if (spec.startsWith(QStringLiteral("file:")) || !(resolved == toolDir || resolved.startsWith(toolDir + u'/'))) {
                r.diagnostic = {QStringLiteral("import-outside-tool"), Severity::Error,
                                QStringLiteral("imports '%1', outside the tool's directory: a tool bundles only its own "
                                               "files (node: built-ins and packages stay imports)").arg(spec),
                                file, line};
                return r;
            }
        }
        r.diagnostic = {QStringLiteral("transpile-error"), Severity::Error,
                        QStringLiteral("esbuild: %1").arg(m.hasMatch() ? m.captured(1).trimmed() : log.trimmed()),
                        w.hasMatch() ? file : entryPath, line};
        return r;
    }
    r.outputPath = out;
    return r;
}

} // namespace tw::engine
