#include "types/entrytypes.h"

#include "agent/agentregistration.h"

#include <QJsonObject>
#include <QRegularExpression>

namespace tw::engine {

namespace {

// A JavaScript string literal for `text` (JSON's escapes are JavaScript's).
QString stringLiteral(const QString &text)
{
    QString out = QStringLiteral("'");
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\'': out += QLatin1StringView("\\'"); break;
        case '\\': out += QLatin1StringView("\\\\"); break;
        case '\n': out += QLatin1StringView("\\n"); break;
        case '\r': out += QLatin1StringView("\\r"); break;
        case 0x2028: out += QLatin1StringView("\\u2028"); break;
        case 0x2029: out += QLatin1StringView("\\u2029"); break;
        default:
            if (c.unicode() < 0x20)
                out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    return out + u'\'';
}

QString propertyName(const QString &name)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    return identifier.match(name).hasMatch() ? name : stringLiteral(name);
}

// What one property schema of TypeBox's Type.Object means in TypeScript.
QString schemaType(const JsValue &schema)
{
    if (const JsValue *anyOf = schema.find(QStringLiteral("anyOf"))) {
        QStringList literals;
        for (const JsValue &item : anyOf->items())
            if (const JsValue *value = item.find(QStringLiteral("const")))
                literals.append(stringLiteral(value->text()));
        return literals.isEmpty() ? QStringLiteral("never") : literals.join(QLatin1StringView(" | "));
    }
    const JsValue *type = schema.find(QStringLiteral("type"));
    return type ? type->text() : QStringLiteral("string");
}

// A doc comment may hold any text but its own end.
QString docComment(const QString &description, const QString &indent)
{
    QString text = description;
    text.replace(QLatin1StringView("*/"), QLatin1StringView("*\\/"));
    // Every line break TypeScript counts is one we count (inputAtLine stays true).
    text.replace(QLatin1StringView("\r\n"), QLatin1StringView("\n"));
    for (QChar &c : text) {
        if (c == u'\r')
            c = u'\n';
        else if (c.unicode() == 0x2028 || c.unicode() == 0x2029)
            c = u' ';
    }
    QString out = indent + QStringLiteral("/**\n");
    for (const QString &line : text.split(u'\n'))
        out += indent + QStringLiteral(" * ") + line + u'\n';
    return out + indent + QStringLiteral(" */\n");
}

struct ParamsMember
{
    QString name, type, description;
    bool optional = false;
};

QList<ParamsMember> paramsMembers(const ToolManifest &manifest)
{
    const JsValue schema = parameterSchema(manifest);
    QStringList required;
    if (const JsValue *list = schema.find(QStringLiteral("required")))
        for (const JsValue &name : list->items())
            required.append(name.text());
    QList<ParamsMember> members;
    if (const JsValue *properties = schema.find(QStringLiteral("properties"))) {
        for (const auto &[name, property] : properties->members()) {
            const JsValue *description = property.find(QStringLiteral("description"));
            members.append({name, schemaType(property), description ? description->text() : QString(),
                            !required.contains(name)});
        }
    }
    return members;
}

} // namespace

QString inputTypeText(const ToolManifest &manifest, const QString &name)
{
    for (const ParamsMember &m : paramsMembers(manifest))
        if (m.name == name)
            return m.type;
    return {};
}

QString paramsTypeText(const ToolManifest &manifest)
{
    QStringList parts;
    for (const ParamsMember &m : paramsMembers(manifest))
        parts.append(propertyName(m.name) + (m.optional ? QStringLiteral("?: ") : QStringLiteral(": ")) + m.type);
    return parts.isEmpty() ? QStringLiteral("{}") : QStringLiteral("{ ") + parts.join(QLatin1StringView("; ")) + QStringLiteral(" }");
}

ToolDeclarations toolDeclarations(const ToolManifest &manifest)
{
    ToolDeclarations d;
    QString text = QStringLiteral(
        "// Made by Toolwright from TOOL.md: what the platform passes to and expects from execute.\n"
        "export {};\n"
        "declare global {\n");
    text += docComment(QStringLiteral("The inputs TOOL.md declares for `%1`: what the agent passes as params.")
                           .arg(manifest.name),
                       QStringLiteral("  "));
    text += QStringLiteral("  type ToolMdParams = {\n");
    int line = int(text.count(u'\n')) + 1;
    for (const ParamsMember &m : paramsMembers(manifest)) {
        if (!m.description.isEmpty()) {
            const QString doc = docComment(m.description, QStringLiteral("    "));
            text += doc;
            line += int(doc.count(u'\n'));
        }
        text += QStringLiteral("    ") + propertyName(m.name) + (m.optional ? QStringLiteral("?: ") : QStringLiteral(": "))
              + m.type + QStringLiteral(";\n");
        d.inputAtLine.insert(line++, m.name);
    }
    text += QStringLiteral(
        "  };\n"
        "  /** The inputs TOOL.md declares (a tool may declare its own Params in its module). */\n"
        "  type Params = ToolMdParams;\n"
        "  /** What execute returns (TOOLS.md \"Return Value\"). */\n"
        "  type ToolwrightToolResult = {\n"
        "    content: Array<{ type: string; text: string }>;\n"
        "    isError?: boolean;\n"
        "  };\n"
        "  type ToolResult = ToolwrightToolResult;\n"
        "  /** The progress callback (TOOLS.md \"Progress Updates\"). */\n"
        "  type ToolwrightOnUpdate = (partial: { content: Array<{ type: string; text: string }> }) => void;\n"
        "  type OnUpdate = ToolwrightOnUpdate;\n"
        "}\n");
    d.text = text.toUtf8();
    return d;
}

QByteArray entryChecks()
{
    // Appended to the entry's own text, in its module: `execute` is the entry's. The names are
    // Toolwright's own, not Params or ToolResult, which the entry may declare itself.
    // Line numbers (from the first appended line) matter: typeCheckCode() names them.
    return QByteArrayLiteral(
        "type ToolwrightParamsOfExecute = Parameters<typeof execute>['length'] extends 0 | 1 ? unknown : Parameters<typeof execute>[1];\n" // 1
        "declare const toolwrightDeclared: ToolMdParams;\n"                                          // 2
        "export const toolwrightParamsCheck: ToolwrightParamsOfExecute = toolwrightDeclared;\n"      // 3
        "declare const toolwrightReturned: Awaited<ReturnType<typeof execute>>;\n"                   // 4
        "export const toolwrightResultCheck: ToolwrightToolResult = toolwrightReturned;\n"           // 5
        "export const toolwrightSignatureCheck: (toolCallId: string, params: never, signal?: AbortSignal,\n" // 6
        "    onUpdate?: ToolwrightOnUpdate) => unknown = execute;\n");                               // 7
}

QString typeCheckCode(int line)
{
    switch (line) {
    case 3: return QStringLiteral("params-type-mismatch");
    case 5: return QStringLiteral("result-type-mismatch");
    case 6:
    case 7: return QStringLiteral("execute-signature-mismatch");
    default: return {};
    }
}

QString flattenTypeScriptMessage(const QString &text)
{
    QStringList lines;
    for (const QString &line : text.split(u'\n')) {
        const QString t = line.trimmed();
        if (!t.isEmpty())
            lines.append(t);
    }
    return lines.join(u' ');
}

namespace {

Severity severityOf(const QJsonObject &d)
{
    const QString category = d.value(QStringLiteral("category")).toString();
    return category == u"warning" ? Severity::Warning : category == u"error" ? Severity::Error : Severity::Info;
}

QString withCode(const QJsonObject &d)
{
    const int code = d.value(QStringLiteral("code")).toInt();
    const QString text = flattenTypeScriptMessage(d.value(QStringLiteral("text")).toString());
    return code > 0 ? QStringLiteral("%1 (TS%2)").arg(text).arg(code) : text;
}

} // namespace

Diagnostics typeScriptDiagnostics(const QJsonArray &body, const QString &code, const QString &file, int lastLine)
{
    Diagnostics out;
    for (const QJsonValue &v : body) {
        const QJsonObject d = v.toObject();
        if (d.value(QStringLiteral("category")).toString() == u"suggestion")
            continue; // hints an IDE greys out ("unused"), not findings
        const int line = d.value(QStringLiteral("start")).toObject().value(QStringLiteral("line")).toInt();
        if (line > lastLine && code != u"syntax-error")
            continue; // in the checks appended after the entry: executeCheckDiagnostics() reads them
        out.append({code, severityOf(d), withCode(d), file, std::min(line, lastLine)});
    }
    return out;
}

Diagnostics executeCheckDiagnostics(const QJsonArray &body, int checksLine, const QString &entryPath, int executeLine)
{
    Diagnostics out;
    for (const QJsonValue &v : body) {
        const QJsonObject d = v.toObject();
        const int line = d.value(QStringLiteral("start")).toObject().value(QStringLiteral("line")).toInt();
        const QString code = typeCheckCode(line - checksLine + 1);
        if (code.isEmpty() || d.value(QStringLiteral("category")).toString() != u"error")
            continue;
        QString what;
        if (code == u"params-type-mismatch")
            what = QStringLiteral("execute's params type does not accept the inputs TOOL.md declares");
        else if (code == u"result-type-mismatch")
            what = QStringLiteral("execute does not return a ToolResult ({ content: Array<{ type; text }>; isError? })");
        else
            what = QStringLiteral("execute's signature is not (toolCallId: string, params, signal?: AbortSignal, "
                                  "onUpdate?: OnUpdate)");
        // The types' names as the author knows them (Toolwright's own names keep the checks
        // apart from an entry's own ToolResult).
        QString message = withCode(d);
        message.replace(QLatin1StringView("'ToolwrightToolResult'"), QLatin1StringView("'ToolResult'"));
        message.replace(QLatin1StringView("'ToolwrightOnUpdate'"), QLatin1StringView("'OnUpdate'"));
        out.append({code, Severity::Error, what + QStringLiteral(": ") + message, entryPath, executeLine});
    }
    return out;
}

} // namespace tw::engine
