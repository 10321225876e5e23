#pragma once
// The JSON shapes of DESIGN.md "CLI" (`list`, `show`, `lint`, `overrides`). Other programs
// parse these: change them only together with DESIGN.md.

#include "catalog/lint.h"
#include "catalog/overrideresolver.h"

#include <QJsonArray>
#include <QJsonObject>

#include <functional>
#include <memory>

namespace tw::engine {

// How much of each tool a catalog's JSON carries: T of DESIGN.md, or T with what a window shows
// besides (`body`, `body_line`, `files`, `shadowed_by`; `files` for a skipped dir).
// Detail adds what a window shows (a tool's body, its line, files, shadowing); DetailNoBody the
// same without the body, which a window then fetches for the tool it shows ("body_elsewhere").
enum class CatalogJson { Summary, Detail, DetailNoBody };

// A JSON value as compact JSON text (`"x"`, `5`, `true`, `[1,2]`); empty for Undefined.
QString compactJsonText(const QJsonValue &value);

QJsonObject diagnosticJson(const Diagnostic &diagnostic);
QJsonArray diagnosticsJson(const Diagnostics &diagnostics);
QJsonObject inputJson(const InputSpec &input);
// T of DESIGN.md; `overridden` is the global tool a user tool overrides.
QJsonObject toolJson(const ToolRecord &tool, const ToolRecord *overridden = nullptr);
// With CatalogJson::Detail, T carries what a window shows besides (below).
QJsonObject toolJson(const ToolRecord &tool, CatalogJson detail);
QJsonObject skippedJson(const SkippedDir &skipped, CatalogJson detail = CatalogJson::Summary);
// The `show --json` object (T with "body" and "files") as compact JSON text.
QByteArray showJsonText(const ToolRecord &tool, const ToolRecord *overridden = nullptr);
// Where a streamed text goes, piece by piece, in order (a CLI command's stdout).
using JsonSink = std::function<void(QByteArrayView)>;

// The `lint --json` object written as lint finds the tools, in pieces of about 64 KB: `tool` for
// each, then `finish` with the skipped directories and the counts. Holds no tool it wrote.
class LintJsonStream
{
public:
    explicit LintJsonStream(JsonSink sink);
    ~LintJsonStream();
    LintJsonStream(const LintJsonStream &) = delete;
    LintJsonStream &operator=(const LintJsonStream &) = delete;

    void tool(const ToolRecord &tool);
    void finish(const QList<LintSkip> &skipped, const LintCounts &counts);

private:
    struct Writer;
    std::unique_ptr<Writer> m_w;
    JsonSink m_sink;
};
// The `lint --json` object as compact JSON text.
QByteArray lintJsonText(const LintReport &report);
// The `list --json` object, and the same as compact JSON text (what the CLI prints).
QJsonObject effectiveSetJson(const QString &dataPath, const EffectiveSet &set);
QByteArray effectiveSetJsonText(const QString &dataPath, const EffectiveSet &set);
// A whole catalog, location by location, as `serve` answers catalog.list: {"data_path",
// "global": L, "users": [L…]}, L = {"path", "exists", "user"?, "tools": [list's T…], "skipped": [S…]}.
QByteArray catalogJsonText(const Catalog &catalog, CatalogJson detail = CatalogJson::Summary);
// One L of it (catalog.list's "stream" sends them one by one).
QByteArray locationJsonText(const LocationScan &location, CatalogJson detail = CatalogJson::Summary);
// tool.bodies' answer (1.3): the bodies a catalog listed without (CatalogJson::DetailNoBody),
// {"bodies": [{"dir", "body", "body_line"} or {"dir", "error"}]}, in the order asked.
QByteArray toolBodiesJsonText(const QList<ToolBody> &bodies);
// The `overrides --json` array, to `sink` in pieces of about 64 KB; as one text; as a QJsonArray.
void writeOverridesJson(const QList<OverrideRow> &rows, const JsonSink &sink);
QByteArray overridesJsonText(const QList<OverrideRow> &rows);
QJsonArray overridesJson(const QList<OverrideRow> &rows);

} // namespace tw::engine
