#include "editing/editortabs.h"

#include <QKeySequence>
#include <QLabel>
#include <QResizeEvent>

namespace tw::ui {

EditorTabs::EditorTabs(QWidget *parent)
    : QTabWidget(parent)
{
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("editorEmptyState"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::RichText);
    m_empty->setContentsMargins(24, 24, 24, 24);
    setOpenShortcuts(QKeySequence(Qt::Key_F4), QKeySequence(QKeySequence::New));
    updateEmptyState();
}

void EditorTabs::setOpenShortcuts(const QKeySequence &edit, const QKeySequence &create)
{
    const QString editKey = edit.toString(QKeySequence::NativeText).toHtmlEscaped();
    const QString createKey = create.toString(QKeySequence::NativeText).toHtmlEscaped();
    m_empty->setText(tr("<p><b>No tool is open for editing.</b></p>"
                        "<p>Select a tool in the Browser and press <b>%1</b> (or double-click it) to edit it,<br>"
                        "or press <b>%2</b> to create a new tool.</p>"
                        "<p>A global tool opens read-only; Customize makes your own copy to edit.</p>")
                         .arg(editKey, createKey));
}

void EditorTabs::tabInserted(int index)
{
    QTabWidget::tabInserted(index);
    updateEmptyState();
}

void EditorTabs::tabRemoved(int index)
{
    QTabWidget::tabRemoved(index);
    updateEmptyState();
}

void EditorTabs::resizeEvent(QResizeEvent *event)
{
    QTabWidget::resizeEvent(event);
    m_empty->setGeometry(rect());
}

void EditorTabs::updateEmptyState()
{
    m_empty->setGeometry(rect());
    m_empty->setVisible(count() == 0);
    m_empty->raise();
}

} // namespace tw::ui
