#include "toolmd/toolrecord.h"

#include <QFileInfo>

namespace tw::engine {

QString scopeName(Scope scope)
{
    return scope == Scope::Global ? QStringLiteral("global") : QStringLiteral("user");
}

QString ToolRecord::entryName() const
{
    return QFileInfo(entryPath).fileName();
}

} // namespace tw::engine
