#pragma once
// The parsed frontmatter of a TOOL.md: what the platform's tool-loader registers.

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace tw::engine {

// TOOLS.md "Input Types": string, number, boolean, enum; anything else becomes string.
enum class InputType { String, Number, Boolean, Enum };

QString inputTypeName(InputType type);

struct InputSpec
{
    QString name;
    InputType type = InputType::String;
    QString declaredType;  // the `type` as written (empty when absent)
    QString description;
    bool optional = false; // TOOLS.md: "Defaults to required"
    bool optionalDeclared = false;
    bool sensitive = false;
    QStringList values;    // enum values, from a comma-separated string or a list
    bool hasValues = false;
    QJsonValue defaultValue = QJsonValue::Undefined; // Undefined when there is no default
    // The default's mappings' key orders (platformKeyOrder), which QJsonObject sorts away and
    // the agent is sent (JSON.stringify keeps JavaScript's order). Part of ==: defaults that
    // differ only in key order are different text to the agent; a manifest built without them
    // (empty) is written with sorted keys.
    QList<QStringList> defaultKeyOrder;
    int line = 0;          // line of the input's key in TOOL.md

    friend bool operator==(const InputSpec &, const InputSpec &) = default;
};

struct ToolManifest
{
    QString name;
    QString label;         // defaults to name
    QString description;
    int version = 0;       // TOOLS.md: "If omitted, defaults to 0"
    bool versionPresent = false;
    QString language = QStringLiteral("typescript");
    QList<InputSpec> inputs; // in file order
    QStringList unknownKeys; // top-level keys the platform does not know, kept as written
    int versionLine = 0;

    const InputSpec *input(const QString &inputName) const;

    friend bool operator==(const ToolManifest &, const ToolManifest &) = default;
};

} // namespace tw::engine
