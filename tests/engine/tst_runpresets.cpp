// What a run form remembers per user and tool: named presets and the last inputs. Sensitive
// inputs never reach the settings file, whatever the caller passes or an older file holds
// (DESIGN.md "Secrets").

#include "run/runpresets.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;

namespace {

ToolManifest weather()
{
    ToolManifest m;
    m.name = QStringLiteral("weather");
    InputSpec city;
    city.name = QStringLiteral("city");
    InputSpec token;
    token.name = QStringLiteral("api_token");
    token.sensitive = true;
    m.inputs = {city, token};
    return m;
}

const QJsonObject kParams{{QStringLiteral("city"), QStringLiteral("Oslo")}, {QStringLiteral("api_token"), QStringLiteral("tok-SECRET-1")}};
const QJsonObject kPlain{{QStringLiteral("city"), QStringLiteral("Oslo")}};

QByteArray settingsFileText()
{
    QSettings s;
    s.sync();
    QFile f(s.fileName());
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRunPresets final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QSettings().clear(); }

    void saveLoadRemove()
    {
        RunPresets p(QStringLiteral("alice@x"), weather());
        QVERIFY(p.names().isEmpty());
        QVERIFY(!p.contains(QStringLiteral("home")));
        QVERIFY(p.load(QStringLiteral("home")).isEmpty());
        p.save(QStringLiteral("home"), kParams);
        QVERIFY(p.contains(QStringLiteral("home")));
        QCOMPARE(p.load(QStringLiteral("home")), kPlain);
        // Saving under an existing name replaces it.
        p.save(QStringLiteral("home"), QJsonObject{{QStringLiteral("city"), QStringLiteral("Bergen")}});
        QCOMPARE(p.load(QStringLiteral("home"))[QStringLiteral("city")].toString(), QStringLiteral("Bergen"));
        QCOMPARE(p.names(), QStringList{QStringLiteral("home")});
        p.remove(QStringLiteral("home"));
        QVERIFY(!p.contains(QStringLiteral("home")));
        QVERIFY(p.names().isEmpty());
        // The last preset gone, nothing of them stays in the file.
        QVERIFY2(!settingsFileText().contains("presets"), settingsFileText().constData());
        p.remove(QStringLiteral("never there")); // harmless
    }

    // Names are shown sorted as a person reads them, and may hold any character.
    void names()
    {
        RunPresets p(QStringLiteral("alice@x"), weather());
        for (const QString &name : {QStringLiteral("zeta"), QStringLiteral("Alpha"), QStringLiteral("beta/gamma"),
                                    QStringLiteral("Ärger"), QStringLiteral("a = b; [c]")})
            p.save(name, kPlain);
        const QStringList names = p.names();
        QCOMPARE(names.size(), 5);
        // In the user's collation (which one depends on the locale the test runs in).
        for (qsizetype i = 1; i < names.size(); ++i)
            QVERIFY2(names[i - 1].localeAwareCompare(names[i]) <= 0, qPrintable(names.join(u'|')));
        QCOMPARE(p.load(QStringLiteral("beta/gamma")), kPlain); // '/' is no settings group here
        QCOMPARE(RunPresets(QStringLiteral("alice@x"), weather()).names(), p.names()); // persisted
    }

    void perUserAndTool()
    {
        RunPresets(QStringLiteral("alice@x"), weather()).save(QStringLiteral("home"), kPlain);
        RunPresets(QStringLiteral("alice@x"), weather()).setLastUsed(kPlain);
        QVERIFY(RunPresets(QStringLiteral("bob@x"), weather()).names().isEmpty());
        QVERIFY(RunPresets(QStringLiteral("bob@x"), weather()).lastUsed().isEmpty());
        ToolManifest other = weather();
        other.name = QStringLiteral("weather_2");
        QVERIFY(RunPresets(QStringLiteral("alice@x"), other).names().isEmpty());
        // The global form (no user) is a set of its own too.
        RunPresets global(QString(), weather());
        QVERIFY(global.names().isEmpty());
        global.save(QStringLiteral("g"), kPlain);
        QCOMPARE(global.names(), QStringList{QStringLiteral("g")});
        QCOMPARE(RunPresets(QStringLiteral("alice@x"), weather()).names(), QStringList{QStringLiteral("home")});
    }

    void lastUsed()
    {
        RunPresets p(QStringLiteral("alice@x"), weather());
        QVERIFY(p.lastUsed().isEmpty());
        p.setLastUsed(kParams);
        QCOMPARE(p.lastUsed(), kPlain);
        p.setLastUsed(QJsonObject{{QStringLiteral("city"), QStringLiteral("Rome")}});
        QCOMPARE(RunPresets(QStringLiteral("alice@x"), weather()).lastUsed()[QStringLiteral("city")].toString(), QStringLiteral("Rome"));
    }

    // Neither a preset nor the last inputs carry a sensitive value to disk, and one that an older
    // version (or a hand edit) left there is not handed back.
    void sensitiveInputsNeverStored()
    {
        RunPresets p(QStringLiteral("alice@x"), weather());
        p.save(QStringLiteral("with token"), kParams);
        p.setLastUsed(kParams);
        QVERIFY(!settingsFileText().contains("tok-SECRET-1"));
        {
            QSettings s;
            s.setValue(QStringLiteral("runForms/alice@x/weather/presets"),
                       QJsonDocument(QJsonObject{{QStringLiteral("old"), kParams}}).toJson(QJsonDocument::Compact));
            s.setValue(QStringLiteral("runForms/alice@x/weather/last"), QJsonDocument(kParams).toJson(QJsonDocument::Compact));
        }
        QVERIFY(settingsFileText().contains("tok-SECRET-1")); // planted
        QCOMPARE(p.load(QStringLiteral("old")), kPlain);
        QCOMPARE(p.lastUsed(), kPlain);
        // The next save rewrites the presets without it.
        p.save(QStringLiteral("new"), kPlain);
        p.setLastUsed(kPlain);
        QVERIFY(!settingsFileText().contains("tok-SECRET-1"));
    }

    // A stored value that is not a JSON object (a hand edit) reads as nothing, not as a crash.
    void corruptValues()
    {
        {
            QSettings s;
            s.setValue(QStringLiteral("runForms/alice@x/weather/presets"), QStringLiteral("{not json"));
            s.setValue(QStringLiteral("runForms/alice@x/weather/last"), QStringLiteral("[1,2]"));
        }
        RunPresets p(QStringLiteral("alice@x"), weather());
        QVERIFY(p.names().isEmpty());
        QVERIFY(p.lastUsed().isEmpty());
        p.save(QStringLiteral("fresh"), kPlain);
        QCOMPARE(p.names(), QStringList{QStringLiteral("fresh")});
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
    TestRunPresets test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runpresets.moc"
