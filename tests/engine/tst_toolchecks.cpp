// The checks that need more than TOOL.md (engine/catalog/toolchecks.h), called on their own as
// the editor or a server would: which top-level names are unnecessary or look like credentials,
// and which inputs execute never reads or reads undeclared. tst_locationscanner and tst_lint
// see the same findings through the scan and `toolwright lint`.

#include "catalog/toolchecks.h"
#include "toolmd/toolmdreader.h"

#include <QTest>

using namespace tw::engine;

namespace {

QStringList codes(const Diagnostics &ds)
{
    QStringList c;
    for (const Diagnostic &d : ds)
        c << d.code;
    return c;
}

ToolManifest manifest(const QByteArray &inputs)
{
    const ToolMdParse parse = parseToolMd("---\nname: t\ndescription: d\nversion: 1\n" + inputs + "---\n", QStringLiteral("/t/TOOL.md"));
    return parse.manifest.value_or(ToolManifest{});
}

const QByteArray kTwoInputs = "inputs:\n  used:\n    type: string\n    description: u\n  unused:\n    type: string\n"
                              "    description: v\n";

} // namespace

class TestToolChecks final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // TOOLS.md "Unnecessary files": one top-level entry each.
    void bundleEntry_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("isDir");
        QTest::addColumn<QStringList>("expected");
        const QStringList none;
        const QStringList unnecessary{QStringLiteral("unnecessary-file")};
        const QStringList secret{QStringLiteral("secret-file-bundled")};
        QTest::newRow("package.json") << QStringLiteral("package.json") << false << unnecessary;
        QTest::newRow("package-lock.json") << QStringLiteral("package-lock.json") << false << unnecessary;
        QTest::newRow("tsconfig.json") << QStringLiteral("tsconfig.json") << false << unnecessary;
        QTest::newRow("yarn.lock") << QStringLiteral("yarn.lock") << false << unnecessary;
        QTest::newRow("pnpm-lock.yaml") << QStringLiteral("pnpm-lock.yaml") << false << unnecessary;
        QTest::newRow("node_modules/") << QStringLiteral("node_modules") << true << unnecessary;
        QTest::newRow("test/") << QStringLiteral("test") << true << unnecessary;
        QTest::newRow("tests/") << QStringLiteral("tests") << true << unnecessary;
        QTest::newRow("__tests__/") << QStringLiteral("__tests__") << true << unnecessary;
        QTest::newRow("spec/") << QStringLiteral("spec") << true << unnecessary;
        QTest::newRow("a directory named package.json") << QStringLiteral("package.json") << true << none;
        QTest::newRow("a file named tests") << QStringLiteral("tests") << false << none;
        QTest::newRow("bin/") << QStringLiteral("bin") << true << none;
        QTest::newRow("README.md") << QStringLiteral("README.md") << false << none;
        QTest::newRow("interrupted save of TOOL.md") << QStringLiteral("TOOL.md.Ab12cD") << false << unnecessary;
        QTest::newRow("interrupted save of index.ts") << QStringLiteral("index.ts.x1Y2z3") << false << unnecessary;
        QTest::newRow("interrupted save of index.js") << QStringLiteral("index.js.000000") << false << unnecessary;
        QTest::newRow("TOOL.md.bak") << QStringLiteral("TOOL.md.bak") << false << none;
        QTest::newRow("index.ts.x") << QStringLiteral("index.ts.x") << false << none;
        QTest::newRow("suffix not alphanumeric") << QStringLiteral("TOOL.md.Ab-2cD") << false << none;
        QTest::newRow("README.md.Ab12cD") << QStringLiteral("README.md.Ab12cD") << false << none;
        QTest::newRow(".env") << QStringLiteral(".env") << false << secret;
        QTest::newRow(".env.local") << QStringLiteral(".env.local") << false << secret;
        QTest::newRow(".env.example") << QStringLiteral(".env.example") << false << none;
        QTest::newRow(".env.sample") << QStringLiteral(".env.sample") << false << none;
        QTest::newRow("credentials.json") << QStringLiteral("credentials.json") << false << secret;
        QTest::newRow("id_ed25519") << QStringLiteral("id_ed25519") << false << secret;
        QTest::newRow(".npmrc") << QStringLiteral(".npmrc") << false << secret;
        QTest::newRow("token.json") << QStringLiteral("token.json") << false << secret;
        QTest::newRow("server.pem") << QStringLiteral("server.pem") << false << secret;
        QTest::newRow("store.jks") << QStringLiteral("store.jks") << false << secret;
        QTest::newRow("a directory named .env") << QStringLiteral(".env") << true << none;
    }
    void bundleEntry()
    {
        QFETCH(QString, name);
        QFETCH(bool, isDir);
        QFETCH(QStringList, expected);
        DirEntry e;
        e.name = name;
        e.rawName = name.toUtf8();
        e.isDir = isDir;
        const Diagnostics ds = checkBundle({e}, QStringLiteral("/data/tools/t"));
        QCOMPARE(codes(ds), expected);
        for (const Diagnostic &d : ds) {
            QCOMPARE(d.file, QStringLiteral("/data/tools/t/") + name);
            QCOMPARE(d.line, 0);
            QCOMPARE(d.severity, d.code == u"secret-file-bundled" ? Severity::Warning : Severity::Info);
            QVERIFY2(d.message.startsWith(isDir ? name + u'/' : name), qPrintable(d.message));
        }
    }

    // The findings come in the entries' order (the order the lint prints).
    void bundleKeepsTheEntriesOrder()
    {
        QList<DirEntry> entries;
        for (const char *name : {".env", "node_modules", "package.json", "server.key"}) {
            DirEntry e;
            e.name = QLatin1StringView(name);
            e.isDir = e.name == u"node_modules";
            entries << e;
        }
        const Diagnostics ds = checkBundle(entries, QStringLiteral("/t"));
        QCOMPARE(codes(ds), (QStringList{QStringLiteral("secret-file-bundled"), QStringLiteral("unnecessary-file"),
                                         QStringLiteral("unnecessary-file"), QStringLiteral("secret-file-bundled")}));
        QCOMPARE(ds[1].message, QStringLiteral("node_modules/ is not needed: the tool-loader reads only TOOL.md and the entry file"));
        QCOMPARE(ds[3].file, QStringLiteral("/t/server.key"));
    }

    // inputs-unused / param-undeclared: what TOOL.md declares against what execute reads.
    void params_data()
    {
        QTest::addColumn<QByteArray>("inputs");
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QStringList>("expected"); // "code:file:line"
        QTest::newRow("declared and read") << QByteArray("inputs:\n  used:\n    type: string\n    description: u\n")
                                           << QByteArray("export async function execute(id, params) {\n  return params.used;\n}\n")
                                           << QStringList();
        QTest::newRow("one unused, one undeclared")
            << kTwoInputs
            << QByteArray("export async function execute(id, params) {\n  try {\n    return ok(params.used + params.extra);\n"
                          "  } catch (e) {\n    return err(e);\n  }\n}\n")
            << QStringList{QStringLiteral("inputs-unused:/t/TOOL.md:9"), QStringLiteral("param-undeclared:/t/index.ts:3")};
        QTest::newRow("undeclared read twice: once, at the first read")
            << QByteArray()
            << QByteArray("export async function execute(id, params) {\n  const a = params.extra;\n  return a + params.extra;\n}\n")
            << QStringList{QStringLiteral("param-undeclared:/t/index.ts:2")};
        QTest::newRow("params passed on whole: not analysable")
            << kTwoInputs << QByteArray("export async function execute(id, params) {\n  return run(params);\n}\n")
            << QStringList();
    }
    void params()
    {
        QFETCH(QByteArray, inputs);
        QFETCH(QByteArray, entry);
        QFETCH(QStringList, expected);
        const ToolManifest m = manifest(inputs);
        QCOMPARE(m.name, QStringLiteral("t"));
        const EntryScan scan = scanEntry(entry, QStringLiteral("/t/index.ts"));
        QStringList found;
        for (const Diagnostic &d : checkParams(m, scan, QStringLiteral("/t/TOOL.md"), QStringLiteral("/t/index.ts"))) {
            QCOMPARE(d.severity, Severity::Warning);
            found << d.code + u':' + d.file + u':' + QString::number(d.line);
        }
        QCOMPARE(found, expected);
    }
};

QTEST_GUILESS_MAIN(TestToolChecks)
#include "tst_toolchecks.moc"
