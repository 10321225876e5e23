#pragma once
// The headless command line: `toolwright <subcommand> ...` (DESIGN.md "CLI"). Engine only.

#include <QStringList>

namespace tw::app {

// True when `args` (without argv[0]) name a CLI subcommand or a global flag like --version.
bool isCliInvocation(const QStringList &args);

// Runs the subcommand; returns the exit code (0 ok, 1 failure reported, 2 usage/environment).
int runCli(const QStringList &args);

} // namespace tw::app
