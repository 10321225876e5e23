#pragma once
// What changed between two versions of a tool's frontmatter, field by field, in words:
// "version 3 → 1", "inputs: +api_key, −query", "description changed".

#include "toolmd/toolmanifest.h"

#include <QStringList>

namespace tw::engine {

QStringList summarizeManifestChanges(const ToolManifest &from, const ToolManifest &to);

} // namespace tw::engine
