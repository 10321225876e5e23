#include "toolmd/toolrecord.h"

#include "toolmd/toollayout.h"

namespace tw::engine {

QString scopeName(Scope scope)
{
    return scope == Scope::Global ? QStringLiteral("global") : QStringLiteral("user");
}

QString ToolRecord::toolMdPath() const
{
    return dir + u'/' + kToolMdFile;
}

QString ToolRecord::entryPath() const
{
    return entry == Entry::None ? QString() : dir + u'/' + entryName();
}

QString ToolRecord::entryName() const
{
    switch (entry) {
    case Entry::Ts: return kEntryTsFile;
    case Entry::Js: return kEntryJsFile;
    case Entry::None: break;
    }
    return {};
}

void ToolRecord::setEntryName(const QString &fileName)
{
    entry = fileName == kEntryTsFile ? Entry::Ts : fileName == kEntryJsFile ? Entry::Js : Entry::None;
}

} // namespace tw::engine
