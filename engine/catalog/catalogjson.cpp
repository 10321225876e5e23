#include "catalog/catalogjson.h"

#include <QJsonDocument>

#include <cmath>
#include <vector>

namespace tw::engine {
namespace {

// Compact JSON text written straight into a buffer: `list --json` prints thousands of tools,
// and building QJsonObjects first (each insert a sorted CBOR map) cost more than the scan.
class JsonWriter final
{
public:
    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    explicit JsonWriter(qsizetype expectedBytes = 256) { m_out.reserve(expectedBytes); }
    // `quotedKey` is the key with its quotes and colon: `"name":`.
    template<size_t N>
    void key(const char (&quotedKey)[N])
    {
        separate();
        m_out.append(quotedKey, N - 1);
        m_afterKey = true;
    }
    void string(const QString &s) { utf8String(s.toUtf8()); }
    // UTF-8 bytes as a string: a body goes from the file's bytes to the text without a QString
    // between (half the detail catalog's writing time); bytes that are not UTF-8 go through one,
    // as every other string does, and come out with U+FFFD where they were wrong.
    void bytesAsString(QByteArrayView bytes)
    {
        if (bytes.isValidUtf8())
            utf8String(bytes);
        else
            string(QString::fromUtf8(bytes));
    }
    void utf8String(QByteArrayView utf8)
    {
        separate();
        m_out += '"';
        qsizetype run = 0; // start of the characters that need no escape
        for (qsizetype i = 0; i < utf8.size(); ++i) {
            const char c = utf8[i];
            if (c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20)
                continue;
            m_out.append(utf8.constData() + run, i - run);
            run = i + 1;
            switch (c) {
            case '"': m_out += "\\\""; break;
            case '\\': m_out += "\\\\"; break;
            case '\n': m_out += "\\n"; break;
            case '\r': m_out += "\\r"; break;
            case '\t': m_out += "\\t"; break;
            case '\b': m_out += "\\b"; break;
            case '\f': m_out += "\\f"; break;
            default: { // the other control characters
                static const char hex[] = "0123456789abcdef";
                m_out += "\\u00";
                m_out += hex[(c >> 4) & 0xF];
                m_out += hex[c & 0xF];
            }
            }
        }
        m_out.append(utf8.constData() + run, utf8.size() - run);
        m_out += '"';
    }
    void stringOrNull(const QString &s) { s.isEmpty() ? null() : string(s); }
    void number(qint64 n) { raw(QByteArray::number(n)); }
    void boolean(bool b) { raw(b ? "true" : "false"); }
    void null() { raw("null"); }
    // Any other value (a default may be a list or a mapping), the way QJsonDocument writes it.
    void value(const QJsonValue &v)
    {
        switch (v.type()) {
        case QJsonValue::String: string(v.toString()); break;
        case QJsonValue::Bool: boolean(v.toBool()); break;
        case QJsonValue::Double: {
            const double d = v.toDouble();
            raw(std::isfinite(d) ? QByteArray::number(d, 'g', QLocale::FloatingPointShortest) : QByteArray("null"));
            break;
        }
        case QJsonValue::Null:
        case QJsonValue::Undefined: null(); break;
        case QJsonValue::Array:
        case QJsonValue::Object: raw(compactJsonText(v).toUtf8()); break;
        }
    }
    QByteArray take() { return std::move(m_out); }
    // What is written so far to `sink` once it is `atLeast` bytes (0: whatever there is), the
    // writer going on where it was: a long text goes out in pieces and is never held whole.
    void flushTo(const JsonSink &sink, qsizetype atLeast = 0)
    {
        if (m_out.isEmpty() || m_out.size() < atLeast)
            return;
        sink(m_out);
        m_out.resize(0); // the capacity stays for the next piece
    }

private:
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (!m_first.empty()) {
            if (!m_first.back())
                m_out += ',';
            m_first.back() = false;
        }
    }
    void raw(const QByteArray &text)
    {
        separate();
        m_out += text;
    }
    void open(char c)
    {
        separate();
        m_out += c;
        m_first.push_back(true);
    }
    void close(char c)
    {
        m_out += c;
        m_first.pop_back();
    }

    QByteArray m_out;
    std::vector<bool> m_first; // per open container: nothing written in it yet
    bool m_afterKey = false;
};

// The same calls as JsonWriter building QJsonValues instead of text, for callers that want the
// objects (the model, tests): one pass, and the shapes below are written once for both.
class JsonBuilder final
{
public:
    void beginObject() { open(true); }
    void endObject() { close(); }
    void beginArray() { open(false); }
    void endArray() { close(); }
    template<size_t N>
    void key(const char (&quotedKey)[N])
    {
        static_assert(N > 4);
        m_key = QString::fromLatin1(quotedKey + 1, qsizetype(N) - 4); // `"name":` is name
    }
    void string(const QString &s) { put(s); }
    void bytesAsString(QByteArrayView bytes) { put(QString::fromUtf8(bytes)); }
    void stringOrNull(const QString &s) { s.isEmpty() ? null() : string(s); }
    void number(qint64 n) { put(QJsonValue(n)); }
    void boolean(bool b) { put(b); }
    void null() { put(QJsonValue::Null); }
    void value(const QJsonValue &v)
    {
        // As the text says it: a number that is not finite has no JSON spelling and is null.
        if (v.isUndefined() || (v.isDouble() && !std::isfinite(v.toDouble())))
            null();
        else
            put(v);
    }
    QJsonObject takeObject() { return m_result.toObject(); }

private:
    struct Level
    {
        bool isObject = true;
        QJsonObject object;
        QJsonArray array;
        QString key; // where the container goes in its parent
    };
    void put(const QJsonValue &v)
    {
        if (m_levels.empty()) {
            m_result = v;
            return;
        }
        Level &top = m_levels.back();
        if (top.isObject)
            top.object.insert(m_key, v);
        else
            top.array.append(v);
    }
    void open(bool isObject) { m_levels.push_back({isObject, {}, {}, m_key}); }
    void close()
    {
        Level done = std::move(m_levels.back());
        m_levels.pop_back();
        m_key = done.key;
        put(done.isObject ? QJsonValue(done.object) : QJsonValue(done.array));
    }

    std::vector<Level> m_levels;
    QString m_key;
    QJsonValue m_result;
};

template<typename Writer>
void writeDiagnostic(Writer &w, const Diagnostic &d)
{
    w.beginObject();
    w.key("\"code\":");
    w.string(d.code);
    w.key("\"severity\":");
    w.string(severityName(d.severity));
    w.key("\"message\":");
    w.string(d.message);
    w.key("\"file\":");
    w.stringOrNull(d.file);
    w.key("\"line\":");
    d.line > 0 ? w.number(d.line) : w.null();
    w.endObject();
}

template<typename Writer>
void writeDiagnostics(Writer &w, const Diagnostics &diagnostics)
{
    w.beginArray();
    for (const Diagnostic &d : diagnostics)
        writeDiagnostic(w, d);
    w.endArray();
}

template<typename Writer>
void writeInput(Writer &w, const InputSpec &in)
{
    w.beginObject();
    w.key("\"name\":");
    w.string(in.name);
    w.key("\"type\":");
    w.string(inputTypeName(in.type));
    w.key("\"description\":");
    w.string(in.description);
    w.key("\"optional\":");
    w.boolean(in.optional);
    w.key("\"sensitive\":");
    w.boolean(in.sensitive);
    w.key("\"values\":");
    if (in.hasValues) {
        w.beginArray();
        for (const QString &v : in.values)
            w.string(v);
        w.endArray();
    } else {
        w.null();
    }
    w.key("\"default\":");
    w.value(in.defaultValue);
    w.endObject();
}

template<typename Writer>
void writeDirVersion(Writer &w, const QString &dir, int version)
{
    w.beginObject();
    w.key("\"dir\":");
    w.string(dir);
    w.key("\"version\":");
    w.number(version);
    w.endObject();
}

// T of DESIGN.md, left open for the caller to add keys (`shadowed_by`).
template<typename Writer>
void writeToolFields(Writer &w, const ToolRecord &t, const ToolRecord *overridden)
{
    w.beginObject();
    w.key("\"name\":");
    w.string(t.manifest.name);
    w.key("\"label\":");
    w.string(t.manifest.label);
    w.key("\"description\":");
    w.string(t.manifest.description);
    w.key("\"version\":");
    w.number(t.manifest.version);
    w.key("\"language\":");
    w.string(t.manifest.language);
    w.key("\"scope\":");
    w.string(scopeName(t.scope));
    w.key("\"user\":");
    w.stringOrNull(t.user);
    w.key("\"dir\":");
    w.string(t.dir);
    w.key("\"entry\":");
    w.string(t.entryName());
    w.key("\"overrides\":");
    overridden ? writeDirVersion(w, overridden->dir, overridden->manifest.version) : w.null();
    w.key("\"inputs\":");
    w.beginArray();
    for (const InputSpec &in : t.manifest.inputs)
        writeInput(w, in);
    w.endArray();
    w.key("\"diagnostics\":");
    writeDiagnostics(w, t.diagnostics);
}

template<typename Writer>
void writeFiles(Writer &w, const QStringList &files)
{
    w.beginArray();
    for (const QString &f : files)
        w.string(f);
    w.endArray();
}

// What a window shows of a tool beyond T (CatalogJson::Detail): its body, files and shadowing.
template<typename Writer>
void writeToolDetail(Writer &w, const ToolRecord &t, CatalogJson detail)
{
    w.key("\"body\":");
    if (detail == CatalogJson::DetailNoBody || t.bodyElsewhere) {
        w.null();
        w.key("\"body_elsewhere\":");
        w.boolean(true);
    } else {
        w.bytesAsString(t.body);
    }
    w.key("\"body_line\":");
    w.number(t.bodyLine);
    w.key("\"files\":");
    writeFiles(w, t.files);
    w.key("\"shadowed_by\":");
    w.stringOrNull(t.shadowedBy);
}

template<typename Writer>
void writeSkipped(Writer &w, const SkippedDir &s, CatalogJson detail = CatalogJson::Summary)
{
    w.beginObject();
    w.key("\"dir\":");
    w.string(s.dir);
    w.key("\"reason\":");
    w.string(s.reason);
    w.key("\"diagnostics\":");
    writeDiagnostics(w, s.diagnostics);
    if (detail != CatalogJson::Summary) {
        w.key("\"files\":");
        writeFiles(w, s.files);
    }
    w.endObject();
}

} // namespace

QString compactJsonText(const QJsonValue &value)
{
    if (value.isUndefined())
        return {};
    // QJsonDocument holds arrays and objects only: wrap the value and strip the brackets.
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QJsonObject diagnosticJson(const Diagnostic &d)
{
    JsonBuilder b;
    writeDiagnostic(b, d);
    return b.takeObject();
}

QJsonArray diagnosticsJson(const Diagnostics &diagnostics)
{
    QJsonArray array;
    for (const Diagnostic &d : diagnostics)
        array.append(diagnosticJson(d));
    return array;
}

QJsonObject inputJson(const InputSpec &in)
{
    JsonBuilder b;
    writeInput(b, in);
    return b.takeObject();
}

QJsonObject toolJson(const ToolRecord &t, const ToolRecord *overridden)
{
    JsonBuilder b;
    writeToolFields(b, t, overridden);
    b.endObject();
    return b.takeObject();
}

QJsonObject toolJson(const ToolRecord &t, CatalogJson detail)
{
    JsonBuilder b;
    writeToolFields(b, t, nullptr);
    if (detail != CatalogJson::Summary)
        writeToolDetail(b, t, detail);
    b.endObject();
    return b.takeObject();
}

QJsonObject skippedJson(const SkippedDir &s, CatalogJson detail)
{
    JsonBuilder b;
    writeSkipped(b, s, detail);
    return b.takeObject();
}

QByteArray showJsonText(const ToolRecord &t, const ToolRecord *overridden)
{
    JsonWriter w(2048 + t.body.size());
    writeToolFields(w, t, overridden);
    w.key("\"body\":");
    w.bytesAsString(t.body);
    w.key("\"files\":");
    writeFiles(w, t.files);
    w.endObject();
    return w.take();
}

QByteArray toolBodiesJsonText(const QList<ToolBody> &bodies)
{
    qsizetype bytes = 64;
    for (const ToolBody &b : bodies)
        bytes += 64 + b.dir.size() + b.body.size();
    JsonWriter w(bytes);
    w.beginObject();
    w.key("\"bodies\":");
    w.beginArray();
    for (const ToolBody &b : bodies) {
        w.beginObject();
        w.key("\"dir\":");
        w.string(b.dir);
        if (!b.error.isEmpty()) {
            w.key("\"error\":");
            w.string(b.error);
        } else {
            w.key("\"body\":");
            w.bytesAsString(b.body);
            w.key("\"body_line\":");
            w.number(b.bodyLine);
        }
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.take();
}

// Pieces of about this size go to a stream's sink.
static constexpr qsizetype kPieceBytes = 64 * 1024;

struct LintJsonStream::Writer
{
    JsonWriter json{kPieceBytes + kPieceBytes / 4};
};

LintJsonStream::LintJsonStream(JsonSink sink) : m_w(std::make_unique<Writer>()), m_sink(std::move(sink))
{
    JsonWriter &w = m_w->json;
    w.beginObject();
    w.key("\"tools\":");
    w.beginArray();
}

LintJsonStream::~LintJsonStream() = default;

void LintJsonStream::tool(const ToolRecord &tool)
{
    JsonWriter &w = m_w->json;
    writeToolFields(w, tool, nullptr);
    w.endObject();
    w.flushTo(m_sink, kPieceBytes);
}

void LintJsonStream::finish(const QList<LintSkip> &skipped, const LintCounts &counts)
{
    JsonWriter &w = m_w->json;
    w.endArray();
    w.key("\"skipped\":");
    w.beginArray();
    for (const LintSkip &s : skipped)
        writeSkipped(w, s.dir);
    w.endArray();
    w.key("\"summary\":");
    w.beginObject();
    w.key("\"tools\":");
    w.number(counts.tools);
    w.key("\"errors\":");
    w.number(counts.errors);
    w.key("\"warnings\":");
    w.number(counts.warnings);
    w.key("\"infos\":");
    w.number(counts.infos);
    w.key("\"skipped\":");
    w.number(skipped.size());
    w.endObject();
    w.endObject();
    w.flushTo(m_sink);
}

QByteArray lintJsonText(const LintReport &report)
{
    QByteArray text;
    LintJsonStream stream([&text](QByteArrayView piece) { text += piece; });
    for (const ToolRecord &t : report.tools)
        stream.tool(t);
    stream.finish(report.skipped, report.counts());
    return text;
}

QByteArray effectiveSetJsonText(const QString &dataPath, const EffectiveSet &set)
{
    JsonWriter w(1024 * (set.tools.size() + set.shadowed.size() + set.skipped.size() + 1));
    w.beginObject();
    w.key("\"data_path\":");
    w.string(dataPath);
    w.key("\"user\":");
    w.stringOrNull(set.user);
    w.key("\"tools\":");
    w.beginArray();
    for (const EffectiveTool &e : set.tools) {
        writeToolFields(w, e.tool, e.overridden ? &*e.overridden : nullptr);
        w.endObject();
    }
    w.endArray();
    w.key("\"shadowed\":");
    w.beginArray();
    for (const ShadowedTool &s : set.shadowed) {
        writeToolFields(w, s.tool, nullptr);
        w.key("\"shadowed_by\":");
        w.string(s.shadowedBy);
        w.endObject();
    }
    w.endArray();
    w.key("\"skipped\":");
    w.beginArray();
    for (const SkippedDir &s : set.skipped)
        writeSkipped(w, s);
    w.endArray();
    w.endObject();
    return w.take();
}

namespace {

template<typename Writer>
void writeLocation(Writer &w, const LocationScan &l, CatalogJson detail)
{
    w.beginObject();
    w.key("\"path\":");
    w.string(l.path);
    w.key("\"exists\":");
    w.boolean(l.exists);
    if (l.scope == Scope::User) {
        w.key("\"user\":");
        w.string(l.user);
    }
    w.key("\"tools\":");
    w.beginArray();
    for (const ToolRecord &t : l.tools) {
        writeToolFields(w, t, nullptr);
        if (detail != CatalogJson::Summary)
            writeToolDetail(w, t, detail);
        w.endObject();
    }
    w.endArray();
    w.key("\"skipped\":");
    w.beginArray();
    for (const SkippedDir &s : l.skipped)
        writeSkipped(w, s, detail);
    w.endArray();
    w.endObject();
}

} // namespace

QByteArray locationJsonText(const LocationScan &location, CatalogJson detail)
{
    JsonWriter w((detail == CatalogJson::Detail ? 3200 : 1200) * (location.tools.size() + 1));
    writeLocation(w, location, detail);
    return w.take();
}

QByteArray catalogJsonText(const Catalog &catalog, CatalogJson detail)
{
    JsonWriter w((detail == CatalogJson::Detail ? 3200 : 1200) * (catalog.toolCount() + 1));
    w.beginObject();
    w.key("\"data_path\":");
    w.string(catalog.dataPath);
    w.key("\"global\":");
    writeLocation(w, catalog.global, detail);
    w.key("\"users\":");
    w.beginArray();
    for (const LocationScan &u : catalog.users)
        writeLocation(w, u, detail);
    w.endArray();
    w.endObject();
    return w.take();
}

QJsonObject effectiveSetJson(const QString &dataPath, const EffectiveSet &set)
{
    // The text the CLI prints, as a reader gets it: tests check the writer through it.
    return QJsonDocument::fromJson(effectiveSetJsonText(dataPath, set)).object();
}

void writeOverridesJson(const QList<OverrideRow> &rows, const JsonSink &sink)
{
    // Keys in the order the QJsonObjects of earlier versions wrote them (sorted): the same bytes.
    JsonWriter w(kPieceBytes + kPieceBytes / 4);
    w.beginArray();
    for (const OverrideRow &row : rows) {
        w.beginObject();
        w.key("\"global\":");
        if (row.global)
            writeDirVersion(w, row.global->dir, row.global->version);
        else
            w.null();
        w.key("\"name\":");
        w.string(row.name);
        w.key("\"users\":");
        w.beginArray();
        for (const OverrideEntry &u : row.users) {
            w.beginObject();
            w.key("\"dir\":");
            w.string(u.dir);
            w.key("\"email\":");
            w.string(u.user);
            w.key("\"version\":");
            w.number(u.version);
            w.endObject();
        }
        w.endArray();
        w.endObject();
        w.flushTo(sink, kPieceBytes);
    }
    w.endArray();
    w.flushTo(sink);
}

QByteArray overridesJsonText(const QList<OverrideRow> &rows)
{
    QByteArray text;
    writeOverridesJson(rows, [&text](QByteArrayView piece) { text += piece; });
    return text;
}

QJsonArray overridesJson(const QList<OverrideRow> &rows)
{
    return QJsonDocument::fromJson(overridesJsonText(rows)).array();
}

} // namespace tw::engine
