#pragma once
// A JSON-RPC 2.0 request line, as the desktop's client writes them, for the tests that speak
// to `toolwright serve --stdio` themselves.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace tw::test {

inline QByteArray rpcRequest(int id, const QString &method, const QJsonObject &params = {})
{
    return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                     {QStringLiteral("id"), id},
                                     {QStringLiteral("method"), method},
                                     {QStringLiteral("params"), params}})
               .toJson(QJsonDocument::Compact)
        + '\n';
}

} // namespace tw::test
