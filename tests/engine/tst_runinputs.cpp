// A run's inputs: sensitive values from the keychain when left empty, integrations in the
// environment, every secret listed for masking, required inputs reported. An in-memory store
// stands in for the keychain here; tests/keychain runs the same path against gnome-keyring.

#include "runinputs.h"
#include "secretstore.h"

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

RunInputs gather(SecretStore &store, const QJsonObject &params, const Integrations &integ = {})
{
    RunInputs out;
    bool called = false;
    QObject ctx;
    gatherRunInputs(store, QStringLiteral("a@b"), apiTool(), params, integ, &ctx, [&](const RunInputs &in) {
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
};

QTEST_GUILESS_MAIN(TestRunInputs)
#include "tst_runinputs.moc"
