// The frontmatter read as the platform reads it (engine/toolmd/platformyaml.h): one row per class
// of difference yaml-cpp had with the `yaml` package 2.9.1 behind pi 0.73.1's parseFrontmatter,
// each checked against the package (tests/reference; tst_platformreading runs the whole suite).

#include "toolmd/platformyaml.h"
#include "toolmd/toolmdreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tw::engine;

class TestPlatformYaml final : public QObject
{
    Q_OBJECT

private:
    static ToolMdParse parse(const QByteArray &frontmatter)
    {
        return parseToolMd("---\nname: a\n" + frontmatter + "---\nbody\n", QStringLiteral("TOOL.md"));
    }
    static QByteArray json(const QJsonValue &v)
    {
        return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    }

private Q_SLOTS:
    // What the platform's parser throws on (the tool is skipped there), Toolwright skips too,
    // with the parser's reason and the line.
    void platformSkips_data()
    {
        QTest::addColumn<QByteArray>("frontmatter"); // after `---\nname: a\n`
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("line");
        auto row = [](const char *tag, const QByteArray &fm, const char *reason, int line) {
            QTest::newRow(tag) << fm << QString::fromUtf8(reason) << line;
        };
        row("comment-not-after-space", "description: \"d\"#c\nversion: 1\n",
            "Comments must be separated from other tokens by white space characters", 3);
        // From the YAML test suite: G5U8, G9HC, 9C9N, H7J7.
        row("block-collection-in-flow", "description: d\nx: [-, -]\n", "", 4);
        row("sequence-item-mis-indented", "description: d\nx:\n&anchor\n- p\n- q\nversion: 1\n", "", 5);
        row("flow-sequence-not-indented", "description: d\nx: [a,\nb]\n", "", 5);
        row("mapping-items-mis-indented", "description: d\nx: &y\n!!map\n  a: b\n", "", 5);
        row("block-scalar-over-indented-leading-empty-line", "description: |\n     \n  text\nversion: 1\n",
            "Block scalars with more-indented leading empty lines must use an explicit indentation indicator", 4);
        // Found by fuzz_frontmatter: libfyaml reads the line below `label:` as its value.
        row("value-below-its-key-not-indented", "label:\nA\n# c\n", "Implicit map keys need to be followed by map values", 4);
        row("quote-never-closed", "description: \"d\nversion: 1\n", "a quoted string is never closed", 3);
        row("duplicate-key-by-value", "description: d\n1: x\n01: y\n", "Map keys must be unique", 5);
        row("duplicate-key-quoted-and-explicit", "description: d\n? \"x\"\n: 1\nx: 2\n", "Map keys must be unique", 6);
        row("several-documents", "description: d\n...\nx: 1\n", "Source contains multiple documents", 5);
        row("alias-without-anchor", "description: *d\n", "Unresolved alias", 3);
        row("timestamp-not-a-date", "description: d\nx: !!timestamp soon\n", "!!timestamp expects a date", 4);
        // Found by fuzz_frontmatter: libfyaml reads `version: :` as a mapping {null: null}.
        row("compact-nested-mapping-empty", "description: d\nversion: :\n", "Nested mappings are not allowed in compact mappings", 4);
        row("compact-nested-mapping", "description: d\nx: : b\n", "Nested mappings are not allowed in compact mappings", 4);
        // Found by fuzz_frontmatter: libfyaml goes on with a plain scalar over a line a tab indents
        // no further than the collection's column; the `yaml` package refuses the tab.
        row("plain-continuation-tab-indented", "description: d\nx: a\n\tb\n", "Tabs are not allowed as indentation", 5);
        row("plain-continuation-tab-after-blank", "description: d\nx: a\n\n\t b\n", "Tabs are not allowed as indentation", 6);
        row("plain-continuation-tab-in-sequence", "description: d\nl:\n  - a\n  \tb\n", "Tabs are not allowed as indentation", 6);
        row("plain-continuation-tab-in-nested-map", "description: d\nm:\n  k: a\n  \tb\n", "Tabs are not allowed as indentation", 6);
    }
    void platformSkips()
    {
        QFETCH(QByteArray, frontmatter);
        QFETCH(QString, reason);
        QFETCH(int, line);
        const ToolMdParse p = parse(frontmatter);
        QVERIFY2(!p.manifest, "the platform does not load this tool");
        QCOMPARE(p.diagnostics.size(), 1);
        const Diagnostic &d = p.diagnostics.first();
        QCOMPARE(d.code, QStringLiteral("yaml-syntax"));
        QCOMPARE(d.severity, Severity::Skip);
        QVERIFY2(d.message.contains(reason), qPrintable(d.message));
        QCOMPARE(d.line, line);
    }

    // What the platform loads, Toolwright loads, to the same values (the input's default here,
    // JSON as the platform's loader holds it).
    void platformValues_data()
    {
        QTest::addColumn<QByteArray>("yaml"); // the default's node, indented under `default:`
        QTest::addColumn<QByteArray>("expected");
        auto row = [](const char *tag, const QByteArray &yaml, const QByteArray &expected) {
            QTest::newRow(tag) << yaml << expected;
        };
        row("explicit-key", "\n      ? a\n      : 1\n", R"([{"a":1}])");
        row("flow-map-as-key", "\n      {a: 1}: x\n", R"([{"{ a: 1 }":"x"}])");
        row("sequence-as-key-with-anchor", "\n      [a, &b b]: x\n", R"([{"[ a, &b b ]":"x"}])");
        row("number-keys-as-javascript-writes-them", "\n      1.0: a\n      0x10: b\n      .inf: c\n      ~: d\n",
            R"([{"":"d","1":"a","16":"b","Infinity":"c"}])");
        row("anchor-and-alias", "\n      a: &x [1, 2]\n      b: *x\n", R"([{"a":[1,2],"b":[1,2]}])");
        row("merge-key-is-a-plain-key-in-yaml-1.2", "\n      a: &x {p: 1}\n      <<: *x\n",
            R"([{"<<":{"p":1},"a":{"p":1}}])");
        row("multi-line-plain-scalar-in-flow", " [a\n      b, c]\n", R"([["a b","c"]])");
        // A tab after more spaces than the collection's column separates; the scalar goes on.
        row("plain-continuation-tab-past-the-column", "\n      a: x\n       \ty\n", R"([{"a":"x y"}])");
        // The platform's YAML ends before the line break ahead of the closing fence.
        row("keep-chomping-at-the-end", " |+\n      text\n\n\n", R"(["text\n\n"])");
        row("keep-chomping-before-the-fence", " |+\n      text\n", R"(["text\n"])");
        row("tag-str", " !!str 12\n", R"(["12"])");
        row("tag-int-applies-to-quoted", " !!int \"0x10\"\n", R"([16])");
        row("tag-float-needs-a-float", " !!float 1\n", R"(["1"])");
        row("unknown-tag-is-a-string", " !thing 12\n", R"(["12"])");
        row("binary-as-a-buffer", " !!binary aGk=\n", R"([{"data":[104,105],"type":"Buffer"}])");
        row("timestamp-as-a-date", " !!timestamp 2001-12-14 21:59:43.10 -5\n", R"(["2001-12-15T02:59:43.100Z"])");
        row("set-as-its-members", " !!set {a, b}\n", R"([["a","b"]])");
    }
    void platformValues()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, expected);
        const ToolMdParse p = parse("description: d\nversion: 1\ninputs:\n  q:\n    type: string\n    description: x\n"
                                    "    default:" + yaml);
        QVERIFY2(p.manifest, p.diagnostics.isEmpty() ? "" : qPrintable(p.diagnostics.first().message));
        QCOMPARE(p.manifest->inputs.size(), 1);
        QCOMPARE(json(p.manifest->inputs.first().defaultValue), expected);
    }

    // The tree keeps the marks the editor finds keys by: a block scalar at its indicator.
    void blockScalarIsMarkedAtItsIndicator()
    {
        YamlError error;
        const std::optional<YamlNode> root = readPlatformYaml("a: 1\nb: |  # note\n\n  text\n", &error);
        QVERIFY(root);
        QCOMPARE(root->mapSize(), size_t(2));
        QCOMPARE(root->value(1).line, 1);
        QCOMPARE(root->value(1).column, 3);
        QCOMPARE(root->value(1).scalar, std::string("\ntext\n"));
    }

    // A written `~` at the very start of the text is marked where it is, not moved to the next
    // token as an empty value is: `~:` then a mapping below is no compact mapping (the package
    // reads it; found by fuzz_yamlnode).
    void aNullKeyAtTheStartKeepsItsLine()
    {
        YamlError error;
        const std::optional<YamlNode> root = readPlatformYaml("~:\n  t: s\n", &error);
        QVERIFY2(root, error.message.c_str());
        QCOMPARE(root->mapSize(), size_t(1));
        QCOMPARE(root->key(0).line, 0);
        QVERIFY(root->value(0).isMap());
    }
};

QTEST_GUILESS_MAIN(TestPlatformYaml)
#include "tst_platformyaml.moc"
