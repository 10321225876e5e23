#pragma once
// The Editor view: one tab per open tool and, while none is open, a page saying how to open one
// (a blank page left a new user guessing).

#include <QTabWidget>

class QKeySequence;
class QLabel;

namespace tw::ui {

class EditorTabs final : public QTabWidget
{
    Q_OBJECT
public:
    explicit EditorTabs(QWidget *parent = nullptr);

    // The shortcuts the empty page names: the window's Edit and New Tool actions.
    void setOpenShortcuts(const QKeySequence &edit, const QKeySequence &create);
    QLabel *emptyState() const { return m_empty; }

protected:
    void tabInserted(int index) override;
    void tabRemoved(int index) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateEmptyState();

    QLabel *m_empty = nullptr;
};

} // namespace tw::ui
