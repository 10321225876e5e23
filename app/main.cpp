// Toolwright: GUI when started without a subcommand, the headless CLI otherwise.

#include "cli.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

#ifndef TOOLWRIGHT_CLI_ONLY
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <string>
#endif

namespace {

#ifndef TOOLWRIGHT_CLI_ONLY
// The GUI module: beside the executable in the build tree, in lib/toolwright/ when installed.
// `entry`: toolwright_gui_main, or toolwright_askpass_main for ssh's prompts.
int startGui(int argc, char *argv[], const char *entry = "toolwright_gui_main")
{
    char self[PATH_MAX] = {};
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    const std::string exe = n > 0 ? std::string(self, size_t(n)) : std::string(argv[0]);
    const std::string dir = exe.substr(0, exe.rfind('/'));
    std::string tried;
    bool anyThere = false;
    for (const std::string &path : {dir + "/toolwright-gui.so", dir + "/../" TOOLWRIGHT_GUI_MODULE_DIR "/toolwright-gui.so"}) {
        anyThere = anyThere || ::access(path.c_str(), F_OK) == 0;
        if (void *module = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            using GuiMain = int (*)(int, char **);
            if (auto guiMain = reinterpret_cast<GuiMain>(::dlsym(module, entry)))
                return guiMain(argc, argv);
        }
        tried += "\n  " + path + ": " + ::dlerror();
    }
    if (!anyThere) // the server package: the CLI and `serve`, no GUI
        std::fprintf(stderr, "toolwright: the GUI is not installed here (toolwright-server has the command line and "
                             "`serve` only); install the toolwright package for it, or see toolwright --help\n");
    else
        std::fprintf(stderr, "toolwright: the GUI module cannot be loaded (the CLI works without it):%s\n", tried.c_str());
    return 2;
}
#endif

} // namespace

int main(int argc, char *argv[])
{
#ifndef TOOLWRIGHT_CLI_ONLY
    // ssh runs us as its askpass program (SSH_ASKPASS, set by engine::RemoteConnection with
    // TOOLWRIGHT_ASKPASS), with the prompt as the one argument.
    if (std::getenv("TOOLWRIGHT_ASKPASS") && std::getenv("SSH_ASKPASS"))
        return startGui(argc, argv, "toolwright_askpass_main");
#endif
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
    std::fputs("toolwright: this build has no GUI (configured with -DTOOLWRIGHT_GUI=OFF); the commands:\n", stderr);
    return tw::app::runCli({QStringLiteral("--help")});
#else
    return startGui(argc, argv);
#endif
}
