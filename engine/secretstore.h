#pragma once
// Where sensitive inputs and integration tokens live (DESIGN.md "Secrets"): the OS keychain
// through QtKeychain, service `toolwright`, key `<user>/<tool>/<input>` or `<user>/resource/<id>`.
// Never a plaintext file, never QSettings: the keychain backend refuses QtKeychain's insecure
// plaintext fallback, and with no keychain backend on the host it refuses to store anything,
// naming what is missing. The one alternative is the user's explicit choice of the encrypted
// secret file (secretfile.h), in Settings → Secrets or with `--store file`.
//
// The interface is asynchronous, as QtKeychain is; `SecretStore::wait` runs a local event loop
// for the CLI. Unit tests use MemorySecretStore; the keychain suite uses the real thing.

#include "secretmasker.h" // maskSecrets, kSecretMarker: what every caller of the store masks with

#include <QObject>
#include <QString>

#include <functional>
#include <map>
#include <memory>

namespace tw::engine {

inline const QString kKeychainService = QStringLiteral("toolwright");

QString secretKey(const QString &user, const QString &tool, const QString &input);
QString resourceSecretKey(const QString &user, const QString &resourceId);

struct SecretResult
{
    enum class Status { Ok, NotFound, Failed };
    Status status = Status::Failed;
    QString value;   // for a read that found the secret
    QString error;   // for Failed: what the keychain said
    bool ok() const { return status == Status::Ok; }
};

class SecretStore
{
public:
    using Callback = std::function<void(const SecretResult &)>;
    virtual ~SecretStore() = default;
    // `context` bounds the callback's life: it is not called once context is gone.
    virtual void read(const QString &key, QObject *context, Callback done) = 0;
    virtual void write(const QString &key, const QString &value, QObject *context, Callback done) = 0;
    virtual void remove(const QString &key, QObject *context, Callback done) = 0;

    // Blocking forms for the CLI and tests (a local event loop; never from a GUI slot).
    SecretResult readNow(const QString &key);
    SecretResult writeNow(const QString &key, const QString &value);
    SecretResult removeNow(const QString &key);
};

// How many times this process has looked for a keychain backend (for tests: once found, never
// again).
int keychainBackendDetections();

class KeychainSecretStore final : public SecretStore
{
public:
    // Each operation first checks that a keychain backend exists (secretbackend.h), on a worker
    // thread until one is found, then never again; without one it fails with that message
    // instead of letting QtKeychain guess.
    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;
};

// In memory, for unit tests and for the GUI tests that must not touch the user's keychain.
class MemorySecretStore final : public SecretStore
{
public:
    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;
    const std::map<QString, QString> &contents() const { return m_values; }

private:
    std::map<QString, QString> m_values;
};

class EncryptedFileSecretStore;

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
