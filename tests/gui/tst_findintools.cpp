// Find in Tools (Ctrl+Shift+F, issue 26), offscreen in a main window: the engine's search rules
// (which files, what a line match is, binary and linked files left out) and the pane: hits from
// every tool's files listed per file, scopes, a bad expression said, and a hit opening its file
// at its line (TOOL.md and the entry in the tool's editor, another file in the viewer).

#include "catalog/toolsearch.h"
#include "editing/tooleditor.h"
#include "fixture.h"
#include "widgets/fileviewer.h"
#include "window/findintoolspane.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeWidget>

#include <Qsci/qsciscintilla.h>

using namespace tw;

class TestFindInTools final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;
    std::unique_ptr<ui::MainWindow> m_window;

    QStringList hitFiles() const
    {
        QStringList out;
        QTreeWidget *tree = m_window->findPane()->results();
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            out.append(QFileInfo(tree->topLevelItem(i)->text(0)).fileName());
        return out;
    }

    void find(const QString &text)
    {
        ui::FindInToolsPane *pane = m_window->findPane();
        QSignalSpy finished(pane, &ui::FindInToolsPane::searchFinished);
        pane->queryEdit()->setText(text);
        QTest::keyClick(pane->queryEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 30000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_data = m_tmp.path() + QStringLiteral("/data");
        const QByteArray md = "---\nname: %1\ndescription: Finds the needle.\nversion: 1\n---\n# Body\n\nA needle in the body.\n";
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("alpha"), QByteArray(md).replace("%1", "alpha"),
                       "export async function execute() {\n  // the needle\n  return { content: [] };\n}\n");
        test::makeTool(m_data + QStringLiteral("/u@x/tools"), QStringLiteral("beta"), QByteArray(md).replace("%1", "beta"),
                       "export async function execute() {\n  return { content: [] };\n}\n");
        test::writeFile(m_data + QStringLiteral("/u@x/tools/beta/bin/run.sh"), "#!/bin/sh\necho one\necho Needle\n");
        test::writeFile(m_data + QStringLiteral("/u@x/tools/beta/node_modules/x/index.js"), "needle\n");
        test::writeFile(m_data + QStringLiteral("/u@x/tools/beta/blob.bin"), QByteArray("needle\0\0", 8));
        m_window = std::make_unique<ui::MainWindow>(m_data, QStringLiteral("u@x"));
        QSignalSpy shown(m_window.get(), &ui::MainWindow::catalogShown);
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
    }

    void cleanupTestCase() { m_window.reset(); }

    void searchRules()
    {
        QString error;
        const auto pattern = engine::searchPattern({QStringLiteral("needle")}, &error);
        QVERIFY(pattern);
        const QList<engine::SearchHit> hits = engine::searchText(QStringLiteral("/f"), "a\r\nA NEEDLE, needle\nnone\n", *pattern);
        QCOMPARE(hits.size(), 1); // one hit a line: its first match
        QCOMPARE(hits.first().line, 2);
        QCOMPARE(hits.first().column, 3);
        QCOMPARE(hits.first().lineText, QStringLiteral("A NEEDLE, needle"));
        QVERIFY(engine::searchText(QStringLiteral("/f"), QByteArray("needle\0", 7), *pattern).isEmpty()); // binary
        QVERIFY(engine::searchPattern({QStringLiteral("needle"), true}, &error)->match(QStringLiteral("NEEDLE")).hasMatch() == false);
        QVERIFY(engine::searchPattern({QStringLiteral("need"), false, false, true}, &error)->match(QStringLiteral("needle")).hasMatch() == false);
        QVERIFY(!engine::searchPattern({QStringLiteral("(unclosed"), false, true}, &error));
        QVERIFY(error.contains(QLatin1StringView("not a regular expression")));
        // A tool's files: not node_modules, not links.
        const QString beta = m_data + QStringLiteral("/u@x/tools/beta");
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), beta + QStringLiteral("/outside")));
        QStringList names;
        for (const QString &f : engine::searchableFiles(beta))
            names.append(f.mid(beta.size() + 1));
        QCOMPARE(names, (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("bin/run.sh"), QStringLiteral("blob.bin"),
                                     QStringLiteral("index.ts")}));
        QFile::remove(beta + QStringLiteral("/outside"));
    }

    void ctrlShiftFFindsInEveryTool()
    {
        QAction *toggle = nullptr;
        for (QAction *a : m_window->findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F))
                toggle = a;
        QVERIFY(toggle);
        toggle->trigger();
        QTRY_VERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("findDock"))->isVisible());
        ui::FindInToolsPane *pane = m_window->findPane();
        QCOMPARE(pane->scopeCombo()->itemText(0), QStringLiteral("All tools"));
        find(QStringLiteral("needle"));
        // alpha: TOOL.md's description and body, index.ts; beta: the same two of TOOL.md and bin/run.sh
        // (any case); not node_modules, not the binary file.
        QCOMPARE(pane->hitCount(), 6);
        QCOMPARE(hitFiles(), (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("index.ts"), QStringLiteral("TOOL.md"),
                                          QStringLiteral("run.sh")}));
    }

    void scopesAndErrors()
    {
        ui::FindInToolsPane *pane = m_window->findPane();
        pane->scopeCombo()->setCurrentIndex(pane->scopeCombo()->findText(QStringLiteral("Tools of u@x")));
        find(QStringLiteral("needle"));
        QCOMPARE(hitFiles(), (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("run.sh")}));
        pane->regexBox()->setChecked(true);
        pane->queryEdit()->setText(QStringLiteral("(oops"));
        QTest::keyClick(pane->queryEdit(), Qt::Key_Return);
        QVERIFY(pane->summary()->text().contains(QLatin1StringView("not a regular expression")));
        pane->regexBox()->setChecked(false);
        pane->scopeCombo()->setCurrentIndex(0);
    }

    void aHitOpensItsFileAtItsLine()
    {
        find(QStringLiteral("// the needle"));
        QTreeWidget *tree = m_window->findPane()->results();
        QCOMPARE(tree->topLevelItemCount(), 1);
        QTreeWidgetItem *hit = tree->topLevelItem(0)->child(0);
        QCOMPARE(hit->text(1), QStringLiteral("2"));
        Q_EMIT tree->itemActivated(hit, 0);
        // The entry, in the tool's editor, on line 2.
        auto *editor = qobject_cast<ui::ToolEditor *>(m_window->findChild<QTabWidget *>(QStringLiteral("editorTabs"))->currentWidget());
        QVERIFY(editor);
        QCOMPARE(editor->toolName(), QStringLiteral("alpha"));
        int line = -1, index = -1;
        editor->entryEdit()->getCursorPosition(&line, &index);
        QCOMPARE(line, 1);

        // A line of TOOL.md's body: the Body tab at that line.
        find(QStringLiteral("in the body"));
        Q_EMIT tree->itemActivated(tree->topLevelItem(0)->child(0), 0);
        QTRY_VERIFY(editor->bodyEdit()->hasFocus() || editor->bodyEdit()->isVisible());
        QCOMPARE(editor->bodyEdit()->textCursor().block().text(), QStringLiteral("A needle in the body."));

        // Another file: the read-only viewer at the line.
        find(QStringLiteral("echo Needle"));
        Q_EMIT tree->itemActivated(tree->topLevelItem(0)->child(0), 0);
        ui::FileViewer *viewer = nullptr;
        QTRY_VERIFY((viewer = m_window->findChild<ui::FileViewer *>()) != nullptr);
        QVERIFY(viewer->file().endsWith(QLatin1StringView("bin/run.sh")));
        QVERIFY(viewer->view()->isReadOnly());
        viewer->view()->getCursorPosition(&line, &index);
        QCOMPARE(line, 2);
        viewer->close();
    }
};

QTEST_MAIN(TestFindInTools)
#include "tst_findintools.moc"
