#include "secrets/secretbackend.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <optional>

namespace tw::engine {

namespace {

// The program that owns a bus name, for telling gnome-keyring from KeePassXC.
QString ownerProgram(QDBusConnectionInterface *bus, const QString &name)
{
    const QDBusReply<uint> pid = bus->servicePid(name);
    if (!pid.isValid())
        return {};
    // The executable's name (comm is cut at 15 characters: "gnome-keyring-d").
    const QString exe = QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid.value())).symLinkTarget();
    if (!exe.isEmpty())
        return QFileInfo(exe).fileName();
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pid.value()));
    return comm.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(comm.readAll()).trimmed() : QString();
}

QAtomicInt g_mainThreadDetections;

} // namespace

int keychainDetectionsOnMainThread()
{
    return g_mainThreadDetections.loadRelaxed();
}

KeychainBackend detectKeychainBackend(bool describe)
{
    if (const QCoreApplication *app = QCoreApplication::instance(); app && QThread::currentThread() == app->thread())
        g_mainThreadDetections.ref();
    KeychainBackend b;
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        b.problem = QStringLiteral("there is no D-Bus session bus (%1)")
                        .arg(qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")
                                 ? QStringLiteral("DBUS_SESSION_BUS_ADDRESS is not set")
                                 : bus.lastError().message());
        return b;
    }
    QDBusConnectionInterface *iface = bus.interface();
    std::optional<QDBusReply<QStringList>> activatable; // asked for only when a name is not owned
    const auto present = [&](const QString &name) {
        const QDBusReply<bool> owned = iface->isServiceRegistered(name);
        if (owned.isValid() && owned.value())
            return true;
        if (!activatable)
            activatable = iface->activatableServiceNames();
        return activatable->isValid() && activatable->value().contains(name);
    };
    const QString secrets = QStringLiteral("org.freedesktop.secrets");
    if (present(secrets)) {
        b.kind = KeychainBackend::Kind::SecretService;
        const QString owner = describe ? ownerProgram(iface, secrets) : QString();
        b.description = owner.isEmpty() ? QStringLiteral("Secret Service (started on demand)")
                                        : QStringLiteral("Secret Service (%1)").arg(owner);
        return b;
    }
    for (const QString &kwallet : {QStringLiteral("org.kde.kwalletd6"), QStringLiteral("org.kde.kwalletd5")}) {
        if (present(kwallet)) {
            b.kind = KeychainBackend::Kind::KWallet;
            b.description = QStringLiteral("KWallet (%1)").arg(kwallet);
            return b;
        }
    }
    b.problem = QStringLiteral("no keychain service on the D-Bus session bus (neither org.freedesktop.secrets nor KWallet)");
    return b;
}

} // namespace tw::engine
