// TypeScript in the tool editor (issue 26), offscreen, against the real tsserver through the
// window's TypeService: findings in the Problems list and as annotations; completion of
// `params.` listing exactly the declared inputs; the quick fixes "add input `x` to TOOL.md"
// (through the lossless editor: every other byte of TOOL.md kept) and "declare `x` in Params"
// (TypeScript's fix, typed as TOOL.md says); go to definition landing on an input's YAML line
// and hover showing its type and description;
// bash/Python scripts' syntax; and an editor without TypeScript saying so.

#include "editing/entrytypeassist.h"
#include "editing/tooleditor.h"
#include "fixture.h"
#include "types/typeservice.h"

#include <QApplication>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QUndoStack>

#include <Qsci/qsciscintilla.h>

using namespace tw;

namespace {

const QByteArray kToolMd = "---\n"
                           "name: search\n"
                           "description: Searches.   # kept as written\n"
                           "version: 1\n"
                           "inputs:\n"
                           "  query:\n"
                           "    type: string\n"
                           "    description: What to search for.\n"
                           "  mode:\n"
                           "    type: enum\n"
                           "    values: single,batch\n"
                           "    description: One or many.\n"
                           "---\n"
                           "# Search\n";

} // namespace

class TestEntryTypes final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    std::unique_ptr<engine::TypeService> m_service;
    std::unique_ptr<ui::ToolEditor> m_editor;

    QString toolDir(const QString &name) const { return m_tmp.path() + QStringLiteral("/u@x/tools/") + name; }

    void open(const QString &name, const QByteArray &entry, engine::TypeService *service)
    {
        test::makeTool(m_tmp.path() + QStringLiteral("/u@x/tools"), name, kToolMd, entry);
        auto session = engine::ToolEditSession::open(toolDir(name));
        QVERIFY(session);
        m_editor = std::make_unique<ui::ToolEditor>(std::move(*session), true);
        m_editor->setTypeService(service);
        m_editor->resize(1100, 700);
        m_editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_editor.get()));
    }

    QStringList problems() const
    {
        QStringList out;
        for (int i = 0; i < m_editor->problemsList()->count(); ++i)
            out.append(m_editor->problemsList()->item(i)->text());
        return out;
    }

    bool hasProblem(const QString &text) const
    {
        const QStringList p = problems();
        return std::any_of(p.cbegin(), p.cend(), [&](const QString &line) { return line.contains(text); });
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_service = std::make_unique<engine::TypeService>();
        QVERIFY2(m_service->available(), qPrintable(m_service->unavailableReason()));
    }

    void cleanup() { m_editor.reset(); }

    void findingsAreShownAndFixed()
    {
        open(QStringLiteral("undeclared"),
             "export async function execute(_id: string, params: Params): Promise<ToolResult> {\n"
             "  return { content: [{ type: 'text', text: params.query + params.limit }] };\n"
             "}\n",
             m_service.get());
        // TypeScript's finding at its line, in the list and as the line's annotation.
        QTRY_VERIFY2_WITH_TIMEOUT(hasProblem(QStringLiteral("index.ts:2: Property 'limit' does not exist on type 'ToolMdParams'")),
                                  qPrintable(problems().join(u'\n') + u'\n' + m_editor->statusLabel()->text()), 60000);
        QVERIFY(m_editor->entryEdit()->annotation(1).contains(QLatin1StringView("Property 'limit'")));
        QVERIFY(m_editor->statusLabel()->text().contains(QLatin1StringView("TypeScript:")));

        // The quick fix on that line: add the input to TOOL.md, through the lossless editor.
        const QList<engine::TypeFixSuggestion> fixes = m_editor->fixesForLine(2);
        QCOMPARE(fixes.size(), 1);
        QCOMPARE(fixes.first().kind, engine::TypeFixSuggestion::AddInput);
        QCOMPARE(fixes.first().title, QStringLiteral("Add input `limit` to TOOL.md"));
        m_editor->applyFix(fixes.first(), 2);
        const QByteArray after = m_editor->session().document().bytes();
        QVERIFY2(after.startsWith(kToolMd.left(kToolMd.indexOf("---\n# Search"))), after.constData());
        QVERIFY(after.contains("  limit:\n    type: string\n    description: \"\"\n---\n# Search\n"));
        QVERIFY(m_editor->isModified()); // an edit like any other: saved by the author, undoable
        // Checked again with the new TOOL.md: the finding is gone.
        QTRY_VERIFY_WITH_TIMEOUT(!hasProblem(QStringLiteral("Property 'limit'")), 60000);
        m_editor->undoStack()->undo();
        QCOMPARE(m_editor->session().document().bytes(), kToolMd);
        QTRY_VERIFY_WITH_TIMEOUT(hasProblem(QStringLiteral("Property 'limit'")), 60000);
    }

    void completionListsTheDeclaredInputs()
    {
        open(QStringLiteral("complete"),
             "export async function execute(_id: string, params: Params): Promise<ToolResult> {\n"
             "  return { content: [{ type: 'text', text: params.query }] };\n"
             "}\n",
             m_service.get());
        ui::EntryTypeAssist *assist = m_editor->typeAssist();
        QSignalSpy shown(assist, &ui::EntryTypeAssist::completionShown);
        // Typing `params.` on a new line opens the list by itself.
        QsciScintilla *entry = m_editor->entryEdit();
        entry->setCursorPosition(1, 0);
        entry->setFocus();
        QTest::keyClick(entry, Qt::Key_Return);
        QTest::keyClick(entry, Qt::Key_Up); // on a line of its own
        QTest::keyClicks(entry, QStringLiteral("  params."));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 60000);
        QStringList names = assist->lastCompletions();
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("mode"), QStringLiteral("query")}));
        QVERIFY(entry->isListActive());
        // Choosing one inserts its name (not the description shown beside it).
        QTest::keyClick(entry, Qt::Key_Return);
        QTRY_VERIFY(entry->text(1).startsWith(QLatin1StringView("  params.")));
        QVERIFY2(entry->text(1).trimmed() == u"params.mode" || entry->text(1).trimmed() == u"params.query",
                 qPrintable(entry->text(1)));
    }

    void declareInParamsUsesTheToolMdType()
    {
        open(QStringLiteral("declare"),
             "type P = { query: string };\n"
             "export async function execute(_id: string, params: P): Promise<ToolResult> {\n"
             "  return { content: [{ type: 'text', text: params.query + params.mode }] };\n"
             "}\n",
             m_service.get());
        QTRY_VERIFY_WITH_TIMEOUT(!m_editor->fixesForLine(3).isEmpty(), 60000);
        const engine::TypeFixSuggestion fix = m_editor->fixesForLine(3).first();
        QCOMPARE(fix.kind, engine::TypeFixSuggestion::DeclareInParams);
        QCOMPARE(fix.title, QStringLiteral("Declare `mode` in P"));
        m_editor->applyFix(fix, 3);
        QTRY_VERIFY_WITH_TIMEOUT(m_editor->entryEdit()->text().contains(QLatin1StringView("mode: 'single' | 'batch'")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!hasProblem(QStringLiteral("Property 'mode'")), 60000);
        QCOMPARE(m_editor->session().document().bytes(), kToolMd); // TOOL.md untouched
    }

    void definitionOfAnInputIsItsYamlLine()
    {
        open(QStringLiteral("define"),
             "export async function execute(_id: string, params: Params): Promise<ToolResult> {\n"
             "  return { content: [{ type: 'text', text: params.mode }] };\n"
             "}\n",
             m_service.get());
        QsciScintilla *entry = m_editor->entryEdit();
        QTRY_VERIFY_WITH_TIMEOUT(m_editor->statusLabel()->text().contains(QLatin1StringView("TypeScript: no problems")), 60000);
        entry->setCursorPosition(1, int(entry->text(1).indexOf(QLatin1StringView("mode"))) + 1);
        QSignalSpy asked(m_editor->typeAssist(), &ui::EntryTypeAssist::inputDefinitionRequested);
        m_editor->typeAssist()->goToDefinition();
        QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), 60000);
        QCOMPARE(asked.first().at(0).toString(), QStringLiteral("mode"));
        QCOMPARE(asked.first().at(1).toInt(), 9); // TOOL.md line 9: "  mode:"
        QCOMPARE(m_editor->yamlEdit()->textCursor().block().text(), QStringLiteral("  mode:"));

        // Hover over `mode`: its type and its TOOL.md description, as a call tip.
        QSignalSpy hovered(m_editor->typeAssist(), &ui::EntryTypeAssist::hoverShown);
        const long lineStart = entry->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, 1UL);
        m_editor->typeAssist()->showHover(int(lineStart + entry->text(1).indexOf(QLatin1StringView("mode")) + 1));
        QTRY_VERIFY_WITH_TIMEOUT(!hovered.isEmpty(), 60000);
        const QString tip = hovered.first().at(0).toString();
        QVERIFY2(tip.contains(QLatin1StringView("mode: \"single\" | \"batch\"")) && tip.contains(QLatin1StringView("One or many.")),
                 qPrintable(tip));
        QVERIFY(entry->SendScintilla(QsciScintillaBase::SCI_CALLTIPACTIVE));
    }

    void scriptsSyntaxIsChecked()
    {
        test::writeFile(toolDir(QStringLiteral("scripts")) + QStringLiteral("/bin/run.sh"), "#!/bin/bash\nfi\n");
        open(QStringLiteral("scripts"), test::kGoodEntry, m_service.get());
        QTRY_VERIFY_WITH_TIMEOUT(hasProblem(QStringLiteral("run.sh:2: bash -n")), 60000);
    }

    void withoutTypeScriptTheEditorSaysSo()
    {
        qputenv("TOOLWRIGHT_TSSERVER", "/nonexistent/tsserver.js");
        engine::TypeService missing;
        qunsetenv("TOOLWRIGHT_TSSERVER");
        QVERIFY(!missing.available());
        open(QStringLiteral("without"), test::kGoodEntry, &missing);
        QVERIFY2(m_editor->statusLabel()->text().contains(QLatin1StringView("TypeScript: not installed")),
                 qPrintable(m_editor->statusLabel()->text()));
        QVERIFY(m_editor->statusLabel()->text().contains(QLatin1StringView("node-typescript")));
        // Lint's own findings still come.
        m_editor->entryEdit()->append(QStringLiteral("\nconsole.log('x');\n"));
        QTRY_VERIFY(hasProblem(QStringLiteral("[console-output]")));
        m_editor.reset();
    }
};

QTEST_MAIN(TestEntryTypes)
#include "tst_entrytypes.moc"
