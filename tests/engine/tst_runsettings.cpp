// Per-tool run settings and a user's integrations in QSettings: what is kept per user and per
// tool, the limits a hand-edited file cannot get past, that no secret reaches the settings file,
// and the environment and run options a run gets from them.

#include "run/runsettings.h"
#include "secrets/secretstore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;

namespace {

const QString kAlice = QStringLiteral("alice@example.com");
const QString kBob = QStringLiteral("bob@example.com");

QByteArray settingsFileText()
{
    QSettings s;
    s.sync();
    QFile f(s.fileName());
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRunSettings final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QSettings().clear(); }

    void defaults()
    {
        const ToolRunSettings s = ToolRunSettings::load(kAlice, QStringLiteral("weather"));
        QCOMPARE(s.network, false); // DESIGN.md: no network unless the tool's run settings allow it
        QCOMPARE(s.timeoutSec, 60);
        QCOMPARE(s.updateResetsTimeout, false);
        QCOMPARE(s.hardLimitSec, 30 * 60);
        QCOMPARE(s.memoryMb, 512);
    }

    void keptPerUserAndTool()
    {
        ToolRunSettings s;
        s.network = true;
        s.timeoutSec = 120;
        s.updateResetsTimeout = true;
        s.hardLimitSec = 3600;
        s.memoryMb = 2048;
        s.save(kAlice, QStringLiteral("weather"));
        const ToolRunSettings back = ToolRunSettings::load(kAlice, QStringLiteral("weather"));
        QCOMPARE(back.network, true);
        QCOMPARE(back.timeoutSec, 120);
        QCOMPARE(back.updateResetsTimeout, true);
        QCOMPARE(back.hardLimitSec, 3600);
        QCOMPARE(back.memoryMb, 2048);
        // Another user's tool of that name, and another tool of this user: untouched.
        QCOMPARE(ToolRunSettings::load(kBob, QStringLiteral("weather")).network, false);
        QCOMPARE(ToolRunSettings::load(kAlice, QStringLiteral("weather2")).timeoutSec, 60);
        QCOMPARE(ToolRunSettings::load(QString(), QStringLiteral("weather")).memoryMb, 512);
    }

    // Values from a hand-edited (or corrupted) settings file end up inside the Run view's ranges.
    void limits_data()
    {
        QTest::addColumn<QVariant>("timeout");
        QTest::addColumn<QVariant>("hardLimit");
        QTest::addColumn<QVariant>("memory");
        QTest::addColumn<int>("wantTimeout");
        QTest::addColumn<int>("wantHardLimit");
        QTest::addColumn<int>("wantMemory");
        QTest::newRow("zero") << QVariant(0) << QVariant(0) << QVariant(0) << 1 << 1 << 64;
        QTest::newRow("negative") << QVariant(-5) << QVariant(-1) << QVariant(-512) << 1 << 1 << 64;
        QTest::newRow("hard limit below timeout") << QVariant(300) << QVariant(10) << QVariant(512) << 300 << 300 << 512;
        // In milliseconds these would overflow an int.
        QTest::newRow("huge") << QVariant(2000000000) << QVariant(2000000000) << QVariant(2000000000)
                              << ToolRunSettings::kMaxTimeoutSec << ToolRunSettings::kMaxHardLimitSec
                              << ToolRunSettings::kMaxMemoryMb;
        QTest::newRow("not numbers") << QVariant(QStringLiteral("soon")) << QVariant(QStringLiteral("x"))
                                     << QVariant(QStringLiteral("lots")) << 1 << 1 << 64;
    }
    void limits()
    {
        QFETCH(QVariant, timeout);
        QFETCH(QVariant, hardLimit);
        QFETCH(QVariant, memory);
        QFETCH(int, wantTimeout);
        QFETCH(int, wantHardLimit);
        QFETCH(int, wantMemory);
        {
            QSettings s;
            s.beginGroup(QStringLiteral("toolRuns/") + kAlice + QStringLiteral("/weather"));
            s.setValue(QStringLiteral("timeoutSec"), timeout);
            s.setValue(QStringLiteral("hardLimitSec"), hardLimit);
            s.setValue(QStringLiteral("memoryMb"), memory);
        }
        const ToolRunSettings r = ToolRunSettings::load(kAlice, QStringLiteral("weather"));
        QCOMPARE(r.timeoutSec, wantTimeout);
        QCOMPARE(r.hardLimitSec, wantHardLimit);
        QCOMPARE(r.memoryMb, wantMemory);
        const RunOptions o = runOptionsFor(r, Integrations());
        QCOMPARE(qint64(o.timeoutMs), qint64(wantTimeout) * 1000);
        QCOMPARE(qint64(o.hardLimitMs), qint64(wantHardLimit) * 1000);
        QVERIFY(o.hardLimitMs >= o.timeoutMs);
    }

    void runOptions()
    {
        ToolRunSettings s;
        s.network = true;
        s.timeoutSec = 7;
        s.updateResetsTimeout = true;
        s.hardLimitSec = 70;
        s.memoryMb = 256;
        Integrations i;
        i.emailDb = QStringLiteral("/srv/mail/emails.db");
        const RunOptions o = runOptionsFor(s, i);
        QCOMPARE(o.network, true);
        QCOMPARE(o.timeoutMs, 7000);
        QCOMPARE(o.updateResetsTimeout, true);
        QCOMPARE(o.hardLimitMs, 70000);
        QCOMPARE(o.memoryMb, 256);
        QCOMPARE(o.emailDb, QStringLiteral("/srv/mail/emails.db"));
        QVERIFY(o.extraEnv.isEmpty()); // the environment comes from gatherRunInputs, not from here
        QVERIFY(o.params.isEmpty());
    }

    // DESIGN.md "Secrets": nothing sensitive goes to QSettings; a resource's secret fields live in
    // the keychain under `<user>/resource/<id>`.
    void integrationsKeepNoSecret()
    {
        Integrations i;
        i.emailDb = QStringLiteral("/srv/mail/emails.db");
        i.searxngUrl = QStringLiteral("http://search.local");
        i.browserRelayPort = 9222;
        i.apifyToken = true;
        i.resources = {{QStringLiteral("crm"),
                        QJsonObject{{QStringLiteral("url"), QStringLiteral("http://crm.local")},
                                    {QStringLiteral("apiKey"), QStringLiteral("sk-live-do-not-store")}},
                        {QStringLiteral("apiKey")}},
                       {QStringLiteral("wiki"), QJsonObject{{QStringLiteral("url"), QStringLiteral("http://wiki.local")}}, {}},
                       {QString(), QJsonObject{{QStringLiteral("url"), QStringLiteral("http://no-id")}}, {}}};
        i.save(kAlice);
        const QByteArray file = settingsFileText();
        QVERIFY2(file.contains("crm.local"), file.constData());
        QVERIFY2(!file.contains("sk-live-do-not-store"), file.constData());

        const Integrations back = Integrations::load(kAlice);
        QCOMPARE(back.emailDb, i.emailDb);
        QCOMPARE(back.searxngUrl, i.searxngUrl);
        QCOMPARE(back.browserRelayPort, 9222);
        QCOMPARE(back.apifyToken, true);
        QCOMPARE(back.browserRelayToken, false);
        QCOMPARE(back.resources.size(), 2); // a resource without an id is dropped
        QCOMPARE(back.resources[0].id, QStringLiteral("crm"));
        QCOMPARE(back.resources[0].config, (QJsonObject{{QStringLiteral("url"), QStringLiteral("http://crm.local")}}));
        QCOMPARE(back.resources[0].secretFields, QStringList{QStringLiteral("apiKey")});
        QCOMPARE(back.resources[1].id, QStringLiteral("wiki"));
        QVERIFY(Integrations::load(kBob).resources.isEmpty()); // per user

        // Saving fewer resources drops the others.
        Integrations fewer = back;
        fewer.resources.removeLast();
        fewer.save(kAlice);
        QCOMPARE(Integrations::load(kAlice).resources.size(), 1);

        QCOMPARE(back.secretKeys(kAlice), (QStringList{resourceSecretKey(kAlice, Integrations::kApifyId),
                                                       resourceSecretKey(kAlice, QStringLiteral("crm"))}));
        QCOMPARE(resourceSecretKey(kAlice, QStringLiteral("crm")), QStringLiteral("alice@example.com/resource/crm"));
    }

    void integrationEnvironment()
    {
        Integrations i;
        i.searxngUrl = QStringLiteral("http://search.local");
        i.browserRelayPort = 9222;
        i.apifyToken = true;
        i.browserRelayToken = true;
        i.resources = {{QStringLiteral("crm"), QJsonObject{{QStringLiteral("url"), QStringLiteral("http://crm.local")}},
                        {QStringLiteral("apiKey"), QStringLiteral("account")}},
                       {QStringLiteral("wiki"), QJsonObject{{QStringLiteral("url"), QStringLiteral("http://wiki.local")}}, {}}};
        const std::map<QString, QString> secrets = {
            {resourceSecretKey(kAlice, Integrations::kApifyId), QStringLiteral("apify-secret")},
            {resourceSecretKey(kAlice, Integrations::kBrowserRelayId), QStringLiteral("relay-secret")},
            {resourceSecretKey(kAlice, QStringLiteral("crm")), QStringLiteral("{\"apiKey\":\"crm-secret\",\"account\":\"crm-account\"}")},
            {resourceSecretKey(kBob, Integrations::kApifyId), QStringLiteral("bobs-secret")},
        };
        const IntegrationEnvironment e = tw::engine::integrationEnvironment(i, kAlice, secrets);
        QCOMPARE(e.env.value(QStringLiteral("PI_SEARXNG_URL")), QStringLiteral("http://search.local"));
        QCOMPARE(e.env.value(QStringLiteral("OFFICER_BROWSER_RELAY_PORT")), QStringLiteral("9222"));
        QCOMPARE(e.env.value(QStringLiteral("OFFICER_APIFY_TOKEN")), QStringLiteral("apify-secret"));
        QCOMPARE(e.env.value(QStringLiteral("OFFICER_BROWSER_RELAY_TOKEN")), QStringLiteral("relay-secret"));
        const QJsonObject resources = QJsonDocument::fromJson(e.env.value(QStringLiteral("OFFICER_RESOURCES")).toUtf8()).object();
        QCOMPARE(resources, (QJsonObject{{QStringLiteral("crm"), QJsonObject{{QStringLiteral("url"), QStringLiteral("http://crm.local")},
                                                                             {QStringLiteral("apiKey"), QStringLiteral("crm-secret")},
                                                                             {QStringLiteral("account"), QStringLiteral("crm-account")}}},
                                         {QStringLiteral("wiki"), QJsonObject{{QStringLiteral("url"), QStringLiteral("http://wiki.local")}}}}));
        // Every secret string is masked in what a run shows; the user's own only.
        QStringList masked = e.secretValues;
        masked.sort();
        QCOMPARE(masked, (QStringList{QStringLiteral("apify-secret"), QStringLiteral("crm-account"), QStringLiteral("crm-secret"),
                                       QStringLiteral("relay-secret")}));
        QCOMPARE(e.env.keys().size(), 5);

        // Nothing configured (so no keychain key asked for): only OFFICER_RESOURCES, an empty object.
        QVERIFY(Integrations().secretKeys(kAlice).isEmpty());
        const IntegrationEnvironment none = tw::engine::integrationEnvironment(Integrations(), kAlice, {});
        QCOMPARE(none.env.keys(), QStringList{QStringLiteral("OFFICER_RESOURCES")});
        QCOMPARE(none.env.value(QStringLiteral("OFFICER_RESOURCES")), QStringLiteral("{}"));
        QVERIFY(none.secretValues.isEmpty());
        // A token flagged as configured but missing from the keychain is not set (not set empty).
        const IntegrationEnvironment missing = tw::engine::integrationEnvironment(i, kAlice, {});
        QVERIFY(!missing.env.contains(QStringLiteral("OFFICER_APIFY_TOKEN")));
        QVERIFY(missing.secretValues.isEmpty());
    }
};

int main(int argc, char *argv[])
{
    // Settings of this run only, never the user's.
    QTemporaryDir config;
    qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("toolwright"));
    QCoreApplication::setApplicationName(QStringLiteral("toolwright"));
    TestRunSettings test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runsettings.moc"
