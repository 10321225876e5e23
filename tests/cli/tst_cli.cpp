// The built binary's CLI: exact JSON shapes, exit codes and one-line errors of DESIGN.md.

#include "fixture.h"
#include "runhistory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kData = QStringLiteral(TW_FIXTURES_DIR "/datapath");
const QString kSeed = QStringLiteral(TW_SOURCE_DIR "/seed/tools");

struct Run
{
    int code = -1;
    QByteArray out, err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

Run run(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    QProcessEnvironment e = env;
    if (env.value(QStringLiteral("TW_KEEP_DATA_PATH")).isEmpty())
        e.remove(QStringLiteral("DATA_PATH"));
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(TW_BINARY), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace

class TestCli final : public QObject
{
    Q_OBJECT
    // Settings, history and caches of every CLI this suite starts (they inherit this process's
    // environment): never the real user's.
    QTemporaryDir m_home;

    QString historyPath() const { return m_home.path() + QStringLiteral("/data/toolwright/toolwright/history.sqlite"); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        qputenv("XDG_DATA_HOME", (m_home.path() + QStringLiteral("/data")).toUtf8());
        qputenv("XDG_CONFIG_HOME", (m_home.path() + QStringLiteral("/config")).toUtf8());
        qputenv("XDG_CACHE_HOME", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("toolwright"));
        QCoreApplication::setApplicationName(QStringLiteral("toolwright"));
    }

    void version()
    {
        const Run r = run({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("toolwright "));
    }

    void listJson()
    {
        const Run r = run({QStringLiteral("list"), QStringLiteral("--data"), kData, QStringLiteral("--user"),
                           QStringLiteral("alice@example.com"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o[QStringLiteral("data_path")].toString(), kData);
        QCOMPARE(o[QStringLiteral("user")].toString(), QStringLiteral("alice@example.com"));
        const QJsonArray tools = o[QStringLiteral("tools")].toArray();
        QCOMPARE(tools.size(), 3);
        const QJsonObject greet = tools[0].toObject();
        QCOMPARE(greet[QStringLiteral("name")].toString(), QStringLiteral("greet"));
        QCOMPARE(greet[QStringLiteral("scope")].toString(), QStringLiteral("user"));
        QCOMPARE(greet[QStringLiteral("entry")].toString(), QStringLiteral("index.ts"));
        QCOMPARE(greet[QStringLiteral("overrides")].toObject()[QStringLiteral("version")].toInt(), 2);
        QCOMPARE(greet[QStringLiteral("overrides")].toObject()[QStringLiteral("dir")].toString(), kData + QStringLiteral("/tools/greet"));
        QCOMPARE(tools[2].toObject()[QStringLiteral("user")], QJsonValue(QJsonValue::Null));
        QCOMPARE(tools[2].toObject()[QStringLiteral("overrides")], QJsonValue(QJsonValue::Null));
        const QJsonObject units = tools[2].toObject()[QStringLiteral("inputs")].toArray()[1].toObject();
        QCOMPARE(units[QStringLiteral("values")].toArray(), (QJsonArray{QStringLiteral("metric"), QStringLiteral("imperial")}));
        QCOMPARE(units[QStringLiteral("default")].toString(), QStringLiteral("metric"));
        QCOMPARE(units[QStringLiteral("optional")].toBool(), true);
        QCOMPARE(o[QStringLiteral("shadowed")].toArray()[0].toObject()[QStringLiteral("shadowed_by")].toString(),
                 kData + QStringLiteral("/alice@example.com/tools/greet_custom"));
        const QJsonArray skipped = o[QStringLiteral("skipped")].toArray();
        QCOMPARE(skipped.size(), 2);
        QCOMPARE(skipped[0].toObject()[QStringLiteral("reason")].toString(), QStringLiteral("yaml-syntax"));
        const QJsonObject d = skipped[0].toObject()[QStringLiteral("diagnostics")].toArray()[0].toObject();
        QCOMPARE(d[QStringLiteral("severity")].toString(), QStringLiteral("skip"));
        QVERIFY(d[QStringLiteral("line")].toInt() > 0);
        QVERIFY(d[QStringLiteral("file")].toString().endsWith(QStringLiteral("broken_yaml/TOOL.md")));
    }

    void listHuman()
    {
        const Run r = run({QStringLiteral("list"), QStringLiteral("--data"), kData});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("greet"));
        QVERIFY(r.out.contains("skipped:"));
    }

    void showJson()
    {
        const Run r = run({QStringLiteral("show"), QStringLiteral("weather"), QStringLiteral("--data"), kData, QStringLiteral("--user"),
                           QStringLiteral("bob@example.com"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o[QStringLiteral("version")].toInt(), 3);
        QCOMPARE(o[QStringLiteral("label")].toString(), QStringLiteral("Bob Weather"));
        QVERIFY(o[QStringLiteral("body")].toString().startsWith(QStringLiteral("\n# Weather")));
        QCOMPARE(o[QStringLiteral("inputs")].toArray().size(), 3);
        QVERIFY(o[QStringLiteral("inputs")].toArray()[2].toObject()[QStringLiteral("sensitive")].toBool());
    }

    void showHumanAndMissing()
    {
        const Run r = run({QStringLiteral("show"), QStringLiteral("greet"), QStringLiteral("--data"), kData});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Greeter (greet) v2"));
        QVERIFY(r.out.contains("name: string, required"));
        const Run missing = run({QStringLiteral("show"), QStringLiteral("nope"), QStringLiteral("--data"), kData});
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains("no tool named 'nope'"));
    }

    void lint()
    {
        QCOMPARE(run({QStringLiteral("lint"), kSeed}).code, 0);
        QCOMPARE(run({QStringLiteral("lint"), kData + QStringLiteral("/tools/greet")}).code, 0);
        const Run broken = run({QStringLiteral("lint"), kData});
        QCOMPARE(broken.code, 1); // broken_yaml is skipped by the loader
        QVERIFY(broken.out.contains("TOOL.md:"));
        QVERIFY(broken.out.contains("[yaml-syntax]"));
        QVERIFY(broken.out.contains("[console-output]"));
        const Run json = run({QStringLiteral("lint"), QStringLiteral("--json"), kData + QStringLiteral("/alice@example.com/tools")});
        QCOMPARE(json.code, 0); // warnings only
        const QJsonObject o = json.json().object();
        QCOMPARE(o[QStringLiteral("summary")].toObject()[QStringLiteral("warnings")].toInt(), 1);
        QCOMPARE(o[QStringLiteral("tools")].toArray().size(), 2);
    }

    void overridesJson()
    {
        const Run r = run({QStringLiteral("overrides"), QStringLiteral("--data"), kData, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonArray rows = r.json().array();
        QCOMPARE(rows.size(), 4);
        const QJsonObject greet = rows[1].toObject();
        QCOMPARE(greet[QStringLiteral("name")].toString(), QStringLiteral("greet"));
        QCOMPARE(greet[QStringLiteral("global")].toObject()[QStringLiteral("version")].toInt(), 2);
        const QJsonObject alice = greet[QStringLiteral("users")].toArray()[0].toObject();
        QCOMPARE(alice.keys(), (QStringList{QStringLiteral("dir"), QStringLiteral("email"), QStringLiteral("version")}));
        QCOMPARE(alice[QStringLiteral("email")].toString(), QStringLiteral("alice@example.com"));
    }

    void syncJson()
    {
        QTemporaryDir tmp;
        const Run dry = run({QStringLiteral("sync"), QStringLiteral("--seed"), kSeed, QStringLiteral("--data"), tmp.path(),
                             QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QCOMPARE(dry.code, 0);
        const QJsonArray actions = dry.json().object()[QStringLiteral("actions")].toArray();
        QVERIFY(actions.size() >= 5);
        const QJsonObject first = actions[0].toObject();
        QCOMPARE(first.keys(), (QStringList{QStringLiteral("action"), QStringLiteral("dir"), QStringLiteral("seed_version"),
                                            QStringLiteral("target_version")}));
        QCOMPARE(first[QStringLiteral("action")].toString(), QStringLiteral("install"));
        QCOMPARE(first[QStringLiteral("target_version")], QJsonValue(QJsonValue::Null));
        QVERIFY(!QFileInfo::exists(tmp.path() + QStringLiteral("/tools"))); // dry run writes nothing
        QCOMPARE(run({QStringLiteral("sync"), QStringLiteral("--seed"), kSeed, QStringLiteral("--data"), tmp.path()}).code, 0);
        const Run again = run({QStringLiteral("sync"), QStringLiteral("--seed"), kSeed, QStringLiteral("--data"), tmp.path(),
                               QStringLiteral("--json")});
        QCOMPARE(again.json().object()[QStringLiteral("actions")].toArray()[0].toObject()[QStringLiteral("action")].toString(),
                 QStringLiteral("skip-equal"));
    }

    void syncWarnsAboutAMissingBump()
    {
        QTemporaryDir tmp;
        const QString seed = tmp.path() + QStringLiteral("/seed");
        const QString data = tmp.path() + QStringLiteral("/data");
        QVERIFY(QDir().mkpath(seed + QStringLiteral("/t")) && QDir().mkpath(data + QStringLiteral("/tools/t")));
        tw::test::writeFile(seed + QStringLiteral("/t/TOOL.md"), "---\nname: t\ndescription: d\nversion: 4\n---\nnew body\n");
        tw::test::writeFile(data + QStringLiteral("/tools/t/TOOL.md"), "---\nname: t\ndescription: d\nversion: 4\n---\nold body\n");
        const Run r = run({QStringLiteral("sync"), QStringLiteral("--seed"), seed, QStringLiteral("--data"), data});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("skip-equal"));
        QVERIFY(r.out.contains("not bumped"));
        QVERIFY2(r.err.contains("[version-not-bumped]"), r.err.constData());
        const Run json = run({QStringLiteral("sync"), QStringLiteral("--seed"), seed, QStringLiteral("--data"), data,
                              QStringLiteral("--json"), QStringLiteral("--dry-run")});
        QCOMPARE(json.json().object()[QStringLiteral("actions")].toArray()[0].toObject().keys().size(), 4); // contract unchanged
        QVERIFY(json.err.contains("[version-not-bumped]"));
    }

    void bump()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/t");
        QVERIFY(QDir().mkpath(dir));
        const QByteArray md = "---\nname: t\n# keep me\ndescription: 'd'\nversion: 2   # bump me\n---\nbody\r\n";
        tw::test::writeFile(dir + QStringLiteral("/TOOL.md"), md);
        Run r = run({QStringLiteral("bump"), dir});
        QCOMPARE(r.code, 0);
        QCOMPARE(tw::test::readFile(dir + QStringLiteral("/TOOL.md")), QByteArray(md).replace("version: 2 ", "version: 3 "));
        r = run({QStringLiteral("bump"), dir, QStringLiteral("--to"), QStringLiteral("10")});
        QCOMPARE(r.code, 0);
        QVERIFY(tw::test::readFile(dir + QStringLiteral("/TOOL.md")).contains("version: 10   # bump me\n"));
        r = run({QStringLiteral("bump"), dir, QStringLiteral("--to"), QStringLiteral("10")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("not above the current version 10"));
        // A missing version is added after the description.
        tw::test::writeFile(dir + QStringLiteral("/TOOL.md"), "---\nname: t\ndescription: d\nlanguage: bash\n---\nb\n");
        QCOMPARE(run({QStringLiteral("bump"), dir}).code, 0);
        QCOMPARE(tw::test::readFile(dir + QStringLiteral("/TOOL.md")), QByteArray("---\nname: t\ndescription: d\nversion: 1\nlanguage: bash\n---\nb\n"));
        QCOMPARE(run({QStringLiteral("bump"), tmp.path()}).code, 2);
    }

    void lintSinceRevision()
    {
        QTemporaryDir tmp;
        const QString repo = tmp.path();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *k : {"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"})
            env.insert(QLatin1StringView(k), QStringLiteral("t"));
        for (const char *k : {"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"})
            env.insert(QLatin1StringView(k), QStringLiteral("t@example.com"));
        auto git = [&](const QStringList &args) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.setWorkingDirectory(repo);
            p.start(QStringLiteral("git"), args);
            QVERIFY(p.waitForFinished());
            QCOMPARE(p.exitCode(), 0);
        };
        const QByteArray entry = "export async function execute() {\n  try {\n    return { content: [] };\n  } catch (e) {\n"
                                 "    return { content: [], isError: true };\n  }\n}\n";
        for (const char *t : {"a", "b", "c"}) {
            tw::test::writeFile(repo + QStringLiteral("/tools/") + QLatin1StringView(t) + QStringLiteral("/TOOL.md"),
                  "---\nname: " + QByteArray(t) + "\ndescription: d\nversion: 1\n---\nbody\n");
            tw::test::writeFile(repo + QStringLiteral("/tools/") + QLatin1StringView(t) + QStringLiteral("/index.ts"), entry);
        }
        git({QStringLiteral("init"), QStringLiteral("-q")});
        git({QStringLiteral("add"), QStringLiteral("-A")});
        git({QStringLiteral("commit"), QStringLiteral("-qm"), QStringLiteral("init")});
        tw::test::writeFile(repo + QStringLiteral("/tools/a/index.ts"), entry + "// changed, not bumped\n");
        tw::test::writeFile(repo + QStringLiteral("/tools/b/index.ts"), entry + "// changed and bumped\n");
        tw::test::writeFile(repo + QStringLiteral("/tools/b/TOOL.md"), "---\nname: b\ndescription: d\nversion: 2\n---\nbody\n");
        tw::test::writeFile(repo + QStringLiteral("/tools/c/notes.txt"), "new untracked file, not bumped");
        tw::test::writeFile(repo + QStringLiteral("/tools/d/TOOL.md"), "---\nname: d\ndescription: d\nversion: 1\n---\nbody\n"); // new tool
        tw::test::writeFile(repo + QStringLiteral("/tools/d/index.ts"), entry);
        const Run r = run({QStringLiteral("lint"), QStringLiteral("--since"), QStringLiteral("HEAD"), repo + QStringLiteral("/tools"),
                           QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QStringList flagged;
        for (const QJsonValue &t : r.json().object()[QStringLiteral("tools")].toArray())
            for (const QJsonValue &d : t.toObject()[QStringLiteral("diagnostics")].toArray())
                if (d.toObject()[QStringLiteral("code")].toString() == u"version-not-bumped")
                    flagged.append(t.toObject()[QStringLiteral("name")].toString());
        QCOMPARE(flagged, (QStringList{QStringLiteral("a"), QStringLiteral("c")}));
        QCOMPARE(run({QStringLiteral("lint"), QStringLiteral("--since"), QStringLiteral("nope"), repo + QStringLiteral("/tools")}).code, 2);
        QCOMPARE(run({QStringLiteral("lint"), QStringLiteral("--since"), QStringLiteral("HEAD"), QDir::tempPath()}).code, 2);
    }

    void lintFixturesShowEachRule()
    {
        // tests/fixtures/lint: one tool per input and bundle rule, and a clean one.
        const QString dir = QStringLiteral(TW_FIXTURES_DIR "/lint");
        const Run r = run({QStringLiteral("lint"), dir, QStringLiteral("--json")});
        QCOMPARE(r.code, 1); // there are errors: lint fails as the tools would
        QMap<QString, QStringList> codes;
        QMap<QString, QString> severities;
        for (const QJsonValue &t : r.json().object()[QStringLiteral("tools")].toArray()) {
            const QString name = t.toObject()[QStringLiteral("name")].toString();
            codes[name]; // every tool listed, even a clean one
            for (const QJsonValue &d : t.toObject()[QStringLiteral("diagnostics")].toArray()) {
                codes[name] << d.toObject()[QStringLiteral("code")].toString();
                severities[d.toObject()[QStringLiteral("code")].toString()] = d.toObject()[QStringLiteral("severity")].toString();
            }
        }
        const QMap<QString, QStringList> expected{
            {QStringLiteral("clean"), {}},
            {QStringLiteral("default_not_in_values"), {QStringLiteral("default-not-in-values")}},
            {QStringLiteral("default_type_mismatch"), {QStringLiteral("default-type-mismatch")}},
            {QStringLiteral("description_too_long"), {QStringLiteral("description-too-long")}},
            {QStringLiteral("empty_values"), {QStringLiteral("empty-values")}},
            {QStringLiteral("inputs_unused"), {QStringLiteral("inputs-unused"), QStringLiteral("param-undeclared")}},
            {QStringLiteral("required_with_default"), {QStringLiteral("required-with-default")}},
            {QStringLiteral("secret_file_bundled"), {QStringLiteral("secret-file-bundled")}},
            {QStringLiteral("sensitive_not_string"), {QStringLiteral("sensitive-not-string")}},
        };
        QCOMPARE(codes, expected);
        for (const char *error : {"default-not-in-values", "default-type-mismatch", "empty-values"})
            QCOMPARE(severities.value(QLatin1StringView(error)), QStringLiteral("error"));
        for (const char *warning : {"description-too-long", "inputs-unused", "param-undeclared", "required-with-default",
                                    "secret-file-bundled", "sensitive-not-string"})
            QCOMPARE(severities.value(QLatin1StringView(warning)), QStringLiteral("warning"));
        // Warnings alone do not fail lint; the clean tool passes.
        QCOMPARE(run({QStringLiteral("lint"), dir + QStringLiteral("/clean")}).code, 0);
        QCOMPARE(run({QStringLiteral("lint"), dir + QStringLiteral("/secret_file_bundled")}).code, 0);
        QCOMPARE(run({QStringLiteral("lint"), dir + QStringLiteral("/empty_values")}).code, 1);
    }

    void runInBubblewrap()
    {
        QTemporaryDir tmp;
        QCOMPARE(run({QStringLiteral("sync"), QStringLiteral("--seed"), kSeed, QStringLiteral("--data"), tmp.path()}).code, 0);
        const Run r = run({QStringLiteral("run"), QStringLiteral("countdown"), QStringLiteral("--data"), tmp.path(),
                           QStringLiteral("--params"), QStringLiteral("{\"seconds\":1,\"step\":0.5}"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QList<QJsonObject> lines;
        for (const QByteArray &l : r.out.split('\n'))
            if (!l.isEmpty())
                lines.append(QJsonDocument::fromJson(l).object());
        QCOMPARE(lines.size(), 4); // two updates, the result, the exit event
        QCOMPARE(lines[0][QStringLiteral("type")].toString(), QStringLiteral("update"));
        QCOMPARE(lines[2][QStringLiteral("type")].toString(), QStringLiteral("result"));
        QCOMPARE(lines[2][QStringLiteral("isError")].toBool(), false);
        QCOMPARE(lines[3][QStringLiteral("type")].toString(), QStringLiteral("exit"));
        QCOMPARE(lines[3][QStringLiteral("state")].toString(), QStringLiteral("result"));
        QCOMPARE(lines[3][QStringLiteral("code")].toInt(), 0);
        // A tool's console output is not an event: it goes to stderr, stdout stays events only.
        tw::test::writeFile(tmp.path() + QStringLiteral("/tools/hello/index.ts"),
                            "export async function execute() {\n  try {\n    console.log('chatty');\n"
                            "    return { content: [{ type: 'text', text: 'hi' }] };\n  } catch (e) {\n"
                            "    return { content: [], isError: true };\n  }\n}\n");
        const Run chatty = run({QStringLiteral("run"), QStringLiteral("hello"), QStringLiteral("--data"), tmp.path(),
                                QStringLiteral("--json")});
        QCOMPARE(chatty.code, 0);
        QVERIFY(chatty.err.contains("chatty"));
        QVERIFY(!chatty.out.contains("chatty"));
        QCOMPARE(chatty.out.count('\n'), 2); // the result and the exit event
        // An isError result exits 1; text mode prints updates live and the result at the end.
        const Run bad = run({QStringLiteral("run"), QStringLiteral("countdown"), QStringLiteral("--data"), tmp.path(),
                             QStringLiteral("--params"), QStringLiteral("{\"seconds\":99999}")});
        QCOMPARE(bad.code, 1);
        QVERIFY(bad.out.contains("seconds must be a number from 1 to 3600."));
        QVERIFY(bad.err.contains("isError"));
        const Run text = run({QStringLiteral("run"), QStringLiteral("text_stats"), QStringLiteral("--data"), tmp.path(),
                              QStringLiteral("--params"), QStringLiteral("{\"text\":\"a b\",\"top_words\":0}")});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.startsWith("Characters: 3\n"));
        QCOMPARE(run({QStringLiteral("run"), QStringLiteral("hello"), QStringLiteral("--data"), tmp.path(), QStringLiteral("--params"),
                      QStringLiteral("[1]")}).code, 2);
        QCOMPARE(run({QStringLiteral("run"), QStringLiteral("hello"), QStringLiteral("--data"), tmp.path(), QStringLiteral("--runtime"),
                      QStringLiteral("nope")}).code, 2);
        QCOMPARE(run({QStringLiteral("run"), QStringLiteral("nope"), QStringLiteral("--data"), tmp.path()}).code, 2);
        // A params syntax error says where.
        const Run syntax = run({QStringLiteral("run"), QStringLiteral("hello"), QStringLiteral("--data"), tmp.path(), QStringLiteral("--params"),
                                QStringLiteral("{\"name\": \"a\",,}")});
        QCOMPARE(syntax.code, 2);
        QVERIFY2(syntax.err.contains("line 1, column 15"), syntax.err.constData());
        // Every run went into the history, in the app's data dir, with where the tool came from.
        QVERIFY(QFileInfo(historyPath()).size() > 0);
        const QList<tw::engine::RunRecord> rows = tw::engine::RunHistory(historyPath()).recent();
        QVERIFY(!rows.isEmpty());
        QVERIFY2(rows.first().source.startsWith(QStringLiteral("global v")), qPrintable(rows.first().source));
    }

    void runInPodman()
    {
        QTemporaryDir tmp;
        QCOMPARE(run({QStringLiteral("sync"), QStringLiteral("--seed"), kSeed, QStringLiteral("--data"), tmp.path()}).code, 0);
        {
            QSettings s;
            s.setValue(QStringLiteral("runtime/image"), QStringLiteral("localhost/toolwright-node:test"));
            s.setValue(QStringLiteral("runtime/podmanArgs"), tw::test::podmanHostLimitArgs());
        }
        const Run r = run({QStringLiteral("run"), QStringLiteral("text_stats"), QStringLiteral("--data"), tmp.path(),
                           QStringLiteral("--runtime"), QStringLiteral("podman"), QStringLiteral("--params"),
                           QStringLiteral("{\"text\":\"a b c\"}"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        const QJsonObject exit = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(exit[QStringLiteral("runtime")].toString(), QStringLiteral("podman"));
        QCOMPARE(exit[QStringLiteral("state")].toString(), QStringLiteral("result"));

        // A missing image is a clear environment error at once: no pull, no hang.
        QSettings().setValue(QStringLiteral("runtime/image"), QStringLiteral("localhost/toolwright-no-such-image:0"));
        const Run missing = run({QStringLiteral("run"), QStringLiteral("hello"), QStringLiteral("--data"), tmp.path(),
                                 QStringLiteral("--runtime"), QStringLiteral("podman")});
        QCOMPARE(missing.code, 2);
        QVERIFY2(missing.err.contains("localhost/toolwright-no-such-image:0"), missing.err.constData());
        QVERIFY2(missing.err.contains("pull"), missing.err.constData());
        QSettings().remove(QStringLiteral("runtime"));
    }


    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown-command") << QStringList{QStringLiteral("frobnicate")} << QByteArray("unknown command");
        QTest::newRow("unknown-option") << QStringList{QStringLiteral("list"), QStringLiteral("--bogus")} << QByteArray("bogus");
        QTest::newRow("missing-data") << QStringList{QStringLiteral("list"), QStringLiteral("--data"), QStringLiteral("/nonexistent/dp")}
                                      << QByteArray("does not exist");
        QTest::newRow("show-without-name") << QStringList{QStringLiteral("show"), QStringLiteral("--data"), kData}
                                           << QByteArray("NAME");
        QTest::newRow("lint-without-path") << QStringList{QStringLiteral("lint")} << QByteArray("PATH");
        QTest::newRow("lint-missing-path") << QStringList{QStringLiteral("lint"), QStringLiteral("/nonexistent")}
                                           << QByteArray("not a directory");
        QTest::newRow("sync-without-seed") << QStringList{QStringLiteral("sync"), QStringLiteral("--data"), kData}
                                           << QByteArray("--seed");
        QTest::newRow("secret-no-verb") << QStringList{QStringLiteral("secret")} << QByteArray("usage: toolwright secret");
        QTest::newRow("secret-bad-verb") << QStringList{QStringLiteral("secret"), QStringLiteral("show"), QStringLiteral("t"), QStringLiteral("i")}
                                  << QByteArray("usage: toolwright secret");
        QTest::newRow("secret-no-input") << QStringList{QStringLiteral("secret"), QStringLiteral("get"), QStringLiteral("t")}
                                  << QByteArray("usage: toolwright secret");
        QTest::newRow("secret-value-as-argument") << QStringList{QStringLiteral("secret"), QStringLiteral("set"), QStringLiteral("t"),
                                                          QStringLiteral("i"), QStringLiteral("hunter2")}
                                           << QByteArray("read from stdin");
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1); // one line
        QVERIFY(r.out.isEmpty());
    }

    void dataPathFromEnvironment()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DATA_PATH"), kData);
        env.insert(QStringLiteral("TW_KEEP_DATA_PATH"), QStringLiteral("1"));
        const Run r = run({QStringLiteral("list"), QStringLiteral("--json")}, env);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json().object()[QStringLiteral("data_path")].toString(), kData);
    }

    void embeddedDefault()
    {
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
        env.insert(QStringLiteral("USER"), QStringLiteral("tester"));
        const Run r = run({QStringLiteral("list"), QStringLiteral("--user"), QStringLiteral("tester@localhost"),
                           QStringLiteral("--json")}, env);
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QVERIFY(o[QStringLiteral("data_path")].toString().startsWith(home.path()));
        QVERIFY(o[QStringLiteral("tools")].toArray().size() >= 5);
        QVERIFY(QFileInfo(o[QStringLiteral("data_path")].toString() + QStringLiteral("/tester@localhost/tools")).isDir());
        QVERIFY(r.err.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
