#pragma once
// A side-by-side diff (model::DiffModel) as a table: the headers say which side is which, line
// numbers sit beside each side, and a line too long for its side wraps within it, so nothing
// is cut off and the rows of both sides stay aligned. A text cell's tool tip holds its line.

#include <QList>
#include <QSet>
#include <QTableView>
#include <QTimer>

namespace tw::model {
class DiffModel;
}

namespace tw::ui {

class DiffView final : public QTableView
{
    Q_OBJECT
public:
    explicit DiffView(QWidget *parent = nullptr);

    void setDiffModel(model::DiffModel *diffModel);
    model::DiffModel *diffModel() const { return m_model; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void measureLines();
    void fitRowHeights();

    model::DiffModel *m_model = nullptr;
    // Each row's natural text width per side, in pixels, measured once per model reset so that
    // a resize only compares numbers; rows wider than their column get a wrapped height.
    QList<int> m_leftWidths;
    QList<int> m_rightWidths;
    QSet<int> m_tallRows;
    QTimer m_fitTimer;
};

} // namespace tw::ui
