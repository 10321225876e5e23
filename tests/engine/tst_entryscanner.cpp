// The "Common Mistakes" checks of TOOLS.md on entry files: found where they are, not in
// comments, strings, templates or regular expressions.

#include "toolmd/entryscanner.h"

#include <QTest>

using namespace tw::engine;

namespace {

QStringList codesOf(const EntryScan &scan)
{
    QStringList codes;
    for (const Diagnostic &d : scan.diagnostics)
        codes.append(d.code);
    return codes;
}

const QByteArray kTry = "  try {\n    return ok();\n  } catch (e) {\n    return err(e);\n  }\n";

} // namespace

class TestEntryScanner final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void checks_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QStringList>("codes"); // exactly the codes expected, in order
        QTest::addColumn<int>("line");          // line of the first diagnostic (-1: not checked)

        auto row = [](const char *tag, const QByteArray &src, QStringList codes, int line = -1) {
            QTest::newRow(tag) << src << codes << line;
        };
        const QStringList none;
        row("async-function", "export async function execute(id, params) {\n" + kTry + "}\n", none);
        row("plain-function", "export function execute(id, params) {\n" + kTry + "}\n", none);
        row("const-arrow", "export const execute = async (id: string, p: P): Promise<R> => {\n" + kTry + "};\n", none);
        row("const-function", "export const execute = async function (id, p) {\n" + kTry + "};\n", none);
        row("export-list", "async function execute(id, p) {\n" + kTry + "}\nexport { execute };\n", none);
        row("export-as", "async function run(id, p) {\n" + kTry + "}\nexport { run as execute };\n", none);
        row("no-export", "async function execute() {}\n", {QStringLiteral("no-execute-export")}, 0);
        row("export-in-comment", "// export async function execute() {}\n/* export function execute() {} */\n",
            {QStringLiteral("no-execute-export")});
        row("export-in-string", "const s = 'export async function execute() {}';\n", {QStringLiteral("no-execute-export")});
        row("export-in-template", "const s = `export async function execute() {}`;\n",
            {QStringLiteral("no-execute-export")});
        row("class-pattern", "export class MyTool {\n  async run() {}\n}\n", {QStringLiteral("execute-not-named-export")}, 1);
        row("module-exports", "async function execute() {}\nmodule.exports = { execute };\n",
            {QStringLiteral("execute-not-named-export")}, 2);
        row("exports-dot", "exports.execute = async () => ({ content: [] });\n",
            {QStringLiteral("execute-not-named-export")}, 1);
        row("default-export", "export default async function execute() {}\n",
            {QStringLiteral("execute-not-named-export")}, 1);
        row("require-main", "export async function execute() {\n" + kTry + "}\nif (require.main === module) { main(); }\n",
            {QStringLiteral("cli-entry")}, 8);
        row("process-argv", "export async function execute() {\n" + kTry + "}\nconst args = process.argv.slice(2);\n",
            {QStringLiteral("cli-entry")}, 8);
        row("bun-api", "export async function execute() {\n  try {\n    await Bun.sleep(1);\n" + kTry.mid(7),
            {QStringLiteral("bun-api")}, 3);
        row("bun-in-comment-and-string", "// Bun.sleep(1)\nconst s = \"Bun.file\";\nexport async function execute() {\n" + kTry + "}\n",
            none);
        row("member-named-bun", "const x = lib.Bun.file;\nexport async function execute() {\n" + kTry + "}\n", none);
        row("console-log", "export async function execute() {\n  console.log('result');\n" + kTry + "}\n",
            {QStringLiteral("console-output")}, 2);
        row("console-error-is-fine", "export async function execute() {\n  console.error('debug');\n" + kTry + "}\n", none);
        row("console-in-template-text", "export async function execute() {\n  const s = `console.log(x)`;\n" + kTry + "}\n",
            none);
        row("console-in-template-expression",
            "export async function execute() {\n  const s = `a ${console.log(1)} b`;\n" + kTry + "}\n",
            {QStringLiteral("console-output")}, 2);
        row("nested-template", "export async function execute() {\n  const s = `a ${`b ${c}`} d`;\n  console.log(s);\n" + kTry + "}\n",
            {QStringLiteral("console-output")}, 3);
        row("regex-with-slashes", "const re = /https?:\\/\\//g; console.log(re);\nexport async function execute() {\n" + kTry + "}\n",
            {QStringLiteral("console-output")}, 1);
        row("regex-with-quote", "const re = /'/; console.log(re);\nexport async function execute() {\n" + kTry + "}\n",
            {QStringLiteral("console-output")}, 1);
        row("division-is-not-regex", "const a = b / c; const d = e / f; console.log(a);\nexport async function execute() {\n" + kTry + "}\n",
            {QStringLiteral("console-output")}, 1);
        row("throw-outside-try", "export async function execute(id, p) {\n  if (!p) throw new Error('x');\n" + kTry + "}\n",
            {QStringLiteral("throws-from-execute")}, 2);
        row("throw-inside-try", "export async function execute(id, p) {\n  try {\n    if (!p) throw new Error('x');\n"
                                "    return ok();\n  } catch (e) {\n    return err(e);\n  }\n}\n",
            none);
        row("rethrow-in-catch", "export async function execute(id, p) {\n  try {\n    return ok();\n  } catch (e) {\n"
                                "    throw e;\n  }\n}\n",
            {QStringLiteral("throws-from-execute")}, 5);
        row("throw-in-helper-is-fine", "function helper() { throw new Error('x'); }\nexport async function execute(id, p) {\n" + kTry + "}\n",
            none);
        row("throw-with-typed-return", "export async function execute(id: string, p: P): Promise<{ content: X[] }> {\n"
                                       "  throw new Error('no');\n}\n",
            {QStringLiteral("throws-from-execute")}, 2);
        row("throw-in-string", "export async function execute(id, p) {\n  const s = 'throw';\n" + kTry + "}\n", none);
        row("shebang", "#!/usr/bin/env node\nexport async function execute(id, p) {\n" + kTry + "}\n", none);
        row("unterminated-string", "export async function execute(id, p) {\n  const s = 'oops\n" + kTry + "}\n", none);
    }

    void checks()
    {
        QFETCH(QByteArray, source);
        QFETCH(QStringList, codes);
        QFETCH(int, line);
        const EntryScan scan = scanEntry(source, QStringLiteral("/t/index.ts"));
        QCOMPARE(codesOf(scan), codes);
        if (line >= 0 && !scan.diagnostics.isEmpty())
            QCOMPARE(scan.diagnostics.first().line, line);
        for (const Diagnostic &d : scan.diagnostics)
            QCOMPARE(d.file, QStringLiteral("/t/index.ts"));
    }

    void severities()
    {
        const EntryScan missing = scanEntry("const x = 1;\n", QStringLiteral("f"));
        QCOMPARE(missing.diagnostics.first().severity, Severity::Error);
        const EntryScan bun = scanEntry("export function execute() { try { Bun.write(); } catch {} }", QStringLiteral("f"));
        QCOMPARE(bun.diagnostics.first().severity, Severity::Error);
        const EntryScan log = scanEntry("export function execute() { try { console.log(1); } catch {} }", QStringLiteral("f"));
        QCOMPARE(log.diagnostics.first().severity, Severity::Warning);
    }

    void paramsRead_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<bool>("analyzable");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("member") << QByteArray("export async function execute(id, params) { return params.a + params?.b; }")
                                << true << QStringList{QStringLiteral("a"), QStringLiteral("b")};
        QTest::newRow("bracket") << QByteArray("export async function execute(id, params) { return params['x-y']; }")
                                 << true << QStringList{QStringLiteral("x-y")};
        QTest::newRow("destructure-body")
            << QByteArray("export async function execute(id, params: P) { const { a, b: c, d = 1 } = params; }") << true
            << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("d")};
        QTest::newRow("destructure-signature")
            << QByteArray("export async function execute(id, { q, limit = 5 }: P) { return q; }") << true
            << QStringList{QStringLiteral("q"), QStringLiteral("limit")};
        QTest::newRow("passed-on") << QByteArray("export async function execute(id, params) { return run(params); }")
                                   << false << QStringList();
        QTest::newRow("spread") << QByteArray("export async function execute(id, params) { const { a, ...rest } = params; }")
                                << false << QStringList{QStringLiteral("a")};
        QTest::newRow("no-params") << QByteArray("export async function execute() { return 1; }") << false << QStringList();
    }
    void paramsRead()
    {
        QFETCH(QByteArray, source);
        QFETCH(bool, analyzable);
        QFETCH(QStringList, names);
        const EntryScan scan = scanEntry(source, QStringLiteral("f"));
        QCOMPARE(scan.paramsAnalyzable, analyzable);
        QStringList got;
        for (const ParamRead &r : scan.paramsRead)
            got.append(r.name);
        QCOMPARE(got, names);
    }

    void hugeEntryIsNotScanned()
    {
        const EntryScan scan = scanEntry(QByteArray(kMaxEntryScanBytes + 1, ' '), QStringLiteral("f"));
        QCOMPARE(codesOf(scan), QStringList{QStringLiteral("file-too-large")});
        QCOMPARE(scan.diagnostics.first().severity, Severity::Info);
    }

    // Unbalanced brackets, stray backticks, lone slashes, sources cut off anywhere: the scanner
    // ends and reports what it could see — an `export … execute` it read, else no-execute-export
    // as the only finding — with lines inside the source.
    void garbageDoesNotCrash_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<bool>("named"); // an exported execute was seen before the source broke off
        QTest::newRow("open params") << QByteArray("export function execute( {{{{") << true;
        QTest::newRow("cut after =") << QByteArray("export const execute = ") << true;
        QTest::newRow("open body") << QByteArray("export async function execute() {") << true;
        QTest::newRow("open export list") << QByteArray("export { execute") << false;
        QTest::newRow("nested template openers") << QByteArray("`${`${") << false;
        QTest::newRow("lone slash") << QByteArray("/") << false;
        QTest::newRow("open comment") << QByteArray("/*") << false;
        QTest::newRow("open string") << QByteArray("'") << false;
        QTest::newRow("closers only") << QByteArray("}}}}))") << false;
        QTest::newRow("not exported") << QByteArray("function execute(") << false;
        QTest::newRow("backslash") << QByteArray("\\") << false;
        QTest::newRow("NUL bytes") << QByteArray("export\0function execute() {}", 28) << false;
        QTest::newRow("64 KiB of {") << QByteArray(64 * 1024, '{') << false;
        QTest::newRow("deep templates") << QByteArray("`${").repeated(20000) << false;
        QTest::newRow("deep parens after execute") << ("export function execute(" + QByteArray(64 * 1024, '(')) << true;
    }
    void garbageDoesNotCrash()
    {
        QFETCH(QByteArray, source);
        QFETCH(bool, named);
        const EntryScan scan = scanEntry(source, QStringLiteral("f"));
        QCOMPARE(scan.hasNamedExecute, named);
        QCOMPARE(codesOf(scan), named ? QStringList() : QStringList{QStringLiteral("no-execute-export")});
        if (named)
            QCOMPARE(scan.executeLine, 1);
        QVERIFY(!scan.paramsAnalyzable); // nothing to say about params of a body that never closes
        const int lines = int(source.count('\n')) + 1;
        for (const Diagnostic &d : scan.diagnostics) {
            QCOMPARE(d.file, QStringLiteral("f"));
            QVERIFY(d.line >= 0 && d.line <= lines);
        }
    }
};

QTEST_GUILESS_MAIN(TestEntryScanner)
#include "tst_entryscanner.moc"
