#pragma once
// The secret store the user chose in Settings → Secrets: the OS keychain (the default) or the
// encrypted secret file (secretfile.h). Kept apart from secretstore.h, which the file store
// itself builds on.

#include "secrets/secretfile.h"
#include "secrets/secretstore.h"

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

// The store the settings name, switching when they change. The encrypted file asks for its
// passphrase through `setUnlockPrompt` when an operation finds it locked (the GUI shows a
// dialog; the CLI reads a terminal or a file descriptor); without a prompt, or when the prompt
// declines, the operation fails with "locked".
class ConfiguredSecretStore final : public SecretStore
{
public:
    using UnlockPrompt = std::function<bool(EncryptedFileSecretStore &file)>;
    ConfiguredSecretStore();
    ~ConfiguredSecretStore() override;
    // A fixed choice instead of the settings (the CLI's --store).
    void overrideKind(SecretStoreConfig::Kind kind) { m_override = kind; m_hasOverride = true; }
    SecretStoreConfig::Kind kind() const;
    void setUnlockPrompt(UnlockPrompt prompt) { m_prompt = std::move(prompt); }
    EncryptedFileSecretStore &file(); // the configured file (recreated when its path changes)
    // A line for status displays: "OS keychain: Secret Service (gnome-keyring-daemon)".
    QString describe();

    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;

private:
    SecretStore *current();
    KeychainSecretStore m_keychain;
    std::unique_ptr<EncryptedFileSecretStore> m_file;
    UnlockPrompt m_prompt;
    SecretStoreConfig::Kind m_override = SecretStoreConfig::Kind::Keychain;
    bool m_hasOverride = false;
};

} // namespace tw::engine
