#pragma once
// One finding about a tools tree: a stable code (DESIGN.md table), a severity, and where.

#include <QList>
#include <QString>

namespace tw::engine {

enum class Severity {
    Info,
    Warning,
    Error,
    Skip, // the directory is not registered as a tool at all
};

QString severityName(Severity severity);

struct Diagnostic
{
    QString code;
    Severity severity = Severity::Info;
    QString message;
    QString file;  // absolute path, empty when the finding is about a directory as a whole
    int line = 0;  // 1-based; 0 when there is no line

    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

using Diagnostics = QList<Diagnostic>;

// The worst severity in the list, or Info for an empty list (see hasProblems()).
Severity worstSeverity(const Diagnostics &diagnostics);
// True when any diagnostic is a warning, an error or a skip.
bool hasProblems(const Diagnostics &diagnostics);
// "file:line: severity: message [code]", the compiler-style line the CLI prints.
QString formatDiagnostic(const Diagnostic &diagnostic);

} // namespace tw::engine
