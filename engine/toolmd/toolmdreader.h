#pragma once
// Reads a TOOL.md: frontmatter/body split, YAML parse into a ToolManifest, every rule of
// DESIGN.md "TOOL.md parsing" as Diagnostics with file and line.

#include "toolmd/diagnostic.h"
#include "toolmd/toolmanifest.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace tw::engine {

// TOOL.md files larger than this are skipped with `file-too-large` (documented in docs/).
inline constexpr qint64 kMaxToolMdBytes = 1024 * 1024;
// TOOLS.md gives no limit; a longer description floods the agent's system prompt.
inline constexpr int kMaxDescriptionChars = 1024;

struct ToolMdParse
{
    std::optional<ToolManifest> manifest; // empty when the file cannot register a tool
    Diagnostics diagnostics;              // includes the skip reason when manifest is empty
    QByteArray body;                      // the Markdown after the closing `---`, byte for byte
    int bodyLine = 0;                     // line of the first body byte
    int frontmatterEndLine = 0;           // line of the closing `---`
    bool crlf = false;                    // the file uses CRLF line endings
};

// Parses the bytes of a TOOL.md. `filePath` only labels the diagnostics.
ToolMdParse parseToolMd(const QByteArray &bytes, const QString &filePath);

// Offset of the first byte that is not valid UTF-8 (NUL counts as invalid), or -1.
qsizetype firstInvalidUtf8(const QByteArray &bytes);

// What a plain (unquoted) scalar means under the YAML 1.2 core schema the platform's loader
// uses: null, a boolean, a number, or else the string itself.
QJsonValue resolvePlainScalar(const QString &text);

// TOOLS.md: "Use snake_case" for names.
bool isSnakeCase(const QString &name);

} // namespace tw::engine
