// The secret-leak scan over the GUI's flows with the real keychain (run inside
// scripts/with-keyring): a tester types a secret into the run form and asks to remember it, runs
// the tool in bwrap, reads every pane, saves each output, runs it again with the secret coming
// from the keychain, opens it from the history, sets an integration token in Settings and
// closes the window. Meanwhile every process's argv is sampled; afterwards every file under the
// test's config, data, cache and temporary directories (settings, run history, presets, saved
// outputs, the sandbox's temporary dirs, the DATA_PATH) is read. None may hold the secret; the
// keychain must.

#include "fixture.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "runform.h"
#include "runpane.h"
#include "runview.h"
#include "secretbinding.h"
#include "secretstore.h"

#include <QApplication>
#include <QCheckBox>
#include <QDirIterator>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <mutex>
#include <thread>

using namespace tw;

namespace {

const QString kUser = QStringLiteral("tess@example.com");

const QByteArray kToolMd = "---\nname: vault_echo\ndescription: Echoes its params, token included.\nversion: 1\n"
                           "inputs:\n  token:\n    type: string\n    description: A secret.\n    sensitive: true\n"
                           "  note:\n    type: string\n    description: Plain text.\n    optional: true\n"
                           "---\n\n# Vault echo\n\nEchoes what it gets.\n";
const QByteArray kEntry = R"(export async function execute(_id, params, signal, onUpdate) {
  onUpdate?.({ content: [{ type: 'text', text: 'got ' + params.token }] });
  console.error('log line with ' + params.token);
  return { content: [{ type: 'text', text: JSON.stringify(params) }] };
}
)";

int g_filesRead = 0;

QStringList filesContaining(const QString &root, const QByteArray &needle)
{
    return test::filesContaining(root, needle, &g_filesRead);
}

} // namespace

class TestSecretFlows final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(QDir().mkpath(qEnvironmentVariable("TMPDIR"))); }

    void guiFlowsLeaveTheSecretOnlyInTheKeychain()
    {
        const QByteArray secret = "gui-" + QByteArray::number(QCoreApplication::applicationPid()) + "-k3ych41n-only";
        const QByteArray integration = "int-" + secret;
        const QString tmpRoot = QDir::tempPath(); // TMPDIR: this test's own (tests/CMakeLists.txt)
        QVERIFY2(tmpRoot.contains(QStringLiteral("tst_secretflows")), qPrintable(tmpRoot));
        QTemporaryDir data;
        test::makeTool(data.path() + QStringLiteral("/tools"), QStringLiteral("vault_echo"), kToolMd, kEntry, QStringLiteral("index.js"));
        QVERIFY(QDir().mkpath(data.path() + u'/' + kUser + QStringLiteral("/tools")));
        {
            engine::RuntimeConfig rc;
            rc.preferred = QStringLiteral("bwrap");
            rc.save();
        }

        // argv of every process, sampled all through the flows.
        std::atomic<bool> stop = false;
        std::atomic<int> samples = 0;
        QStringList leakedArgv;
        std::mutex leakMutex;
        std::thread sampler([&] {
            while (!stop) {
                for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                    QFile f(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
                    if (pid.front().isDigit() && f.open(QIODevice::ReadOnly)) {
                        const QByteArray argv = f.readAll();
                        if (argv.contains(secret) || argv.contains(integration)) {
                            const std::lock_guard lock(leakMutex);
                            leakedArgv << QString::fromUtf8(argv).replace(QChar(0), u' ');
                        }
                    }
                }
                ++samples;
                QThread::msleep(2);
            }
        });
        const auto joinSampler = qScopeGuard([&] {
            stop = true;
            sampler.join();
        });

        engine::KeychainSecretStore *keychain = nullptr;
        {
            auto store = std::make_unique<engine::KeychainSecretStore>();
            keychain = store.get();
            ui::MainWindow window(data.path(), kUser, nullptr, std::move(store));
            window.resize(1300, 850);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTRY_VERIFY_WITH_TIMEOUT(window.selectDir(data.path() + QStringLiteral("/tools/vault_echo")), 20000);
            QVERIFY(window.runCurrentTool());
            ui::RunView *view = window.runView();
            QTRY_VERIFY(view->hasTool());
            QTRY_VERIFY_WITH_TIMEOUT(view->hasCatalog(), 20000); // the first scan has finished

            // Typed, remembered, run.
            auto *token = qobject_cast<QLineEdit *>(view->form()->editor(QStringLiteral("token")));
            QVERIFY(token);
            QTest::keyClicks(token, QString::fromUtf8(secret));
            view->form()->rememberBox(QStringLiteral("token"))->setChecked(true);
            ui::RunPane *pane = view->run();
            QVERIFY(pane);
            QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
            QVERIFY2(pane->outcome()->state == engine::RunState::Result, qPrintable(pane->outcome()->message));
            QVERIFY(pane->resultText().contains(engine::kSecretMarker)); // it arrived, masked
            for (const QString &text : {pane->resultText(), pane->rawView()->toPlainText(), pane->commandLine()})
                QVERIFY2(!text.contains(QString::fromUtf8(secret)), qPrintable(text));
            for (ui::RunPane::Output which : {ui::RunPane::Output::Result, ui::RunPane::Output::Snapshot,
                                              ui::RunPane::Output::Log, ui::RunPane::Output::Raw}) {
                QString error;
                QVERIFY2(pane->saveOutput(which, tmpRoot + QStringLiteral("/saved-%1.txt").arg(int(which)), &error), qPrintable(error));
            }
            QTRY_VERIFY(view->form()->storedSecrets().contains(QStringLiteral("token")));

            // Again, the secret from the keychain; then from the history.
            QVERIFY(view->showTool(QStringLiteral("vault_echo"), kUser));
            QTRY_VERIFY(view->form()->storedSecrets().contains(QStringLiteral("token")));
            pane = view->run();
            QVERIFY(pane);
            QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
            QVERIFY(pane->resultText().contains(QStringLiteral("\"token\":\"") + engine::kSecretMarker));

            // An integration token, stored the way Settings → Integrations stores it.
            QCOMPARE(keychain->writeNow(engine::resourceSecretKey(kUser, QStringLiteral("apify")), QString::fromUtf8(integration)).status,
                     engine::SecretResult::Status::Ok);
            window.close();
        }
        QSettings().sync();
        QVERIFY(samples > 10);
        QVERIFY2(leakedArgv.isEmpty(), qPrintable(leakedArgv.join(u'\n')));

        // The keychain holds it …
        engine::KeychainSecretStore check;
        QCOMPARE(check.readNow(engine::secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token"))).value,
                 QString::fromUtf8(secret));
        // … and nothing else does.
        int scanned = 0;
        for (const char *var : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"}) {
            const QString root = qEnvironmentVariable(var);
            QVERIFY2(!root.isEmpty(), var);
            for (const QByteArray &needle : {secret, integration}) {
                const QStringList hits = filesContaining(root, needle);
                QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
            }
            scanned += int(QDirIterator(root, QDir::Files, QDirIterator::Subdirectories).hasNext());
        }
        for (const QByteArray &needle : {secret, integration}) {
            const QStringList hits = filesContaining(tmpRoot, needle);
            QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
        }
        QVERIFY(scanned >= 2); // settings and the run history were written and read back
        qInfo("%d argv samples, %d file reads, no secret in any", int(samples), g_filesRead);
        QCOMPARE(check.removeNow(engine::secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token"))).status,
                 engine::SecretResult::Status::Ok);
        check.removeNow(engine::resourceSecretKey(kUser, QStringLiteral("apify")));
    }

    // A secret remembered for the global hmac_sign, then a user's copy of hmac_sign appears: the
    // run asks before handing it over. "Don't Use" runs the copy without it and keeps the
    // binding; "Use" runs it with the value and binds the secret to the copy, which is not asked
    // about again.
    void aChangedToolIsAskedAbout()
    {
        const QByteArray secret = "bind-" + QByteArray::number(QCoreApplication::applicationPid()) + "-k3y";
        const QByteArray inputs = "inputs:\n  signing_key:\n    type: string\n    description: The key.\n    sensitive: true\n";
        QTemporaryDir data;
        test::makeTool(data.path() + QStringLiteral("/tools"), QStringLiteral("hmac_sign"), test::toolMd("hmac_sign", 1, inputs),
                       "export async function execute(_id, params) {\n"
                       "  return { content: [{ type: 'text', text: 'global got ' + params.signing_key }] };\n}\n",
                       QStringLiteral("index.js"));
        const QString userTools = data.path() + u'/' + kUser + QStringLiteral("/tools");
        QVERIFY(QDir().mkpath(userTools));
        {
            engine::RuntimeConfig rc;
            rc.preferred = QStringLiteral("bwrap");
            rc.save();
        }
        const QString key = engine::secretKey(kUser, QStringLiteral("hmac_sign"), QStringLiteral("signing_key"));
        const auto cleanup = qScopeGuard([key] {
            engine::KeychainSecretStore().removeNow(key);
            engine::SecretBinding::forget(key);
        });
        ui::MainWindow window(data.path(), kUser, nullptr, std::make_unique<engine::KeychainSecretStore>());
        window.resize(1300, 850);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.selectDir(data.path() + QStringLiteral("/tools/hmac_sign")), 20000);
        QVERIFY(window.runCurrentTool());
        ui::RunView *view = window.runView();
        QTRY_VERIFY(view->hasTool());
        QTRY_VERIFY_WITH_TIMEOUT(view->hasCatalog(), 20000);

        // Remembered for the global tool: stored, and bound to it.
        auto *field = qobject_cast<QLineEdit *>(view->form()->editor(QStringLiteral("signing_key")));
        QVERIFY(field);
        QTest::keyClicks(field, QString::fromUtf8(secret));
        view->form()->rememberBox(QStringLiteral("signing_key"))->setChecked(true);
        ui::RunPane *pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
        QTRY_VERIFY(view->form()->storedSecrets().contains(QStringLiteral("signing_key")));
        QCOMPARE(engine::SecretBinding::load(key).definition, QStringLiteral("global:") + data.path() + QStringLiteral("/tools/hmac_sign"));

        // A user's copy appears.
        const QString copyDir = userTools + QStringLiteral("/hmac_sign");
        test::makeTool(userTools, QStringLiteral("hmac_sign"), test::toolMd("hmac_sign", 99, inputs),
                       "export async function execute(_id, params) {\n"
                       "  return { content: [{ type: 'text', text: 'copy got ' + params.signing_key }] };\n}\n",
                       QStringLiteral("index.js"));
        QTRY_VERIFY_WITH_TIMEOUT(view->showTool(QStringLiteral("hmac_sign"), kUser) && view->tool().dir == copyDir, 20000);
        QTRY_VERIFY(view->form()->storedSecrets().contains(QStringLiteral("signing_key")));
        const QString question = QStringLiteral("hmac_sign is now your copy v99 (user), not global v1 — use the stored signing_key?");

        ui::MessageBox::setNextAnswer(1); // Don't Use
        pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        QCOMPARE(ui::MessageBox::lastQuestion(), question);
        QVERIFY2(pane->resultText().contains(QStringLiteral("copy got undefined")), qPrintable(pane->resultText()));
        QCOMPARE(engine::SecretBinding::load(key).definition, QStringLiteral("global:") + data.path() + QStringLiteral("/tools/hmac_sign"));

        ui::MessageBox::setNextAnswer(0); // Use
        pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
        QCOMPARE(ui::MessageBox::lastQuestion(), question);
        QVERIFY2(pane->resultText().contains(QStringLiteral("copy got ") + engine::kSecretMarker), qPrintable(pane->resultText()));
        QVERIFY(!pane->resultText().contains(QString::fromUtf8(secret)));
        QCOMPARE(engine::SecretBinding::load(key).definition, QStringLiteral("user:") + copyDir);

        // Bound to the copy now: no question (an unanswered one would be "Don't Use").
        ui::MessageBox::setNextAnswer(1);
        pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
        QCOMPARE(ui::MessageBox::pendingAnswers(), 1);
        while (ui::MessageBox::pendingAnswers() > 0)
            ui::MessageBox::ask(nullptr, {}, {}, {}); // drain the unused answer
        QVERIFY2(pane->resultText().contains(QStringLiteral("copy got ") + engine::kSecretMarker), qPrintable(pane->resultText()));
        window.close();
    }
};

QTEST_MAIN(TestSecretFlows)
#include "tst_secretflows.moc"
