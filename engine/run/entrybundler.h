#pragma once
// Prepares a tool's entry for the harness: esbuild bundles it (TypeScript or JavaScript) into
// one ES module in a private directory, bundling local relative imports and keeping `node:`
// and package imports external. `import.meta.url` is the entry's path inside the sandbox, so
// `bin/` helpers resolve next to the real entry (TOOLS.md "Referencing Local Files").

#include "toolmd/diagnostic.h"

#include <QString>

namespace tw::engine {

struct BundleResult
{
    QString outputPath;     // the bundled .mjs; empty on failure
    Diagnostic diagnostic;  // on failure: the esbuild error with file and line
    bool ok() const { return !outputPath.isEmpty(); }
};

BundleResult bundleEntry(const QString &entryPath, const QString &outputDir, const QString &sandboxEntryPath);

} // namespace tw::engine
