// Accessibility: every control a user can reach with Tab, in every view and dialog, has an
// accessible name (its own, or its label's), and the keyboard shortcuts are listed in Help.

#include "browsing/agentsetdialog.h"
#include "catalog/catalogsource.h"
#include "editing/comparedialog.h"
#include "editing/newtooldialog.h"
#include "fixture.h"
#include "guitestmain.h"
#include "secrets/secretstore.h"
#include "widgets/askpassdialog.h"
#include "widgets/fileviewer.h"
#include "window/connectdialog.h"
#include "window/mainwindow.h"
#include "window/settingsdialog.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QMenu>
#include <QMenuBar>
#include <QHeaderView>
#include <QTreeWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace tw;

namespace {

// "Class (objectName)" of every Tab-reachable control under `root` without a name.
QStringList unnamedControls(QWidget *root)
{
    QStringList unnamed;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : widgets) {
        if (!(w->focusPolicy() & Qt::TabFocus) || w->focusProxy() || w->window()->windowType() == Qt::Popup)
            continue;
        // The viewport of a scroll area takes focus for its view; the view is the control.
        if (w->parentWidget() && w->parentWidget()->focusProxy() == w)
            continue;
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
        const QString name = a ? a->text(QAccessible::Name).trimmed() : QString();
        if (name.isEmpty())
            unnamed.append(QStringLiteral("%1 (%2)").arg(QLatin1StringView(w->metaObject()->className()), w->objectName()));
    }
    unnamed.removeDuplicates();
    return unnamed;
}

} // namespace

class TestAccessibility final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<ui::MainWindow> m_window;

private Q_SLOTS:
    void initTestCase()
    {
        const QString data = m_tmp.path() + QStringLiteral("/data");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data));
        m_window = std::make_unique<ui::MainWindow>(data, QStringLiteral("alice@example.com"), nullptr,
                                                    std::make_unique<engine::MemorySecretStore>());
        QSignalSpy shown(m_window.get(), &ui::MainWindow::catalogShown);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
    }

    void cleanupTestCase() { m_window.reset(); }

    void everyViewOfTheMainWindow()
    {
        // Open an editor and the run form for the selected tool so that their controls exist.
        m_window->toolView()->setFocus();
        QTest::keyClick(m_window.get(), Qt::Key_F4);
        QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
        QVERIFY(m_window->findChild<QWidget *>(QStringLiteral("editYamlStatus")));
        QVERIFY(m_window->findChild<QWidget *>(QStringLiteral("runMessage")));
        const QStringList unnamed = unnamedControls(m_window.get());
        QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("\n  ") + unnamed.join(QStringLiteral("\n  "))));
    }

    void keyboardShortcutsInHelp()
    {
        QTest::keyClick(m_window.get(), Qt::Key_Slash, Qt::ControlModifier);
        QDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(QStringLiteral("shortcutsDialog"))));
        auto *list = dialog->findChild<QTreeWidget *>(QStringLiteral("shortcutsList"));
        QVERIFY(list);
        QMap<QString, QString> listed; // action → keys
        int groups = 0;
        for (int g = 0; g < list->topLevelItemCount(); ++g, ++groups) {
            for (int i = 0; i < list->topLevelItem(g)->childCount(); ++i)
                listed.insert(list->topLevelItem(g)->child(i)->text(0), list->topLevelItem(g)->child(i)->text(1));
        }
        QVERIFY(groups >= 4);
        QCOMPARE(listed.value(QStringLiteral("Run…")), QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText));
        QCOMPARE(listed.value(QStringLiteral("Edit")), QStringLiteral("F4"));
        QCOMPARE(listed.value(QStringLiteral("Search Tools")), QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText));
        QVERIFY(listed.contains(QStringLiteral("Keyboard Shortcuts")));
        QCOMPARE(listed.value(QStringLiteral("Run with the form's inputs (Run view)")),
                 QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText));
        // Every menu action with a shortcut is listed, by its name, with its keys.
        QStringList missing;
        int withShortcut = 0;
        std::function<void(const QMenu *)> check = [&](const QMenu *menu) {
            for (QAction *a : menu->actions()) {
                if (a->menu()) {
                    check(a->menu());
                    continue;
                }
                if (a->isSeparator() || a->shortcuts().isEmpty())
                    continue;
                ++withShortcut;
                const QString name = QString(a->text()).remove(u'&');
                const QString keys = a->shortcut().toString(QKeySequence::NativeText);
                if (!listed.contains(name) || !listed.value(name).contains(keys))
                    missing << QStringLiteral("%1 (%2) listed as '%3'").arg(name, keys, listed.value(name));
            }
        };
        for (QAction *top : m_window->menuBar()->actions())
            check(top->menu());
        QVERIFY(withShortcut >= 5);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral("; "))));
        QVERIFY(unnamedControls(dialog).isEmpty());
        // Nothing is cut off: each column is as wide as its widest entry, and both fit the list.
        QTest::qWait(0);
        const QAbstractItemView *view = list; // sizeHintForColumn is public there
        for (int c = 0; c < list->columnCount(); ++c)
            QVERIFY2(list->columnWidth(c) >= view->sizeHintForColumn(c),
                     qPrintable(QStringLiteral("column %1: %2 < %3 (list %4, min %5, viewport %6)").arg(c).arg(list->columnWidth(c)).arg(view->sizeHintForColumn(c)).arg(list->width()).arg(list->minimumWidth()).arg(list->viewport()->width())));
        QVERIFY2(list->header()->length() <= list->viewport()->width(), qPrintable(QStringLiteral("%1 > %2, dialog %3").arg(list->header()->length()).arg(list->viewport()->width()).arg(dialog->width())));
        for (int g = 0; g < list->topLevelItemCount(); ++g) { // group titles span the row
            const QTreeWidgetItem *group = list->topLevelItem(g);
            QVERIFY2(QFontMetrics(group->font(0)).horizontalAdvance(group->text(0)) <= list->visualItemRect(group).width(),
                     qPrintable(group->text(0)));
        }
        dialog->close();
    }

    void settingsDialog()
    {
        engine::MemorySecretStore secrets;
        ui::SettingsDialog dialog(secrets, QStringLiteral("alice@example.com"));
        const QStringList unnamed = unnamedControls(&dialog);
        QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("\n  ") + unnamed.join(QStringLiteral("\n  "))));
    }

    void newToolDialog()
    {
        ui::NewToolDialog dialog({QStringLiteral("minimal")}, QStringLiteral("alice@example.com"), QStringLiteral("/data/alice@example.com/tools"),
                                 [](const QString &) { return QString(); });
        const QStringList unnamed = unnamedControls(&dialog);
        QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("\n  ") + unnamed.join(QStringLiteral("\n  "))));
    }

    // The other dialogs a user meets, each in the state with the most controls.
    void theOtherDialogs()
    {
        std::vector<std::unique_ptr<QDialog>> dialogs;
        dialogs.push_back(std::make_unique<ui::ConnectDialog>());
        dialogs.push_back(std::make_unique<ui::AskpassDialog>(QStringLiteral("Enter passphrase for key:"), QString()));
        dialogs.push_back(std::make_unique<ui::AskpassDialog>(
            QStringLiteral("Are you sure you want to continue connecting (yes/no/[fingerprint])?"), QStringLiteral("confirm")));
        dialogs.push_back(std::make_unique<ui::CompareDialog>(
            QStringLiteral("On disk"), QList<ui::CompareDialog::File>{{QStringLiteral("TOOL.md"), QStringLiteral("a\n"), QStringLiteral("b\n")},
                                                                     {QStringLiteral("index.ts"), QStringLiteral("x\n"), QStringLiteral("y\n")}}));
        dialogs.push_back(std::make_unique<ui::AgentSetDialog>(*m_window->source()->catalog(), QStringLiteral("alice@example.com"), 4000));
        test::writeFile(m_tmp.filePath(QStringLiteral("viewed.ts")), "export const a = 1;\n");
        dialogs.push_back(std::make_unique<ui::FileViewer>(m_tmp.filePath(QStringLiteral("viewed.ts")), 1));
        for (const auto &dialog : dialogs) {
            const QStringList unnamed = unnamedControls(dialog.get());
            QVERIFY2(unnamed.isEmpty(), qPrintable(QLatin1StringView(dialog->metaObject()->className()) + QStringLiteral(":\n  ")
                                                   + unnamed.join(QStringLiteral("\n  "))));
        }
    }
};

TW_GUI_TEST_MAIN(TestAccessibility, "tst_accessibility")

#include "tst_accessibility.moc"
