// `--data ssh://[user@]host[:port]/path`: the command runs on the server, by the server's
// toolwright (`serve --stdio`, method cli.run), so its output, JSON and exit code are what the
// same command prints there, with the server's paths. ssh asks on the terminal when there is
// one; with none (a script, a service), it does not ask, and a failure to connect is one line
// on stderr and exit 2.

#include "common.h"

#include "remote/remoteconnection.h"
#include "remote/remoteserver.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QProcessEnvironment>

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace tw::app::cli {

using namespace tw::engine;

namespace {

// Whether ssh can ask on a terminal it opens itself.
bool someoneToAsk()
{
    const int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return false;
    ::close(fd);
    return true;
}

} // namespace

std::optional<QString> remoteDataArgument(const QStringList &args)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        for (const QString &option : {QStringLiteral("--data"), QStringLiteral("-data")}) {
            if (a == option && i + 1 < args.size() && RemoteTarget::looksRemote(args[i + 1]))
                return args[i + 1];
            if (a.startsWith(option + u'=') && RemoteTarget::looksRemote(QStringView(a).sliced(option.size() + 1)))
                return a.sliced(option.size() + 1);
        }
        if (a == u"--")
            break;
    }
    return std::nullopt;
}

SshSettings sshSettingsFor(const QString &remoteCommand)
{
    SshSettings ssh = SshSettings::fromEnvironment(remoteCommand);
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // A terminal: ssh asks there. No terminal but a display: Toolwright's own dialog. Neither: a
    // script or a service, where nobody answers, and ssh must fail instead of waiting.
    if (!someoneToAsk()) {
        if (!env.value(QStringLiteral("DISPLAY")).isEmpty() || !env.value(QStringLiteral("WAYLAND_DISPLAY")).isEmpty())
            ssh.askpass = QCoreApplication::applicationFilePath();
        else
            ssh.batchMode = true;
    }
    return ssh;
}

int cmdRemote(const QString &command, const QStringList &args, const QString &url)
{
    if (!RemoteServer::cliCommands().contains(command))
        return usageError(QStringLiteral("'%1' does not work on a server's DATA_PATH yet (%2 do)")
                              .arg(command, RemoteServer::cliCommands().join(u", ")));
    QString error;
    const std::optional<RemoteTarget> target = RemoteTarget::parse(url, &error);
    if (!target)
        return usageError(error);
    // The arguments without --data (the server adds the DATA_PATH it serves) and without
    // --remote-command (which is ours).
    QStringList forwarded;
    SshSettings ssh = sshSettingsFor(QString()); // the environment's; --remote-command below
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        bool consumed = false;
        for (const QString &option : {QStringLiteral("--data"), QStringLiteral("-data"), QStringLiteral("--remote-command"),
                                     QStringLiteral("-remote-command")}) {
            const bool isRemoteCommand = option.endsWith(u"remote-command");
            if (a == option) {
                if (i + 1 >= args.size())
                    return usageError(QStringLiteral("%1 needs a value").arg(option));
                if (isRemoteCommand)
                    ssh.remoteCommand = args[i + 1];
                ++i;
                consumed = true;
            } else if (a.startsWith(option + u'=')) {
                if (isRemoteCommand)
                    ssh.remoteCommand = a.sliced(option.size() + 1);
                consumed = true;
            }
            if (consumed)
                break;
        }
        if (!consumed)
            forwarded.append(a);
    }

    RemoteConnection connection(*target, ssh);
    if (!connection.waitForReady(&error)) {
        err(QStringLiteral("toolwright: %1\n").arg(error));
        return 2;
    }
    const RpcResult reply = connection.callAndWait(
        QStringLiteral("cli.run"), QJsonObject{{QStringLiteral("command"), command},
                                               {QStringLiteral("args"), QJsonArray::fromStringList(forwarded)}});
    connection.close();
    if (!reply.ok()) {
        err(QStringLiteral("toolwright: %1: %2\n").arg(target->displayHost(), reply.message));
        return 2;
    }
    const QJsonObject result = reply.result.toObject();
    writeWhole(stdout, result.value(QStringLiteral("stdout")).toString());
    writeWhole(stderr, result.value(QStringLiteral("stderr")).toString());
    return result.value(QStringLiteral("exit")).toInt(2);
}

} // namespace tw::app::cli
