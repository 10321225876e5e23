#pragma once
// One past run from the history, in full and read-only, opened beside the live run panes: who
// ran which definition when, how it ended, its inputs (secrets masked, as stored), every update
// it sent with its time, and its result. Opening it leaves the Run view's form alone; Load
// Inputs and Re-run are asked of the view.

#include "run/runhistory.h"

#include <QWidget>

class QListView;
class QPlainTextEdit;
class QTabWidget;

namespace tw::model {
class RunUpdatesModel;
}

namespace tw::ui {

class RunRecordView final : public QWidget
{
    Q_OBJECT
public:
    explicit RunRecordView(const engine::RunRecord &record, QWidget *parent = nullptr);

    qint64 runId() const { return m_record.id; }
    const engine::RunRecord &record() const { return m_record; }
    QString title() const; // "tool · 2026-01-02 10:11:12"

    QTabWidget *tabs() const { return m_tabs; }
    QPlainTextEdit *inputsView() const { return m_inputs; }
    QListView *updatesView() const { return m_updatesView; }
    QPlainTextEdit *resultView() const { return m_result; }

Q_SIGNALS:
    void loadInputsRequested(qint64 runId);
    void rerunRequested(qint64 runId);

private:
    engine::RunRecord m_record;
    QTabWidget *m_tabs = nullptr;
    QPlainTextEdit *m_inputs = nullptr;
    model::RunUpdatesModel *m_updates = nullptr;
    QListView *m_updatesView = nullptr;
    QPlainTextEdit *m_result = nullptr;
};

// The history's words for a run, shared by the record and the comparison.
QString runStartedText(const engine::RunRecord &record);  // local "yyyy-MM-dd HH:mm:ss"
QString runSummaryText(const engine::RunRecord &record);  // "result · 0.72 s · bwrap · global v1"
QString runInputsText(const engine::RunRecord &record);   // the masked params, indented JSON

} // namespace tw::ui
