// The one run path (engine/run/runlauncher.h) in real bubblewrap: a secret from the store reaches
// the tool and nothing else, the record is masked, carries its runtime and source and is in the
// history; a secret stored for another definition of the tool is asked about before the start
// and a refusal keeps the sandbox from starting; a cancel before the inputs arrive never starts
// it and is recorded; a locked secret file is unlocked through the caller before anything is read.

#include "catalog/locationscanner.h"
#include "fixture.h"
#include "run/runlauncher.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretbinding.h"
#include "secrets/secretfile.h"
#include "secrets/secretstore.h"

#include <QJsonDocument>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tw;
using namespace tw::engine;

namespace {

const QString kUser = QStringLiteral("tess@example.com");
const QByteArray kToolMd = "---\nname: vault_echo\ndescription: Echoes its params.\nversion: 1\n"
                           "inputs:\n  token:\n    type: string\n    description: A secret.\n    sensitive: true\n"
                           "  note:\n    type: string\n    description: Plain text.\n    optional: true\n"
                           "---\n\n# Vault echo\n";
const QByteArray kEntry = "export async function execute(_id, params) {\n"
                          "  return { content: [{ type: 'text', text: 'token=' + params.token + ' note=' + params.note }] };\n"
                          "}\n";

// A store that answers on a later turn of the event loop, as the real keychain does (the
// in-memory store answers at once).
class DeferredStore final : public SecretStore
{
public:
    void read(const QString &key, QObject *context, Callback done) override
    {
        QTimer::singleShot(50, context, [this, key, context, done] { m_memory.read(key, context, done); });
    }
    void write(const QString &key, const QString &value, QObject *context, Callback done) override
    {
        m_memory.write(key, value, context, std::move(done));
    }
    void remove(const QString &key, QObject *context, Callback done) override { m_memory.remove(key, context, std::move(done)); }

private:
    MemorySecretStore m_memory;
};

// Another store seen from outside: every call into it logged in order, and whether a read was
// still waiting for its answer when the unlock was asked for.
class WatchedStore final : public SecretStore
{
public:
    explicit WatchedStore(SecretStore &inner) : m_inner(inner) {}
    void read(const QString &key, QObject *context, Callback done) override
    {
        calls << QStringLiteral("read");
        ++readsInFlight;
        m_inner.read(key, context, [this, done](const SecretResult &r) {
            --readsInFlight;
            done(r);
        });
    }
    void write(const QString &key, const QString &value, QObject *context, Callback done) override
    {
        calls << QStringLiteral("write");
        m_inner.write(key, value, context, std::move(done));
    }
    void remove(const QString &key, QObject *context, Callback done) override { m_inner.remove(key, context, std::move(done)); }
    QString lockedPath() const override { return m_inner.lockedPath(); }
    bool unlock(const QString &passphrase, QString *error) override
    {
        calls << QStringLiteral("unlock");
        return m_inner.unlock(passphrase, error);
    }
    QStringList calls;
    int readsInFlight = 0;

private:
    SecretStore &m_inner;
};

} // namespace

class TestRunLauncher final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_data;
    ToolRecord m_tool;
    QString m_history;

    RunRequest request(const QJsonObject &params) const
    {
        return RunRequest{m_tool, m_data.path(), kUser, params, QStringLiteral("bwrap"), 0, QStringLiteral("user v1")};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_data.isValid());
        test::makeTool(m_data.path() + u'/' + kUser + QStringLiteral("/tools"), QStringLiteral("vault_echo"), kToolMd, kEntry,
                       QStringLiteral("index.js"));
        QVERIFY(QDir().mkpath(m_data.path() + QStringLiteral("/tools")));
        const LocationScan loc = scanLocation(m_data.path() + u'/' + kUser + QStringLiteral("/tools"), Scope::User, kUser);
        QCOMPARE(loc.tools.size(), 1);
        m_tool = loc.tools.first();
        m_history = m_data.path() + QStringLiteral("/../history-") + QString::number(QCoreApplication::applicationPid())
            + QStringLiteral(".sqlite");
    }
    void cleanupTestCase() { QFile::remove(m_history); }

    void aStoredSecretReachesTheToolAndIsRecordedMasked()
    {
        const QString secret = QStringLiteral("s3cr3t-") + QString::number(QCoreApplication::applicationPid());
        MemorySecretStore store;
        const QString key = secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token"));
        bool written = false;
        store.write(key, secret, this, [&](const SecretResult &r) { written = r.ok(); });
        QTRY_VERIFY(written);
        SecretBinding::record(key, m_tool); // stored for this very tool: used unasked

        RunLauncher launcher(request({{QStringLiteral("note"), QStringLiteral("hi")}}), store, m_history);
        int asked = 0;
        launcher.setHeldSecretPolicy([&](const HeldSecret &) { ++asked; return RunLauncher::HeldAnswer::Refuse; });
        QSignalSpy recorded(&launcher, &RunLauncher::recorded);
        RunOutcome outcome;
        connect(launcher.session(), &RunSession::finished, this, [&](const RunOutcome &o) { outcome = o; });
        launcher.launch();
        QVERIFY(recorded.wait(60000));
        QCOMPARE(asked, 0);
        QCOMPARE(outcome.state, RunState::Result);
        // The tool got the secret (the outcome is masked as every event is: the secret shows as
        // the marker, the plain input as typed).
        QVERIFY2(outcomeText(outcome).contains(QStringLiteral("note=hi")), qPrintable(outcomeText(outcome)));
        QVERIFY2(!outcomeText(outcome).contains(secret), qPrintable(outcomeText(outcome)));
        QVERIFY2(!outcomeText(outcome).contains(QStringLiteral("token=undefined")), qPrintable(outcomeText(outcome)));
        const auto record = recorded.first().at(0).value<RunRecord>();
        const qint64 id = recorded.first().at(1).toLongLong();
        QVERIFY2(id > 0, qPrintable(recorded.first().at(2).toString()));
        QCOMPARE(record.runtime, QStringLiteral("bwrap"));
        QCOMPARE(record.source, QStringLiteral("user v1"));
        QCOMPARE(record.state, QStringLiteral("result"));
        const RunRecord stored = RunHistory(m_history).get(id);
        QCOMPARE(stored.tool, QStringLiteral("vault_echo"));
        QCOMPARE(stored.user, kUser);
        QVERIFY(!QJsonDocument(stored.params).toJson().contains(secret.toUtf8()));
        QVERIFY(!QJsonDocument(stored.result).toJson().contains(secret.toUtf8()));
        SecretBinding::forget(key);
    }

    void aSecretStoredForAnotherDefinitionIsAskedAbout()
    {
        MemorySecretStore store;
        const QString key = secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token"));
        bool written = false;
        store.write(key, QStringLiteral("held-value"), this, [&](const SecretResult &r) { written = r.ok(); });
        QTRY_VERIFY(written);
        SecretBinding::forget(key); // none recorded, and this is a user's copy: held

        // Refused: the sandbox never starts, nothing is recorded.
        {
            RunLauncher launcher(request({}), store, m_history);
            QStringList asked;
            launcher.setHeldSecretPolicy([&](const HeldSecret &h) { asked << h.input; return RunLauncher::HeldAnswer::Refuse; });
            QSignalSpy refused(&launcher, &RunLauncher::refused);
            QSignalSpy started(launcher.session(), &RunSession::sandboxStarted);
            QSignalSpy recorded(&launcher, &RunLauncher::recorded);
            launcher.launch();
            QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, 10000);
            QCOMPARE(asked, QStringList{QStringLiteral("token")});
            QVERIFY2(refused.first().first().toString().contains(QStringLiteral("the stored token is not used")),
                     qPrintable(refused.first().first().toString()));
            QVERIFY(!launcher.isStarted() && !launcher.isWaitingForUnlock()); // refused is its end: nothing pending
            QCOMPARE(started.count(), 0);
            QCOMPARE(recorded.count(), 0);
            QVERIFY(!launcher.session()->isRunning());
        }
        // Used: it reaches the tool and is bound to it from now on.
        {
            RunLauncher launcher(request({}), store, QString());
            launcher.setHeldSecretPolicy([](const HeldSecret &) { return RunLauncher::HeldAnswer::Use; });
            QSignalSpy recorded(&launcher, &RunLauncher::recorded);
            launcher.launch();
            QVERIFY(recorded.wait(60000));
            QCOMPARE(launcher.record().state, QStringLiteral("result"));
            QCOMPARE(SecretBinding::load(key).definition, toolDefinition(m_tool));
        }
        SecretBinding::forget(key);
    }

    // Issue 22: a locked secret file is unlocked before the run — the launcher asks its caller,
    // before anything is read — never from inside a read; the caller's answer may come later,
    // from the event loop (a dialog's). The run then gets the file's secret.
    void aLockedFileIsUnlockedBeforeAnyRead()
    {
        const QString path = m_data.path() + QStringLiteral("/vault/secrets.twsecrets");
        const QString passphrase = QStringLiteral("a fine passphrase");
        const QString secret = QStringLiteral("file-s3cr3t-") + QString::number(QCoreApplication::applicationPid());
        const QString key = secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token"));
        {
            EncryptedFileSecretStore file(path);
            QString error;
            QVERIFY2(file.unlock(passphrase, &error), qPrintable(error));
            QCOMPARE(file.writeNow(key, secret).status, SecretResult::Status::Ok);
        }
        SecretBinding::record(key, m_tool);
        SecretStoreConfig config;
        config.kind = SecretStoreConfig::Kind::File;
        config.filePath = path;
        config.save();
        const auto restore = qScopeGuard([&] {
            QSettings().remove(QStringLiteral("secrets"));
            SecretBinding::forget(key);
        });
        ConfiguredSecretStore configured;
        QCOMPARE(configured.lockedPath(), path);
        // A read of the locked file fails, saying so; it asks nobody.
        QVERIFY(configured.readNow(key).error.contains(QStringLiteral("locked")));

        WatchedStore store(configured);
        RunLauncher launcher(request({{QStringLiteral("note"), QStringLiteral("hi")}}), store, QString());
        int asked = 0;
        int readsWhenAsked = -1;
        launcher.setUnlockHandler([&](const QString &locked, std::function<void()> proceed) {
            ++asked;
            QCOMPARE(locked, path);
            readsWhenAsked = int(store.calls.count(QStringLiteral("read")));
            QTimer::singleShot(10, this, [&store, passphrase, proceed] {
                QString error;
                store.unlock(passphrase, &error);
                proceed();
            });
        });
        QSignalSpy recorded(&launcher, &RunLauncher::recorded);
        RunOutcome outcome;
        connect(launcher.session(), &RunSession::finished, this, [&](const RunOutcome &o) { outcome = o; });
        launcher.launch();
        QVERIFY(launcher.isWaitingForUnlock());
        QVERIFY(recorded.wait(60000));
        QCOMPARE(asked, 1);
        QCOMPARE(readsWhenAsked, 0);
        QCOMPARE(store.calls.first(), QStringLiteral("unlock"));
        QVERIFY(store.calls.contains(QStringLiteral("read")));
        QCOMPARE(outcome.state, RunState::Result);
        QVERIFY2(outcomeText(outcome).contains(QStringLiteral("token=") + kSecretMarker), qPrintable(outcomeText(outcome)));
        QVERIFY(!outcomeText(outcome).contains(secret));

        // Unlocked now: the next launch does not ask.
        RunLauncher again(request({}), store, QString());
        again.setUnlockHandler([&](const QString &, std::function<void()> proceed) { ++asked; proceed(); });
        QSignalSpy recordedAgain(&again, &RunLauncher::recorded);
        again.launch();
        QVERIFY(recordedAgain.wait(60000));
        QCOMPARE(asked, 1);
        QCOMPARE(again.record().state, QStringLiteral("result"));
    }

    void aCancelBeforeTheInputsNeverStartsTheSandbox()
    {
        DeferredStore store;
        RunLauncher launcher(request({}), store, m_history); // the token is asked of the store
        QSignalSpy started(launcher.session(), &RunSession::sandboxStarted);
        QSignalSpy recorded(&launcher, &RunLauncher::recorded);
        launcher.launch();
        launcher.cancel(); // the store has not answered yet: nothing has started
        QVERIFY(!launcher.isStarted());
        QVERIFY(recorded.wait(30000));
        QCOMPARE(started.count(), 0);
        QCOMPARE(launcher.record().state, QStringLiteral("cancelled"));
        QVERIFY(recorded.first().at(1).toLongLong() > 0);
    }
};

QTEST_GUILESS_MAIN(TestRunLauncher)
#include "tst_runlauncher.moc"
