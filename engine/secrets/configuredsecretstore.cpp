#include "secrets/configuredsecretstore.h"

#include "secrets/secretbackend.h"

#include <QFutureWatcher>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

SecretStoreConfig SecretStoreConfig::load()
{
    QSettings s;
    SecretStoreConfig c;
    c.kind = s.value(QStringLiteral("secrets/store")).toString() == u"file" ? Kind::File : Kind::Keychain;
    c.filePath = s.value(QStringLiteral("secrets/file"), EncryptedFileSecretStore::defaultPath()).toString();
    return c;
}

void SecretStoreConfig::save() const
{
    QSettings s;
    s.setValue(QStringLiteral("secrets/store"), kind == Kind::File ? QStringLiteral("file") : QStringLiteral("keychain"));
    s.setValue(QStringLiteral("secrets/file"), filePath);
}

ConfiguredSecretStore::ConfiguredSecretStore() = default;
ConfiguredSecretStore::~ConfiguredSecretStore() = default;

SecretStoreConfig::Kind ConfiguredSecretStore::kind() const
{
    return m_hasOverride ? m_override : SecretStoreConfig::load().kind;
}

EncryptedFileSecretStore &ConfiguredSecretStore::file()
{
    const QString path = SecretStoreConfig::load().filePath;
    if (!m_file || m_file->path() != path)
        m_file = std::make_unique<EncryptedFileSecretStore>(path);
    return *m_file;
}

QString ConfiguredSecretStore::lockedPath() const
{
    if (kind() != SecretStoreConfig::Kind::File)
        return {};
    const QString path = SecretStoreConfig::load().filePath;
    return m_file && m_file->path() == path && m_file->isUnlocked() ? QString() : path;
}

bool ConfiguredSecretStore::unlock(const QString &passphrase, QString *error)
{
    return kind() == SecretStoreConfig::Kind::File ? file().unlock(passphrase, error) : true;
}

namespace {

QString describeKeychain(const KeychainBackend &b)
{
    return b.available() ? QStringLiteral("OS keychain: %1").arg(b.description)
                         : QStringLiteral("OS keychain: unavailable — %1").arg(b.problem);
}

} // namespace

QString ConfiguredSecretStore::describeNow()
{
    if (kind() == SecretStoreConfig::Kind::File) {
        EncryptedFileSecretStore &f = file();
        return QStringLiteral("encrypted file: %1 (%2)")
            .arg(f.path(), !f.exists() ? QStringLiteral("not created yet") : f.isUnlocked() ? QStringLiteral("unlocked")
                                                                                            : QStringLiteral("locked"));
    }
    return describeKeychain(detectKeychainBackend());
}

void ConfiguredSecretStore::describe(QObject *context, std::function<void(const QString &line)> done)
{
    if (kind() == SecretStoreConfig::Kind::File) {
        // Only the file's state: no bus call. Still answered on a later turn, as the keychain's is.
        QMetaObject::invokeMethod(context, [done = std::move(done), line = describeNow()] { done(line); }, Qt::QueuedConnection);
        return;
    }
    auto *watcher = new QFutureWatcher<KeychainBackend>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)] {
        watcher->deleteLater();
        done(describeKeychain(watcher->result()));
    });
    watcher->setFuture(QtConcurrent::run([] { return detectKeychainBackend(); }));
}

SecretStore *ConfiguredSecretStore::current()
{
    if (kind() == SecretStoreConfig::Kind::Keychain)
        return &m_keychain;
    return &file(); // locked: the operation fails with "locked", it never asks
}

void ConfiguredSecretStore::read(const QString &key, QObject *context, Callback done)
{
    current()->read(key, context, std::move(done));
}

void ConfiguredSecretStore::write(const QString &key, const QString &value, QObject *context, Callback done)
{
    current()->write(key, value, context, std::move(done));
}

void ConfiguredSecretStore::remove(const QString &key, QObject *context, Callback done)
{
    current()->remove(key, context, std::move(done));
}

} // namespace tw::engine
