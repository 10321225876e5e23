// The tool editor offscreen: edit a field and see the YAML follow, save without a bump
// (refused), bump and save, check the bytes on disk; undo, YAML errors, inputs, typed defaults,
// entry lint, conflicts, closing with changes, read-only global tools.

#include "fixture.h"
#include "markdownview.h"
#include "messagebox.h"
#include "tooleditor.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUndoStack>

#include <Qsci/qsciscintilla.h>

using namespace tw;

namespace {

const QByteArray kToolMd = "---\n"
                           "name: greet\n"
                           "label: Greeter   # shown to users\n"
                           "description: Greets someone by name.\n"
                           "version: 2\n"
                           "inputs:\n"
                           "  name:\n"
                           "    type: string\n"
                           "    description: Who to greet.\n"
                           "---\n"
                           "\n"
                           "# Greeter\n";

} // namespace

class TestToolEditor final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_dir;
    std::unique_ptr<ui::ToolEditor> m_editor;

    void openEditor(bool editable = true)
    {
        auto session = engine::ToolEditSession::open(m_dir);
        QVERIFY(session);
        m_editor = std::make_unique<ui::ToolEditor>(std::move(*session), editable);
        m_editor->resize(1100, 700);
        m_editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_editor.get()));
    }

private Q_SLOTS:
    void init()
    {
        m_dir = m_tmp.path() + QStringLiteral("/u@x/tools/greet");
        QDir(m_dir).removeRecursively();
        test::makeTool(m_tmp.path() + QStringLiteral("/u@x/tools"), QStringLiteral("greet"), kToolMd);
        openEditor();
    }
    void cleanup() { m_editor.reset(); }

    void formEditUpdatesYamlAndSaveNeedsABump()
    {
        QTextCursor c = m_editor->descriptionEdit()->textCursor();
        c.movePosition(QTextCursor::End);
        m_editor->descriptionEdit()->setTextCursor(c);
        m_editor->descriptionEdit()->setFocus();
        QTest::keyClicks(m_editor->descriptionEdit(), QStringLiteral(" Politely"));
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("description: Greets someone by name. Politely\n")));
        QVERIFY(m_editor->isModified());
        bool mentionsBump = false;
        for (int i = 0; i < m_editor->problemsList()->count(); ++i)
            mentionsBump |= m_editor->problemsList()->item(i)->data(Qt::UserRole).toString() == u"version-not-bumped";
        QVERIFY(mentionsBump);

        ui::MessageBox::setNextAnswer(1); // "Cancel" on the "Bump to 3 and Save" question
        QVERIFY(!m_editor->save());
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        QCOMPARE(test::readFile(m_dir + QStringLiteral("/TOOL.md")), kToolMd);

        ui::MessageBox::setNextAnswer(0); // "Bump to 3 and Save"
        QSignalSpy saved(m_editor.get(), &ui::ToolEditor::saved);
        QVERIFY(m_editor->save());
        QCOMPARE(saved.size(), 1);
        QCOMPARE(test::readFile(m_dir + QStringLiteral("/TOOL.md")),
                 QByteArray(kToolMd)
                     .replace("description: Greets someone by name.\n", "description: Greets someone by name. Politely\n")
                     .replace("version: 2\n", "version: 3\n"));
        QVERIFY(!m_editor->isModified());
        QCOMPARE(m_editor->versionSpin()->value(), 3);
    }

    void undoRedoAcrossViews()
    {
        m_editor->nameEdit()->setFocus();
        QTest::keyClicks(m_editor->nameEdit(), QStringLiteral("_x"));
        QVERIFY(m_editor->yamlEdit()->toPlainText().startsWith(QStringLiteral("name: greet_x\n")));
        m_editor->bodyEdit()->setFocus();
        QTest::keyClicks(m_editor->bodyEdit(), QStringLiteral("Intro. "));
        QVERIFY(m_editor->session().document().body().contains("Intro. "));
        m_editor->undoStack()->undo(); // the body typing
        QVERIFY(!m_editor->session().document().body().contains("Intro."));
        QCOMPARE(m_editor->nameEdit()->text(), QStringLiteral("greet_x"));
        m_editor->undoStack()->undo(); // the name typing
        QCOMPARE(m_editor->nameEdit()->text(), QStringLiteral("greet"));
        QVERIFY(m_editor->yamlEdit()->toPlainText().startsWith(QStringLiteral("name: greet\n")));
        QVERIFY(!m_editor->isModified());
        m_editor->undoStack()->redo();
        QCOMPARE(m_editor->nameEdit()->text(), QStringLiteral("greet_x"));
    }

    void yamlEditsFlowIntoTheFormAndErrorsBlockSaving()
    {
        QString yaml = m_editor->yamlEdit()->toPlainText();
        m_editor->yamlEdit()->setPlainText(yaml.replace(QStringLiteral("version: 2"), QStringLiteral("version: 5")));
        QCOMPARE(m_editor->versionSpin()->value(), 5);
        m_editor->yamlEdit()->setPlainText(QStringLiteral("name: greet\ndescription: [broken\n"));
        QVERIFY(m_editor->yamlStatus()->text().contains(QStringLiteral("Line")));
        QCOMPARE(m_editor->versionSpin()->value(), 5); // the form keeps the last valid state
        ui::MessageBox::setNextAnswer(0); // acknowledge "Cannot Save"
        QVERIFY(!m_editor->save());
        QCOMPARE(test::readFile(m_dir + QStringLiteral("/TOOL.md")), kToolMd);
        QVERIFY(m_editor->statusLabel()->text().contains(QStringLiteral("saving blocked")));
    }

    void inputsAndTypedDefaults()
    {
        QTest::mouseClick(m_editor->addInputButton(), Qt::LeftButton);
        QTableWidget *t = m_editor->inputsTable();
        QCOMPARE(t->rowCount(), 2);
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("  input_1:\n    type: string\n")));
        auto *type = qobject_cast<QComboBox *>(t->cellWidget(1, ui::ToolEditor::TypeColumn));
        QVERIFY(type);
        type->setCurrentIndex(1); // number
        QVERIFY(qobject_cast<QLineEdit *>(t->cellWidget(1, ui::ToolEditor::DefaultColumn))->validator());
        type = qobject_cast<QComboBox *>(t->cellWidget(1, ui::ToolEditor::TypeColumn));
        type->setCurrentIndex(2); // boolean
        auto *box = qobject_cast<QCheckBox *>(t->cellWidget(1, ui::ToolEditor::DefaultColumn));
        QVERIFY(box);
        QCOMPARE(box->checkState(), Qt::PartiallyChecked); // no default
        box->setCheckState(Qt::Checked);
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("    type: boolean\n")));
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("    default: true\n")));
        type = qobject_cast<QComboBox *>(t->cellWidget(1, ui::ToolEditor::TypeColumn));
        type->setCurrentIndex(3); // enum
        t->item(1, ui::ToolEditor::ValuesColumn)->setText(QStringLiteral("a, b"));
        auto *choice = qobject_cast<QComboBox *>(t->cellWidget(1, ui::ToolEditor::DefaultColumn));
        QVERIFY(choice);
        QCOMPARE(choice->count(), 3); // (no default), a, b
        choice->setCurrentIndex(2);
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("    values: a,b\n")));
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("    default: b\n")));
        // Move the new input above the first, then remove it.
        t->setCurrentCell(1, 0);
        QTest::mouseClick(m_editor->moveUpButton(), Qt::LeftButton);
        QCOMPARE(m_editor->session().document().manifest().inputs.first().name, QStringLiteral("input_1"));
        t->setCurrentCell(0, 0);
        QTest::mouseClick(m_editor->removeInputButton(), Qt::LeftButton);
        QCOMPARE(m_editor->session().document().manifest().inputs.size(), 1);
        QVERIFY(m_editor->yamlEdit()->toPlainText().endsWith(QStringLiteral("  name:\n    type: string\n    description: Who to greet.\n")));
    }

    void entryLintAndPreview()
    {
        m_editor->entryEdit()->setText(QStringLiteral("export async function execute() {\n  console.log('x');\n}\n"));
        QStringList codes;
        for (int i = 0; i < m_editor->problemsList()->count(); ++i)
            codes.append(m_editor->problemsList()->item(i)->data(Qt::UserRole).toString());
        QVERIFY(codes.contains(QStringLiteral("console-output")));
        QVERIFY(m_editor->entryEdit()->annotation(1).contains(QStringLiteral("console output")));
        m_editor->bodyEdit()->setPlainText(QStringLiteral("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"));
        QTRY_VERIFY(m_editor->preview()->toHtml().contains(QStringLiteral("<table")));
    }

    void conflictOnDisk()
    {
        m_editor->versionSpin()->setValue(9);
        QThread::msleep(10);
        test::writeFile(m_dir + QStringLiteral("/TOOL.md"), QByteArray(kToolMd).replace("Greeter", "Edited elsewhere"));
        ui::MessageBox::setNextAnswer(3); // Cancel
        QVERIFY(!m_editor->save());
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("Edited elsewhere"));
        ui::MessageBox::setNextAnswer(2); // Overwrite
        QVERIFY(m_editor->save());
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("version: 9\n"));
        // Reload: edits are dropped and the disk wins.
        m_editor->versionSpin()->setValue(10);
        QThread::msleep(10);
        test::writeFile(m_dir + QStringLiteral("/TOOL.md"), kToolMd);
        ui::MessageBox::setNextAnswer(0); // Reload from Disk
        QVERIFY(!m_editor->save());
        QCOMPARE(m_editor->versionSpin()->value(), 2);
        QVERIFY(!m_editor->isModified());
    }

    void closingWithChangesAsks()
    {
        m_editor->versionSpin()->setValue(4);
        ui::MessageBox::setNextAnswer(2); // Cancel
        QVERIFY(!m_editor->maybeClose());
        ui::MessageBox::setNextAnswer(1); // Discard
        QVERIFY(m_editor->maybeClose());
        QCOMPARE(test::readFile(m_dir + QStringLiteral("/TOOL.md")), kToolMd);
    }

    void readOnly()
    {
        m_editor.reset();
        openEditor(false);
        QVERIFY(!m_editor->nameEdit()->isEnabled());
        QVERIFY(m_editor->yamlEdit()->isReadOnly());
        QVERIFY(m_editor->entryEdit()->isReadOnly());
        QSignalSpy customize(m_editor.get(), &ui::ToolEditor::customizeRequested);
        auto *button = m_editor->findChild<QPushButton *>(QStringLiteral("customizeButton"));
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(customize.size(), 1);
        QVERIFY(!m_editor->save());
    }
};

QTEST_MAIN(TestToolEditor)
#include "tst_tooleditor.moc"
