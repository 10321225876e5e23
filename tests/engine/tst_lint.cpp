// `toolwright lint` as the engine decides it (engine/catalog/lint.h): how a path is read (a tool, a
// tools directory, a DATA_PATH), which skipped directories fail the lint, the counts, and the
// version rule against a git revision in a real repository.

#include "catalog/catalogjson.h"
#include "catalog/gitrevision.h"
#include "catalog/lint.h"
#include "fixture.h"

#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using namespace tw::engine;

namespace {

const QByteArray kToolMd = "---\nname: greet\ndescription: Greets.\nversion: 1\n---\n\n# Greet\n";

bool git(const QString &repo, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(repo);
    p.start(QStringLiteral("git"), QStringList{QStringLiteral("-c"), QStringLiteral("user.name=t"), QStringLiteral("-c"),
                                               QStringLiteral("user.email=t@x")} + args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QStringList codes(const ToolRecord &t)
{
    QStringList c;
    for (const Diagnostic &d : t.diagnostics)
        c << d.code;
    return c;
}

} // namespace

class TestLint final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void classifiesPaths()
    {
        QTemporaryDir tmp;
        test::makeTool(tmp.path() + QStringLiteral("/data/tools"), QStringLiteral("greet"), kToolMd);
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/users/alice@example.com/tools")));
        QCOMPARE(classifyLintPath(tmp.path() + QStringLiteral("/data/tools/greet")), LintPathKind::ToolDir);
        QCOMPARE(classifyLintPath(tmp.path() + QStringLiteral("/data/tools")), LintPathKind::ToolsDir);
        QCOMPARE(classifyLintPath(tmp.path() + QStringLiteral("/data")), LintPathKind::DataPath);
        QCOMPARE(classifyLintPath(tmp.path() + QStringLiteral("/users")), LintPathKind::DataPath); // user dirs alone
        // A folder with only an entry file is a tool directory (missing its TOOL.md).
        test::writeFile(tmp.path() + QStringLiteral("/half/index.ts"), "export async function execute() {}\n");
        QCOMPARE(classifyLintPath(tmp.path() + QStringLiteral("/half")), LintPathKind::ToolDir);
    }

    void countsAndFailingSkips()
    {
        QString error;
        const auto report = lintPaths({QString(TW_FIXTURES_DIR + QStringLiteral("/lint"))}, QString(), &error);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(report->tools.size(), 9);
        int errors = 0, warnings = 0;
        for (const ToolRecord &t : report->tools)
            for (const Diagnostic &d : t.diagnostics)
            {
                errors += d.severity == Severity::Error;
                warnings += d.severity == Severity::Warning;
            }
        QCOMPARE(report->errors, errors);
        QCOMPARE(report->warnings, warnings);
        QVERIFY(report->errors > 0);
        QVERIFY(!report->passed());

        // In a tools dir, a folder that is not an attempt at a tool (no TOOL.md, no entry) is
        // reported but passes; one with an entry and no TOOL.md fails the lint.
        QTemporaryDir tmp;
        test::makeTool(tmp.path(), QStringLiteral("greet"), kToolMd);
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/notes")));
        auto clean = lintPaths({tmp.path()}, QString(), &error);
        QVERIFY2(clean, qPrintable(error));
        QCOMPARE(clean->skipped.size(), 1);
        QVERIFY(!clean->skipped.first().fails);
        QVERIFY2(clean->passed(), qPrintable(codes(clean->tools.value(0)).join(u',')));
        test::writeFile(tmp.path() + QStringLiteral("/half/index.ts"), "export async function execute() {}\n");
        auto half = lintPaths({tmp.path()}, QString(), &error);
        QVERIFY(half);
        QCOMPARE(half->failingSkips, 1);
        QVERIFY(!half->passed());
        // The half tool named on its own was meant to be a tool: it fails.
        auto named = lintPaths({tmp.path() + QStringLiteral("/half")}, QString(), &error);
        QVERIFY(named);
        QCOMPARE(named->tools.size(), 0);
        QCOMPARE(named->failingSkips, 1);

        QVERIFY(!lintPaths({tmp.path() + QStringLiteral("/greet/TOOL.md")}, QString(), &error));
        QVERIFY2(error.contains(QStringLiteral("is not a directory")), qPrintable(error));
    }

    // `lint --json` as the CLI prints it: DESIGN.md's shape, written once (no round trip).
    void jsonTextHasTheReport()
    {
        QString error;
        QTemporaryDir tmp;
        test::makeTool(tmp.path(), QStringLiteral("greet"), kToolMd);
        test::writeFile(tmp.path() + QStringLiteral("/half/index.ts"), "export async function execute() {}\n");
        const auto report = lintPaths({tmp.path()}, QString(), &error);
        QVERIFY(report);
        QJsonParseError parseError;
        const QJsonObject o = QJsonDocument::fromJson(lintJsonText(*report), &parseError).object();
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        QCOMPARE(o.keys(), (QStringList{QStringLiteral("skipped"), QStringLiteral("summary"), QStringLiteral("tools")}));
        QCOMPARE(o[QStringLiteral("tools")].toArray().size(), 1);
        QCOMPARE(o[QStringLiteral("tools")].toArray()[0].toObject()[QStringLiteral("name")].toString(), QStringLiteral("greet"));
        QCOMPARE(o[QStringLiteral("skipped")].toArray().size(), 1);
        QCOMPARE(o[QStringLiteral("skipped")].toArray()[0].toObject()[QStringLiteral("reason")].toString(), QStringLiteral("missing-tool-md"));
        const QJsonObject summary = o[QStringLiteral("summary")].toObject();
        QCOMPARE(summary[QStringLiteral("tools")].toInt(), 1);
        QCOMPARE(summary[QStringLiteral("errors")].toInt(), report->errors);
        QCOMPARE(summary[QStringLiteral("warnings")].toInt(), report->warnings);
        QCOMPARE(summary[QStringLiteral("infos")].toInt(), report->infos);
        QCOMPARE(summary[QStringLiteral("skipped")].toInt(), 1);
    }

    // `toolwright lint` of a platform prints as it goes (issue 25): the stream's pieces make the
    // report's text to the byte, the first of them goes out before the last tool is read, and
    // no tool is handed over twice.
    void streamedLintIsTheReport()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        for (int u = 0; u < 3; ++u)
            for (int t = 0; t < 200; ++t)
                test::makeTool(data + QStringLiteral("/user%1@example.com/tools").arg(u), QStringLiteral("tool_%1").arg(t),
                               QByteArray(kToolMd).replace("name: greet", QByteArray("name: tool_" + QByteArray::number(t))));
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("greet"), kToolMd);
        test::writeFile(data + QStringLiteral("/tools/half/index.ts"), "export async function execute() {}\n");
        QString error;
        const auto report = lintPaths({data}, QString(), &error);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(report->tools.size(), 601);

        QByteArray streamed;
        int piecesBeforeLastTool = 0, toolsSeen = 0;
        QList<LintSkip> skipped;
        LintJsonStream stream([&](QByteArrayView piece) {
            streamed += piece;
            piecesBeforeLastTool += toolsSeen < 601;
        });
        const std::optional<LintCounts> counts = lintPathsEach(
            {data}, QString(), &error, [&](ToolRecord &t) { ++toolsSeen; stream.tool(t); },
            [&](const LintSkip &s) { skipped.append(s); });
        QVERIFY(counts);
        stream.finish(skipped, *counts);
        QCOMPARE(toolsSeen, 601);
        QCOMPARE(counts->tools, 601);
        QCOMPARE(counts->errors, report->errors);
        QCOMPARE(counts->warnings, report->warnings);
        QCOMPARE(counts->failingSkips, report->failingSkips);
        QVERIFY(piecesBeforeLastTool > 0); // 601 tools are more than one piece
        QCOMPARE(streamed, lintJsonText(*report));

        // A path that is not a directory is refused before any tool is read.
        toolsSeen = 0;
        QVERIFY(!lintPathsEach({data, data + QStringLiteral("/nothing")}, QString(), &error,
                               [&](ToolRecord &) { ++toolsSeen; }, [](const LintSkip &) {}));
        QCOMPARE(toolsSeen, 0);
        QVERIFY(error.contains(QStringLiteral("nothing")));
    }

    void versionRuleAgainstARevision()
    {
        QTemporaryDir repo;
        test::makeTool(repo.path() + QStringLiteral("/tools"), QStringLiteral("greet"), kToolMd);
        QVERIFY(git(repo.path(), {QStringLiteral("init"), QStringLiteral("-q")}));
        QVERIFY(git(repo.path(), {QStringLiteral("add"), QStringLiteral(".")}));
        QVERIFY(git(repo.path(), {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("v1")}));
        const QString tools = repo.path() + QStringLiteral("/tools");
        QString error;
        // Unchanged: no rule fires.
        auto same = lintPaths({tools}, QStringLiteral("HEAD"), &error);
        QVERIFY2(same, qPrintable(error));
        QVERIFY(!codes(same->tools.value(0)).contains(QStringLiteral("version-not-bumped")));
        // Changed, not bumped: an error on the version line.
        test::writeFile(tools + QStringLiteral("/greet/TOOL.md"), QByteArray(kToolMd).replace("# Greet", "# Greet them"));
        auto changed = lintPaths({tools}, QStringLiteral("HEAD"), &error);
        QVERIFY(changed);
        QVERIFY(codes(changed->tools.value(0)).contains(QStringLiteral("version-not-bumped")));
        QCOMPARE(changed->tools.value(0).diagnostics.constLast().line, 4);
        QVERIFY(!changed->passed());
        // Bumped: clean again.
        test::writeFile(tools + QStringLiteral("/greet/TOOL.md"),
                        QByteArray(kToolMd).replace("# Greet", "# Greet them").replace("version: 1", "version: 2"));
        auto bumped = lintPaths({tools}, QStringLiteral("HEAD"), &error);
        QVERIFY(bumped);
        QVERIFY(!codes(bumped->tools.value(0)).contains(QStringLiteral("version-not-bumped")));
        // A revision that does not resolve is an error, not a silent pass.
        QVERIFY(!lintPaths({tools}, QStringLiteral("no-such-rev"), &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"
