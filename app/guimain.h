#pragma once
// The GUI entry: parses GUI options, prepares the data dir, shows the main window. Built into
// the toolwright-gui module, which main() loads by this C name.

extern "C" __attribute__((visibility("default"))) int toolwright_gui_main(int argc, char *argv[]);
// The askpass program (ssh's SSH_ASKPASS, when the environment has TOOLWRIGHT_ASKPASS): asks
// what ssh asks in Toolwright's dialog and prints the answer (widgets/askpassdialog.h).
extern "C" __attribute__((visibility("default"))) int toolwright_askpass_main(int argc, char *argv[]);
