// The registered frontmatter as a value: TOOLS.md's defaults, the input type names, lookup of
// an input, and an equality that sees every field (the editor's "modified" and the scan cache
// rely on it).

#include "toolmd/toolmanifest.h"
#include "toolmd/toolmdreader.h"

#include <QTest>

#include <functional>

using namespace tw::engine;

class TestToolManifest final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // TOOLS.md "Input Types": the names the CLI's JSON and the run form use.
    void inputTypeNames()
    {
        QCOMPARE(inputTypeName(InputType::String), QStringLiteral("string"));
        QCOMPARE(inputTypeName(InputType::Number), QStringLiteral("number"));
        QCOMPARE(inputTypeName(InputType::Boolean), QStringLiteral("boolean"));
        QCOMPARE(inputTypeName(InputType::Enum), QStringLiteral("enum"));
    }

    // TOOLS.md: version "If omitted, defaults to 0"; language typescript; an input is required
    // and has no default unless it says so.
    void defaults()
    {
        const ToolManifest m;
        QCOMPARE(m.version, 0);
        QVERIFY(!m.versionPresent);
        QCOMPARE(m.language, QStringLiteral("typescript"));
        QVERIFY(m.inputs.isEmpty());
        const InputSpec in;
        QCOMPARE(in.type, InputType::String);
        QVERIFY(!in.optional);
        QVERIFY(!in.sensitive);
        QVERIFY(!in.hasValues);
        QVERIFY(in.defaultValue.isUndefined());
    }

    // The reader fills the defaults the same way: label = name, version 0, typescript.
    void readerAppliesTheDefaults()
    {
        const ToolMdParse parse = parseToolMd("---\nname: t\ndescription: d\ninputs:\n  q:\n    description: the query\n---\n\n# T\n",
                                              QStringLiteral("/x/TOOL.md"));
        QVERIFY(parse.manifest);
        QCOMPARE(parse.manifest->label, QStringLiteral("t"));
        QCOMPARE(parse.manifest->version, 0);
        QVERIFY(!parse.manifest->versionPresent);
        QCOMPARE(parse.manifest->language, QStringLiteral("typescript"));
        QCOMPARE(parse.manifest->inputs.size(), 1);
        QCOMPARE(parse.manifest->inputs[0].type, InputType::String);
        QVERIFY(!parse.manifest->inputs[0].optional);
    }

    void inputLookup()
    {
        ToolManifest m;
        for (const char *name : {"query", "limit", "mode"}) {
            InputSpec in;
            in.name = QLatin1StringView(name);
            in.line = int(m.inputs.size()) + 5;
            m.inputs.append(in);
        }
        QVERIFY(m.input(QStringLiteral("limit")));
        QCOMPARE(m.input(QStringLiteral("limit")), &m.inputs[1]); // the spec itself, not a copy
        QCOMPARE(m.input(QStringLiteral("mode"))->line, 7);
        QVERIFY(!m.input(QStringLiteral("Limit"))); // names are case-sensitive, as params keys
        QVERIFY(!m.input(QString()));
        QVERIFY(!ToolManifest().input(QStringLiteral("query")));
    }

    void equalitySeesEveryField()
    {
        InputSpec in;
        in.name = QStringLiteral("q");
        ToolManifest base;
        base.name = QStringLiteral("t");
        base.inputs = {in};
        QCOMPARE(base, base);
        const QList<std::function<void(ToolManifest &)>> edits = {
            [](ToolManifest &m) { m.name = QStringLiteral("u"); },
            [](ToolManifest &m) { m.label = QStringLiteral("T"); },
            [](ToolManifest &m) { m.description = QStringLiteral("d"); },
            [](ToolManifest &m) { m.version = 1; },
            [](ToolManifest &m) { m.versionPresent = true; },
            [](ToolManifest &m) { m.language = QStringLiteral("bash"); },
            [](ToolManifest &m) { m.unknownKeys = {QStringLiteral("extra")}; },
            [](ToolManifest &m) { m.versionLine = 4; },
            [](ToolManifest &m) { m.inputs.clear(); },
            [](ToolManifest &m) { m.inputs[0].type = InputType::Number; },
            [](ToolManifest &m) { m.inputs[0].declaredType = QStringLiteral("integer"); },
            [](ToolManifest &m) { m.inputs[0].description = QStringLiteral("d"); },
            [](ToolManifest &m) { m.inputs[0].optional = true; },
            [](ToolManifest &m) { m.inputs[0].optionalDeclared = true; },
            [](ToolManifest &m) { m.inputs[0].sensitive = true; },
            [](ToolManifest &m) { m.inputs[0].values = {QStringLiteral("a")}; },
            [](ToolManifest &m) { m.inputs[0].hasValues = true; },
            [](ToolManifest &m) { m.inputs[0].defaultValue = QJsonValue(QJsonValue::Null); }, // null is a default
            [](ToolManifest &m) { m.inputs[0].line = 9; },
        };
        for (qsizetype i = 0; i < edits.size(); ++i) {
            ToolManifest changed = base;
            edits[i](changed);
            QVERIFY2(!(changed == base), qPrintable(QStringLiteral("edit %1 is not seen by ==").arg(i)));
        }
    }
};

QTEST_GUILESS_MAIN(TestToolManifest)
#include "tst_toolmanifest.moc"
