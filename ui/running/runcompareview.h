#pragma once
// Two past runs side by side: their results, and the inputs that led to them, as line diffs
// (engine/textdiff through model::DiffModel, as the Overrides view compares two TOOL.md). The
// older run is on the left.

#include "run/runhistory.h"

#include <QWidget>

class QTableView;
class QTabWidget;

namespace tw::model {
class DiffModel;
}

namespace tw::ui {

class RunCompareView final : public QWidget
{
    Q_OBJECT
public:
    // `left` and `right` in the order given (the caller puts the older first).
    RunCompareView(const engine::RunRecord &left, const engine::RunRecord &right, QWidget *parent = nullptr);

    QString title() const; // "Compare 10:11:12 ↔ 10:15:00"
    QTabWidget *tabs() const { return m_tabs; }
    model::DiffModel *resultDiff() const { return m_resultDiff; }
    model::DiffModel *inputsDiff() const { return m_inputsDiff; }

private:
    QTableView *makeDiffView(model::DiffModel *diff, const QString &objectName, const QString &name);

    engine::RunRecord m_left;
    engine::RunRecord m_right;
    QTabWidget *m_tabs = nullptr;
    model::DiffModel *m_resultDiff = nullptr;
    model::DiffModel *m_inputsDiff = nullptr;
};

} // namespace tw::ui
