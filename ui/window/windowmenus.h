#pragma once
// The main window's menu bar — File, View, Tool, Settings, Help — and its window-wide shortcuts
// (Ctrl+F to the search field). Built once; each entry calls the window or one of its parts.
// Its texts keep the window's translation context, as before the window was split (issue 22).

#include <QCoreApplication>

class QAction;

namespace tw::ui {

class AuthoringActions;
class BrowserPane;
class EditorTabs;
class MainWindow;
class RunView;

class WindowMenus final
{
    Q_DECLARE_TR_FUNCTIONS(tw::ui::MainWindow)
public:
    // What the menus act on besides the window's own operations.
    struct Parts
    {
        BrowserPane *browser = nullptr;
        AuthoringActions *authoring = nullptr;
        RunView *run = nullptr;         // its empty state names the shortcuts that fill it
        EditorTabs *editors = nullptr;  // holds Undo and Redo, and names Edit and New Tool
        QAction *rescan = nullptr;      // File → Rescan, also on the Browser's bar
        QAction *toggleProblems = nullptr; // the Problems panel's
        QAction *toggleFind = nullptr;     // Find in Tools' (Ctrl+Shift+F)
    };

    static void build(MainWindow &window, const Parts &parts);

private:
    WindowMenus(MainWindow &window, const Parts &parts) : m_window(window), m_parts(parts) {}
    void buildFile();
    void buildView();
    void buildTool();
    void buildSettings();
    void buildHelp();

    MainWindow &m_window;
    const Parts &m_parts;
};

} // namespace tw::ui
