#include "window/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QStyle>
#include <QSet>
#include <QShortcut>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {
namespace {

QTreeWidgetItem *addGroup(QTreeWidget *list, const QString &title)
{
    auto *group = new QTreeWidgetItem(list, {title});
    group->setFirstColumnSpanned(true);
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    return group;
}

QString plainText(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text.replace(QStringLiteral("&&"), QStringLiteral("&"));
}

QString keysOf(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &k : action->shortcuts())
        keys.append(k.toString(QKeySequence::NativeText));
    return keys.join(QStringLiteral(", "));
}

// One group per menu (submenus as their own groups), then the window's own actions.
void addMenu(QTreeWidget *list, const QMenu *menu, const QString &title, QSet<const QAction *> &seen)
{
    QTreeWidgetItem *group = nullptr;
    for (QAction *a : menu->actions()) {
        if (a->menu()) {
            addMenu(list, a->menu(), title + QStringLiteral(" → ") + plainText(a->text()), seen);
            continue;
        }
        if (a->isSeparator() || a->shortcuts().isEmpty() || seen.contains(a))
            continue;
        seen.insert(a);
        if (!group)
            group = addGroup(list, title);
        new QTreeWidgetItem(group, {plainText(a->text()), keysOf(a)});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(QMainWindow *window) : QDialog(window)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName(QStringLiteral("shortcutsDialog"));
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("shortcutsList"));
    m_list->setAccessibleName(tr("Keyboard shortcuts"));
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({tr("Action"), tr("Shortcut")});
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);

    QSet<const QAction *> seen;
    for (QAction *top : window->menuBar()->actions()) {
        if (top->menu())
            addMenu(m_list, top->menu(), plainText(top->text()), seen);
    }
    QTreeWidgetItem *general = nullptr;
    for (QAction *a : window->actions()) {
        if (a->shortcuts().isEmpty() || seen.contains(a))
            continue;
        if (!general)
            general = addGroup(m_list, tr("Anywhere in the window"));
        new QTreeWidgetItem(general, {plainText(a->text()), keysOf(a)});
    }
    // Shortcuts of one view (QShortcut, named by its What's This).
    QTreeWidgetItem *views = nullptr;
    for (const QShortcut *s : window->findChildren<QShortcut *>()) {
        if (s->whatsThis().isEmpty() || s->key().isEmpty())
            continue;
        if (!views)
            views = addGroup(m_list, tr("In a view"));
        new QTreeWidgetItem(views, {s->whatsThis(), s->key().toString(QKeySequence::NativeText)});
    }
    m_list->expandAll();
    m_list->header()->setStretchLastSection(false); // the action column takes the room, not the keys
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    // Wide enough for every entry whole (and the group titles that span both columns), with room
    // for a scroll bar; the window is never wider than the screen.
    const QAbstractItemView *view = m_list;
    int widest = view->sizeHintForColumn(0) + view->sizeHintForColumn(1);
    for (int g = 0; g < m_list->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = m_list->topLevelItem(g);
        widest = std::max(widest, QFontMetrics(group->font(0)).horizontalAdvance(group->text(0)) + 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8);
    }
    m_list->setMinimumWidth(widest + 2 * m_list->frameWidth() + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    const QRect screen = window->screen() ? window->screen()->availableGeometry() : QRect(0, 0, 1024, 768);
    resize(std::min(std::max(520, sizeHint().width()), screen.width()), std::min(560, screen.height()));
}

} // namespace tw::ui
