#include "editing/comparedialog.h"

#include "diffmodel.h"
#include "widgets/diffview.h"

#include <QDialogButtonBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace tw::ui {

CompareDialog::CompareDialog(const QString &where, const QList<File> &files, QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(files.size() == 1 ? tr("Compare %1").arg(files.first().name) : tr("Compare the Tool's Files"));
    auto *layout = new QVBoxLayout(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("compareTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setTabBarAutoHide(true); // one file: its name is in the title
    for (const File &f : files) {
        auto *diff = new model::DiffModel(this);
        diff->setTitles(tr("%1 — %2").arg(where, f.name), tr("In the editor (unsaved)"));
        diff->setTexts(f.theirs, f.mine);
        auto *view = new DiffView(m_tabs);
        // The first (TOOL.md) keeps the name tests and automation know it by.
        view->setObjectName(m_models.isEmpty() ? QStringLiteral("compareDiff") : QStringLiteral("compareDiff_%1").arg(f.name));
        view->setAccessibleName(tr("%1 — %2 against the editor's text").arg(where, f.name));
        view->setDiffModel(diff);
        m_tabs->addTab(view, f.name);
        m_models.append(diff);
    }
    layout->addWidget(m_tabs);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 500);
}

model::DiffModel *CompareDialog::diffModel(int index) const
{
    return m_models.value(index);
}

} // namespace tw::ui
