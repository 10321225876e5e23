// The Sync view offscreen: the plan with the not-bumped tool highlighted, a row's installed
// tool compared with its seed, Apply with a confirmation (the question checked, answered through
// MessageBox's seam), progress and a result, then a plan with nothing left to do; a declined
// confirmation changes nothing; and the GUI's --seed, as the CLI's. Browse… with the seed root
// (its tools/ used, and said) and with a folder that is neither (refused, with the reason).

#include "admin/syncview.h"
#include "catalog/catalog.h"
#include "fixture.h"
#include "guitestmain.h"
#include "secrets/secretstore.h"
#include "syncplanmodel.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"
#include "window/guicommandline.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QPalette>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tw;
using test::makeTool;
using test::readFile;
using test::toolMd;

class TestSyncView final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_seed, m_data;

    // Clicks Browse… and answers the folder dialog with `dir` once it is open: the dialog is
    // modal, so the answer is armed before the click and looks for the dialog until it is up.
    static void pickFolder(ui::SyncView &view, const QString &dir)
    {
        QTimer answer;
        answer.setInterval(20);
        bool answered = false;
        connect(&answer, &QTimer::timeout, &view, [&] {
            if (auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget())) {
                answer.stop();
                dialog->setDirectory(dir);
                static_cast<QDialog *>(dialog)->accept(); // QFileDialog's own, as its Choose button
                answered = true;
            }
        });
        answer.start();
        QTest::mouseClick(view.findChild<QPushButton *>(QStringLiteral("syncBrowse")), Qt::LeftButton);
        QVERIFY(answered);
    }

private Q_SLOTS:
    void init()
    {
        m_seed = m_tmp.path() + QStringLiteral("/seed");
        m_data = m_tmp.path() + QStringLiteral("/data");
        QDir(m_seed).removeRecursively();
        QDir(m_data).removeRecursively();
        makeTool(m_seed, QStringLiteral("fresh"), toolMd("fresh", 1));
        makeTool(m_seed, QStringLiteral("bumped"), toolMd("bumped", 2));
        makeTool(m_seed, QStringLiteral("forgot"), toolMd("forgot", 1) + "new docs\n");
        makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("bumped"), toolMd("bumped", 1));
        makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("forgot"), toolMd("forgot", 1));
    }

    void planThenApply()
    {
        ui::SyncView view;
        QSignalSpy planned(&view, &ui::SyncView::planned);
        view.setDataPath(m_data);
        view.setSeedDir(m_seed);
        view.show();
        QTRY_VERIFY(!planned.isEmpty() && view.planModel()->rowCount() == 3);
        QVERIFY(view.summaryText().contains(QStringLiteral("1 to install")));
        QVERIFY(view.summaryText().contains(QStringLiteral("without a version bump")));
        const QModelIndex forgot = view.planModel()->index(1, 0); // bumped, forgot, fresh
        QCOMPARE(forgot.data().toString(), QStringLiteral("forgot"));
        QVERIFY(forgot.data(model::SyncPlanModel::ContentDiffersRole).toBool());
        QVERIFY(view.applyButton()->isEnabled());

        QSignalSpy applied(&view, &ui::SyncView::applied);
        // Leaving the seed field by clicking Apply must still apply.
        view.activateWindow();
        view.findChild<QLineEdit *>(QStringLiteral("syncSeedEdit"))->setFocus();
        ui::MessageBox::setNextAnswer(0); // Apply Sync
        QTest::mouseClick(view.applyButton(), Qt::LeftButton);
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0); // asked
        QCOMPARE(ui::MessageBox::lastQuestion(),
                 QStringLiteral("Install 1 and update 1 of the seed's tools in %1/tools? Updated directories are replaced whole.").arg(m_data));
        QTRY_COMPARE(applied.size(), 1);
        QVERIFY(view.resultText().contains(QStringLiteral("1 installed, 1 updated")));
        QVERIFY(!view.progressBar()->isVisible());
        QCOMPARE(readFile(m_data + QStringLiteral("/tools/bumped/TOOL.md")), toolMd("bumped", 2));
        QVERIFY(QFile::exists(m_data + QStringLiteral("/tools/fresh/TOOL.md")));
        QCOMPARE(readFile(m_data + QStringLiteral("/tools/forgot/TOOL.md")), toolMd("forgot", 1)); // skipped, as the platform would
        // The view plans again: nothing left to install or update.
        QTRY_VERIFY(!view.applyButton()->isEnabled() && view.planModel()->count(engine::SyncActionKind::Update) == 0
                    && view.planModel()->count(engine::SyncActionKind::Install) == 0);
    }

    // Selecting a row shows the installed tool against its seed, file by file: the change that
    // was not bumped is there to read.
    void rowShowsTheSeedDiff()
    {
        ui::SyncView view;
        view.resize(1000, 700);
        view.setDataPath(m_data);
        view.setSeedDir(m_seed);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_COMPARE(view.planModel()->rowCount(), 3);
        QTableView *plan = view.planView();
        const QModelIndex forgot = plan->model()->index(1, 0);
        QCOMPARE(forgot.data().toString(), QStringLiteral("forgot"));
        QTest::mouseClick(plan->viewport(), Qt::LeftButton, {}, plan->visualRect(forgot).center());

        QTabWidget *files = nullptr;
        for (QTabWidget *tabs : view.findChildren<QTabWidget *>())
            if (tabs->isVisible())
                files = tabs;
        QVERIFY2(files, "selecting a row shows no comparison");
        QCOMPARE(files->count(), 2); // TOOL.md, index.ts
        QVERIFY2(files->tabText(0).startsWith(QStringLiteral("TOOL.md")) && files->tabText(0).contains(QStringLiteral("1 changed")),
                 qPrintable(files->tabText(0)));
        QVERIFY(files->tabText(1).contains(QStringLiteral("identical")));
        QCOMPARE(files->currentIndex(), 0);
        auto *diff = qobject_cast<QTableView *>(files->widget(0));
        QVERIFY(diff);
        QVERIFY(diff->horizontalHeader()->isVisible());
        const QAbstractItemModel *rows = diff->model();
        QVERIFY(rows->headerData(1, Qt::Horizontal).toString().startsWith(QStringLiteral("Installed — forgot/TOOL.md")));
        QVERIFY(rows->headerData(3, Qt::Horizontal).toString().startsWith(QStringLiteral("Seed — forgot/TOOL.md")));
        bool added = false;
        for (int r = 0; r < rows->rowCount(); ++r)
            added |= rows->index(r, 3).data().toString() == u"new docs" && rows->index(r, 1).data().toString().isEmpty();
        QVERIFY2(added, "the seed's un-bumped line is not shown");

        // A tool not installed yet: every file is new on the seed's side.
        const QModelIndex fresh = plan->model()->index(2, 0);
        QCOMPARE(fresh.data().toString(), QStringLiteral("fresh"));
        QTest::mouseClick(plan->viewport(), Qt::LeftButton, {}, plan->visualRect(fresh).center());
        QTRY_VERIFY(files->tabText(0).contains(QStringLiteral("added")));
        QVERIFY(qobject_cast<QTableView *>(files->widget(0))->model()->headerData(1, Qt::Horizontal).toString()
                    .contains(QStringLiteral("not installed")));
    }

    // `toolwright --seed DIR` as `toolwright sync --seed DIR`: a missing directory is a usage
    // error; a real one is what the Seed Sync view plans with, for this session only.
    void guiTakesSeed()
    {
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        gui.setProcessEnvironment(env);
        const QString missing = m_tmp.path() + QStringLiteral("/no-seed");
        gui.start(TW_BINARY, {QStringLiteral("--data"), m_data, QStringLiteral("--seed"), missing});
        QVERIFY(gui.waitForFinished(30000));
        const QString err = QString::fromUtf8(gui.readAllStandardError());
        QCOMPARE(gui.exitCode(), 2);
        QVERIFY2(err.contains(QStringLiteral("seed dir %1 does not exist").arg(missing)), qPrintable(err));

        const ui::GuiCommandLine cl = ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--data"), m_data,
                                                               QStringLiteral("--seed"), m_seed + QStringLiteral("/../seed/")});
        QCOMPARE(cl.outcome, ui::GuiCommandLine::Outcome::Run);
        QCOMPARE(cl.options.seedDir, m_seed); // absolute and clean, as the CLI makes it
        QVERIFY(cl.options.view && *cl.options.view == int(ui::MainWindow::SyncViewTab));
        // --view still decides where to start.
        QCOMPARE(*ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--seed"), m_seed, QStringLiteral("--view"),
                                           QStringLiteral("overrides")}).options.view,
                 int(ui::MainWindow::OverridesViewTab));
        QCOMPARE(ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--view"), QStringLiteral("nowhere")}).outcome,
                 ui::GuiCommandLine::Outcome::UsageError);

        QSettings().setValue(QStringLiteral("sync/seedDir"), m_tmp.path()); // the remembered one
        {
            ui::MainWindow window(m_data, QString(), nullptr, std::make_unique<engine::MemorySecretStore>());
            ui::applyGuiOptions(cl.options, window);
            window.show();
            QCOMPARE(window.viewTabs()->currentIndex(), int(ui::MainWindow::SyncViewTab));
            QCOMPARE(window.syncView()->seedDir(), m_seed);
            QTRY_COMPARE(window.syncView()->planModel()->rowCount(), 3);
            QVERIFY(window.close());
        }
        QCOMPARE(QSettings().value(QStringLiteral("sync/seedDir")).toString(), m_tmp.path());
    }

    // Cancel in the question applies nothing: no copy starts (Apply and Plan Again stay enabled,
    // no progress), and a new plan from disk still has everything to do.
    // --print-tools-after-scan (for scripts: tests/packaging/check-deb.sh): the real GUI prints
    // the tools its browser shows once the first scan is on screen, and quits.
    void guiPrintsItsToolsForScripts()
    {
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        gui.setProcessEnvironment(env);
        makeTool(m_data + QStringLiteral("/ada@example.com/tools"), QStringLiteral("mine"), toolMd("mine", 1));
        gui.start(TW_BINARY, {QStringLiteral("--data"), m_data, QStringLiteral("--print-tools-after-scan")});
        QVERIFY(gui.waitForFinished(60000));
        const QByteArray errors = gui.readAllStandardError();
        QVERIFY2(gui.exitStatus() == QProcess::NormalExit && gui.exitCode() == 0,
                 qPrintable(QStringLiteral("exit %1: %2").arg(gui.exitCode()).arg(QString::fromUtf8(errors))));
        QCOMPARE(QString::fromUtf8(gui.readAllStandardOutput()),
                 QStringLiteral("global\tbumped\nglobal\tforgot\nada@example.com\tmine\n"));
        // Not offered to users.
        QVERIFY(!ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--help")}).text.contains(QStringLiteral("print-tools")));
    }

    // --view and --color-scheme: parsed in any case, applied (the view the window opens on, the
    // palette the application gets), refused with the choices named, by the real binary too.
    void viewAndColorSchemeFromTheCommandLine()
    {
        const ui::GuiCommandLine cl = ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--data"), m_data,
                                                               QStringLiteral("--view"), QStringLiteral("Run"),
                                                               QStringLiteral("--color-scheme"), QStringLiteral("DARK")});
        QCOMPARE(cl.outcome, ui::GuiCommandLine::Outcome::Run);
        QVERIFY(cl.options.view && *cl.options.view == int(ui::MainWindow::RunViewTab));
        QVERIFY(cl.options.colorScheme && *cl.options.colorScheme == ui::ColorScheme::Dark);
        QCOMPARE(*ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--color-scheme"), QStringLiteral("light")})
                      .options.colorScheme,
                 ui::ColorScheme::Light);
        QVERIFY(!ui::parseGuiCommandLine({QStringLiteral("toolwright")}).options.colorScheme); // the desktop's
        {
            ui::MainWindow window(m_data, QString(), nullptr, std::make_unique<engine::MemorySecretStore>());
            ui::applyGuiOptions(cl.options, window);
            window.show();
            QCOMPARE(window.viewTabs()->currentIndex(), int(ui::MainWindow::RunViewTab));
            QVERIFY(window.close());
        }
        const QPalette before = QApplication::palette();
        const auto restore = qScopeGuard([&] { QApplication::setPalette(before); });
        ui::applyColorScheme(ui::ColorScheme::Dark);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 150);
        ui::applyColorScheme(ui::ColorScheme::Light);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 150);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() < 100);

        for (const auto &[args, said] : {std::pair{QStringList{QStringLiteral("--color-scheme"), QStringLiteral("purple")},
                                                   QByteArray("toolwright: unknown color scheme purple (light or dark)\n")},
                                         std::pair{QStringList{QStringLiteral("--view"), QStringLiteral("nowhere")},
                                                   QByteArray("toolwright: unknown view nowhere (browser, overrides, sync, editor, run)\n")}}) {
            QProcess gui;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            gui.setProcessEnvironment(env);
            gui.start(TW_BINARY, QStringList{QStringLiteral("--data"), m_data} + args);
            QVERIFY(gui.waitForFinished(60000));
            QCOMPARE(gui.exitCode(), 2);
            const QByteArray err = gui.readAllStandardError(); // after Qt's own words on this environment
            QVERIFY2(err.endsWith(said) && err.count("toolwright:") == 1, err.constData());
        }
    }

    void declinedConfirmationChangesNothing()
    {
        ui::SyncView view;
        QSignalSpy planned(&view, &ui::SyncView::planned);
        QSignalSpy applied(&view, &ui::SyncView::applied);
        view.setDataPath(m_data);
        view.setSeedDir(m_seed);
        QTRY_VERIFY(view.planModel()->rowCount() == 3 && view.applyButton()->isEnabled()); // planned, idle
        ui::MessageBox::setNextAnswer(1); // Cancel
        view.apply();
        QCOMPARE(ui::MessageBox::pendingAnswers(), 0); // asked
        QCOMPARE(ui::MessageBox::lastQuestion(),
                 QStringLiteral("Install 1 and update 1 of the seed's tools in %1/tools? Updated directories are replaced whole.").arg(m_data));
        QVERIFY(view.applyButton()->isEnabled());
        QVERIFY(view.findChild<QPushButton *>(QStringLiteral("syncReplan"))->isEnabled());
        QVERIFY(view.progressBar()->isHidden());
        planned.clear();
        view.replan();
        QTRY_VERIFY(!planned.isEmpty());
        QCOMPARE(view.planModel()->count(engine::SyncActionKind::Install), 1);
        QCOMPARE(view.planModel()->count(engine::SyncActionKind::Update), 1);
        QVERIFY(!QFile::exists(m_data + QStringLiteral("/tools/fresh/TOOL.md")));
        QCOMPARE(readFile(m_data + QStringLiteral("/tools/bumped/TOOL.md")), toolMd("bumped", 1));
        QVERIFY(view.resultText().isEmpty());
        QCOMPARE(applied.size(), 0);
    }

    // Browse… picks the seed root (the platform's seed/, holding tools/): the view plans with its
    // tools/, says so, and Apply copies from there; a folder without TOOL.md in the tools dir is
    // named as skipped.
    void pickingTheSeedRootUsesItsTools()
    {
        const QString root = m_tmp.path() + QStringLiteral("/platform-seed");
        QDir(root).removeRecursively();
        makeTool(root + QStringLiteral("/tools"), QStringLiteral("fresh"), toolMd("fresh", 1));
        test::writeFile(root + QStringLiteral("/tools/notes/README.md"), "not a tool\n");
        test::writeFile(root + QStringLiteral("/README.md"), "the seed\n");
        ui::SyncView view;
        view.setDataPath(m_data);
        view.show();
        pickFolder(view, root);
        QTRY_VERIFY(view.plannedToolsDir() == root + QStringLiteral("/tools"));
        QCOMPARE(view.seedDir(), root);
        QStringList dirs;
        for (const engine::SyncAction &a : view.planModel()->plan())
            dirs.append(a.dir);
        QCOMPARE(dirs, QStringList{QStringLiteral("fresh")}); // not a tool called `tools`, not `notes`
        QVERIFY2(view.summaryText().contains(QStringLiteral("%1 is the seed root: its tools folder is used.").arg(root)),
                 qPrintable(view.summaryText()));
        QVERIFY2(view.summaryText().contains(QStringLiteral("Skipped, as they hold no TOOL.md: notes.")), qPrintable(view.summaryText()));
        QVERIFY(view.summaryText().contains(QStringLiteral("1 to install")));

        QSignalSpy applied(&view, &ui::SyncView::applied);
        ui::MessageBox::setNextAnswer(0); // Apply Sync
        QTest::mouseClick(view.applyButton(), Qt::LeftButton);
        QTRY_COMPARE(applied.size(), 1);
        QVERIFY2(applied[0][0].value<engine::SyncResult>().errors.isEmpty(),
                 qPrintable(applied[0][0].value<engine::SyncResult>().errors.join(u'\n')));
        QCOMPARE(readFile(m_data + QStringLiteral("/tools/fresh/TOOL.md")), toolMd("fresh", 1));
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/tools/tools")));
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/tools/notes")));
    }

    // A folder that is neither the seed's tools dir nor its root is refused in the view, with
    // the reason; nothing to apply. The GUI's --seed refuses it as `sync --seed` does.
    void pickingAFolderThatIsNeitherIsRefused()
    {
        const QString picked = m_tmp.path() + QStringLiteral("/docs");
        QDir(picked).removeRecursively();
        test::writeFile(picked + QStringLiteral("/guide/README.md"), "no tools here\n");
        ui::SyncView view;
        QSignalSpy planned(&view, &ui::SyncView::planned);
        view.setDataPath(m_data);
        view.show();
        pickFolder(view, picked);
        QTRY_VERIFY(!planned.isEmpty() && view.seedDir() == picked);
        QTRY_VERIFY2(view.summaryText().startsWith(QStringLiteral("%1 is neither the seed's tools folder").arg(picked)),
                     qPrintable(view.summaryText()));
        QVERIFY(view.summaryText().contains(QStringLiteral("nor the seed root")));
        QCOMPARE(view.planModel()->rowCount(), 0);
        QVERIFY(view.plannedToolsDir().isEmpty());
        QVERIFY(!view.applyButton()->isEnabled());

        const ui::GuiCommandLine cl = ui::parseGuiCommandLine({QStringLiteral("toolwright"), QStringLiteral("--seed"), picked});
        QCOMPARE(cl.outcome, ui::GuiCommandLine::Outcome::UsageError);
        QVERIFY2(cl.text.contains(QStringLiteral("is not a seed")), qPrintable(cl.text));
    }

    void missingSeedDir()
    {
        ui::SyncView view;
        view.setDataPath(m_data);
        view.setSeedDir(m_tmp.path() + QStringLiteral("/nope"));
        QVERIFY(view.summaryText().contains(QStringLiteral("is not a directory")));
        QVERIFY(!view.applyButton()->isEnabled());
    }
};

TW_GUI_TEST_MAIN(TestSyncView, "tst_syncview")
#include "tst_syncview.moc"
