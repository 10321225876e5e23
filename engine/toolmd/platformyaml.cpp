#include "toolmd/platformyaml.h"

#include "toolmd/textrules.h"
#include "toolmd/utf8text.h"

#include <libfyaml.h>

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>
#include <QTimeZone>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

namespace tw::engine {
namespace {

const std::string kTagPrefix = "tag:yaml.org,2002:";
const char *const kMultipleDocuments = "Source contains multiple documents; please use YAML.parseAllDocuments()";
// The `yaml` package's limit (maxAliasCount) on how often aliases may repeat an anchored node.
constexpr int kMaxAliasCount = 100;

const QRegularExpression &timestampPattern()
{
    // The `yaml` package's timestamp test (schema/yaml-1.1/timestamp.js).
    static const QRegularExpression re(QStringLiteral(
        "^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)"
        "(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"));
    return re;
}

std::string tokenText(fy_token *token)
{
    size_t len = 0;
    const char *text = token ? fy_token_get_text(token, &len) : nullptr;
    return text ? std::string(text, len) : std::string();
}

// libfyaml marks a block scalar at its first line of content; yaml-cpp (and the editor, which
// looks for the `|` or `>` there) at its indicator: the last one on the nearest line above
// that holds more than spaces, before any comment.
void markBlockIndicator(std::string_view text, size_t pos, YamlNode &node)
{
    size_t lineStart = text.rfind('\n', pos == 0 ? 0 : pos - 1);
    if (pos == 0 || lineStart == std::string_view::npos)
        return;
    int line = node.line;
    while (lineStart != std::string_view::npos && lineStart > 0) {
        const size_t prevStart = text.rfind('\n', lineStart - 1);
        const size_t from = prevStart == std::string_view::npos ? 0 : prevStart + 1;
        --line;
        std::string_view l = text.substr(from, lineStart - from);
        if (const size_t hash = l.find(" #"); hash != std::string_view::npos)
            l = l.substr(0, hash);
        if (l.find_first_not_of(' ') != std::string_view::npos) {
            const size_t at = l.find_last_of("|>");
            if (at != std::string_view::npos) {
                node.line = line;
                node.column = int(at);
            }
            return;
        }
        lineStart = prevStart;
    }
}

// The block scalar header at the node's mark (its indicator) has the keep indicator `+`.
bool keepsTrailingBreaks(std::string_view text, const YamlNode &node)
{
    size_t pos = 0;
    for (int line = 0; line < node.line && pos != std::string_view::npos; ++line) {
        pos = text.find('\n', pos);
        if (pos != std::string_view::npos)
            ++pos;
    }
    if (pos == std::string_view::npos)
        return false;
    const std::string_view header = text.substr(std::min(text.size(), pos + size_t(node.column)), 3);
    return header.size() > 1 && (header[0] == '|' || header[0] == '>')
        && (header[1] == '+' || (header.size() > 2 && header[2] == '+'));
}

struct Anchored
{
    YamlNode node;
    int aliasesInside = 0; // aliases within the anchored node
    int uses = 0;
};

struct Frame
{
    YamlNode node;
    int aliasesBefore = 0; // the alias count when the node opened
};

// Keys equal as the `yaml` package's uniqueKeys compares them: the same node, or two scalars
// whose values are === (a number never equals a string; NaN, a Buffer or a Date nothing).
bool sameKey(const YamlNode &a, const YamlNode &b)
{
    if (a.isSequence() || a.isMap() || b.isSequence() || b.isMap())
        return false;
    for (const YamlNode *n : {&a, &b}) {
        if (n->tag == kTagPrefix + "binary" || n->tag == kTagPrefix + "timestamp")
            return false;
    }
    const QJsonValue va = platformScalarValue(a), vb = platformScalarValue(b);
    return va.type() == vb.type() && va == vb;
}

class Builder
{
public:
    explicit Builder(std::string_view text) : m_text(text) {}

    bool fail(std::string message, int line)
    {
        m_error = {std::move(message), line};
        return false;
    }

    // Adds a finished node to the open collection (or makes it the root).
    bool add(YamlNode node, int aliasesInside)
    {
        if (!node.anchor.empty() && !node.alias)
            m_anchors[node.anchor] = {node, aliasesInside, 0};
        if (m_stack.empty()) {
            m_root = std::move(node);
            return true;
        }
        YamlNode &top = m_stack.back().node;
        top.items.push_back(std::move(node));
        if (top.isMap() && top.items.size() % 2 == 0) {
            const size_t keyIndex = top.items.size() - 2;
            const YamlNode &key = top.items[keyIndex];
            // libfyaml 0.7.12 takes a scalar or flow collection on a line below its key, at the
            // key's column, for the key's value; YAML (and the package) wants it indented past
            // the key (a block sequence may sit at the key's column).
            const YamlNode &value = top.items.back();
            if (top.style == YamlNode::Style::Block && !value.isNull() && !value.alias && value.line > key.line
                && (value.isScalar() || value.style == YamlNode::Style::Flow) && value.column <= implicitKeyColumn(key))
                return fail("Implicit map keys need to be followed by map values", value.line);
            // A block mapping whose first key is on its parent key's line (`a: : b`, `a: :`): the
            // package refuses it; libfyaml 0.7.12 reads a mapping (found by fuzz_frontmatter).
            if (top.style == YamlNode::Style::Block && value.isMap() && value.style == YamlNode::Style::Block
                && !value.alias
                && ((!value.items.empty() && value.items.front().line == key.line)
                    || (value.anchor.empty() && value.tag == "?" && value.line == key.line)))
                return fail("Nested mappings are not allowed in compact mappings", key.line);
            // An alias is no scalar to the `yaml` package: it never makes a key a duplicate.
            for (size_t i = 0; i < keyIndex && !key.alias; i += 2) {
                if (!top.items[i].alias && sameKey(top.items[i], key))
                    return fail("Map keys must be unique; the key '" + key.scalar + "' appears twice in one mapping", key.line);
            }
        }
        return true;
    }

    bool event(fy_event *e)
    {
        const fy_mark *mark = fy_event_start_mark(e);
        if (mark)
            settleNull(mark->line, mark->column);
        // yaml-cpp marks an anchored node at its anchor; the editor expects its marks.
        fy_token *anchorToken = fy_event_get_anchor_token(e);
        const fy_mark *anchorMark = anchorToken ? fy_token_start_mark(anchorToken) : nullptr;
        const int line = anchorMark ? anchorMark->line : mark ? mark->line : 0;
        int column = anchorMark ? anchorMark->column : mark ? mark->column : 0;
        if (anchorMark && anchorMark->input_pos > 0 && m_text[anchorMark->input_pos - 1] == '&')
            --column; // the anchor token's mark is its name's
        if (m_secondDocument && mark)
            return fail(kMultipleDocuments, line);
        const std::string anchor = tokenText(anchorToken);
        fy_token *tagToken = fy_event_get_tag_token(e);
        std::string tag = tokenText(tagToken);
        switch (e->type) {
        case FYET_DOCUMENT_START:
            // An implicit document has no mark: the error goes to the second document's content.
            m_secondDocument = ++m_documents > 1;
            if (m_secondDocument && mark)
                return fail(kMultipleDocuments, line);
            return true;
        case FYET_SCALAR: {
            fy_token *value = fy_event_get_token(e);
            const fy_scalar_style style = fy_token_scalar_style(value);
            YamlNode node;
            node.line = line;
            node.column = column;
            node.scalar = tokenText(value);
            node.anchor = anchor;
            if (tag == "!" || (tag.empty() && style != FYSS_PLAIN))
                tag = "!";
            else if (tag.empty())
                tag = "?";
            const bool written = !node.scalar.empty(); // `~` or `null`, not an empty value
            if (tag == "?" && (node.scalar.empty() || node.scalar == "~" || node.scalar == "null"
                               || node.scalar == "Null" || node.scalar == "NULL")) {
                node.scalar.clear(); // null, as yaml-cpp and the fast reader make it
            } else {
                node.kind = YamlNode::Kind::Scalar;
                node.tag = tag;
            }
            // libfyaml marks a quoted scalar at its content; yaml-cpp (and the editor) at the quote.
            // An empty value has no mark of its own (or one at 0:0); a written `~` at the very start
            // of the text has that mark and is where it is (found by fuzz_yamlnode: `~:` first).
            if (node.isNull() && (!mark || (!written && mark->line == 0 && mark->column == 0 && mark->input_pos == 0)))
                m_pendingNulls.emplace_back(int(m_stack.size()) - 1, m_stack.empty() ? 0 : m_stack.back().node.items.size());
            if ((style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED) && !anchorMark && mark && mark->input_pos > 0
                && node.column > 0 && (m_text[mark->input_pos - 1] == '"' || m_text[mark->input_pos - 1] == '\''))
                --node.column;
            if (style == FYSS_LITERAL || style == FYSS_FOLDED) {
                markBlockIndicator(m_text, mark ? mark->input_pos : 0, node);
                // libfyaml 0.7 reads an empty kept block scalar at the end as a NUL; a block
                // scalar cannot hold one (the reader refuses NUL bytes before this).
                std::erase(node.scalar, '\0');
                // Keep chomping ends the value with a line break in the `yaml` package even
                // where the text ends without one (the platform's YAML stops before the line
                // break that precedes the closing fence).
                if (keepsTrailingBreaks(m_text, node) && !node.scalar.empty() && !node.scalar.ends_with('\n'))
                    node.scalar += '\n';
            }
            if (style == FYSS_PLAIN && mark) {
                if (const fy_mark *end = fy_event_end_mark(e); end && end->line > mark->line) {
                    if (const int badLine = tabIndentedContinuation(mark->input_pos, end->input_pos, mark->line); badLine >= 0)
                        return fail("Tabs are not allowed as indentation", badLine);
                }
            }
            // An explicit !!timestamp is resolved whatever it holds, and throws on a non-date.
            if (tag == kTagPrefix + "timestamp" && !timestampPattern().match(utf8Text(node.scalar)).hasMatch())
                return fail("!!timestamp expects a date, starting with yyyy-mm-dd", line);
            return add(std::move(node), 0);
        }
        case FYET_SEQUENCE_START:
        case FYET_MAPPING_START: {
            Frame frame;
            frame.node.kind = e->type == FYET_MAPPING_START ? YamlNode::Kind::Map : YamlNode::Kind::Sequence;
            frame.node.style = fy_event_get_node_style(e) == FYNS_FLOW ? YamlNode::Style::Flow : YamlNode::Style::Block;
            frame.node.tag = tag.empty() || tag == "!" ? "?" : tag;
            frame.node.line = line;
            frame.node.column = column;
            frame.node.anchor = anchor;
            frame.aliasesBefore = m_aliases;
            m_stack.push_back(std::move(frame));
            return true;
        }
        case FYET_SEQUENCE_END:
        case FYET_MAPPING_END: {
            Frame frame = std::move(m_stack.back());
            m_stack.pop_back();
            return add(std::move(frame.node), m_aliases - frame.aliasesBefore);
        }
        case FYET_ALIAS: {
            const std::string name = tokenText(fy_event_get_token(e));
            const auto it = m_anchors.find(name);
            if (it == m_anchors.end()) {
                for (const Frame &f : m_stack) {
                    if (f.node.anchor == name) // the alias would contain itself: not JSON
                        return fail("an alias refers to the collection it is inside (" + name + ")", line);
                }
                return fail("Unresolved alias (the anchor must be set before the alias): " + name, line);
            }
            ++m_aliases;
            Anchored &a = it->second;
            if (++a.uses * std::max(1, a.aliasesInside) > kMaxAliasCount)
                return fail("Excessive alias count indicates a resource exhaustion attack", line);
            m_aliases += a.aliasesInside;
            YamlNode copy = a.node;
            copy.alias = true;
            copy.anchor = name;
            return add(std::move(copy), 0);
        }
        default:
            return true;
        }
    }

    // Where a block mapping's implicit key starts on its line, its tag or anchor included (after
    // any `- `); -1 for a key written after `?`, whose value may sit below it after `:`.
    int implicitKeyColumn(const YamlNode &key) const
    {
        size_t pos = 0;
        for (int line = 0; line < key.line && pos != std::string_view::npos; ++line) {
            pos = m_text.find('\n', pos);
            if (pos != std::string_view::npos)
                ++pos;
        }
        if (pos == std::string_view::npos)
            return -1;
        size_t at = pos;
        for (;;) {
            while (at < m_text.size() && m_text[at] == ' ')
                ++at;
            if (at + 1 < m_text.size() && m_text[at] == '-' && m_text[at + 1] == ' ')
                ++at;
            else
                break;
        }
        if (at >= m_text.size() || m_text[at] == '?')
            return -1;
        return std::min(int(at - pos), key.column);
    }

    // The line of a plain scalar's continuation (in text[from, to)) that a tab indents: one whose
    // spaces reach no further than the enclosing block collection's column before a tab and then
    // text. libfyaml 0.7.12 reads the tab as the line's separation and goes on with the scalar;
    // the `yaml` package refuses it (found by fuzz_frontmatter: `name: a` over `\tb`). -1 if none,
    // or if the scalar is inside a flow collection (where tabs may lead a line) or the root.
    int tabIndentedContinuation(size_t from, size_t to, int line) const
    {
        if (m_stack.empty())
            return -1;
        for (const Frame &f : m_stack) {
            if (f.node.style == YamlNode::Style::Flow)
                return -1;
        }
        const int collectionColumn = m_stack.back().node.column;
        for (size_t i = from; i < to && i < m_text.size(); ++i) {
            if (m_text[i] != '\n')
                continue;
            ++line;
            size_t at = i + 1;
            while (at < m_text.size() && m_text[at] == ' ')
                ++at;
            const int spaces = int(at - (i + 1));
            if (at >= m_text.size() || m_text[at] != '\t' || spaces > collectionColumn)
                continue;
            while (at < m_text.size() && (m_text[at] == '\t' || m_text[at] == ' '))
                ++at;
            if (at < m_text.size() && m_text[at] != '\n' && m_text[at] != '\r')
                return line;
        }
        return -1;
    }

    // A null with no mark of its own (an empty value, an empty `?` key) sits, as yaml-cpp puts
    // it, at the next token.
    void settleNull(int line, int column)
    {
        for (const auto &[depth, index] : m_pendingNulls) {
            if (depth < 0 || depth >= int(m_stack.size()))
                continue;
            std::vector<YamlNode> &items = m_stack[size_t(depth)].node.items;
            if (index < items.size()) {
                items[index].line = line;
                items[index].column = column;
            }
        }
        m_pendingNulls.clear();
    }
    // At the end of the text: the line after it, as the fast reader puts it.
    void finish()
    {
        settleNull(int(std::count(m_text.begin(), m_text.end(), '\n')) + 2, 0);
    }

    YamlNode m_root;
    YamlError m_error;

private:
    std::string_view m_text;
    std::vector<Frame> m_stack;
    std::map<std::string, Anchored> m_anchors;
    std::vector<std::pair<int, size_t>> m_pendingNulls; // (open collection, item index)
    int m_documents = 0;
    bool m_secondDocument = false;
    int m_aliases = 0;
};

// libfyaml's reason in the words the `yaml` package uses for the same error, where it has them
// (each pair seen on the same input); otherwise libfyaml's own.
std::string platformWords(const std::string &message)
{
    static const std::pair<const char *, const char *> kWords[] = {
        {"comment without whitespace", "Comments must be separated from other tokens by white space characters"},
        {"double-quoted scalar", "a quoted string is never closed (Missing closing \"quote)"},
        {"single-quoted scalar", "a quoted string is never closed (Missing closing 'quote)"},
        {"flow sequence without a closing bracket",
         "Flow sequence in block collection must be sufficiently indented and end with a ]"},
        {"flow mapping", "Flow map in block collection must be sufficiently indented and end with a }"},
        {"invalid multiline plain key", "Nested mappings are not allowed in compact mappings"},
        {"nested block mapping on the same line", "Nested mappings are not allowed in compact mappings"},
        {"could not find expected ':'", "Implicit map keys need to be followed by map values"},
        {"tab character", "Tabs are not allowed as indentation"},
        {"wrongly indented line after spaces only",
         "Block scalars with more-indented leading empty lines must use an explicit indentation indicator"},
        {"two anchors", "A node can have at most one anchor"},
        {"at the end of block sequence", "Unexpected scalar at node end"},
    };
    for (const auto &[libfyaml, words] : kWords) {
        if (message.find(libfyaml) != std::string::npos)
            return words;
    }
    return message;
}

// JavaScript's String(number), for object keys.
QString jsNumberText(double d)
{
    if (std::isnan(d))
        return QStringLiteral("NaN");
    if (std::isinf(d))
        return d < 0 ? QStringLiteral("-Infinity") : QStringLiteral("Infinity");
    if (d == 0)
        return QStringLiteral("0");
    char buf[64];
    // Shortest round-trip digits and the decimal exponent, then ECMAScript's Number::toString.
    const auto res = std::to_chars(buf, buf + sizeof buf, std::abs(d), std::chars_format::scientific);
    const std::string s(buf, res.ptr);
    const size_t e = s.find('e');
    std::string digits = s.substr(0, e);
    std::erase(digits, '.');
    const int exp = std::stoi(s.substr(e + 1)); // d = 0.digits × 10^(exp+1)
    const int k = int(digits.size()), n = exp + 1;
    std::string out;
    if (k <= n && n <= 21) {
        out = digits + std::string(size_t(n - k), '0');
    } else if (0 < n && n <= 21) {
        out = digits.substr(0, size_t(n)) + "." + digits.substr(size_t(n));
    } else if (-6 < n && n <= 0) {
        out = "0." + std::string(size_t(-n), '0') + digits;
    } else {
        out = digits.substr(0, 1) + (k > 1 ? "." + digits.substr(1) : std::string()) + "e" + (n - 1 >= 0 ? "+" : "-")
            + std::to_string(std::abs(n - 1));
    }
    return (d < 0 ? QStringLiteral("-") : QString()) + QString::fromLatin1(out);
}

// A node in flow style, as the `yaml` package stringifies a collection used as a key.
QString flowText(const YamlNode &node)
{
    if (node.alias)
        return u'*' + utf8Text(node.anchor);
    if (!node.anchor.empty()) {
        YamlNode bare = node;
        bare.anchor.clear();
        return u'&' + utf8Text(node.anchor) + u' ' + flowText(bare);
    }
    switch (node.kind) {
    case YamlNode::Kind::Null:
        return node.scalar.empty() ? QString() : utf8Text(node.scalar);
    case YamlNode::Kind::Scalar: {
        const QString text = utf8Text(node.scalar);
        if (node.isPlain())
            return text;
        QString quoted = text;
        quoted.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\"")).replace(u'\n', QStringLiteral("\\n"));
        return u'"' + quoted + u'"';
    }
    case YamlNode::Kind::Sequence: {
        if (node.items.empty())
            return QStringLiteral("[]");
        QStringList parts;
        for (const YamlNode &item : node.items)
            parts.append(flowText(item));
        return QStringLiteral("[ ") + parts.join(QStringLiteral(", ")) + QStringLiteral(" ]");
    }
    case YamlNode::Kind::Map: {
        if (node.items.empty())
            return QStringLiteral("{}");
        QStringList parts;
        for (size_t i = 0; i < node.mapSize(); ++i)
            parts.append(flowText(node.key(i)) + QStringLiteral(": ") + flowText(node.value(i)));
        return QStringLiteral("{ ") + parts.join(QStringLiteral(", ")) + QStringLiteral(" }");
    }
    }
    return QString();
}

bool isIntText(const QString &t)
{
    static const QRegularExpression re(QStringLiteral("^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"));
    return re.match(t).hasMatch();
}

QJsonValue timestampValue(const QString &text)
{
    const QRegularExpressionMatch m = timestampPattern().match(text);
    if (!m.hasMatch())
        return text;
    auto num = [&](int i) { return m.captured(i).toInt(); };
    const int millis = m.capturedLength(7) ? QString(m.captured(7) + QStringLiteral("00")).mid(1, 3).toInt() : 0;
    QDateTime date(QDate(num(1), 1, 1), QTime(0, 0), QTimeZone::utc());
    // Date.UTC lets month, day and time overflow into the next unit, as these additions do.
    date = date.addMonths(num(2) - 1).addDays(num(3) - 1).addMSecs(((qint64(num(4)) * 60 + num(5)) * 60) * 1000
                                                                  + qint64(m.captured(6).toDouble()) * 1000 + millis);
    const QString tz = m.captured(8);
    if (!tz.isEmpty() && tz != u"Z") {
        const QStringList hm = tz.mid(1).split(u':');
        double minutes = hm.size() > 1 ? hm[0].toInt() * 60 + hm[1].toInt() : hm[0].toInt();
        if (hm.size() == 1 && std::abs(minutes) < 30)
            minutes *= 60;
        if (tz.startsWith(u'-'))
            minutes = -minutes;
        date = date.addMSecs(-qint64(minutes * 60000));
    }
    return date.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
}

} // namespace

std::optional<YamlNode> readPlatformYaml(std::string_view text, YamlError *error)
{
    fy_diag_cfg diagCfg;
    fy_diag_cfg_default(&diagCfg);
    diagCfg.fp = nullptr;
    diagCfg.output_fn = nullptr;
    std::unique_ptr<fy_diag, decltype(&fy_diag_destroy)> diag(fy_diag_create(&diagCfg), &fy_diag_destroy);
    fy_diag_set_collect_errors(diag.get(), true);
    fy_parse_cfg cfg{};
    cfg.flags = fy_parse_cfg_flags(FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_2 | FYPCF_DISABLE_MMAP_OPT);
    cfg.diag = diag.get();
    std::unique_ptr<fy_parser, decltype(&fy_parser_destroy)> parser(fy_parser_create(&cfg), &fy_parser_destroy);
    auto failed = [&](YamlError e) {
        if (error)
            *error = std::move(e);
        return std::nullopt;
    };
    if (!parser || fy_parser_set_string(parser.get(), text.data(), text.size()) != 0)
        return failed({"the YAML parser could not start", 0});

    Builder builder(text);
    while (fy_event *e = fy_parser_parse(parser.get())) {
        const bool ok = builder.event(e);
        fy_parser_event_free(parser.get(), e);
        if (!ok)
            return failed(builder.m_error);
    }
    builder.finish();
    if (fy_parser_get_stream_error(parser.get())) {
        void *iter = nullptr;
        if (const fy_diag_error *d = fy_diag_errors_iterate(diag.get(), &iter))
            return failed({platformWords(d->msg ? d->msg : "invalid YAML"), std::max(0, d->line - 1)});
        return failed({"invalid YAML", 0});
    }
    return std::move(builder.m_root);
}

QJsonValue platformScalarValue(const YamlNode &node)
{
    if (node.isNull())
        return QJsonValue::Null;
    if (!node.isScalar())
        return QJsonValue::Undefined;
    const QString text = utf8Text(node.scalar);
    if (node.isPlain())
        return resolvePlainScalar(text);
    if (!node.tag.starts_with(kTagPrefix))
        return text; // quoted, block, `!` or a tag the core schema does not know: a string
    const std::string_view name = std::string_view(node.tag).substr(kTagPrefix.size());
    if (name == "binary") {
        // Node's Buffer.from(text, 'base64'), as JSON.stringify writes a Buffer.
        QJsonArray data;
        for (const char c : QByteArray::fromBase64(text.toLatin1()))
            data.append(int(uchar(c)));
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("Buffer")}, {QStringLiteral("data"), data}};
    }
    if (name == "timestamp")
        return timestampValue(text);
    // Explicit core tags apply only where the tag's own test matches; otherwise the value stays
    // a string ("Unresolved tag" is a warning, not an error).
    const QJsonValue plain = resolvePlainScalar(text);
    const bool matches = (name == "null" && plain.isNull()) || (name == "bool" && plain.isBool())
        || (name == "int" && plain.isDouble() && isIntText(text))
        || (name == "float" && plain.isDouble() && !isIntText(text));
    return matches ? plain : QJsonValue(text);
}

QJsonValue platformValue(const YamlNode &node)
{
    if (node.isSequence()) {
        QJsonArray array;
        QJsonObject pairs;
        for (const YamlNode &item : node.items) {
            array.append(platformValue(item));
            for (size_t i = 0; item.isMap() && i < item.mapSize(); ++i)
                pairs.insert(platformKeyText(item.key(i)), platformValue(item.value(i)));
        }
        // !!omap becomes a JavaScript Map: its entries, as an object. (!!pairs is the list of
        // one-key mappings it already is.)
        return node.tag == kTagPrefix + "omap" ? QJsonValue(pairs) : QJsonValue(array);
    }
    if (node.isMap()) {
        if (node.tag == kTagPrefix + "set") { // a JavaScript Set: its members, as a list
            QJsonArray members;
            for (size_t i = 0; i < node.mapSize(); ++i)
                members.append(platformValue(node.key(i)));
            return members;
        }
        QJsonObject object;
        for (size_t i = 0; i < node.mapSize(); ++i)
            object.insert(platformKeyText(node.key(i)), platformValue(node.value(i))); // a later key wins, as in JS
        return object;
    }
    return platformScalarValue(node);
}

namespace {

// ECMA-262's array index: a canonical numeric string ("0", "16"; not "01", "+1" or "1.0") below
// 2^32 - 1. Such keys come first in an object, ascending, whatever order they were added in.
bool isArrayIndex(const QString &key)
{
    if (key.isEmpty() || key.size() > 10 || (key.size() > 1 && key.front() == u'0'))
        return false;
    for (const QChar c : key)
        if (c < u'0' || c > u'9')
            return false;
    return key.toULongLong() < 4294967295ULL;
}

void addKeyOrder(const YamlNode &node, QList<QStringList> &out);

// An object built by assigning `pairs` in turn (a key given again keeps its first place and
// takes the later value, as addPairToJSMap does): its keys in own-property order, then the
// objects inside its values.
void addObjectKeyOrder(const QList<std::pair<QString, const YamlNode *>> &pairs, QList<QStringList> &out)
{
    QStringList keys;
    QHash<QString, const YamlNode *> values;
    for (const auto &[key, value] : pairs) {
        if (!values.contains(key))
            keys.append(key);
        values.insert(key, value);
    }
    const auto indicesEnd = std::stable_partition(keys.begin(), keys.end(), isArrayIndex);
    std::sort(keys.begin(), indicesEnd, [](const QString &a, const QString &b) { return a.toULongLong() < b.toULongLong(); });
    out.append(keys);
    for (const QString &key : std::as_const(keys))
        addKeyOrder(*values.value(key), out);
}

// Walks the tree as platformValue does, so that the lists come in the order its objects do.
void addKeyOrder(const YamlNode &node, QList<QStringList> &out)
{
    if (node.isSequence()) {
        if (node.tag != kTagPrefix + "omap") {
            for (const YamlNode &item : node.items)
                addKeyOrder(item, out);
            return;
        }
        QList<std::pair<QString, const YamlNode *>> pairs;
        for (const YamlNode &item : node.items)
            for (size_t i = 0; item.isMap() && i < item.mapSize(); ++i)
                pairs.append({platformKeyText(item.key(i)), &item.value(i)});
        addObjectKeyOrder(pairs, out);
    } else if (node.isMap()) {
        if (node.tag == kTagPrefix + "set") {
            for (size_t i = 0; i < node.mapSize(); ++i)
                addKeyOrder(node.key(i), out);
            return;
        }
        QList<std::pair<QString, const YamlNode *>> pairs;
        for (size_t i = 0; i < node.mapSize(); ++i)
            pairs.append({platformKeyText(node.key(i)), &node.value(i)});
        addObjectKeyOrder(pairs, out);
    } else if (platformScalarValue(node).isObject()) {
        out.append({QStringLiteral("type"), QStringLiteral("data")}); // a !!binary: Node's Buffer#toJSON
    }
}

} // namespace

QList<QStringList> platformKeyOrder(const YamlNode &node)
{
    QList<QStringList> out;
    addKeyOrder(node, out);
    return out;
}

QString platformKeyText(const YamlNode &key)
{
    if (key.isSequence() || key.isMap()) {
        if (key.alias)
            return flowText(key); // an alias of a collection is spelled as the alias
        YamlNode bare = key; // the key's own anchor belongs to the pair, not to its text
        bare.anchor.clear();
        return flowText(bare);
    }
    const QJsonValue v = platformScalarValue(key);
    switch (v.type()) {
    case QJsonValue::Null: return QString();
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return jsNumberText(v.toDouble());
    case QJsonValue::String: return v.toString();
    default: return utf8Text(key.scalar);
    }
}

} // namespace tw::engine
