#pragma once
// The Run view's right-hand runs area: one tab per live run (RunPane), per past run opened from
// the history (RunRecordView) and per comparison (RunCompareView); "No runs yet" while there is
// none. Closing a running pane asks first, then stops it; the pane goes once its run is
// recorded. Its strings keep RunView's translation context.

#include "run/runhistory.h"

#include <QStackedWidget>

class QTabWidget;

namespace tw::ui {

class RunCompareView;
class RunPane;
class RunRecordView;

class RunTabs final : public QStackedWidget
{
    Q_OBJECT
public:
    explicit RunTabs(QWidget *parent = nullptr);

    void addPane(RunPane *pane); // a new live run, shown
    // A past run in its own tab (the one already open, if it is); shown.
    RunRecordView *showRecord(const engine::RunRecord &record);
    // Two past runs side by side, the older (`left`) first; shown.
    RunCompareView *showComparison(const engine::RunRecord &left, const engine::RunRecord &right);
    // Asks before stopping a running pane; false when the tester keeps it.
    bool closeRun(int index);

    QTabWidget *tabs() const { return m_runs; }
    RunPane *pane(int index) const; // null for a past run or a comparison
    int runningCount() const;
    bool isRunning(const QString &toolDir) const; // a run of the tool in that directory goes on

private:
    void updateTabTitle(RunPane *pane);

    QTabWidget *m_runs = nullptr;
};

} // namespace tw::ui
