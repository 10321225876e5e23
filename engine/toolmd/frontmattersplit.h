#pragma once
// Where a TOOL.md's frontmatter and body lie, found exactly as the platform finds them: pi
// 0.73.1's parseFrontmatter (DESIGN.md "TOOL.md parsing") normalises CRLF and lone CR to LF,
// needs the text to start with `---`, takes the YAML from the 5th character up to the first
// `\n---` whatever follows those dashes on either line, and trims the body. Files the platform
// loads only by a quirk of that rule get a warning naming the quirk and its line.

#include "toolmd/diagnostic.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <string>

namespace tw::engine {

struct FrontmatterSplit
{
    qsizetype yamlBegin = 0; // the platform's 5th character
    qsizetype yamlEnd = 0;   // the start of the closing line (the YAML keeps its last line break)
    qsizetype bodyBegin = 0; // after the closing line; after its dashes when text follows them there
    int yamlFirstLine = 2;   // the file line the YAML's first line is on (1 when YAML follows `---x`)
    int closingLine = 0;
    int bodyLine = 0;        // the line of the body's first byte
    bool crlf = false;       // the opening line ends with CRLF
};

// The split, or nullopt with the skip reason (`frontmatter-missing`, `frontmatter-unterminated`)
// in `diagnostics`; quirk warnings (`fence-irregular`, `frontmatter-cut-short`,
// `line-endings-cr`) are appended there too.
std::optional<FrontmatterSplit> splitFrontmatter(const QByteArray &bytes, const QString &file, Diagnostics &diagnostics);

// bytes[begin, end) with every CRLF and lone CR made LF, as the platform's parser sees the text.
std::string normalizedLines(const QByteArray &bytes, qsizetype begin, qsizetype end);

} // namespace tw::engine
