#pragma once
// The GUI's command line: toolwright [--data DIR] [--user EMAIL] [--seed DIR] [--view NAME]
// [--color-scheme light|dark] (and, for scripts, --print-tools-after-scan). Parsed and checked here, where a test reaches it, and applied to
// the main window once it exists; app/guimain.cpp opens the data dir (engine::openDataPath, the
// CLI's rule) and starts.

#include "widgets/theme.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace tw::ui {

class MainWindow;

struct GuiOptions
{
    QString dataPath;                        // as given; empty: $DATA_PATH, then the embedded one
    QString user;                            // the user to show first
    QString seedDir;                         // absolute and clean; empty: the one in the settings
    std::optional<int> view;                 // MainWindow::View to start in
    std::optional<ColorScheme> colorScheme;  // empty: the desktop's
    // For scripts (the packaging test): once the first scan is on screen, print the tools the
    // browser's tree holds and quit. Not in --help.
    bool printToolsAfterScan = false;
};

struct GuiCommandLine
{
    enum class Outcome { Run, Help, UsageError };
    Outcome outcome = Outcome::Run;
    GuiOptions options;
    QString text; // the help text, or a one-line reason for a usage error (exit code 2)
};

// `arguments` as QCoreApplication::arguments(): the program first.
GuiCommandLine parseGuiCommandLine(const QStringList &arguments);

// A --seed is this session's (the Seed Sync view plans with it, and opens, unless --view says
// otherwise); it is not remembered as the settings' seed dir, as --data is not.
// --print-tools-after-scan: when the window shows its first scan, one line per tool in the
// browser's tree goes to stdout, `global<TAB>name` or `<email><TAB>name`, and the event loop
// quits with 0.
void applyGuiOptions(const GuiOptions &options, MainWindow &window);

// The tools the browser's tree holds, as --print-tools-after-scan prints them.
QStringList toolsInTree(const MainWindow &window);

} // namespace tw::ui
