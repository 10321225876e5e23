#include "authoring/yamlwriter.h"

#include "toolmd/toolmdreader.h"
#include "toolmd/utf8text.h"

#include <QJsonArray>
#include <QLoggingCategory>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcEditWrite, "tw.engine.edit", QtWarningMsg)

namespace tw::engine {
namespace {

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

QString numberText(double d)
{
    if (std::isfinite(d) && std::floor(d) == d && std::abs(d) < 1e15)
        return QString::number(qint64(d));
    return QString::number(d, 'g', 17);
}

} // namespace

// A new value for a block scalar, in the block's own style: folded stays folded (re-folded at the
// width its lines had), literal stays literal, with the same indentation and chomping where
// the value allows. False (nothing changed) when the value cannot be written that way exactly.
bool rewriteBlockScalar(QStringList &doc, const FrontmatterEntry &entry, const QStringList &path, const QString &value)
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
            qCDebug(lcEditWrite) << "block scalar" << path << "in style" << style << "does not read back";
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

// `key: value` lines at `indent`; multi-line strings become literal blocks where one says them
// exactly (no line of only white space, the first line of text not indented, at most one final
// line break, so that blank lines after the block stay outside it), else double-quoted.
QStringList emitEntry(const QString &key, const QJsonValue &value, int indent, QChar quote)
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

} // namespace tw::engine
