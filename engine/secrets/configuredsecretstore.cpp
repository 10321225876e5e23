#include "secrets/configuredsecretstore.h"

#include "secrets/secretbackend.h"

#include <QSettings>

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

QString ConfiguredSecretStore::describe()
{
    if (kind() == SecretStoreConfig::Kind::File) {
        EncryptedFileSecretStore &f = file();
        return QStringLiteral("encrypted file: %1 (%2)")
            .arg(f.path(), !f.exists() ? QStringLiteral("not created yet") : f.isUnlocked() ? QStringLiteral("unlocked")
                                                                                            : QStringLiteral("locked"));
    }
    const KeychainBackend b = detectKeychainBackend();
    return b.available() ? QStringLiteral("OS keychain: %1").arg(b.description)
                         : QStringLiteral("OS keychain: unavailable — %1").arg(b.problem);
}

SecretStore *ConfiguredSecretStore::current()
{
    if (kind() == SecretStoreConfig::Kind::Keychain)
        return &m_keychain;
    EncryptedFileSecretStore &f = file();
    if (!f.isUnlocked() && m_prompt)
        m_prompt(f);
    return &f;
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
