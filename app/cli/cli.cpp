// The subcommands: which words are the CLI, and which file handles each (cli/<command>.cpp).

#include "cli.h"

#include "common.h"

namespace tw::app {
namespace {

using namespace tw::app::cli;

const QStringList kSubcommands = {QStringLiteral("list"), QStringLiteral("show"), QStringLiteral("lint"),
                                  QStringLiteral("overrides"), QStringLiteral("sync"), QStringLiteral("bump"),
                                  QStringLiteral("run"), QStringLiteral("secret"), QStringLiteral("agent"),
                                  QStringLiteral("serve"), QStringLiteral("help")};

} // namespace

bool isCliInvocation(const QStringList &args)
{
    if (args.isEmpty())
        return false;
    // A first word that is not an option is a subcommand (unknown ones get a usage error);
    // options alone (`--data DIR`) belong to the GUI.
    const QString &first = args.first();
    return !first.startsWith(u'-') || first == u"--version" || first == u"-v" || first == u"--help" || first == u"-h";
}

int runCli(const QStringList &args)
{
    const QString cmd = args.first();
    const QStringList rest = args.mid(1);
    if (cmd == u"--version" || cmd == u"-v") {
        out(QStringLiteral("toolwright " TOOLWRIGHT_VERSION "\n"));
        return 0;
    }
    if (cmd == u"--help" || cmd == u"-h" || cmd == u"help") {
        out(usageText());
        return 0;
    }
    // run and secret read this desktop's secrets: they see the server themselves.
    if (cmd != u"serve" && cmd != u"run" && cmd != u"secret") {
        if (const std::optional<QString> url = remoteDataArgument(rest))
            return cmdRemote(cmd, rest, *url);
    }
    if (cmd == u"list")
        return cmdList(rest);
    if (cmd == u"show")
        return cmdShow(rest);
    if (cmd == u"lint")
        return cmdLint(rest);
    if (cmd == u"overrides")
        return cmdOverrides(rest);
    if (cmd == u"bump")
        return cmdBump(rest);
    if (cmd == u"run")
        return cmdRun(rest);
    if (cmd == u"sync")
        return cmdSync(rest);
    if (cmd == u"secret")
        return cmdSecret(rest);
    if (cmd == u"agent")
        return cmdAgent(rest);
    if (cmd == u"serve")
        return cmdServe(rest);
    if (kSubcommands.contains(cmd))
        return usageError(QStringLiteral("'%1' is not available in this build yet").arg(cmd));
    return usageError(QStringLiteral("unknown command '%1'; see toolwright --help").arg(cmd));
}

} // namespace tw::app
