#pragma once
// The desktop's reading of a server's catalog: catalog.list's JSON (catalogJsonText) and the
// changes catalog.changed carries (catalogChanges) back into a Catalog the views take as they
// take a local scan's. What T does not carry is derived (the TOOL.md and entry paths, the dir's
// name) or left empty (an input's key order inside a default, its line; "detail" carries the
// body, its line, the files and the shadowing).

#include "catalog/catalog.h"
#include "catalog/catalogjson.h"

#include <QJsonArray>
#include <QJsonObject>

#include <optional>

namespace tw::engine {

// catalog.list's JSON text read straight into the records (JsonReader): a server window's
// 10,000 tools in a fifth of the time a QJsonDocument and its lookups take. nullopt with
// `error` when the text is not a catalog.
std::optional<Catalog> catalogFromJsonText(QByteArrayView text, QString *error = nullptr);
// The same from an object (written out and read by the same reader: one decoder of each shape).
std::optional<Catalog> catalogFromJson(const QJsonObject &catalog, QString *error = nullptr);
// A diagnostics array (DESIGN.md's shape), as syncwire's notes carry them.
Diagnostics diagnosticsFromJson(const QJsonArray &array);
// One location of it, as catalog.list's "stream" sends them (catalog.location).
std::optional<LocationScan> locationFromJsonText(QByteArrayView text, Scope scope, QString *error = nullptr);
// tool.bodies' answer (toolBodiesJsonText) as it was written; nullopt with `error` when it is not.
std::optional<QList<ToolBody>> toolBodiesFromJsonText(QByteArrayView text, QString *error = nullptr);

// Applies one catalog.changed's "locations" to `catalog`; `changed` gets the locations that
// changed, as they are now (a location that went is not among them). Unknown entries are ignored.
void applyCatalogChanges(Catalog &catalog, const QJsonArray &locations, QList<LocationScan> *changed = nullptr);

} // namespace tw::engine
