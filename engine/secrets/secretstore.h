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

#include "secrets/secretmasker.h" // maskSecrets, kSecretMarker: what every caller of the store masks with

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

    // A store that needs a passphrase first (the encrypted file, secretfile.h) names what is
    // locked; empty when operations can go ahead. An operation on a locked store fails with
    // "locked": it never asks. Whoever may ask the user unlocks first (RunLauncher's unlock
    // step, Settings → Secrets, the CLI's --passphrase-fd).
    virtual QString lockedPath() const { return {}; }
    virtual bool unlock(const QString &passphrase, QString *error)
    {
        Q_UNUSED(passphrase);
        Q_UNUSED(error);
        return true;
    }

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
    void insert(const QString &key, const QString &value) { m_values[key] = value; }

private:
    std::map<QString, QString> m_values;
};

} // namespace tw::engine
