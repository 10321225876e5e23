#include "remote/catalogwire.h"

#include "remote/jsonreader.h"
#include "toolmd/toollayout.h"

#include <QHash>
#include <QJsonDocument>

#include <algorithm>
#include <limits>

namespace tw::engine {

namespace {

Severity severityFromName(const QString &name)
{
    for (Severity s : {Severity::Info, Severity::Warning, Severity::Error, Severity::Skip})
        if (severityName(s) == name)
            return s;
    return Severity::Error; // a newer server's severity: shown, not lost
}

InputType inputTypeFromName(const QString &name)
{
    for (InputType t : {InputType::String, InputType::Number, InputType::Boolean, InputType::Enum})
        if (inputTypeName(t) == name)
            return t;
    return InputType::String; // TOOLS.md: anything else becomes string
}

QString lastSegment(const QString &path)
{
    return path.mid(path.lastIndexOf(u'/') + 1);
}

// Replaces the items of `items` whose dir is in `changed` or `gone`, appends the new ones, and
// keeps the byte-wise dir order the scan gives.
template<typename Item>
void patchItems(QList<Item> &items, QList<Item> changed, const QStringList &gone)
{
    QHash<QString, qsizetype> at;
    for (qsizetype i = 0; i < items.size(); ++i)
        at.insert(items[i].dir, i);
    QList<bool> drop(items.size(), false);
    for (const QString &dir : gone)
        if (const auto it = at.constFind(dir); it != at.cend())
            drop[*it] = true;
    QList<Item> added;
    for (Item &c : changed) {
        if (const auto it = at.constFind(c.dir); it != at.cend()) {
            items[*it] = std::move(c);
            drop[*it] = false;
        } else {
            added.append(std::move(c));
        }
    }
    QList<Item> out;
    out.reserve(items.size() + added.size());
    for (qsizetype i = 0; i < items.size(); ++i)
        if (!drop[i])
            out.append(std::move(items[i]));
    if (!added.isEmpty()) {
        out.append(added);
        // Byte-wise order of the directory names, as the scan lists them.
        std::stable_sort(out.begin(), out.end(), [](const Item &a, const Item &b) { return a.dir.toUtf8() < b.dir.toUtf8(); });
    }
    items = std::move(out);
}

// The readers of catalogFromJsonText: the shapes above, key by key.
using Kind = JsonReader::Kind;

// A number as QJsonValue::toInt() takes it: out of int's range it is 0, never a truncated
// other number.
int readIntAsInt(JsonReader &r)
{
    const qint64 n = r.readInt();
    return n >= std::numeric_limits<int>::min() && n <= std::numeric_limits<int>::max() ? int(n) : 0;
}

QStringList readStrings(JsonReader &r)
{
    QStringList out;
    if (r.enterArray())
        while (r.nextElement())
            out.append(r.readString());
    return out;
}

Diagnostics readDiagnostics(JsonReader &r)
{
    Diagnostics out;
    if (!r.enterArray())
        return out;
    while (r.nextElement()) {
        Diagnostic d;
        d.severity = Severity::Error;
        QByteArrayView k;
        if (r.enterObject())
            while (r.nextKey(&k)) {
                if (k == "code")
                    d.code = r.readString();
                else if (k == "severity")
                    d.severity = severityFromName(r.readString());
                else if (k == "message")
                    d.message = r.readString();
                else if (k == "file")
                    d.file = r.readString();
                else if (k == "line")
                    d.line = readIntAsInt(r);
            }
        out.append(std::move(d));
    }
    return out;
}

InputSpec readInput(JsonReader &r)
{
    InputSpec in;
    in.type = InputType::String;
    QByteArrayView k;
    if (r.enterObject())
        while (r.nextKey(&k)) {
            if (k == "name") {
                in.name = r.readString();
            } else if (k == "type") {
                in.type = inputTypeFromName(r.readString());
            } else if (k == "description") {
                in.description = r.readString();
            } else if (k == "optional") {
                in.optional = r.readBool();
            } else if (k == "sensitive") {
                in.sensitive = r.readBool();
            } else if (k == "values") {
                in.hasValues = r.peek() == Kind::Array;
                in.values = readStrings(r);
            } else if (k == "default") {
                const QJsonValue def = r.readValue();
                in.defaultValue = def.isNull() ? QJsonValue(QJsonValue::Undefined) : def;
            }
        }
    in.declaredType = inputTypeName(in.type);
    in.optionalDeclared = in.optional;
    return in;
}

ToolRecord readTool(JsonReader &r)
{
    ToolRecord t;
    t.manifest.versionPresent = true; // a missing version is among the diagnostics
    t.manifest.language = QStringLiteral("typescript");
    QString entry;
    QByteArrayView k;
    if (r.enterObject())
        while (r.nextKey(&k)) {
            if (k == "name") {
                t.manifest.name = r.readString();
            } else if (k == "label") {
                t.manifest.label = r.readString();
            } else if (k == "description") {
                t.manifest.description = r.readString();
            } else if (k == "version") {
                t.manifest.version = readIntAsInt(r);
            } else if (k == "language") {
                if (r.peek() == Kind::String)
                    t.manifest.language = r.readString();
            } else if (k == "scope") {
                t.scope = r.readUtf8() == "user" ? Scope::User : Scope::Global;
            } else if (k == "user") {
                t.user = r.readString();
            } else if (k == "dir") {
                t.dir = r.readString();
            } else if (k == "entry") {
                entry = r.readString();
            } else if (k == "inputs") {
                if (r.enterArray())
                    while (r.nextElement())
                        t.manifest.inputs.append(readInput(r));
            } else if (k == "diagnostics") {
                t.diagnostics = readDiagnostics(r);
            } else if (k == "body") {
                t.body = r.readUtf8();
            } else if (k == "body_elsewhere") {
                t.bodyElsewhere = r.readBool();
            } else if (k == "body_line") {
                t.bodyLine = readIntAsInt(r);
            } else if (k == "files") {
                t.files = readStrings(r);
            } else if (k == "shadowed_by") {
                t.shadowedBy = r.readString();
            }
        }
    t.dirName = lastSegment(t.dir);
    t.setEntryName(entry);
    return t;
}

SkippedDir readSkipped(JsonReader &r)
{
    SkippedDir s;
    QByteArrayView k;
    if (r.enterObject())
        while (r.nextKey(&k)) {
            if (k == "dir")
                s.dir = r.readString();
            else if (k == "reason")
                s.reason = r.readString();
            else if (k == "diagnostics")
                s.diagnostics = readDiagnostics(r);
            else if (k == "files")
                s.files = readStrings(r);
        }
    s.dirName = lastSegment(s.dir);
    return s;
}

// What a location of catalog.changed carries besides an L: whether it named its user and said
// whether it exists, that it went, and the tools and skipped dirs that went.
struct LocationChange
{
    bool hasUser = false, hasExists = false, gone = false;
    QStringList removed, unskipped;
};

// An L; with `change`, one of catalog.changed's locations (an L and what LocationChange holds).
LocationScan readLocation(JsonReader &r, Scope scope, LocationChange *change = nullptr)
{
    LocationScan l;
    l.scope = scope;
    QByteArrayView k;
    if (r.enterObject())
        while (r.nextKey(&k)) {
            if (k == "path") {
                l.path = r.readString();
            } else if (k == "exists") {
                if (change)
                    change->hasExists = r.peek() == Kind::Bool;
                l.exists = r.readBool();
            } else if (k == "user") {
                if (change)
                    change->hasUser = true;
                l.user = r.readString();
            } else if (k == "tools") {
                if (r.enterArray())
                    while (r.nextElement())
                        l.tools.append(readTool(r));
            } else if (k == "skipped") {
                if (r.enterArray())
                    while (r.nextElement())
                        l.skipped.append(readSkipped(r));
            } else if (change && k == "gone") {
                change->gone = r.readBool();
            } else if (change && k == "removed") {
                change->removed = readStrings(r);
            } else if (change && k == "unskipped") {
                change->unskipped = readStrings(r);
            }
        }
    return l;
}

} // namespace

std::optional<LocationScan> locationFromJsonText(QByteArrayView text, Scope scope, QString *error)
{
    JsonReader r(text);
    const bool isObject = r.peek() == Kind::Object;
    LocationScan l = readLocation(r, scope);
    if (!r.finish() || !isObject) {
        if (error)
            *error = isObject ? QStringLiteral("a location of the server's catalog is not JSON (%1)").arg(r.error())
                              : QStringLiteral("a location of the server's catalog is not an object");
        return std::nullopt;
    }
    return l;
}

std::optional<QList<ToolBody>> toolBodiesFromJsonText(QByteArrayView text, QString *error)
{
    JsonReader r(text);
    QList<ToolBody> bodies;
    bool hasBodies = false;
    QByteArrayView k;
    if (r.enterObject())
        while (r.nextKey(&k)) {
            if (k != "bodies")
                continue; // skipped by the next nextKey()
            hasBodies = r.peek() == Kind::Array;
            if (r.enterArray())
                while (r.nextElement()) {
                    ToolBody &b = bodies.emplace_back();
                    bool hasBody = false;
                    if (r.enterObject())
                        while (r.nextKey(&k)) {
                            if (k == "dir") {
                                b.dir = r.readString();
                            } else if (k == "body") {
                                hasBody = r.peek() == Kind::String;
                                b.body = r.readUtf8();
                            } else if (k == "body_line") {
                                b.bodyLine = readIntAsInt(r);
                            } else if (k == "error") {
                                b.error = r.readString();
                            }
                        }
                    if (!hasBody && b.error.isEmpty())
                        b.error = QStringLiteral("the server sent no body");
                }
        }
    if (!r.finish() || !hasBodies) {
        if (error)
            *error = hasBodies ? QStringLiteral("the server's bodies are not JSON (%1)").arg(r.error())
                               : QStringLiteral("the server's answer holds no \"bodies\"");
        return std::nullopt;
    }
    return bodies;
}

std::optional<Catalog> catalogFromJsonText(QByteArrayView text, QString *error)
{
    JsonReader r(text);
    Catalog c;
    bool hasDataPath = false, hasGlobal = false, hasUsers = false;
    QByteArrayView k;
    if (r.enterObject())
        while (r.nextKey(&k)) {
            if (k == "data_path") {
                hasDataPath = r.peek() == Kind::String;
                c.dataPath = r.readString();
            } else if (k == "global") {
                hasGlobal = r.peek() == Kind::Object;
                c.global = readLocation(r, Scope::Global);
            } else if (k == "users") {
                hasUsers = r.peek() == Kind::Array;
                if (r.enterArray())
                    while (r.nextElement())
                        c.users.append(readLocation(r, Scope::User));
            }
        }
    if (!r.finish()) {
        if (error)
            *error = QStringLiteral("the server's catalog is not JSON (%1)").arg(r.error());
        return std::nullopt;
    }
    if (!hasDataPath || !hasGlobal || !hasUsers) {
        if (error)
            *error = QStringLiteral("the server's catalog lacks \"data_path\", \"global\" or \"users\"");
        return std::nullopt;
    }
    return c;
}

// The QJsonObject entry points (a notification's few tools, syncwire's notes, the tests) go
// through the same reader as the text: one decoder of each shape. Their objects are small; the
// catalog's megabytes come as text.
Diagnostics diagnosticsFromJson(const QJsonArray &array)
{
    const QByteArray text = QJsonDocument(array).toJson(QJsonDocument::Compact); // the reader only views it
    JsonReader r(text);
    return readDiagnostics(r);
}

std::optional<Catalog> catalogFromJson(const QJsonObject &o, QString *error)
{
    return catalogFromJsonText(QJsonDocument(o).toJson(QJsonDocument::Compact), error);
}

void applyCatalogChanges(Catalog &catalog, const QJsonArray &locations, QList<LocationScan> *changed)
{
    for (const QJsonValue &value : locations) {
        const QByteArray text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact); // the reader only views it
        JsonReader r(text);
        LocationChange c;
        LocationScan l = readLocation(r, Scope::User, &c);
        const bool isGlobal = l.path == catalog.global.path && !c.hasUser;
        if (c.gone) {
            catalog.users.removeIf([&l](const LocationScan &u) { return u.path == l.path; });
            continue;
        }
        LocationScan *location = isGlobal ? &catalog.global : nullptr;
        if (!location) {
            const auto it = std::find_if(catalog.users.begin(), catalog.users.end(), [&l](const LocationScan &u) { return u.path == l.path; });
            if (it != catalog.users.end()) {
                location = &*it;
            } else {
                LocationScan fresh;
                fresh.path = l.path;
                fresh.scope = Scope::User;
                fresh.user = l.user;
                // Users in byte-wise order of their directory names, as scanDataPath() lists them.
                const QByteArray key = fresh.user.toUtf8();
                const auto pos = std::lower_bound(catalog.users.begin(), catalog.users.end(), key,
                                                  [](const LocationScan &u, const QByteArray &k) { return u.user.toUtf8() < k; });
                location = &*catalog.users.insert(pos, std::move(fresh));
            }
        }
        if (c.hasExists)
            location->exists = l.exists;
        patchItems(location->tools, std::move(l.tools), c.removed);
        patchItems(location->skipped, std::move(l.skipped), c.unskipped);
        if (changed)
            changed->append(*location);
    }
}

} // namespace tw::engine
