// Field-by-field summaries of how a user's frontmatter differs from the global one.

#include "catalog/manifestdiff.h"
#include "toolmd/toolmdreader.h"

#include <QTest>

using namespace tw::engine;

namespace {

ToolManifest manifest(const QByteArray &frontmatter)
{
    const ToolMdParse p = parseToolMd("---\n" + frontmatter + "---\nbody\n", QStringLiteral("T"));
    return p.manifest.value_or(ToolManifest{});
}

} // namespace

class TestManifestDiff final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void summaries_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QStringList>("expected");
        const QByteArray base = "name: t\ndescription: Does t.\nversion: 3\ninputs:\n  q:\n    type: string\n    description: Query.\n";
        QTest::newRow("identical") << base << base << QStringList();
        QTest::newRow("version-down-input-added-description")
            << base
            << QByteArray("name: t\ndescription: Does t better.\nversion: 1\ninputs:\n  q:\n    type: string\n"
                          "    description: Query.\n  api_key:\n    type: string\n    description: Key.\n    sensitive: true\n")
            << QStringList{QStringLiteral("version 3 → 1"), QStringLiteral("description changed"),
                           QStringLiteral("inputs: +api_key")};
        QTest::newRow("input-removed-and-changed")
            << QByteArray(base + "  n:\n    type: number\n    description: N.\n")
            << QByteArray("name: t\ndescription: Does t.\nversion: 3\ninputs:\n  q:\n    type: enum\n    values: a,b\n"
                          "    description: Query.\n    optional: true\n")
            << QStringList{QStringLiteral("inputs: ~q (type string → enum, now optional, values none → a,b), −n")};
        QTest::newRow("label-language")
            << base << QByteArray(base).replace("version: 3\n", "version: 3\nlabel: T!\nlanguage: bash\n")
            << QStringList{QStringLiteral("label “t” → “T!”"), QStringLiteral("language typescript → bash")};
        QTest::newRow("reordered")
            << QByteArray(base + "  n:\n    type: number\n    description: N.\n")
            << QByteArray("name: t\ndescription: Does t.\nversion: 3\ninputs:\n  n:\n    type: number\n    description: N.\n"
                          "  q:\n    type: string\n    description: Query.\n")
            << QStringList{QStringLiteral("inputs: reordered")};
        QTest::newRow("default-changed")
            << QByteArray(base + "    default: x\n") << QByteArray(base + "    default: y\n")
            << QStringList{QStringLiteral("inputs: ~q (default \"x\" → \"y\")")};
    }
    void summaries()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QStringList, expected);
        QCOMPARE(summarizeManifestChanges(manifest(from), manifest(to)), expected);
    }
};

QTEST_GUILESS_MAIN(TestManifestDiff)
#include "tst_manifestdiff.moc"
