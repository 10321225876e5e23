#include "guimain.h"

#include "sync/datapaths.h"
#include "window/guicommandline.h"
#include "window/localization.h"
#include "widgets/askpassdialog.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

namespace tw::app {
namespace {

int runGui(int argc, char *argv[])
{
    QApplication app(argc, argv);
    ui::installTranslations(QLocale());
    QApplication::setApplicationDisplayName(QStringLiteral("Toolwright"));
    // The desktop entry's name (packaging/), which Wayland compositors match windows by.
    QApplication::setDesktopFileName(QStringLiteral("io.github.toolwright.Toolwright"));
    const ui::GuiCommandLine commandLine = ui::parseGuiCommandLine(QApplication::arguments());
    switch (commandLine.outcome) {
    case ui::GuiCommandLine::Outcome::Help:
        std::fputs(commandLine.text.toUtf8().constData(), stdout);
        return 0;
    case ui::GuiCommandLine::Outcome::UsageError:
        std::fprintf(stderr, "toolwright: %s\n", commandLine.text.toUtf8().constData());
        return 2;
    case ui::GuiCommandLine::Outcome::Run: break;
    }
    const ui::GuiOptions &options = commandLine.options;
    if (options.colorScheme)
        ui::applyColorScheme(*options.colorScheme);

    // ssh://…: a server window, connecting as it opens (DESIGN.md "Remote servers").
    if (engine::RemoteTarget::looksRemote(options.dataPath)) {
        QString error;
        const std::optional<engine::RemoteTarget> target = engine::RemoteTarget::parse(options.dataPath, &error);
        if (!target) {
            std::fprintf(stderr, "toolwright: %s\n", error.toUtf8().constData());
            return 2;
        }
        ui::MainWindow window(*target, ui::MainWindow::serverSshSettings({}), options.user);
        ui::applyGuiOptions(options, window);
        window.show();
        return app.exec();
    }
    // The CLI's rule (engine::openDataPath); in the embedded default the --user is the one
    // prepared, so that the window opens on that user's (empty) tools.
    const engine::OpenedDataPath data = engine::openDataPath(options.dataPath, options.user);
    for (const QString &warning : data.warnings)
        std::fprintf(stderr, "toolwright: warning: %s\n", warning.toUtf8().constData());
    if (!data.ok()) {
        std::fprintf(stderr, "toolwright: %s\n", data.error.toUtf8().constData());
        return 2;
    }
    ui::MainWindow window(data.path, data.user);
    ui::applyGuiOptions(options, window);
    window.show();
    return app.exec();
}

} // namespace
} // namespace tw::app

int toolwright_gui_main(int argc, char *argv[])
{
    return tw::app::runGui(argc, argv);
}

extern "C" int toolwright_askpass_main(int argc, char *argv[])
{
    // ssh's stderr is this process's: Toolwright reads ssh's last line there as the reason a
    // connection failed, so Qt's warnings ("XDG_RUNTIME_DIR not set", …) would stand in for
    // ssh's words. Only what ends this process is said.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            std::fprintf(stderr, "toolwright askpass: %s\n", message.simplified().toLocal8Bit().constData());
    });
    QApplication app(argc, argv);
    tw::ui::installTranslations(QLocale());
    QApplication::setDesktopFileName(QStringLiteral("io.github.toolwright.Toolwright"));
    const QString prompt = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    return tw::ui::runAskpass(prompt, qEnvironmentVariable("SSH_ASKPASS_PROMPT"));
}
