// The entry as TypeScript knows it (issue 26), against the real tsserver of Debian's
// node-typescript: the declarations TOOL.md implies, each new diagnostic on a tool that has it
// and on one that does not, completion of params, hover, definition, TypeScript's fixes, the
// bash and Python syntax checks, and a missing TypeScript said, not skipped.

#include "../common/fixture.h"

#include "authoring/typefixes.h"
#include "run/runowner.h"
#include "run/sandboxidentity.h"
#include "toolmd/toolmdreader.h"
#include "types/entrytypes.h"
#include "types/scriptsyntax.h"
#include "types/tooltypeproject.h"
#include "types/tsserver.h"
#include "types/typechecker.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <signal.h>

using namespace tw::engine;

namespace {

const QByteArray kToolMd = "---\n"
                           "name: search\n"
                           "description: Searches.\n"
                           "version: 1\n"
                           "inputs:\n"
                           "  query:\n"
                           "    type: string\n"
                           "    description: What to search for.\n"
                           "  max_results:\n"
                           "    type: number\n"
                           "    description: How many results at most.\n"
                           "    optional: true\n"
                           "  mode:\n"
                           "    type: enum\n"
                           "    values: single,batch\n"
                           "    description: One or many.\n"
                           "  strange:\n"
                           "    type: object\n"
                           "    description: Unsupported, so a string.\n"
                           "    optional: true\n"
                           "---\n"
                           "# Search\n";

ToolManifest manifestOf(const QByteArray &toolMd)
{
    return parseToolMd(toolMd, QStringLiteral("TOOL.md")).manifest.value_or(ToolManifest{});
}

QStringList codes(const Diagnostics &diagnostics)
{
    QStringList out;
    for (const Diagnostic &d : diagnostics)
        out.append(d.code);
    return out;
}

} // namespace

class TstTypeChecker final : public QObject
{
    Q_OBJECT

private:
    TsServer *m_server = nullptr;
    int m_next = 0;
    QTemporaryDir m_tools;

    // One tool's findings through a project of its own on the shared server.
    Diagnostics check(const QByteArray &entry, const QByteArray &toolMd = kToolMd, const QString &entryName = QStringLiteral("index.ts"))
    {
        const QString dir = m_tools.filePath(QStringLiteral("t%1").arg(++m_next));
        QDir().mkpath(dir);
        ToolTypeProject project(*m_server, TsServer::projectDir(QString::number(m_next)));
        project.setSource({manifestOf(toolMd), dir, dir + u'/' + entryName, QString::fromUtf8(entry)});
        return findings(project);
    }

    // What a project's check finds in the source set last.
    static Diagnostics findings(ToolTypeProject &project)
    {
        QObject context; // dies with this function: a late answer finds no one
        Diagnostics out;
        QString failure = QStringLiteral("no reply");
        project.check(&context, [&](const Diagnostics &d, const QString &error) {
            out = d;
            failure = error;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(failure != u"no reply", 60000); }();
        // A check that did not run is a failed case, never "no findings" (a clean row would pass
        // with nothing checked).
        if (!failure.isEmpty())
            QTest::qFail(qPrintable(QStringLiteral("the type check did not run: ") + failure), __FILE__, __LINE__);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QString why;
        // Every suite runs: a machine without TypeScript fails here, naming the package.
        QVERIFY2(!TsServer::serverScript(&why).isEmpty(), qPrintable(why));
        // A mirror a killed Toolwright left (its owner token names no live process) is swept by
        // the first server this process starts.
        const QString stale = runDirectoryParent() + QStringLiteral("/toolwright-types-1.1-stale");
        QVERIFY(QDir().mkpath(stale + QStringLiteral("/projects/1")));
        m_server = new TsServer(this);
        QVERIFY(m_server->start());
        QVERIFY(!QFileInfo::exists(stale));
    }

    void declarationsFollowTheSchema()
    {
        const ToolManifest m = manifestOf(kToolMd);
        // Required inputs required, optional `?:`, enums literal unions, unsupported types strings.
        QCOMPARE(paramsTypeText(m), QStringLiteral("{ query: string; max_results?: number; mode: 'single' | 'batch'; strange?: string }"));
        const ToolDeclarations d = toolDeclarations(m);
        const QString text = QString::fromUtf8(d.text);
        QVERIFY(text.contains(QStringLiteral("     * What to search for.\n     */\n    query: string;\n")));
        QVERIFY(text.contains(QStringLiteral("type Params = ToolMdParams;")));
        QVERIFY(text.contains(QStringLiteral("type ToolwrightOnUpdate = (partial: { content: Array<{ type: string; text: string }> }) => void;")));
        // Each input's line in the declarations is known (go to definition lands on TOOL.md).
        const QStringList lines = text.split(u'\n');
        QCOMPARE(d.inputAtLine.size(), 4);
        for (auto it = d.inputAtLine.cbegin(); it != d.inputAtLine.cend(); ++it)
            QVERIFY2(lines.at(it.key() - 1).trimmed().startsWith(it.value()), qPrintable(lines.at(it.key() - 1)));
        // A description cannot end its comment early; a name that is no identifier is quoted.
        const ToolManifest odd = manifestOf("---\nname: odd\ndescription: x\nversion: 1\ninputs:\n  my-key:\n"
                                            "    type: enum\n    values: [\"it's\", b]\n    description: ends */ here\n---\n");
        QCOMPARE(paramsTypeText(odd), QStringLiteral("{ 'my-key': 'it\\'s' | 'b' }"));
        QVERIFY(QString::fromUtf8(toolDeclarations(odd).text).contains(QStringLiteral("ends *\\/ here")));
    }

    void eachDiagnostic_data()
    {
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("line");
        const QByteArray head = "export async function execute(_id: string, params: Params): Promise<ToolResult> {\n";
        QTest::newRow("clean") << head + "  return { content: [{ type: 'text', text: params.query + params.mode }] };\n}\n"
                               << QString() << 0;
        QTest::newRow("type-error: optional number used as a number")
            << head + "  const n: number = params.max_results;\n  return { content: [{ type: 'text', text: String(n) }] };\n}\n"
            << QStringLiteral("type-error") << 2;
        QTest::newRow("type-error: an input TOOL.md does not declare")
            << head + "  return { content: [{ type: 'text', text: params.limit }] };\n}\n" << QStringLiteral("type-error") << 2;
        QTest::newRow("syntax-error") << head + "  return { content: [ };\n}\n" << QStringLiteral("syntax-error") << 2;
        QTest::newRow("params-type-mismatch: a number read as a string")
            << QByteArray("type P = { query: string; max_results?: string };\n"
                          "export async function execute(_id: string, params: P) {\n"
                          "  return { content: [{ type: 'text', text: params.query }] };\n}\n")
            << QStringLiteral("params-type-mismatch") << 2;
        QTest::newRow("params-type-mismatch: a required param TOOL.md lacks")
            << QByteArray("type P = { query: string; extra: string };\n"
                          "export async function execute(_id: string, params: P) {\n"
                          "  return { content: [{ type: 'text', text: params.extra }] };\n}\n")
            << QStringLiteral("params-type-mismatch") << 2;
        QTest::newRow("params accepted: an execute that takes none")
            << QByteArray("export async function execute() {\n  return { content: [{ type: 'text', text: 'x' }] };\n}\n")
            << QString() << 0;
        QTest::newRow("params accepted: an optional params")
            << QByteArray("export async function execute(_id: string, params?: { query?: string }) {\n"
                          "  return { content: [{ type: 'text', text: params?.query ?? '' }] };\n}\n")
            << QString() << 0;
        QTest::newRow("params-type-mismatch: an optional params of another type")
            << QByteArray("export async function execute(_id: string, params?: { query?: number }) {\n"
                          "  return { content: [{ type: 'text', text: String(params?.query) }] };\n}\n")
            << QStringLiteral("params-type-mismatch") << 1;
        QTest::newRow("params accepted: TOOLS.md's Record<string, unknown>")
            << QByteArray("export async function execute(_id: string, params: Record<string, unknown>) {\n"
                          "  return { content: [{ type: 'text', text: String(params.query) }] };\n}\n")
            << QString() << 0;
        QTest::newRow("result-type-mismatch")
            << QByteArray("export async function execute(_id: string, params: Params) {\n"
                          "  return { content: 'x' + params.query };\n}\n")
            << QStringLiteral("result-type-mismatch") << 1;
        QTest::newRow("execute-signature-mismatch: toolCallId a number")
            << QByteArray("\n\nexport function execute(id: number, params: Params) {\n"
                          "  return { content: [{ type: 'text', text: String(id) + params.query }] };\n}\n")
            << QStringLiteral("execute-signature-mismatch") << 3;
        QTest::newRow("execute-signature-mismatch: onUpdate of another shape")
            << QByteArray("export async function execute(_id: string, _p: Params, _s?: AbortSignal, onUpdate?: (n: number) => void) {\n"
                          "  onUpdate?.(1);\n  return { content: [{ type: 'text', text: 'x' }] };\n}\n")
            << QStringLiteral("execute-signature-mismatch") << 1;
        QTest::newRow("node types: fs, fetch, process")
            << QByteArray("import { readFileSync } from 'node:fs';\nimport path from 'path';\n"
                          "export async function execute(_id: string, params: Params): Promise<ToolResult> {\n"
                          "  const r = await fetch('http://x.invalid/' + params.query);\n"
                          "  const t = readFileSync(path.join(process.env.HOME ?? '/', 'x'), 'utf8');\n"
                          "  return { content: [{ type: 'text', text: t + r.status }] };\n}\n")
            << QString() << 0;
        QTest::newRow("no bun: Bun is not Node's")
            << QByteArray("export async function execute(_id: string, params: Params): Promise<ToolResult> {\n"
                          "  await Bun.sleep(1);\n  return { content: [{ type: 'text', text: params.query }] };\n}\n")
            << QStringLiteral("type-error") << 2;
    }

    void eachDiagnostic()
    {
        QFETCH(QByteArray, entry);
        QFETCH(QString, code);
        QFETCH(int, line);
        const Diagnostics found = check(entry);
        if (code.isEmpty()) {
            QVERIFY2(found.isEmpty(), qPrintable(formatDiagnostic(found.value(0))));
            return;
        }
        QCOMPARE(codes(found), QStringList{code});
        QCOMPARE(found.first().line, line);
        QCOMPARE(found.first().severity, Severity::Error);
        QVERIFY(found.first().file.endsWith(QLatin1StringView("/index.ts")));
        QVERIFY2(found.first().message.contains(QLatin1StringView("(TS")), qPrintable(found.first().message));
    }

    void lineBreaksAsTypeScriptCountsThem()
    {
        // An old-Mac entry (lone CRs) and a U+2028 inside a string: TypeScript ends lines at both,
        // the checker counts as it does, so findings keep their lines and codes.
        const QByteArray cr = "type P = { query: number };\r"
                              "export async function execute(_id: string, params: P) {\r"
                              "  const n: string = 1;\r"
                              "  return { content: 'x' + params.query + n };\r}\r";
        const Diagnostics oldMac = check(cr);
        QCOMPARE(codes(oldMac), (QStringList{QStringLiteral("type-error"), QStringLiteral("params-type-mismatch"),
                                             QStringLiteral("result-type-mismatch")}));
        QCOMPARE(oldMac.at(0).line, 3);
        QCOMPARE(oldMac.at(1).line, 2);
        const QByteArray separator = "const s = 'a" "\xe2\x80\xa8" "b';\n"
                                     "export async function execute(_id: string, params: { query: number }) {\n"
                                     "  return { content: [{ type: 'text', text: s + params.query }] };\n}\n";
        const Diagnostics found = check(separator);
        QCOMPARE(codes(found), QStringList{QStringLiteral("params-type-mismatch")});
        QCOMPARE(found.first().line, 2);
    }

    void javaScriptEntries()
    {
        // No annotations to check, but the result's shape is inferred and held to ToolResult.
        const QByteArray js = "export async function execute(_id, params) {\n  return { content: 'x' + params.query };\n}\n";
        QCOMPARE(codes(check(js, kToolMd, QStringLiteral("index.js"))), QStringList{QStringLiteral("result-type-mismatch")});
        const QByteArray good = "export async function execute(_id, params) {\n"
                                "  return { content: [{ type: 'text', text: 'x' + params.query }] };\n}\n";
        QVERIFY(check(good, kToolMd, QStringLiteral("index.js")).isEmpty());
    }

    void editsReachTheServer()
    {
        const QString dir = m_tools.filePath(QStringLiteral("edited"));
        QDir().mkpath(dir);
        ToolTypeProject project(*m_server, TsServer::projectDir(QStringLiteral("edited")));
        QObject context; // dies with this function: a late answer finds no one
        const QString good = QStringLiteral("export async function execute(_id: string, params: Params) {\n"
                                            "  return { content: [{ type: 'text', text: params.query }] };\n}\n");
        ToolTypeSource source{manifestOf(kToolMd), dir, dir + QStringLiteral("/index.ts"), good};
        project.setSource(source);
        const auto findings = [&] {
            std::optional<Diagnostics> out;
            QString failure;
            project.check(&context, [&](const Diagnostics &d, const QString &error) {
                out = d;
                failure = error;
            });
            [&] { QTRY_VERIFY_WITH_TIMEOUT(out.has_value(), 60000); }();
            if (!failure.isEmpty())
                QTest::qFail(qPrintable(QStringLiteral("the type check did not run: ") + failure), __FILE__, __LINE__);
            return out.value_or(Diagnostics{});
        };
        QVERIFY(findings().isEmpty());
        // A change in the middle of a line, then TOOL.md dropping the input the code reads.
        source.entry = QString(good).replace(QStringLiteral("params.query"), QStringLiteral("params.quer"));
        project.setSource(source);
        QCOMPARE(codes(findings()), QStringList{QStringLiteral("type-error")});
        source.entry = good;
        source.manifest.inputs.removeFirst();
        project.setSource(source);
        QCOMPARE(codes(findings()), QStringList{QStringLiteral("type-error")});
        source.manifest = manifestOf(kToolMd);
        project.setSource(source);
        QVERIFY(findings().isEmpty());
    }

    void aServersToolHasNoDirectoryToImportFrom()
    {
        // No local directory (a server's tool): its relative imports cannot resolve here, and are
        // not reported; a package that does not exist still is.
        ToolTypeProject project(*m_server, TsServer::projectDir(QStringLiteral("remote")));
        project.setSource({manifestOf(kToolMd), QString(), QStringLiteral("/srv/data/tools/t/index.ts"),
                           QStringLiteral("import { shout } from './helper';\nimport x from 'no-such-package';\n"
                                          "export async function execute(_id: string, params: Params) {\n"
                                          "  return { content: [{ type: 'text', text: shout(params.query) + x }] };\n}\n")});
        const Diagnostics found = findings(project);
        QCOMPARE(codes(found), QStringList{QStringLiteral("type-error")});
        QVERIFY(found.first().message.contains(QLatin1StringView("'no-such-package'")));
    }

    void theServerReadsNothingOfTheHost()
    {
        // A type error quotes what it reads (issue 39). The host files an absolute import, a link
        // in the tool and a path out of the tool name are everyone's to read (0644 in a 0755
        // folder, and a sibling of the tool): only the server's sandbox keeps them out. The
        // tool's own file is read.
        QTemporaryDir host;
        readableBySandbox(host.path());
        writeFileTo(host.filePath(QStringLiteral("config2.ts")), "export const DB_PASSWORD = 'hunter2-host-secret' as const;\n");
        writeFileTo(host.filePath(QStringLiteral("linked.ts")), "export const LINKED = 'linked-host-secret' as const;\n");
        writeFileTo(m_tools.filePath(QStringLiteral("outside.ts")), "export const OUT = 'sibling-host-secret' as const;\n");
        const QString dir = m_tools.filePath(QStringLiteral("hostile"));
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(QFile::link(host.filePath(QStringLiteral("linked.ts")), dir + QStringLiteral("/linked.ts")));
        writeFileTo(dir + QStringLiteral("/own.ts"), "export const OWN = 'the-tools-own' as const;\n");
        ToolTypeProject project(*m_server, TsServer::projectDir(QStringLiteral("hostile")));
        const QString entry = QStringLiteral("import { DB_PASSWORD } from '%1';\n"
                                             "import { LINKED } from './linked';\n"
                                             "import { OUT } from '../outside';\n"
                                             "import { OWN } from './own';\n"
                                             "const a: 'nope' = DB_PASSWORD;\nconst b: 'nope' = LINKED;\n"
                                             "const c: 'nope' = OUT;\nconst d: 'nope' = OWN;\n"
                                             "export async function execute(_id: string, params: Params) {\n"
                                             "  return { content: [{ type: 'text', text: params.query + a + b + c + d }] };\n}\n")
                                  .arg(host.filePath(QStringLiteral("config2")));
        project.setSource({manifestOf(kToolMd), dir, dir + QStringLiteral("/index.ts"), entry});
        QMap<int, QString> byLine;
        for (const Diagnostic &d : findings(project)) {
            QVERIFY2(!d.message.contains(QLatin1StringView("host-secret")), qPrintable(d.message));
            byLine[d.line] += d.message;
        }
        for (int line : {1, 2, 3})
            QVERIFY2(byLine.value(line).contains(QLatin1StringView("(TS2307)")), qPrintable(byLine.value(line)));
        QVERIFY2(byLine.value(8).contains(QLatin1StringView("the-tools-own")), qPrintable(byLine.value(8)));
    }

    void theServerIsTheSandboxIdentity()
    {
        // The server's node runs as the sandbox's identity (never root), in a sandbox of its own.
        QVERIFY(m_server->isRunning());
        qint64 node = 0;
        QList<qint64> pids{m_server->processId()};
        while (!pids.isEmpty() && node == 0) {
            const qint64 pid = pids.takeFirst();
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "node")
                node = pid;
            QFile children(QStringLiteral("/proc/%1/task/%1/children").arg(pid));
            if (children.open(QIODevice::ReadOnly))
                for (const QByteArray &c : children.readAll().split(' '))
                    if (c.trimmed().toLongLong() > 0)
                        pids.append(c.trimmed().toLongLong());
        }
        QVERIFY2(node > 0, "no node process under the server's sandbox");
        QFile status(QStringLiteral("/proc/%1/status").arg(node));
        QVERIFY(status.open(QIODevice::ReadOnly));
        const QByteArray text = status.readAll();
        const qsizetype at = text.indexOf("\nUid:");
        QVERIFY(at >= 0);
        const QList<QByteArray> uids = text.mid(at + 5, text.indexOf('\n', at + 1) - at - 5).simplified().split(' ');
        QVERIFY2(text.contains("\nSeccomp:\t2\n"), "no system call filter on the server"); // sandboxseccomp.h
        QCOMPARE(uids.size(), 4);
        for (const QByteArray &uid : uids) {
            QCOMPARE(uid.toUInt(), uint(sandboxIdentity().uid));
            QVERIFY(uid.toUInt() != 0);
        }
        // The server's view of the host: its projects are in the mirror.
        QVERIFY(!m_server->mirrorDir().isEmpty());
        QCOMPARE(m_server->hostPath(TsServer::projectDir(QStringLiteral("x")) + QStringLiteral("/a.ts")),
                 m_server->mirrorDir() + QStringLiteral("/projects/x/a.ts"));
    }

    void completionListsTheDeclaredInputs()
    {
        const QString dir = m_tools.filePath(QStringLiteral("complete"));
        QDir().mkpath(dir);
        ToolTypeProject project(*m_server, TsServer::projectDir(QStringLiteral("complete")));
        QObject context; // dies with this function: a late answer finds no one
        const QString entry = QStringLiteral("export async function execute(_id: string, params: Params) {\n"
                                             "  params.\n"
                                             "  return { content: [] };\n}\n");
        project.setSource({manifestOf(kToolMd), dir, dir + QStringLiteral("/index.ts"), entry});
        std::optional<QList<TypeCompletion>> list;
        project.complete({2, 10}, &context, [&](const QList<TypeCompletion> &l) { list = l; });
        QTRY_VERIFY_WITH_TIMEOUT(list.has_value(), 60000);
        QStringList names;
        for (const TypeCompletion &c : *list)
            names.append(c.name);
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("max_results"), QStringLiteral("mode"), QStringLiteral("query"),
                                     QStringLiteral("strange")}));
        for (const TypeCompletion &c : *list) {
            QCOMPARE(c.description, manifestOf(kToolMd).input(c.name)->description);
            QCOMPARE(c.optional, c.name == u"max_results" || c.name == u"strange");
        }
        // Node's APIs: a member of fs.
        project.setSource({manifestOf(kToolMd), dir, dir + QStringLiteral("/index.ts"),
                           QStringLiteral("import * as fs from 'node:fs';\nfs.readF\n")});
        list.reset();
        project.complete({2, 9}, &context, [&](const QList<TypeCompletion> &l) { list = l; });
        QTRY_VERIFY_WITH_TIMEOUT(list.has_value(), 60000);
        QVERIFY(std::any_of(list->cbegin(), list->cend(), [](const TypeCompletion &c) { return c.name == u"readFileSync"; }));
    }

    void hoverAndDefinition()
    {
        const QString dir = m_tools.filePath(QStringLiteral("navigate"));
        QDir().mkpath(dir);
        writeFileTo(dir + QStringLiteral("/helper.ts"), "export function shout(s: string): string {\n  return s.toUpperCase();\n}\n");
        ToolTypeProject project(*m_server, TsServer::projectDir(QStringLiteral("navigate")));
        QObject context; // dies with this function: a late answer finds no one
        const QString entry = QStringLiteral("import { shout } from './helper';\n"
                                             "function twice(s: string) { return s + s; }\n"
                                             "export async function execute(_id: string, params: Params) {\n"
                                             "  return { content: [{ type: 'text', text: shout(twice(params.mode)) }] };\n}\n");
        const ToolManifest manifest = manifestOf(kToolMd);
        project.setSource({manifest, dir, dir + QStringLiteral("/index.ts"), entry});
        const int line4 = 4;
        const QString text4 = entry.split(u'\n').at(line4 - 1);
        const auto column = [&](const QString &word) { return int(text4.indexOf(word)) + 2; };

        std::optional<QString> hover;
        project.quickInfo({line4, column(QStringLiteral("mode"))}, &context, [&](const QString &t) { hover = t; });
        QTRY_VERIFY_WITH_TIMEOUT(hover.has_value(), 60000);
        QVERIFY2(hover->contains(QStringLiteral("mode: \"single\" | \"batch\"")), qPrintable(*hover));
        QVERIFY2(hover->contains(QStringLiteral("One or many.")), qPrintable(*hover));

        const auto definitionAt = [&](const QString &word) {
            std::optional<TypeDefinition> d;
            project.definition({line4, column(word)}, &context, [&](const TypeDefinition &def) { d = def; });
            [&] { QTRY_VERIFY_WITH_TIMEOUT(d.has_value(), 60000); }();
            return d.value_or(TypeDefinition{});
        };
        // An input: its line in TOOL.md; a function of the entry; a function of another file of the tool.
        const TypeDefinition input = definitionAt(QStringLiteral("mode"));
        QCOMPARE(input.kind, TypeDefinition::Input);
        QCOMPARE(input.input, QStringLiteral("mode"));
        QCOMPARE(input.line, manifest.input(QStringLiteral("mode"))->line);
        const TypeDefinition local = definitionAt(QStringLiteral("twice"));
        QCOMPARE(local.kind, TypeDefinition::Entry);
        QCOMPARE(local.line, 2);
        const TypeDefinition other = definitionAt(QStringLiteral("shout"));
        QCOMPARE(other.kind, TypeDefinition::ToolFile);
        QCOMPARE(other.file, dir + QStringLiteral("/helper.ts"));
        QCOMPARE(other.line, 1);
    }

    void typeScriptsOwnFixes()
    {
        const QString dir = m_tools.filePath(QStringLiteral("fix"));
        QDir().mkpath(dir);
        ToolTypeProject project(*m_server, TsServer::projectDir(QStringLiteral("fix")));
        QObject context; // dies with this function: a late answer finds no one
        const QString entry = QStringLiteral("type P = { query: string };\n"
                                             "export async function execute(_id: string, params: P) {\n"
                                             "  return { content: [{ type: 'text', text: params.mode }] };\n}\n");
        project.setSource({manifestOf(kToolMd), dir, dir + QStringLiteral("/index.ts"), entry});
        const QString line3 = entry.split(u'\n').at(2);
        const int from = int(line3.indexOf(QStringLiteral("mode"))) + 1;
        std::optional<QList<TypeFix>> fixes;
        project.fixes({3, from}, {3, from + 4}, 2339, &context, [&](const QList<TypeFix> &f) { fixes = f; });
        QTRY_VERIFY_WITH_TIMEOUT(fixes.has_value(), 60000);
        const auto declare = std::find_if(fixes->cbegin(), fixes->cend(), [](const TypeFix &f) {
            return f.description.contains(QLatin1StringView("Declare property 'mode'"));
        });
        QVERIFY2(declare != fixes->cend(), qPrintable(fixes->isEmpty() ? QString() : fixes->first().description));
        QVERIFY2(declare->entry.startsWith(QStringLiteral("type P = { query: string; mode: any; };")) ||
                     declare->entry.contains(QStringLiteral("mode: any")),
                 qPrintable(declare->entry));
    }

    void scriptSyntax_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line"); // 0: parses
        QTest::newRow("bash ok") << QStringLiteral("run.sh") << QByteArray("#!/bin/bash\nif true; then echo hi; fi\n") << 0;
        QTest::newRow("bash unclosed if") << QStringLiteral("run.sh") << QByteArray("#!/bin/bash\nif true; then\n  echo hi\n") << 3;
        QTest::newRow("bash bad token") << QStringLiteral("run.sh") << QByteArray("echo a\nfi\necho b\n") << 2;
        QTest::newRow("bash by shebang") << QStringLiteral("tool") << QByteArray("#!/usr/bin/env bash\ndone\n") << 2;
        QTest::newRow("python ok") << QStringLiteral("p.py") << QByteArray("def f(x):\n    return x\n") << 0;
        QTest::newRow("python bad") << QStringLiteral("p.py") << QByteArray("x = 1\ndef f(:\n    pass\n") << 2;
        QTest::newRow("python by shebang") << QStringLiteral("p") << QByteArray("#!/usr/bin/python3\n\nprint(\n") << 3;
    }

    void scriptSyntax()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        const Diagnostics found = checkScriptSyntax(QStringLiteral("/x/") + name,
                                                    text, scriptLanguage(name, text));
        if (line == 0) {
            QVERIFY(found.isEmpty());
            return;
        }
        QCOMPARE(codes(found).value(0), QStringLiteral("syntax-error"));
        QCOMPARE(found.first().line, line);
    }

    void scriptChecksRunNothing()
    {
        // A script that would write a file if it ran, and a Python module that would: neither does,
        // and no .pyc appears beside it.
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("ran"));
        writeFileTo(dir.filePath(QStringLiteral("bin/a.sh")), "touch " + marker.toUtf8() + "\nif true; then\n");
        writeFileTo(dir.filePath(QStringLiteral("bin/b.py")), "open('" + marker.toUtf8() + "', 'w').write('x')\n");
        writeFileTo(dir.filePath(QStringLiteral("node_modules/x/c.sh")), "if\n"); // not the tool's own
        const Diagnostics found = checkToolScripts(dir.path());
        QCOMPARE(codes(found), QStringList{QStringLiteral("syntax-error")});
        QVERIFY(found.first().file.endsWith(QLatin1StringView("bin/a.sh")));
        QVERIFY(!QFile::exists(marker));
        QVERIFY(!QDir(dir.filePath(QStringLiteral("bin/__pycache__"))).exists());
    }

    void theCheckerForLint()
    {
        // The CLI's path: a tool read from disk, its scripts with it.
        QTemporaryDir dir;
        tw::test::makeTool(dir.path(), QStringLiteral("t"), kToolMd,
                           "export async function execute(_id: string, params: Params) {\n  return { content: params.query };\n}\n");
        writeFileTo(dir.filePath(QStringLiteral("t/bin/run.sh")), "fi\n");
        ToolRecord tool;
        tool.manifest = manifestOf(kToolMd);
        tool.dir = dir.filePath(QStringLiteral("t"));
        tool.entry = ToolRecord::Entry::Ts;
        TypeChecker checker;
        QString error;
        QVERIFY2(checker.start(&error), qPrintable(error));
        const Diagnostics found = checker.check(tool);
        for (const Diagnostic &d : found)
            qInfo().noquote() << formatDiagnostic(d);
        QCOMPARE(codes(found), (QStringList{QStringLiteral("result-type-mismatch"), QStringLiteral("syntax-error")}));
    }

    void theLintReadsTheEntryOnlyInsideTheTool()
    {
        // lint --types runs as whoever runs it: an entry that is a link out of its tool (to a
        // key in the caller's home, say) is not read, so no type error quotes it (issue 39's
        // hostile review: `index.ts -> ../.ssh/id_rsa` printed the key's words). A link within
        // the tool is followed.
        QTemporaryDir dir;
        writeFileTo(dir.filePath(QStringLiteral("secret.env")), "API_KEY=HOSTSECRET_9902\n");
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("out"))));
        writeFileTo(dir.filePath(QStringLiteral("out/TOOL.md")), kToolMd);
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("secret.env")), dir.filePath(QStringLiteral("out/index.ts"))));
        writeFileTo(dir.filePath(QStringLiteral("in/TOOL.md")), kToolMd);
        writeFileTo(dir.filePath(QStringLiteral("in/src/main.ts")),
                    "export async function execute(_id: string, params: Params) {\n  return { content: params.query };\n}\n");
        QVERIFY(QFile::link(QStringLiteral("src/main.ts"), dir.filePath(QStringLiteral("in/index.ts"))));
        TypeChecker checker;
        QString error;
        QVERIFY2(checker.start(&error), qPrintable(error));
        ToolRecord tool;
        tool.manifest = manifestOf(kToolMd);
        tool.entry = ToolRecord::Entry::Ts;
        tool.dir = dir.filePath(QStringLiteral("out"));
        const Diagnostics out = checker.check(tool);
        for (const Diagnostic &d : out)
            QVERIFY2(!d.message.contains(QLatin1StringView("HOSTSECRET")), qPrintable(d.message));
        QCOMPARE(codes(out), QStringList{QStringLiteral("types-unchecked")});
        QVERIFY2(out.first().message.contains(QLatin1StringView("link that leaves")), qPrintable(out.first().message));
        tool.dir = dir.filePath(QStringLiteral("in"));
        QCOMPARE(codes(checker.check(tool)), QStringList{QStringLiteral("result-type-mismatch")});
    }

    void quickFixSuggestions()
    {
        const ToolManifest m = manifestOf(kToolMd);
        const auto typeError = [](const QString &message) {
            return Diagnostic{QStringLiteral("type-error"), Severity::Error, message, QStringLiteral("/t/index.ts"), 3};
        };
        // Read through TOOL.md's Params but not declared there: add it to TOOL.md.
        QCOMPARE(typeFixSuggestions(typeError(QStringLiteral("Property 'limit' does not exist on type 'ToolMdParams'. (TS2339)")), m),
                 (QList<TypeFixSuggestion>{{TypeFixSuggestion::AddInput, QStringLiteral("limit"),
                                            QStringLiteral("Add input `limit` to TOOL.md"), 0}}));
        // Declared in TOOL.md, missing from the entry's own type: declare it there.
        QCOMPARE(typeFixSuggestions(typeError(QStringLiteral("Property 'mode' does not exist on type 'Params'. (TS2339)")), m),
                 (QList<TypeFixSuggestion>{{TypeFixSuggestion::DeclareInParams, QStringLiteral("mode"),
                                            QStringLiteral("Declare `mode` in Params"), 2339}}));
        // The entry's Params requires what TOOL.md lacks.
        const Diagnostic mismatch{QStringLiteral("params-type-mismatch"), Severity::Error,
                                  QStringLiteral("execute's params type does not accept the inputs TOOL.md declares: Property "
                                                 "'extra' is missing in type 'ToolMdParams' but required in type 'Params'. (TS2741)"),
                                  QStringLiteral("/t/index.ts"), 2};
        QCOMPARE(typeFixSuggestions(mismatch, m).value(0).input, QStringLiteral("extra"));
        // Other findings offer nothing.
        QVERIFY(typeFixSuggestions(typeError(QStringLiteral("Type 'string' is not assignable to type 'number'. (TS2322)")), m).isEmpty());
        QVERIFY(typeFixSuggestions(typeError(QStringLiteral("Property 'x' does not exist on type 'Date'. (TS2339)")), m).isEmpty());

        // Through the lossless editor: only the new input's lines are added.
        auto doc = FrontmatterDocument::fromBytes(kToolMd);
        QVERIFY(doc);
        QVERIFY(addInputToToolMd(*doc, QStringLiteral("limit")));
        const QByteArray bytes = doc->bytes();
        const qsizetype fence = kToolMd.indexOf("---\n# Search");
        QCOMPARE(bytes.left(fence), kToolMd.left(fence));
        QCOMPARE(bytes.mid(bytes.indexOf("---\n# Search")), kToolMd.mid(fence));
        QVERIFY(bytes.contains("  limit:\n    type: string\n"));
        QVERIFY(!addInputToToolMd(*doc, QStringLiteral("limit"))); // declared now

        // TypeScript's guess replaced by TOOL.md's type, only where the fix wrote.
        const QString entry = QStringLiteral("type P = { query: string };\nconst o = { max_results: 1 };\n");
        const QString fixed = QStringLiteral("type P = { query: string; max_results: any };\nconst o = { max_results: 1 };\n");
        QCOMPARE(withDeclaredType(entry, fixed, QStringLiteral("max_results"), m),
                 QStringLiteral("type P = { query: string; max_results?: number };\nconst o = { max_results: 1 };\n"));
    }

    void aServerThatDiesLeavesTheToolUnchecked()
    {
        // types-unchecked on a tool whose check got no answer (a "tsserver" that exits at once),
        // and not on the same tool checked by a real one (theCheckerForLint).
        QTemporaryDir dir;
        tw::test::makeTool(dir.path(), QStringLiteral("t"), kToolMd,
                           "export async function execute(_id: string, params: Params) {\n"
                           "  return { content: [{ type: 'text', text: params.query }] };\n}\n");
        writeFileTo(dir.filePath(QStringLiteral("dies.js")), "process.exit(3);\n");
        readableBySandbox(dir.path()); // the server's directory, as Debian's is
        ToolRecord tool;
        tool.manifest = manifestOf(kToolMd);
        tool.dir = dir.filePath(QStringLiteral("t"));
        tool.entry = ToolRecord::Entry::Ts;
        qputenv("TOOLWRIGHT_TSSERVER", dir.filePath(QStringLiteral("dies.js")).toUtf8());
        TypeChecker dying;
        QString error;
        QVERIFY2(dying.start(&error), qPrintable(error));
        const Diagnostics found = dying.check(tool);
        qunsetenv("TOOLWRIGHT_TSSERVER");
        QCOMPARE(codes(found), QStringList{QStringLiteral("types-unchecked")});
        QVERIFY2(found.first().message.contains(QLatin1StringView("exited (3)")), qPrintable(found.first().message));
        TypeChecker real;
        QVERIFY(real.start(&error));
        QVERIFY(real.check(tool).isEmpty());
    }

    void aReplyTooLargeFailsWhatIsPending()
    {
        // A "tsserver" that answers anything with a frame announced at a gigabyte: the request
        // fails with the reason instead of waiting for ever.
        QTemporaryDir dir;
        writeFileTo(dir.filePath(QStringLiteral("huge.js")),
                    "process.stdin.on('data', () => process.stdout.write('Content-Length: 999999999\\r\\n\\r\\n{'));\n");
        readableBySandbox(dir.path());
        qputenv("TOOLWRIGHT_TSSERVER", dir.filePath(QStringLiteral("huge.js")).toUtf8());
        TsServer server;
        QVERIFY(server.start());
        qunsetenv("TOOLWRIGHT_TSSERVER");
        std::optional<QJsonObject> reply;
        server.send(QStringLiteral("open"), {}, [&](const QJsonObject &r) { reply = r; });
        QVERIFY(server.waitForReplies(30000));
        QVERIFY(reply.has_value());
        QCOMPARE(reply->value(QStringLiteral("success")).toBool(), false);
        QVERIFY2(reply->value(QStringLiteral("message")).toString().contains(QLatin1StringView("sent a reply of 999 MB")),
                 qPrintable(reply->value(QStringLiteral("message")).toString()));
    }

    void missingTypeScriptIsSaid()
    {
        qputenv("TOOLWRIGHT_TSSERVER", "/nonexistent/tsserver.js");
        TsServer server;
        QVERIFY(!server.start());
        QVERIFY2(server.errorString().contains(QLatin1StringView("node-typescript")), qPrintable(server.errorString()));
        // A request to a server that is not running fails at once, with the reason.
        QString message;
        server.send(QStringLiteral("open"), {}, [&](const QJsonObject &r) { message = r.value(QStringLiteral("message")).toString(); });
        QVERIFY(message.contains(QLatin1StringView("node-typescript")));
        qunsetenv("TOOLWRIGHT_TSSERVER");
    }

    void aServerThatDiesFailsWhatIsPending()
    {
        TsServer server;
        QVERIFY(server.start());
        QSignalSpy stopped(&server, &TsServer::stopped);
        std::optional<QJsonObject> reply;
        QTRY_VERIFY(server.isRunning() && server.processId() > 0);
        ::kill(pid_t(server.processId()), SIGKILL);
        server.send(QStringLiteral("semanticDiagnosticsSync"), {{QStringLiteral("file"), QStringLiteral("/x.ts")}},
                    [&](const QJsonObject &r) { reply = r; });
        QTRY_VERIFY(reply.has_value());
        QCOMPARE(reply->value(QStringLiteral("success")).toBool(), false);
        QVERIFY(!stopped.isEmpty());
    }

private:
    // TypeScript's own directory is everyone's to read; a QTemporaryDir is its owner's alone.
    static void readableBySandbox(const QString &dir)
    {
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                       | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    }
    static void writeFileTo(const QString &path, const QByteArray &bytes) { tw::test::writeFile(path, bytes); }
};

QTEST_GUILESS_MAIN(TstTypeChecker)
#include "tst_typechecker.moc"
