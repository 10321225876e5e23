#include "authoring/frontmatterindex.h"

#include "toolmd/utf8text.h"

#include <algorithm>

namespace tw::engine {

bool isBlankOrComment(const QString &line)
{
    const QString t = line.trimmed();
    return t.isEmpty() || t.startsWith(u'#');
}

int indentOf(const QString &line)
{
    int i = 0;
    while (i < line.size() && line[i] == u' ')
        ++i;
    return i;
}

namespace {

// The line where a quoted scalar starting at (`line`, `col`) closes, or -1 when no quoted scalar
// starts there. Its continuation lines are text, however much they look like comments.
int quotedScalarEndLine(const QStringList &lines, int line, int col)
{
    if (line < 0 || line >= lines.size() || col < 0 || col >= lines[line].size())
        return -1;
    const QChar quote = lines[line][col];
    if (quote != u'"' && quote != u'\'')
        return -1;
    qsizetype i = col + 1;
    for (int l = line; l < lines.size(); ++l, i = 0) {
        const QString &text = lines[l];
        for (; i < text.size(); ++i) {
            if (quote == u'"' && text[i] == u'\\') {
                ++i; // an escaped character, the quote included
            } else if (text[i] == quote) {
                if (quote == u'\'' && i + 1 < text.size() && text[i + 1] == u'\'')
                    ++i; // '' is a quote inside single quotes
                else
                    return l;
            }
        }
    }
    return int(lines.size()) - 1;
}

// The character column of a byte column (the marks count bytes).
int charColumn(const QStringList &lines, int line, int byteColumn)
{
    if (line < 0 || line >= lines.size() || byteColumn <= 0)
        return byteColumn;
    const QString &text = lines[line];
    for (qsizetype i = 0; i < text.size(); ++i)
        if (text[i].unicode() >= 0x80)
            return int(QString::fromUtf8(text.toUtf8().left(byteColumn)).size()); // only when needed
    return byteColumn;
}

// Index of the block map `node` whose entries lie in lines [.., endLine).
QList<FrontmatterEntry> indexMap(const YamlNode &node, const QStringList &lines, int endLine)
{
    QList<FrontmatterEntry> entries;
    for (size_t k = 0; k < node.mapSize(); ++k) {
        const YamlNode &key = node.key(k), &value = node.value(k);
        FrontmatterEntry e;
        e.key = utf8Text(key.scalar);
        e.line = key.line;
        // The marks count columns in bytes; the lines are QStrings.
        e.indent = charColumn(lines, e.line, key.column);
        e.valueLine = value.line;
        e.valueCol = charColumn(lines, e.valueLine, value.column);
        e.isMap = value.isMap();
        e.isSeq = value.isSequence();
        e.isNull = value.isNull();
        e.node = k;
        entries.append(e);
    }
    for (qsizetype i = 0; i < entries.size(); ++i) {
        FrontmatterEntry &e = entries[i];
        // Marks past the text (a null's mark at the closing fence) are held to its last line.
        const int lastLine = int(lines.size()) - 1;
        e.line = std::clamp(e.line, 0, std::max(lastLine, 0));
        e.valueLine = std::clamp(e.valueLine, 0, std::max(lastLine, 0));
        int last = std::min((i + 1 < entries.size() ? entries[i + 1].line : endLine) - 1, lastLine);
        if (lines.isEmpty())
            continue;
        // Blank lines and comments not indented under the key belong to what follows.
        // (Not inside a quoted scalar running over several lines: that is all value.)
        const int quotedEnd = quotedScalarEndLine(lines, e.valueLine, e.valueCol);
        while (last > std::max(e.line, quotedEnd) && (lines[last].trimmed().isEmpty()
                                 || (isBlankOrComment(lines[last]) && indentOf(lines[last]) <= e.indent)))
            --last;
        if (e.valueLine == e.line && e.valueCol < lines[e.line].size()) {
            const QChar c = lines[e.line][e.valueCol];
            e.flow = (e.isMap || e.isSeq) && (c == u'{' || c == u'[');
        }
        e.lastLine = last;
        e.valueEnd = last;
        // A block scalar ends at the first line of text not indented under its key, whatever
        // yaml-cpp made of that line (found by fuzz_frontmatter: a stray `?` line after an empty
        // block was taken for part of it, and rewriting the value dropped it). Such lines stay
        // where they are; what is inserted after the key still goes after them.
        // The same holds for a plain scalar or a null (found by fuzz_frontmatter: a `?` line after
        // `version: 4` was taken for part of it); only a quoted scalar may go on at the key's column.
        const QChar first = e.valueLine == e.line && e.valueCol < lines[e.line].size() ? lines[e.line][e.valueCol] : QChar();
        // A value that begins with an anchor or a tag may have its content on the next lines
        // (fuzz_frontmatter: `version: &2` over a line at column 0): left as the reader took it.
        if (!e.isMap && !e.isSeq && first != u'"' && first != u'\'' && first != u'&' && first != u'!') {
            for (int l = e.line + 1; l <= last; ++l) {
                if (!lines[l].trimmed().isEmpty() && indentOf(lines[l]) <= e.indent) {
                    e.valueEnd = l - 1;
                    break;
                }
            }
            while (e.valueEnd > e.line && lines[e.valueEnd].trimmed().isEmpty())
                --e.valueEnd;
            // A key inserted after a plain scalar goes right after it: after a stray `:` line
            // (an empty key) the reader would not take it as a key of its own.
            if (first != u'|' && first != u'>')
                e.lastLine = e.valueEnd;
        }
    }
    QList<FrontmatterEntry> withChildren;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        FrontmatterEntry e = entries[i];
        if (e.isMap && !e.flow) {
            e.children = indexMap(node.value(e.node), lines, e.lastLine + 1);
        }
        withChildren.append(e);
    }
    return withChildren;
}

} // namespace

QList<FrontmatterEntry> indexFrontmatter(const YamlNode &root, const QStringList &lines)
{
    return root.isMap() ? indexMap(root, lines, int(lines.size())) : QList<FrontmatterEntry>();
}

const FrontmatterEntry *findEntry(const QList<FrontmatterEntry> &entries, const QString &key)
{
    for (const FrontmatterEntry &e : entries)
        if (e.key == key)
            return &e;
    return nullptr;
}

// End (exclusive) of the scalar token starting at `col` of `line`, so a trailing comment stays.
int scalarEnd(const QString &line, int col)
{
    if (col >= line.size())
        return col;
    const QChar first = line[col];
    if (first == u'"') {
        for (int i = col + 1; i < line.size(); ++i) {
            if (line[i] == u'\\')
                ++i;
            else if (line[i] == u'"')
                return i + 1;
        }
        return -1; // continues on the next line
    }
    if (first == u'\'') {
        for (int i = col + 1; i < line.size(); ++i) {
            if (line[i] == u'\'') {
                if (i + 1 < line.size() && line[i + 1] == u'\'')
                    ++i;
                else
                    return i + 1;
            }
        }
        return -1;
    }
    if (first == u'[' || first == u'{') {
        int depth = 0;
        QChar quote;
        for (int i = col; i < line.size(); ++i) {
            const QChar c = line[i];
            if (!quote.isNull()) {
                if (c == quote)
                    quote = QChar();
                continue;
            }
            if (c == u'"' || c == u'\'')
                quote = c;
            else if (c == u'[' || c == u'{')
                ++depth;
            else if ((c == u']' || c == u'}') && --depth == 0)
                return i + 1;
        }
        return -1;
    }
    int end = int(line.size());
    for (int i = col; i + 1 < line.size(); ++i) {
        if (line[i] == u' ' && line[i + 1] == u'#') {
            end = i;
            break;
        }
    }
    while (end > col && line[end - 1] == u' ')
        --end;
    return end;
}

} // namespace tw::engine
