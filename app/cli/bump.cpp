// `toolwright bump`: raises a tool's version, touching only its version line.

#include "common.h"

#include "authoring/tooleditsession.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QFileInfo>

namespace tw::app::cli {

using namespace tw::engine;

int cmdBump(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.to}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() != 1)
        return usageError(QStringLiteral("bump needs exactly one tool DIR"));
    const QString dir = QDir::cleanPath(QFileInfo(pos.first()).absoluteFilePath());
    if (!QFileInfo(toolMdPath(dir)).isFile())
        return usageError(QStringLiteral("%1 has no TOOL.md").arg(dir));
    Diagnostic problem;
    std::optional<ToolEditSession> session = ToolEditSession::open(dir, &problem);
    if (!session)
        return usageError(formatDiagnostic(problem));
    const ToolManifest m = session->document().manifest();
    int target = m.version + 1;
    if (o.parser.isSet(o.to)) {
        bool ok = false;
        target = o.parser.value(o.to).toInt(&ok);
        if (!ok)
            return usageError(QStringLiteral("--to needs a whole number, not '%1'").arg(o.parser.value(o.to)));
        if (target <= m.version)
            return usageError(QStringLiteral("--to %1 is not above the current version %2").arg(target).arg(m.version));
    }
    // Touches only the `version:` line (or adds one after `description`).
    session->document().setValue({QStringLiteral("version")}, target);
    const ToolEditSession::SaveResult result = session->save();
    if (result.status != ToolEditSession::SaveStatus::Saved)
        return usageError(formatDiagnostic(result.diagnostic));
    out(QStringLiteral("%1: version %2 → %3\n").arg(m.name).arg(m.versionPresent ? QString::number(m.version) : QStringLiteral("none")).arg(target));
    return 0;
}

} // namespace tw::app::cli
