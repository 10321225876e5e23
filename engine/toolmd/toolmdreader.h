#pragma once
// Reads a TOOL.md: frontmatter/body split, YAML parse into a ToolManifest, every rule of
// DESIGN.md "TOOL.md parsing" as Diagnostics with file and line.

#include "toolmd/diagnostic.h"
#include "toolmd/textrules.h"
#include "toolmd/toolmanifest.h"
#include "toolmd/yamlnode.h"

#include <QByteArray>
#include <QString>

#include <memory>
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
    QByteArray body;                      // the Markdown after the closing `---` line, byte for byte
                                          // (after its dashes when text follows them: frontmattersplit.h)
    int bodyLine = 0;                     // line of the first body byte
    int frontmatterEndLine = 0;           // line of the closing `---`
    bool crlf = false;                    // the file uses CRLF line endings
    // Where the YAML between the fences lies in the bytes (0, 0 when there are no fences).
    qsizetype yamlBegin = 0, yamlEnd = 0;
    // The frontmatter's YAML tree, when it read as YAML at all (lines 0-based from yamlBegin):
    // the editor finds its keys in it instead of reading the text a second time.
    std::shared_ptr<const YamlNode> yaml;
};

// Parses the bytes of a TOOL.md. `filePath` only labels the diagnostics.
ToolMdParse parseToolMd(const QByteArray &bytes, const QString &filePath);
// How many times parseToolMd ran in this process: tests count what one edit costs.
quint64 parseToolMdCount();

} // namespace tw::engine
