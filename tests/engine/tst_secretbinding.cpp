// Secrets bound to the tool definition they were stored for: the rule that says whether a stored
// secret may fill an input of a tool without asking, what to ask otherwise, and the record of
// bindings in the settings (never the value).

#include "fixture.h"
#include "secrets/secretbinding.h"
#include "secrets/secretstore.h"

#include <QSettings>
#include <QTest>

using namespace tw::engine;

namespace {

ToolRecord hmacSign(Scope scope, int version, const QString &dir)
{
    ToolRecord r;
    r.manifest.name = QStringLiteral("hmac_sign");
    r.manifest.version = version;
    r.scope = scope;
    r.dir = dir;
    r.dirName = dir.section(u'/', -1);
    return r;
}

const QString kGlobalDir = QStringLiteral("/data/tools/hmac_sign");
const QString kUserDir = QStringLiteral("/data/tess@example.com/tools/hmac_sign");

} // namespace

Q_DECLARE_METATYPE(tw::engine::BindingCheck::Verdict)

class TestSecretBinding final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rule_data()
    {
        QTest::addColumn<QString>("storedFor");     // a definition, or empty for none recorded
        QTest::addColumn<int>("storedVersion");
        QTest::addColumn<bool>("global");           // the tool the run resolves to
        QTest::addColumn<int>("version");
        QTest::addColumn<QString>("dir");
        QTest::addColumn<BindingCheck::Verdict>("verdict");
        QTest::addColumn<QString>("question");
        using V = BindingCheck::Verdict;
        const QString g = QStringLiteral("global:") + kGlobalDir, u = QStringLiteral("user:") + kUserDir;
        QTest::newRow("same-global") << g << 1 << true << 1 << kGlobalDir << V::Matches << QString();
        // A new version in the same directory is the same definition: updates do not ask.
        QTest::newRow("same-global-newer") << g << 1 << true << 2 << kGlobalDir << V::Matches << QString();
        QTest::newRow("same-user") << u << 3 << false << 3 << kUserDir << V::Matches << QString();
        QTest::newRow("user-copy-appeared")
            << g << 1 << false << 99 << kUserDir << V::Changed
            << QStringLiteral("hmac_sign is now your copy v99 (user), not global v1 — use the stored signing_key?");
        QTest::newRow("user-copy-removed")
            << u << 99 << true << 1 << kGlobalDir << V::Changed
            << QStringLiteral("hmac_sign is now global v1, not your copy v99 (user) — use the stored signing_key?");
        QTest::newRow("another-directory")
            << g << 1 << true << 1 << QStringLiteral("/data/tools/hmac_sign_2") << V::Changed
            << QStringLiteral("hmac_sign is now global v1 in /data/tools/hmac_sign_2, not global v1 in /data/tools/hmac_sign — use the "
                              "stored signing_key?");
        QTest::newRow("legacy-global") << QString() << 0 << true << 1 << kGlobalDir << V::Adopt << QString();
        QTest::newRow("legacy-user-copy")
            << QString() << 0 << false << 99 << kUserDir << V::Unbound
            << QStringLiteral("hmac_sign is your copy v99 (user), and the stored signing_key was stored before Toolwright recorded "
                              "which tool a secret is for — use it?");
    }
    void rule()
    {
        QFETCH(QString, storedFor);
        QFETCH(int, storedVersion);
        QFETCH(bool, global);
        QFETCH(int, version);
        QFETCH(QString, dir);
        QFETCH(BindingCheck::Verdict, verdict);
        QFETCH(QString, question);
        const BindingCheck c = checkSecretBinding({storedFor, storedVersion}, hmacSign(global ? Scope::Global : Scope::User, version, dir),
                                                  QStringLiteral("signing_key"));
        QCOMPARE(c.verdict, verdict);
        QCOMPARE(c.question, question);
        QCOMPARE(c.needsConsent(), !question.isEmpty());
        if (!question.isEmpty())
            QVERIFY(question.startsWith(c.change + QStringLiteral(" — ")));
    }

    void recordedInTheSettingsWithoutTheValue()
    {
        const QString key = secretKey(QStringLiteral("tess@example.com"), QStringLiteral("hmac_sign"), QStringLiteral("signing_key"));
        SecretBinding::forget(key);
        QVERIFY(!SecretBinding::load(key).isRecorded());
        SecretBinding::record(key, hmacSign(Scope::User, 99, kUserDir));
        const SecretBinding b = SecretBinding::load(key);
        QCOMPARE(b.definition, QStringLiteral("user:") + kUserDir);
        QCOMPARE(b.version, 99);
        // Another input of the same tool is a binding of its own.
        QVERIFY(!SecretBinding::load(key + QStringLiteral("_2")).isRecorded());
        SecretBinding::forget(key);
        QVERIFY(!SecretBinding::load(key).isRecorded());
        QSettings s;
        s.sync();
        QVERIFY(!tw::test::readFile(s.fileName()).contains("signing_key/definition"));
    }
};

QTEST_GUILESS_MAIN(TestSecretBinding)
#include "tst_secretbinding.moc"
