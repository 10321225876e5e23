#pragma once
// Help → Keyboard Shortcuts: every action of the main window that has a shortcut, by menu, and
// the views' own shortcuts (QShortcut with a What's This), read from the actions and shortcuts
// themselves so that the list can never drift from what the keys do.

#include <QDialog>

class QMainWindow;
class QTreeWidget;

namespace tw::ui {

class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMainWindow *window);

    QTreeWidget *list() const { return m_list; }

private:
    QTreeWidget *m_list = nullptr;
};

} // namespace tw::ui
