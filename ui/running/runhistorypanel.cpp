#include "running/runhistorypanel.h"

#include "runhistorymodel.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

RunHistoryPanel::RunHistoryPanel(const QString &historyPath, QWidget *parent) : QGroupBox(tr("History"), parent)
{
    auto *v = new QVBoxLayout(this);
    m_model = new model::RunHistoryModel(historyPath, this);
    m_view = new QTableView(this);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection); // two to compare
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setWordWrap(false);
    m_view->setAccessibleName(tr("Run history"));
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    v->addWidget(m_view);

    m_open = addRunAction(tr("Open"), QStringLiteral("historyOpen"), tr("See the selected run in full: its inputs, updates and result (Enter)"));
    m_compare = addRunAction(tr("Compare"), QStringLiteral("historyCompare"), tr("Compare the results and inputs of the two selected runs side by side"));
    m_load = addRunAction(tr("Load Inputs"), QStringLiteral("historyLoad"), tr("Put the selected run's inputs into the form"));
    m_rerun = addRunAction(tr("Re-run"), QStringLiteral("historyRerun"), tr("Run the tool again with the selected run's inputs"));
    connect(m_open, &QAction::triggered, this, [this] {
        if (const QList<qint64> ids = selectedRuns(); ids.size() == 1)
            Q_EMIT openRequested(ids.first());
    });
    connect(m_compare, &QAction::triggered, this, [this] {
        if (const QList<qint64> ids = selectedRuns(); ids.size() == 2)
            Q_EMIT compareRequested(ids[0], ids[1]);
    });
    connect(m_load, &QAction::triggered, this, [this] {
        if (const QList<qint64> ids = selectedRuns(); ids.size() == 1)
            Q_EMIT loadInputsRequested(ids.first());
    });
    connect(m_rerun, &QAction::triggered, this, [this] {
        if (const QList<qint64> ids = selectedRuns(); ids.size() == 1)
            Q_EMIT rerunRequested(ids.first());
    });
    // Activating a row (double-click, Enter) opens it: looking at a past run never changes the form.
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT openRequested(m_model->index(index.row(), 0).data(model::RunHistoryModel::RunIdRole).toLongLong());
    });

    auto *buttons = new QHBoxLayout;
    m_allTools = new QCheckBox(tr("All tools"), this);
    m_allTools->setToolTip(tr("Show the runs of every tool, not only this one's"));
    // An icon, to keep the row narrow (the Run view fits a 1024-pixel window).
    auto *refresh = new QToolButton(this);
    refresh->setIcon(QIcon::fromTheme(QStringLiteral("view-refresh")));
    refresh->setToolTip(tr("Refresh: read the history again (runs from the command line appear)"));
    refresh->setAccessibleName(tr("Refresh history"));
    buttons->addWidget(m_allTools);
    buttons->addStretch(1);
    buttons->addWidget(refresh);
    for (QWidget *b : std::as_const(m_buttons))
        buttons->addWidget(b);
    v->addLayout(buttons);
    connect(refresh, &QToolButton::clicked, this, &RunHistoryPanel::reload);
    connect(m_allTools, &QCheckBox::toggled, this, &RunHistoryPanel::reload);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunHistoryPanel::enableActions);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RunHistoryPanel::enableActions);
    enableActions();
}

QAction *RunHistoryPanel::addRunAction(const QString &text, const QString &objectName, const QString &toolTip)
{
    // One action for the button and the context menu.
    auto *action = new QAction(text, this);
    action->setToolTip(toolTip);
    auto *button = new QPushButton(text, this);
    button->setObjectName(objectName);
    button->setToolTip(toolTip);
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::enabledChanged, button, &QWidget::setEnabled);
    m_view->addAction(action);
    m_buttons.append(button);
    return action;
}

void RunHistoryPanel::enableActions()
{
    const qsizetype n = selectedRuns().size();
    m_open->setEnabled(n == 1);
    m_compare->setEnabled(n == 2);
    m_load->setEnabled(n == 1);
    m_rerun->setEnabled(n == 1);
}

void RunHistoryPanel::setTool(const QString &tool)
{
    m_tool = tool;
    reload();
}

void RunHistoryPanel::reload()
{
    m_model->reload(m_allTools->isChecked() ? QString() : m_tool);
}

QList<qint64> RunHistoryPanel::selectedRuns() const
{
    QList<int> rows;
    for (const QModelIndex &i : m_view->selectionModel()->selectedRows())
        rows << i.row();
    std::sort(rows.begin(), rows.end()); // the model lists the newest first
    QList<qint64> ids;
    for (int row : std::as_const(rows))
        ids << m_model->index(row, 0).data(model::RunHistoryModel::RunIdRole).toLongLong();
    return ids;
}

} // namespace tw::ui
