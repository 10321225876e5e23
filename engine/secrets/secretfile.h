#pragma once
// The encrypted secret file: the explicit alternative to the OS keychain for a host without
// one (issue 8). One file, mode 0600, holding a JSON header and one sealed box:
//
//   {"format":"toolwright-secrets","version":1,"kdf":"argon2id13","opslimit":N,"memlimit":N,
//    "salt":"<base64, 16 bytes, made when the file is created>",
//    "nonce":"<base64, 24 bytes, new on every write>","box":"<base64>"}
//
// The key is Argon2id(passphrase, salt) — libsodium's crypto_pwhash at its "interactive"
// limits — and the box is crypto_secretbox (XSalsa20-Poly1305) of a JSON object
// {"<key>": "<value>"}. A wrong passphrase or a changed file fails authentication: nothing is
// read from it. The derived key lives in locked memory (sodium_malloc) while the store is
// unlocked; the passphrase itself is wiped once the key is made. Every write is atomic
// (QSaveFile) and re-reads the file first, so a GUI and a CLI can share it.

#include "secrets/secretstore.h"

#include <QByteArray>
#include <QJsonObject>

namespace tw::engine {

class EncryptedFileSecretStore final : public SecretStore
{
public:
    static constexpr int kMinPassphraseChars = 8;

    explicit EncryptedFileSecretStore(QString path);
    ~EncryptedFileSecretStore() override;
    Q_DISABLE_COPY_MOVE(EncryptedFileSecretStore)

    static QString defaultPath(); // <app data>/secrets.twsecrets
    QString path() const { return m_path; }
    bool exists() const;
    bool isUnlocked() const { return m_key != nullptr; }
    // Derives the key and checks it against the file; creates an empty file when there is none
    // yet (then the passphrase must have kMinPassphraseChars). False with a message otherwise.
    bool unlock(const QString &passphrase, QString *error) override;
    void lock();
    QString lockedPath() const override { return isUnlocked() ? QString() : m_path; }

    void read(const QString &key, QObject *context, Callback done) override;
    void write(const QString &key, const QString &value, QObject *context, Callback done) override;
    void remove(const QString &key, QObject *context, Callback done) override;

private:
    bool load(QJsonObject *entries, QString *error) const;
    bool save(const QJsonObject &entries, QString *error) const;
    SecretResult locked() const;
    void withEntries(const Callback &done, const std::function<SecretResult(QJsonObject &, bool *changed)> &change);

    QString m_path;
    unsigned char *m_key = nullptr; // crypto_secretbox_KEYBYTES in sodium_malloc'd memory
    QByteArray m_salt;
    quint64 m_opslimit = 0;
    quint64 m_memlimit = 0;
};

} // namespace tw::engine
