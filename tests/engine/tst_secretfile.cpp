// The encrypted secret file: round trips, owner-only mode, nothing readable in the file, a
// fresh nonce per write and a salt per file, a wrong passphrase or a changed file refused, a
// locked store failing clearly; and the configured store choosing it from the settings.

#include "secrets/configuredsecretstore.h"
#include "secrets/secretfile.h"
#include "secrets/secretstore.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace tw::engine;

namespace {

const QString kPass = QStringLiteral("correct horse battery");

QJsonObject header(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

class TestSecretFile final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void roundTrip()
    {
        const QString path = m_dir.filePath(QStringLiteral("a/secrets.twsecrets"));
        EncryptedFileSecretStore store(path);
        QVERIFY(!store.exists());
        QString error;
        QVERIFY2(store.unlock(kPass, &error), qPrintable(error));
        QVERIFY(store.exists());
        QCOMPARE(store.readNow(QStringLiteral("u/t/token")).status, SecretResult::Status::NotFound);
        QCOMPARE(store.writeNow(QStringLiteral("u/t/token"), QStringLiteral("tok-PLAIN-1")).status, SecretResult::Status::Ok);
        QCOMPARE(store.writeNow(QStringLiteral("u/resource/x"), QStringLiteral("{\"k\":\"ü\"}")).status, SecretResult::Status::Ok);
        QCOMPARE(store.readNow(QStringLiteral("u/t/token")).value, QStringLiteral("tok-PLAIN-1"));
        QCOMPARE(store.readNow(QStringLiteral("u/resource/x")).value, QStringLiteral("{\"k\":\"ü\"}"));

        // Owner only; nothing readable in it.
        struct stat st{};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!bytes.contains("tok-PLAIN-1"));
        QVERIFY(!bytes.contains("u/t/token")); // not even the key names
        QCOMPARE(header(path).value(QStringLiteral("kdf")).toString(), QStringLiteral("argon2id13"));

        // A second store on the same file (another process) sees the value after unlocking.
        EncryptedFileSecretStore other(path);
        QCOMPARE(other.readNow(QStringLiteral("u/t/token")).status, SecretResult::Status::Failed); // locked
        QVERIFY(other.readNow(QStringLiteral("u/t/token")).error.contains(QStringLiteral("locked")));
        QVERIFY2(other.unlock(kPass, &error), qPrintable(error));
        QCOMPARE(other.readNow(QStringLiteral("u/t/token")).value, QStringLiteral("tok-PLAIN-1"));

        QCOMPARE(store.removeNow(QStringLiteral("u/t/token")).status, SecretResult::Status::Ok);
        QCOMPARE(store.removeNow(QStringLiteral("u/t/token")).status, SecretResult::Status::NotFound);
        QCOMPARE(other.readNow(QStringLiteral("u/t/token")).status, SecretResult::Status::NotFound);
        store.lock();
        QCOMPARE(store.writeNow(QStringLiteral("k"), QStringLiteral("v")).status, SecretResult::Status::Failed);
    }

    void nonceChangesSaltStaysAndDiffersPerFile()
    {
        const QString a = m_dir.filePath(QStringLiteral("n/a.twsecrets"));
        const QString b = m_dir.filePath(QStringLiteral("n/b.twsecrets"));
        EncryptedFileSecretStore sa(a), sb(b);
        QString error;
        QVERIFY(sa.unlock(kPass, &error) && sb.unlock(kPass, &error));
        const QJsonObject h1 = header(a);
        QCOMPARE(sa.writeNow(QStringLiteral("k"), QStringLiteral("v")).status, SecretResult::Status::Ok);
        const QJsonObject h2 = header(a);
        QCOMPARE(h1.value(QStringLiteral("salt")), h2.value(QStringLiteral("salt")));
        QVERIFY(h1.value(QStringLiteral("nonce")) != h2.value(QStringLiteral("nonce")));
        QVERIFY(header(b).value(QStringLiteral("salt")) != h1.value(QStringLiteral("salt")));
    }

    void wrongPassphraseAndDamageAreRefused()
    {
        const QString path = m_dir.filePath(QStringLiteral("w/secrets.twsecrets"));
        QString error;
        {
            EncryptedFileSecretStore store(path);
            QVERIFY(!store.unlock(QStringLiteral("short"), &error)); // a new file needs a real passphrase
            QVERIFY2(error.contains(QStringLiteral("at least 8")), qPrintable(error));
            QVERIFY(!store.exists());
            QVERIFY(store.unlock(kPass, &error));
            QCOMPARE(store.writeNow(QStringLiteral("k"), QStringLiteral("v")).status, SecretResult::Status::Ok);
        }
        EncryptedFileSecretStore store(path);
        QVERIFY(!store.unlock(QStringLiteral("incorrect horse"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("wrong passphrase for ") + path), qPrintable(error));
        QVERIFY(!store.isUnlocked());

        // One flipped byte in the box: authentication fails, nothing is read.
        QVERIFY(store.unlock(kPass, &error));
        QJsonObject h = header(path);
        QByteArray box = QByteArray::fromBase64(h.value(QStringLiteral("box")).toString().toLatin1());
        box[box.size() / 2] = char(box[box.size() / 2] ^ 1);
        h.insert(QStringLiteral("box"), QString::fromLatin1(box.toBase64()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(h).toJson());
        f.close();
        const SecretResult r = store.readNow(QStringLiteral("k"));
        QCOMPARE(r.status, SecretResult::Status::Failed);
        QVERIFY2(r.error.contains(QStringLiteral("or the file was changed")), qPrintable(r.error));
        // A file that is not ours at all.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("hello");
        f.close();
        EncryptedFileSecretStore garbage(path);
        QVERIFY(!garbage.unlock(kPass, &error));
        QVERIFY2(error.contains(QStringLiteral("is not a Toolwright secret file")), qPrintable(error));
    }

    void theSettingsChooseTheStore()
    {
        QSettings().clear();
        SecretStoreConfig c = SecretStoreConfig::load();
        QCOMPARE(c.kind, SecretStoreConfig::Kind::Keychain); // the default
        QVERIFY(c.filePath.endsWith(QStringLiteral("/secrets.twsecrets")));
        c.kind = SecretStoreConfig::Kind::File;
        c.filePath = m_dir.filePath(QStringLiteral("c/secrets.twsecrets"));
        c.save();
        ConfiguredSecretStore store;
        QCOMPARE(store.kind(), SecretStoreConfig::Kind::File);
        // Locked, no prompt: a clear failure.
        QVERIFY(store.readNow(QStringLiteral("k")).error.contains(QStringLiteral("locked")));
        QCOMPARE(store.lockedPath(), c.filePath);
        QVERIFY(store.writeNow(QStringLiteral("k"), QStringLiteral("v")).error.contains(QStringLiteral("locked")));
        // Unlocked first (never from inside an operation), then every operation works.
        QString error;
        QVERIFY2(store.unlock(kPass, &error), qPrintable(error));
        QVERIFY(store.lockedPath().isEmpty());
        QCOMPARE(store.writeNow(QStringLiteral("k"), QStringLiteral("v")).status, SecretResult::Status::Ok);
        QCOMPARE(store.readNow(QStringLiteral("k")).value, QStringLiteral("v"));
        QVERIFY(store.describeNow().startsWith(QStringLiteral("encrypted file: ") + c.filePath));
        QVERIFY(store.describeNow().endsWith(QStringLiteral("(unlocked)")));
        QString described;
        store.describe(this, [&](const QString &line) { described = line; });
        QVERIFY(described.isEmpty()); // answered on a later turn, never from inside the call
        QTRY_COMPARE(described, store.describeNow());
        // The CLI's --store overrides the settings.
        store.overrideKind(SecretStoreConfig::Kind::Keychain);
        QCOMPARE(store.kind(), SecretStoreConfig::Kind::Keychain);
        QSettings().clear();
    }
};

QTEST_GUILESS_MAIN(TestSecretFile)
#include "tst_secretfile.moc"
