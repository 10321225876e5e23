#include "guimain.h"

#include "sync/datapaths.h"
#include "window/guicommandline.h"
#include "window/localization.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QFileInfo>
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

    const QString explicitPath = options.dataPath;
    const bool embedded = explicitPath.isEmpty() && qEnvironmentVariableIsEmpty("DATA_PATH");
    const QString dataPath = engine::resolveDataPath(explicitPath);
    QString email = options.user;
    if (embedded) {
        if (email.isEmpty())
            email = engine::defaultUserEmail();
        for (const QString &problem : engine::prepareEmbeddedDataPath(dataPath, email))
            std::fprintf(stderr, "toolwright: warning: %s\n", problem.toUtf8().constData());
    } else if (!QFileInfo(dataPath).isDir()) {
        std::fprintf(stderr, "toolwright: data dir %s does not exist\n", dataPath.toUtf8().constData());
        return 2;
    }
    ui::MainWindow window(dataPath, email);
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

