// The tool editor offscreen: edit a field and see the YAML follow, save without a bump
// (refused), bump and save, check the bytes on disk; a bump for every save; undo, YAML errors,
// inputs, typed defaults, the lint the CLI reports, conflicts, closing with changes (broken YAML
// too), read-only global tools, a folded description edited in the form, one reading of TOOL.md
// per keystroke; in the main window,
// the empty Editor view and closing a tab or the window with broken YAML.

#include "browsing/markdownview.h"
#include "catalog/lint.h"
#include "catalog/locationscanner.h"
#include "diagnosticlistmodel.h"
#include "diffmodel.h"
#include "editing/comparedialog.h"
#include "editing/editortabs.h"
#include "editing/tooleditor.h"
#include "fixture.h"
#include "secrets/secretstore.h"
#include "toolmd/toolmdreader.h"
#include "widgets/diffview.h"
#include "widgets/messagebox.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
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

    QStringList problemCodes() const
    {
        QStringList codes;
        for (int i = 0; i < m_editor->problemsList()->count(); ++i)
            codes.append(m_editor->problemsList()->item(i)->data(Qt::UserRole).toString());
        return codes;
    }

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

    // The editor's problems are `toolwright lint` of the same bytes (engine::lintPaths), entry
    // and directory checks included: on every lint fixture as it is on disk, and after an edit
    // (the edited bytes written to a copy and linted there).
    void problemsAreTheLintOfTheSameBytes_data()
    {
        QTest::addColumn<QString>("fixture");
        const QDir lint(QString(TW_FIXTURES_DIR + QStringLiteral("/lint")));
        for (const QString &name : lint.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            QTest::newRow(qPrintable(name)) << lint.filePath(name);
    }
    void problemsAreTheLintOfTheSameBytes()
    {
        QFETCH(QString, fixture);
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/tools/") + QFileInfo(fixture).fileName();
        QVERIFY(test::copyTree(fixture, dir));
        auto lintOf = [](const QString &toolDir) {
            QString error;
            const std::optional<engine::LintReport> report = engine::lintPaths({toolDir}, QString(), &error);
            QStringList lines;
            if (!report) {
                lines << QStringLiteral("lint failed: ") + error;
                return lines;
            }
            for (const engine::ToolRecord &t : report->tools)
                for (const engine::Diagnostic &d : t.diagnostics)
                    lines << QStringLiteral("%1%2: %3 [%4]").arg(QFileInfo(d.file).fileName(),
                                                              d.line > 0 ? u':' + QString::number(d.line) : QString(), d.message, d.code);
            return lines;
        };
        auto problemsOf = [](const ui::ToolEditor &editor) {
            QStringList lines;
            for (int i = 0; i < editor.problemsList()->count(); ++i)
                lines << editor.problemsList()->item(i)->text();
            return lines;
        };
        auto session = engine::ToolEditSession::open(dir);
        QVERIFY(session);
        ui::ToolEditor editor(std::move(*session), true);
        const QStringList onDisk = lintOf(dir);
        QCOMPARE(problemsOf(editor), onDisk);
        // An edit that adds a problem (a description past the platform's limit), bumped so the
        // unsaved-change notice is not among them; the edited bytes linted in a copy.
        editor.versionSpin()->setValue(editor.versionSpin()->value() + 1);
        editor.descriptionEdit()->setPlainText(QString(1100, u'd'));
        const QString copy = tmp.path() + QStringLiteral("/copy/") + QFileInfo(fixture).fileName();
        QVERIFY(test::copyTree(fixture, copy));
        test::writeFile(copy + QStringLiteral("/TOOL.md"), editor.session().document().bytes());
        const QStringList edited = lintOf(copy);
        QVERIFY2(edited.join(u'\n').contains(QStringLiteral("description-too-long")), qPrintable(edited.join(u'\n')));
        QStringList shown = problemsOf(editor);
        QCOMPARE(shown.replaceInStrings(dir, copy), edited);
    }

    void conflictOnDisk()
    {
        m_editor->versionSpin()->setValue(9);
        test::writeFile(m_dir + QStringLiteral("/TOOL.md"), QByteArray(kToolMd).replace("Greeter", "Edited elsewhere"));
        // Compare: the diff view with its sides named, the changed line on both sides; closing
        // it asks again (Cancel then).
        ui::MessageBox::setNextAnswer(1); // Compare
        ui::MessageBox::setNextAnswer(3); // Cancel, when asked again
        QString compared;
        QTimer::singleShot(0, this, [&] {
            QTRY_VERIFY(QApplication::activeModalWidget());
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            auto *view = dialog ? dialog->findChild<ui::DiffView *>(QStringLiteral("compareDiff")) : nullptr;
            if (view && view->diffModel()) {
                const model::DiffModel *d = view->diffModel();
                compared = d->leftTitle() + u'|' + d->rightTitle() + u'|' + QString::number(d->changedCount());
                for (const engine::DiffRow &row : d->rows())
                    if (row.kind != engine::DiffKind::Same)
                        compared += u'|' + row.left + u'>' + row.right;
            }
            if (dialog)
                dialog->reject();
        });
        QVERIFY(!m_editor->save());
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        QVERIFY2(compared.startsWith(QStringLiteral("On disk — TOOL.md|In the editor (unsaved)|")), qPrintable(compared));
        QVERIFY2(compared.contains(QStringLiteral("Edited elsewhere")) && compared.contains(QStringLiteral("version: 9")), qPrintable(compared));
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("Edited elsewhere"));
        ui::MessageBox::setNextAnswer(2); // Overwrite
        QVERIFY(m_editor->save());
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("version: 9\n"));
        // Reload: edits are dropped and the disk wins.
        m_editor->versionSpin()->setValue(10);
        test::writeFile(m_dir + QStringLiteral("/TOOL.md"), kToolMd);
        ui::MessageBox::setNextAnswer(0); // Reload from Disk
        QVERIFY(!m_editor->save());
        QCOMPARE(m_editor->versionSpin()->value(), 2);
        QVERIFY(!m_editor->isModified());
    }

    // A conflict in the entry file alone: Compare shows it on a tab of its own beside TOOL.md
    // (the same on both sides), the disk's text against the editor's.
    void conflictInTheEntryIsCompared()
    {
        m_editor->versionSpin()->setValue(3);
        test::writeFile(m_dir + QStringLiteral("/index.ts"), "export async function execute() { return 'changed elsewhere'; }\n");
        ui::MessageBox::setNextAnswer(1); // Compare
        ui::MessageBox::setNextAnswer(3); // Cancel, when asked again
        QStringList tabs;
        QString entry;
        QTimer::singleShot(0, this, [&] {
            QTRY_VERIFY(QApplication::activeModalWidget());
            auto *dialog = qobject_cast<ui::CompareDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            for (int i = 0; i < dialog->tabs()->count(); ++i)
                tabs << dialog->tabs()->tabText(i);
            if (const model::DiffModel *d = dialog->diffModel(1)) {
                entry = d->leftTitle() + u'|' + d->rightTitle();
                for (const engine::DiffRow &row : d->rows())
                    if (row.kind != engine::DiffKind::Same)
                        entry += u'|' + row.left + u'>' + row.right;
            }
            dialog->reject();
        });
        QVERIFY(!m_editor->save());
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        QCOMPARE(tabs, (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("index.ts")}));
        QVERIFY2(entry.startsWith(QStringLiteral("On disk — index.ts|In the editor (unsaved)|")), qPrintable(entry));
        QVERIFY2(entry.contains(QStringLiteral("changed elsewhere")), qPrintable(entry));
        QVERIFY(m_editor->isModified()); // nothing written, nothing dropped
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

    void everySaveNeedsItsOwnBump()
    {
        QVERIFY2(m_editor->statusLabel()->text().contains(QStringLiteral("on disk: v2 · next save needs v3")),
                 qPrintable(m_editor->statusLabel()->text()));
        m_editor->labelEdit()->setFocus();
        QTest::keyClicks(m_editor->labelEdit(), QStringLiteral("!"));
        ui::MessageBox::setNextAnswer(0); // "Bump to 3 and Save"
        QVERIFY(m_editor->save());
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("version: 3\n"));
        QVERIFY2(m_editor->statusLabel()->text().startsWith(QStringLiteral("saved · on disk: v3 · next save needs v4")),
                 qPrintable(m_editor->statusLabel()->text()));
        // The second save of the session needs a bump of its own.
        QTest::keyClicks(m_editor->labelEdit(), QStringLiteral("!"));
        QVERIFY(problemCodes().contains(QStringLiteral("version-not-bumped")));
        QVERIFY(m_editor->statusLabel()->text().contains(QStringLiteral("next save needs v4")));
        ui::MessageBox::setNextAnswer(1); // Cancel
        QVERIFY(!m_editor->save());
        QVERIFY(ui::MessageBox::lastQuestion().contains(QStringLiteral("version 4")));
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("label: Greeter!   #"));
        QTest::mouseClick(m_editor->findChild<QPushButton *>(QStringLiteral("bumpButton")), Qt::LeftButton);
        QCOMPARE(m_editor->versionSpin()->value(), 4);
        QVERIFY(m_editor->statusLabel()->text().contains(QStringLiteral("on disk: v3 · saves as v4")));
        QVERIFY(!problemCodes().contains(QStringLiteral("version-not-bumped")));
        QVERIFY(m_editor->save());
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("label: Greeter!!   # shown to users\ndescription: "
                                                                            "Greets someone by name.\nversion: 4\n"));
        // Auto-bump: one bump per save too.
        m_editor->setAutoBump(true);
        QTest::keyClicks(m_editor->labelEdit(), QStringLiteral("!"));
        QVERIFY(m_editor->save());
        QVERIFY(test::readFile(m_dir + QStringLiteral("/TOOL.md")).contains("version: 5\n"));
    }

    // Parse once: a keystroke in the form or in the raw YAML reads TOOL.md once, and the
    // manifest, the views, the status and the Problems all come from that reading (before, one
    // keystroke read it 7 to 12 times on the GUI thread).
    void oneParsePerKeystroke()
    {
        auto typeAtEndOf = [](QPlainTextEdit *edit, const QString &lineStart, Qt::Key key) {
            const qsizetype at = edit->toPlainText().indexOf(lineStart);
            QVERIFY(at >= 0);
            QTextCursor c = edit->textCursor();
            c.setPosition(int(at));
            c.movePosition(QTextCursor::EndOfLine);
            edit->setTextCursor(c);
            edit->setFocus();
            const quint64 before = engine::parseToolMdCount();
            QTest::keyClick(edit, key);
            QCOMPARE(engine::parseToolMdCount() - before, quint64(1));
        };
        typeAtEndOf(m_editor->descriptionEdit(), QStringLiteral("Greets"), Qt::Key_X);
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("description: Greets someone by name.x\n")));
        typeAtEndOf(m_editor->yamlEdit(), QStringLiteral("description:"), Qt::Key_Y);
        QCOMPARE(m_editor->descriptionEdit()->toPlainText(), QStringLiteral("Greets someone by name.xy"));
        // The name and an input's description: one reading each.
        m_editor->nameEdit()->setFocus();
        m_editor->nameEdit()->end(false);
        quint64 before = engine::parseToolMdCount();
        QTest::keyClick(m_editor->nameEdit(), Qt::Key_S);
        QCOMPARE(engine::parseToolMdCount() - before, quint64(1));
        QVERIFY(m_editor->yamlEdit()->toPlainText().startsWith(QStringLiteral("name: greets\n")));
        before = engine::parseToolMdCount();
        m_editor->inputsTable()->item(0, ui::ToolEditor::DescriptionColumn)->setText(QStringLiteral("Whom to greet."));
        QCOMPARE(engine::parseToolMdCount() - before, quint64(1));
        QVERIFY(m_editor->yamlEdit()->toPlainText().contains(QStringLiteral("    description: Whom to greet.\n")));
        // What the Problems show is still the lint of these bytes.
        const engine::Diagnostics lint = engine::lintToolBytes(m_dir, m_editor->session().document().bytes(),
                                                               m_editor->session().entryPath(),
                                                               m_editor->session().entrySource());
        QStringList codes;
        for (const engine::Diagnostic &d : lint)
            codes.append(d.code);
        codes.append(QStringLiteral("version-not-bumped"));
        QCOMPARE(problemCodes(), codes);
    }

    // The views are set only where they differ from the session: after a revert, the entry
    // typed a moment before is replaced by the file's, though nothing else was redrawn between.
    void revertRightAfterTypingInTheEntry()
    {
        const QString onDisk = m_editor->entryEdit()->text();
        m_editor->entryEdit()->setText(onDisk + QStringLiteral("// typed\n"));
        QVERIFY(m_editor->isModified());
        m_editor->revert();
        QCOMPARE(m_editor->entryEdit()->text(), onDisk);
        QVERIFY(!m_editor->isModified());
    }

    void problemsAreWhatLintReports()
    {
        // Adding an input the entry never reads: the CLI's lint and the Problems panel say
        // inputs-unused, so the editor says it before the save too.
        QTest::mouseClick(m_editor->addInputButton(), Qt::LeftButton);
        QVERIFY2(problemCodes().contains(QStringLiteral("inputs-unused")), qPrintable(problemCodes().join(u' ')));
        bool named = false;
        for (int i = 0; i < m_editor->problemsList()->count(); ++i)
            named |= m_editor->problemsList()->item(i)->text().contains(QStringLiteral("input_1"));
        QVERIFY(named);
        m_editor->entryEdit()->setText(QStringLiteral("export async function execute(_id: string, params: { name: string }) {\n"
                                                      "  return { content: [{ type: 'text', text: params.name + params.extra }] };\n}\n"));
        QVERIFY(problemCodes().contains(QStringLiteral("param-undeclared")));
        // Once saved, the lint of the directory (what `toolwright lint DIR` prints) is the list.
        m_editor->setAutoBump(true);
        QVERIFY(m_editor->save());
        const engine::ToolDirScan scan = engine::scanToolDir(m_dir, QFileInfo(m_tmp.path() + QStringLiteral("/u@x/tools")).canonicalFilePath(),
                                                             engine::Scope::User, QStringLiteral("u@x"));
        QVERIFY(scan.tool);
        QStringList lint;
        for (const engine::Diagnostic &d : scan.tool->diagnostics)
            lint.append(d.code);
        QCOMPARE(problemCodes(), lint);
    }

    void closingWithBrokenYamlAsks()
    {
        QSignalSpy modified(m_editor.get(), &ui::ToolEditor::modifiedChanged);
        const QString good = m_editor->yamlEdit()->toPlainText();
        m_editor->yamlEdit()->setPlainText(QStringLiteral("name: greet\ndescription: [broken\n"));
        QVERIFY(m_editor->isModified()); // differs from disk, though it cannot be saved
        QVERIFY(!modified.isEmpty() && modified.last().first().toBool());
        QVERIFY2(m_editor->statusLabel()->text().startsWith(QStringLiteral("modified")), qPrintable(m_editor->statusLabel()->text()));
        QVERIFY(m_editor->statusLabel()->text().contains(QStringLiteral("saving blocked")));
        ui::MessageBox::setNextAnswer(1); // Cancel
        QVERIFY(!m_editor->maybeClose());
        QVERIFY(ui::MessageBox::lastQuestion().contains(QStringLiteral("YAML error")));
        QCOMPARE(m_editor->yamlEdit()->toPlainText(), QStringLiteral("name: greet\ndescription: [broken\n"));
        // Typed back to what is on disk: nothing to ask.
        m_editor->yamlEdit()->setPlainText(good);
        QVERIFY(!m_editor->isModified());
        QVERIFY(!modified.last().first().toBool());
        QVERIFY(m_editor->maybeClose());
        m_editor->yamlEdit()->setPlainText(QStringLiteral("name: [broken\n"));
        ui::MessageBox::setNextAnswer(0); // Discard
        QVERIFY(m_editor->maybeClose());
        QCOMPARE(test::readFile(m_dir + QStringLiteral("/TOOL.md")), kToolMd);
    }

    void foldedDescriptionEditedInTheForm()
    {
        m_editor.reset();
        const QByteArray folded = QByteArray(kToolMd).replace(
            "description: Greets someone by name.\n",
            "description: >-\n  Greets someone by name, politely and\n  in their own language.\n");
        test::writeFile(m_dir + QStringLiteral("/TOOL.md"), folded);
        openEditor();
        QCOMPARE(m_editor->descriptionEdit()->toPlainText(),
                 QStringLiteral("Greets someone by name, politely and in their own language."));
        QTextCursor c = m_editor->descriptionEdit()->textCursor();
        c.movePosition(QTextCursor::End);
        c.movePosition(QTextCursor::Left, QTextCursor::MoveAnchor, 1); // before the final full stop
        m_editor->descriptionEdit()->setTextCursor(c);
        m_editor->descriptionEdit()->setFocus();
        QTest::keyClicks(m_editor->descriptionEdit(), QStringLiteral(", or in English when unsure"));
        ui::MessageBox::setNextAnswer(0); // "Bump to 3 and Save"
        QVERIFY(m_editor->save());
        // Still folded, at the width its lines had (38 columns), and nothing else changed.
        const QByteArray saved = test::readFile(m_dir + QStringLiteral("/TOOL.md"));
        QCOMPARE(QString::fromUtf8(saved),
                 QString::fromUtf8(QByteArray(folded)
                                       .replace("  Greets someone by name, politely and\n  in their own language.\n",
                                                "  Greets someone by name, politely and\n  in their own language, or in English\n"
                                                "  when unsure.\n")
                                       .replace("version: 2\n", "version: 3\n")));
        auto reread = engine::ToolEditSession::open(m_dir);
        QVERIFY(reread);
        QCOMPARE(reread->document().manifest().description,
                 QStringLiteral("Greets someone by name, politely and in their own language, or in English when unsure."));
    }

    void theEmptyEditorViewSaysWhatToDo()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data));
        auto window = std::make_unique<ui::MainWindow>(data, QStringLiteral("alice@example.com"), nullptr,
                                                       std::make_unique<engine::MemorySecretStore>());
        QSignalSpy shown(window.get(), &ui::MainWindow::catalogShown);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        window->viewTabs()->setCurrentIndex(ui::MainWindow::EditorViewTab);
        auto *tabs = qobject_cast<ui::EditorTabs *>(window->editorTabs());
        QVERIFY(tabs);
        QLabel *empty = tabs->emptyState();
        QTRY_VERIFY(empty->isVisible());
        // It names the window's real shortcuts.
        QString editKey, newKey;
        for (QAction *a : window->findChildren<QAction *>()) {
            if (a->text() == ui::MainWindow::tr("&Edit"))
                editKey = a->shortcut().toString(QKeySequence::NativeText);
            if (a->text() == ui::MainWindow::tr("&New Tool…"))
                newKey = a->shortcut().toString(QKeySequence::NativeText);
        }
        QCOMPARE(editKey, QStringLiteral("F4"));
        QCOMPARE(newKey, QStringLiteral("Ctrl+N"));
        QVERIFY2(empty->text().contains(QStringLiteral("<b>F4</b>")) && empty->text().contains(QStringLiteral("<b>Ctrl+N</b>"))
                     && empty->text().contains(QStringLiteral("Browser")),
                 qPrintable(empty->text()));

        // An open tool hides it; the tab with broken YAML asks before it closes, and so does quitting.
        const QString todo = data + QStringLiteral("/alice@example.com/tools/todo");
        ui::ToolEditor *editor = window->editTool(todo);
        QVERIFY(editor);
        QTRY_VERIFY(!empty->isVisible());
        editor->yamlEdit()->setPlainText(QStringLiteral("name: todo\ndescription: [broken\n"));
        QVERIFY(window->editorTabs()->tabText(0).endsWith(QStringLiteral(" ●")));
        ui::MessageBox::setNextAnswer(1); // Cancel
        Q_EMIT window->editorTabs()->tabCloseRequested(0);
        QCOMPARE(window->editorTabs()->count(), 1);
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        ui::MessageBox::setNextAnswer(1); // Cancel: quitting keeps the window
        QVERIFY(!window->close());
        QVERIFY(window->isVisible());
        QCOMPARE(window->editorTabs()->count(), 1);
        ui::MessageBox::setNextAnswer(0); // Discard
        Q_EMIT window->editorTabs()->tabCloseRequested(0);
        QCOMPARE(window->editorTabs()->count(), 0);
        QTRY_VERIFY(empty->isVisible());
        QVERIFY(test::readFile(todo + QStringLiteral("/TOOL.md")).startsWith("---\nname: todo\ndescription: Keeps a todo list.\n"));
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
