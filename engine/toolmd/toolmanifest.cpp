#include "toolmd/toolmanifest.h"

namespace tw::engine {

QString inputTypeName(InputType type)
{
    switch (type) {
    case InputType::String: return QStringLiteral("string");
    case InputType::Number: return QStringLiteral("number");
    case InputType::Boolean: return QStringLiteral("boolean");
    case InputType::Enum: return QStringLiteral("enum");
    }
    return {};
}

const InputSpec *ToolManifest::input(const QString &inputName) const
{
    for (const InputSpec &spec : inputs) {
        if (spec.name == inputName)
            return &spec;
    }
    return nullptr;
}

} // namespace tw::engine
