#include "toolmd/frontmattersplit.h"

#include <QRegularExpression>
#include <QStringList>

namespace tw::engine {
namespace {

// A line break as the platform counts one (it normalises CRLF and lone CR to LF): its length in
// bytes at `i`, 0 when there is none.
qsizetype breakAt(const QByteArray &b, qsizetype i)
{
    if (i >= b.size())
        return 0;
    if (b[i] == '\n')
        return 1;
    if (b[i] == '\r')
        return i + 1 < b.size() && b[i + 1] == '\n' ? 2 : 1;
    return 0;
}

// Where the line holding `from` ends: its line break, or the end of the text.
qsizetype lineEnd(const QByteArray &b, qsizetype from)
{
    while (from < b.size() && b[from] != '\n' && b[from] != '\r')
        ++from;
    return from;
}

// The 1-based line of byte `pos`, every LF, CRLF and lone CR ending one line.
int lineOf(const QByteArray &b, qsizetype pos)
{
    int line = 1;
    for (qsizetype i = 0; i < pos;) {
        const qsizetype n = breakAt(b, i);
        if (n == 0) {
            ++i;
            continue;
        }
        ++line;
        i += n;
    }
    return line;
}

bool blank(const QByteArray &b, qsizetype from, qsizetype to)
{
    for (qsizetype i = from; i < to; ++i)
        if (b[i] != ' ' && b[i] != '\t')
            return false;
    return true;
}

// Bytes of the UTF-8 character at `i`: its lead byte and the continuation bytes after it.
qsizetype utf8Length(const QByteArray &b, qsizetype i)
{
    qsizetype n = 1;
    while (n < 4 && i + n < b.size() && (uchar(b[i + n]) & 0xC0) == 0x80)
        ++n;
    return n;
}

QString lineText(const QByteArray &b, qsizetype from)
{
    return QString::fromUtf8(b.mid(from, lineEnd(b, from) - from));
}

// Why a text that does not start with `---` has no frontmatter, in the author's words.
QString whyNoFrontmatter(const QByteArray &bytes)
{
    if (bytes.startsWith("\xEF\xBB\xBF---")) {
        return QStringLiteral("TOOL.md starts with a byte order mark (BOM) before `---`, so the platform finds no "
                              "frontmatter and skips the tool; save the file as UTF-8 without a BOM");
    }
    qsizetype i = 0;
    while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r'))
        ++i;
    if (i > 0 && bytes.mid(i).startsWith("---")) {
        const bool emptyLine = bytes.left(i).contains('\n') || bytes.left(i).contains('\r');
        return emptyLine ? QStringLiteral("TOOL.md starts with an empty line before `---`, so the platform finds no "
                                          "frontmatter and skips the tool; `---` must be the file's first line")
                         : QStringLiteral("TOOL.md starts with a space before `---`, so the platform finds no "
                                          "frontmatter and skips the tool; `---` must be the file's first characters");
    }
    return QStringLiteral("TOOL.md must start with a `---` line opening the YAML frontmatter");
}

} // namespace

std::optional<FrontmatterSplit> splitFrontmatter(const QByteArray &bytes, const QString &file, Diagnostics &diagnostics)
{
    auto add = [&](const char *code, Severity severity, const QString &message, int line) {
        diagnostics.append({QString::fromLatin1(code), severity, message, file, line});
    };
    // pi 0.73.1: `if (!normalized.startsWith("---"))` there is no frontmatter; nothing is stripped first.
    if (!bytes.startsWith("---")) {
        add("frontmatter-missing", Severity::Skip, whyNoFrontmatter(bytes), 1);
        return std::nullopt;
    }
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        if (bytes[i] == '\r' && breakAt(bytes, i) == 1) {
            const int line = lineOf(bytes, i);
            add("line-endings-cr", Severity::Warning,
                QStringLiteral("line %1 ends with a lone carriage return (CR); the platform takes it for a line break, "
                               "editors and other readers may not: use LF or CRLF line endings")
                    .arg(line),
                line);
            break;
        }
    }

    FrontmatterSplit split;
    const qsizetype openEnd = lineEnd(bytes, 3);
    split.crlf = breakAt(bytes, openEnd) == 2;
    // `normalized.slice(4, …)`: the YAML starts at the fifth character, which follows the opening
    // line's break only when that line is `---` alone.
    const qsizetype fourth = breakAt(bytes, 3) ? breakAt(bytes, 3) : bytes.size() > 3 ? utf8Length(bytes, 3) : 0;
    split.yamlBegin = 3 + fourth;
    split.yamlFirstLine = lineOf(bytes, split.yamlBegin);
    if (openEnd != 3) {
        add("fence-irregular", Severity::Warning,
            QStringLiteral("the first line `%1` opens the frontmatter only because the platform reads its first three "
                           "characters as `---` and the YAML from the fifth on; write `---` alone on the first line")
                .arg(lineText(bytes, 0)),
            1);
    }

    // `normalized.indexOf("\n---", 3)`: the first line that starts with `---`, whatever follows.
    qsizetype closing = -1;
    for (qsizetype i = 3; i < bytes.size();) {
        const qsizetype n = breakAt(bytes, i);
        if (n == 0) {
            ++i;
            continue;
        }
        if (bytes.mid(i + n, 3) == "---") {
            closing = i + n;
            break;
        }
        i += n;
    }
    if (closing < 0) {
        add("frontmatter-unterminated", Severity::Skip,
            QStringLiteral("the frontmatter opened on line 1 is never closed by a line starting with `---`"), 1);
        return std::nullopt;
    }
    split.yamlEnd = closing;
    split.closingLine = lineOf(bytes, closing);
    const qsizetype closeEnd = lineEnd(bytes, closing);
    // `normalized.slice(endIndex + 4).trim()`: what follows the dashes on their line is body text.
    const bool textAfterDashes = !blank(bytes, closing + 3, closeEnd);
    split.bodyBegin = textAfterDashes ? closing + 3 : closeEnd + breakAt(bytes, closeEnd);
    split.bodyLine = textAfterDashes ? split.closingLine : split.closingLine + 1;
    if (closeEnd == closing + 3)
        return split;

    // An irregular closing line. When YAML keys follow it up to a line that is `---` alone, the
    // author meant that one: the platform's frontmatter was cut short and those keys are lost.
    static const QRegularExpression key(QStringLiteral("^([A-Za-z_][A-Za-z0-9_-]*):(\\s|$)"));
    QStringList lost;
    int intended = 0;
    for (qsizetype pos = closeEnd + breakAt(bytes, closeEnd); pos < bytes.size();) {
        const qsizetype end = lineEnd(bytes, pos);
        const QString text = QString::fromUtf8(bytes.mid(pos, end - pos));
        if (text.startsWith(QLatin1String("---")) && text.mid(3).trimmed().isEmpty()) {
            intended = lineOf(bytes, pos);
            break;
        }
        if (const QRegularExpressionMatch m = key.match(text); m.hasMatch())
            lost << m.captured(1);
        if (end >= bytes.size())
            break;
        pos = end + breakAt(bytes, end);
    }
    if (intended > 0 && !lost.isEmpty()) {
        // One multi-argument arg(): the line's text may hold `%1` itself.
        add("frontmatter-cut-short", Severity::Warning,
            QStringLiteral("line %1 `%2` starts with `---`, so the platform ends the frontmatter there: the keys after "
                           "it (%3), up to the `---` on line %4, are not read and become body text; indent the line "
                           "or reword it")
                .arg(QString::number(split.closingLine), lineText(bytes, closing), lost.join(QStringLiteral(", ")),
                     QString::number(intended)),
            split.closingLine);
    } else {
        add("fence-irregular", Severity::Warning,
            QStringLiteral("line %1 `%2` closes the frontmatter only because the platform reads its first three "
                           "characters as `---`; the rest of the line starts the body: write `---` alone")
                .arg(QString::number(split.closingLine), lineText(bytes, closing)),
            split.closingLine);
    }
    return split;
}

std::string normalizedLines(const QByteArray &bytes, qsizetype begin, qsizetype end)
{
    std::string out;
    out.reserve(size_t(end - begin));
    for (qsizetype i = begin; i < end; ++i) {
        if (bytes[i] != '\r') {
            out += bytes[i];
            continue;
        }
        out += '\n';
        if (i + 1 < end && bytes[i + 1] == '\n')
            ++i;
    }
    return out;
}

} // namespace tw::engine
