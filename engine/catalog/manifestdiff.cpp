#include "catalog/manifestdiff.h"

#include "catalog/catalogjson.h"


namespace tw::engine {
namespace {

QString jsonText(const QJsonValue &v)
{
    return v.isUndefined() ? QStringLiteral("none") : compactJsonText(v);
}

// "limit (type number → string, now optional)"
QString inputChange(const InputSpec &a, const InputSpec &b)
{
    QStringList parts;
    if (a.type != b.type)
        parts.append(QStringLiteral("type %1 → %2").arg(inputTypeName(a.type), inputTypeName(b.type)));
    if (a.optional != b.optional)
        parts.append(b.optional ? QStringLiteral("now optional") : QStringLiteral("now required"));
    if (a.sensitive != b.sensitive)
        parts.append(b.sensitive ? QStringLiteral("now sensitive") : QStringLiteral("no longer sensitive"));
    if (a.values != b.values)
        parts.append(QStringLiteral("values %1 → %2")
                         .arg(a.values.isEmpty() ? QStringLiteral("none") : a.values.join(u','),
                              b.values.isEmpty() ? QStringLiteral("none") : b.values.join(u',')));
    if (a.defaultValue != b.defaultValue)
        parts.append(QStringLiteral("default %1 → %2").arg(jsonText(a.defaultValue), jsonText(b.defaultValue)));
    if (a.description != b.description)
        parts.append(QStringLiteral("description changed"));
    return parts.isEmpty() ? QString() : QStringLiteral("~%1 (%2)").arg(b.name, parts.join(QStringLiteral(", ")));
}

} // namespace

QStringList summarizeManifestChanges(const ToolManifest &from, const ToolManifest &to)
{
    QStringList out;
    if (from.name != to.name)
        out.append(QStringLiteral("name %1 → %2").arg(from.name, to.name));
    if (from.version != to.version || from.versionPresent != to.versionPresent) {
        auto v = [](const ToolManifest &m) { return m.versionPresent ? QString::number(m.version) : QStringLiteral("none"); };
        out.append(QStringLiteral("version %1 → %2").arg(v(from), v(to)));
    }
    if (from.label != to.label)
        out.append(QStringLiteral("label “%1” → “%2”").arg(from.label, to.label));
    if (from.language != to.language)
        out.append(QStringLiteral("language %1 → %2").arg(from.language, to.language));
    if (from.description != to.description)
        out.append(QStringLiteral("description changed"));

    QStringList inputs;
    for (const InputSpec &b : to.inputs) {
        const InputSpec *a = from.input(b.name);
        if (!a)
            inputs.append(u'+' + b.name);
        else if (const QString change = inputChange(*a, b); !change.isEmpty())
            inputs.append(change);
    }
    for (const InputSpec &a : from.inputs) {
        if (!to.input(a.name))
            inputs.append(QStringLiteral("−") + a.name);
    }
    if (inputs.isEmpty()) {
        QStringList orderA, orderB;
        for (const InputSpec &i : from.inputs)
            orderA.append(i.name);
        for (const InputSpec &i : to.inputs)
            orderB.append(i.name);
        if (orderA != orderB)
            inputs.append(QStringLiteral("reordered"));
    }
    if (!inputs.isEmpty())
        out.append(QStringLiteral("inputs: ") + inputs.join(QStringLiteral(", ")));
    if (from.unknownKeys != to.unknownKeys)
        out.append(QStringLiteral("extra keys %1 → %2")
                       .arg(from.unknownKeys.isEmpty() ? QStringLiteral("none") : from.unknownKeys.join(u','),
                            to.unknownKeys.isEmpty() ? QStringLiteral("none") : to.unknownKeys.join(u',')));
    return out;
}

} // namespace tw::engine
