#include "running/runcompareview.h"

#include "widgets/diffview.h"

#include "diffmodel.h"
#include "running/runrecordview.h"
#include "widgets/elidedlabel.h"
#include "widgets/theme.h"

#include <QGridLayout>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace tw::ui {

RunCompareView::RunCompareView(const engine::RunRecord &left, const engine::RunRecord &right, QWidget *parent)
    : QWidget(parent), m_left(left), m_right(right)
{
    setObjectName(QStringLiteral("runCompareView"));
    auto *v = new QVBoxLayout(this);

    // Which run is which side.
    auto *sides = new QGridLayout;
    const auto describe = [this](const engine::RunRecord &r) {
        auto *label = new ElidedLabel(this);
        label->setFullText(tr("%1 as %2, %3 — %4")
                               .arg(r.tool, r.user.isEmpty() ? tr("(global)") : r.user, runStartedText(r), runSummaryText(r)));
        return label;
    };
    sides->addWidget(new QLabel(tr("Left:"), this), 0, 0);
    sides->addWidget(describe(left), 0, 1);
    sides->addWidget(new QLabel(tr("Right:"), this), 1, 0);
    sides->addWidget(describe(right), 1, 1);
    sides->setColumnStretch(1, 1);
    v->addLayout(sides);

    m_resultDiff = new model::DiffModel(this);
    m_resultDiff->setTexts(engine::contentText(left.result), engine::contentText(right.result));
    m_inputsDiff = new model::DiffModel(this);
    m_inputsDiff->setTexts(runInputsText(left), runInputsText(right));
    for (model::DiffModel *diff : {m_resultDiff, m_inputsDiff})
        diff->setTitles(tr("%1 · %2").arg(left.tool, runStartedText(left)), tr("%1 · %2").arg(right.tool, runStartedText(right)));

    auto *verdict = new QLabel(this);
    verdict->setObjectName(QStringLiteral("compareVerdict"));
    verdict->setWordWrap(true);
    const qsizetype changed = m_resultDiff->changedCount();
    if (changed == 0) {
        verdict->setText(m_inputsDiff->changedCount() == 0 ? tr("Same inputs, same result.")
                                                           : tr("The results are the same, from different inputs."));
        setTone(verdict, model::Tone::Success);
    } else {
        verdict->setText(tr("The results differ in %n lines.", nullptr, int(changed)));
        setTone(verdict, model::Tone::Info);
    }
    v->addWidget(verdict);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(makeDiffView(m_resultDiff, QStringLiteral("compareResult"), tr("Results side by side")),
                   tr("Result (%n changed)", nullptr, int(changed)));
    m_tabs->addTab(makeDiffView(m_inputsDiff, QStringLiteral("compareInputs"), tr("Inputs side by side")),
                   tr("Inputs (%n changed)", nullptr, int(m_inputsDiff->changedCount())));
    v->addWidget(m_tabs, 1);
}

QTableView *RunCompareView::makeDiffView(model::DiffModel *diff, const QString &objectName, const QString &name)
{
    // The Overrides and Seed Sync views' comparison: numbered lines, long ones wrapped.
    auto *view = new DiffView(this);
    view->setObjectName(objectName);
    view->setDiffModel(diff);
    view->setAccessibleName(name);
    return view;
}

QString RunCompareView::title() const
{
    const auto time = [](const engine::RunRecord &r) { return r.startedAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")); };
    return tr("Compare %1 ↔ %2").arg(time(m_left), time(m_right));
}

} // namespace tw::ui
