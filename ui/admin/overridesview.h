#pragma once
// The admin's Overrides view: tool names × users, with filters; selecting a cell explains
// which directories define the name for that user and why the winner wins (or why a directory
// does not load), and shows the user's TOOL.md and entry side by side with the global ones.

#include "widgets/filereader.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableView;

namespace tw::engine {
struct Catalog;
}
namespace tw::model {
class DiffModel;
class OverrideMatrixFilterModel;
class OverrideMatrixModel;
} // namespace tw::model

namespace tw::ui {

class ToolDiffPane;

class OverridesView final : public QWidget
{
    Q_OBJECT
public:
    explicit OverridesView(QWidget *parent = nullptr);

    void setCatalog(std::shared_ptr<const engine::Catalog> catalog);
    // How the comparison reads the tools' files (a server window's connection; unset: the disk).
    void setFileReader(FileReader reader);
    // Selects the cell of tool `name` for `email` ("" = the global column); false if not shown.
    bool selectCell(const QString &name, const QString &email);

    QTableView *matrixView() const { return m_matrix; }
    QLineEdit *toolFilter() const { return m_toolFilter; }
    QLineEdit *userFilter() const { return m_userFilter; }
    QCheckBox *customizedOnly() const { return m_customizedOnly; }
    QString explanationText() const;
    QString summaryText() const;
    ToolDiffPane *diffPane() const { return m_diff; }
    QTabWidget *diffTabs() const;
    model::DiffModel *toolMdDiff() const;
    model::DiffModel *entryDiff() const;
    model::OverrideMatrixModel *matrixModel() const { return m_model; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showCell(const QModelIndex &proxyIndex);
    void fitColumns();

    model::OverrideMatrixModel *m_model = nullptr;
    model::OverrideMatrixFilterModel *m_filter = nullptr;
    ToolDiffPane *m_diff = nullptr;
    QTableView *m_matrix = nullptr;
    QLineEdit *m_toolFilter = nullptr;
    QLineEdit *m_userFilter = nullptr;
    QCheckBox *m_customizedOnly = nullptr;
    QLabel *m_explanation = nullptr;
    QLabel *m_summary = nullptr;
    bool m_fitWhenShown = false; // columns changed while the view was hidden
};

} // namespace tw::ui
