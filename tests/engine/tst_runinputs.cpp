// A run's inputs: sensitive values from the keychain when left empty, integrations in the
// environment, every secret listed for masking, required inputs reported. An in-memory store
// stands in for the keychain here; tests/keychain runs the same path against gnome-keyring.

#include "fixture.h"
#include "run/runinputs.h"
#include "run/runpresets.h"
#include "secrets/secretstore.h"

#include <QJsonDocument>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace tw::engine;

namespace {

ToolManifest apiTool()
{
    ToolManifest t;
    t.name = QStringLiteral("api_call");
    InputSpec token;
    token.name = QStringLiteral("api_token");
    token.sensitive = true;
    token.optional = true;
    InputSpec query;
    query.name = QStringLiteral("query");
    InputSpec limit;
    limit.name = QStringLiteral("limit");
    limit.defaultValue = 5;
    t.inputs = {token, query, limit};
    return t;
}

ToolRecord apiRecord(Scope scope = Scope::Global, int version = 1)
{
    ToolRecord r;
    r.manifest = apiTool();
    r.manifest.version = version;
    r.scope = scope;
    r.user = scope == Scope::User ? QStringLiteral("a@b") : QString();
    r.dirName = QStringLiteral("api_call");
    r.dir = scope == Scope::Global ? QStringLiteral("/data/tools/api_call") : QStringLiteral("/data/a@b/tools/api_call");
    return r;
}

RunInputs gather(SecretStore &store, const QJsonObject &params, const Integrations &integ = {}, const ToolRecord &tool = apiRecord())
{
    RunInputs out;
    bool called = false;
    QObject ctx;
    gatherRunInputs(store, QStringLiteral("a@b"), tool, params, integ, &ctx, [&](const RunInputs &in) {
        out = in;
        called = true;
    });
    if (!called)
        qFatal("gatherRunInputs did not answer");
    return out;
}

} // namespace

class TestRunInputs final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void sensitiveInputsComeFromTheStore()
    {
        MemorySecretStore store;
        store.writeNow(secretKey(QStringLiteral("a@b"), QStringLiteral("api_call"), QStringLiteral("api_token")), QStringLiteral("kc-value"));
        RunInputs in = gather(store, {{QStringLiteral("query"), QStringLiteral("x")}});
        QVERIFY(in.ok());
        QCOMPARE(in.params[QStringLiteral("api_token")].toString(), QStringLiteral("kc-value"));
        QCOMPARE(in.secretValues, QStringList{QStringLiteral("kc-value")});
        // A value typed in the form wins over the stored one.
        in = gather(store, {{QStringLiteral("query"), QStringLiteral("x")}, {QStringLiteral("api_token"), QStringLiteral("typed")}});
        QCOMPARE(in.params[QStringLiteral("api_token")].toString(), QStringLiteral("typed"));
        QCOMPARE(in.secretValues, QStringList{QStringLiteral("typed")});
    }

    // A stored secret goes only to the tool definition it was stored for; another one (a user's
    // copy that now overrides the global tool) gets it only once the user says so.
    void storedSecretsGoOnlyToTheirTool()
    {
        MemorySecretStore store;
        const QString key = secretKey(QStringLiteral("a@b"), QStringLiteral("api_call"), QStringLiteral("api_token"));
        SecretBinding::forget(key);
        store.writeNow(key, QStringLiteral("kc-value"));
        SecretBinding::record(key, apiRecord());
        const QJsonObject params{{QStringLiteral("query"), QStringLiteral("x")}};
        RunInputs in = gather(store, params);
        QCOMPARE(in.params[QStringLiteral("api_token")].toString(), QStringLiteral("kc-value"));
        QVERIFY(in.held.isEmpty());

        const ToolRecord copy = apiRecord(Scope::User, 99);
        in = gather(store, params, {}, copy);
        QVERIFY(!in.params.contains(QStringLiteral("api_token")));
        QVERIFY(!in.secretValues.contains(QStringLiteral("kc-value")));
        QCOMPARE(in.held.size(), 1);
        QCOMPARE(in.held[0].input, QStringLiteral("api_token"));
        QCOMPARE(in.held[0].check.question, QStringLiteral("api_call is now your copy v99 (user), not global v1 — use the stored api_token?"));
        // A value typed for the run is the user's own choice: nothing is held.
        QVERIFY(gather(store, {{QStringLiteral("api_token"), QStringLiteral("typed")}}, {}, copy).held.isEmpty());

        // "Use": the value fills the input, is masked, and the secret now belongs to the copy.
        in.useHeld(in.held[0], copy);
        QCOMPARE(in.params[QStringLiteral("api_token")].toString(), QStringLiteral("kc-value"));
        QVERIFY(in.secretValues.contains(QStringLiteral("kc-value")));
        QCOMPARE(SecretBinding::load(key).definition, toolDefinition(copy));
        QVERIFY(gather(store, params, {}, copy).held.isEmpty());
        QCOMPARE(gather(store, params).held.value(0).check.change, QStringLiteral("api_call is now global v1, not your copy v99 (user)"));

        // A secret stored before bindings were recorded: the global tool adopts it, a copy asks.
        SecretBinding::forget(key);
        QCOMPARE(gather(store, params, {}, copy).held.size(), 1);
        QVERIFY(!SecretBinding::load(key).isRecorded());
        in = gather(store, params);
        QCOMPARE(in.params[QStringLiteral("api_token")].toString(), QStringLiteral("kc-value"));
        QCOMPARE(SecretBinding::load(key).definition, toolDefinition(apiRecord()));
        SecretBinding::forget(key);
    }

    void requiredWithoutValueIsReported()
    {
        MemorySecretStore store;
        const RunInputs in = gather(store, {});
        QCOMPARE(in.missing, QStringList{QStringLiteral("query")}); // limit has a default, the token is optional
        QVERIFY(!in.params.contains(QStringLiteral("api_token")));
    }

    void integrationsBecomeTheEnvironment()
    {
        MemorySecretStore store;
        Integrations integ;
        integ.searxngUrl = QStringLiteral("http://searx.local");
        integ.browserRelayPort = 9222;
        integ.apifyToken = true;
        integ.browserRelayToken = false; // not configured: not read, not set
        integ.resources = {{QStringLiteral("optical-character-recognition"),
                            QJsonObject{{QStringLiteral("url"), QStringLiteral("http://ocr")}},
                            {QStringLiteral("apiKey")}}};
        store.writeNow(resourceSecretKey(QStringLiteral("a@b"), QStringLiteral("apify")), QStringLiteral("apify-tok"));
        store.writeNow(resourceSecretKey(QStringLiteral("a@b"), QStringLiteral("optical-character-recognition")),
                       QStringLiteral(R"({"apiKey":"ocr-key"})"));
        const RunInputs in = gather(store, {{QStringLiteral("query"), QStringLiteral("x")}}, integ);
        QCOMPARE(in.env.value(QStringLiteral("PI_SEARXNG_URL")), QStringLiteral("http://searx.local"));
        QCOMPARE(in.env.value(QStringLiteral("OFFICER_APIFY_TOKEN")), QStringLiteral("apify-tok"));
        QCOMPARE(in.env.value(QStringLiteral("OFFICER_BROWSER_RELAY_PORT")), QStringLiteral("9222"));
        QVERIFY(!in.env.contains(QStringLiteral("OFFICER_BROWSER_RELAY_TOKEN")));
        const QJsonObject resources = QJsonDocument::fromJson(in.env.value(QStringLiteral("OFFICER_RESOURCES")).toUtf8()).object();
        const QJsonObject ocr = resources[QStringLiteral("optical-character-recognition")].toObject();
        QCOMPARE(ocr[QStringLiteral("url")].toString(), QStringLiteral("http://ocr"));
        QCOMPARE(ocr[QStringLiteral("apiKey")].toString(), QStringLiteral("ocr-key"));
        QVERIFY(in.secretValues.contains(QStringLiteral("apify-tok")));
        QVERIFY(in.secretValues.contains(QStringLiteral("ocr-key")));
    }

    void integrationSecretsNeverReachSettings()
    {
        Integrations integ;
        integ.resources = {{QStringLiteral("ocr"),
                            QJsonObject{{QStringLiteral("url"), QStringLiteral("http://ocr")}, {QStringLiteral("apiKey"), QStringLiteral("leak-me")}},
                            {QStringLiteral("apiKey")}}};
        integ.save(QStringLiteral("a@b"));
        QSettings s;
        s.sync();
        QFile f(s.fileName());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("http://ocr"));
        QVERIFY(!text.contains("leak-me"));
        const Integrations back = Integrations::load(QStringLiteral("a@b"));
        QCOMPARE(back.resources.size(), 1);
        QCOMPARE(back.resources[0].secretFields, QStringList{QStringLiteral("apiKey")});
    }

    void maskingAndStripping()
    {
        const QJsonObject p{{QStringLiteral("api_token"), QStringLiteral("t")}, {QStringLiteral("query"), QStringLiteral("q")}};
        QCOMPARE(maskedParams(apiTool(), p)[QStringLiteral("api_token")].toString(), kSecretMarker);
        QVERIFY(!withoutSensitive(apiTool(), p).contains(QStringLiteral("api_token")));
        QCOMPARE(maskSecrets(QStringLiteral("a abcdef b abc"), {QStringLiteral("abc"), QStringLiteral("abcdef")}),
                 QStringLiteral("a ") + kSecretMarker + QStringLiteral(" b ") + kSecretMarker);
    }

    void checkParams_data()
    {
        QTest::addColumn<QByteArray>("params");
        QTest::addColumn<QStringList>("stored");
        QTest::addColumn<QStringList>("problems");
        const QStringList none;
        QTest::newRow("ok") << QByteArray(R"({"query":"q","limit":3})") << none << none;
        QTest::newRow("required-missing") << QByteArray(R"({})") << none << QStringList{QStringLiteral("query is required")};
        QTest::newRow("required-empty") << QByteArray(R"({"query":""})") << none << QStringList{QStringLiteral("query is required")};
        QTest::newRow("all-at-once") << QByteArray(R"({"query":7,"limit":"x","mode":"fast","extra":1})") << none
                                     << QStringList{QStringLiteral("extra: not an input of api_call"),
                                                    QStringLiteral("query must be a string"),
                                                    QStringLiteral("limit must be a number")};
        // "fast" is fine for the enum; here only the boolean is wrong.
        QTest::newRow("bool") << QByteArray(R"({"query":"q","verbose":"yes"})") << none
                              << QStringList{QStringLiteral("verbose must be true or false")};
        QTest::newRow("null") << QByteArray(R"({"query":"q","verbose":null})") << none
                              << QStringList{QStringLiteral("verbose: null is not a value; leave it out to leave it unset")};
        QTest::newRow("enum-outside") << QByteArray(R"({"query":"q","mode":"warp"})") << none
                                      << QStringList{QStringLiteral("mode must be one of: fast, slow")};
    }
    void checkParams()
    {
        QFETCH(QByteArray, params);
        QFETCH(QStringList, stored);
        QFETCH(QStringList, problems);
        ToolManifest t = apiTool();
        InputSpec mode;
        mode.name = QStringLiteral("mode");
        mode.type = InputType::Enum;
        mode.values = {QStringLiteral("fast"), QStringLiteral("slow")};
        mode.optional = true;
        InputSpec verbose;
        verbose.name = QStringLiteral("verbose");
        verbose.type = InputType::Boolean;
        verbose.optional = true;
        t.inputs[2].type = InputType::Number;
        t.inputs << mode << verbose;
        QStringList got;
        const auto found = tw::engine::checkParams(t, QJsonDocument::fromJson(params).object(), stored);
        for (const ParamProblem &p : found)
            got << p.message;
        QCOMPARE(got, problems);
    }

    void problemsHaveAKind()
    {
        ToolManifest t = apiTool();
        t.inputs[0].optional = false;
        const auto found = tw::engine::checkParams(t, QJsonObject{{QStringLiteral("nope"), 1}, {QStringLiteral("query"), 5}});
        const auto kindOf = [](const QList<ParamProblem> &problems, const QString &input) {
            for (const ParamProblem &p : problems)
                if (p.input == input)
                    return int(p.kind);
            return -1;
        };
        QCOMPARE(kindOf(found, QStringLiteral("nope")), int(ParamProblem::Kind::NotAnInput));
        QCOMPARE(kindOf(found, QStringLiteral("query")), int(ParamProblem::Kind::WrongType));
        QCOMPARE(kindOf(tw::engine::checkParams(t, {}), QStringLiteral("query")), int(ParamProblem::Kind::Required));
    }

    void paramsJsonSaysWhere_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QString() << true << QString();
        QTest::newRow("object") << QStringLiteral("{\"a\": 1}") << true << QString();
        QTest::newRow("array") << QStringLiteral("[1]") << false << QStringLiteral("the params must be a JSON object");
        QTest::newRow("second-line") << QStringLiteral("{\n  \"a\": 1 \"b\": 2}") << false << QStringLiteral("line 2, column ");
        QTest::newRow("unterminated") << QStringLiteral("{\"a\": \"x") << false << QStringLiteral("line 1, column ");
        QTest::newRow("non-ascii-before") << QStringLiteral("{\"ä\": 1,\n\"ö\": }") << false << QStringLiteral("line 2, column ");
    }

    void paramsJsonSaysWhere()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, error);
        QJsonObject params;
        QString message;
        QCOMPARE(tw::engine::parseParamsJson(text, &params, &message), ok);
        QVERIFY2(message.startsWith(error), qPrintable(message));
    }

    void storedSecretsCountAsGiven()
    {
        ToolManifest t = apiTool();
        t.inputs[0].optional = false;
        const QJsonObject p{{QStringLiteral("query"), QStringLiteral("q")}};
        QCOMPARE(tw::engine::checkParams(t, p).size(), 1);
        QVERIFY(tw::engine::checkParams(t, p, {QStringLiteral("api_token")}).isEmpty());
    }

    void commandLine()
    {
        QCOMPARE(shellQuote(QStringLiteral("plain-word_1.txt")), QStringLiteral("plain-word_1.txt"));
        QCOMPARE(shellQuote(QStringLiteral("it's here")), QStringLiteral("'it'\\''s here'"));
        QCOMPARE(shellQuote(QString()), QStringLiteral("''"));
        QCOMPARE(runCommandLine(QStringLiteral("hello"), QStringLiteral("/data/my tools"), QStringLiteral("a@b.c"),
                                QStringLiteral("podman"), QStringLiteral("/tmp/p.json")),
                 QStringLiteral("toolwright run hello --data '/data/my tools' --user a@b.c --runtime podman --params @/tmp/p.json"));
        QCOMPARE(runCommandLine(QStringLiteral("hello"), QStringLiteral("/d"), QString(), QStringLiteral("auto"), QString()),
                 QStringLiteral("toolwright run hello --data /d"));
    }

    void shellWordsRoundTrip()
    {
        const QStringList words{QStringLiteral("--ulimit"), QStringLiteral("nofile=1024:1024"), QStringLiteral("a b"),
                                QStringLiteral("it's"), QString(), QStringLiteral("x\"y"), QStringLiteral("\\")};
        QStringList quoted;
        for (const QString &w : words)
            quoted << shellQuote(w);
        QCOMPARE(splitShellWords(quoted.join(u' ')), words);
        QCOMPARE(splitShellWords(QStringLiteral("  one \"two \\\"2\\\"\" three\\ 3 'four' ")),
                 (QStringList{QStringLiteral("one"), QStringLiteral("two \"2\""), QStringLiteral("three 3"), QStringLiteral("four")}));
        QString error;
        splitShellWords(QStringLiteral("a 'b"), &error);
        QCOMPARE(error, QStringLiteral("unclosed ' quote"));
    }

    void presetsNeverHoldSecrets()
    {
        RunPresets presets(QStringLiteral("a@b"), apiTool());
        for (const QString &n : presets.names())
            presets.remove(n);
        const QJsonObject p{{QStringLiteral("api_token"), QStringLiteral("preset-secret")}, {QStringLiteral("query"), QStringLiteral("q")}};
        presets.save(QStringLiteral("weekly / EU"), p);
        presets.save(QStringLiteral("another"), QJsonObject{{QStringLiteral("query"), QStringLiteral("z")}});
        presets.setLastUsed(p);
        QCOMPARE(presets.names(), (QStringList{QStringLiteral("another"), QStringLiteral("weekly / EU")}));
        QCOMPARE(presets.load(QStringLiteral("weekly / EU")), (QJsonObject{{QStringLiteral("query"), QStringLiteral("q")}}));
        QCOMPARE(presets.lastUsed(), (QJsonObject{{QStringLiteral("query"), QStringLiteral("q")}}));
        presets.remove(QStringLiteral("another"));
        QCOMPARE(presets.names(), QStringList{QStringLiteral("weekly / EU")});
        QSettings s;
        s.sync();
        QVERIFY(!tw::test::readFile(s.fileName()).contains("preset-secret"));
        // Another tool of the same user has its own presets.
        ToolManifest other = apiTool();
        other.name = QStringLiteral("other");
        QVERIFY(RunPresets(QStringLiteral("a@b"), other).names().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRunInputs)
#include "tst_runinputs.moc"
