#include "remote/protocol.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <zstd.h>

namespace tw::engine {

QString protocolVersionText()
{
    return QStringLiteral("%1.%2").arg(kProtocolMajor).arg(kProtocolMinor);
}

QByteArray bannerLine()
{
    return QByteArrayLiteral("toolwright-serve " TOOLWRIGHT_VERSION " ") + protocolVersionText().toLatin1() + '\n';
}

std::optional<std::pair<int, int>> parseProtocolVersion(const QString &text)
{
    const QStringList parts = text.split(u'.');
    if (parts.size() != 2)
        return std::nullopt;
    bool majorOk = false, minorOk = false;
    const int major = parts[0].toInt(&majorOk), minor = parts[1].toInt(&minorOk);
    if (!majorOk || !minorOk || major < 0 || minor < 0)
        return std::nullopt;
    return std::pair{major, minor};
}

std::optional<Banner> parseBanner(QByteArrayView line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    const QList<QByteArray> words = line.toByteArray().split(' ');
    if (words.size() != 3 || words[0] != "toolwright-serve" || words[1].isEmpty())
        return std::nullopt;
    const auto version = parseProtocolVersion(QString::fromLatin1(words[2]));
    if (!version)
        return std::nullopt;
    return Banner{QString::fromUtf8(words[1]), version->first, version->second};
}

QString versionMismatchMessage(const QString &clientVersion, const QString &clientProtocol,
                               const QString &serverVersion, const QString &serverProtocol)
{
    return QStringLiteral("this Toolwright %1 speaks protocol %2; the server's toolwright %3 speaks protocol %4. "
                          "Install toolwright %1 on the server, or connect with "
                          "Toolwright %3.")
        .arg(clientVersion, clientProtocol, serverVersion, serverProtocol);
}

namespace {
QByteArray escapedByteOrderMarks(QByteArray json)
{
    // Outside strings the JSON Qt writes is ASCII: every EF BB BF is a U+FEFF in a string.
    return json.replace("\xEF\xBB\xBF", "\\ufeff");
}
} // namespace

QByteArray wireJson(const QJsonObject &object)
{
    return escapedByteOrderMarks(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QByteArray wireJson(const QJsonArray &array)
{
    return escapedByteOrderMarks(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QByteArray rpcResultLine(const QJsonValue &id, const QJsonValue &result)
{
    const QJsonObject o{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                        {QStringLiteral("result"), result}};
    return wireJson(o) + '\n';
}

QByteArray rpcErrorLine(const QJsonValue &id, RpcCode code, const QString &message)
{
    const QJsonObject error{{QStringLiteral("code"), int(code)}, {QStringLiteral("message"), message}};
    const QJsonObject o{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), id.isUndefined() ? QJsonValue(QJsonValue::Null) : id},
                        {QStringLiteral("error"), error}};
    return wireJson(o) + '\n';
}

QByteArray packCatalogText(const QByteArray &json, const QJsonValue &compress)
{
    if (compress.isString() && compress.toString() == u"zstd") {
        QByteArray packed(qsizetype(ZSTD_compressBound(size_t(json.size()))), Qt::Uninitialized);
        const size_t n = ZSTD_compress(packed.data(), size_t(packed.size()), json.constData(), size_t(json.size()), 1);
        if (!ZSTD_isError(n)) {
            packed.truncate(qsizetype(n));
            return "{\"zstd\":\"" + packed.toBase64() + "\"}";
        }
    } else if (compress.toBool()) {
        return "{\"zlib\":\"" + qCompress(json, 1).toBase64() + "\"}";
    }
    return json;
}

std::optional<QByteArray> catalogListText(const QJsonValue &result)
{
    const QJsonObject o = result.toObject();
    if (!o.contains(QStringLiteral("zstd")) && !o.contains(QStringLiteral("zlib")) && !o.contains(QStringLiteral("global")))
        return std::nullopt;
    return unpackedText(result);
}

std::optional<QByteArray> unpackedText(const QJsonValue &value)
{
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject o = value.toObject();
    const bool zstd = o.contains(QStringLiteral("zstd"));
    if (!zstd && !o.contains(QStringLiteral("zlib")))
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    const auto packed = QByteArray::fromBase64Encoding(o.value(zstd ? QStringLiteral("zstd") : QStringLiteral("zlib")).toString().toLatin1(),
                                                       QByteArray::AbortOnBase64DecodingErrors);
    if (!packed)
        return std::nullopt;
    const QByteArray &d = packed.decoded;
    if (zstd) {
        // The frame names its size: never more than a message may be, never unknown.
        const unsigned long long size = ZSTD_getFrameContentSize(d.constData(), size_t(d.size()));
        if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR || size > quint64(kMaxMessageBytes))
            return std::nullopt;
        QByteArray text(qsizetype(size), Qt::Uninitialized);
        const size_t n = ZSTD_decompress(text.data(), size_t(text.size()), d.constData(), size_t(d.size()));
        if (ZSTD_isError(n) || n != size)
            return std::nullopt;
        return text;
    }
    if (d.size() < 4)
        return std::nullopt;
    // qCompress's length prefix is the size it will allocate: never more than a message may be.
    const quint32 size = (quint32(uchar(d[0])) << 24) | (quint32(uchar(d[1])) << 16) | (quint32(uchar(d[2])) << 8) | quint32(uchar(d[3]));
    if (size > quint32(kMaxMessageBytes))
        return std::nullopt;
    QByteArray text = qUncompress(d);
    if (text.isEmpty() && size > 0)
        return std::nullopt;
    return text;
}

std::optional<QJsonObject> catalogListResult(const QJsonValue &result)
{
    const std::optional<QByteArray> text = catalogListText(result);
    if (!text)
        return std::nullopt;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

QByteArray rpcRawResultLine(const QJsonValue &id, const QByteArray &resultJson)
{
    QByteArray idText = wireJson(QJsonArray{id});
    idText = idText.mid(1, idText.size() - 2); // the value alone, out of its array
    return QByteArrayLiteral("{\"id\":") + idText + QByteArrayLiteral(",\"jsonrpc\":\"2.0\",\"result\":") + escapedByteOrderMarks(resultJson)
        + QByteArrayLiteral("}\n");
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

std::optional<QByteArray> toolReadFile(const QJsonObject &reply, const QString &name, QString *error)
{
    for (const QJsonValue &v : reply.value(QStringLiteral("files")).toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(QStringLiteral("name")).toString() != name)
            continue;
        if (f.contains(QStringLiteral("error"))) {
            *error = QStringLiteral("%1: %2").arg(name, f.value(QStringLiteral("error")).toString());
            return std::nullopt;
        }
        if (f.value(QStringLiteral("too_large")).toBool()) {
            *error = QStringLiteral("%1 is %2 bytes, too large to send").arg(name).arg(qint64(f.value(QStringLiteral("size")).toDouble()));
            return std::nullopt;
        }
        if (f.contains(QStringLiteral("base64")))
            return QByteArray::fromBase64(f.value(QStringLiteral("base64")).toString().toLatin1());
        return f.value(QStringLiteral("text")).toString().toUtf8();
    }
    return std::nullopt;
}

} // namespace tw::engine
