#include "catalogjson.h"

#include <QJsonDocument>

namespace tw::engine {
namespace {

QJsonValue orNull(const QString &s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); }

QJsonObject dirVersion(const ToolRecord &t)
{
    return {{QStringLiteral("dir"), t.dir}, {QStringLiteral("version"), t.manifest.version}};
}

} // namespace

QString compactJsonText(const QJsonValue &value)
{
    if (value.isUndefined())
        return {};
    // QJsonDocument holds arrays and objects only: wrap the value and strip the brackets.
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QJsonObject diagnosticJson(const Diagnostic &d)
{
    return {{QStringLiteral("code"), d.code},
            {QStringLiteral("severity"), severityName(d.severity)},
            {QStringLiteral("message"), d.message},
            {QStringLiteral("file"), orNull(d.file)},
            {QStringLiteral("line"), d.line > 0 ? QJsonValue(d.line) : QJsonValue(QJsonValue::Null)}};
}

QJsonArray diagnosticsJson(const Diagnostics &diagnostics)
{
    QJsonArray array;
    for (const Diagnostic &d : diagnostics)
        array.append(diagnosticJson(d));
    return array;
}

QJsonObject inputJson(const InputSpec &in)
{
    QJsonValue values = QJsonValue::Null;
    if (in.hasValues)
        values = QJsonArray::fromStringList(in.values);
    return {{QStringLiteral("name"), in.name},
            {QStringLiteral("type"), inputTypeName(in.type)},
            {QStringLiteral("description"), in.description},
            {QStringLiteral("optional"), in.optional},
            {QStringLiteral("sensitive"), in.sensitive},
            {QStringLiteral("values"), values},
            {QStringLiteral("default"), in.defaultValue.isUndefined() ? QJsonValue(QJsonValue::Null) : in.defaultValue}};
}

QJsonObject toolJson(const ToolRecord &t, const ToolRecord *overridden)
{
    QJsonArray inputs;
    for (const InputSpec &in : t.manifest.inputs)
        inputs.append(inputJson(in));
    return {{QStringLiteral("name"), t.manifest.name},
            {QStringLiteral("label"), t.manifest.label},
            {QStringLiteral("description"), t.manifest.description},
            {QStringLiteral("version"), t.manifest.version},
            {QStringLiteral("language"), t.manifest.language},
            {QStringLiteral("scope"), scopeName(t.scope)},
            {QStringLiteral("user"), orNull(t.user)},
            {QStringLiteral("dir"), t.dir},
            {QStringLiteral("entry"), t.entryName()},
            {QStringLiteral("overrides"), overridden ? QJsonValue(dirVersion(*overridden)) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("inputs"), inputs},
            {QStringLiteral("diagnostics"), diagnosticsJson(t.diagnostics)}};
}

QJsonObject skippedJson(const SkippedDir &s)
{
    return {{QStringLiteral("dir"), s.dir},
            {QStringLiteral("reason"), s.reason},
            {QStringLiteral("diagnostics"), diagnosticsJson(s.diagnostics)}};
}

QJsonObject effectiveSetJson(const QString &dataPath, const EffectiveSet &set)
{
    QJsonArray tools, shadowed, skipped;
    for (const EffectiveTool &e : set.tools)
        tools.append(toolJson(e.tool, e.overridden ? &*e.overridden : nullptr));
    for (const ShadowedTool &s : set.shadowed) {
        QJsonObject o = toolJson(s.tool);
        o.insert(QStringLiteral("shadowed_by"), s.shadowedBy);
        shadowed.append(o);
    }
    for (const SkippedDir &s : set.skipped)
        skipped.append(skippedJson(s));
    return {{QStringLiteral("data_path"), dataPath},
            {QStringLiteral("user"), orNull(set.user)},
            {QStringLiteral("tools"), tools},
            {QStringLiteral("shadowed"), shadowed},
            {QStringLiteral("skipped"), skipped}};
}

QJsonArray overridesJson(const QList<OverrideRow> &rows)
{
    QJsonArray array;
    for (const OverrideRow &row : rows) {
        QJsonArray users;
        for (const ToolRecord &u : row.users) {
            users.append(QJsonObject{{QStringLiteral("email"), u.user},
                                     {QStringLiteral("dir"), u.dir},
                                     {QStringLiteral("version"), u.manifest.version}});
        }
        array.append(QJsonObject{{QStringLiteral("name"), row.name},
                                 {QStringLiteral("global"), row.global ? QJsonValue(dirVersion(*row.global))
                                                                       : QJsonValue(QJsonValue::Null)},
                                 {QStringLiteral("users"), users}});
    }
    return array;
}

} // namespace tw::engine
