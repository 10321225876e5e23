// A server window, offscreen, against a real OpenSSH server on 127.0.0.1 (tests/common/sshd.h):
// File → Connect to Server…, the server's catalog in the browser, a file read through the
// connection, a change on the server arriving by itself, a dropped connection that reconnects,
// Reconnect by hand, a server without Toolwright, the window at 300 ms round trip (through
// tests/common/delayproxy.h), and ssh's host-key question in Toolwright's askpass dialog on a
// real X server (tests/common/xvfb.h).
//
// The server runs `toolwright serve` in bubblewrap with its DATA_PATH bound at /srv/twdata, a
// path this machine does not have: what the window shows can only have come over the
// connection, never from the local disk at the same path.

#include "browsing/agentsetdialog.h"
#include "browsing/markdownview.h"
#include "syncplanmodel.h"
#include "diffmodel.h"
#include "browsing/tooldiffpane.h"
#include "admin/syncview.h"
#include "editing/comparedialog.h"
#include "editing/tooleditor.h"
#include "browsing/tooldetailpane.h"
#include "catalog/catalogsource.h"
#include "delayproxy.h"
#include "fixture.h"
#include "guitestmain.h"
#include "remote/remotesession.h"
#include "run/runinputs.h"
#include "secrets/secretmasker.h"
#include "secrets/secretstore.h"
#include "secrets/configuredsecretstore.h"
#include "running/runform.h"
#include "runhistorymodel.h"
#include "runupdatesmodel.h"
#include "remote/remoterunexecution.h"
#include "running/runview.h"
#include "running/runpane.h"
#include "sshd.h"
#include "xvfb.h"
#include "widgets/messagebox.h"
#include "window/connectdialog.h"
#include "window/connectionstatus.h"
#include "window/browserpane.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QCheckBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTabWidget>
#include <Qsci/qsciscintilla.h>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTreeWidget>
#include <QTimer>

#include <signal.h>

using namespace tw;
using namespace tw::ui;

namespace {
const QString kServerPath = QStringLiteral("/srv/twdata");
const QByteArray kEntry = "export async function execute() {\n  return { content: [{ type: 'text', text: 'from the server' }] };\n}\n";

// How long the GUI thread could not have answered: the largest gap between two ticks of a
// precise 5 ms timer on it, per step of a test (the gap counts to the step it ended in).
class GuiGapMeter
{
public:
    struct Step
    {
        QString name;
        qint64 largestGapMs = 0;
        qint64 durationMs = 0;
    };

    GuiGapMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { tick(); });
    }

    void start(const QString &step)
    {
        m_sinceTick.start();
        m_timer.start();
        beginStep(step);
    }
    void step(const QString &step)
    {
        tick();
        beginStep(step);
    }
    void stop()
    {
        tick();
        m_steps.last().durationMs = m_stepClock.elapsed();
        m_timer.stop();
    }
    const QList<Step> &steps() const { return m_steps; }
    qint64 largestGapMs() const
    {
        qint64 largest = 0;
        for (const Step &s : m_steps)
            largest = std::max(largest, s.largestGapMs);
        return largest;
    }
    QString report() const
    {
        QStringList parts;
        for (const Step &s : m_steps)
            parts << QStringLiteral("%1 %2 ms (largest gap %3 ms)").arg(s.name).arg(s.durationMs).arg(s.largestGapMs);
        return parts.join(QStringLiteral("; "));
    }

private:
    void beginStep(const QString &name)
    {
        if (!m_steps.isEmpty())
            m_steps.last().durationMs = m_stepClock.elapsed();
        m_steps.append({name, 0, 0});
        m_stepClock.start();
    }
    void tick()
    {
        const qint64 gap = m_sinceTick.restart();
        if (!m_steps.isEmpty())
            m_steps.last().largestGapMs = std::max(m_steps.last().largestGapMs, gap);
    }

    QTimer m_timer;
    QElapsedTimer m_sinceTick;
    QElapsedTimer m_stepClock;
    QList<Step> m_steps;
};

// An environment variable set while this lives; then as it was, or unset again.
class EnvironmentOverride
{
public:
    EnvironmentOverride(const char *name, const QByteArray &value)
        : m_name(name), m_wasSet(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~EnvironmentOverride() { m_wasSet ? qputenv(m_name, m_old) : qunsetenv(m_name); }
    Q_DISABLE_COPY_MOVE(EnvironmentOverride)

private:
    const char *m_name;
    bool m_wasSet;
    QByteArray m_old;
};
} // namespace

class TestServerWindow : public QObject
{
    Q_OBJECT

    test::Sshd m_sshd;
    QTemporaryDir m_tmp;
    QString m_data; // the server's DATA_PATH as this machine has it; the server sees kServerPath
    QString m_pidFile;
    QString m_serverHome; // the server's XDG dirs and TMPDIR (remoteCommand())

    // sshd hands the server a fresh environment: its settings, history and caches go to a home
    // of its own here (m_serverHome), never the machine's, where a test could not look.
    QString remoteCommand(const QString &program = TW_BINARY) const
    {
        return QStringLiteral("echo $$ > '%1'; exec env XDG_CONFIG_HOME='%5/config' XDG_DATA_HOME='%5/data' XDG_CACHE_HOME='%5/cache' "
                              "TMPDIR='%5/tmp' bwrap --die-with-parent --dev-bind / / --tmpfs /srv --bind '%2' %3 -- %4 serve --stdio")
            .arg(m_pidFile, m_data, kServerPath, program, m_serverHome);
    }

    // A server window on screen, other than those in `before` (a case that failed half-way
    // leaves its own open: the next one must not take it for the one it opened).
    static MainWindow *serverWindow(const QList<MainWindow *> &before = {})
    {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *m = qobject_cast<MainWindow *>(w); m && m->isRemote() && m->isVisible() && !before.contains(m))
                return m;
        return nullptr;
    }
    static QList<MainWindow *> serverWindows()
    {
        QList<MainWindow *> all;
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *m = qobject_cast<MainWindow *>(w); m && m->isRemote())
                all.append(m);
        return all;
    }

    // File → Connect to Server… filled in and accepted; the server window it opened. `port`
    // 0: the one ssh_config gives the alias.
    MainWindow *connectThroughTheDialog(MainWindow &local, const QString &command, int port = 0)
    {
        ConnectDialog *dialog = MainWindow::connectToServerDialog(&local);
        dialog->hostEdit()->setText(m_sshd.alias());
        dialog->portSpin()->setValue(port);
        dialog->dataPathEdit()->setText(kServerPath);
        dialog->commandEdit()->setText(command);
        QPushButton *connectButton = dialog->buttons()->button(QDialogButtonBox::Ok);
        if (!connectButton->isEnabled())
            return nullptr;
        const QList<MainWindow *> before = serverWindows();
        QTest::mouseClick(connectButton, Qt::LeftButton);
        return QTest::qWaitFor([&] { return serverWindow(before) != nullptr; }, 5000) ? serverWindow(before) : nullptr;
    }

    static bool hasTool(const MainWindow *w, const QString &name)
    {
        const auto catalog = w->source()->catalog();
        if (!catalog)
            return false;
        for (const engine::ToolRecord &t : catalog->global.tools)
            if (t.manifest.name == name)
                return true;
        return false;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_sshd.start(&error), qPrintable(error));
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty(), "bubblewrap is a test dependency");
        QVERIFY2(!QFileInfo::exists(kServerPath), "this machine must not have the server's path");
        qputenv("TOOLWRIGHT_SSH_CONFIG", m_sshd.clientConfig().toUtf8());
        m_data = m_tmp.filePath(QStringLiteral("server-data"));
        m_pidFile = m_tmp.filePath(QStringLiteral("server.pid"));
        m_serverHome = m_tmp.filePath(QStringLiteral("server-home"));
        QVERIFY(QDir().mkpath(m_serverHome + QStringLiteral("/tmp")));
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("greet"),
                       test::toolMd("greet", 1, "label: Greeter\n").replace("Body.", "Greets whoever asks."), kEntry);
        test::writeFile(m_data + QStringLiteral("/tools/broken/TOOL.md"), "---\nname: [unclosed\n---\n");
        test::makeTool(m_data + QStringLiteral("/ada@example.com/tools"), QStringLiteral("mine"), test::toolMd("mine"));
    }

    void connectsBrowsesAndFollowsTheServer()
    {
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        local.show();
        MainWindow *server = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(server);
        QTRY_VERIFY_WITH_TIMEOUT(server->source()->catalog() != nullptr, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(server->connectionStatus()->label()->text().contains(u"connected"), 10000);
        // Title and status bar: the host, the state, the round trip.
        QTRY_VERIFY_WITH_TIMEOUT(server->windowTitle().contains(QRegularExpression(QStringLiteral("tw-test:/srv/twdata \\(connected, \\d+ ms\\)"))), 10000);
        QVERIFY2(server->connectionStatus()->label()->text().contains(QRegularExpression(QStringLiteral("^tw-test: connected, \\d+ ms$"))),
                 qPrintable(server->connectionStatus()->label()->text()));
        QVERIFY(!server->connectionStatus()->reconnectButton()->isVisible());
        QCOMPARE(server->dataPath(), kServerPath);
        QCOMPARE(server->dataLocation(), QStringLiteral("ssh://tw-test/srv/twdata"));

        // The browser: the server's tools, their documentation, and a file read over ssh.
        QVERIFY(hasTool(server, QStringLiteral("greet")));
        QVERIFY(server->selectDir(kServerPath + QStringLiteral("/tools/greet")));
        QTRY_VERIFY(server->detailPane()->headerText().contains(u"Greeter"));
        // The catalog came without the bodies: the one shown is fetched (one tool.bodies).
        QTRY_VERIFY_WITH_TIMEOUT(server->detailPane()->documentation()->toPlainText().contains(u"Greets whoever asks."), 10000);
        // The Agent View is computed from every body of the user's set: those not here yet are
        // fetched first (a tool of ada's nobody has shown), and the open dialog fills when they are.
        test::makeTool(m_data + QStringLiteral("/ada@example.com/tools"), QStringLiteral("unseen"), test::toolMd("unseen"));
        const auto unseen = [&]() -> const engine::ToolRecord * {
            for (const engine::ToolRecord &t : server->source()->catalog()->userLocation(QStringLiteral("ada@example.com"))->tools)
                if (t.manifest.name == u"unseen")
                    return &t;
            return nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(unseen(), 10000);
        QVERIFY(unseen()->bodyElsewhere);
        // ...and in the browser's catalog, which the Agent View reads (the catalog's consumers
        // get it an event-loop slice after the source: opened in between, the view had no
        // "unseen" and every body it needed — a flaky start under ASan).
        const auto browserHasUnseen = [&] {
            const engine::Catalog *c = server->browser()->catalog();
            const engine::LocationScan *ada = c ? c->userLocation(QStringLiteral("ada@example.com")) : nullptr;
            return ada && std::any_of(ada->tools.cbegin(), ada->tools.cend(), [](const engine::ToolRecord &t) { return t.manifest.name == u"unseen"; });
        };
        QTRY_VERIFY_WITH_TIMEOUT(browserHasUnseen(), 10000);
        AgentSetDialog *agent = server->browser()->openAgentView();
        QVERIFY(agent);
        QCOMPARE(agent->user(), QStringLiteral("ada@example.com"));
        QVERIFY2(agent->summaryText().startsWith(u"Reading the bod"), qPrintable(agent->summaryText()));
        QCOMPARE(agent->toolTree()->topLevelItemCount(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(agent->toolTree()->topLevelItemCount(), 3, 10000); // greet, ada's mine and unseen
        QVERIFY2(agent->summaryText().contains(u"tools cost every agent session"), qPrintable(agent->summaryText()));
        QVERIFY(agent->promptText().contains(u"- unseen: "));
        QVERIFY(!unseen()->bodyElsewhere);
        for (const engine::LocationScan *l : {&server->source()->catalog()->global, server->source()->catalog()->userLocation(QStringLiteral("ada@example.com"))})
            for (const engine::ToolRecord &t : l->tools)
                QVERIFY2(!t.bodyElsewhere, qPrintable(t.dir));
        agent->close();
        server->detailPane()->openFile(kServerPath + QStringLiteral("/tools/greet/index.ts"));
        QTRY_COMPARE_WITH_TIMEOUT(server->detailPane()->codeView()->text(), QString::fromUtf8(kEntry), 10000);
        // The Problems panel lists the server's broken directory.
        QTRY_VERIFY(server->problemsView()->model()->rowCount() > 0);
        // Runs and the seed sync go to the server too.
        QVERIFY(server->viewTabs()->isTabEnabled(MainWindow::RunViewTab));
        QVERIFY(server->viewTabs()->isTabEnabled(MainWindow::SyncViewTab));

        // A change on the server arrives by itself: the new version, nothing asked.
        test::writeFile(m_data + QStringLiteral("/tools/greet/TOOL.md"), test::toolMd("greet", 7, "label: Greeter\n"));
        QTRY_VERIFY_WITH_TIMEOUT(server->source()->catalog()->global.tools.first().manifest.version == 7, 10000);

        // The connection drops (the server killed): the window says so, keeps what it shows,
        // and connects again by itself; what changed meanwhile is there.
        ::kill(pid_t(test::readFile(m_pidFile).trimmed().toLongLong()), SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(server->connectionStatus()->reconnectButton()->isVisible(), 10000);
        QVERIFY(server->source()->catalog() != nullptr);
        QVERIFY(hasTool(server, QStringLiteral("greet")));
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("later"), test::toolMd("later"));
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(server, QStringLiteral("later")), 20000);
        QTRY_VERIFY(server->connectionStatus()->label()->text().contains(u"connected,"));

        // Disconnected, then Reconnect by hand.
        server->remoteSession()->close();
        QCOMPARE(server->connectionStatus()->label()->text(), QStringLiteral("tw-test: disconnected"));
        QVERIFY(server->windowTitle().contains(u"(disconnected)"));
        QVERIFY(server->connectionStatus()->reconnectButton()->isVisible());
        QTest::mouseClick(server->connectionStatus()->reconnectButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(server->connectionStatus()->label()->text().contains(u"connected,"), 20000);
        server->close();

        // The connection is remembered, first among the recent ones.
        const QList<ConnectDialog::Connection> recent = ConnectDialog::recent();
        QVERIFY(!recent.isEmpty());
        QCOMPARE(recent.first().target.url(), QStringLiteral("ssh://tw-test/srv/twdata"));
        QCOMPARE(recent.first().remoteCommand, remoteCommand());
        ConnectDialog again;
        QCOMPARE(again.hostEdit()->text(), QStringLiteral("tw-test"));
        QCOMPARE(again.dataPathEdit()->text(), kServerPath);
    }

    // The Run view of a server window: the tool runs on the server (its bubblewrap, in the
    // server's DATA_PATH), its updates arrive live in the pane, Cancel reaches the server, the
    // runs go into this desktop's history for that server, and a connection lost under a run
    // ends it as "connection lost — cancelled on the server".
    void runsOnTheServerWithLiveProgressAndCancel()
    {
        const QByteArray entry = R"(import { readFileSync } from 'node:fs';
export async function execute(_id, params, signal, onUpdate) {
  if (params.mode === 'slow') {
    onUpdate?.({ content: [{ type: 'text', text: 'waiting' }] });
    await new Promise((resolve) => { signal?.addEventListener('abort', resolve); setTimeout(resolve, 60000); });
    return { content: [{ type: 'text', text: 'aborted' }], isError: true };
  }
  for (let i = 1; i <= 4; i++) {
    onUpdate?.({ content: [{ type: 'text', text: 'step ' + i }] });
    await new Promise((r) => setTimeout(r, 150));
  }
  // What the tool sees is the server's: the user's data root in the server's DATA_PATH.
  return { content: [{ type: 'text', text: 'read ' + readFileSync(process.env.OFFICER_USER_ROOT + '/marker.txt', 'utf8') }] };
}
)";
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("ticker"),
                       test::toolMd("ticker", 1,
                                    "input:\n  mode:\n    type: string\n    description: How to run.\n    optional: true\n"),
                       entry);
        test::writeFile(m_data + QStringLiteral("/ada@example.com/marker.txt"), "on the server");
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(server);
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(server, QStringLiteral("ticker")), 20000);
        RunView *view = server->runView();
        QVERIFY(view->isServer());
        QVERIFY(view->serverNote()->text().contains(u"tw-test"));
        QVERIFY(view->showTool(QStringLiteral("ticker"), QStringLiteral("ada@example.com")));
        server->viewTabs()->setCurrentIndex(MainWindow::RunViewTab);

        // Live: updates arrive while the run goes on, then the result.
        RunPane *pane = view->run();
        QVERIFY(pane);
        QVERIFY(!pane->session()); // no sandbox on this machine
        QTRY_VERIFY_WITH_TIMEOUT(pane->updatesModel()->rowCount() >= 1, 20000);
        QVERIFY2(pane->isRunning(), "the first update is shown before the run ends");
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 20000);
        QCOMPARE(pane->outcome()->state, engine::RunState::Result);
        QCOMPARE(pane->updatesModel()->rowCount(), 4);
        QCOMPARE(pane->resultText(), QStringLiteral("read on the server"));
        QVERIFY(pane->environmentView()->toPlainText().contains(u"bwrap")); // the command that started it there
        QCOMPARE(pane->execution()->runtimeName(), QStringLiteral("bwrap on tw-test"));
        QVERIFY(pane->rawView()->toPlainText().contains(u"\"toolCallId\""));
        QVERIFY(pane->commandLine().contains(u"--data ssh://tw-test/srv/twdata"));
        QTRY_VERIFY_WITH_TIMEOUT(view->historyModel()->rowCount() == 1, 10000);
        QVERIFY(QFileInfo::exists(engine::RemoteRunExecution::historyPathFor(server->remoteSession()->target())));

        // Cancel reaches the server.
        view->form()->setValues({{QStringLiteral("mode"), QStringLiteral("slow")}});
        pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->updatesModel()->rowCount() == 1, 20000);
        QVERIFY(pane->cancelButton()->isEnabled());
        QTest::mouseClick(pane->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 20000);
        QCOMPARE(pane->outcome()->state, engine::RunState::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(view->historyModel()->rowCount() == 2, 10000);

        // The connection lost under a run: it ends at once, and says so.
        pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->updatesModel()->rowCount() == 1, 20000);
        ::kill(pid_t(test::readFile(m_pidFile).trimmed().toLongLong()), SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 20000);
        QCOMPARE(pane->outcome()->state, engine::RunState::Failed);
        QVERIFY2(pane->bannerLabel()->text().contains(u"connection lost — cancelled on the server"),
                 qPrintable(pane->bannerLabel()->text()));
        QVERIFY(pane->bannerLabel()->isVisible());
        server->close();
    }

    // A sensitive input of a run on a server: typed once and remembered in this desktop's
    // keychain under the server's name for the user, sent inside the run's request, masked in
    // every view, and written nowhere — not on the server's disk, not in either history.
    void aRunsSecretStaysOnTheDesktop()
    {
        const QByteArray secret = "pw-ON-THE-WIRE-ONLY-7781";
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("vault"),
                       "---\nname: vault\ndescription: Tells what it was given.\nversion: 1\ninputs:\n"
                       "  password:\n    type: string\n    description: A password.\n    sensitive: true\n---\nTells.\n",
                       "export async function execute(_id, params, _signal, onUpdate) {\n"
                       "  onUpdate?.({ content: [{ type: 'text', text: 'got ' + params.password }] });\n"
                       "  return { content: [{ type: 'text', text: 'pw ' + params.password }] };\n}\n");
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(server);
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(server, QStringLiteral("vault")), 20000);
        RunView *view = server->runView();
        QVERIFY(view->showTool(QStringLiteral("vault"), QStringLiteral("ada@example.com")));
        auto *field = qobject_cast<QLineEdit *>(view->form()->editor(QStringLiteral("password")));
        QVERIFY(field);
        QTest::keyClicks(field, QString::fromLatin1(secret));
        view->form()->rememberBox(QStringLiteral("password"))->setChecked(true);
        RunPane *pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 20000);
        QCOMPARE(pane->outcome()->state, engine::RunState::Result);
        // The tool had it; no view shows it.
        QCOMPARE(pane->resultText(), QStringLiteral("pw ") + engine::kSecretMarker);
        for (const QString &text : {pane->rawView()->toPlainText(), pane->logView()->toPlainText(), pane->snapshotView()->toPlainText(),
                                    pane->environmentView()->toPlainText(), pane->commandLine()})
            QVERIFY2(!text.contains(QString::fromLatin1(secret)), qPrintable(text));
        // Remembered here, under the server's name for the user.
        engine::ConfiguredSecretStore keychain;
        const QString key = engine::secretKey(engine::remoteSecretUser(server->remoteSession()->target(), QStringLiteral("ada@example.com")),
                                              QStringLiteral("vault"), QStringLiteral("password"));
        QTRY_VERIFY_WITH_TIMEOUT(keychain.readNow(key).value == QString::fromLatin1(secret), 10000);
        QVERIFY(keychain.readNow(engine::secretKey(QStringLiteral("ada@example.com"), QStringLiteral("vault"), QStringLiteral("password")))
                    .value.isEmpty()); // never under the local user's name
        QTRY_VERIFY_WITH_TIMEOUT(view->historyModel()->rowCount() >= 1, 10000);

        // Run again with the field empty: the keychain's value goes with the run.
        QVERIFY(view->showTool(QStringLiteral("vault"), QStringLiteral("ada@example.com")));
        QTRY_COMPARE_WITH_TIMEOUT(view->form()->storedSecrets(), QStringList{QStringLiteral("password")}, 10000);
        pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 20000);
        QCOMPARE(pane->resultText(), QStringLiteral("pw ") + engine::kSecretMarker);
        server->close();
        // Nothing either side wrote holds it: the server's DATA_PATH, the server's home (its run
        // history is there: what is searched was written), and this desktop's XDG dirs.
        QVERIFY2(test::filesContaining(m_data, secret).isEmpty(), qPrintable(test::filesContaining(m_data, secret).join(u' ')));
        int serverFiles = 0;
        QVERIFY2(test::filesContaining(m_serverHome, secret, &serverFiles).isEmpty(),
                 qPrintable(test::filesContaining(m_serverHome, secret).join(u' ')));
        QVERIFY2(!test::filesContaining(m_serverHome + QStringLiteral("/data"), "vault").isEmpty(), "the server kept no history of the runs");
        QVERIFY(serverFiles > 0);
        for (const char *var : {"XDG_DATA_HOME", "XDG_CONFIG_HOME"})
            QVERIFY2(test::filesContaining(qEnvironmentVariable(var), secret).isEmpty(),
                     qPrintable(test::filesContaining(qEnvironmentVariable(var), secret).join(u' ')));
    }

    // Seed Sync in a server window: the seed is a folder on the server; the plan, each tool's
    // comparison and the apply go over the connection, and the server's DATA_PATH changes.
    void seedSyncOnTheServer()
    {
        const QString seed = m_tmp.filePath(QStringLiteral("server-seed"));
        test::makeTool(seed + QStringLiteral("/tools"), QStringLiteral("syncme"), test::toolMd("syncme", 2), kEntry);
        test::makeTool(seed + QStringLiteral("/tools"), QStringLiteral("fresh"), test::toolMd("fresh", 1), kEntry);
        test::makeTool(seed + QStringLiteral("/tools"), QStringLiteral("same"),
                       test::toolMd("same", 3).replace("Body.", "Changed without a bump."), kEntry);
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("syncme"), test::toolMd("syncme", 1), kEntry);
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("same"), test::toolMd("same", 3), kEntry);
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(server);
        QVERIFY(server->viewTabs()->isTabEnabled(MainWindow::SyncViewTab));
        QTRY_VERIFY_WITH_TIMEOUT(server->remoteSession()->connection() != nullptr, 20000);
        SyncView *sync = server->syncView();
        QVERIFY(sync->isServer());
        server->viewTabs()->setCurrentIndex(MainWindow::SyncViewTab);

        // The seed root on the server: its tools/ planned there.
        sync->setSeedDir(seed);
        QTRY_VERIFY_WITH_TIMEOUT(sync->planModel()->rowCount() == 3, 20000);
        QVERIFY2(sync->summaryText().contains(u"1 to install, 1 to update, 1 unchanged"), qPrintable(sync->summaryText()));
        QVERIFY(sync->summaryText().contains(u"without a version bump"));
        QCOMPARE(sync->plannedToolsDir(), seed + QStringLiteral("/tools"));
        // The change the sync would skip is compared at once, both sides read on the server.
        QTRY_VERIFY_WITH_TIMEOUT(sync->diffPane()->tabs()->count() >= 1 && sync->diffPane()->diffModel(0), 20000);
        model::DiffModel *diff = sync->diffPane()->diffModel(0);
        QVERIFY2(diff->leftTitle().contains(u"same/TOOL.md (v3)"), qPrintable(diff->leftTitle()));
        bool sawChange = false;
        for (int r = 0; r < diff->rowCount(); ++r)
            sawChange = sawChange || diff->index(r, model::DiffModel::RightTextColumn).data().toString().contains(u"Changed without a bump.");
        QVERIFY(sawChange);

        // Apply, asked first; the server's DATA_PATH has the new tools.
        MessageBox::setNextAnswer(0);
        QVERIFY(sync->applyButton()->isEnabled());
        sync->apply();
        QVERIFY(MessageBox::lastQuestion().contains(u"Install 1 and update 1"));
        QTRY_VERIFY_WITH_TIMEOUT(sync->resultText().contains(u"Sync applied: 1 installed, 1 updated."), 20000);
        QVERIFY(QFileInfo::exists(m_data + QStringLiteral("/tools/fresh/TOOL.md")));
        QVERIFY(test::readFile(m_data + QStringLiteral("/tools/syncme/TOOL.md")).contains("version: 2"));
        // Planned again: nothing left to apply; the window's catalog has them.
        QTRY_VERIFY_WITH_TIMEOUT(!sync->isBusy() && !sync->applyButton()->isEnabled(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(server, QStringLiteral("fresh")), 20000);
        server->close();
        // Offered again in the next window on this server.
        MainWindow *again = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(again);
        QCOMPARE(again->syncView()->seedDir(), seed);
        again->close();
    }

    // Customize, Revert to Global, New, Export and Import in a server window: each the server's
    // own operation over the connection; the editor opens on what it made.
    void toolOperationsOnTheServer()
    {
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("shared"), test::toolMd("shared", 2), kEntry);
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(server);
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(server, QStringLiteral("shared")) && server->remoteSession()->connection(), 20000);
        server->setCurrentUser(QStringLiteral("ada@example.com"));
        const QString copy = m_data + QStringLiteral("/ada@example.com/tools/shared");
        const QString copyOnServer = kServerPath + QStringLiteral("/ada@example.com/tools/shared");

        // Customize: the copy made on the server, opened in the editor.
        QVERIFY(server->customizeTool(kServerPath + QStringLiteral("/tools/shared")).isEmpty()); // answered later
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(copy + QStringLiteral("/TOOL.md")), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(server->currentEditor() && server->currentEditor()->dir() == copyOnServer, 20000);
        QVERIFY(server->currentEditor()->isRemote());

        // Export it to this machine, revert it on the server (asked first), import the archive back.
        const QString zip = m_tmp.filePath(QStringLiteral("shared.zip"));
        QVERIFY(server->exportTool(copyOnServer, zip));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(zip), 20000);
        QVERIFY(test::readFile(zip).startsWith("PK"));
        MessageBox::setNextAnswer(0);
        QVERIFY(server->revertToGlobal(copyOnServer));
        QVERIFY(MessageBox::lastQuestion().contains(u"on tw-test"));
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(copy), 20000);
        QVERIFY(server->importTools({zip}).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(copy + QStringLiteral("/TOOL.md")), 20000);
        QCOMPARE(test::readFile(copy + QStringLiteral("/TOOL.md")), test::toolMd("shared", 2));

        // New from a template, for the window's user, on the server.
        server->createTool(QStringLiteral("minimal"), QStringLiteral("made_there"), QStringLiteral("Made There"),
                           QStringLiteral("Made in a server window."));
        const QString made = m_data + QStringLiteral("/ada@example.com/tools/made_there/TOOL.md");
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(made), 20000);
        QVERIFY(test::readFile(made).contains("Made in a server window."));
        QTRY_VERIFY_WITH_TIMEOUT(server->currentEditor()
                                     && server->currentEditor()->dir() == kServerPath + QStringLiteral("/ada@example.com/tools/made_there"),
                                 20000);
        // A refusal is said in the server's words: the name is taken.
        MessageBox::setNextAnswer(0);
        server->createTool(QStringLiteral("minimal"), QStringLiteral("made_there"), QStringLiteral("Again"), QStringLiteral("Again."));
        QTRY_VERIFY_WITH_TIMEOUT(MessageBox::lastQuestion().contains(u"made_there"), 20000);
        server->close();
    }

    // The editor on a server's tool: opened over the connection, saved through tool.save with
    // the version rule; a change made on the server meanwhile is a conflict, never overwritten
    // unasked; a dropped connection keeps the unsaved text; closing with changes saves first.
    void editsAndSavesOnTheServer()
    {
        const QString toolMd = m_data + QStringLiteral("/tools/editme/TOOL.md");
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("editme"), test::toolMd("editme", 3), kEntry);
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, remoteCommand());
        QVERIFY(server);
        const QString dir = kServerPath + QStringLiteral("/tools/editme");
        QTRY_VERIFY_WITH_TIMEOUT(server->selectDir(dir), 20000);
        server->setAdminMode(true); // a global tool, edited in place
        QVERIFY(!server->editTool(dir)); // it opens when the files have come
        QTRY_VERIFY_WITH_TIMEOUT(server->currentEditor() && server->currentEditor()->dir() == dir, 10000);
        ToolEditor *editor = server->currentEditor();
        QVERIFY(editor->isRemote());
        QVERIFY(editor->isEditable());
        QCOMPARE(editor->versionSpin()->value(), 3);
        QVERIFY(editor->statusLabel()->text().contains(u"on the server: v3"));

        // Save: the bump asked for as locally, then written on the server.
        editor->descriptionEdit()->setPlainText(QStringLiteral("Edited in a server window."));
        QTRY_VERIFY(editor->isModified());
        MessageBox::setNextAnswer(0); // Bump to 4 and Save
        QVERIFY(!editor->save());     // saving…
        QTRY_VERIFY_WITH_TIMEOUT(!editor->isModified() && !editor->isSaving(), 10000);
        QVERIFY(test::readFile(toolMd).contains("description: Edited in a server window."));
        QVERIFY(test::readFile(toolMd).contains("version: 4"));

        // Changed on the server meanwhile: a conflict. Compare shows the server's text as it is
        // now against the editor's, then asks again; Overwrite reads the server's state and asks
        // for the bump above its version.
        test::writeFile(toolMd, test::toolMd("editme", 20, "label: Changed Behind\n"));
        editor->descriptionEdit()->setPlainText(QStringLiteral("Mine wins."));
        QTRY_VERIFY(editor->isModified());
        MessageBox::setNextAnswer(0); // Bump to 5 and Save
        MessageBox::setNextAnswer(1); // Changed on the Server: Compare
        MessageBox::setNextAnswer(2); // asked again once it is closed: Overwrite
        MessageBox::setNextAnswer(0); // Bump to 21 and Save
        editor->save();
        CompareDialog *compare = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((compare = editor->findChild<CompareDialog *>()) && compare->isVisible(), 10000);
        QCOMPARE(MessageBox::pendingAnswers(), 2); // nothing more is asked while it is open
        QVERIFY2(MessageBox::lastQuestion().contains(u"compare it with yours"), qPrintable(MessageBox::lastQuestion()));
        QCOMPARE(compare->tabs()->count(), 1); // the entry is the same on both sides
        const model::DiffModel *diff = compare->diffModel(0);
        QCOMPARE(diff->leftTitle(), QStringLiteral("On the server — TOOL.md"));
        QCOMPARE(diff->rightTitle(), QStringLiteral("In the editor (unsaved)"));
        QString theirs, mine;
        for (const engine::DiffRow &row : diff->rows())
            if (row.kind != engine::DiffKind::Same) {
                theirs += row.left + u'\n';
                mine += row.right + u'\n';
            }
        QVERIFY2(theirs.contains(u"label: Changed Behind") && theirs.contains(u"version: 20"), qPrintable(theirs));
        QVERIFY2(mine.contains(u"description: Mine wins.") && mine.contains(u"version: 5"), qPrintable(mine));
        QVERIFY(test::readFile(toolMd).contains("version: 20")); // untouched while compared
        compare->reject();
        QTRY_VERIFY_WITH_TIMEOUT(!editor->isModified() && !editor->isSaving(), 10000);
        QCOMPARE(MessageBox::pendingAnswers(), 0);
        QVERIFY(test::readFile(toolMd).contains("description: Mine wins."));
        QVERIFY(test::readFile(toolMd).contains("version: 21"));

        // The connection drops: the unsaved text stays, and saves once it is back.
        editor->descriptionEdit()->setPlainText(QStringLiteral("Typed while the link was down."));
        ::kill(pid_t(test::readFile(m_pidFile).trimmed().toLongLong()), SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(server->remoteSession()->state() != engine::RemoteSession::State::Connected, 10000);
        QVERIFY(editor->isModified());
        QCOMPARE(editor->descriptionEdit()->toPlainText(), QStringLiteral("Typed while the link was down."));
        QTRY_VERIFY_WITH_TIMEOUT(server->remoteSession()->state() == engine::RemoteSession::State::Connected, 20000);
        server->setAutoBump(true);
        editor->setAutoBump(true);
        editor->save();
        QTRY_VERIFY_WITH_TIMEOUT(!editor->isModified() && !editor->isSaving(), 10000);
        QVERIFY(test::readFile(toolMd).contains("description: Typed while the link was down."));

        // Closing with changes: Save, and the editor closes once the server has them.
        editor->descriptionEdit()->setPlainText(QStringLiteral("Saved on close."));
        QTRY_VERIFY(editor->isModified());
        MessageBox::setNextAnswer(0); // Unsaved Changes: Save
        Q_EMIT server->editorTabs()->tabCloseRequested(server->editorTabs()->indexOf(editor));
        QTRY_COMPARE_WITH_TIMEOUT(server->editorTabs()->count(), 0, 10000);
        QVERIFY(test::readFile(toolMd).contains("description: Saved on close."));
        server->close();
    }

    // At 300 ms round trip (a proxy between ssh and sshd delaying each direction by 150 ms) the
    // window never stops answering: while it connects and receives the catalog, a tool is
    // selected and opened in the editor, an edit saved and a run started and finished, each
    // over the slow link, its thread is never held for 100 ms (a 5 ms timer's largest gap).
    void staysResponsiveAtThreeHundredMsRoundTrip()
    {
        const QString dir = kServerPath + QStringLiteral("/tools/laggy");
        const QString toolMd = m_data + QStringLiteral("/tools/laggy/TOOL.md");
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("laggy"),
                       test::toolMd("laggy", 1, "label: Over a Slow Link\n"), kEntry);
        QThread proxyThread;
        test::DelayProxy proxy(m_sshd.port(), 150);
        proxy.moveToThread(&proxyThread);
        proxyThread.start();
        QMetaObject::invokeMethod(&proxy, &test::DelayProxy::start, Qt::BlockingQueuedConnection);
        const auto stopProxy = qScopeGuard([&] {
            QMetaObject::invokeMethod(&proxy, &test::DelayProxy::stop, Qt::BlockingQueuedConnection);
            proxyThread.quit();
            proxyThread.wait();
        });
        QVERIFY(proxy.port() > 0);
        // The proxy's port is another host for ssh: the server's key under that name too.
        const QByteArray known = test::readFile(m_sshd.path(QStringLiteral("known_hosts")));
        test::writeFile(m_sshd.path(QStringLiteral("known_hosts")),
                        known + QByteArray(known).replace(QByteArray(":" + QByteArray::number(m_sshd.port()) + ' '),
                                                          QByteArray(":" + QByteArray::number(proxy.port()) + ' ')));

        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, remoteCommand(), proxy.port());
        QVERIFY(server);
        // Measured from the window's first paint: building and laying out its widgets costs
        // the same at any latency (bench_gui's figure). ssh is connecting meanwhile.
        QVERIFY(QTest::qWaitForWindowExposed(server));
        GuiGapMeter gaps;
        gaps.start(QStringLiteral("connect and catalog"));
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(server, QStringLiteral("laggy")), 30000);

        gaps.step(QStringLiteral("select"));
        QTRY_VERIFY_WITH_TIMEOUT(server->selectDir(dir), 10000); // once shown: the catalog comes a slice at a time
        QTRY_VERIFY_WITH_TIMEOUT(server->detailPane()->headerText().contains(u"Over a Slow Link"), 10000);

        gaps.step(QStringLiteral("open in the editor"));
        server->setAdminMode(true); // a global tool, edited in place
        QVERIFY(!server->editTool(dir)); // it opens when the files have come
        QTRY_VERIFY_WITH_TIMEOUT(server->currentEditor() && server->currentEditor()->dir() == dir, 10000);
        ToolEditor *editor = server->currentEditor();

        gaps.step(QStringLiteral("save"));
        editor->setAutoBump(true);
        editor->descriptionEdit()->setPlainText(QStringLiteral("Saved over a slow link."));
        QTRY_VERIFY(editor->isModified());
        QVERIFY(!editor->save()); // saving…
        QTRY_VERIFY_WITH_TIMEOUT(!editor->isModified() && !editor->isSaving(), 10000);

        gaps.step(QStringLiteral("run"));
        RunView *view = server->runView();
        QVERIFY(view->showTool(QStringLiteral("laggy"), QStringLiteral("ada@example.com")));
        server->viewTabs()->setCurrentIndex(MainWindow::RunViewTab);
        RunPane *pane = view->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 30000);
        gaps.stop();

        // Each step done, over the slow link.
        QVERIFY(test::readFile(toolMd).contains("description: Saved over a slow link."));
        QVERIFY(test::readFile(toolMd).contains("version: 2"));
        QCOMPARE(pane->outcome()->state, engine::RunState::Result);
        QCOMPARE(pane->resultText(), QStringLiteral("from the server"));
        QVERIFY2(server->remoteSession()->roundTripMs() >= 300, qPrintable(QString::number(server->remoteSession()->roundTripMs())));
        qInfo("at %d ms round trip: largest GUI gap %lld ms; %s", server->remoteSession()->roundTripMs(), gaps.largestGapMs(),
              qPrintable(gaps.report()));
        // The goal holds in the build users get; under AddressSanitizer the project's code runs
        // two to three times slower (not the system's Qt), and the bound with it.
#if defined(__SANITIZE_ADDRESS__)
        constexpr qint64 kMaxGapMs = 300;
#else
        constexpr qint64 kMaxGapMs = 100;
#endif
        QVERIFY2(gaps.largestGapMs() < kMaxGapMs, qPrintable(gaps.report()));
        server->close();
    }

    // A server window whose ssh asks: its prompts go to Toolwright itself as SSH_ASKPASS, a
    // separate process showing its dialog on the desktop's display (the tests give ssh a real X
    // server's, the window staying offscreen); `askpassLog` records each prompt ssh gave the
    // dialog before the built binary shows it. Null when the window could not be made.
    std::unique_ptr<MainWindow> askingServerWindow(const QString &askpassLog)
    {
        // The askpass program: the built toolwright (the test's own binary is not one), by way
        // of a script that notes what ssh asks.
        const QString spy = m_tmp.filePath(QStringLiteral("askpass-spy"));
        test::writeFile(spy, "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '" + askpassLog.toUtf8() + "'\nexec " + TW_BINARY.toUtf8() + " \"$@\"\n");
        QFile::setPermissions(spy, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        engine::SshSettings ssh = MainWindow::serverSshSettings(remoteCommand());
        if (ssh.askpass.isEmpty() || ssh.batchMode)
            return nullptr; // the window would not ask
        ssh.askpass = spy;
        QString error;
        const std::optional<engine::RemoteTarget> target =
            engine::RemoteTarget::parse(QStringLiteral("ssh://%1%2").arg(m_sshd.askingAlias(), kServerPath), &error);
        if (!target)
            return nullptr;
        auto window = std::make_unique<MainWindow>(*target, ssh, QString());
        window->show();
        return window;
    }

    // The host's key is not known yet: the window's ssh asks in Toolwright's dialog, on the X
    // display, with the key's fingerprint; a click on Connect trusts it (known_hosts has it
    // now), and the window connects and shows the server's catalog.
    void anUnknownHostKeyIsAcceptedInTheAskpassDialog()
    {
        TW_RUNS_ALONE();
        test::Xvfb x;
        QString error;
        QVERIFY2(x.start(&error), qPrintable(error));
        const QString log = m_tmp.filePath(QStringLiteral("askpass-unknown.log"));
        m_sshd.trustHostKey({});
        // ssh and its askpass inherit this process's environment: the dialog goes to the X
        // server (this process's own platform stays offscreen, chosen at its start).
        const EnvironmentOverride display("DISPLAY", x.display().toUtf8()), platform("QT_QPA_PLATFORM", "xcb");
        std::unique_ptr<MainWindow> server;
        const auto restore = qScopeGuard([&] {
            server.reset(); // ssh ended before its display goes
            m_sshd.trustHostKey(QStringLiteral("host_key"));
        });
        server = askingServerWindow(log);
        QVERIFY(server);
        QProcess keygen;
        keygen.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-l"), QStringLiteral("-E"), QStringLiteral("sha256"),
                                                   QStringLiteral("-f"), m_sshd.path(QStringLiteral("host_key.pub"))});
        QVERIFY(keygen.waitForFinished(10000));
        const QByteArray fingerprint = keygen.readAllStandardOutput().split(' ').value(1); // SHA256:…
        QVERIFY2(fingerprint.startsWith("SHA256:"), fingerprint.constData());

        // Toolwright's dialog on the display, asking about this key. Its first start on a fresh
        // display under the sanitizers, with the other suites running, took over 30 s in a fresh
        // clone's run (as tst_remotecli's twin did): up to 90 s.
        const QByteArray dialog = x.waitForWindow(QStringLiteral("is this the server"), 90000);
        QVERIFY2(!dialog.isEmpty(), qPrintable(u"no dialog on " + x.display() + u"; the window says: " + server->connectionStatus()->label()->text()
                                                + u"; ssh asked: " + QString::fromUtf8(test::readFile(log))));
        const QByteArray asked = test::readFile(log);
        QVERIFY2(asked.contains(fingerprint) && asked.contains("Are you sure you want to continue connecting"), asked.constData());
        QCOMPARE(server->remoteSession()->state(), engine::RemoteSession::State::Connecting); // waiting for the answer
        x.press(dialog, QStringLiteral("alt+c")); // Connect

        QTRY_VERIFY_WITH_TIMEOUT(server->source()->catalog() != nullptr && hasTool(server.get(), QStringLiteral("greet")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(server->connectionStatus()->label()->text().contains(u"connected"), 10000);
        QVERIFY(x.findWindow(QStringLiteral("is this the server")).isEmpty()); // answered, gone
        const QByteArray known = test::readFile(m_sshd.path(QStringLiteral("known_hosts")));
        QVERIFY2(known.contains("ssh-ed25519"), known.constData()); // trusted from now on
        QCOMPARE(test::readFile(log).count("continue connecting"), 1); // asked once
    }

    // known_hosts holds another key for the host: ssh refuses at once, nobody is asked (no
    // dialog could accept it), and the window says why in ssh's own words and stays
    // disconnected, without retrying.
    void aChangedHostKeyIsRefusedInSshsWords()
    {
        TW_RUNS_ALONE();
        test::Xvfb x;
        QString error;
        QVERIFY2(x.start(&error), qPrintable(error));
        const QString log = m_tmp.filePath(QStringLiteral("askpass-changed.log"));
        m_sshd.trustHostKey(QStringLiteral("other_host_key"));
        const EnvironmentOverride display("DISPLAY", x.display().toUtf8()), platform("QT_QPA_PLATFORM", "xcb");
        std::unique_ptr<MainWindow> server;
        const auto restore = qScopeGuard([&] {
            server.reset();
            m_sshd.trustHostKey(QStringLiteral("host_key"));
        });
        server = askingServerWindow(log);
        QVERIFY(server);
        QTRY_COMPARE_WITH_TIMEOUT(server->remoteSession()->state(), engine::RemoteSession::State::Disconnected, 30000);
        const QString reason = server->remoteSession()->lastError();
        QVERIFY2(reason.contains(u"has changed") && reason.contains(u"Host key verification failed"), qPrintable(reason));
        // The window shows it: the status bar's message, the connection's tool tip.
        auto *message = server->statusBar()->findChild<QLabel *>(QStringLiteral("statusMessage"));
        QVERIFY(message);
        qInfo("the window says: %s", qPrintable(message->text()));
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(u"has changed") && message->text().contains(u"Host key verification failed"),
                 qPrintable(message->text()));
        QCOMPARE(server->connectionStatus()->label()->toolTip(), reason);
        QVERIFY(server->connectionStatus()->reconnectButton()->isVisible());
        QVERIFY(server->windowTitle().contains(u"(disconnected)"));
        // Nobody was asked, and nothing was trusted.
        QVERIFY2(!QFileInfo::exists(log), test::readFile(log).constData());
        QVERIFY(x.findWindow(QStringLiteral("Toolwright")).isEmpty());
        QVERIFY(!test::readFile(m_sshd.path(QStringLiteral("known_hosts"))).contains(
            test::readFile(m_sshd.path(QStringLiteral("host_key.pub"))).split(' ').value(1)));
        // No retry: none is scheduled.
        QVERIFY(!server->remoteSession()->retryScheduled());
        QCOMPARE(server->remoteSession()->state(), engine::RemoteSession::State::Disconnected);
        QCOMPARE(server->remoteSession()->attempts(), 0);
    }

    // No Toolwright on the server: one clear line, no retrying, and the Reconnect button.
    void aServerWithoutToolwrightIsSaidSo()
    {
        MainWindow local(m_tmp.filePath(QStringLiteral("local-data")), {});
        MainWindow *server = connectThroughTheDialog(local, QStringLiteral("no-such-toolwright serve --stdio"));
        QVERIFY(server);
        QTRY_COMPARE_WITH_TIMEOUT(server->remoteSession()->state(), engine::RemoteSession::State::Disconnected, 20000);
        QVERIFY2(server->remoteSession()->lastError().contains(u"toolwright"), qPrintable(server->remoteSession()->lastError()));
        QVERIFY(server->connectionStatus()->reconnectButton()->isVisible());
        QVERIFY(server->windowTitle().contains(u"(disconnected)"));
        server->close();
    }

    // The dialog refuses what is not an address before ssh sees it.
    void theDialogRefusesBadAddresses()
    {
        ConnectDialog dialog;
        QPushButton *ok = dialog.buttons()->button(QDialogButtonBox::Ok);
        dialog.hostEdit()->setText(QStringLiteral("-oProxyCommand=evil"));
        QVERIFY(!ok->isEnabled());
        dialog.hostEdit()->setText(QStringLiteral("server"));
        dialog.dataPathEdit()->setText(QStringLiteral("relative/path"));
        QVERIFY(!ok->isEnabled());
        dialog.dataPathEdit()->setText(QStringLiteral("/srv/data"));
        QVERIFY(ok->isEnabled());
        dialog.userEdit()->setText(QStringLiteral("ada@evil"));
        QVERIFY(!ok->isEnabled());
    }
};

TW_GUI_TEST_MAIN(TestServerWindow, "tst_serverwindow")
#include "tst_serverwindow.moc"
