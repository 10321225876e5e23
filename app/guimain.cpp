#include "guimain.h"

#include "datapaths.h"
#include "localization.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
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
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Browse, lint and run the tools of an agent platform."));
    parser.addHelpOption();
    const QCommandLineOption data(QStringLiteral("data"), QStringLiteral("DATA_PATH to open."), QStringLiteral("DIR"));
    const QCommandLineOption user(QStringLiteral("user"), QStringLiteral("User to show first."), QStringLiteral("EMAIL"));
    parser.addOptions({data, user});
    parser.process(app);

    const QString explicitPath = parser.value(data);
    const bool embedded = explicitPath.isEmpty() && qEnvironmentVariableIsEmpty("DATA_PATH");
    const QString dataPath = engine::resolveDataPath(explicitPath);
    QString email = parser.value(user);
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
    window.show();
    return app.exec();
}

} // namespace
} // namespace tw::app

int toolwright_gui_main(int argc, char *argv[])
{
    return tw::app::runGui(argc, argv);
}

