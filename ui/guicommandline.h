#pragma once
// The GUI's command line: toolwright [--data DIR] [--user EMAIL] [--seed DIR] [--view NAME]
// [--color-scheme light|dark]. Parsed and checked here, where a test reaches it, and applied to
// the main window once it exists; app/guimain.cpp only prepares the data dir and starts.

#include "theme.h"

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
void applyGuiOptions(const GuiOptions &options, MainWindow &window);

} // namespace tw::ui
