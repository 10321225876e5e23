#include "toolmdreader.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace tw::engine {
namespace {

const QString kCodeFrontmatterMissing = QStringLiteral("frontmatter-missing");
const std::string kSentinel = "__toolwright_end_of_frontmatter__";

struct Context
{
    const QString &file;
    int yamlFirstLine; // file line of the first YAML line
    Diagnostics &out;

    int lineOf(const YAML::Node &node) const { return yamlFirstLine + node.Mark().line; }
    void addYamlError(const YAML::Exception &e)
    {
        add("yaml-syntax", Severity::Skip, QStringLiteral("frontmatter is not valid YAML: %1").arg(QString::fromStdString(e.msg)),
            e.mark.is_null() ? 1 : yamlFirstLine + e.mark.line);
    }
    void add(const char *code, Severity severity, const QString &message, int line)
    {
        out.append({QString::fromLatin1(code), severity, message, file, line});
    }
};

QString toQString(const std::string &s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

bool isQuoted(const YAML::Node &node) { return node.Tag() == "!"; }

// A scalar's value the way the platform's loader (the `yaml` npm package) resolves it; quoted
// scalars are always strings.
QJsonValue scalarToJson(const YAML::Node &node)
{
    const QString text = toQString(node.Scalar());
    if (isQuoted(node) || node.Tag() == "tag:yaml.org,2002:str")
        return text;
    return resolvePlainScalar(text);
}

QJsonValue nodeToJson(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Scalar:
        return scalarToJson(node);
    case YAML::NodeType::Sequence: {
        QJsonArray array;
        for (const YAML::Node &item : node)
            array.append(nodeToJson(item));
        return array;
    }
    case YAML::NodeType::Map: {
        QJsonObject object;
        for (const auto &kv : node)
            object.insert(toQString(kv.first.Scalar()), nodeToJson(kv.second));
        return object;
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return QJsonValue::Null;
    }
    return QJsonValue::Null;
}

// A scalar as text, the way a string field is read; maps and lists give nothing.
std::optional<QString> scalarText(const YAML::Node &node)
{
    if (node.IsScalar())
        return toQString(node.Scalar());
    return std::nullopt;
}

// TOOLS.md `optional`/`sensitive` are booleans; the platform tests them for truthiness.
bool readFlag(Context &ctx, const YAML::Node &node, const QString &what)
{
    const QJsonValue v = nodeToJson(node);
    if (v.isBool())
        return v.toBool();
    ctx.add("not-boolean", Severity::Warning,
            QStringLiteral("%1 should be true or false").arg(what), ctx.lineOf(node));
    if (v.isNull())
        return false;
    if (v.isDouble())
        return v.toDouble() != 0;
    if (v.isString())
        return !v.toString().isEmpty();
    return true;
}

bool jsonMatchesType(const QJsonValue &v, InputType type)
{
    switch (type) {
    case InputType::String: return v.isString();
    case InputType::Number: return v.isDouble();
    case InputType::Boolean: return v.isBool();
    case InputType::Enum: return v.isString();
    }
    return false;
}

QString jsonText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isDouble())
        return QString::number(v.toDouble());
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isNull())
        return QStringLiteral("null");
    return v.isArray() ? QStringLiteral("a list") : QStringLiteral("a mapping");
}

InputSpec readInput(Context &ctx, const YAML::Node &key, const YAML::Node &value)
{
    InputSpec spec;
    spec.name = toQString(key.Scalar());
    spec.line = ctx.lineOf(key);
    const QString label = QStringLiteral("input '%1'").arg(spec.name);

    if (!value.IsMap()) {
        ctx.add("input-type-unknown", Severity::Warning,
                label + QStringLiteral(" is not a mapping with type and description; treated as a string"),
                spec.line);
        ctx.add("input-description-missing", Severity::Warning,
                label + QStringLiteral(" has no description; the agent will not know what to pass"),
                spec.line);
        return spec;
    }

    std::optional<YAML::Node> typeNode, valuesNode, defaultNode;
    bool hasDescription = false;
    for (const auto &kv : value) {
        const std::string k = kv.first.Scalar();
        if (k == "type") {
            typeNode.emplace(kv.second);
        } else if (k == "description") {
            if (auto text = scalarText(kv.second)) {
                spec.description = *text;
                hasDescription = !text->trimmed().isEmpty();
                // An input's description is in the tool's parameter schema: every prompt too.
                if (spec.description.size() > kMaxDescriptionChars)
                    ctx.add("description-too-long", Severity::Warning,
                            QStringLiteral("%1: description is %2 characters; keep it under %3, it goes into every system prompt")
                                .arg(label)
                                .arg(spec.description.size())
                                .arg(kMaxDescriptionChars),
                            ctx.lineOf(kv.second));
            }
        } else if (k == "optional") {
            spec.optionalDeclared = true;
            spec.optional = readFlag(ctx, kv.second, label + QStringLiteral(": optional"));
        } else if (k == "sensitive") {
            spec.sensitive = readFlag(ctx, kv.second, label + QStringLiteral(": sensitive"));
        } else if (k == "values") {
            valuesNode.emplace(kv.second);
            spec.hasValues = true;
        } else if (k == "default") {
            defaultNode.emplace(kv.second);
            spec.defaultValue = nodeToJson(kv.second);
        } else {
            ctx.add("unknown-key", Severity::Warning,
                    QStringLiteral("%1: unknown key '%2' is ignored by the platform")
                        .arg(label, toQString(k)),
                    ctx.lineOf(kv.first));
        }
    }

    // TOOLS.md: string is the "Default if type is unrecognized"; object/array are unsupported.
    const int typeLine = typeNode ? ctx.lineOf(*typeNode) : spec.line;
    spec.declaredType = typeNode && typeNode->IsScalar() ? toQString(typeNode->Scalar()) : QString();
    if (spec.declaredType == u"string") {
        spec.type = InputType::String;
    } else if (spec.declaredType == u"number") {
        spec.type = InputType::Number;
    } else if (spec.declaredType == u"boolean") {
        spec.type = InputType::Boolean;
    } else if (spec.declaredType == u"enum") {
        spec.type = InputType::Enum;
    } else if (spec.declaredType == u"object" || spec.declaredType == u"array") {
        ctx.add("input-type-unsupported", Severity::Warning,
                QStringLiteral("%1: type '%2' is not supported by the schema builder and becomes "
                               "string; accept a JSON string and parse it in execute")
                    .arg(label, spec.declaredType),
                typeLine);
    } else if (spec.declaredType.isEmpty()) {
        ctx.add("input-type-unknown", Severity::Warning,
                label + QStringLiteral(" has no type; treated as string"), typeLine);
    } else {
        ctx.add("input-type-unknown", Severity::Warning,
                QStringLiteral("%1: unknown type '%2' is treated as string").arg(label, spec.declaredType),
                typeLine);
    }

    if (!hasDescription) {
        ctx.add("input-description-missing", Severity::Warning,
                label + QStringLiteral(" has no description; the agent will not know what to pass"),
                spec.line);
    }

    if (valuesNode) {
        if (valuesNode->IsSequence()) {
            for (const YAML::Node &item : *valuesNode) {
                if (auto text = scalarText(item))
                    spec.values.append(*text);
            }
        } else if (auto text = scalarText(*valuesNode)) {
            // TOOLS.md: "Comma-separated allowed values for enum type."
            for (const QString &part : text->split(u','))
                if (!part.trimmed().isEmpty())
                    spec.values.append(part.trimmed());
        }
    }
    if (spec.type == InputType::Enum) {
        if (!spec.hasValues) {
            ctx.add("enum-without-values", Severity::Error,
                    label + QStringLiteral(" is an enum without `values`"), typeLine);
        } else if (spec.values.isEmpty()) {
            ctx.add("empty-values", Severity::Error,
                    label + QStringLiteral(": `values` is empty; the enum accepts nothing"),
                    ctx.lineOf(*valuesNode));
        }
    }

    if (defaultNode) {
        const int line = ctx.lineOf(*defaultNode);
        const QJsonValue &def = spec.defaultValue;
        if (spec.type == InputType::Enum && def.isString() && !spec.values.isEmpty()
            && !spec.values.contains(def.toString())) {
            ctx.add("default-not-in-values", Severity::Error,
                    QStringLiteral("%1: default '%2' is not one of %3")
                        .arg(label, def.toString(), spec.values.join(QStringLiteral(", "))),
                    line);
        } else if (!jsonMatchesType(def, spec.type)) {
            ctx.add("default-type-mismatch", Severity::Error,
                    QStringLiteral("%1: default %2 is not a %3")
                        .arg(label, jsonText(def), inputTypeName(spec.type)),
                    line);
        }
        if (spec.optionalDeclared && !spec.optional) {
            ctx.add("required-with-default", Severity::Warning,
                    label + QStringLiteral(" is required (optional: false) but has a default"), line);
        }
    }
    if (spec.sensitive && spec.type != InputType::String) {
        ctx.add("sensitive-not-string", Severity::Warning,
                QStringLiteral("%1 is sensitive but of type %2; secrets are strings")
                    .arg(label, inputTypeName(spec.type)),
                spec.line);
    }
    return spec;
}

struct Split
{
    qsizetype yamlBegin = 0, yamlEnd = 0, bodyBegin = 0;
    int closingLine = 0;
};

// DESIGN.md: `---` on line 1 (BOM and CRLF tolerated), closed by the next line that is exactly `---`.
std::optional<Split> splitFrontmatter(const QByteArray &bytes, qsizetype start, ToolMdParse &out,
                                      const QString &file)
{
    auto lineEnd = [&](qsizetype from) {
        const qsizetype nl = bytes.indexOf('\n', from);
        return nl < 0 ? bytes.size() : nl;
    };
    auto isFence = [&](qsizetype from, qsizetype to) {
        if (to > from && bytes[to - 1] == '\r')
            --to;
        return to - from == 3 && bytes[from] == '-' && bytes[from + 1] == '-' && bytes[from + 2] == '-';
    };
    const qsizetype firstEnd = lineEnd(start);
    if (!isFence(start, firstEnd)) {
        out.diagnostics.append({kCodeFrontmatterMissing, Severity::Skip,
                                QStringLiteral("TOOL.md must start with a `---` line opening the YAML frontmatter"),
                                file, 1});
        return std::nullopt;
    }
    out.crlf = firstEnd > start && bytes[firstEnd - 1] == '\r';
    Split split;
    split.yamlBegin = firstEnd + 1;
    int line = 2;
    for (qsizetype pos = split.yamlBegin; pos < bytes.size(); ++line) {
        const qsizetype end = lineEnd(pos);
        if (isFence(pos, end)) {
            split.yamlEnd = pos;
            split.bodyBegin = std::min(end + 1, bytes.size());
            split.closingLine = line;
            return split;
        }
        pos = end + 1;
    }
    out.diagnostics.append({QStringLiteral("frontmatter-unterminated"), Severity::Skip,
                            QStringLiteral("the frontmatter opened on line 1 is never closed by a `---` line"),
                            file, 1});
    return std::nullopt;
}

} // namespace

QJsonValue resolvePlainScalar(const QString &text)
{
    static const QRegularExpression nullRe(QStringLiteral("^(?:~|null|Null|NULL|)$"));
    static const QRegularExpression trueRe(QStringLiteral("^(?:true|True|TRUE)$"));
    static const QRegularExpression falseRe(QStringLiteral("^(?:false|False|FALSE)$"));
    static const QRegularExpression intRe(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression octRe(QStringLiteral("^0o[0-7]+$"));
    static const QRegularExpression hexRe(QStringLiteral("^0x[0-9a-fA-F]+$"));
    static const QRegularExpression floatRe(
        QStringLiteral("^[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$"));
    static const QRegularExpression infRe(QStringLiteral("^[-+]?\\.(?:inf|Inf|INF)$"));
    static const QRegularExpression nanRe(QStringLiteral("^\\.(?:nan|NaN|NAN)$"));
    if (nullRe.match(text).hasMatch())
        return QJsonValue::Null;
    if (trueRe.match(text).hasMatch())
        return true;
    if (falseRe.match(text).hasMatch())
        return false;
    if (intRe.match(text).hasMatch() || floatRe.match(text).hasMatch())
        return text.toDouble();
    if (octRe.match(text).hasMatch())
        return double(text.mid(2).toLongLong(nullptr, 8));
    if (hexRe.match(text).hasMatch())
        return double(text.mid(2).toLongLong(nullptr, 16));
    if (infRe.match(text).hasMatch())
        return text.startsWith(u'-') ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    if (nanRe.match(text).hasMatch())
        return std::numeric_limits<double>::quiet_NaN();
    return text;
}

qsizetype firstInvalidUtf8(const QByteArray &bytes)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        if (c >= 0x01 && c < 0x80) {
            ++i;
            continue;
        }
        int len = 0;
        unsigned min = 0;
        unsigned cp = 0;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; min = 0x80; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; min = 0x800; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; min = 0x10000; }
        else return i; // NUL, stray continuation byte or invalid lead byte
        if (i + len > n)
            return i;
        for (int k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return -1;
}

bool isSnakeCase(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$"));
    return re.match(name).hasMatch();
}

namespace {

struct DuplicateKey
{
    std::string key;
    int firstLine = 0, secondLine = 0; // 0-based, within the YAML text
};

// The first key that appears twice in one mapping, anywhere in the tree.
std::optional<DuplicateKey> duplicateKey(const YAML::Node &node)
{
    if (node.IsMap()) {
        std::map<std::string, int> seen;
        for (const auto &kv : node) {
            if (kv.first.IsScalar()) {
                const auto [it, inserted] = seen.emplace(kv.first.Scalar(), kv.first.Mark().line);
                if (!inserted)
                    return DuplicateKey{kv.first.Scalar(), it->second, kv.first.Mark().line};
            }
            if (auto d = duplicateKey(kv.second))
                return d;
        }
    } else if (node.IsSequence()) {
        for (const auto &item : node)
            if (auto d = duplicateKey(item))
                return d;
    }
    return std::nullopt;
}

// yaml-cpp folds the next line into a plain scalar even when that line is not indented past
// the scalar's key, and takes a bare word on its own line for a key without a value; the
// platform's parser rejects both ("Implicit map keys need to be followed by map values"). The
// first such line (0-based in `lines`), anywhere in the tree.
std::optional<int> unindentedContinuation(const YAML::Node &node, const std::vector<std::string_view> &lines)
{
    if (node.IsSequence()) {
        for (const auto &item : node)
            if (auto l = unindentedContinuation(item, lines))
                return l;
        return std::nullopt;
    }
    if (!node.IsMap())
        return std::nullopt;
    std::vector<std::pair<YAML::Node, YAML::Node>> entries;
    for (const auto &kv : node)
        entries.emplace_back(kv.first, kv.second);
    for (size_t i = 0; i < entries.size(); ++i) {
        const YAML::Node &key = entries[i].first, &value = entries[i].second;
        // A bare word on a line of its own is taken as a key with no value; it is not one.
        if (node.Style() != YAML::EmitterStyle::Flow && key.IsScalar() && key.Tag() == "?" && !key.Mark().is_null()
            && key.Mark().line < int(lines.size())) {
            // A plain key is followed, on its line, by `:` and a space or the line's end.
            const std::string_view line = lines[size_t(key.Mark().line)];
            size_t after = size_t(key.Mark().column) + key.Scalar().size();
            while (after < line.size() && (line[after] == ' ' || line[after] == '\t'))
                ++after;
            if (after >= line.size() || line[after] != ':'
                || (after + 1 < line.size() && line[after + 1] != ' ' && line[after + 1] != '\t'))
                return key.Mark().line;
        }
        if (value.IsScalar() && value.Tag() == "?" && !value.Mark().is_null() && !key.Mark().is_null()) {
            const int column = key.Mark().column;
            // A value on the lines below its key must be indented past it.
            if (value.Mark().line > key.Mark().line && value.Mark().column <= column)
                return value.Mark().line;
            const int end = i + 1 < entries.size() ? entries[i + 1].first.Mark().line : int(lines.size());
            for (int l = value.Mark().line + 1; l < end && l < int(lines.size()); ++l) {
                const std::string_view text = lines[size_t(l)];
                const size_t first = text.find_first_not_of(' ');
                if (first == std::string_view::npos || text[first] == '#')
                    continue;
                if (int(first) < column)
                    break; // the enclosing mapping's next line
                if (int(first) == column)
                    return l;
            }
        }
        if (auto l = unindentedContinuation(value, lines))
            return l;
    }
    return std::nullopt;
}

} // namespace

ToolMdParse parseToolMd(const QByteArray &bytes, const QString &file)
{
    ToolMdParse out;
    if (bytes.size() > kMaxToolMdBytes) {
        out.diagnostics.append({QStringLiteral("file-too-large"), Severity::Skip,
                                QStringLiteral("TOOL.md is %1 bytes; the limit is %2")
                                    .arg(bytes.size()).arg(kMaxToolMdBytes),
                                file, 0});
        return out;
    }
    if (const qsizetype bad = firstInvalidUtf8(bytes); bad >= 0) {
        const int line = int(bytes.left(bad).count('\n')) + 1;
        out.diagnostics.append({QStringLiteral("not-utf8"), Severity::Skip,
                                QStringLiteral("TOOL.md is not UTF-8 text (byte %1 is invalid)").arg(bad),
                                file, line});
        return out;
    }
    const qsizetype start = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const std::optional<Split> split = splitFrontmatter(bytes, start, out, file);
    if (!split)
        return out;
    out.frontmatterEndLine = split->closingLine;
    out.body = bytes.mid(split->bodyBegin);
    out.bodyLine = split->closingLine + 1;

    std::string yamlText(bytes.constData() + split->yamlBegin, size_t(split->yamlEnd - split->yamlBegin));
    std::erase(yamlText, '\r'); // yaml-cpp reads LF; the line count stays the same
    if (yamlText.starts_with("\xEF\xBB\xBF"))
        yamlText.erase(0, 3); // a BOM after the fence is a BOM to both parsers, not text
    Context ctx{file, 2, out.diagnostics};

    // yaml-cpp accepts a quoted scalar left open at the end of the input, where the platform's
    // parser rejects it. A sentinel key after the text reveals it: an open quote swallows it.
    YAML::Node root;
    bool sentinelSeen = false;
    try {
        root = YAML::Load(yamlText + "\n" + kSentinel + ": 0\n");
        if (root.IsMap()) {
            sentinelSeen = bool(root[kSentinel]);
            root.remove(kSentinel);
        } else {
            root = YAML::Load(yamlText);
            sentinelSeen = true;
        }
    } catch (const YAML::Exception &) {
        try {
            root = YAML::Load(yamlText); // the error as the text alone gives it
            sentinelSeen = true;
        } catch (const YAML::Exception &e) {
            ctx.addYamlError(e);
            return out;
        }
    }
    if (!sentinelSeen) {
        int line = 1;
        for (const auto &kv : root) {
            if (kv.second.IsScalar() && kv.second.Scalar().find(kSentinel) != std::string::npos)
                line = ctx.lineOf(kv.first);
        }
        ctx.add("yaml-syntax", Severity::Skip,
                QStringLiteral("frontmatter is not valid YAML: a quoted string is never closed"), line);
        return out;
    }
    // The platform's parser (the `yaml` package) rejects a mapping that has a key twice
    // ("Map keys must be unique"); yaml-cpp keeps both, and which one wins is not the platform's.
    if (const auto dup = duplicateKey(root)) {
        ctx.add("yaml-syntax", Severity::Skip,
                QStringLiteral("frontmatter is not valid YAML: the key '%1' appears twice in one mapping (first on line %2)")
                    .arg(QString::fromStdString(dup->key))
                    .arg(ctx.yamlFirstLine + dup->firstLine),
                ctx.yamlFirstLine + dup->secondLine);
        return out;
    }
    {
        std::vector<std::string_view> lines;
        for (size_t from = 0; from <= yamlText.size();) {
            const size_t nl = yamlText.find('\n', from);
            lines.emplace_back(std::string_view(yamlText).substr(from, (nl == std::string::npos ? yamlText.size() : nl) - from));
            if (nl == std::string::npos)
                break;
            from = nl + 1;
        }
        if (const auto l = unindentedContinuation(root, lines)) {
            ctx.add("yaml-syntax", Severity::Skip,
                    QStringLiteral("frontmatter is not valid YAML: this line is neither `key: value` nor indented past "
                                   "the key above as its continuation"),
                    ctx.yamlFirstLine + *l);
            return out;
        }
    }
    if (root.IsMap() && root.size() == 0)
        root = YAML::Node(YAML::NodeType::Null);
    if (root.IsNull()) {
        ctx.add("name-missing", Severity::Skip,
                QStringLiteral("the frontmatter is empty; a tool needs at least name, description and version"),
                1);
        return out;
    }
    if (!root.IsMap()) {
        ctx.add("yaml-syntax", Severity::Skip,
                QStringLiteral("the frontmatter must be a YAML mapping of keys to values"), ctx.lineOf(root));
        return out;
    }

    ToolManifest m;
    bool hasName = false, hasDescription = false, hasLabel = false;
    std::optional<YAML::Node> inputsNode, inputsKey;
    try {
        for (const auto &kv : root) {
            const YAML::Node &key = kv.first;
            const YAML::Node &value = kv.second;
            const std::string k = key.IsScalar() ? key.Scalar() : std::string();
            const int line = ctx.lineOf(key);
            if (k == "name") {
                if (auto text = scalarText(value); text && !text->trimmed().isEmpty()) {
                    m.name = text->trimmed();
                    hasName = true;
                    if (!isSnakeCase(m.name)) {
                        ctx.add("name-not-snake-case", Severity::Error,
                                QStringLiteral("name '%1' is not snake_case (lower-case letters, digits and _)")
                                    .arg(m.name),
                                line);
                    }
                }
            } else if (k == "label") {
                if (auto text = scalarText(value); text && !text->isEmpty()) {
                    m.label = *text;
                    hasLabel = true;
                }
            } else if (k == "description") {
                if (auto text = scalarText(value); text && !text->trimmed().isEmpty()) {
                    m.description = *text;
                    hasDescription = true;
                }
                if (m.description.size() > kMaxDescriptionChars) {
                    ctx.add("description-too-long", Severity::Warning,
                            QStringLiteral("description is %1 characters; keep it under %2, it goes into every system prompt")
                                .arg(m.description.size()).arg(kMaxDescriptionChars),
                            line);
                }
            } else if (k == "version") {
                m.versionPresent = true;
                m.versionLine = line;
                const QJsonValue v = value.IsScalar() ? scalarToJson(value) : QJsonValue();
                const double d = v.isDouble() ? v.toDouble() : std::nan("");
                const bool integral = v.isDouble() && std::isfinite(d) && std::floor(d) == d
                    && std::abs(d) <= double(std::numeric_limits<int>::max());
                if (integral) {
                    m.version = int(d);
                } else {
                    bool ok = false;
                    const int quoted = v.isString() ? v.toString().trimmed().toInt(&ok) : 0;
                    m.version = ok ? quoted : 0;
                    ctx.add("version-not-integer", Severity::Error,
                            QStringLiteral("version %1 is not an integer; sync compares versions as integers")
                                .arg(value.IsScalar() ? toQString(value.Scalar()) : QStringLiteral("(not a scalar)")),
                            ctx.lineOf(value));
                }
            } else if (k == "language") {
                m.language = scalarText(value).value_or(QString());
                if (m.language != u"typescript" && m.language != u"bash" && m.language != u"python") {
                    ctx.add("language-unknown", Severity::Warning,
                            QStringLiteral("language '%1' is not typescript, bash or python").arg(m.language),
                            line);
                }
            } else if (k == "inputs") {
                inputsKey.emplace(key);
                inputsNode.emplace(value);
            } else {
                m.unknownKeys.append(toQString(k));
                ctx.add("unknown-key", Severity::Warning,
                        QStringLiteral("unknown key '%1' is ignored by the platform").arg(toQString(k)), line);
            }
        }

        if (inputsNode && inputsNode->IsMap()) {
            for (const auto &kv : *inputsNode)
                m.inputs.append(readInput(ctx, kv.first, kv.second));
        } else if (inputsNode && !inputsNode->IsNull()) {
            ctx.add("inputs-not-map", Severity::Error,
                    QStringLiteral("inputs must be a mapping of parameter names to their properties"),
                    ctx.lineOf(*inputsKey));
        }
    } catch (const YAML::Exception &e) { // a conversion yaml-cpp refuses while walking the tree
        ctx.addYamlError(e);
        return out;
    }

    if (!hasName) {
        ctx.add("name-missing", Severity::Skip,
                QStringLiteral("the frontmatter has no `name`; the loader cannot register the tool"), 1);
        return out;
    }
    if (!hasLabel)
        m.label = m.name;
    if (!hasDescription) {
        ctx.add("description-missing", Severity::Error,
                QStringLiteral("no description; the agent sees it in its system prompt to decide when to call the tool"),
                1);
    }
    if (!m.versionPresent) {
        ctx.add("version-missing", Severity::Warning,
                QStringLiteral("no version; it defaults to 0 and sync-tools will behave unpredictably"), 1);
    }
    if (out.body.trimmed().isEmpty()) {
        ctx.add("body-empty", Severity::Warning,
                QStringLiteral("the Markdown body is empty; the agent reads it to learn how to use the tool"),
                out.bodyLine);
    }
    out.manifest = std::move(m);
    return out;
}

} // namespace tw::engine
