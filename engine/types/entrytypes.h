#pragma once
// The files TypeScript is given beside a tool's entry (issue 26): a declaration file made from
// its TOOL.md (the `Params` the agent passes, TOOLS.md's `ToolResult` and `OnUpdate`) and a
// module of checks that holds `execute` to the signature TOOLS.md "index.ts Format" requires.
// Params is made from the parameter schema the agent is given (engine/agent/agentregistration),
// so what the checker holds the code to is what the agent sends: required inputs required,
// optional ones `?:`, enums as unions of their string literals, every other type as declared
// (unknown types are strings, as the schema builder makes them).
// Pure functions of their inputs; TsServer and ToolTypeProject do the talking.

#include "toolmd/diagnostic.h"
#include "toolmd/toolmanifest.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QString>

namespace tw::engine {

// The declarations' virtual file, in the tool's virtual directory beside the entry.
inline constexpr QLatin1StringView kTypesDeclarationFile{"toolwright-env.d.ts"};

struct ToolDeclarations
{
    QByteArray text;
    QHash<int, QString> inputAtLine; // 1-based line of the d.ts → the input declared there
};

// The global declarations for one tool: ToolMdParams and its alias Params (each input with its TOOL.md description as a
// doc comment), ToolResult, OnUpdate.
ToolDeclarations toolDeclarations(const ToolManifest &manifest);

// The TypeScript type of one input as Params declares it (`number`, `'a' | 'b'`); empty when
// TOOL.md does not declare it.
QString inputTypeText(const ToolManifest &manifest, const QString &name);

// The TypeScript type of Params alone (`{ query: string; max_results?: number }`), as shown.
QString paramsTypeText(const ToolManifest &manifest);

// The checks appended to the entry's text (after a line break), in its module: TypeScript's
// module resolution sees files on disk only, so a module of their own could not import the
// text being edited. The entry's lines keep their numbers. The appended lines are fixed (see
// typeCheckCode(), which counts from the first of them).
QByteArray entryChecks();
struct TextPosition
{
    int line = 1;   // 1-based
    int offset = 1; // 1-based, in UTF-16 code units (tsserver's unit)
};

// The diagnostic code a TypeScript error at `line` of the checks stands for
// (params-type-mismatch, result-type-mismatch, execute-signature-mismatch), or empty for the
// lines that only set the checks up (their errors repeat what plain lint says).
QString typeCheckCode(int line);

// tsserver's diagnostics (a *DiagnosticsSync reply's body) as ours: syntactic ones
// `syntax-error`, semantic ones `type-error`, in `file`, with TypeScript's message on one line
// and its code ("TS2322") at the end. Semantic ones past `lastLine` (the entry's last) are the
// checks' and left out; a syntax error there (an unclosed brace found at the end) is put on it.
Diagnostics typeScriptDiagnostics(const QJsonArray &body, const QString &code, const QString &file, int lastLine);

// The checks' findings (those from line `checksLine` on) moved to `execute` in the entry
// (`entryPath`, `executeLine`, 0 when unknown) with the code of the line each is on.
Diagnostics executeCheckDiagnostics(const QJsonArray &body, int checksLine, const QString &entryPath, int executeLine);

// TypeScript's multi-line message chain as one line.
QString flattenTypeScriptMessage(const QString &text);

} // namespace tw::engine
