#include "toolmd/toolmdreader.h"

#include "toolmd/frontmattersplit.h"
#include "toolmd/internedtext.h"
#include "toolmd/platformyaml.h"
#include "toolmd/utf8text.h"
#include "toolmd/yamlchecks.h"
#include "toolmd/yamlnode.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace tw::engine {
namespace {

struct Context
{
    const QString &file;
    int yamlFirstLine; // file line of the first YAML line
    Diagnostics &out;

    int lineOf(const YamlNode &node) const { return yamlFirstLine + node.line; }
    void addYamlError(const YamlError &e)
    {
        add("yaml-syntax", Severity::Skip, QStringLiteral("frontmatter is not valid YAML: %1").arg(utf8Text(e.message)),
            yamlFirstLine + e.line);
    }
    void add(const char *code, Severity severity, const QString &message, int line)
    {
        out.append({QString::fromLatin1(code), severity, message, file, line});
    }
};

QString toQString(const std::string &s) { return utf8Text(s); }

// A value the way the platform's loader (the `yaml` npm package) resolves it.
QJsonValue scalarToJson(const YamlNode &node) { return platformScalarValue(node); }
QJsonValue nodeToJson(const YamlNode &node) { return platformValue(node); }

// A scalar as text, the way a string field is read; maps and lists give nothing.
std::optional<QString> scalarText(const YamlNode &node)
{
    if (node.isScalar())
        return toQString(node.scalar);
    return std::nullopt;
}

// TOOLS.md `optional`/`sensitive` are booleans; the platform tests them for truthiness.
bool readFlag(Context &ctx, const YamlNode &node, const QString &what)
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

InputSpec readInput(Context &ctx, const YamlNode &key, const YamlNode &value)
{
    InputSpec spec;
    spec.name = internedText(platformKeyText(key)); // the object key the platform makes of it (`1.0` is "1")
    spec.line = ctx.lineOf(key);
    const QString label = QStringLiteral("input '%1'").arg(spec.name);

    if (!value.isMap()) {
        ctx.add("input-type-unknown", Severity::Warning,
                label + QStringLiteral(" is not a mapping with type and description; treated as a string"),
                spec.line);
        ctx.add("input-description-missing", Severity::Warning,
                label + QStringLiteral(" has no description; the agent will not know what to pass"),
                spec.line);
        return spec;
    }

    const YamlNode *typeNode = nullptr, *valuesNode = nullptr, *defaultNode = nullptr;
    bool hasDescription = false;
    for (size_t i = 0; i < value.mapSize(); ++i) {
        const YamlNode &k = value.key(i), &v = value.value(i);
        if (k.scalar == "type") {
            typeNode = &v;
        } else if (k.scalar == "description") {
            if (auto text = scalarText(v)) {
                spec.description = *text;
                hasDescription = !text->trimmed().isEmpty();
                // An input's description is in the tool's parameter schema: every prompt too.
                if (spec.description.size() > kMaxDescriptionChars)
                    ctx.add("description-too-long", Severity::Warning,
                            QStringLiteral("%1: description is %2 characters; keep it under %3, it goes into every system prompt")
                                .arg(label)
                                .arg(spec.description.size())
                                .arg(kMaxDescriptionChars),
                            ctx.lineOf(v));
            }
        } else if (k.scalar == "optional") {
            spec.optionalDeclared = true;
            spec.optional = readFlag(ctx, v, label + QStringLiteral(": optional"));
        } else if (k.scalar == "sensitive") {
            spec.sensitive = readFlag(ctx, v, label + QStringLiteral(": sensitive"));
        } else if (k.scalar == "values") {
            valuesNode = &v;
            spec.hasValues = true;
        } else if (k.scalar == "default") {
            defaultNode = &v;
            spec.defaultValue = nodeToJson(v);
            spec.defaultKeyOrder = platformKeyOrder(v);
        } else {
            ctx.add("unknown-key", Severity::Warning,
                    QStringLiteral("%1: unknown key '%2' is ignored by the platform")
                        .arg(label, toQString(k.scalar)),
                    ctx.lineOf(k));
        }
    }

    // TOOLS.md: string is the "Default if type is unrecognized"; object/array are unsupported.
    const int typeLine = typeNode ? ctx.lineOf(*typeNode) : spec.line;
    spec.declaredType = typeNode && typeNode->isScalar() ? internedText(toQString(typeNode->scalar)) : QString();
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
        if (valuesNode->isSequence()) {
            for (const YamlNode &item : valuesNode->items) {
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

std::atomic<quint64> g_parses{0};

} // namespace

quint64 parseToolMdCount() { return g_parses.load(std::memory_order_relaxed); }

ToolMdParse parseToolMd(const QByteArray &bytes, const QString &file)
{
    g_parses.fetch_add(1, std::memory_order_relaxed);
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
    const std::optional<FrontmatterSplit> split = splitFrontmatter(bytes, file, out.diagnostics);
    if (!split)
        return out;
    out.crlf = split->crlf;
    out.yamlBegin = split->yamlBegin;
    out.yamlEnd = split->yamlEnd;
    out.frontmatterEndLine = split->closingLine;
    out.body = bytes.mid(split->bodyBegin);
    out.bodyLine = split->bodyLine;

    // The platform's parser sees LF only (CRLF and lone CR normalised); the line count stays the same.
    std::string yamlText = normalizedLines(bytes, split->yamlBegin, split->yamlEnd);
    if (yamlText.starts_with("\xEF\xBB\xBF"))
        yamlText.erase(0, 3); // a BOM after the fence is a BOM to both parsers, not text
    Context ctx{file, split->yamlFirstLine, out.diagnostics};

    // The fast reader takes the plain frontmatter nearly every tool has; libfyaml, with the
    // platform parser's rules on top (engine/toolmd/platformyaml.h), all the rest.
    std::optional<YamlNode> parsed = readSimpleYaml(yamlText);
    if (parsed) {
        // The platform's parser (the `yaml` package) rejects a mapping that has a key twice
        // ("Map keys must be unique"); the fast reader keeps both.
        if (const auto dup = duplicateKey(*parsed)) {
            ctx.add("yaml-syntax", Severity::Skip,
                    QStringLiteral("frontmatter is not valid YAML: Map keys must be unique; the key '%1' appears twice in one "
                                   "mapping (first on line %2)")
                        .arg(utf8Text(dup->key))
                        .arg(ctx.yamlFirstLine + dup->firstLine),
                    ctx.yamlFirstLine + dup->secondLine);
            return out;
        }
    } else {
        YamlError error;
        // The platform's YAML ends before the line break that precedes the closing fence (a kept
        // block scalar at the end shows the difference).
        std::string_view platformText(yamlText);
        if (platformText.ends_with('\n'))
            platformText.remove_suffix(1);
        parsed = readPlatformYaml(platformText, &error);
        if (!parsed) {
            ctx.addYamlError(error);
            return out;
        }
    }
    auto tree = std::make_shared<const YamlNode>(std::move(*parsed));
    out.yaml = tree;
    const YamlNode &root = *tree;
    if (root.isNull() || (root.isMap() && root.mapSize() == 0)) {
        ctx.add("name-missing", Severity::Skip,
                QStringLiteral("the frontmatter is empty; a tool needs at least name, description and version"),
                1);
        return out;
    }
    if (!root.isMap()) {
        ctx.add("yaml-syntax", Severity::Skip,
                QStringLiteral("the frontmatter must be a YAML mapping of keys to values"), ctx.lineOf(root));
        return out;
    }

    ToolManifest m;
    bool hasName = false, hasDescription = false, hasLabel = false;
    const YamlNode *inputsNode = nullptr, *inputsKey = nullptr;
    {
        for (size_t i = 0; i < root.mapSize(); ++i) {
            const YamlNode &key = root.key(i);
            const YamlNode &value = root.value(i);
            const std::string &k = key.scalar; // empty for a key that is not a scalar
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
                const QJsonValue v = value.isScalar() ? scalarToJson(value) : QJsonValue();
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
                                .arg(value.isScalar() ? toQString(value.scalar) : QStringLiteral("(not a scalar)")),
                            ctx.lineOf(value));
                }
            } else if (k == "language") {
                m.language = internedText(scalarText(value).value_or(QString()));
                if (m.language != u"typescript" && m.language != u"bash" && m.language != u"python") {
                    ctx.add("language-unknown", Severity::Warning,
                            QStringLiteral("language '%1' is not typescript, bash or python").arg(m.language),
                            line);
                }
            } else if (k == "inputs") {
                inputsKey = &key;
                inputsNode = &value;
            } else {
                m.unknownKeys.append(toQString(k));
                ctx.add("unknown-key", Severity::Warning,
                        QStringLiteral("unknown key '%1' is ignored by the platform").arg(toQString(k)), line);
            }
        }

        if (inputsNode && inputsNode->isMap()) {
            m.inputs.reserve(qsizetype(inputsNode->mapSize())); // exactly: kept for every tool
            for (size_t i = 0; i < inputsNode->mapSize(); ++i)
                m.inputs.append(readInput(ctx, inputsNode->key(i), inputsNode->value(i)));
        } else if (inputsNode && !inputsNode->isNull()) {
            ctx.add("inputs-not-map", Severity::Error,
                    QStringLiteral("inputs must be a mapping of parameter names to their properties"),
                    ctx.lineOf(*inputsKey));
        }
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
