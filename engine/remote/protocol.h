#pragma once
// The remote protocol's framing (DESIGN.md "Remote servers"): one banner line
// `toolwright-serve <version> <major>.<minor>`, then JSON-RPC 2.0, one message per line. Shared
// by `toolwright serve --stdio` and the desktop's client, so both sides speak one version.

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace tw::engine {

// The protocol this build speaks. A different minor works (a method the other side lacks is
// "method not found"); a different major fails at `initialize`, naming both versions.
inline constexpr int kProtocolMajor = 1;
// 1.1 added `ping` and catalog.list's "detail"; 1.2 its "compress": "zstd" and "stream"; 1.3
// its "bodies": false and `tool.bodies`.
inline constexpr int kProtocolMinor = 3;
QString protocolVersionText(); // "1.3"

// JSON-RPC 2.0's error codes, and the protocol's own in its server range.
enum class RpcCode {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    VersionMismatch = -32001, // initialize: the majors differ
    NotInitialized = -32002,  // a method before initialize
    NotFound = -32003,        // no such tool, file or user
    OutsideDataPath = -32004, // a path that is not under the served DATA_PATH
    Conflict = -32005,        // tool.save: a file changed on the server since it was read
    NotBumped = -32006,       // tool.save: the tool changed but its version is not above the disk's
    WriteFailed = -32007,     // the server could not write (permissions, a full disk)
};

struct Banner
{
    QString toolwrightVersion; // the server's program version, "0.1.0"
    int major = 0, minor = 0;  // its protocol
};

// The banner line this build prints, with its newline.
QByteArray bannerLine();
// A line that is a banner (without its newline; a trailing CR is allowed), else nullopt: what a
// login shell prints before it is not.
std::optional<Banner> parseBanner(QByteArrayView line);
// "major.minor" → the two numbers, else nullopt.
std::optional<std::pair<int, int>> parseProtocolVersion(const QString &text);

// The one message a major mismatch gives, on either side: both versions and what to install.
QString versionMismatchMessage(const QString &clientVersion, const QString &clientProtocol,
                               const QString &serverVersion, const QString &serverProtocol);

// One reply line each (compact JSON, with its newline).
// A value as one line of the wire's JSON, U+FEFF escaped (\ufeff): QJsonDocument's reader drops a
// raw one that begins a string, JsonReader and the JSON standard keep it; escaped, every reader
// gets the character.
QByteArray wireJson(const QJsonObject &object);
QByteArray wireJson(const QJsonArray &array);
QByteArray rpcResultLine(const QJsonValue &id, const QJsonValue &result);
QByteArray rpcErrorLine(const QJsonValue &id, RpcCode code, const QString &message);
// A result that is already compact JSON text (one line; the catalog's 10 MB are not built as
// QJsonObjects twice).
QByteArray rpcRawResultLine(const QJsonValue &id, const QByteArray &resultJson);

// catalog.list's result packed as asked with "compress": `true` gives `{"zlib": base64 of
// qCompress(json)}`, "zstd" (1.2) `{"zstd": base64 of a zstd frame}` — level 1: 22 MB of a
// window's catalog in 45 ms and 3.9 MB, where zlib took 150 ms for 4.6 MB, and a fourth of its
// time to unpack. Anything else: the text as it is.
QByteArray packCatalogText(const QByteArray &json, const QJsonValue &compress);
// A value packCatalogText() made, as JSON text again: unpacked, or an object as it came;
// nullopt when it is neither, or announces more than a message may hold.
std::optional<QByteArray> unpackedText(const QJsonValue &packed);
// catalog.list's result as JSON text, whether it came whole or packed (nullopt, as above, or
// when it is no catalog).
std::optional<QByteArray> catalogListText(const QJsonValue &result);
// The same as an object.
std::optional<QJsonObject> catalogListResult(const QJsonValue &result);

// One file of tool.read's reply ({"files": [{"name", "text" | "base64" | "error" | "too_large"}]}):
// its bytes; nullopt with `error` saying why when the server could not send it, nullopt with
// `error` left empty when the reply does not list it.
std::optional<QByteArray> toolReadFile(const QJsonObject &reply, const QString &name, QString *error);

// A file's bytes as tool.read names them and tool.save's precondition checks them (hex SHA-256).
QString sha256Hex(const QByteArray &bytes);

// The longest line either side accepts (a 50 MB TOOL.md read whole, base64, fits).
inline constexpr qsizetype kMaxMessageBytes = 256 * 1024 * 1024;
// What a server takes from a client: a request line of at most this many bytes and JSON values
// (a 240 MB line of tiny values took `serve` to 2.4 GB). A saved file or an imported zip of
// 40 MB, base64, fits.
inline constexpr qsizetype kMaxRequestBytes = 64 * 1024 * 1024;
inline constexpr qsizetype kMaxRequestValues = 1000000;

} // namespace tw::engine
