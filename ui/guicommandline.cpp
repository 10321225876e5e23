#include "guicommandline.h"

#include "mainwindow.h"
#include "syncview.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTabWidget>

namespace tw::ui {
namespace {

// The view names of --view, in MainWindow::View order.
const QStringList kViewNames = {QStringLiteral("browser"), QStringLiteral("overrides"), QStringLiteral("sync"),
                                QStringLiteral("editor"), QStringLiteral("run")};

} // namespace

GuiCommandLine parseGuiCommandLine(const QStringList &arguments)
{
    // Option texts are English like the CLI's: the command line is a contract, not a dialogue.
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Browse, lint and run the tools of an agent platform."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption data(QStringLiteral("data"), QStringLiteral("DATA_PATH to open."), QStringLiteral("DIR"));
    const QCommandLineOption user(QStringLiteral("user"), QStringLiteral("User to show first."), QStringLiteral("EMAIL"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed tools directory to plan the seed sync with (as `toolwright sync --seed`); "
                                                 "opens the Seed Sync view."),
                                  QStringLiteral("DIR"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("View to start in: %1.").arg(kViewNames.join(QStringLiteral(", "))),
                                  QStringLiteral("NAME"));
    const QCommandLineOption scheme(QStringLiteral("color-scheme"),
                                    QStringLiteral("light or dark: the Fusion style in that scheme instead of the desktop's."),
                                    QStringLiteral("SCHEME"));
    parser.addOptions({data, user, seed, view, scheme});

    GuiCommandLine result;
    auto usageError = [&](const QString &reason) {
        result.outcome = GuiCommandLine::Outcome::UsageError;
        result.text = reason;
        return result;
    };
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (parser.isSet(help)) {
        result.outcome = GuiCommandLine::Outcome::Help;
        result.text = parser.helpText();
        return result;
    }
    if (!parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("unexpected argument %1").arg(parser.positionalArguments().first()));
    GuiOptions &o = result.options;
    o.dataPath = parser.value(data);
    o.user = parser.value(user);
    if (parser.isSet(seed)) {
        // As the CLI's `sync --seed`: a directory that exists, absolute from here on.
        o.seedDir = QDir::cleanPath(QFileInfo(parser.value(seed)).absoluteFilePath());
        if (!QFileInfo(o.seedDir).isDir())
            return usageError(QStringLiteral("seed dir %1 does not exist").arg(o.seedDir));
        o.view = int(MainWindow::SyncViewTab);
    }
    if (parser.isSet(view)) {
        const qsizetype i = kViewNames.indexOf(parser.value(view).toLower());
        if (i < 0)
            return usageError(QStringLiteral("unknown view %1 (%2)").arg(parser.value(view), kViewNames.join(QStringLiteral(", "))));
        o.view = int(i);
    }
    if (parser.isSet(scheme)) {
        const QString name = parser.value(scheme).toLower();
        if (name == u"light")
            o.colorScheme = ColorScheme::Light;
        else if (name == u"dark")
            o.colorScheme = ColorScheme::Dark;
        else
            return usageError(QStringLiteral("unknown color scheme %1 (light or dark)").arg(parser.value(scheme)));
    }
    return result;
}

void applyGuiOptions(const GuiOptions &options, MainWindow &window)
{
    if (!options.seedDir.isEmpty())
        window.syncView()->setSeedDir(options.seedDir, false);
    if (options.view)
        window.viewTabs()->setCurrentIndex(*options.view);
}

} // namespace tw::ui
