#include "toolroles.h"

#include "tones.h"

#include <QColor>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QIcon>
#include <QVariant>
#include <QStringList>

namespace tw::model {

QString problemSummary(const engine::Diagnostics &diagnostics)
{
    int errors = 0, warnings = 0;
    for (const engine::Diagnostic &d : diagnostics) {
        errors += d.severity == engine::Severity::Error;
        warnings += d.severity == engine::Severity::Warning;
    }
    QStringList parts;
    if (errors)
        parts.append(QCoreApplication::translate("tw::model", "%n errors", nullptr, errors));
    if (warnings)
        parts.append(QCoreApplication::translate("tw::model", "%n warnings", nullptr, warnings));
    return parts.join(QStringLiteral(", "));
}

QString toolDisplayName(const engine::ToolManifest &m)
{
    return m.label == m.name ? m.name : m.label + QStringLiteral(" (") + m.name + u')';
}

QString toolToolTip(const engine::ToolRecord &t)
{
    // The whole name as the tree shows it (which may elide it), then the version and where it is.
    return QStringLiteral("<b>%1</b> v%2<br>%3<br><i>%4</i>")
        .arg(toolDisplayName(t.manifest).toHtmlEscaped())
        .arg(t.manifest.version)
        .arg(t.manifest.description.toHtmlEscaped(), t.dir.toHtmlEscaped());
}

QVariant toolColumnHeader(int section, Qt::Orientation orientation, int role)
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case 0: return QCoreApplication::translate("tw::model", "Tool");
    case 1: return QCoreApplication::translate("tw::model", "Version");
    case 2: return QCoreApplication::translate("tw::model", "Status");
    default: return {};
    }
}

QVariant severityForeground(int worstSeverity)
{
    if (worstSeverity >= int(engine::Severity::Error))
        return toneColor(Tone::Error);
    if (worstSeverity == int(engine::Severity::Warning))
        return toneColor(Tone::Warning);
    return {};
}

namespace {

enum class RowIcon { GlobalTool, UserTool, OverridingTool, Skipped };

QVariant rowIcon(RowIcon which)
{
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return {};
    // Looked up once: data() asks for them for every visible row.
    static const QIcon icons[] = {QIcon::fromTheme(QStringLiteral("toolwright-tool-global")),
                                  QIcon::fromTheme(QStringLiteral("toolwright-tool-user")),
                                  QIcon::fromTheme(QStringLiteral("toolwright-tool-override")),
                                  QIcon::fromTheme(QStringLiteral("toolwright-tool-skipped"))};
    return icons[int(which)];
}

} // namespace

QVariant toolIcon(engine::Scope scope, bool overridesGlobal)
{
    if (scope == engine::Scope::Global)
        return rowIcon(RowIcon::GlobalTool);
    return rowIcon(overridesGlobal ? RowIcon::OverridingTool : RowIcon::UserTool);
}

QVariant skippedIcon() { return rowIcon(RowIcon::Skipped); }

QString toolSearchText(const engine::ToolManifest &manifest)
{
    return QString(manifest.name + u'\n' + manifest.label + u'\n' + manifest.description).toCaseFolded();
}

} // namespace tw::model
