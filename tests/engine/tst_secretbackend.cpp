// Which keychain backend QtKeychain would use, on a D-Bus daemon of the test's own: no bus at
// all, a bus without a keychain, KWallet 5 and 6, the Secret Service owned by a program (named
// in the description) or started on demand, and the Secret Service preferred over KWallet.
// Each case is detected by a fresh copy of this program, as Qt connects to the session bus
// once per process.

#include "secrets/secretbackend.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace tw::engine;

namespace {

const QString kSecrets = QStringLiteral("org.freedesktop.secrets");
const QString kWallet5 = QStringLiteral("org.kde.kwalletd5");
const QString kWallet6 = QStringLiteral("org.kde.kwalletd6");

// A session bus of this test alone; `services` become activatable (started on demand).
class PrivateBus final
{
public:
    explicit PrivateBus(const QStringList &services = {})
    {
        const QString serviceDir = m_dir.path() + QStringLiteral("/services");
        QDir().mkpath(serviceDir);
        for (const QString &name : services) {
            QFile f(serviceDir + u'/' + name + QStringLiteral(".service"));
            if (f.open(QIODevice::WriteOnly))
                f.write("[D-BUS Service]\nName=" + name.toUtf8() + "\nExec=/bin/false\n");
        }
        QFile config(m_dir.path() + QStringLiteral("/bus.conf"));
        if (config.open(QIODevice::WriteOnly)) {
            config.write("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
                         " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                         "<busconfig>\n  <type>session</type>\n  <listen>unix:path=" + QFile::encodeName(m_dir.path()) + "/bus</listen>\n"
                         "  <servicedir>" + QFile::encodeName(serviceDir) + "</servicedir>\n"
                         "  <policy context=\"default\">\n    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
                         "    <allow eavesdrop=\"true\"/>\n    <allow own=\"*\"/>\n  </policy>\n</busconfig>\n");
        }
        config.close();
        m_daemon.start(QStringLiteral("dbus-daemon"), {QStringLiteral("--config-file=") + config.fileName(), QStringLiteral("--nofork"),
                                                       QStringLiteral("--print-address=1")});
        if (m_daemon.waitForStarted(10000) && m_daemon.waitForReadyRead(10000))
            m_address = QString::fromUtf8(m_daemon.readLine()).trimmed();
    }
    ~PrivateBus()
    {
        QDBusConnection::disconnectFromBus(QStringLiteral("tw-test-bus"));
        m_daemon.kill();
        m_daemon.waitForFinished();
    }
    Q_DISABLE_COPY_MOVE(PrivateBus)

    QString address() const { return m_address; }
    // This process owns `name` on the bus.
    bool own(const QString &name)
    {
        QDBusConnection c = QDBusConnection::connectToBus(m_address, QStringLiteral("tw-test-bus"));
        return c.isConnected() && c.registerService(name);
    }

private:
    QTemporaryDir m_dir;
    QProcess m_daemon;
    QString m_address;
};

// What a fresh process detects with `env` (the session bus address among it).
QJsonObject detectIn(const QProcessEnvironment &env, bool describe = true)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QCoreApplication::applicationFilePath(), {describe ? QStringLiteral("--detect") : QStringLiteral("--detect-quietly")});
    if (!p.waitForFinished(60000))
        return {{QStringLiteral("error"), QStringLiteral("the detecting process did not finish")}};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

// The environment of a desktop session with no bus to fall back on: nothing but the address.
QProcessEnvironment withBus(const QString &address)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QLatin1StringView(name));
    if (!address.isNull())
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), address);
    return env;
}

int detectMain(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const KeychainBackend b = detectKeychainBackend(qstrcmp(argv[1], "--detect") == 0);
    const char *kind = b.kind == KeychainBackend::Kind::SecretService ? "secret-service"
                       : b.kind == KeychainBackend::Kind::KWallet     ? "kwallet"
                                                                      : "none";
    const QJsonObject o{{QStringLiteral("kind"), QLatin1StringView(kind)},
                        {QStringLiteral("available"), b.available()},
                        {QStringLiteral("description"), b.description},
                        {QStringLiteral("problem"), b.problem}};
    std::fputs(QJsonDocument(o).toJson(QJsonDocument::Compact).constData(), stdout);
    return 0;
}

} // namespace

class TestSecretBackend final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void noSessionBus()
    {
        const QJsonObject o = detectIn(withBus(QString()));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("none"));
        QCOMPARE(o[QStringLiteral("available")].toBool(), false);
        QVERIFY2(o[QStringLiteral("problem")].toString().contains(QStringLiteral("DBUS_SESSION_BUS_ADDRESS is not set")),
                 qPrintable(o[QStringLiteral("problem")].toString()));
    }

    void busGone()
    {
        QTemporaryDir tmp;
        const QJsonObject o = detectIn(withBus(QStringLiteral("unix:path=") + tmp.path() + QStringLiteral("/no-bus-here")));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("none"));
        QVERIFY2(o[QStringLiteral("problem")].toString().startsWith(QStringLiteral("there is no D-Bus session bus (")),
                 qPrintable(o[QStringLiteral("problem")].toString()));
        QVERIFY(!o[QStringLiteral("problem")].toString().contains(QStringLiteral("is not set")));
    }

    void busWithoutAKeychain()
    {
        PrivateBus bus;
        QVERIFY(!bus.address().isEmpty());
        const QJsonObject o = detectIn(withBus(bus.address()));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("none"));
        QVERIFY2(o[QStringLiteral("problem")].toString().contains(QStringLiteral("neither org.freedesktop.secrets nor KWallet")),
                 qPrintable(o[QStringLiteral("problem")].toString()));
    }

    void kwallet()
    {
        PrivateBus bus;
        QVERIFY(bus.own(kWallet5));
        QJsonObject o = detectIn(withBus(bus.address()));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("kwallet"));
        QCOMPARE(o[QStringLiteral("available")].toBool(), true);
        QCOMPARE(o[QStringLiteral("description")].toString(), QStringLiteral("KWallet (org.kde.kwalletd5)"));
        QVERIFY(o[QStringLiteral("problem")].toString().isEmpty());
        // KWallet 6 is asked for first.
        QVERIFY(bus.own(kWallet6));
        o = detectIn(withBus(bus.address()));
        QCOMPARE(o[QStringLiteral("description")].toString(), QStringLiteral("KWallet (org.kde.kwalletd6)"));
    }

    // The Secret Service wins over KWallet (KWallet ≥ 5.97 provides it too), and the description
    // names the program that owns it: this test.
    void secretServiceOwned()
    {
        PrivateBus bus;
        QVERIFY(bus.own(kWallet5));
        QVERIFY(bus.own(kSecrets));
        const QJsonObject o = detectIn(withBus(bus.address()));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("secret-service"));
        QCOMPARE(o[QStringLiteral("description")].toString(),
                 QStringLiteral("Secret Service (%1)").arg(QFileInfo(QCoreApplication::applicationFilePath()).fileName()));
        // Without the description (the per-operation check), the same answer.
        QCOMPARE(detectIn(withBus(bus.address()), false)[QStringLiteral("kind")].toString(), QStringLiteral("secret-service"));
    }

    // Nobody owns it yet, but D-Bus would start it on the first call (gnome-keyring's usual way).
    void secretServiceOnDemand()
    {
        PrivateBus bus({kSecrets});
        const QJsonObject o = detectIn(withBus(bus.address()));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("secret-service"));
        QCOMPARE(o[QStringLiteral("description")].toString(), QStringLiteral("Secret Service (started on demand)"));
    }

    void kwalletOnDemand()
    {
        PrivateBus bus({kWallet5});
        const QJsonObject o = detectIn(withBus(bus.address()));
        QCOMPARE(o[QStringLiteral("kind")].toString(), QStringLiteral("kwallet"));
        QCOMPARE(o[QStringLiteral("description")].toString(), QStringLiteral("KWallet (org.kde.kwalletd5)"));
    }
};

int main(int argc, char *argv[])
{
    if (argc == 2 && (qstrcmp(argv[1], "--detect") == 0 || qstrcmp(argv[1], "--detect-quietly") == 0))
        return detectMain(argc, argv);
    QCoreApplication app(argc, argv);
    TestSecretBackend test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_secretbackend.moc"
