#pragma once
// The quick fixes for the commonest mismatch between an entry and its TOOL.md (issue 26): code
// that reads a param TOOL.md does not declare ("add input `x` to TOOL.md", through the lossless
// editor) and an entry's own Params that lacks an input TOOL.md declares ("declare `x` in
// Params", TypeScript's own fix with the type TOOL.md gives). Which fix a diagnostic offers is
// decided from TypeScript's messages here, once, for the editor and any other caller.

#include "authoring/frontmatterdocument.h"
#include "toolmd/diagnostic.h"
#include "toolmd/toolmanifest.h"

#include <QList>
#include <QString>

namespace tw::engine {

struct TypeFixSuggestion
{
    enum Kind { AddInput, DeclareInParams } kind = AddInput;
    QString input;
    QString title;
    int typeScriptCode = 0; // the TypeScript error the fix answers (DeclareInParams asks TypeScript)

    friend bool operator==(const TypeFixSuggestion &, const TypeFixSuggestion &) = default;
};

// The fixes a diagnostic of the editor's offers (none for most).
QList<TypeFixSuggestion> typeFixSuggestions(const Diagnostic &diagnostic, const ToolManifest &manifest);

// Adds input `name` (a string, required, no description: lint then asks for one) at the end of
// the inputs, touching nothing else of TOOL.md. False when TOOL.md declares it already.
bool addInputToToolMd(FrontmatterDocument &document, const QString &name);

// TypeScript's "Declare property 'x'" types `x` as it guesses from the code (`x: any`,
// `x: string`): in the text it changed (between `entry` and `fixedEntry`), the type TOOL.md
// gives instead (`x?: number` for an optional number).
QString withDeclaredType(const QString &entry, const QString &fixedEntry, const QString &name, const ToolManifest &manifest);

} // namespace tw::engine
