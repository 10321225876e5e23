#include "authoring/frontmatterdocument.h"

#include "toolmd/toolmdreader.h"
#include "toolmd/utf8text.h"

#include <QJsonArray>
#include <QLoggingCategory>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcEdit, "tw.engine.edit", QtWarningMsg)

namespace tw::engine {
namespace {

// Canonical key orders: where a missing key is inserted.
const QStringList kTopOrder = {QStringLiteral("name"), QStringLiteral("label"), QStringLiteral("description"),
                               QStringLiteral("version"), QStringLiteral("language"), QStringLiteral("inputs")};
const QStringList kInputOrder = {QStringLiteral("type"), QStringLiteral("description"), QStringLiteral("optional"),
                                 QStringLiteral("sensitive"), QStringLiteral("values"), QStringLiteral("default")};

// One key of a block mapping and the lines it occupies.
struct Entry
{
    QString key;
    int line = 0;      // the key's line (index into the YAML lines)
    int indent = 0;    // the key's column
    int lastLine = 0;  // last line of its value (trailing blanks and outdented comments excluded)
    int valueEnd = 0;  // the same, except that a block scalar ends where its indentation does
    int valueLine = 0; // where the value starts (yaml-cpp mark)
    int valueCol = 0;
    bool isMap = false;
    bool isSeq = false;
    bool isNull = false; // `key:` with nothing after it (yaml-cpp gives such a value no real mark)
    bool flow = false; // a map or list written inline: `{...}` / `[...]`
    QList<Entry> children; // for block maps
};

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

// Index of the block map `node` whose entries lie in lines [.., endLine).
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

QList<Entry> indexMap(const YAML::Node &node, const QStringList &lines, int endLine)
{
    QList<Entry> entries;
    for (const auto &kv : node) {
        Entry e;
        e.key = utf8Text(kv.first.Scalar());
        e.line = kv.first.Mark().line;
        e.indent = charColumn(lines, e.line, kv.first.Mark().column);
        e.valueLine = kv.second.Mark().line;
        // yaml-cpp counts columns in bytes; the lines are QStrings.
        e.valueCol = charColumn(lines, e.valueLine, kv.second.Mark().column);
        e.isMap = kv.second.IsMap();
        e.isSeq = kv.second.IsSequence();
        e.isNull = kv.second.IsNull() && !(kv.second.IsScalar());
        entries.append(e);
    }
    for (qsizetype i = 0; i < entries.size(); ++i) {
        Entry &e = entries[i];
        int last = (i + 1 < entries.size() ? entries[i + 1].line : endLine) - 1;
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
        const QChar first = e.valueLine == e.line && e.valueCol < lines[e.line].size() ? lines[e.line][e.valueCol] : QChar();
        if (!e.isMap && !e.isSeq && (first == u'|' || first == u'>')) {
            for (int l = e.line + 1; l <= last; ++l) {
                if (!lines[l].trimmed().isEmpty() && indentOf(lines[l]) <= e.indent) {
                    e.valueEnd = l - 1;
                    break;
                }
            }
            while (e.valueEnd > e.line && lines[e.valueEnd].trimmed().isEmpty())
                --e.valueEnd;
        }
    }
    QList<Entry> withChildren;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        Entry e = entries[i];
        if (e.isMap && !e.flow) {
            const YAML::Node child = node[e.key.toStdString()];
            e.children = indexMap(child, lines, e.lastLine + 1);
        }
        withChildren.append(e);
    }
    return withChildren;
}

const Entry *findEntry(const QList<Entry> &entries, const QString &key)
{
    for (const Entry &e : entries)
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

// Characters only a double-quoted scalar can hold: control characters and the BOM.
bool needsEscapes(const QString &s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) {
        return (c.unicode() < 0x20 && c != u'\n') || c.unicode() == 0x7f || c.unicode() == 0xFEFF;
    });
}

QString doubleQuoted(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        switch (c.unicode()) {
        case '"': out += QStringLiteral("\\\""); break;
        case '\\': out += QStringLiteral("\\\\"); break;
        case '\n': out += QStringLiteral("\\n"); break;
        case '\t': out += QStringLiteral("\\t"); break;
        case '\r': out += QStringLiteral("\\r"); break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
            else if (c.unicode() == 0xFEFF)
                out += QStringLiteral("\\uFEFF"); // written as itself, a later read would refuse the file
            else
                out += c;
        }
    }
    return out + u'"';
}

// A block scalar's header: `|` or `>`, the chomping and indentation indicators in either order,
// then spaces and perhaps a comment.
struct BlockHeader
{
    QChar style;          // '|' literal or '>' folded
    QChar chomp;          // '-' strip, '+' keep, null clip
    int indentation = 0;  // the explicit indentation indicator, 0 when detected
    QString rest;         // what follows the indicators: spaces and a comment, or nothing
};

std::optional<BlockHeader> parseBlockHeader(const QString &text)
{
    if (text.isEmpty() || (text[0] != u'|' && text[0] != u'>'))
        return std::nullopt;
    BlockHeader h;
    h.style = text[0];
    qsizetype i = 1;
    for (int k = 0; k < 2 && i < text.size(); ++k, ++i) {
        const QChar c = text[i];
        if ((c == u'-' || c == u'+') && h.chomp.isNull())
            h.chomp = c;
        else if (c >= u'1' && c <= u'9' && h.indentation == 0)
            h.indentation = c.digitValue();
        else
            break;
    }
    h.rest = text.mid(i);
    const QString t = h.rest.trimmed();
    if (!t.isEmpty() && !t.startsWith(u'#'))
        return std::nullopt;
    if (!h.rest.isEmpty() && !h.rest[0].isSpace())
        return std::nullopt;
    return h;
}

// Where folding may put a line break inside a line of a folded scalar: at a single space between
// two other characters. A break beside a second space or a tab would make the next line "more
// indented", whose line breaks YAML keeps instead of folding.
bool isFoldPoint(const QString &text, qsizetype i)
{
    auto white = [](QChar c) { return c == u' ' || c == u'\t'; };
    return i > 0 && i + 1 < text.size() && text[i] == u' ' && !white(text[i - 1]) && !white(text[i + 1]);
}

// One line of a folded scalar's value as source lines of at most `width` columns where the text
// allows (a longer word stays whole); reading folds them back into `text`.
QStringList foldLine(const QString &text, const QString &pad, int width)
{
    QStringList out;
    QString rest = text;
    while (pad.size() + rest.size() > width) {
        qsizetype cut = -1;
        for (qsizetype i = 1; i < rest.size(); ++i) {
            if (!isFoldPoint(rest, i))
                continue;
            if (pad.size() + i > width && cut >= 0)
                break;
            cut = i;
            if (pad.size() + i > width)
                break; // the first word alone is too long: break after it
        }
        if (cut < 0)
            break;
        out.append(pad + rest.left(cut));
        rest = rest.mid(cut + 1);
    }
    out.append(pad + rest);
    return out;
}

// The content lines of `value` as a block scalar of `style` whose content is indented by `pad`,
// or nullopt when that style cannot hold the value exactly. `chomp` comes in as the original
// indicator and goes out as one that gives the value's trailing line breaks (kept when it does).
std::optional<QStringList> blockScalarLines(const QString &value, QChar style, QChar &chomp, const QString &pad,
                                            int width)
{
    // Tabs are text in a block; other control characters, a BOM and what YAML 1.1 readers take
    // for line breaks are not written raw.
    const bool unwritable = std::any_of(value.begin(), value.end(), [](QChar c) {
        return (c.unicode() < 0x20 && c != u'\n' && c != u'\t') || c.unicode() == 0x7f || c.unicode() == 0x85
            || c.unicode() == 0xFEFF || c.unicode() == 0x2028 || c.unicode() == 0x2029;
    });
    if (unwritable)
        return std::nullopt;
    qsizetype trailing = 0;
    while (trailing < value.size() && value[value.size() - 1 - trailing] == u'\n')
        ++trailing;
    const QString text = value.chopped(trailing);
    if (text.isEmpty())
        return std::nullopt; // nothing but line breaks: a quoted scalar says it plainly
    // YAML chomping: strip drops every final line break, clip keeps one, keep keeps them all.
    const bool fits = chomp == u'-' ? trailing == 0 : chomp == u'+' ? trailing >= 1 : trailing == 1;
    if (!fits)
        chomp = trailing == 0 ? QChar(u'-') : trailing == 1 ? QChar() : QChar(u'+');

    const QStringList lines = text.split(u'\n');
    // A line of nothing but white space is easily lost (editors trim it) and read differently
    // at a block's end: not written in a block.
    if (std::any_of(lines.cbegin(), lines.cend(), [](const QString &l) { return !l.isEmpty() && l.trimmed().isEmpty(); }))
        return std::nullopt;
    QStringList out;
    if (style == u'|') {
        for (const QString &l : lines)
            out.append(l.isEmpty() ? QString() : pad + l);
    } else {
        // Folded: one line break between two lines of text reads as a space, so each line break
        // of the value is written as an empty line; n empty lines between two texts read as n
        // line breaks. Lines starting with white space would be kept as they are, not folded:
        // such a value is not written folded.
        int empties = 0;
        bool seenText = false;
        for (const QString &l : lines) {
            if (l.isEmpty()) {
                ++empties;
                continue;
            }
            if (l[0] == u' ' || l[0] == u'\t')
                return std::nullopt;
            for (int k = 0; k < empties + (seenText ? 1 : 0); ++k)
                out.append(QString());
            empties = 0;
            seenText = true;
            out += foldLine(l, pad, width);
        }
    }
    if (chomp == u'+') {
        for (qsizetype k = 1; k < trailing; ++k)
            out.append(QString());
    }
    return out;
}

// The scalar at `path` as yaml-cpp reads `lines` (as the file holds them, with a final line break).
std::optional<QString> scalarAt(const QStringList &lines, const QStringList &path)
{
    try {
        YAML::Node node = YAML::Load(lines.join(u'\n').toStdString() + '\n');
        for (const QString &k : path) {
            if (!node.IsMap())
                return std::nullopt;
            node.reset(node[k.toStdString()]);
        }
        if (!node.IsScalar())
            return std::nullopt;
        return utf8Text(node.Scalar());
    } catch (const YAML::Exception &) {
        return std::nullopt;
    }
}

// A new value for a block scalar, in the block's own style: folded stays folded (re-folded at the
// width its lines had), literal stays literal, with the same indentation and chomping where
// the value allows. False (nothing changed) when the value cannot be written that way exactly.
bool rewriteBlockScalar(QStringList &doc, const Entry &entry, const QStringList &path, const QString &value)
{
    const QString &keyLine = doc[entry.line];
    const std::optional<BlockHeader> header = parseBlockHeader(keyLine.mid(entry.valueCol));
    if (!header)
        return false;
    // The content's indentation: the indicator's (relative to the key), else the first text line's.
    int indent = header->indentation > 0 ? entry.indent + header->indentation : -1;
    int longest = 0;
    bool folded = false; // two lines of text in a row: the author folded long lines
    bool previousText = false;
    for (int l = entry.line + 1; l <= entry.valueEnd; ++l) {
        const QString &line = doc[l];
        if (line.trimmed().isEmpty()) {
            previousText = false;
            continue;
        }
        const int at = indentOf(line);
        if (indent < 0)
            indent = at;
        longest = std::max(longest, int(QStringView(line).trimmed().size()) + at);
        const bool text = at == indent && !line.mid(at).startsWith(u'\t');
        folded = folded || (previousText && text);
        previousText = text;
    }
    if (indent <= entry.indent)
        indent = entry.indent + 2; // no content to learn from
    constexpr int kDefaultWidth = 80;
    const int width = folded ? longest : std::max(longest, kDefaultWidth);
    const QString pad(indent, u' ');

    // The original style first; a literal block where folding cannot say it (lines starting with
    // white space); else the caller writes the value anew.
    for (const QChar style : {header->style, QChar(u'|')}) {
        QChar chomp = header->chomp;
        std::optional<QStringList> content = blockScalarLines(value, style, chomp, pad, width);
        if (!content)
            continue;
        int indicator = header->indentation;
        const qsizetype firstText = std::distance(
            content->cbegin(), std::find_if(content->cbegin(), content->cend(), [](const QString &l) { return !l.isEmpty(); }));
        if (indicator == 0 && firstText < content->size() && indentOf((*content)[firstText]) > indent) {
            // Text starting with spaces: the indentation must be said, not detected.
            indicator = indent - entry.indent;
            if (indicator > 9)
                continue;
        }
        QString head = keyLine.mid(entry.valueCol);
        if (style != header->style || chomp != header->chomp || indicator != header->indentation) {
            head = QString(style) + (indicator > 0 ? QString::number(indicator) : QString())
                + (chomp.isNull() ? QString() : QString(chomp)) + header->rest;
        }
        // Blank lines after a block belong to it when it keeps its final line breaks.
        int end = entry.valueEnd;
        if (header->chomp == u'+' || chomp == u'+') {
            while (end + 1 < doc.size() && doc[end + 1].trimmed().isEmpty())
                ++end;
        }
        QStringList lines = doc;
        lines.remove(entry.line, end - entry.line + 1);
        const QStringList fresh = QStringList{keyLine.left(entry.valueCol) + head} + *content;
        for (qsizetype k = 0; k < fresh.size(); ++k)
            lines.insert(entry.line + k, fresh[k]);
        // Written only when it reads back exactly.
        if (scalarAt(lines, path) != value) {
            qCDebug(lcEdit) << "block scalar" << path << "in style" << style << "does not read back";
            continue;
        }
        doc = lines;
        return true;
    }
    return false;
}

bool plainIsSafe(const QString &s)
{
    if (needsEscapes(s))
        return false;
    if (s.isEmpty() || s != s.trimmed() || s.contains(u'\n') || s.contains(u'\t') || s.contains(u'\r'))
        return false;
    static const QString special = QStringLiteral("-?:,[]{}#&*!|>'\"%@`");
    if (special.contains(s.front()))
        return false;
    if (s.contains(QStringLiteral(": ")) || s.contains(QStringLiteral(" #")) || s.endsWith(u':'))
        return false;
    return resolvePlainScalar(s) == QJsonValue(s); // `true`, `1.0`, `null` would change type
}

QString numberText(double d)
{
    if (std::isfinite(d) && std::floor(d) == d && std::abs(d) < 1e15)
        return QString::number(qint64(d));
    return QString::number(d, 'g', 17);
}

// `key: value` lines at `indent`; multi-line strings become literal blocks where one says them
// exactly (no line of only white space, the first line of text not indented, at most one final
// line break, so that blank lines after the block stay outside it), else double-quoted.
QStringList emitEntry(const QString &key, const QJsonValue &value, int indent, QChar quote = QChar())
{
    const QString pad(indent, u' ');
    if (value.isString() && value.toString().contains(u'\n') && !value.toString().endsWith(QStringLiteral("\n\n"))) {
        const QString s = value.toString();
        QChar chomp = s.endsWith(u'\n') ? QChar() : QChar(u'-');
        const QString inner = pad + QStringLiteral("  ");
        if (const std::optional<QStringList> lines = blockScalarLines(s, u'|', chomp, inner, 0)) {
            const auto firstText = std::find_if(lines->cbegin(), lines->cend(), [](const QString &l) { return !l.isEmpty(); });
            if (firstText != lines->cend() && !firstText->at(inner.size()).isSpace())
                return QStringList{pad + key + QStringLiteral(": |") + (chomp.isNull() ? QString() : QString(chomp))} + *lines;
        }
    }
    return {pad + key + QStringLiteral(": ") + yamlScalar(value, quote)};
}

QStringList emitInput(const InputSpec &in, int indent)
{
    QStringList out{QString(indent, u' ') + yamlScalar(in.name) + u':'};
    const int inner = indent + 2;
    out += emitEntry(QStringLiteral("type"), inputTypeName(in.type), inner);
    out += emitEntry(QStringLiteral("description"), in.description, inner);
    if (in.optional)
        out += emitEntry(QStringLiteral("optional"), true, inner);
    if (in.sensitive)
        out += emitEntry(QStringLiteral("sensitive"), true, inner);
    if (in.hasValues || in.type == InputType::Enum)
        out += emitEntry(QStringLiteral("values"), in.values.join(u','), inner);
    if (!in.defaultValue.isUndefined())
        out += emitEntry(QStringLiteral("default"), in.defaultValue, inner);
    return out;
}

QJsonValue topValue(const ToolManifest &m, const QString &key)
{
    if (key == u"name")
        return m.name;
    if (key == u"label")
        return m.label;
    if (key == u"description")
        return m.description;
    if (key == u"version")
        return m.version;
    if (key == u"language")
        return m.language;
    return QJsonValue::Undefined;
}

bool sameInputs(const QList<InputSpec> &a, const QList<InputSpec> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const InputSpec &x = a[i], &y = b[i];
        if (x.name != y.name || x.type != y.type || x.description != y.description || x.optional != y.optional
            || x.sensitive != y.sensitive || x.values != y.values || x.defaultValue != y.defaultValue)
            return false;
    }
    return true;
}

QStringList mismatchedKeys(const ToolManifest &have, const ToolManifest &want)
{
    QStringList keys;
    for (const QString &k : {QStringLiteral("name"), QStringLiteral("label"), QStringLiteral("description"),
                             QStringLiteral("language")}) {
        if (topValue(have, k) != topValue(want, k))
            keys.append(k);
    }
    if (have.version != want.version || !have.versionPresent)
        keys.append(QStringLiteral("version"));
    if (!sameInputs(have.inputs, want.inputs))
        keys.append(QStringLiteral("inputs"));
    return keys;
}

} // namespace

QString yamlScalar(const QJsonValue &value, QChar preferredQuote)
{
    switch (value.type()) {
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return numberText(value.toDouble());
    case QJsonValue::Null:
    case QJsonValue::Undefined: return QStringLiteral("null");
    case QJsonValue::Array: {
        QStringList items;
        for (const QJsonValue &v : value.toArray())
            items.append(yamlScalar(v));
        return u'[' + items.join(QStringLiteral(", ")) + u']';
    }
    case QJsonValue::Object: return QStringLiteral("{}");
    case QJsonValue::String: break;
    }
    const QString s = value.toString();
    if (preferredQuote == u'\'' && !s.contains(u'\n') && !needsEscapes(s))
        return u'\'' + QString(s).replace(u'\'', QStringLiteral("''")) + u'\'';
    if (preferredQuote == u'"' || !plainIsSafe(s))
        return doubleQuoted(s);
    return s;
}

namespace {

// The first explicit tag (`!foo`, `!!str`) of the document, or "". A tag can put a value's
// content on the line after its key, where the editor's line model does not look for it: such a
// file is linted, not edited.
std::string firstExplicitTag(const YAML::Node &node)
{
    const std::string &tag = node.Tag();
    if (!tag.empty() && tag != "?" && tag != "!")
        return tag;
    if (node.IsMap()) {
        for (const auto &kv : node) {
            for (const YAML::Node &n : {kv.first, kv.second})
                if (std::string t = firstExplicitTag(n); !t.empty())
                    return t;
        }
    } else if (node.IsSequence()) {
        for (const auto &item : node)
            if (std::string t = firstExplicitTag(item); !t.empty())
                return t;
    }
    return {};
}

} // namespace

std::optional<FrontmatterDocument> FrontmatterDocument::fromBytes(const QByteArray &bytes, Diagnostic *error)
{
    const ToolMdParse parse = parseToolMd(bytes, QStringLiteral("TOOL.md"));
    for (const Diagnostic &d : parse.diagnostics) {
        if (d.severity == Severity::Skip && d.code != u"name-missing") {
            if (error)
                *error = d;
            return std::nullopt;
        }
    }
    FrontmatterDocument doc;
    const qsizetype start = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const qsizetype firstEnd = bytes.indexOf('\n', start);
    doc.m_prefix = bytes.left(firstEnd + 1);
    // The closing fence is the last `---` before the body.
    const qsizetype bodyStart = bytes.size() - parse.body.size();
    const qsizetype fenceStart = bytes.lastIndexOf("---", bodyStart - 1);
    doc.m_closingFence = bytes.mid(fenceStart, bodyStart - fenceStart);
    doc.m_body = parse.body;
    QByteArray yaml = bytes.mid(firstEnd + 1, fenceStart - firstEnd - 1);
    if (yaml.startsWith("\xEF\xBB\xBF")) {
        // A BOM right after the fence belongs to no line (both parsers skip it): it stays where it is.
        doc.m_prefix += yaml.left(3);
        yaml.remove(0, 3);
    }
    // Line endings stay as they are: all CRLF is written back as CRLF; in a file that mixes
    // them each line keeps its own (the CR stays in the line's text). A CR that ends no line
    // is a line break to YAML but not to an editor: such a file is not edited.
    // Control characters (other than tab) and a BOM inside the text are legal to YAML in places,
    // but an editor cannot show them faithfully: such a file is linted, not edited.
    for (qsizetype i = 0; i < yaml.size(); ++i) {
        const uchar c = uchar(yaml[i]);
        const bool control = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
        const bool innerBom = c == 0xEF && yaml.mid(i, 3) == "\xEF\xBB\xBF";
        if (control || innerBom) {
            if (error)
                *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                          control ? QStringLiteral("a control character (0x%1) in the frontmatter; the editor does not edit such a file")
                                        .arg(c, 2, 16, QLatin1Char('0'))
                                  : QStringLiteral("a byte order mark inside the frontmatter; the editor does not edit such a file"),
                          QString(), int(bytes.left(firstEnd + 1 + i).count('\n')) + 1};
            return std::nullopt;
        }
    }
    std::string tag;
    try {
        tag = firstExplicitTag(YAML::Load(yaml.toStdString()));
    } catch (const YAML::Exception &) {
        // parseToolMd read it; nothing more to learn here
    }
    if (!tag.empty()) {
        if (error) {
            // yaml-cpp's mark of a tagged node is its content's; the line holding the `!` is the one to show.
            const qsizetype bang = yaml.indexOf(u'!');
            *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                      QStringLiteral("a YAML tag (%1) in the frontmatter; the editor does not edit such a file")
                          .arg(QString::fromStdString(tag)),
                      QString(), int(bytes.left(firstEnd + 1 + std::max<qsizetype>(bang, 0)).count('\n')) + 1};
        }
        return std::nullopt;
    }
    const qsizetype crlf = yaml.count("\r\n");
    if (yaml.count('\r') != crlf) {
        if (error) {
            const qsizetype at = [&] {
                for (qsizetype i = 0; i < yaml.size(); ++i)
                    if (yaml[i] == '\r' && (i + 1 == yaml.size() || yaml[i + 1] != '\n'))
                        return i;
                return qsizetype(0);
            }();
            *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                      QStringLiteral("a carriage return inside a line of the frontmatter; the editor needs each line to end "
                                     "with LF or CRLF"),
                      QString(), int(bytes.left(firstEnd + 1 + at).count('\n')) + 1};
        }
        return std::nullopt;
    }
    doc.m_crlf = yaml.isEmpty() ? parse.crlf : crlf > 0 && crlf == yaml.count('\n');
    QString text = QString::fromUtf8(yaml);
    if (doc.m_crlf)
        text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    if (text.endsWith(u'\n'))
        text.chop(1);
    doc.m_lines = text.isEmpty() && yaml.isEmpty() ? QStringList() : text.split(u'\n');
    return doc;
}

QByteArray FrontmatterDocument::bytes() const
{
    const QByteArray eol = m_crlf ? "\r\n" : "\n";
    QByteArray out = m_prefix;
    for (const QString &l : m_lines)
        out += l.toUtf8() + eol;
    return out + m_closingFence + m_body;
}

QString FrontmatterDocument::yamlText() const
{
    return m_lines.isEmpty() ? QString() : m_lines.join(u'\n') + u'\n';
}

bool FrontmatterDocument::setYamlText(const QString &yaml, Diagnostic *error)
{
    QString text = yaml;
    text.remove(u'\r');
    if (text.endsWith(u'\n'))
        text.chop(1);
    const QStringList lines = text.isEmpty() ? QStringList() : text.split(u'\n');
    for (const QString &l : lines) {
        if (l == u"---") {
            if (error)
                *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                          QStringLiteral("a `---` line would end the frontmatter"), QString(), int(lines.indexOf(l)) + 2};
            return false;
        }
    }
    FrontmatterDocument probe = *this;
    probe.m_lines = lines;
    const ToolMdParse parse = parseToolMd(probe.bytes(), QStringLiteral("TOOL.md"));
    for (const Diagnostic &d : parse.diagnostics) {
        if (d.severity == Severity::Skip && d.code != u"name-missing") {
            if (error)
                *error = d;
            return false;
        }
    }
    m_lines = lines;
    return true;
}

ToolManifest FrontmatterDocument::manifest(Diagnostics *diagnostics) const
{
    ToolMdParse parse = parseToolMd(bytes(), QStringLiteral("TOOL.md"));
    if (diagnostics)
        *diagnostics = parse.diagnostics;
    return parse.manifest.value_or(ToolManifest{});
}

bool FrontmatterDocument::trySetValue(const QStringList &path, const QJsonValue &value)
{
    YAML::Node root;
    try {
        root = YAML::Load(m_lines.join(u'\n').toStdString());
    } catch (const YAML::Exception &) {
        return false;
    }
    if (!root.IsMap() && !root.IsNull())
        return false;
    const QList<Entry> top = root.IsMap() ? indexMap(root, m_lines, int(m_lines.size())) : QList<Entry>();

    // Walk to the parent map of the last path element.
    const QList<Entry> *siblings = &top;
    const Entry *parent = nullptr;
    for (qsizetype i = 0; i + 1 < path.size(); ++i) {
        parent = findEntry(*siblings, path[i]);
        if (!parent || !parent->isMap || parent->flow)
            return false; // a missing or inline parent: the caller re-emits
        siblings = &parent->children;
    }
    const QString &key = path.last();
    const Entry *entry = findEntry(*siblings, key);
    const QStringList &order = path.size() == 1 ? kTopOrder : kInputOrder;

    if (value.isUndefined()) {
        if (entry)
            m_lines.remove(entry->line, entry->valueEnd - entry->line + 1);
        return true;
    }
    if (entry) {
        const QString &line = m_lines[entry->line];
        // `key:` with no value (null), perhaps a comment after it: the value goes after the colon
        // (found by fuzz_frontmatter: it went to a line of its own, unindented).
        const qsizetype colon = line.indexOf(u':', entry->indent);
        const QString rest = colon >= 0 ? line.mid(colon + 1).trimmed() : QString();
        if (entry->isNull && entry->lastLine == entry->line && (rest.isEmpty() || rest.startsWith(u'#'))
            && !(value.isString() && value.toString().contains(u'\n'))) {
            if (colon >= 0) {
                m_lines[entry->line] = line.left(colon + 1) + u' ' + yamlScalar(value, QChar())
                    + (rest.isEmpty() ? QString() : u' ' + rest);
                return true;
            }
        }
        const bool inlineScalar = !entry->isMap && !entry->isSeq && entry->valueLine == entry->line
            && entry->lastLine == entry->line;
        const bool inlineFlowSeq = entry->isSeq && entry->flow && entry->lastLine == entry->line;
        const QChar first = entry->valueCol < line.size() ? line[entry->valueCol] : QChar();
        const bool blockScalar = first == u'|' || first == u'>';
        if ((inlineScalar || inlineFlowSeq) && !blockScalar && !(value.isString() && value.toString().contains(u'\n'))) {
            const int end = scalarEnd(line, entry->valueCol);
            if (end < 0)
                return false;
            // Keep quotes the author chose; drop quotes the old value merely needed (a transient
            // trailing space while typing must not make quoting stick).
            QChar quote = first == u'"' || first == u'\'' ? first : QChar();
            if (!quote.isNull()) {
                YAML::Node node = root;
                for (const QString &k : path)
                    node.reset(node[k.toStdString()]);
                if (node.IsScalar() && !plainIsSafe(utf8Text(node.Scalar())))
                    quote = QChar();
            }
            m_lines[entry->line] = line.left(entry->valueCol) + yamlScalar(value, quote) + line.mid(end);
            return true;
        }
        if (blockScalar && value.isString() && rewriteBlockScalar(m_lines, *entry, path, value.toString()))
            return true;
        // Multi-line values: the entry is written anew, in place.
        const QStringList fresh = emitEntry(key, value, entry->indent, first == u'"' ? first : QChar());
        m_lines.remove(entry->line, entry->valueEnd - entry->line + 1);
        for (qsizetype k = 0; k < fresh.size(); ++k)
            m_lines.insert(entry->line + k, fresh[k]);
        return true;
    }

    // A new key: after the nearest existing key that precedes it in the canonical order.
    int indent = parent ? (parent->children.isEmpty() ? parent->indent + 2 : parent->children.first().indent) : 0;
    int at = parent ? parent->lastLine + 1 : (top.isEmpty() ? int(m_lines.size()) : top.first().line);
    if (parent && parent->children.isEmpty() && parent->valueLine == parent->line
        && parent->valueCol < m_lines[parent->line].size())
        return false; // `key: null` or similar: re-emit
    for (qsizetype i = order.indexOf(key) - 1; i >= 0; --i) {
        if (const Entry *before = findEntry(*siblings, order[i])) {
            at = before->lastLine + 1;
            indent = before->indent;
            break;
        }
    }
    if (order.indexOf(key) < 0 && !siblings->isEmpty()) {
        at = siblings->last().lastLine + 1;
        indent = siblings->last().indent;
    }
    const QStringList fresh = emitEntry(key, value, indent);
    for (qsizetype k = 0; k < fresh.size(); ++k)
        m_lines.insert(at + k, fresh[k]);
    return true;
}

void FrontmatterDocument::setValue(const QStringList &path, const QJsonValue &value)
{
    if (!trySetValue(path, value) && path.size() == 1) {
        // The targeted edit could not be placed: write the whole top-level key anew.
        ToolManifest target = manifest();
        if (path.size() == 1 && path.first() != u"inputs") {
            if (path.first() == u"version")
                target.version = value.toInt();
            else if (path.first() == u"name")
                target.name = value.toString();
            else if (path.first() == u"label")
                target.label = value.toString();
            else if (path.first() == u"description")
                target.description = value.toString();
            else if (path.first() == u"language")
                target.language = value.toString();
        }
        reemitTopLevel(path.first(), target);
    }
}

void FrontmatterDocument::reemitTopLevel(const QString &key, const ToolManifest &target)
{
    ++m_reemitted;
    qCDebug(lcEdit) << "re-emitting" << key;
    QStringList fresh;
    if (key == u"inputs") {
        if (!target.inputs.isEmpty()) {
            fresh.append(QStringLiteral("inputs:"));
            for (const InputSpec &in : target.inputs)
                fresh += emitInput(in, 2);
        }
    } else {
        fresh = emitEntry(key, key == u"version" ? QJsonValue(target.version) : topValue(target, key), 0);
    }
    YAML::Node root;
    try {
        root = YAML::Load(m_lines.join(u'\n').toStdString());
    } catch (const YAML::Exception &) {
        root = YAML::Node();
    }
    const QList<Entry> top = root.IsMap() ? indexMap(root, m_lines, int(m_lines.size())) : QList<Entry>();
    int at = int(m_lines.size());
    if (const Entry *e = findEntry(top, key)) {
        at = e->line;
        m_lines.remove(e->line, e->valueEnd - e->line + 1);
    } else {
        for (qsizetype i = kTopOrder.indexOf(key) - 1; i >= 0; --i) {
            if (const Entry *before = findEntry(top, kTopOrder[i])) {
                at = before->lastLine + 1;
                break;
            }
        }
    }
    for (qsizetype k = 0; k < fresh.size(); ++k)
        m_lines.insert(at + k, fresh[k]);
}

void FrontmatterDocument::applyInputs(const ToolManifest &current, const ToolManifest &target)
{
    QStringList have, want;
    for (const InputSpec &in : current.inputs)
        have.append(in.name);
    for (const InputSpec &in : target.inputs)
        want.append(in.name);
    if (want.isEmpty()) {
        if (!have.isEmpty())
            setValue({QStringLiteral("inputs")}, QJsonValue::Undefined);
        return;
    }
    if (have != want) {
        // Structure changed: rebuild the inputs block from the kept inputs' own text (comments,
        // quoting and all) and new blocks for new inputs; properties are edited afterwards.
        YAML::Node root;
        try {
            root = YAML::Load(m_lines.join(u'\n').toStdString());
        } catch (const YAML::Exception &) {
            reemitTopLevel(QStringLiteral("inputs"), target);
            return;
        }
        const QList<Entry> top = root.IsMap() ? indexMap(root, m_lines, int(m_lines.size())) : QList<Entry>();
        const Entry *inputs = findEntry(top, QStringLiteral("inputs"));
        if (!inputs || !inputs->isMap || inputs->flow || inputs->children.isEmpty()) {
            reemitTopLevel(QStringLiteral("inputs"), target);
            return;
        }
        const int indent = inputs->children.first().indent;
        // Each input moves with the comment and blank lines leading up to it.
        auto textOf = [&](const QString &name) -> std::optional<QStringList> {
            const QList<Entry> &kids = inputs->children;
            for (qsizetype i = 0; i < kids.size(); ++i) {
                if (kids[i].key != name)
                    continue;
                const int from = i == 0 ? inputs->line + 1 : kids[i - 1].lastLine + 1;
                return m_lines.mid(from, kids[i].lastLine - from + 1);
            }
            return std::nullopt;
        };
        QStringList block{m_lines[inputs->line]};
        for (const InputSpec &in : target.inputs)
            block += textOf(in.name).value_or(emitInput(in, indent));
        block += m_lines.mid(inputs->children.last().lastLine + 1, inputs->lastLine - inputs->children.last().lastLine);
        m_lines.remove(inputs->line, inputs->lastLine - inputs->line + 1);
        for (qsizetype k = 0; k < block.size(); ++k)
            m_lines.insert(inputs->line + k, block[k]);
    }
    const ToolManifest now = manifest();
    bool placed = true;
    auto edit = [&](const QStringList &path, const QJsonValue &value) { placed = placed && trySetValue(path, value); };
    for (qsizetype i = 0; i < target.inputs.size() && i < now.inputs.size() && placed; ++i) {
        const InputSpec &a = now.inputs[i];
        const InputSpec &b = target.inputs[i];
        const QStringList base{QStringLiteral("inputs"), b.name};
        if (a.type != b.type)
            edit(base + QStringList{QStringLiteral("type")}, inputTypeName(b.type));
        if (a.description != b.description)
            edit(base + QStringList{QStringLiteral("description")}, b.description);
        if (a.optional != b.optional)
            edit(base + QStringList{QStringLiteral("optional")}, b.optional);
        if (a.sensitive != b.sensitive)
            edit(base + QStringList{QStringLiteral("sensitive")}, b.sensitive);
        if (a.values != b.values || a.hasValues != b.hasValues) {
            QJsonValue v = QJsonValue::Undefined;
            if (b.hasValues || !b.values.isEmpty()) {
                // Keep the way the values were written: a list stays a list.
                bool wasList = false;
                try {
                    const YAML::Node root = YAML::Load(m_lines.join(u'\n').toStdString());
                    wasList = root["inputs"][b.name.toStdString()]["values"].IsSequence();
                } catch (const YAML::Exception &) {
                }
                v = wasList ? QJsonValue(QJsonArray::fromStringList(b.values)) : QJsonValue(b.values.join(u','));
            }
            edit(base + QStringList{QStringLiteral("values")}, v);
        }
        if (a.defaultValue != b.defaultValue)
            edit(base + QStringList{QStringLiteral("default")}, b.defaultValue);
    }
}

void FrontmatterDocument::applyManifest(const ToolManifest &target)
{
    const ToolManifest current = manifest();
    if (current.name != target.name)
        setValue({QStringLiteral("name")}, target.name);
    // An absent label means the name; write one only when it says something else.
    if (current.label != target.label)
        setValue({QStringLiteral("label")},
                 target.label == target.name ? QJsonValue(QJsonValue::Undefined) : QJsonValue(target.label));
    if (current.description != target.description)
        setValue({QStringLiteral("description")}, target.description);
    if (current.version != target.version || (!current.versionPresent && target.versionPresent))
        setValue({QStringLiteral("version")}, target.version);
    if (current.language != target.language)
        setValue({QStringLiteral("language")}, target.language);
    applyInputs(current, target);

    // Verify; whatever a targeted edit got wrong is written anew, key by key.
    ToolManifest result = manifest();
    for (const QString &key : mismatchedKeys(result, target)) {
        if (key == u"version" && !target.versionPresent && !result.versionPresent)
            continue;
        if (key == u"label" && target.label == target.name && result.label == result.name)
            continue;
        reemitTopLevel(key, target);
    }
}

} // namespace tw::engine
