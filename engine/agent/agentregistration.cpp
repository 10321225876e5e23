#include "agent/agentregistration.h"

namespace tw::engine {
namespace {

// JavaScript's WhiteSpace and LineTerminator (what String.prototype.trim and \s remove):
// not quite QChar::isSpace, which has U+0085 and lacks U+FEFF.
bool isJsSpace(QChar c)
{
    switch (c.unicode()) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20: case 0xA0: case 0x1680:
    case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: case 0xFEFF:
        return true;
    default:
        return c.unicode() >= 0x2000 && c.unicode() <= 0x200A;
    }
}

QString jsTrim(const QString &s)
{
    qsizetype begin = 0, end = s.size();
    while (begin < end && isJsSpace(s[begin]))
        ++begin;
    while (end > begin && isJsSpace(s[end - 1]))
        --end;
    return s.mid(begin, end - begin);
}

// Schema options in the order the loader passes them: description, then default.
void addOptions(JsValue &schema, const InputSpec &in)
{
    if (!in.description.isEmpty())
        schema.insert(QStringLiteral("description"), JsValue::string(in.description));
    if (!in.defaultValue.isUndefined())
        schema.insert(QStringLiteral("default"), JsValue::fromJson(in.defaultValue, in.defaultKeyOrder));
}

JsValue typeOnly(const char *type)
{
    return JsValue::object().insert(QStringLiteral("type"), JsValue::string(QLatin1StringView(type)));
}

JsValue inputSchema(const InputSpec &in)
{
    JsValue schema;
    switch (in.type) {
    case InputType::String: schema = typeOnly("string"); break;
    case InputType::Number: schema = typeOnly("number"); break;
    case InputType::Boolean: schema = typeOnly("boolean"); break;
    case InputType::Enum: {
        // Type.Union([Type.Literal(v), ...]): {"anyOf":[{"type":"string","const":v}, ...]}
        JsValue literals = JsValue::array();
        for (const QString &v : in.values)
            literals.append(typeOnly("string").insert(QStringLiteral("const"), JsValue::string(v)));
        schema = JsValue::object().insert(QStringLiteral("anyOf"), literals);
        break;
    }
    }
    addOptions(schema, in);
    return schema;
}

} // namespace

JsValue parameterSchema(const ToolManifest &manifest)
{
    // Type.Object: {"type":"object","required":[...],"properties":{...}}; no "required" when
    // every input is optional. A name given twice keeps its first place and its last schema,
    // as a JavaScript object literal built key by key does.
    JsValue properties = JsValue::object();
    QStringList required;
    for (const InputSpec &in : manifest.inputs) {
        properties.insert(in.name, inputSchema(in));
        required.removeAll(in.name);
        if (!in.optional)
            required.append(in.name);
    }
    QStringList requiredInOrder;
    for (const auto &member : properties.members())
        if (required.contains(member.first))
            requiredInOrder.append(member.first);
    JsValue schema = typeOnly("object");
    if (!requiredInOrder.isEmpty()) {
        JsValue list = JsValue::array();
        for (const QString &name : requiredInOrder)
            list.append(JsValue::string(name));
        schema.insert(QStringLiteral("required"), list);
    }
    schema.insert(QStringLiteral("properties"), properties);
    return schema;
}

QString platformBody(const QByteArray &body)
{
    QString text = QString::fromUtf8(body);
    text.replace(QLatin1StringView("\r\n"), QLatin1StringView("\n"));
    text.replace(u'\r', u'\n');
    return jsTrim(text);
}

QString normalizedPromptSnippet(const QString &text)
{
    QString out;
    out.reserve(text.size());
    bool space = false;
    for (const QChar c : text) {
        if (isJsSpace(c)) {
            space = true;
            continue;
        }
        if (space && !out.isEmpty())
            out += u' ';
        space = false;
        out += c;
    }
    return out;
}

AgentRegistration agentRegistration(const ToolRecord &tool)
{
    const ToolManifest &m = tool.manifest;
    AgentRegistration r;
    r.name = m.name;
    r.label = m.label.isEmpty() ? m.name : m.label;
    r.toolDescription = m.description;
    r.body = platformBody(tool.body);
    // TOOLS.md: the description "appears in the agent's system prompt" and the body is what
    // "the agent sees when the tool is loaded" (docs/decisions.md "What the agent sees").
    r.description = r.body.isEmpty() ? m.description : m.description + QStringLiteral("\n\n") + r.body;
    r.promptSnippet = m.description;
    r.parameters = parameterSchema(m);
    return r;
}

JsValue AgentRegistration::json() const
{
    return JsValue::object()
        .insert(QStringLiteral("name"), JsValue::string(name))
        .insert(QStringLiteral("label"), JsValue::string(label))
        .insert(QStringLiteral("description"), JsValue::string(description))
        .insert(QStringLiteral("promptSnippet"), JsValue::string(promptSnippet))
        .insert(QStringLiteral("parameters"), parameters);
}

QString AgentRegistration::promptLine() const
{
    // pi lists a custom tool under "Available tools" only with a non-empty snippet.
    const QString snippet = normalizedPromptSnippet(promptSnippet);
    return snippet.isEmpty() ? QString() : QStringLiteral("- ") + name + QStringLiteral(": ") + snippet;
}

qsizetype estimateTokens(qsizetype chars)
{
    return (chars + 3) / 4;
}

AgentSize agentSize(const AgentRegistration &registration)
{
    const QString line = registration.promptLine();
    AgentSize size;
    size.chars = registration.name.size() + registration.description.size()
        + registration.parameters.stringify().size() + (line.isEmpty() ? 0 : line.size() + 1);
    size.tokens = estimateTokens(size.chars);
    return size;
}

} // namespace tw::engine
