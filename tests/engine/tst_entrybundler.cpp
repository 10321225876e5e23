// The entry as the harness gets it, made by the real esbuild in its bubblewrap sandbox: one ES
// module with the tool's own relative imports inlined, `node:` built-ins and packages left as
// imports, import.meta.url naming the entry inside the sandbox (TOOLS.md "Referencing Local
// Files"), and esbuild's errors mapped to the tool's file and line.

#include "fixture.h"
#include "run/entrybundler.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace tw::engine;
using tw::test::readFile;
using tw::test::writeFile;

class TestEntryBundler final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    int m_runs = 0;

    struct Bundled
    {
        BundleResult result;
        QString outDir;
    };

    Bundled bundle(const QString &entry, const QString &sandboxEntry = QStringLiteral("/officer/tools/t/index.ts"))
    {
        Bundled b;
        b.outDir = m_tmp.path() + QStringLiteral("/out%1").arg(++m_runs);
        QDir().mkpath(b.outDir);
        b.result = bundleEntry(entry, b.outDir, sandboxEntry);
        return b;
    }

    // Imports the bundle in Node and prints what `execute` returns, as JSON.
    static QByteArray runInNode(const QString &module)
    {
        QProcess node;
        node.start(QStringLiteral("node"),
                   {QStringLiteral("--input-type=module"), QStringLiteral("-e"),
                    QStringLiteral("const m = await import(process.argv[1]); "
                                   "process.stdout.write(JSON.stringify(await m.execute('id', {name: 'Ada'})));"),
                    QUrl::fromLocalFile(module).toString()});
        if (!node.waitForFinished(60000))
            return "node did not finish";
        return node.exitCode() == 0 ? node.readAllStandardOutput() : "node failed: " + node.readAllStandardError();
    }

private Q_SLOTS:
    void initTestCase()
    {
        // DESIGN.md "Tests": a missing component fails, it does not skip.
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("esbuild")).isEmpty(), "esbuild is not installed");
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty(), "bubblewrap is not installed");
    }

    void bundlesLocalImportsIntoOneModule()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/t");
        writeFile(dir + QStringLiteral("/index.ts"),
                  "import { greet } from './lib/greet';\n"
                  "import { join } from 'node:path';\n"
                  "export async function execute(_id: string, params: { name: string }) {\n"
                  "  const here: string = import.meta.url;\n"
                  "  return { content: [{ type: 'text', text: greet(params.name) }], here, sep: join('a', 'b') };\n"
                  "}\n");
        writeFile(dir + QStringLiteral("/lib/greet.ts"), "export const greet = (n: string): string => `Hello, ${n}!`;\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.ts"));
        QVERIFY2(b.result.ok(), qPrintable(formatDiagnostic(b.result.diagnostic)));
        QCOMPARE(b.result.outputPath, b.outDir + QStringLiteral("/entry.mjs"));
        const QByteArray js = readFile(b.result.outputPath);
        QVERIFY2(js.contains("Hello, "), js.constData());            // the helper is inside
        QVERIFY2(!js.contains("./lib/greet"), js.constData());       // not imported at run time
        QVERIFY2(js.contains("from \"node:path\""), js.constData()); // built-ins stay imports
        QVERIFY2(!js.contains(": string"), js.constData());          // TypeScript is gone
        QCOMPARE(QDir(b.outDir).entryList(QDir::Files), QStringList{QStringLiteral("entry.mjs")});

        const QJsonObject result = QJsonDocument::fromJson(runInNode(b.result.outputPath)).object();
        QCOMPARE(result[QStringLiteral("content")][0][QStringLiteral("text")].toString(), QStringLiteral("Hello, Ada!"));
        QCOMPARE(result[QStringLiteral("sep")].toString(), QStringLiteral("a/b"));
        // import.meta.url is the entry where the sandbox mounts it, so bin/ helpers resolve there.
        QCOMPARE(result[QStringLiteral("here")].toString(), QStringLiteral("file:///officer/tools/t/index.ts"));
    }

    // A user tool's sandbox path, with characters a URL must escape.
    void importMetaUrlIsEscaped()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/esc");
        writeFile(dir + QStringLiteral("/index.js"), "export async function execute() { return { url: import.meta.url }; }\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.js"), QStringLiteral("/officer/user/tools/my tool#1/index.js"));
        QVERIFY2(b.result.ok(), qPrintable(formatDiagnostic(b.result.diagnostic)));
        const QJsonObject result = QJsonDocument::fromJson(runInNode(b.result.outputPath)).object();
        QCOMPARE(result[QStringLiteral("url")].toString(), QStringLiteral("file:///officer/user/tools/my%20tool%231/index.js"));
        QCOMPARE(QUrl(result[QStringLiteral("url")].toString()).toLocalFile(), QStringLiteral("/officer/user/tools/my tool#1/index.js"));
    }

    // Packages are not bundled: the platform's container provides them (--packages=external).
    void packagesStayExternal()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/pkg");
        writeFile(dir + QStringLiteral("/index.js"),
                  "import yaml from 'yaml';\nexport async function execute() { return { content: [{ type: 'text', text: yaml.stringify(1) }] }; }\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.js"));
        QVERIFY2(b.result.ok(), qPrintable(formatDiagnostic(b.result.diagnostic)));
        QVERIFY(readFile(b.result.outputPath).contains("from \"yaml\""));
    }

    void syntaxErrorNamesFileAndLine()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/bad");
        writeFile(dir + QStringLiteral("/index.ts"), "export async function execute() {\n  return {\n    content: [\n  };\n}\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.ts"));
        QVERIFY(!b.result.ok());
        QVERIFY(b.result.outputPath.isEmpty());
        QCOMPARE(b.result.diagnostic.code, QStringLiteral("transpile-error"));
        QCOMPARE(b.result.diagnostic.severity, Severity::Error);
        QCOMPARE(b.result.diagnostic.file, dir + QStringLiteral("/index.ts"));
        QCOMPARE(b.result.diagnostic.line, 4);
        QVERIFY2(b.result.diagnostic.message.startsWith(QStringLiteral("esbuild: ")), qPrintable(b.result.diagnostic.message));
    }

    // An error in an imported file is reported at that file, not at the entry.
    void errorInAHelperNamesTheHelper()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/helper_bad");
        writeFile(dir + QStringLiteral("/index.ts"), "import { x } from './util';\nexport async function execute() { return x; }\n");
        writeFile(dir + QStringLiteral("/util.ts"), "// fine\n// fine\nexport const x = ;\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.ts"));
        QVERIFY(!b.result.ok());
        QCOMPARE(b.result.diagnostic.code, QStringLiteral("transpile-error"));
        QCOMPARE(b.result.diagnostic.file, QFileInfo(dir).canonicalFilePath() + QStringLiteral("/util.ts"));
        QCOMPARE(b.result.diagnostic.line, 3);
    }

    // A relative import that stays in the tool but names no file: an error of the tool's own
    // code, not an import from outside.
    void missingLocalImport()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/missing");
        writeFile(dir + QStringLiteral("/index.js"), "import './nope.js';\nexport async function execute() {}\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.js"));
        QVERIFY(!b.result.ok());
        QCOMPARE(b.result.diagnostic.code, QStringLiteral("transpile-error"));
        QCOMPARE(b.result.diagnostic.line, 1);
        QVERIFY2(b.result.diagnostic.message.contains(QStringLiteral("nope.js")), qPrintable(b.result.diagnostic.message));
    }

    // An import past the tool's directory is refused by name; the file's bytes never reach the bundle.
    void importOutsideTheTool()
    {
        writeFile(m_tmp.path() + QStringLiteral("/tools/secret.js"), "export const s = 'host-secret-4711';\n");
        const QString dir = m_tmp.path() + QStringLiteral("/tools/outside");
        writeFile(dir + QStringLiteral("/index.js"), "// reads a neighbour\nimport { s } from '../secret.js';\nexport async function execute() { return s; }\n");
        const Bundled b = bundle(dir + QStringLiteral("/index.js"));
        QVERIFY(!b.result.ok());
        QCOMPARE(b.result.diagnostic.code, QStringLiteral("import-outside-tool"));
        QCOMPARE(b.result.diagnostic.file, dir + QStringLiteral("/index.js"));
        QCOMPARE(b.result.diagnostic.line, 2);
        QVERIFY(b.result.diagnostic.message.contains(QStringLiteral("'../secret.js'")));
        QVERIFY(!QFileInfo::exists(b.outDir + QStringLiteral("/entry.mjs")));
    }

    // Without esbuild (or bubblewrap) on PATH: a clear error, no bundle.
    void esbuildMissing()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/tools/noesbuild");
        writeFile(dir + QStringLiteral("/index.js"), "export async function execute() {}\n");
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(m_tmp.path() + QStringLiteral("/empty-bin")));
        const Bundled b = bundle(dir + QStringLiteral("/index.js"));
        qputenv("PATH", path);
        QVERIFY(!b.result.ok());
        QCOMPARE(b.result.diagnostic.code, QStringLiteral("esbuild-missing"));
        QCOMPARE(b.result.diagnostic.file, dir + QStringLiteral("/index.js"));
    }
};

QTEST_GUILESS_MAIN(TestEntryBundler)
#include "tst_entrybundler.moc"
