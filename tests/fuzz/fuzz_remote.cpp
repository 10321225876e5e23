// libFuzzer target: the server side of the remote protocol (engine::RemoteServer), fed lines a
// client could send, over a copy of the fixture DATA_PATH. Its contract (DESIGN.md "Remote
// servers", remoteserver.h): every message gets at most one reply, and a reply is one line of
// compact JSON-RPC 2.0 (an object with "jsonrpc": "2.0", an "id", and exactly one of "result"
// and "error", an error with an integer code and a message), ending in its only newline; a
// notification (no id) gets none. Nothing a client sends crashes it. Only the methods that
// read reach the server (and anything that is not a JSON object with a method, which it must
// refuse): those that start processes, write, watch or read a seed anywhere on the machine
// (run.start, cli.run, tool.save, tool.new, …, sync.*) are dropped before it, so a run of the
// fuzzer neither runs tools nor changes its own input.
//
// The same lines go to the desktop's side as a server could send them (engine/remote/catalogwire:
// a catalog, a catalog.changed, a deflated catalog.list reply): nothing a server sends crashes
// the window's decoding, and a catalog patched with any change still has every user once. The
// window's own reader (JsonReader, catalogFromJsonText) is held to QJsonDocument's: a line
// QJsonDocument reads, it reads to the same value, and a catalog decodes to the same records
// from QJsonDocument's indented text as from the compact text the object entry points write.
#include "catalog/catalogjson.h"
#include "remote/catalogwire.h"
#include "remote/jsonreader.h"
#include "remote/protocol.h"
#include "remote/remoteserver.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

QString g_data;

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    while (it.hasNext()) {
        const QFileInfo fi(it.next());
        const QString dst = to + u'/' + fi.fileName();
        if (fi.isSymLink())
            continue;
        if (fi.isDir() ? !copyTree(fi.filePath(), dst) : !QFile::copy(fi.filePath(), dst))
            return false;
    }
    return true;
}

void check(bool ok, const char *what, QByteArrayView line, const QByteArray &reply)
{
    if (ok)
        return;
    std::fprintf(stderr, "contract broken: %s\nline: %.*s\nreply: %.*s\n", what, int(line.size()), line.data(),
                 int(reply.size()), reply.constData());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    static QTemporaryDir tmp;
    g_data = tmp.path() + QStringLiteral("/data");
    if (!copyTree(QStringLiteral(TW_FIXTURES_DIR "/datapath"), g_data))
        std::abort();
    return 0;
}

namespace {

// A line as a server's message to the desktop.
void decodeAsServerMessage(const QByteArray &line)
{
    static const tw::engine::Catalog base = tw::engine::scanDataPath(g_data);
    const QJsonDocument doc = QJsonDocument::fromJson(line);
    const QJsonObject o = doc.object();
    const QJsonValue result = o.contains(QStringLiteral("result")) ? o.value(QStringLiteral("result")) : QJsonValue(o);
    if (const std::optional<QJsonObject> listed = tw::engine::catalogListResult(result)) {
        const std::optional<tw::engine::Catalog> tree = tw::engine::catalogFromJson(*listed);
        const std::optional<tw::engine::Catalog> read = tw::engine::catalogFromJsonText(QJsonDocument(*listed).toJson());
        check(tree.has_value() == read.has_value(), "the indented text decodes where the compact text does", line, {});
        if (tree && read)
            check(tw::engine::catalogJsonText(*tree, tw::engine::CatalogJson::Detail)
                      == tw::engine::catalogJsonText(*read, tw::engine::CatalogJson::Detail),
                  "the same catalog from the indented text as from the compact", line, {});
    }
    (void)tw::engine::catalogFromJsonText(line); // any bytes as a catalog's text
    (void)tw::engine::locationFromJsonText(line, tw::engine::Scope::User);
    if (const std::optional<QByteArray> location = tw::engine::unpackedText(o.value(QStringLiteral("params")).toObject().value(QStringLiteral("location"))))
        (void)tw::engine::locationFromJsonText(*location, tw::engine::Scope::User); // a catalog.location
    // A tool.bodies answer, whole or packed, put into a catalog without the bodies: only records
    // that were waiting for theirs change, and no record is added or lost.
    if (const std::optional<QByteArray> text = tw::engine::unpackedText(result))
        if (const std::optional<QList<tw::engine::ToolBody>> bodies = tw::engine::toolBodiesFromJsonText(*text)) {
            tw::engine::Catalog waiting = base;
            for (tw::engine::ToolRecord &t : waiting.global.tools)
                t.bodyElsewhere = true;
            tw::engine::putToolBodies(waiting, *bodies);
            check(waiting.toolCount() == base.toolCount(), "bodies add or drop no tool", line, {});
        }
    (void)tw::engine::toolBodiesFromJsonText(line);
    if (doc.isObject() || doc.isArray()) {
        tw::engine::JsonReader reader(line);
        const QJsonValue value = reader.readValue();
        check(reader.finish(), "JsonReader reads what QJsonDocument reads", line, reader.error().toUtf8());
        const QJsonDocument again = value.isObject() ? QJsonDocument(value.toObject()) : QJsonDocument(value.toArray());
        // A lone surrogate (\ud800) is U+FFFD to the reader and a lone UTF-16 unit to Qt.
        static const QRegularExpression surrogate(QStringLiteral("\\\\u[dD][89a-fA-F]"));
        // A raw U+FEFF that begins a string: Qt's reader drops it (QString::fromUtf8 strips an
        // initial byte order mark), JsonReader keeps it, as JSON does; Qt keeps an escaped one, so
        // the reader is held to Qt's reading of the line with each one escaped (as the wire's
        // writers send it, wireJson). Found by this fuzzer on 2026-12-07.
        QByteArray escaped = line;
        escaped.replace("\xef\xbb\xbf", "\\ufeff");
        const QJsonDocument expected = QJsonDocument::fromJson(escaped);
        if (!QString::fromLatin1(line).contains(surrogate) && (expected.isObject() || expected.isArray()))
            check(again.toJson() == expected.toJson(), "JsonReader reads the value QJsonDocument reads", line, again.toJson());
    } else {
        tw::engine::JsonReader reader(line);
        (void)reader.readValue();
        (void)reader.finish();
    }
    tw::engine::Catalog patched = base;
    const QJsonObject params = o.value(QStringLiteral("params")).toObject();
    const QJsonArray locations = params.contains(QStringLiteral("locations")) ? params.value(QStringLiteral("locations")).toArray()
                                                                              : doc.array();
    QList<tw::engine::LocationScan> changed;
    tw::engine::applyCatalogChanges(patched, locations, &changed);
    QStringList paths;
    for (const tw::engine::LocationScan &l : std::as_const(patched.users))
        paths.append(l.path);
    paths.removeDuplicates();
    check(paths.size() == patched.users.size(), "every user location once after a change", line, {});
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tw::engine::RemoteServer server(g_data);
    server.handle(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.0"}})");
    // The seeds name the DATA_PATH as DATA; this run's copy is where it really is.
    QByteArray input = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    const QByteArray dataDir = g_data.toUtf8() + QByteArrayLiteral("/");
    input.replace(QByteArrayLiteral("DATA/"), dataDir);
    for (const QByteArray &line : input.split('\n')) {
        decodeAsServerMessage(line);
        const QJsonObject message = QJsonDocument::fromJson(line).object();
        const QString method = message.value(QStringLiteral("method")).toString();
        static const QStringList reading{QStringLiteral("initialize"), QStringLiteral("catalog.list"), QStringLiteral("tool.read"),
                                         QStringLiteral("tool.bodies"), QStringLiteral("lint"), QStringLiteral("overrides"), QStringLiteral("templates.list"),
                                         QStringLiteral("tool.explain"), QStringLiteral("run.cancel")};
        if (message.value(QStringLiteral("method")).isString() && !reading.contains(method))
            continue;
        if (message.value(QStringLiteral("params")).toObject().contains(QStringLiteral("watch")))
            continue;
        const QByteArray reply = server.handle(line);
        if (reply.isEmpty())
            continue;
        check(reply.endsWith('\n') && reply.count('\n') == 1, "one line", line, reply);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(reply, &error);
        check(error.error == QJsonParseError::NoError && doc.isObject(), "a JSON object", line, reply);
        const QJsonObject o = doc.object();
        check(o.value(QStringLiteral("jsonrpc")).toString() == u"2.0" && o.contains(QStringLiteral("id")), "jsonrpc 2.0 with an id",
              line, reply);
        const bool result = o.contains(QStringLiteral("result")), failed = o.contains(QStringLiteral("error"));
        check(result != failed, "a result or an error", line, reply);
        if (result && method == u"tool.bodies") {
            const std::optional<QByteArray> text = tw::engine::unpackedText(o.value(QStringLiteral("result")));
            check(text && tw::engine::toolBodiesFromJsonText(*text), "tool.bodies answers bodies", line, reply);
        }
        if (failed) {
            const QJsonObject e = o.value(QStringLiteral("error")).toObject();
            check(e.value(QStringLiteral("code")).isDouble() && e.value(QStringLiteral("message")).isString(),
                  "an error with a code and a message", line, reply);
        }
    }
    return 0;
}
