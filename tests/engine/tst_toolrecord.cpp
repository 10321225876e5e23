// A discovered tool directory as a value: the scope names of the CLI's JSON, the entry's file
// name, and an equality that sees every field (the scan cache tests compare records with it, so
// a field it missed would let a stale record pass as fresh).

#include "catalog/locationscanner.h"
#include "fixture.h"
#include "toolmd/toolrecord.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace tw::engine;

class TestToolRecord final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // DESIGN.md T: "scope":"global"|"user".
    void scopeNames()
    {
        QCOMPARE(scopeName(Scope::Global), QStringLiteral("global"));
        QCOMPARE(scopeName(Scope::User), QStringLiteral("user"));
    }

    void entryName_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("entryPath");
        QTest::newRow("ts") << QStringLiteral("index.ts") << QStringLiteral("index.ts") << QStringLiteral("/d/tools/t/index.ts");
        QTest::newRow("js") << QStringLiteral("index.js") << QStringLiteral("index.js") << QStringLiteral("/d/tools/t/index.js");
        QTest::newRow("none") << QString() << QString() << QString();
        QTest::newRow("not an entry") << QStringLiteral("main.ts") << QString() << QString();
    }
    // The paths are made from the directory: TOOL.md's always, the entry's when there is one.
    void entryName()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, name);
        QFETCH(QString, entryPath);
        ToolRecord t;
        t.dir = QStringLiteral("/d/tools/t");
        t.setEntryName(fileName);
        QCOMPARE(t.entryName(), name);
        QCOMPARE(t.entryPath(), entryPath);
        QCOMPARE(t.toolMdPath(), QStringLiteral("/d/tools/t/TOOL.md"));
    }

    // What the scanner fills in, for a user tool that loses to a later duplicate.
    void scannedRecord()
    {
        QTemporaryDir tmp;
        const QString root = tmp.path() + QStringLiteral("/u@x/tools");
        tw::test::makeTool(root, QStringLiteral("b_dir"), tw::test::toolMd("same"), tw::test::kGoodEntry, QStringLiteral("index.js"));
        tw::test::makeTool(root, QStringLiteral("c_dir"), tw::test::toolMd("same"));
        const LocationScan scan = scanLocation(root, Scope::User, QStringLiteral("u@x"));
        QVERIFY(scan.exists);
        QCOMPARE(scan.scope, Scope::User);
        QCOMPARE(scan.user, QStringLiteral("u@x"));
        QCOMPARE(scan.tools.size(), 2);
        const ToolRecord &t = scan.tools[0];
        const QString dir = root + QStringLiteral("/b_dir");
        QCOMPARE(t.dir, dir);
        QCOMPARE(t.dirName, QStringLiteral("b_dir"));
        QCOMPARE(t.toolMdPath(), dir + QStringLiteral("/TOOL.md"));
        QCOMPARE(t.entryPath(), dir + QStringLiteral("/index.js"));
        QCOMPARE(t.entryName(), QStringLiteral("index.js"));
        QCOMPARE(t.body, QByteArray("\n# same\n\nBody.\n")); // byte for byte, not trimmed
        QCOMPARE(t.files, (QStringList{QStringLiteral("TOOL.md"), QStringLiteral("index.js")}));
        QCOMPARE(t.shadowedBy, scan.tools[1].dir);
        QVERIFY(scan.tools[1].shadowedBy.isEmpty());
    }

    void equalitySeesEveryField()
    {
        ToolRecord base;
        base.manifest.name = QStringLiteral("t");
        base.dir = QStringLiteral("/d/tools/t");
        base.diagnostics = {{QStringLiteral("body-empty"), Severity::Warning, QStringLiteral("m"), QStringLiteral("/f"), 1}};
        QCOMPARE(base, base);
        const QList<std::function<void(ToolRecord &)>> edits = {
            [](ToolRecord &t) { t.manifest.version = 2; },
            [](ToolRecord &t) { t.scope = Scope::User; },
            [](ToolRecord &t) { t.user = QStringLiteral("u@x"); },
            [](ToolRecord &t) { t.dir = QStringLiteral("/d/tools/u"); },
            [](ToolRecord &t) { t.dirName = QStringLiteral("t"); },
            [](ToolRecord &t) { t.entry = ToolRecord::Entry::Js; },
            [](ToolRecord &t) { t.body = "# T\n"; },
            [](ToolRecord &t) { t.bodyLine = 5; },
            [](ToolRecord &t) { t.files = {QStringLiteral("bin/")}; },
            [](ToolRecord &t) { t.diagnostics[0].line = 2; },
            [](ToolRecord &t) { t.shadowedBy = QStringLiteral("/d/tools/v"); },
            [](ToolRecord &t) { t.bodyElsewhere = true; },
            [](ToolRecord &t) { t.inputsElsewhere = true; },
        };
        for (qsizetype i = 0; i < edits.size(); ++i) {
            ToolRecord changed = base;
            edits[i](changed);
            QVERIFY2(!(changed == base), qPrintable(QStringLiteral("edit %1 is not seen by ==").arg(i)));
        }

        SkippedDir skip{QStringLiteral("/d/tools/s"), QStringLiteral("s"), QStringLiteral("missing-entry"), {}, {}};
        QCOMPARE(skip, skip);
        const QList<std::function<void(SkippedDir &)>> skipEdits = {
            [](SkippedDir &s) { s.dir = QStringLiteral("/d/tools/r"); },
            [](SkippedDir &s) { s.dirName = QStringLiteral("r"); },
            [](SkippedDir &s) { s.reason = QStringLiteral("missing-tool-md"); },
            [](SkippedDir &s) { s.diagnostics = {{}}; },
            [](SkippedDir &s) { s.files = {QStringLiteral("TOOL.md")}; },
        };
        for (qsizetype i = 0; i < skipEdits.size(); ++i) {
            SkippedDir changed = skip;
            skipEdits[i](changed);
            QVERIFY2(!(changed == skip), qPrintable(QStringLiteral("skipped edit %1 is not seen by ==").arg(i)));
        }
    }
};

QTEST_GUILESS_MAIN(TestToolRecord)
#include "tst_toolrecord.moc"
