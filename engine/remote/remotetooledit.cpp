#include "remote/remotetooledit.h"

#include "remote/protocol.h"
#include "remote/remoteconnection.h"
#include "toolmd/toollayout.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace tw::engine {


void readToolForEditing(RemoteConnection *connection, const QString &dir, RemoteSessionReply done)
{
    // Only what the editor edits: not a tool's data files, which may be large.
    const QJsonObject params{{QStringLiteral("dir"), dir},
                             {QStringLiteral("names"), QJsonArray{kToolMdFile, kEntryTsFile, kEntryJsFile}}};
    connection->call(QStringLiteral("tool.read"), params, [dir, done = std::move(done)](const RpcResult &r) {
        if (!r.ok()) {
            done(std::nullopt, r.message);
            return;
        }
        const QJsonObject result = r.result.toObject();
        if (result.contains(QStringLiteral("skipped"))) {
            done(std::nullopt, QStringLiteral("%1 does not load on the server; fix it with the command line or on the server").arg(dir));
            return;
        }
        const QString entryName = result.value(QStringLiteral("tool")).toObject().value(QStringLiteral("entry")).toString();
        QString error;
        const std::optional<QByteArray> toolMd = toolReadFile(result, kToolMdFile, &error);
        if (!toolMd) {
            done(std::nullopt, error.isEmpty() ? QStringLiteral("the server sent no TOOL.md") : error);
            return;
        }
        const std::optional<QByteArray> entry = entryName.isEmpty() ? std::nullopt : toolReadFile(result, entryName, &error);
        if (!error.isEmpty()) {
            done(std::nullopt, error);
            return;
        }
        Diagnostic problem;
        std::optional<ToolEditSession> session = ToolEditSession::fromBytes(dir, *toolMd, entryName, entry, &problem);
        done(std::move(session), session ? QString() : formatDiagnostic(problem));
    });
}

void saveToolOnServer(RemoteConnection *connection, const ToolEditSession &session, RemoteSaveReply done)
{
    if (!session.isModified()) {
        done({ToolEditSession::SaveStatus::NothingToSave, {}}, {});
        return;
    }
    RemoteSaveSent sent{session.document().bytes(), session.entrySource()};
    QJsonObject files;
    if (sent.toolMd != session.savedToolMd())
        files.insert(kToolMdFile, QJsonObject{{QStringLiteral("text"), QString::fromUtf8(sent.toolMd)},
                                              {QStringLiteral("base_sha256"), sha256Hex(session.savedToolMd())}});
    if (sent.entry != session.savedEntry() || !session.entryExisted())
        files.insert(QFileInfo(session.entryPath()).fileName(),
                     QJsonObject{{QStringLiteral("base64"), QString::fromLatin1(sent.entry.toBase64())},
                                 {QStringLiteral("base_sha256"), session.entryExisted() ? sha256Hex(session.savedEntry()) : QString()}});
    const QString toolMdPath = session.toolMdPath();
    connection->call(QStringLiteral("tool.save"), {{QStringLiteral("dir"), session.dir()}, {QStringLiteral("files"), files}},
                     [done = std::move(done), sent = std::move(sent), toolMdPath](const RpcResult &r) {
                         using Status = ToolEditSession::SaveStatus;
                         if (r.ok()) {
                             done({Status::Saved, {}}, sent);
                             return;
                         }
                         const Status status = r.code == int(RpcCode::Conflict) ? Status::Conflict
                             : r.code == int(RpcCode::NotBumped)                ? Status::NotBumped
                                                                                : Status::WriteFailed;
                         // -32603 here is the client's own: the connection ended before a reply.
                         const QString code = status == Status::Conflict ? QStringLiteral("changed-on-disk")
                             : status == Status::NotBumped               ? QStringLiteral("version-not-bumped")
                             : r.code == int(RpcCode::InternalError)     ? QStringLiteral("connection-lost")
                                                                         : QStringLiteral("write-failed");
                         done({status, {code, Severity::Error, r.message, toolMdPath, 0}}, sent);
                     });
}

} // namespace tw::engine
