#pragma once
// The GUI entry: parses GUI options, prepares the data dir, shows the main window.

namespace tw::app {

int runGui(int argc, char *argv[]);

} // namespace tw::app
