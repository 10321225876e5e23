#pragma once
// The server side of the remote protocol (DESIGN.md "Remote servers"): JSON-RPC 2.0 requests
// over one DATA_PATH, answered with the engine and the CLI's JSON shapes. It takes one message
// (a line without its newline) and gives the reply line; `toolwright serve --stdio` moves the
// lines, so this class is tested without a process.
//
// Methods (protocol 1.0): initialize, catalog.list, tool.read, lint, overrides. Each path a
// request names must lie under the served DATA_PATH (after resolving symlinks).

#include "remote/protocol.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace tw::engine {

class RemoteServer final
{
public:
    explicit RemoteServer(QString dataPath);

    // The reply line (with its newline) to one message; empty for a notification (no id).
    QByteArray handle(QByteArrayView line);

    bool initialized() const { return m_initialized; }
    const QString &dataPath() const { return m_dataPath; }

    // The methods this server answers, as `initialize` lists them in its capabilities.
    static QStringList methods();

private:
    struct Reply
    {
        QJsonValue result;
        RpcCode code = RpcCode::InternalError;
        QString error; // set: an error reply

        static Reply ok(QJsonValue result) { return {std::move(result), RpcCode::InternalError, {}}; }
        static Reply fail(RpcCode code, QString message) { return {{}, code, std::move(message)}; }
    };
    Reply dispatch(const QString &method, const QJsonObject &params);
    Reply initialize(const QJsonObject &params);
    Reply catalogList(const QJsonObject &params);
    Reply toolRead(const QJsonObject &params);
    Reply lint(const QJsonObject &params);
    Reply overrides();
    // `path` resolved, when it lies under the DATA_PATH; else empty with `reply` the error.
    QString pathUnderDataPath(const QString &path, Reply *reply) const;

    QString m_dataPath;      // absolute, as given
    QString m_canonicalData; // symlinks resolved, for the containment check
    bool m_initialized = false;
};

} // namespace tw::engine
