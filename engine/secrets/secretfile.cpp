#include "secrets/secretfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>

#include <sodium.h>

namespace tw::engine {

namespace {

const QString kFormat = QStringLiteral("toolwright-secrets");

bool sodiumReady()
{
    static const bool ready = sodium_init() >= 0;
    return ready;
}

QString b64(const QByteArray &bytes) { return QString::fromLatin1(bytes.toBase64()); }
QByteArray unb64(const QJsonValue &v) { return QByteArray::fromBase64(v.toString().toLatin1()); }

// The whole file's header and box; `error` names the file.
struct Sealed
{
    QByteArray salt, nonce, box;
    quint64 opslimit = 0, memlimit = 0;
};

bool readSealed(const QString &path, Sealed *s, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonObject o = QJsonDocument::fromJson(f.read(16 * 1024 * 1024), &pe).object();
    if (pe.error != QJsonParseError::NoError || o.value(QStringLiteral("format")).toString() != kFormat
        || o.value(QStringLiteral("version")).toInt() != 1 || o.value(QStringLiteral("kdf")).toString() != u"argon2id13") {
        *error = QStringLiteral("%1 is not a Toolwright secret file (version 1)").arg(path);
        return false;
    }
    s->salt = unb64(o.value(QStringLiteral("salt")));
    s->nonce = unb64(o.value(QStringLiteral("nonce")));
    s->box = unb64(o.value(QStringLiteral("box")));
    s->opslimit = quint64(o.value(QStringLiteral("opslimit")).toDouble());
    s->memlimit = quint64(o.value(QStringLiteral("memlimit")).toDouble());
    if (s->salt.size() != crypto_pwhash_SALTBYTES || s->nonce.size() != crypto_secretbox_NONCEBYTES
        || s->box.size() < qsizetype(crypto_secretbox_MACBYTES) || s->opslimit < crypto_pwhash_OPSLIMIT_MIN
        || s->opslimit > crypto_pwhash_OPSLIMIT_SENSITIVE || s->memlimit < crypto_pwhash_MEMLIMIT_MIN
        || s->memlimit > crypto_pwhash_MEMLIMIT_SENSITIVE) {
        *error = QStringLiteral("%1 is damaged (its header does not hold together)").arg(path);
        return false;
    }
    return true;
}

} // namespace

EncryptedFileSecretStore::EncryptedFileSecretStore(QString path) : m_path(std::move(path)) {}

EncryptedFileSecretStore::~EncryptedFileSecretStore()
{
    lock();
}

QString EncryptedFileSecretStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/secrets.twsecrets");
}

bool EncryptedFileSecretStore::exists() const
{
    return QFileInfo(m_path).isFile();
}

void EncryptedFileSecretStore::lock()
{
    if (m_key) {
        sodium_free(m_key); // wipes it
        m_key = nullptr;
    }
}

bool EncryptedFileSecretStore::unlock(const QString &passphrase, QString *error)
{
    if (!sodiumReady()) {
        *error = QStringLiteral("libsodium could not be initialised");
        return false;
    }
    lock();
    const bool creating = !exists();
    Sealed sealed;
    if (creating) {
        if (passphrase.size() < kMinPassphraseChars) {
            *error = QStringLiteral("a new secret file needs a passphrase of at least %1 characters").arg(kMinPassphraseChars);
            return false;
        }
        sealed.salt.resize(crypto_pwhash_SALTBYTES);
        randombytes_buf(sealed.salt.data(), size_t(sealed.salt.size()));
        sealed.opslimit = crypto_pwhash_OPSLIMIT_INTERACTIVE;
        sealed.memlimit = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    } else if (!readSealed(m_path, &sealed, error)) {
        return false;
    }
    auto *key = static_cast<unsigned char *>(sodium_malloc(crypto_secretbox_KEYBYTES));
    QByteArray pass = passphrase.toUtf8();
    const int rc = crypto_pwhash(key, crypto_secretbox_KEYBYTES, pass.constData(), quint64(pass.size()),
                                 reinterpret_cast<const unsigned char *>(sealed.salt.constData()), sealed.opslimit,
                                 size_t(sealed.memlimit), crypto_pwhash_ALG_ARGON2ID13);
    sodium_memzero(pass.data(), size_t(pass.size()));
    if (rc != 0) {
        sodium_free(key);
        *error = QStringLiteral("not enough memory to derive the key");
        return false;
    }
    m_key = key;
    m_salt = sealed.salt;
    m_opslimit = sealed.opslimit;
    m_memlimit = sealed.memlimit;
    QJsonObject entries;
    if (creating ? !save({}, error) : !load(&entries, error)) {
        lock();
        return false;
    }
    return true;
}

bool EncryptedFileSecretStore::load(QJsonObject *entries, QString *error) const
{
    Sealed sealed;
    if (!readSealed(m_path, &sealed, error))
        return false;
    if (sealed.salt != m_salt) {
        *error = QStringLiteral("%1 was replaced by another secret file: unlock it again").arg(m_path);
        return false;
    }
    QByteArray plain(sealed.box.size() - qsizetype(crypto_secretbox_MACBYTES), Qt::Uninitialized);
    if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char *>(plain.data()),
                                   reinterpret_cast<const unsigned char *>(sealed.box.constData()), quint64(sealed.box.size()),
                                   reinterpret_cast<const unsigned char *>(sealed.nonce.constData()), m_key) != 0) {
        *error = QStringLiteral("wrong passphrase for %1 (or the file was changed)").arg(m_path);
        return false;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(plain);
    sodium_memzero(plain.data(), size_t(plain.size()));
    if (!doc.isObject()) {
        *error = QStringLiteral("%1 is damaged (its contents are not an object)").arg(m_path);
        return false;
    }
    *entries = doc.object();
    return true;
}

bool EncryptedFileSecretStore::save(const QJsonObject &entries, QString *error) const
{
    QByteArray plain = QJsonDocument(entries).toJson(QJsonDocument::Compact);
    QByteArray nonce(crypto_secretbox_NONCEBYTES, Qt::Uninitialized);
    randombytes_buf(nonce.data(), size_t(nonce.size()));
    QByteArray box(plain.size() + qsizetype(crypto_secretbox_MACBYTES), Qt::Uninitialized);
    crypto_secretbox_easy(reinterpret_cast<unsigned char *>(box.data()), reinterpret_cast<const unsigned char *>(plain.constData()),
                          quint64(plain.size()), reinterpret_cast<const unsigned char *>(nonce.constData()), m_key);
    sodium_memzero(plain.data(), size_t(plain.size()));
    const QJsonObject file{{QStringLiteral("format"), kFormat},
                           {QStringLiteral("version"), 1},
                           {QStringLiteral("kdf"), QStringLiteral("argon2id13")},
                           {QStringLiteral("opslimit"), double(m_opslimit)},
                           {QStringLiteral("memlimit"), double(m_memlimit)},
                           {QStringLiteral("salt"), b64(m_salt)},
                           {QStringLiteral("nonce"), b64(nonce)},
                           {QStringLiteral("box"), b64(box)}};
    const QString dir = QFileInfo(m_path).absolutePath();
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create %1").arg(dir);
        return false;
    }
    QSaveFile out(m_path);
    // Owner only, from the moment the temporary file exists (it is renamed over the old one).
    if (!out.open(QIODevice::WriteOnly) || !out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        *error = QStringLiteral("%1: %2").arg(m_path, out.errorString());
        return false;
    }
    const QByteArray bytes = QJsonDocument(file).toJson(QJsonDocument::Indented);
    if (out.write(bytes) != bytes.size() || !out.commit()) {
        *error = QStringLiteral("%1: %2").arg(m_path, out.errorString());
        return false;
    }
    return true;
}

SecretResult EncryptedFileSecretStore::locked() const
{
    SecretResult r;
    r.error = QStringLiteral("the encrypted secret file %1 is locked: its passphrase is needed").arg(m_path);
    return r;
}

// Unlocked, the file read: `change` gets its entries and says what to answer; entries it
// changes are written back when it answers Ok.
void EncryptedFileSecretStore::withEntries(const Callback &done, const std::function<SecretResult(QJsonObject &, bool *changed)> &change)
{
    if (!isUnlocked())
        return done(locked());
    SecretResult r;
    QJsonObject entries;
    if (!load(&entries, &r.error))
        return done(r);
    bool changed = false;
    r = change(entries, &changed);
    if (changed && r.ok() && !save(entries, &r.error))
        r.status = SecretResult::Status::Failed;
    done(r);
}

void EncryptedFileSecretStore::read(const QString &key, QObject *, Callback done)
{
    withEntries(done, [&](QJsonObject &entries, bool *) {
        SecretResult r;
        const QJsonValue v = entries.value(key);
        r.status = v.isString() ? SecretResult::Status::Ok : SecretResult::Status::NotFound;
        r.value = v.toString();
        return r;
    });
}

void EncryptedFileSecretStore::write(const QString &key, const QString &value, QObject *, Callback done)
{
    withEntries(done, [&](QJsonObject &entries, bool *changed) {
        entries.insert(key, value);
        *changed = true;
        SecretResult r;
        r.status = SecretResult::Status::Ok;
        return r;
    });
}

void EncryptedFileSecretStore::remove(const QString &key, QObject *, Callback done)
{
    withEntries(done, [&](QJsonObject &entries, bool *changed) {
        SecretResult r;
        r.status = entries.contains(key) ? SecretResult::Status::Ok : SecretResult::Status::NotFound;
        if (r.ok()) {
            entries.remove(key);
            *changed = true;
        }
        return r;
    });
}

} // namespace tw::engine
