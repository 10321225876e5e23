// Toolwright: GUI when started without a subcommand, the headless CLI otherwise.

#include "cli.h"

#include <QCoreApplication>

#ifndef TOOLWRIGHT_CLI_ONLY
#include "guimain.h"
#endif

int main(int argc, char *argv[])
{
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args.append(QString::fromLocal8Bit(argv[i]));
    QCoreApplication::setOrganizationName(QStringLiteral("toolwright"));
    QCoreApplication::setApplicationName(QStringLiteral("toolwright"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOOLWRIGHT_VERSION));
    if (tw::app::isCliInvocation(args)) {
        QCoreApplication app(argc, argv);
        return tw::app::runCli(args);
    }
#ifdef TOOLWRIGHT_CLI_ONLY
    return tw::app::runCli({QStringLiteral("--help")});
#else
    return tw::app::runGui(argc, argv);
#endif
}
