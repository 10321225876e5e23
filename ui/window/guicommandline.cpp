#include "window/guicommandline.h"

#include "admin/syncview.h"
#include "sync/seedsync.h"
#include "toolroles.h"
#include "window/mainwindow.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTabWidget>
#include <QTreeView>

#include <cstdio>
#include <functional>

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
    // A script's way to see what the GUI shows (tests/packaging/check-deb.sh), not a user's.
    QCommandLineOption printTools(QStringLiteral("print-tools-after-scan"),
                                  QStringLiteral("Print the tools the browser shows after the first scan, then quit."));
    printTools.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({data, user, seed, view, scheme, printTools});

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
        // As the CLI's `sync --seed`: a directory that exists, absolute from here on, and the
        // seed's tools dir or its root (the view plans with the root's tools/ and says so).
        o.seedDir = QDir::cleanPath(QFileInfo(parser.value(seed)).absoluteFilePath());
        if (!QFileInfo(o.seedDir).isDir())
            return usageError(QStringLiteral("seed dir %1 does not exist").arg(o.seedDir));
        if (const engine::SeedToolsDir tools = engine::resolveSeedToolsDir(o.seedDir); !tools.ok())
            return usageError(tools.error);
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
    o.printToolsAfterScan = parser.isSet(printTools);
    return result;
}

QStringList toolsInTree(const MainWindow &window)
{
    QStringList lines;
    const QAbstractItemModel *m = window.toolView()->model();
    const std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < m->rowCount(parent); ++r) {
            const QModelIndex i = m->index(r, 0, parent);
            if (model::NodeKind(i.data(model::NodeKindRole).toInt()) == model::NodeKind::Tool)
                lines << (i.data(model::ScopeRole).toString() == u"global" ? QStringLiteral("global") : i.data(model::UserRole).toString())
                             + u'\t' + i.data(model::NameRole).toString();
            walk(i);
        }
    };
    walk({});
    return lines;
}

void applyGuiOptions(const GuiOptions &options, MainWindow &window)
{
    if (!options.seedDir.isEmpty())
        window.syncView()->setSeedDir(options.seedDir, false);
    if (options.view)
        window.viewTabs()->setCurrentIndex(*options.view);
    if (options.printToolsAfterScan) {
        QObject::connect(&window, &MainWindow::catalogShown, &window, [&window] {
            for (const QString &line : toolsInTree(window))
                std::fprintf(stdout, "%s\n", line.toUtf8().constData());
            std::fflush(stdout);
            QCoreApplication::exit(0);
        }, Qt::SingleShotConnection);
    }
}

} // namespace tw::ui
