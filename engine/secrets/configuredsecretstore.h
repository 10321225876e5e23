#pragma once
// The secret store the user chose in Settings → Secrets: the OS keychain (the default) or the
// encrypted secret file (secretfile.h). Kept apart from secretstore.h, which the file store
// itself builds on.

#include "secrets/secretfile.h"
#include "secrets/secretstore.h"

#include <functional>
#include <memory>

namespace tw::engine {

// Which store the user chose (QSettings `secrets/store`: "keychain", the default, or "file";
// `secrets/file`: the encrypted file's path).
struct SecretStoreConfig
{
    enum class Kind { Keychain, File };
    Kind kind = Kind::Keychain;
    QString filePath;
    static SecretStoreConfig load();
    void save() const;
};

// The store the settings name, switching when they change. The encrypted file is never
// unlocked from inside an operation: a locked file fails with "locked" (lockedPath() says so
// before anything is tried), and the caller unlocks it first — the Run view through
// RunLauncher's unlock step, Settings → Secrets, the CLI with --passphrase-fd or a terminal.
// A prompt inside a read would be a dialog's event loop nested in an engine call.
class ConfiguredSecretStore final : public SecretStore
{
public:
    ConfiguredSecretStore();
    ~ConfiguredSecretStore() override;
    // A fixed choice instead of the settings (the CLI's --store).
    void overrideKind(SecretStoreConfig::Kind kind) { m_override = kind; m_hasOverride = true; }
    SecretStoreConfig::Kind kind() const;
    EncryptedFileSecretStore &file(); // the configured file (recreated when its path changes)
    QString lockedPath() const override;
    bool unlock(const QString &passphrase, QString *error) override;
    // A line for status displays: "OS keychain: Secret Service (gnome-keyring-daemon)". Blocking
    // (the keychain's detection is a D-Bus call): the CLI and tests only.
    QString describeNow();
    // The same, found on a worker thread and handed to `done` on `context`'s thread (dropped if
    // `context` is gone): for the GUI.
    void describe(QObject *context, std::function<void(const QString &line)> done);

    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;

private:
    SecretStore *current();
    KeychainSecretStore m_keychain;
    std::unique_ptr<EncryptedFileSecretStore> m_file;
    SecretStoreConfig::Kind m_override = SecretStoreConfig::Kind::Keychain;
    bool m_hasOverride = false;
};

} // namespace tw::engine
