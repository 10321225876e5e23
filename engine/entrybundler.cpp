#include "entrybundler.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>

namespace tw::engine {

BundleResult bundleEntry(const QString &entryPath, const QString &outputDir, const QString &sandboxEntryPath)
{
    BundleResult r;
    const QString esbuild = QStandardPaths::findExecutable(QStringLiteral("esbuild"));
    if (esbuild.isEmpty()) {
        r.diagnostic = {QStringLiteral("esbuild-missing"), Severity::Error,
                        QStringLiteral("esbuild is not installed (Debian package esbuild)"), entryPath, 0};
        return r;
    }
    const QString out = QDir(outputDir).filePath(QStringLiteral("entry.mjs"));
    const QString metaUrl = QUrl::fromLocalFile(sandboxEntryPath).toString(QUrl::FullyEncoded);
    QProcess p;
    p.start(esbuild, {entryPath, QStringLiteral("--bundle"), QStringLiteral("--format=esm"), QStringLiteral("--platform=node"),
                      QStringLiteral("--target=node18"), QStringLiteral("--packages=external"),
                      QStringLiteral("--define:import.meta.url=\"%1\"").arg(metaUrl), QStringLiteral("--outfile=") + out,
                      QStringLiteral("--log-level=error"), QStringLiteral("--color=false")});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QString log = QString::fromUtf8(p.readAllStandardError());
        static const QRegularExpression message(QStringLiteral("\\[ERROR\\]\\s*(.*)"));
        static const QRegularExpression where(QStringLiteral("^\\s+(\\S+):(\\d+):(\\d+):"), QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = message.match(log);
        const QRegularExpressionMatch w = where.match(log);
        r.diagnostic = {QStringLiteral("transpile-error"), Severity::Error,
                        QStringLiteral("esbuild: %1").arg(m.hasMatch() ? m.captured(1).trimmed() : log.trimmed()),
                        entryPath, w.hasMatch() ? w.captured(2).toInt() : 0};
        return r;
    }
    r.outputPath = out;
    return r;
}

} // namespace tw::engine
