#pragma once
// The GUI entry: parses GUI options, prepares the data dir, shows the main window. Built into
// the toolwright-gui module, which main() loads by this C name.

extern "C" __attribute__((visibility("default"))) int toolwright_gui_main(int argc, char *argv[]);
