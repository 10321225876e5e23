#include "toolmd/diagnostic.h"

#include <algorithm>

namespace tw::engine {

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info: return QStringLiteral("info");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Error: return QStringLiteral("error");
    case Severity::Skip: return QStringLiteral("skip");
    }
    return {};
}

Severity worstSeverity(const Diagnostics &diagnostics)
{
    Severity worst = Severity::Info;
    for (const Diagnostic &d : diagnostics)
        worst = std::max(worst, d.severity);
    return worst;
}

bool hasProblems(const Diagnostics &diagnostics)
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(),
                       [](const Diagnostic &d) { return d.severity != Severity::Info; });
}

QString formatDiagnostic(const Diagnostic &d)
{
    QString where = d.file;
    if (d.line > 0)
        where += u':' + QString::number(d.line);
    if (!where.isEmpty())
        where += QStringLiteral(": ");
    return where + severityName(d.severity) + QStringLiteral(": ") + d.message
        + QStringLiteral(" [") + d.code + u']';
}

} // namespace tw::engine
