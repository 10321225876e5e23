#include "running/runtabs.h"

#include "running/runcompareview.h"
#include "running/runpane.h"
#include "running/runrecordview.h"
#include "running/runview.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"

#include <QLabel>
#include <QTabWidget>

namespace tw::ui {

RunTabs::RunTabs(QWidget *parent) : QStackedWidget(parent)
{
    auto *noRuns = new QLabel(RunView::tr("No runs yet.\n\nFill in the inputs and press Run (Ctrl+Return). Each run gets a pane "
                                          "here with its progress, log, result and raw events; several can run at once."),
                              this);
    noRuns->setAlignment(Qt::AlignCenter);
    noRuns->setWordWrap(true);
    setTone(noRuns, model::Tone::Muted);
    addWidget(noRuns);
    m_runs = new QTabWidget(this);
    addWidget(m_runs);
    connect(m_runs, &QTabWidget::currentChanged, this, [this] { setCurrentIndex(m_runs->count() > 0 ? 1 : 0); });
    m_runs->setObjectName(QStringLiteral("runTabs"));
    m_runs->setTabsClosable(true);
    m_runs->setDocumentMode(true);
    m_runs->setUsesScrollButtons(true); // many runs scroll their tabs; they never widen the window
    m_runs->setElideMode(Qt::ElideNone); // whole titles; the bar scrolls
    connect(m_runs, &QTabWidget::tabCloseRequested, this, [this](int i) { closeRun(i); });
}

void RunTabs::addPane(RunPane *pane)
{
    m_runs->addTab(pane, pane->title());
    m_runs->setCurrentWidget(pane);
    connect(pane, &RunPane::stateChanged, this, [this, pane] { updateTabTitle(pane); });
}

RunRecordView *RunTabs::showRecord(const engine::RunRecord &r)
{
    for (int i = 0; i < m_runs->count(); ++i) {
        if (auto *open = qobject_cast<RunRecordView *>(m_runs->widget(i)); open && open->runId() == r.id) {
            m_runs->setCurrentIndex(i); // already open
            return open;
        }
    }
    auto *view = new RunRecordView(r, m_runs);
    const int tab = m_runs->addTab(view, view->title());
    m_runs->setTabToolTip(tab, RunView::tr("%1 as %2, %3 (from the history)")
                                   .arg(r.tool, r.user.isEmpty() ? RunView::tr("(global)") : r.user, runStartedText(r)));
    m_runs->setCurrentIndex(tab);
    return view;
}

RunCompareView *RunTabs::showComparison(const engine::RunRecord &left, const engine::RunRecord &right)
{
    auto *view = new RunCompareView(left, right, m_runs);
    const int tab = m_runs->addTab(view, view->title());
    m_runs->setTabToolTip(tab, RunView::tr("%1, %2 ↔ %3, %4").arg(left.tool, runStartedText(left), right.tool, runStartedText(right)));
    m_runs->setCurrentIndex(tab);
    return view;
}

void RunTabs::updateTabTitle(RunPane *pane)
{
    const int i = m_runs->indexOf(pane);
    if (i < 0)
        return;
    m_runs->setTabText(i, pane->title());
    m_runs->setTabToolTip(i, pane->statusLabel()->accessibleName());
}

bool RunTabs::closeRun(int index)
{
    QWidget *page = m_runs->widget(index);
    if (!page)
        return false;
    auto *pane = qobject_cast<RunPane *>(page);
    if (!pane) { // a past run or a comparison: nothing runs in it
        m_runs->removeTab(index);
        page->deleteLater();
        return true;
    }
    if (pane->isRunning()
        && MessageBox::ask(this, RunView::tr("Stop the Run?"),
                           RunView::tr("%1 is still running. Close its pane and stop it?").arg(pane->title()),
                           {RunView::tr("Stop and Close"), RunView::tr("Keep Running")}) != 0)
        return false;
    m_runs->removeTab(index);
    // The pane's session cancels (cancel line, then kill); the pane goes once its launcher has
    // recorded the run.
    if (pane->isRunning()) {
        connect(pane, &RunPane::recorded, pane, &QObject::deleteLater);
        pane->cancel();
        pane->hide();
        pane->setParent(this);
    } else {
        pane->deleteLater();
    }
    return true;
}

RunPane *RunTabs::pane(int index) const
{
    return qobject_cast<RunPane *>(m_runs->widget(index));
}

int RunTabs::runningCount() const
{
    int n = 0;
    for (int i = 0; i < m_runs->count(); ++i)
        if (pane(i) && pane(i)->isRunning())
            ++n;
    return n;
}

bool RunTabs::isRunning(const QString &toolDir) const
{
    for (int i = 0; i < m_runs->count(); ++i)
        if (RunPane *p = pane(i); p && p->isRunning() && p->execution()->tool().dir == toolDir)
            return true;
    return false;
}

} // namespace tw::ui
