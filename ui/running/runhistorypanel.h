#pragma once
// The Run view's History box: past runs (GUI and CLI) of the shown tool, or of every tool, newest
// first; several rows can be selected. Open (also double-click or Enter) asks to show one run in
// full, Compare two of them; Load Inputs and Re-run ask to put one back into the form. The same
// actions are on the table's context menu. What they do is the Run view's business.

#include <QGroupBox>

class QAction;
class QCheckBox;
class QTableView;

namespace tw::model {
class RunHistoryModel;
}

namespace tw::ui {

class RunHistoryPanel final : public QGroupBox
{
    Q_OBJECT
public:
    explicit RunHistoryPanel(const QString &historyPath, QWidget *parent = nullptr);

    // Lists `tool`'s runs (every tool's while "All tools" is ticked, or when `tool` is empty).
    void setTool(const QString &tool);
    void reload();
    // The selected runs' ids, newest first.
    QList<qint64> selectedRuns() const;

    QTableView *view() const { return m_view; }
    model::RunHistoryModel *model() const { return m_model; }

Q_SIGNALS:
    void openRequested(qint64 runId);
    void compareRequested(qint64 newer, qint64 older);
    void loadInputsRequested(qint64 runId);
    void rerunRequested(qint64 runId);

private:
    QAction *addRunAction(const QString &text, const QString &objectName, const QString &toolTip);
    void enableActions();

    QString m_tool;
    model::RunHistoryModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QCheckBox *m_allTools = nullptr;
    QList<QWidget *> m_buttons;
    QAction *m_open = nullptr;
    QAction *m_compare = nullptr;
    QAction *m_load = nullptr;
    QAction *m_rerun = nullptr;
};

} // namespace tw::ui
