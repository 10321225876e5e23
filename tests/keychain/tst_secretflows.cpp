// The secret-leak scan over the GUI's flows with the real keychain (run inside
// scripts/with-keyring), in a home emptied before the run (tests/common/fresh-home.sh): a user
// sets an Apify token and a resource with a secret field in Settings → Integrations; a tester
// types a secret into the run form and asks to remember it, runs a tool in bwrap that echoes
// the secret, the token and OFFICER_RESOURCES into its progress, log and result, reads every
// pane, copies the run as a command, saves each output, runs it again with the secret coming
// from the keychain, opens a run from the history and compares the two, and closes the window.
// Meanwhile every process's argv is sampled; every text the window shows is read (no secret,
// each echo masked where it arrived); afterwards every file under the test's config, data,
// cache and temporary directories (settings, run history, the command's params file, saved
// outputs, the sandbox's temporary dirs, the DATA_PATH) is read. None may hold a secret; the
// keychain must.

#include "diffmodel.h"
#include "fixture.h"
#include "run/runhistory.h"
#include "run/runsettings.h"
#include "running/runcompareview.h"
#include "running/runform.h"
#include "running/runpane.h"
#include "running/runrecordview.h"
#include "running/runview.h"
#include "runupdatesmodel.h"
#include "secrets/secretbinding.h"
#include "secrets/secretstore.h"
#include "widgets/messagebox.h"
#include "window/mainwindow.h"
#include "window/settingsdialog.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

using namespace tw;

namespace {

const QString kUser = QStringLiteral("tess@example.com");

const QByteArray kToolMd = "---\nname: vault_echo\ndescription: Echoes its params, token included.\nversion: 1\n"
                           "inputs:\n  token:\n    type: string\n    description: A secret.\n    sensitive: true\n"
                           "  note:\n    type: string\n    description: Plain text.\n    optional: true\n"
                           "---\n\n# Vault echo\n\nEchoes what it gets.\n";
// Everything secret the tool sees, echoed into every stream a pane shows.
const QByteArray kEntry = R"(export async function execute(_id, params, signal, onUpdate) {
  const seen = [params.token, process.env.OFFICER_APIFY_TOKEN, process.env.OFFICER_RESOURCES].join(' | ');
  onUpdate?.({ content: [{ type: 'text', text: 'got ' + seen }] });
  console.error('log line with ' + seen);
  return { content: [{ type: 'text', text: JSON.stringify({ params, seen }) }] };
}
)";

// Every file under `root`, read; the paths of those holding one of `needles` go to `hits`.
QStringList readAllFiles(const QString &root, const QList<QByteArray> &needles, QStringList *hits)
{
    QStringList read;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        read << path;
        const QByteArray bytes = test::readFile(path);
        for (const QByteArray &needle : needles)
            if (bytes.contains(needle))
                *hits << path;
    }
    return read;
}

// Every text a widget tree shows or carries: text views, labels, line edits, buttons, tabs, the
// rows of every item view (display, tool tip and an update's full text), tool tips and
// accessible names. "where: text" for each text holding one of `needles`.
QStringList textsHolding(QWidget *root, const QStringList &needles)
{
    QStringList out;
    const auto check = [&](const QObject *where, const QString &text) {
        for (const QString &needle : needles)
            if (text.contains(needle))
                out << QStringLiteral("%1 %2: %3").arg(QString::fromLatin1(where->metaObject()->className()),
                                                       where->objectName(), text.left(300));
    };
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : std::as_const(widgets)) {
        check(w, w->windowTitle());
        check(w, w->toolTip());
        check(w, w->accessibleName());
        check(w, w->accessibleDescription());
        if (auto *edit = qobject_cast<QPlainTextEdit *>(w))
            check(w, edit->toPlainText());
        if (auto *label = qobject_cast<QLabel *>(w))
            check(w, label->text());
        if (auto *line = qobject_cast<QLineEdit *>(w))
            check(w, line->text());
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            check(w, button->text());
        if (auto *tabs = qobject_cast<QTabWidget *>(w))
            for (int i = 0; i < tabs->count(); ++i) {
                check(w, tabs->tabText(i));
                check(w, tabs->tabToolTip(i));
            }
        if (auto *view = qobject_cast<QAbstractItemView *>(w); view && view->model()) {
            const QAbstractItemModel *m = view->model();
            std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
                for (int r = 0; r < m->rowCount(parent); ++r)
                    for (int c = 0; c < m->columnCount(parent); ++c) {
                        const QModelIndex i = m->index(r, c, parent);
                        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(model::RunUpdatesModel::TextRole)})
                            check(view, i.data(role).toString());
                        if (c == 0)
                            walk(i);
                    }
            };
            walk({});
            for (int c = 0; c < m->columnCount(); ++c)
                check(view, m->headerData(c, Qt::Horizontal).toString());
        }
    }
    return out;
}

// The cell editor open in `table`, if any (a closed one is hidden until it is deleted).
QLineEdit *openCellEditor(QTableWidget *table)
{
    for (QLineEdit *e : table->viewport()->findChildren<QLineEdit *>())
        if (e->isVisible())
            return e;
    return nullptr;
}

// Types into a cell as a user does: F2 opens its editor (unless it is the one open), Return
// commits.
void typeIntoCell(QTableWidget *table, int row, int column, const QString &text)
{
    if (table->currentRow() != row || table->currentColumn() != column || !openCellEditor(table)) {
        if (QLineEdit *open = openCellEditor(table))
            QTest::keyClick(open, Qt::Key_Return); // another cell's editor: done with it
        QTRY_VERIFY(!openCellEditor(table));
        table->setCurrentCell(row, column);
        QTest::keyClick(table, Qt::Key_F2);
    }
    QLineEdit *editor = openCellEditor(table);
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_VERIFY(!openCellEditor(table));
    QCOMPARE(table->item(row, column) ? table->item(row, column)->text() : QString(), text);
}

} // namespace

class TestSecretFlows final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(QDir().mkpath(qEnvironmentVariable("TMPDIR"))); }

    void guiFlowsLeaveTheSecretOnlyInTheKeychain()
    {
        const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid());
        const QByteArray secret = "gui-" + pid + "-k3ych41n-only";
        const QByteArray apify = "apify-" + pid + "-t0k3n";
        const QByteArray resourceKey = "crm-" + pid + "-ap1k3y";
        const QList<QByteArray> secrets{secret, apify, resourceKey};
        const QStringList secretTexts{QString::fromUtf8(secret), QString::fromUtf8(apify), QString::fromUtf8(resourceKey)};
        const QString marker = engine::kSecretMarker;
        const QString tmpRoot = QDir::tempPath(); // TMPDIR: this suite's own (fresh-home.sh)
        QVERIFY2(tmpRoot.contains(QStringLiteral("/tw-suite.")), qPrintable(tmpRoot));
        // The home is empty (tests/common/fresh-home.sh): every file found below is this run's.
        for (const char *var : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
            QVERIFY2(!QDirIterator(qEnvironmentVariable(var), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories).hasNext(), var);
        QVERIFY(!QDirIterator(tmpRoot, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories).hasNext());
        const auto forget = qScopeGuard([] {
            engine::KeychainSecretStore store;
            store.removeNow(engine::secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token")));
            store.removeNow(engine::resourceSecretKey(kUser, engine::Integrations::kApifyId));
            store.removeNow(engine::resourceSecretKey(kUser, QStringLiteral("crm")));
        });
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
                for (const QString &p : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                    QFile f(QStringLiteral("/proc/") + p + QStringLiteral("/cmdline"));
                    if (p.front().isDigit() && f.open(QIODevice::ReadOnly)) {
                        const QByteArray argv = f.readAll();
                        if (std::any_of(secrets.cbegin(), secrets.cend(), [&](const QByteArray &s) { return argv.contains(s); })) {
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

        QString paramsFile; // the file Copy as Command names
        {
            ui::MainWindow window(data.path(), kUser, nullptr, std::make_unique<engine::KeychainSecretStore>());
            window.resize(1300, 850);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTRY_VERIFY_WITH_TIMEOUT(window.selectDir(data.path() + QStringLiteral("/tools/vault_echo")), 20000);

            // Settings → Integrations, as a user fills it in: the Apify token, a resource whose
            // apiKey is a secret field.
            window.showSettings(ui::MainWindow::IntegrationsPage);
            QPointer<ui::SettingsDialog> settings = window.findChild<ui::SettingsDialog *>();
            QVERIFY(settings);
            auto *pages = settings->findChild<QTabWidget *>();
            QCOMPARE(pages->tabText(pages->currentIndex()), QStringLiteral("Integrations"));
            QTest::keyClicks(settings->apifyTokenField(), QString::fromUtf8(apify));
            QPushButton *addResource = nullptr;
            for (QPushButton *b : settings->findChildren<QPushButton *>())
                if (b->text() == u"Add Resource")
                    addResource = b;
            QVERIFY(addResource);
            QTest::mouseClick(addResource, Qt::LeftButton);
            QTableWidget *resources = settings->resourcesTable();
            QCOMPARE(resources->rowCount(), 1);
            typeIntoCell(resources, 0, 0, QStringLiteral("crm"));
            QVERIFY(!QTest::currentTestFailed());
            typeIntoCell(resources, 0, 1, QStringLiteral("{\"url\":\"http://crm.local\"}"));
            QVERIFY(!QTest::currentTestFailed());
            typeIntoCell(resources, 0, 2, QStringLiteral("{\"apiKey\":\"%1\"}").arg(QString::fromUtf8(resourceKey)));
            QVERIFY(!QTest::currentTestFailed());
            QSignalSpy saved(settings.data(), &ui::SettingsDialog::saved);
            QTest::mouseClick(settings->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
            QVERIFY2(saved.first().first().toBool(), qPrintable(settings ? settings->statusLabel()->text() : QString()));
            QTRY_VERIFY(settings.isNull()); // accepted and gone
            const engine::Integrations integrations = engine::Integrations::load(kUser);
            QVERIFY(integrations.apifyToken);
            QCOMPARE(integrations.resources.size(), 1);
            QCOMPARE(integrations.resources.first().secretFields, QStringList{QStringLiteral("apiKey")});

            QVERIFY(window.runCurrentTool());
            ui::RunView *view = window.runView();
            QTRY_VERIFY(view->hasTool());
            QTRY_VERIFY_WITH_TIMEOUT(view->hasCatalog(), 20000); // the first scan has finished

            // Typed, remembered, run.
            auto *token = qobject_cast<QLineEdit *>(view->form()->editor(QStringLiteral("token")));
            QVERIFY(token);
            QTest::keyClicks(token, QString::fromUtf8(secret));
            QTest::keyClicks(qobject_cast<QLineEdit *>(view->form()->editor(QStringLiteral("note"))), QStringLiteral("plain note"));
            view->form()->rememberBox(QStringLiteral("token"))->setChecked(true);
            ui::RunPane *pane = view->run();
            QVERIFY(pane);
            QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
            QVERIFY2(pane->outcome()->state == engine::RunState::Result, qPrintable(pane->outcome()->message));
            QTRY_VERIFY(view->form()->storedSecrets().contains(QStringLiteral("token")));
            // Each secret reached the tool and came back masked, in every stream.
            const QString echoed = QStringLiteral("%1 | %1 | {\"crm\":{\"apiKey\":\"%1\",\"url\":\"http://crm.local\"}}").arg(marker);
            QTRY_COMPARE(pane->snapshotView()->toPlainText(), QStringLiteral("got ") + echoed);
            pane->updatesView()->setCurrentIndex(pane->updatesModel()->index(0));
            QCOMPARE(pane->timelineDetail()->toPlainText(), QStringLiteral("got ") + echoed);
            QVERIFY2(pane->logView()->toPlainText().contains(QStringLiteral("log line with ") + echoed),
                     qPrintable(pane->logView()->toPlainText()));
            QVERIFY2(pane->resultText().contains(QStringLiteral("\"token\":\"") + marker), qPrintable(pane->resultText()));
            QVERIFY(pane->resultView()->toPlainText().contains(QStringLiteral("\"token\":\"") + marker));
            QVERIFY(pane->rawView()->toPlainText().contains(QStringLiteral("got ") + marker));
            const QString environment = pane->environmentView()->toPlainText();
            QVERIFY2(environment.contains(QStringLiteral("OFFICER_APIFY_TOKEN=") + marker), qPrintable(environment));
            QVERIFY2(environment.contains(QStringLiteral("OFFICER_RESOURCES={\"crm\":{\"apiKey\":\"%1\"").arg(marker)), qPrintable(environment));
            for (ui::RunPane::Output which : {ui::RunPane::Output::Result, ui::RunPane::Output::Snapshot,
                                              ui::RunPane::Output::Log, ui::RunPane::Output::Raw}) {
                QVERIFY(pane->fullOutput(which).contains(marker));
                QString error;
                QVERIFY2(pane->saveOutput(which, tmpRoot + QStringLiteral("/saved-%1.txt").arg(int(which)), &error), qPrintable(error));
            }
            // Copy as Command: the line on the clipboard and its params file leave the secret out.
            QPushButton *copyCommand = nullptr;
            for (QPushButton *b : pane->findChildren<QPushButton *>())
                if (b->text() == u"Copy as Command")
                    copyCommand = b;
            QVERIFY(copyCommand);
            QGuiApplication::clipboard()->clear();
            QTest::mouseClick(copyCommand, Qt::LeftButton);
            const QString command = QGuiApplication::clipboard()->text();
            QVERIFY2(command.startsWith(QStringLiteral("toolwright run vault_echo ")), qPrintable(command));
            paramsFile = command.section(u'@', -1);
            QCOMPARE(QJsonDocument::fromJson(test::readFile(paramsFile)).object(),
                     (QJsonObject{{QStringLiteral("note"), QStringLiteral("plain note")}}));

            // Again, the secret from the keychain.
            QVERIFY(view->showTool(QStringLiteral("vault_echo"), kUser));
            QTRY_VERIFY(view->form()->storedSecrets().contains(QStringLiteral("token")));
            QVERIFY(view->form()->editor(QStringLiteral("token"))->property("text").toString().isEmpty());
            QSignalSpy recorded(view, &ui::RunView::runRecorded);
            pane = view->run();
            QVERIFY(pane);
            QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 60000);
            QVERIFY(pane->resultText().contains(QStringLiteral("\"token\":\"") + marker));
            QTRY_VERIFY(!recorded.isEmpty());

            // From the history: one run opened in full, then both compared.
            QTableView *history = view->historyView();
            QTRY_COMPARE(history->model()->rowCount(), 2);
            auto *open = view->findChild<QPushButton *>(QStringLiteral("historyOpen"));
            auto *compare = view->findChild<QPushButton *>(QStringLiteral("historyCompare"));
            QVERIFY(open && compare);
            history->selectRow(1);
            QTest::mouseClick(open, Qt::LeftButton);
            auto *record = qobject_cast<ui::RunRecordView *>(view->runTabs()->currentWidget());
            QVERIFY(record);
            QVERIFY2(record->inputsView()->toPlainText().contains(QStringLiteral("\"token\": \"") + marker),
                     qPrintable(record->inputsView()->toPlainText()));
            QCOMPARE(record->updatesView()->model()->index(0, 0).data(model::RunUpdatesModel::TextRole).toString(),
                     QStringLiteral("got ") + echoed);
            QVERIFY(record->resultView()->toPlainText().contains(QStringLiteral("\"token\":\"") + marker));
            history->selectAll();
            QTest::mouseClick(compare, Qt::LeftButton);
            auto *comparison = qobject_cast<ui::RunCompareView *>(view->runTabs()->currentWidget());
            QVERIFY(comparison);
            QVERIFY(comparison->resultDiff()->rowCount() > 0);
            QVERIFY(textsHolding(comparison, {marker}).size() > 0);

            // Every text the window shows or carries, every pane of both runs and of the
            // history: the masks, never a secret.
            const QStringList shown = textsHolding(&window, secretTexts);
            QVERIFY2(shown.isEmpty(), qPrintable(shown.join(u'\n')));
            QVERIFY(textsHolding(&window, {marker}).size() >= 10); // the scan reached the panes
            window.close();
        }
        QSettings().sync();
        QVERIFY(samples > 10);
        QVERIFY2(leakedArgv.isEmpty(), qPrintable(leakedArgv.join(u'\n')));

        // The keychain holds them …
        engine::KeychainSecretStore check;
        QCOMPARE(check.readNow(engine::secretKey(kUser, QStringLiteral("vault_echo"), QStringLiteral("token"))).value,
                 QString::fromUtf8(secret));
        QCOMPARE(check.readNow(engine::resourceSecretKey(kUser, engine::Integrations::kApifyId)).value, QString::fromUtf8(apify));
        QVERIFY(check.readNow(engine::resourceSecretKey(kUser, QStringLiteral("crm"))).value.contains(QString::fromUtf8(resourceKey)));
        // … and nothing else does: every file this run wrote is read.
        QStringList read, hits;
        for (const char *var : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"}) {
            const QString root = qEnvironmentVariable(var);
            QVERIFY2(!root.isEmpty(), var);
            read += readAllFiles(root, secrets, &hits);
        }
        read += readAllFiles(tmpRoot, secrets, &hits);
        QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
        // Among them what the flows wrote: the settings (integrations included), the run
        // history, the command's params file, the four saved outputs.
        QStringList expected{QSettings().fileName(), engine::RunHistory::defaultPath(), paramsFile};
        for (int which = 0; which < 4; ++which)
            expected << tmpRoot + QStringLiteral("/saved-%1.txt").arg(which);
        for (const QString &file : std::as_const(expected))
            QVERIFY2(read.contains(file), qPrintable(file + QStringLiteral(" was not read; read:\n") + read.join(u'\n')));
        QVERIFY(test::readFile(QSettings().fileName()).contains("http://crm.local")); // the integrations are in it
        qInfo("%d argv samples, %lld files read, no secret in any", int(samples), qlonglong(read.size()));
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
