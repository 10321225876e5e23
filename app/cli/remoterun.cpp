// `toolwright run NAME --data ssh://host/path --user EMAIL`: the tool runs on the server
// (run.start), in the server's sandbox, and is shown here as a local run is (run.cpp's
// printRunEvent and printRunOutcome): the same lines, JSON events and exit codes. Its secrets
// come from this desktop's store under the server's keys (`ssh:host/user/…`), with the same
// questions as a local run (a secret stored for another definition of the tool needs
// --trust-changed), and travel inside the request; nothing is stored on the server.

#include "common.h"

#include "remote/remoterunexecution.h"
#include "remote/runwire.h"
#include "run/runinputs.h"
#include "run/runsettings.h"
#include "run/runtime.h"
#include "toolmd/toollayout.h"
#include "toolmd/toolmdreader.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>

#include <cstring>

namespace tw::app::cli {

using namespace tw::engine;

bool serverTool(RemoteConnection &connection, const QString &name, const QString &user, ToolRecord *tool)
{
    const QString host = connection.target().displayHost();
    const RpcResult shown = connection.callAndWait(
        QStringLiteral("cli.run"),
        {{QStringLiteral("command"), QStringLiteral("show")},
         {QStringLiteral("args"), QJsonArray{name, QStringLiteral("--user"), user, QStringLiteral("--json")}}});
    if (!shown.ok()) {
        err(QStringLiteral("toolwright: %1: %2\n").arg(host, shown.message));
        return false;
    }
    const QJsonObject result = shown.result.toObject();
    if (result.value(QStringLiteral("exit")).toInt(2) != 0) {
        err(result.value(QStringLiteral("stderr")).toString());
        return false;
    }
    const QJsonObject json = QJsonDocument::fromJson(result.value(QStringLiteral("stdout")).toString().toUtf8()).object();
    const QString dir = json.value(QStringLiteral("dir")).toString();
    const RpcResult read = connection.callAndWait(QStringLiteral("tool.read"), {{QStringLiteral("dir"), dir}});
    QString fileError;
    const QByteArray toolMd = toolReadFile(read.result.toObject(), kToolMdFile, &fileError).value_or(QByteArray());
    ToolMdParse parse = parseToolMd(toolMd, dir + u'/' + kToolMdFile);
    if (!read.ok() || !parse.manifest) {
        err(QStringLiteral("toolwright: %1: cannot read %2 on the server%3\n")
                .arg(host, dir, read.ok() ? QString() : QStringLiteral(": ") + read.message));
        return false;
    }
    // Secrets are looked up by the tool's name: a server that answers with another tool's
    // definition (TOOL.md naming `hmac_sign` for `run hello`) would be handed that tool's.
    if (parse.manifest->name != name) {
        err(QStringLiteral("toolwright: %1: asked for the tool %2, the server answered with %3 (%4): nothing is sent\n")
                .arg(host, name, terminalSafe(parse.manifest->name), terminalSafe(dir)));
        return false;
    }
    tool->manifest = std::move(*parse.manifest);
    tool->scope = json.value(QStringLiteral("scope")).toString() == u"user" ? Scope::User : Scope::Global;
    tool->user = json.value(QStringLiteral("user")).toString();
    tool->dir = dir;
    tool->dirName = QFileInfo(dir).fileName();
    return true;
}

int runOnServer(const Options &o, const QString &name, const QJsonObject &params, int timeoutMs, bool paramsOnCommandLine)
{
    QString error;
    const std::optional<RemoteTarget> target = RemoteTarget::parse(o.parser.value(o.data), &error);
    if (!target)
        return usageError(error);
    const QString user = o.parser.value(o.user);
    if (!isUserDirectoryName(user))
        return usageError(QStringLiteral("run on a server needs --user EMAIL: a tool always runs for one user, and sees that "
                                         "user's data root only"));
    if (o.parser.isSet(o.runtime)
        && !runtimeChoices().contains(o.parser.value(o.runtime)))
        return usageError(QStringLiteral("unknown runtime '%1' (auto, bwrap, podman, docker)").arg(o.parser.value(o.runtime)));
    ConfiguredSecretStore keychain;
    if (!openSecretStore(o, &keychain, &error))
        return usageError(error);

    RemoteConnection connection(*target, sshSettingsFor(o.parser.value(o.remoteCommand)));
    if (!connection.waitForReady(&error)) {
        err(QStringLiteral("toolwright: %1\n").arg(error));
        return 2;
    }
    ToolRecord tool;
    if (!serverTool(connection, name, user, &tool))
        return 2;
    if (paramsOnCommandLine)
        warnSensitiveOnCommandLine(tool, params);

    // This desktop's secrets for the server, by the same rules as a local run's.
    const QString keyUser = remoteSecretUser(*target, user);
    const Integrations integrations = Integrations::load(keyUser);
    std::optional<RunInputs> gathered;
    {
        QEventLoop loop;
        gatherRunInputs(keychain, keyUser, tool, params, integrations, &loop, [&](const RunInputs &in) {
            gathered = in;
            loop.quit();
        });
        if (!gathered)
            loop.exec();
    }
    RunInputs inputs = *gathered;
    for (const HeldSecret &h : std::as_const(inputs.held)) {
        if (!o.parser.isSet(o.trustChanged))
            return usageError(QStringLiteral("%1: the stored %2 is not used; run with --trust-changed to use it (and bind it to "
                                             "this tool)")
                                  .arg(h.check.change, h.input));
        inputs.useHeld(h, tool);
    }
    warnAboutInputs(tool, inputs);
    // The integration tokens as gathered, under the keys the server's run reads.
    const QJsonObject secrets = RemoteRunExecution::serverSecrets(user, inputs.integrationSecrets);

    QJsonObject start{{QStringLiteral("tool"), name},
                      {QStringLiteral("user"), user},
                      {QStringLiteral("params"), inputs.params},
                      {QStringLiteral("integrations"), integrationsToJson(integrations)},
                      {QStringLiteral("secrets"), secrets}};
    if (o.parser.isSet(o.runtime))
        start.insert(QStringLiteral("runtime"), o.parser.value(o.runtime));
    if (o.parser.isSet(o.changes))
        start.insert(QStringLiteral("changes"), o.parser.value(o.changes)); // checked by cmdRun
    if (timeoutMs > 0)
        start.insert(QStringLiteral("timeout_ms"), timeoutMs);
    const bool json = o.parser.isSet(o.json);
    const QString host = target->displayHost();
    QEventLoop loop;
    int exitCode = 2;
    QString runId;
    QObject::connect(&connection, &RemoteConnection::notificationReceived, &loop,
                     [&](const QString &method, const QJsonObject &p) {
                         if (method == u"run.event") {
                             if (const std::optional<RunEvent> e = runEventFromJson(p.value(QStringLiteral("event")).toObject()))
                                 printRunEvent(*e, json);
                         } else if (method == u"run.finished") {
                             const std::optional<RunOutcome> outcome = runOutcomeFromJson(p.value(QStringLiteral("outcome")).toObject());
                             if (p.contains(QStringLiteral("history_error")))
                                 err(QStringLiteral("toolwright: warning: run history on %1: %2\n")
                                         .arg(host, p.value(QStringLiteral("history_error")).toString()));
                             if (!outcome) {
                                 err(QStringLiteral("toolwright: %1 ended the run without a readable outcome\n").arg(host));
                                 loop.exit(2);
                                 return;
                             }
                             loop.exit(printRunOutcome(*outcome, p.value(QStringLiteral("runtime")).toString(), json));
                         }
                     });
    QObject::connect(&connection, &RemoteConnection::failed, &loop, [&](const QString &message) {
        err(QStringLiteral("toolwright: %1 — a run in flight is cancelled on the server\n").arg(message));
        loop.exit(2);
    });
    connection.call(QStringLiteral("run.start"), start, [&](const RpcResult &r) {
        if (!r.ok()) {
            err(QStringLiteral("toolwright: %1: %2\n").arg(host, r.message));
            loop.exit(2);
            return;
        }
        runId = r.result.toObject().value(QStringLiteral("run_id")).toString();
    });
    watchTerminationSignals(&loop, [&](int signal) {
        err(QStringLiteral("toolwright: SIG%1: cancelling the run\n").arg(QString::fromLatin1(sigabbrev_np(signal))));
        connection.call(QStringLiteral("run.cancel"), {{QStringLiteral("run_id"), runId}}, [](const RpcResult &) {});
    });
    exitCode = loop.exec();
    QObject::disconnect(&connection, nullptr, &loop, nullptr);
    connection.close();
    return exitCode;
}

} // namespace tw::app::cli
