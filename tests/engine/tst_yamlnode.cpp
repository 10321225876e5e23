// The fast frontmatter reader against yaml-cpp: the frontmatter it takes must give exactly
// yaml-cpp's tree (kinds, scalars, tags, styles, marks), and what it leaves must be left, not
// guessed. The fuzz_yamlnode target runs the same comparison on mutated input.

#include "toolmd/yamlnode.h"
#include "testpaths.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <yaml-cpp/yaml.h>

using namespace tw::engine;

namespace {

const std::string kSentinel = "__toolwright_end_of_frontmatter__";

// yaml-cpp's tree of `text` the way the TOOL.md reader asks for it (a sentinel line after it).
YamlNode slowTree(const std::string &text)
{
    YAML::Node root = YAML::Load(text + "\n" + kSentinel + ": 0\n");
    root.remove(kSentinel);
    return toYamlNode(root);
}

std::string frontmatterOf(const QString &toolMd)
{
    QFile f(toolMd);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.readAll();
    const qsizetype close = bytes.indexOf("\n---\n", 3);
    return bytes.startsWith("---\n") && close > 0 ? bytes.mid(4, close - 3).toStdString() : std::string();
}

} // namespace

class TestYamlNode final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameTreeAsYamlCpp_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::newRow("scalars") << QStringLiteral("name: a\nversion: 3\nlabel: A b c\n");
        QTest::newRow("comments") << QStringLiteral("# top\nname: a # trailing\n\n  # indented\nversion: 1\n");
        QTest::newRow("quoted") << QStringLiteral("a: \"x: y # z\"\nb: 'it is'\nc: \"\"\n");
        QTest::newRow("nested") << QStringLiteral("inputs:\n  q:\n    type: string\n    optional: true\n  n:\n    type: number\n");
        QTest::newRow("null-values") << QStringLiteral("a:\nb:\n  c:\nd: 1\ne:\n");
        QTest::newRow("null-words") << QStringLiteral("a: null\nb: ~\nNULL: x\n");
        QTest::newRow("flow-sequence") << QStringLiteral("values: [fast, balanced, thorough]\nempty: []\nspaced: [ a b , c ]\n");
        QTest::newRow("block-sequence") << QStringLiteral("values:\n  - one\n  - 'two'\nnext: 1\n");
        QTest::newRow("compact-sequence") << QStringLiteral("values:\n- one\n- two\nnext: 1\n");
        QTest::newRow("urls-and-colons") << QStringLiteral("home: https://example.com/a#b\ntime: 12:30\n");
        QTest::newRow("non-ascii") << QStringLiteral("description: Grüße → überall\nlabel: 日本\n");
        QTest::newRow("dash-values") << QStringLiteral("a: -5\nb: -x\n");
        QTest::newRow("deep-null-then-outdent") << QStringLiteral("a:\n  b:\n    c:\nd: 1\n");
    }
    void sameTreeAsYamlCpp()
    {
        QFETCH(QString, yaml);
        const std::string text = yaml.toStdString();
        const std::optional<YamlNode> fast = readSimpleYaml(text);
        QVERIFY2(fast, "the fast reader should take this frontmatter");
        QVERIFY(*fast == slowTree(text));
    }

    // Outside the subset the fast reader answers nothing, and yaml-cpp decides.
    void leavesTheRestToYamlCpp_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::newRow("block-scalar") << QStringLiteral("description: |\n  two\n  lines\n");
        QTest::newRow("folded-plain") << QStringLiteral("description: one\n  two\n");
        QTest::newRow("anchor") << QStringLiteral("a: &x 1\nb: *x\n");
        QTest::newRow("tag") << QStringLiteral("a: !!str 1\n");
        QTest::newRow("flow-map") << QStringLiteral("a: {b: 1}\n");
        QTest::newRow("escape") << QStringLiteral("a: \"tab\\there\"\n");
        QTest::newRow("doubled-quote") << QStringLiteral("a: 'it''s'\n");
        QTest::newRow("open-quote") << QStringLiteral("a: \"open\n");
        QTest::newRow("tab") << QStringLiteral("a:\tb\n");
        QTest::newRow("bare-word") << QStringLiteral("name: a\nstray\n");
        QTest::newRow("second-value") << QStringLiteral("a: b: c\n");
        QTest::newRow("indented-root") << QStringLiteral("  a: 1\n");
        QTest::newRow("sequence-root") << QStringLiteral("- a\n");
        QTest::newRow("map-in-sequence") << QStringLiteral("a:\n  - b: 1\n");
        QTest::newRow("trailing-comma") << QStringLiteral("a: [x, y,]\n");
        QTest::newRow("control-character") << QStringLiteral("a: b\x01\n");
        QTest::newRow("only-comments") << QStringLiteral("# nothing\n");
        QTest::newRow("key-over-1024") << QString(QString(1100, u'k') + QStringLiteral(": v\n"));
        // fuzz_yamlnode: a document marker is no key (yaml-cpp ends the document there).
        QTest::newRow("document-end-marker") << QStringLiteral("... -:\n");
        QTest::newRow("document-end-alone") << QStringLiteral("a: 1\n...\n");
        QTest::newRow("document-start-marker") << QStringLiteral("a: 1\n--- b:\n");
    }
    void leavesTheRestToYamlCpp()
    {
        QFETCH(QString, yaml);
        QVERIFY(!readSimpleYaml(yaml.toStdString()));
    }

    // The frontmatter of every TOOL.md in the repository: the fast reader takes the typical ones
    // (the seed tools), and where it answers it agrees with yaml-cpp.
    void repositoryToolsAgree()
    {
        int taken = 0, total = 0;
        for (const char *root : {"/seed/tools", "/tests/fixtures", "/resources/templates"}) {
            QDirIterator it(TW_SOURCE_DIR + QLatin1StringView(root), {QStringLiteral("TOOL.md")},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const std::string text = frontmatterOf(path);
                if (text.empty())
                    continue;
                ++total;
                const std::optional<YamlNode> fast = readSimpleYaml(text);
                if (!fast)
                    continue;
                ++taken;
                try {
                    QVERIFY2(*fast == slowTree(text), qPrintable(path));
                } catch (const YAML::Exception &e) {
                    QFAIL(qPrintable(path + QStringLiteral(": taken by the fast reader, rejected by yaml-cpp: ")
                                     + QString::fromStdString(e.what())));
                }
            }
        }
        qInfo("%d of %d frontmatters took the fast reader", taken, total);
        QVERIFY(total > 20);
        QVERIFY(taken > total / 2);
        for (const char *seed : {"countdown", "hello", "json_format", "text_stats"}) {
            const QString path = QString(TW_SOURCE_DIR + QStringLiteral("/seed/tools/")) + QLatin1StringView(seed) + QStringLiteral("/TOOL.md");
            QVERIFY2(readSimpleYaml(frontmatterOf(path)), seed);
        }
    }
};

QTEST_GUILESS_MAIN(TestYamlNode)
#include "tst_yamlnode.moc"
