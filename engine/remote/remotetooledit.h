#pragma once
// A server's tool in the editor: tool.read into a detached ToolEditSession, tool.save of what
// changed with the SHA-256 of what was read as its precondition (DESIGN.md "Remote servers":
// the desktop never overwrites silently). The version rule is checked here before sending, as
// a local save does, and again by the server, which has the last word.

#include "authoring/tooleditsession.h"

#include <functional>
#include <optional>

namespace tw::engine {

class RemoteConnection;

// The tool at `dir` on the server, for editing: a detached session, or why not.
using RemoteSessionReply = std::function<void(std::optional<ToolEditSession> session, const QString &error)>;
void readToolForEditing(RemoteConnection *connection, const QString &dir, RemoteSessionReply done);

// What a save sent, for markSaved() once the server said it wrote them (the editor may have
// changed its text meanwhile).
struct RemoteSaveSent
{
    QByteArray toolMd, entry;
};
using RemoteSaveReply = std::function<void(const ToolEditSession::SaveResult &result, const RemoteSaveSent &sent)>;
// Sends the session's changed files. Saved (the caller marks them saved), NothingToSave,
// Conflict (changed on the server since read), NotBumped (the server's version is higher than
// this session knew) or WriteFailed (the server could not write; `connection-lost` when the
// connection ended before the reply, and what the server did is unknown), each with the
// server's words. The version rule is the caller's to have applied (checkVersion).
void saveToolOnServer(RemoteConnection *connection, const ToolEditSession &session, RemoteSaveReply done);

} // namespace tw::engine
