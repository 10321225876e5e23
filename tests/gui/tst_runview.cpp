// The Run view offscreen, with real bubblewrap runs: a form generated for every input type,
// validation, Run with updates arriving in order, Cancel of a long run, a flood of updates
// coalesced, secrets remembered (an in-memory store stands in for the keychain here; the
// keychain suite covers the real one), presets, history and re-run, copy as command, settings;
// closing a running pane and quitting with a run going leave no process (bwrap) and no
// container (real rootful podman).

#include "catalog/catalog.h"
#include "catalog/scancache.h"
#include "diffmodel.h"
#include "fixture.h"
#include "run/runhistory.h"
#include "run/runinputs.h"
#include "run/runsettings.h"
#include "runhistorymodel.h"
#include "running/runform.h"
#include "running/runpane.h"
#include "running/runview.h"
#include "running/secretfileprompt.h"
#include "runupdatesmodel.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretbackend.h"
#include "secrets/secretbinding.h"
#include "secrets/secretfile.h"
#include "secrets/secretstore.h"
#include "toolmd/toolmdreader.h"
#include "widgets/messagebox.h"
#include "window/mainwindow.h"
#include "window/settingsdialog.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace tw;

namespace {

const QString kUser = QStringLiteral("tess@example.com");

const QByteArray kToolMd = "---\n"
                           "name: all_types\n"
                           "label: All Types\n"
                           "description: Takes one input of every kind and reports what it got.\n"
                           "version: 1\n"
                           "inputs:\n"
                           "  text:\n"
                           "    type: string\n"
                           "    description: Some text.\n"
                           "  count:\n"
                           "    type: number\n"
                           "    description: How many updates to send.\n"
                           "    default: 3\n"
                           "  ratio:\n"
                           "    type: number\n"
                           "    description: A real number.\n"
                           "    optional: true\n"
                           "    default: 0.25\n"
                           "  flag:\n"
                           "    type: boolean\n"
                           "    description: A switch.\n"
                           "    optional: true\n"
                           "  mode:\n"
                           "    type: enum\n"
                           "    values: [fast, slow, flood]\n"
                           "    description: How to behave.\n"
                           "    default: fast\n"
                           "  token:\n"
                           "    type: string\n"
                           "    description: A secret.\n"
                           "    sensitive: true\n"
                           "    optional: true\n"
                           "  note:\n"
                           "    type: string\n"
                           "    description: Optional text.\n"
                           "    optional: true\n"
                           "    default: memo\n"
                           "  level:\n"
                           "    type: enum\n"
                           "    values: [low, high]\n"
                           "    description: An optional choice.\n"
                           "    optional: true\n"
                           "  extra:\n"
                           "    type: string\n"
                           "    description: Optional text without a default.\n"
                           "    optional: true\n"
                           "---\n\n# All Types\n\nReports its params.\n";

const QByteArray kEntry = R"(export async function execute(_id, params, signal, onUpdate) {
  const n = params.count ?? 3;
  if (params.mode === 'slow') {
    onUpdate?.({ content: [{ type: 'text', text: 'waiting' }] });
    await new Promise((resolve) => { signal?.addEventListener('abort', resolve); setTimeout(resolve, 60000); });
    return { content: [{ type: 'text', text: signal?.aborted ? 'aborted' : 'slept' }], isError: !!signal?.aborted };
  }
  if (params.mode === 'flood') {
    // Yields every 50 updates: fewer than the harness folds, so every update arrives as its own.
    for (let i = 1; i <= n; i++) {
      onUpdate?.({ content: [{ type: 'text', text: 'u' + i }] });
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    return { content: [{ type: 'text', text: 'flooded' }] };
  }
  for (let i = 1; i <= n; i++) {
    onUpdate?.({ content: [{ type: 'text', text: 'step ' + i }] });
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log('log: done');
  return { content: [{ type: 'text', text: JSON.stringify(params) }] };
}
)";

} // namespace

class TestRunView final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;
    engine::MemorySecretStore m_secrets;
    std::unique_ptr<ui::RunView> m_view;

    ui::RunForm *form() const { return m_view->form(); }
    template<typename T> T *editor(const char *input) const
    {
        return qobject_cast<T *>(form()->editor(QString::fromLatin1(input)));
    }
    ui::RunPane *runAndWait()
    {
        ui::RunPane *pane = m_view->run();
        if (pane)
            [&] { QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 30000); }();
        return pane;
    }
    QString historyPath() const { return m_tmp.path() + QStringLiteral("/history.sqlite"); }

    // The containers named `name` that `podman ps -a` lists (running or not). A podman that
    // fails fails the test: it is never read as "none".
    static QStringList podmanContainersNamed(const QString &name)
    {
        QProcess ps;
        ps.start(QStringLiteral("podman"), {QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
                                            QStringLiteral("name=^%1$").arg(name), QStringLiteral("--format"), QStringLiteral("{{.Names}}")});
        const bool ran = ps.waitForFinished(60000) && ps.exitStatus() == QProcess::NormalExit && ps.exitCode() == 0;
        if (!ran) {
            QTest::qFail(qPrintable(QStringLiteral("podman ps failed: ") + ps.errorString() + u' '
                                    + QString::fromUtf8(ps.readAllStandardError())),
                         __FILE__, __LINE__);
            return {QStringLiteral("(podman ps failed)")};
        }
        return QString::fromUtf8(ps.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    }

    // Interactive widgets under `root` a user cannot see or scroll to: cut off by a parent that
    // is smaller than they are (outside a scroll area, or in one whose scroll bar is off), or
    // squeezed below their own minimum (a combo without its arrow).
    static QStringList unreachable(QWidget *root)
    {
        QStringList out;
        QWidget *top = root->window();
        const QList<QWidget *> all = root->findChildren<QWidget *>();
        for (QWidget *w : all) {
            const bool interactive = qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w)
                || qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QLineEdit *>(w);
            if (!interactive || !w->isVisible() || w->objectName().startsWith(QStringLiteral("qt_"))
                || qobject_cast<QTabBar *>(w->parentWidget()))
                continue; // a tab bar scrolls its own tabs and their close buttons
            const QString name = QStringLiteral("%1 \"%2\" (%3)")
                                     .arg(QString::fromLatin1(w->metaObject()->className()),
                                          w->accessibleName().isEmpty() ? w->objectName() : w->accessibleName(),
                                          qobject_cast<QAbstractButton *>(w) ? qobject_cast<QAbstractButton *>(w)->text() : QString());
            const bool inner = qobject_cast<QComboBox *>(w->parentWidget()) || qobject_cast<QAbstractSpinBox *>(w->parentWidget());
            if (!inner && (w->width() + 1 < w->minimumSizeHint().width() || w->height() + 1 < w->minimumSizeHint().height())) {
                out << name + QStringLiteral(" squeezed to %1x%2").arg(w->width()).arg(w->height());
                continue;
            }
            QRect r = w->rect();
            for (QWidget *c = w; c != top; c = c->parentWidget()) {
                QWidget *p = c->parentWidget();
                r.translate(c->pos());
                auto *area = qobject_cast<QAbstractScrollArea *>(p->parentWidget());
                if (area && area->viewport() == p) {
                    // Content in a scroll area: reachable along an axis it overflows only by a scroll bar.
                    const bool wide = r.left() < 0 || r.right() > p->width() - 1;
                    const bool tall = r.top() < 0 || r.bottom() > p->height() - 1;
                    if ((wide && !area->horizontalScrollBar()->isVisible()) || (tall && !area->verticalScrollBar()->isVisible())) {
                        out << name + QStringLiteral(" cut off in a scroll area without its scroll bar");
                        break;
                    }
                    r = QRect(0, 0, std::min(r.width(), p->width()), std::min(r.height(), p->height()));
                } else if (!p->rect().contains(r)) {
                    out << name + QStringLiteral(" at %1,%2 %3x%4 outside its %5 (%6x%7)")
                                      .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())
                                      .arg(QString::fromLatin1(p->metaObject()->className()))
                                      .arg(p->width()).arg(p->height());
                    break;
                }
            }
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QSettings().clear();
        engine::RuntimeConfig rc;
        rc.preferred = QStringLiteral("bwrap");
        rc.save();
        m_data = m_tmp.path() + QStringLiteral("/data");
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("all_types"), kToolMd, kEntry, QStringLiteral("index.js"));
        QVERIFY(QDir().mkpath(m_data + u'/' + kUser + QStringLiteral("/tools")));
        m_view = std::make_unique<ui::RunView>(m_secrets, historyPath());
        m_view->resize(1200, 800);
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        // Before a tool is chosen, nothing tool-specific can be set.
        QSpinBox *timeout = m_view->timeoutBox();
        QVERIFY(!timeout->isEnabled());
        QVERIFY(m_view->showTool(QStringLiteral("all_types"), kUser));
        QVERIFY(timeout->isEnabled());
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }

    void cleanupTestCase() { m_view.reset(); }

    // Issue 25: a window's catalog holds no inputs (ToolRecord::inputsElsewhere); the form reads
    // the tool's as it opens. A tool that no longer loads by then is shown as such and never run:
    // its inputs, sensitive or not, are unknown.
    void aToolsInputsAreReadAsTheFormOpens()
    {
        engine::ScanCache cache;
        cache.setKeepBodies(false);
        cache.setKeepInputs(false);
        const engine::Catalog windowCatalog = engine::scanDataPath(m_data, &cache);
        const engine::ToolRecord record = windowCatalog.global.tools.first();
        QCOMPARE(record.manifest.name, QStringLiteral("all_types"));
        QVERIFY(record.inputsElsewhere && record.manifest.inputs.isEmpty());
        ui::RunView view(m_secrets, historyPath());
        view.setCatalog(std::make_shared<const engine::Catalog>(windowCatalog));
        QVERIFY(view.showTool(QStringLiteral("all_types"), kUser));
        QVERIFY(view.form()->editor(QStringLiteral("text"))); // the inputs, read from the tool
        QVERIFY(view.runButton()->isEnabled());

        // The same record once its directory is gone: not a form without fields that runs.
        QTemporaryDir gone;
        engine::ToolRecord moved = record;
        moved.dir = gone.path() + QStringLiteral("/all_types");
        view.setTool(moved, kUser);
        QVERIFY(!view.form()->editor(QStringLiteral("text")));
        QVERIFY(!view.runButton()->isEnabled());
        QVERIFY(!view.run());
    }

    // Issue 20.13: with no tool chosen the view says what to do (with the real shortcuts), not a
    // form of disabled spin boxes at their minimums.
    void emptyStateSaysWhatToDo()
    {
        ui::RunView fresh(m_secrets, historyPath());
        fresh.setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        fresh.resize(1000, 600);
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        for (QWidget *w : std::initializer_list<QWidget *>{fresh.timeoutBox(), fresh.hardLimitBox(), fresh.memoryBox(),
                                                           fresh.runtimeCombo(), fresh.presetCombo(), fresh.runButton()})
            QVERIFY2(!w->isVisible(), qPrintable(w->accessibleName() + w->toolTip()));
        auto *empty = fresh.findChild<QLabel *>(QStringLiteral("runEmptyState"));
        QVERIFY(empty);
        QVERIFY(empty->isVisible());
        const QString text = empty->text();
        QVERIFY2(text.contains(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText)), qPrintable(text));
        QVERIFY2(text.contains(QKeySequence(Qt::CTRL | Qt::Key_1).toString(QKeySequence::NativeText)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Browser")), qPrintable(text));
        // A tool chosen: the form and its settings, the explanation gone.
        QVERIFY(fresh.showTool(QStringLiteral("all_types"), kUser));
        QVERIFY(!empty->isVisible());
        QVERIFY(fresh.timeoutBox()->isVisible());
        QVERIFY(fresh.runButton()->isVisible());
    }

    void formHasAFieldForEveryType()
    {
        QVERIFY(editor<QLineEdit>("text"));
        QVERIFY(editor<QDoubleSpinBox>("count"));
        QVERIFY(editor<QDoubleSpinBox>("ratio"));
        QVERIFY(editor<QCheckBox>("flag"));
        auto *mode = editor<QComboBox>("mode");
        QVERIFY(mode);
        QCOMPARE(mode->count(), 3);
        QCOMPARE(mode->itemText(2), QStringLiteral("flood"));
        auto *token = editor<QLineEdit>("token");
        QVERIFY(token);
        QCOMPARE(token->echoMode(), QLineEdit::Password);
        QVERIFY(form()->rememberBox(QStringLiteral("token")));
        // Show/hide of a typed secret.
        token->setText(QStringLiteral("typed"));
        form()->revealButton(QStringLiteral("token"))->click();
        QCOMPARE(token->echoMode(), QLineEdit::Normal);
        form()->revealButton(QStringLiteral("token"))->click();
        QCOMPARE(token->echoMode(), QLineEdit::Password);
        token->clear();

        // Defaults pre-filled; integers shown as integers, reals with their decimals.
        QCOMPARE(editor<QDoubleSpinBox>("count")->text(), QStringLiteral("3"));
        QCOMPARE(editor<QDoubleSpinBox>("ratio")->text(), QStringLiteral("0.25"));
        QCOMPARE(mode->currentText(), QStringLiteral("fast"));
        // Optional inputs have a "set" box and start unset; required ones have none.
        QVERIFY(!form()->setBox(QStringLiteral("text")));
        QVERIFY(!form()->setBox(QStringLiteral("count")));
        for (const char *optional : {"ratio", "flag", "note", "extra", "level"})
            QVERIFY2(form()->setBox(QString::fromLatin1(optional)) && !form()->setBox(QString::fromLatin1(optional))->isChecked(), optional);
        QCOMPARE(form()->params(), (QJsonObject{{QStringLiteral("text"), QString()}, {QStringLiteral("count"), 3}, {QStringLiteral("mode"), QStringLiteral("fast")}}));
    }

    void requiredFieldsAreCheckedBeforeRun()
    {
        QVERIFY(!m_view->run());
        QCOMPARE(form()->problemText(QStringLiteral("text")), QStringLiteral("text is required"));
        QVERIFY(m_view->messageLabel()->text().contains(QStringLiteral("text is required")));
        QCOMPARE(m_view->runTabs()->count(), 0);
        QTest::keyClicks(editor<QLineEdit>("text"), QStringLiteral("hi"));
        QVERIFY(form()->problemText(QStringLiteral("text")).isEmpty()); // typing clears it
    }

    void aRequiredNumberWithoutADefaultStartsEmpty()
    {
        // Not 0: an empty field, left out of the call, so that the run asks for it.
        const engine::ToolMdParse parsed = engine::parseToolMd("---\nname: wait\ndescription: Waits.\nversion: 1\n"
                                                               "inputs:\n  seconds:\n    type: number\n"
                                                               "    description: How long.\n---\n# Wait\n",
                                                               QStringLiteral("TOOL.md"));
        QVERIFY(parsed.manifest);
        ui::RunForm form;
        form.setTool(*parsed.manifest);
        form.show();
        auto *seconds = qobject_cast<QDoubleSpinBox *>(form.editor(QStringLiteral("seconds")));
        QVERIFY(seconds);
        QCOMPARE(seconds->text().trimmed(), QString());
        QVERIFY(!form.params().contains(QStringLiteral("seconds")));
        const QList<engine::ParamProblem> problems = engine::checkParams(*parsed.manifest, form.params());
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.first().input, QStringLiteral("seconds"));
        QTest::keyClick(seconds, Qt::Key_Up); // the arrows start it at 0, not at a sentinel
        QCOMPARE(form.params().value(QStringLiteral("seconds")).toInt(), 0);
        seconds->selectAll();
        QTest::keyClicks(seconds, QStringLiteral("12"));
        QCOMPARE(form.params().value(QStringLiteral("seconds")).toInt(), 12);
        form.setValues({}); // reset: empty again
        QVERIFY(!form.params().contains(QStringLiteral("seconds")));
    }

    void editingAnOptionalFieldSetsIt()
    {
        auto *note = editor<QLineEdit>("note");
        // An optional text's default is a placeholder: typing does not append to it.
        QVERIFY(note->text().isEmpty());
        QVERIFY(note->placeholderText().contains(QStringLiteral("memo")));
        QTest::keyClicks(note, QStringLiteral("n"));
        QVERIFY(form()->setBox(QStringLiteral("note"))->isChecked());
        QCOMPARE(form()->params().value(QStringLiteral("note")).toString(), QStringLiteral("n"));
        // Unticking leaves it out again (not sent as ""), and empties the field.
        form()->setBox(QStringLiteral("note"))->setChecked(false);
        QVERIFY(!form()->params().contains(QStringLiteral("note")));
        QVERIFY(note->text().isEmpty());
        // Setting an empty one by its box starts it at the default.
        note->clear();
        form()->setBox(QStringLiteral("note"))->setChecked(true);
        QCOMPARE(note->text(), QStringLiteral("memo"));
        form()->setBox(QStringLiteral("note"))->setChecked(false);
        editor<QCheckBox>("flag")->setChecked(true);
        QVERIFY(form()->setBox(QStringLiteral("flag"))->isChecked());
    }

    void unsetIsNotEmptyNorCleared()
    {
        // Text: typing sets it, clearing it by editing returns it to "not set".
        auto *note = editor<QLineEdit>("note");
        note->setFocus();
        QTest::keyClicks(note, QStringLiteral("ab"));
        QCOMPARE(form()->params().value(QStringLiteral("note")).toString(), QStringLiteral("ab"));
        QTest::keyClick(note, Qt::Key_Backspace);
        QVERIFY(form()->setBox(QStringLiteral("note"))->isChecked());
        QTest::keyClick(note, Qt::Key_Backspace);
        QVERIFY(!form()->setBox(QStringLiteral("note"))->isChecked());
        QVERIFY(!form()->params().contains(QStringLiteral("note")));
        // An empty string is a value: the box of an empty field without a default sends "".
        auto *extra = editor<QLineEdit>("extra");
        QVERIFY(!form()->params().contains(QStringLiteral("extra")));
        form()->setBox(QStringLiteral("extra"))->setChecked(true);
        QCOMPARE(form()->params().value(QStringLiteral("extra")), QJsonValue(QString()));
        extra->setFocus();
        QTest::keyClicks(extra, QStringLiteral("x"));
        QTest::keyClick(extra, Qt::Key_Backspace);
        QVERIFY(!form()->params().contains(QStringLiteral("extra")));
        // Number: a value typed sets it (0 is a value), a cleared box returns to "not set".
        auto *ratio = editor<QDoubleSpinBox>("ratio");
        ratio->setFocus();
        ratio->selectAll();
        QTest::keyClicks(ratio, QStringLiteral("0"));
        QVERIFY(form()->setBox(QStringLiteral("ratio"))->isChecked());
        QCOMPARE(form()->params().value(QStringLiteral("ratio")), QJsonValue(0));
        ratio->selectAll();
        QTest::keyClick(ratio, Qt::Key_Backspace);
        QVERIFY(!form()->setBox(QStringLiteral("ratio"))->isChecked());
        QVERIFY(!form()->params().contains(QStringLiteral("ratio")));
        // Boolean: false is a value, distinct from unset.
        auto *flag = editor<QCheckBox>("flag");
        const bool wasSet = form()->setBox(QStringLiteral("flag"))->isChecked();
        form()->setBox(QStringLiteral("flag"))->setChecked(false);
        QVERIFY(!form()->params().contains(QStringLiteral("flag")));
        flag->setChecked(true);
        flag->setChecked(false);
        QCOMPARE(form()->params().value(QStringLiteral("flag")), QJsonValue(false));
        flag->setChecked(true);
        form()->setBox(QStringLiteral("flag"))->setChecked(wasSet);
        // Enum: unset until a value is picked (even the first one); unticked it goes back.
        auto *level = editor<QComboBox>("level");
        QVERIFY(!form()->params().contains(QStringLiteral("level")));
        level->setCurrentIndex(1);
        QCOMPARE(form()->params().value(QStringLiteral("level")).toString(), QStringLiteral("high"));
        level->setCurrentIndex(0);
        QCOMPARE(form()->params().value(QStringLiteral("level")).toString(), QStringLiteral("low"));
        form()->setBox(QStringLiteral("level"))->setChecked(false);
        QVERIFY(!form()->params().contains(QStringLiteral("level")));
    }

    void runShowsUpdatesInOrder()
    {
        editor<QDoubleSpinBox>("count")->setValue(5);
        QSignalSpy recorded(m_view.get(), &ui::RunView::runRecorded);
        ui::RunPane *pane = runAndWait();
        QVERIFY(pane);
        QCOMPARE(pane->outcome()->state, engine::RunState::Result);
        model::RunUpdatesModel *updates = pane->updatesModel();
        QCOMPARE(updates->rowCount(), 5);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(updates->index(i).data(model::RunUpdatesModel::TextRole).toString(), QStringLiteral("step %1").arg(i + 1));
        // Timestamps rise; the latest is emphasised and shown on its own.
        QVERIFY(updates->index(4).data(model::RunUpdatesModel::ElapsedRole).toLongLong()
                >= updates->index(0).data(model::RunUpdatesModel::ElapsedRole).toLongLong());
        QVERIFY(updates->index(4).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!updates->index(3).data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(pane->snapshotView()->toPlainText(), QStringLiteral("step 5"));
        QVERIFY(pane->latestLabel()->text().startsWith(QStringLiteral("Update 5 ")));
        // The tool saw exactly the set inputs: flag set, unset ones left out.
        const QJsonObject got = QJsonDocument::fromJson(pane->resultText().toUtf8()).object();
        QCOMPARE(got, (QJsonObject{{QStringLiteral("text"), QStringLiteral("hi")}, {QStringLiteral("count"), 5},
                                   {QStringLiteral("mode"), QStringLiteral("fast")}, {QStringLiteral("flag"), true}}));
        QVERIFY(pane->logView()->toPlainText().contains(QStringLiteral("log: done")));
        QVERIFY(!pane->resultView()->property("isError").toBool());
        const QString raw = pane->rawView()->toPlainText();
        QVERIFY(raw.contains(QStringLiteral("\"toolCallId\"")));
        QVERIFY(raw.contains(QStringLiteral("{\"content\":[{\"text\":\"step 1\",\"type\":\"text\"}],\"count\":1,\"type\":\"update\"}")));
        QVERIFY(raw.contains(QStringLiteral("\"type\":\"exit\"")));
        QVERIFY(!pane->cancelButton()->isEnabled());
        QVERIFY(m_view->runTabs()->tabText(0).contains(QStringLiteral("result")));
        // Into the history.
        QTRY_COMPARE(recorded.size(), 1);
        QTRY_VERIFY(m_view->historyModel()->rowCount() >= 1);
        QCOMPARE(m_view->historyModel()->index(0, model::RunHistoryModel::StateColumn).data().toString(), QStringLiteral("result"));
    }

    void cancelALongRun()
    {
        editor<QComboBox>("mode")->setCurrentText(QStringLiteral("slow"));
        ui::RunPane *pane = m_view->run();
        QVERIFY(pane);
        QCOMPARE(m_view->runTabs()->count(), 2); // several runs, one pane each
        QTRY_COMPARE_WITH_TIMEOUT(pane->updatesModel()->rowCount(), 1, 15000);
        QVERIFY(pane->isRunning());
        QVERIFY(pane->cancelButton()->isEnabled());
        QCOMPARE(m_view->runningCount(), 1);
        QTest::mouseClick(pane->cancelButton(), Qt::LeftButton);
        QVERIFY(!pane->cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 15000);
        QCOMPARE(pane->outcome()->state, engine::RunState::Cancelled);
        QVERIFY(!pane->session()->isRunning());
        QCOMPARE(m_view->runningCount(), 0);
        QVERIFY(pane->statusLabel()->text().contains(QStringLiteral("Cancelled")));
    }

    void aFloodOfUpdatesIsCoalesced()
    {
        editor<QComboBox>("mode")->setCurrentText(QStringLiteral("flood"));
        editor<QDoubleSpinBox>("count")->setValue(20000);
        // Watch the event loop while the updates pour in.
        qint64 longestGap = 0;
        QElapsedTimer gap;
        gap.start();
        QTimer probe;
        probe.setInterval(5);
        connect(&probe, &QTimer::timeout, this, [&] {
            longestGap = std::max(longestGap, gap.restart());
        });
        probe.start();
        ui::RunPane *pane = runAndWait();
        probe.stop();
        QVERIFY(pane);
        QCOMPARE(pane->outcome()->state, engine::RunState::Result);
        QCOMPARE(pane->updatesModel()->total(), 20000);
        // Bounded: at most the 5,000 newest (docs/decisions.md, "Snapshots"; the harness also folds
        // updates when the reader falls behind, as on a loaded machine), the newest the last row.
        const int rows = pane->updatesModel()->rowCount();
        QVERIFY2(rows > 0 && rows <= 5000, qPrintable(QString::number(rows)));
        QCOMPARE(pane->updatesModel()->index(rows - 1).data(model::RunUpdatesModel::TextRole).toString(), QStringLiteral("u20000"));
        // The views were updated in batches, not once per update.
        QVERIFY2(pane->flushCount() < 400, qPrintable(QString::number(pane->flushCount())));
        // A generous bound: the window never froze (the benchmarks measure the real figure).
        QVERIFY2(longestGap < 2000, qPrintable(QString::number(longestGap)));
        qInfo("20000 updates: %d flushes, longest event-loop gap %lld ms", pane->flushCount(), longestGap);
        editor<QComboBox>("mode")->setCurrentText(QStringLiteral("fast"));
        editor<QDoubleSpinBox>("count")->setValue(2);
    }

    void secretsAreRememberedNeverShown()
    {
        auto *token = editor<QLineEdit>("token");
        QTest::keyClicks(token, QStringLiteral("tok-SECRET-42"));
        QVERIFY(form()->params().contains(QStringLiteral("token")));
        form()->rememberBox(QStringLiteral("token"))->setChecked(true);
        QSignalSpy stored(m_view.get(), &ui::RunView::storedSecretsChanged);
        ui::RunPane *pane = runAndWait();
        QVERIFY(pane);
        const QString key = engine::secretKey(kUser, QStringLiteral("all_types"), QStringLiteral("token"));
        QCOMPARE(m_secrets.contents().at(key), QStringLiteral("tok-SECRET-42"));
        // Every view masks it: the result echoes the params, the raw view shows the request.
        QVERIFY(pane->resultText().contains(engine::kSecretMarker));
        QVERIFY(!pane->resultText().contains(QStringLiteral("tok-SECRET-42")));
        QVERIFY(!pane->rawView()->toPlainText().contains(QStringLiteral("tok-SECRET-42")));
        QVERIFY(!pane->commandLine().contains(QStringLiteral("tok-SECRET-42")));
        QTRY_VERIFY(!stored.isEmpty());
        QCOMPARE(form()->storedSecrets(), QStringList{QStringLiteral("token")});

        // Back to the tool: last inputs come back, the secret does not; the field says it is stored.
        QVERIFY(m_view->showTool(QStringLiteral("all_types"), kUser));
        QTRY_COMPARE(form()->storedSecrets(), QStringList{QStringLiteral("token")});
        QCOMPARE(editor<QLineEdit>("text")->text(), QStringLiteral("hi"));
        QVERIFY(editor<QLineEdit>("token")->text().isEmpty());
        QVERIFY(form()->forgetButton(QStringLiteral("token"))->isEnabled());
        // An empty field uses the keychain's value.
        pane = runAndWait();
        QVERIFY(pane);
        QVERIFY(pane->resultText().contains(QStringLiteral("\"token\":\"") + engine::kSecretMarker));
        // Nothing the program wrote holds it.
        QSettings s;
        s.sync();
        QVERIFY(!test::readFile(s.fileName()).contains("tok-SECRET-42"));
        QVERIFY(!test::readFile(historyPath()).contains("tok-SECRET-42"));
        // Forget removes it from the store.
        form()->forgetButton(QStringLiteral("token"))->click();
        QTRY_VERIFY(form()->storedSecrets().isEmpty());
        QVERIFY(!m_secrets.contents().contains(key));
    }

    // Issue 20.5: a secret field has one state in one wording. A remembered value leaves the
    // field the moment the keychain holds it; after Load Inputs the field says "stored", never
    // "not set" beside it; Show reveals only what is typed.
    void aSecretFieldHasOneState()
    {
        auto *token = editor<QLineEdit>("token");
        QLabel *status = form()->secretStatus(QStringLiteral("token"));
        QToolButton *reveal = form()->revealButton(QStringLiteral("token"));
        QVERIFY(status && reveal);
        // The "set" box of an optional input would be a second state: a sensitive one has none.
        QVERIFY(!form()->setBox(QStringLiteral("token")) || form()->setBox(QStringLiteral("token"))->isHidden());
        const auto states = [&] {
            // Every text in the field's row that says whether it is set.
            QStringList out{status->text()};
            if (QCheckBox *box = form()->setBox(QStringLiteral("token")); box && box->isVisible())
                out << box->text();
            return out;
        };
        QCOMPARE(states(), QStringList{QStringLiteral("not set")});
        QVERIFY(!reveal->isEnabled()); // nothing typed, nothing to show

        token->setFocus();
        QTest::keyClicks(token, QStringLiteral("tok-SECRET-77"));
        QVERIFY(reveal->isEnabled());
        QVERIFY2(status->text().startsWith(QStringLiteral("set (typed")), qPrintable(status->text()));
        reveal->click();
        QCOMPARE(token->echoMode(), QLineEdit::Normal);
        form()->rememberBox(QStringLiteral("token"))->setChecked(true);
        ui::RunPane *pane = m_view->run();
        QVERIFY(pane);
        // Stored: the field is cleared at once, hidden again, and says so in one word.
        QTRY_VERIFY(token->text().isEmpty());
        QCOMPARE(token->echoMode(), QLineEdit::Password);
        QVERIFY(!reveal->isChecked());
        QVERIFY(!reveal->isEnabled());
        QVERIFY(!form()->rememberBox(QStringLiteral("token"))->isChecked());
        QCOMPARE(states(), QStringList{QStringLiteral("set (stored)")});
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 30000);
        QVERIFY(pane->resultText().contains(QStringLiteral("\"token\":\"") + engine::kSecretMarker));

        // Load Inputs of that run: the same one state, no "not set" beside "stored".
        m_view->historyModel()->reload(QStringLiteral("all_types"));
        QSignalSpy reloaded(m_view->historyModel(), &model::RunHistoryModel::reloaded);
        QVERIFY(reloaded.wait(5000));
        QVERIFY(m_view->loadFromHistory(m_view->historyModel()->record(0).id));
        QTRY_COMPARE(form()->storedSecrets(), QStringList{QStringLiteral("token")});
        QCOMPARE(states(), QStringList{QStringLiteral("set (stored)")});
        QVERIFY(token->text().isEmpty());

        form()->forgetButton(QStringLiteral("token"))->click();
        QTRY_VERIFY(form()->storedSecrets().isEmpty());
        QCOMPARE(states(), QStringList{QStringLiteral("not set")});
    }

    void presetsSaveLoadDelete()
    {
        editor<QLineEdit>("text")->setText(QStringLiteral("from preset"));
        editor<QLineEdit>("token")->setText(QStringLiteral("never-in-a-preset"));
        m_view->presetCombo()->setEditText(QStringLiteral("weekly"));
        m_view->savePreset(QStringLiteral("weekly"));
        QCOMPARE(m_view->presetNames(), QStringList{QStringLiteral("weekly")});
        editor<QLineEdit>("text")->setText(QStringLiteral("changed"));
        QVERIFY(m_view->loadPreset(QStringLiteral("weekly")));
        QCOMPARE(editor<QLineEdit>("text")->text(), QStringLiteral("from preset"));
        QVERIFY(editor<QLineEdit>("token")->text().isEmpty());
        QSettings s;
        s.sync();
        QVERIFY(!test::readFile(s.fileName()).contains("never-in-a-preset"));
        m_view->deletePreset(QStringLiteral("weekly"));
        QVERIFY(m_view->presetNames().isEmpty());
        QVERIFY(!m_view->loadPreset(QStringLiteral("weekly")));
    }

    // Issue 20.17: what went right is not said in the error tone; what went wrong still is.
    void messagesTakeTheirTone()
    {
        QLabel *message = m_view->messageLabel();
        const auto colour = [message] { return message->palette().color(QPalette::WindowText); };
        m_view->savePreset(QStringLiteral("tone check"));
        QVERIFY(message->text().contains(QStringLiteral("saved")));
        QCOMPARE(colour(), model::toneColor(model::Tone::Success));
        QVERIFY(m_view->loadPreset(QStringLiteral("tone check")));
        QCOMPARE(colour(), model::toneColor(model::Tone::Success));
        m_view->deletePreset(QStringLiteral("tone check"));
        QCOMPARE(colour(), model::toneColor(model::Tone::Success));
        m_view->deletePreset(QStringLiteral("no such preset"));
        QCOMPARE(colour(), model::toneColor(model::Tone::Error));
        const QString typed = editor<QLineEdit>("text")->text();
        editor<QLineEdit>("text")->clear();
        QVERIFY(!m_view->run());
        QVERIFY(message->text().contains(QStringLiteral("text is required")));
        QCOMPARE(colour(), model::toneColor(model::Tone::Error));
        editor<QLineEdit>("text")->setText(typed);
    }

    void rerunFromHistory()
    {
        m_view->historyModel()->reload(QStringLiteral("all_types"));
        QSignalSpy reloaded(m_view->historyModel(), &model::RunHistoryModel::reloaded);
        QVERIFY(reloaded.wait(5000));
        // The first run of this suite (text "hi", count 5) is the oldest result row.
        qint64 first = 0;
        for (int r = 0; r < m_view->historyModel()->rowCount(); ++r)
            if (m_view->historyModel()->record(r).params.value(QStringLiteral("count")).toInt() == 5)
                first = m_view->historyModel()->record(r).id;
        QVERIFY(first > 0);
        editor<QLineEdit>("text")->setText(QStringLiteral("something else"));
        const int before = m_view->runTabs()->count();
        QVERIFY(m_view->rerun(first));
        QCOMPARE(m_view->runTabs()->count(), before + 1);
        QCOMPARE(editor<QLineEdit>("text")->text(), QStringLiteral("hi"));
        ui::RunPane *pane = m_view->pane(m_view->runTabs()->count() - 1);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 30000);
        QCOMPARE(pane->updatesModel()->total(), 5);
    }

    // Issue 20.16: a past run opens in full (inputs masked, updates with their times, result)
    // without touching the form; two selected runs compare side by side in a diff.
    void openAndCompareRunsFromHistory()
    {
        model::RunHistoryModel *history = m_view->historyModel();
        QSignalSpy reloaded(history, &model::RunHistoryModel::reloaded);
        history->reload(QStringLiteral("all_types"));
        QVERIFY(reloaded.wait(5000));
        const engine::RunHistory store(historyPath());
        // The newest finished run whose inputs had a secret, and two results that differ.
        int secretRow = -1;
        QList<int> resultRows;
        for (int r = 0; r < history->rowCount(); ++r) {
            if (history->record(r).state != u"result")
                continue;
            if (secretRow < 0 && history->record(r).params.contains(QStringLiteral("token")))
                secretRow = r;
            if (resultRows.size() < 2
                && (resultRows.isEmpty() || history->record(resultRows.first()).result != history->record(r).result))
                resultRows << r;
        }
        QVERIFY(secretRow >= 0);
        QCOMPARE(resultRows.size(), 2);
        QTableView *table = m_view->historyView();
        auto *open = m_view->findChild<QPushButton *>(QStringLiteral("historyOpen"));
        auto *compare = m_view->findChild<QPushButton *>(QStringLiteral("historyCompare"));
        QVERIFY(open && compare);
        QTabWidget *tabs = m_view->runTabs();
        const QString typed = editor<QLineEdit>("text")->text();
        const QJsonObject formBefore = form()->params();

        // Open one run in full.
        table->selectionModel()->select(history->index(secretRow, 0),
                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        table->setCurrentIndex(history->index(secretRow, 0));
        QVERIFY(open->isEnabled());
        QVERIFY(!compare->isEnabled()); // two runs to compare
        const int before = tabs->count();
        open->click();
        QCOMPARE(tabs->count(), before + 1);
        QWidget *record = tabs->currentWidget();
        const engine::RunRecord full = store.get(history->record(secretRow).id);
        auto *inputs = record->findChild<QPlainTextEdit *>(QStringLiteral("recordInputs"));
        auto *updates = record->findChild<QListView *>(QStringLiteral("recordUpdates"));
        auto *result = record->findChild<QPlainTextEdit *>(QStringLiteral("recordResult"));
        QVERIFY(inputs && updates && result);
        QCOMPARE(QJsonDocument::fromJson(inputs->toPlainText().toUtf8()).object(), full.params);
        QVERIFY(inputs->toPlainText().contains(engine::kSecretMarker));
        QVERIFY(!inputs->toPlainText().contains(QStringLiteral("SECRET")));
        QCOMPARE(updates->model()->rowCount(), int(full.updates.size()));
        QVERIFY(updates->model()->rowCount() > 0);
        QVERIFY2(updates->model()->index(0, 0).data().toString().startsWith(QStringLiteral("+")),
                 qPrintable(updates->model()->index(0, 0).data().toString()));
        QCOMPARE(result->toPlainText(), engine::contentText(full.result));
        // The form is untouched.
        QCOMPARE(editor<QLineEdit>("text")->text(), typed);
        QCOMPARE(form()->params(), formBefore);

        // Compare two runs: the older on the left, the newer on the right.
        QItemSelection both;
        for (int r : std::as_const(resultRows))
            both.select(history->index(r, 0), history->index(r, model::RunHistoryModel::ColumnCount - 1));
        table->selectionModel()->select(both, QItemSelectionModel::ClearAndSelect);
        QVERIFY(compare->isEnabled());
        compare->click();
        QCOMPARE(tabs->count(), before + 2);
        QWidget *comparison = tabs->currentWidget();
        auto *diff = comparison->findChild<QTableView *>(QStringLiteral("compareResult"));
        QVERIFY(diff);
        auto *rows = qobject_cast<model::DiffModel *>(diff->model());
        QVERIFY(rows);
        QVERIFY(rows->changedCount() > 0);
        QStringList left, right;
        for (const engine::DiffRow &row : rows->rows()) {
            if (row.leftLine)
                left << row.left;
            if (row.rightLine)
                right << row.right;
        }
        const QString older = engine::contentText(store.get(history->record(resultRows[1]).id).result);
        const QString newer = engine::contentText(store.get(history->record(resultRows[0]).id).result);
        QCOMPARE(left.join(u'\n'), older);
        QCOMPARE(right.join(u'\n'), newer);
        QCOMPARE(editor<QLineEdit>("text")->text(), typed);

        // Both close like run panes.
        QMetaObject::invokeMethod(tabs, "tabCloseRequested", Q_ARG(int, tabs->indexOf(comparison)));
        QMetaObject::invokeMethod(tabs, "tabCloseRequested", Q_ARG(int, tabs->indexOf(record)));
        QCOMPARE(tabs->count(), before);
    }

    void copyAsCommandLeavesSecretsOut()
    {
        ui::RunPane *pane = m_view->pane(0);
        const QString line = pane->commandLine();
        QVERIFY2(line.startsWith(QStringLiteral("toolwright run all_types --data ") + m_data), qPrintable(line));
        QVERIFY(line.contains(QStringLiteral("--user tess@example.com --runtime bwrap --params @")));
        const QString file = line.section(u'@', -1);
        const QJsonObject params = QJsonDocument::fromJson(test::readFile(file)).object();
        QCOMPARE(params.value(QStringLiteral("text")).toString(), QStringLiteral("hi"));
        // The command really runs.
        QProcess p;
        p.start(TW_BINARY, QProcess::splitCommand(line).mid(1) << QStringLiteral("--json"));
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
    }

    void closingARunningPaneStopsIt()
    {
        editor<QComboBox>("mode")->setCurrentText(QStringLiteral("slow"));
        ui::RunPane *pane = m_view->run();
        QVERIFY(pane);
        QPointer<ui::RunPane> guard(pane);
        QTRY_COMPARE_WITH_TIMEOUT(pane->updatesModel()->rowCount(), 1, 15000);
        QSignalSpy recorded(m_view.get(), &ui::RunView::runRecorded);
        ui::MessageBox::setNextAnswer(0); // "Stop and Close"
        QMetaObject::invokeMethod(m_view->runTabs(), "tabCloseRequested", Q_ARG(int, m_view->runTabs()->indexOf(pane)));
        QCOMPARE(m_view->runTabs()->indexOf(pane), -1);
        QTRY_VERIFY_WITH_TIMEOUT(recorded.size() == 1, 15000);
        QTRY_VERIFY(guard.isNull());
        editor<QComboBox>("mode")->setCurrentText(QStringLiteral("fast"));
    }

    // Closing a running pane ("Stop and Close") and quitting with runs going ("Stop and Quit")
    // leave nothing behind, with the real runtimes: not the tool's own helper process (found in
    // /proc by the marker on its command line), not podman's container (`podman ps -a`). The tool
    // ignores its abort signal, so only the kill can end it.
    void stoppingLeavesNoProcessOrContainer_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<bool>("quit");
        QTest::newRow("bwrap, Stop and Close") << QStringLiteral("bwrap") << false;
        QTest::newRow("bwrap, Stop and Quit") << QStringLiteral("bwrap") << true;
        QTest::newRow("podman, Stop and Close") << QStringLiteral("podman") << false;
        QTest::newRow("podman, Stop and Quit") << QStringLiteral("podman") << true;
    }

    void stoppingLeavesNoProcessOrContainer()
    {
        QFETCH(QString, runtime);
        QFETCH(bool, quit);
        const engine::RuntimeConfig before = engine::RuntimeConfig::load();
        const auto restore = qScopeGuard([&] {
            before.save();
            QDir(m_data + QStringLiteral("/tools/lingers")).removeRecursively();
        });
        engine::RuntimeConfig rc = before;
        rc.image = QStringLiteral(TW_TEST_IMAGE);
        rc.podmanArgs = test::podmanHostLimitArgs();
        rc.save();
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("lingers"),
                       test::toolMd("lingers", 1, "inputs:\n  marker:\n    type: string\n    description: On the helper's command line.\n"),
                       "import { spawn } from 'node:child_process';\n"
                       "export async function execute(_id, params, signal, onUpdate) {\n"
                       "  spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)', String(params.marker)], { stdio: 'ignore' });\n"
                       "  onUpdate?.({ content: [{ type: 'text', text: 'helper started' }] });\n"
                       "  await new Promise(() => {}); // deaf to the abort\n"
                       "}\n",
                       QStringLiteral("index.js"));
        const QByteArray marker = "tw-stop-" + runtime.toLatin1() + (quit ? "-quit-" : "-close-")
            + QByteArray::number(QCoreApplication::applicationPid());
        QString container;
        {
            ui::MainWindow window(m_data, kUser, nullptr, std::make_unique<engine::MemorySecretStore>());
            QSignalSpy shown(&window, &ui::MainWindow::catalogShown);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 20000);
            ui::RunView *run = window.runView();
            QVERIFY(run->showTool(QStringLiteral("lingers"), kUser));
            run->runtimeCombo()->setCurrentText(runtime);
            qobject_cast<QLineEdit *>(run->form()->editor(QStringLiteral("marker")))->setText(QString::fromLatin1(marker));
            ui::RunPane *pane = run->run();
            QVERIFY(pane);
            QPointer<ui::RunPane> guard(pane);
            QTRY_VERIFY_WITH_TIMEOUT(pane->updatesModel()->total() == 1 || pane->outcome(), 120000);
            QVERIFY2(!pane->outcome(), qPrintable(pane->outcome() ? pane->outcome()->message : QString()));
            QCOMPARE(pane->session()->runtimeName(), runtime);
            QVERIFY(test::processWithArgument(marker)); // what must go is there
            if (runtime == u"podman") {
                const QStringList command = pane->session()->launchCommand();
                const qsizetype at = command.indexOf(QStringLiteral("--name"));
                QVERIFY(at >= 0 && at + 1 < command.size());
                container = command.at(at + 1);
                QCOMPARE(podmanContainersNamed(container), QStringList{container});
            }
            if (quit) {
                ui::MessageBox::setNextAnswer(0); // Stop and Quit
                QVERIFY(window.close());
                QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
                QVERIFY2(ui::MessageBox::lastQuestion().contains(QStringLiteral("still in progress. Quit and stop them?")),
                         qPrintable(ui::MessageBox::lastQuestion()));
            } else {
                ui::MessageBox::setNextAnswer(0); // Stop and Close
                QMetaObject::invokeMethod(run->runTabs(), "tabCloseRequested", Q_ARG(int, run->runTabs()->indexOf(pane)));
                QCOMPARE(ui::MessageBox::pendingAnswers(), 0);
                QVERIFY2(ui::MessageBox::lastQuestion().endsWith(QStringLiteral("is still running. Close its pane and stop it?")),
                         qPrintable(ui::MessageBox::lastQuestion()));
                QCOMPARE(run->runTabs()->indexOf(pane), -1);
                QTRY_VERIFY_WITH_TIMEOUT(guard.isNull(), 60000); // the pane goes once its run has ended
            }
        } // the window goes, and with it every pane and its session
        QTRY_VERIFY_WITH_TIMEOUT(!test::processWithArgument(marker), 20000);
        if (runtime == u"podman")
            QCOMPARE(podmanContainersNamed(container), QStringList());
    }

    void jsonParamsAreCheckedAgainstTheInputs()
    {
        QVERIFY(m_view->setJsonMode(true));
        QVERIFY(m_view->jsonToggle()->isChecked());
        QCOMPARE(QJsonDocument::fromJson(m_view->jsonEditor()->toPlainText().toUtf8()).object(), form()->params());
        // A syntax error says where.
        m_view->jsonEditor()->setPlainText(QStringLiteral("{\n  \"text\": \"a\",\n  \"count\": 2,,\n}"));
        QList<engine::ParamProblem> problems;
        m_view->jsonParams(&problems);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().message.startsWith(QStringLiteral("params: line 3, column")), qPrintable(problems.first().message));
        QTRY_VERIFY(m_view->jsonProblemsLabel()->text().contains(QStringLiteral("line 3")));
        QVERIFY(!m_view->run());
        // Every problem at once, each naming its field.
        m_view->jsonEditor()->setPlainText(QStringLiteral("{\"count\": \"many\", \"mode\": \"medium\", \"flag\": 1, \"bogus\": true}"));
        m_view->jsonParams(&problems);
        QStringList messages;
        for (const engine::ParamProblem &p : problems)
            messages << p.message;
        QVERIFY2(messages.contains(QStringLiteral("count must be a number")), qPrintable(messages.join(u'|')));
        QVERIFY(messages.contains(QStringLiteral("mode must be one of: fast, slow, flood")));
        QVERIFY(messages.contains(QStringLiteral("flag must be true or false")));
        QVERIFY(messages.contains(QStringLiteral("bogus: not an input of all_types")));
        QVERIFY(messages.contains(QStringLiteral("text is required")));
        const int panes = m_view->runTabs()->count();
        QVERIFY(!m_view->run());
        QCOMPARE(m_view->runTabs()->count(), panes);
        // The form cannot show a wrong type: switching back is refused, the toggle stays on.
        m_view->jsonToggle()->setChecked(false);
        QVERIFY(m_view->isJsonMode());
        QVERIFY(m_view->jsonToggle()->isChecked());
        // Valid JSON runs as written: an empty string and false are values, absent means unset.
        m_view->jsonEditor()->setPlainText(QStringLiteral("{\"text\": \"from json\", \"count\": 1, \"mode\": \"fast\", \"extra\": \"\", \"flag\": false}"));
        ui::RunPane *pane = runAndWait();
        QVERIFY(pane);
        QCOMPARE(QJsonDocument::fromJson(pane->resultText().toUtf8()).object(),
                 (QJsonObject{{QStringLiteral("text"), QStringLiteral("from json")}, {QStringLiteral("count"), 1},
                              {QStringLiteral("mode"), QStringLiteral("fast")}, {QStringLiteral("extra"), QString()},
                              {QStringLiteral("flag"), false}}));
        // Back to the form, which now shows those values.
        m_view->jsonToggle()->setChecked(false);
        QVERIFY(!m_view->isJsonMode());
        QCOMPARE(editor<QLineEdit>("text")->text(), QStringLiteral("from json"));
        QVERIFY(form()->setBox(QStringLiteral("extra"))->isChecked());
        QVERIFY(!form()->setBox(QStringLiteral("note"))->isChecked());
        // A typed secret is a marker in the JSON and the typed value in the params.
        editor<QLineEdit>("token")->setFocus();
        QTest::keyClicks(editor<QLineEdit>("token"), QStringLiteral("typed-SECRET-5"));
        QVERIFY(m_view->setJsonMode(true));
        QVERIFY(!m_view->jsonEditor()->toPlainText().contains(QStringLiteral("typed-SECRET-5")));
        QVERIFY(m_view->jsonEditor()->toPlainText().contains(engine::kSecretMarker));
        QCOMPARE(m_view->jsonParams(&problems).value(QStringLiteral("token")).toString(), QStringLiteral("typed-SECRET-5"));
        QVERIFY(m_view->setJsonMode(false));
        editor<QLineEdit>("token")->clear();
        form()->setBox(QStringLiteral("extra"))->setChecked(false);
        editor<QLineEdit>("text")->setText(QStringLiteral("hi"));
        form()->setBox(QStringLiteral("flag"))->setChecked(true);
        editor<QCheckBox>("flag")->setChecked(true);
    }

    void aToolChangedDuringARunReloadsAfterIt()
    {
        const QString toolsDir = m_data + QStringLiteral("/tools");
        const QByteArray md = "---\nname: reload_me\ndescription: Waits until cancelled.\nversion: 1\ninputs:\n"
                              "  first:\n    type: string\n    description: The first.\n---\n\n# Reload me\n";
        const QByteArray entry = "export async function execute(_id, params, signal, onUpdate) {\n"
                                 "  onUpdate?.({ content: [{ type: 'text', text: 'started' }] });\n"
                                 "  await new Promise((r) => { signal?.addEventListener('abort', r); setTimeout(r, 60000); });\n"
                                 "  return { content: [{ type: 'text', text: 'v1 ran' }] };\n}\n";
        test::makeTool(toolsDir, QStringLiteral("reload_me"), md, entry, QStringLiteral("index.js"));
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->showTool(QStringLiteral("reload_me"), kUser));
        editor<QLineEdit>("first")->setText(QStringLiteral("kept"));
        ui::RunPane *pane = m_view->run();
        QVERIFY(pane);
        QTRY_COMPARE_WITH_TIMEOUT(pane->updatesModel()->rowCount(), 1, 15000);

        // v2 lands on disk while v1 runs: the form is not rebuilt under the run.
        test::writeFile(toolsDir + QStringLiteral("/reload_me/TOOL.md"),
                        QByteArray(md).replace("version: 1", "version: 2")
                            .replace("---\n\n#", "  second:\n    type: number\n    description: New.\n    optional: true\n---\n\n#"));
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->isReloadPending());
        QVERIFY(!form()->editor(QStringLiteral("second")));
        QVERIFY(m_view->noticeLabel()->text().contains(QStringLiteral("reloads when its run ends")));
        QCOMPARE(pane->session()->tool().manifest.version, 1);

        // After the run: reloaded, the typed value kept.
        pane->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 15000);
        QVERIFY(!m_view->isReloadPending());
        QVERIFY(form()->editor(QStringLiteral("second")));
        QCOMPARE(m_view->tool().manifest.version, 2);
        QCOMPARE(editor<QLineEdit>("first")->text(), QStringLiteral("kept"));
        QVERIFY(m_view->noticeLabel()->text().contains(QStringLiteral("Reloaded reload_me (version 2)")));
        QVERIFY(m_view->runButton()->isEnabled());
    }

    void aBrokenOverrideNeverFallsBackToTheGlobalCopy()
    {
        // The user's copy of reload_me shadows the global one.
        const QString userTools = m_data + u'/' + kUser + QStringLiteral("/tools");
        const QByteArray md = "---\nname: reload_me\ndescription: The user's copy.\nversion: 7\n---\n\n# Mine\n";
        test::makeTool(userTools, QStringLiteral("reload_me"), md,
                       "export async function execute() { return { content: [{ type: 'text', text: 'mine' }] }; }\n",
                       QStringLiteral("index.js"));
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->showTool(QStringLiteral("reload_me"), kUser));
        QCOMPARE(m_view->tool().scope, engine::Scope::User);
        ui::RunPane *pane = runAndWait();
        QVERIFY(pane);
        QCOMPARE(pane->resultText(), QStringLiteral("mine"));
        QCOMPARE(pane->sourceLabel()->accessibleName(), QStringLiteral("Source: user v7 · shadows global v2"));
        QTRY_VERIFY(m_view->historyModel()->rowCount() > 0);
        QTRY_COMPARE(m_view->historyModel()->index(0, model::RunHistoryModel::SourceColumn).data().toString(),
                     QStringLiteral("user v7 · shadows global v2"));

        // A broken save: the loader skips it; the view keeps the user's tool, says why, and will not run.
        test::writeFile(userTools + QStringLiteral("/reload_me/TOOL.md"), "---\nname: reload_me\ndescription: [unclosed\nversion: 8\n---\n");
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->toolFailsToLoad());
        QCOMPARE(m_view->tool().scope, engine::Scope::User);
        QVERIFY(!m_view->runButton()->isEnabled());
        QVERIFY(!m_view->run());
        const QString notice = m_view->noticeLabel()->text();
        QVERIFY2(notice.contains(userTools + QStringLiteral("/reload_me/TOOL.md:")), qPrintable(notice));
        QVERIFY2(notice.contains(QStringLiteral("global copy (v2)")), qPrintable(notice));
        // Another catalog while it is still broken: the error stays.
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->toolFailsToLoad());
        QCOMPARE(m_view->noticeLabel()->text(), notice);
        // Fixed: back, and runnable.
        test::writeFile(userTools + QStringLiteral("/reload_me/TOOL.md"), QByteArray(md).replace("version: 7", "version: 8"));
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(!m_view->toolFailsToLoad());
        QCOMPARE(m_view->tool().manifest.version, 8);
        QVERIFY(m_view->runButton()->isEnabled());
        QVERIFY(QDir(userTools + QStringLiteral("/reload_me")).removeRecursively());
        QVERIFY(QDir(m_data + QStringLiteral("/tools/reload_me")).removeRecursively());
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->noticeLabel()->text().contains(QStringLiteral("gone from disk")));
        QVERIFY(m_view->showTool(QStringLiteral("all_types"), kUser));
    }

    // Issue 19.5: a run is always for one user, picked in the view ("Run as", from the Browser's
    // user); another user may get another definition of the same name; no user, no run.
    void runAsPicksTheUserAndItsDefinition()
    {
        const QString other = QStringLiteral("otto@example.com");
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("twin"), test::toolMd("twin"),
                       "export async function execute() { return { content: [{ type: 'text', text: 'global' }] }; }\n",
                       QStringLiteral("index.js"));
        test::makeTool(m_data + u'/' + other + QStringLiteral("/tools"), QStringLiteral("twin"), test::toolMd("twin", 2),
                       "export async function execute() { return { content: [{ type: 'text', text: 'otto' }] }; }\n",
                       QStringLiteral("index.js"));
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->showTool(QStringLiteral("twin"), kUser));
        QComboBox *picker = m_view->userPicker();
        QCOMPARE(picker->currentText(), kUser);
        QVERIFY(picker->findText(other) >= 0);
        QCOMPARE(m_view->tool().scope, engine::Scope::Global);
        Q_EMIT picker->activated(picker->findText(other));
        QCOMPARE(m_view->user(), other);
        QCOMPARE(m_view->tool().scope, engine::Scope::User); // otto's own twin, not the global one
        ui::RunPane *pane = runAndWait();
        QVERIFY(pane);
        QCOMPARE(pane->resultText(), QStringLiteral("otto"));

        // A view that was never given a user does not run: it asks for one.
        ui::RunView fresh(m_secrets, historyPath());
        fresh.setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        const engine::Catalog catalog = engine::scanDataPath(m_data);
        const auto twin = std::find_if(catalog.global.tools.cbegin(), catalog.global.tools.cend(),
                                       [](const engine::ToolRecord &t) { return t.manifest.name == u"twin"; });
        QVERIFY(twin != catalog.global.tools.cend());
        fresh.setTool(*twin, QString());
        QCOMPARE(fresh.userPicker()->currentIndex(), -1);
        QVERIFY(!fresh.run());
        QVERIFY2(fresh.messageLabel()->text().contains(QStringLiteral("Choose the user")), qPrintable(fresh.messageLabel()->text()));

        // Opened before the first scan has finished (no catalog yet): no run with an empty
        // DATA_PATH — it says to wait (a fresh Debian's ASan pass once ran one and failed).
        ui::RunView early(m_secrets, historyPath());
        early.setTool(*twin, kUser);
        QVERIFY(!early.hasCatalog());
        QVERIFY(!early.run());
        QVERIFY2(early.messageLabel()->text().contains(QStringLiteral("Still reading the tools")), qPrintable(early.messageLabel()->text()));

        QVERIFY(QDir(m_data + QStringLiteral("/tools/twin")).removeRecursively());
        QVERIFY(QDir(m_data + u'/' + other).removeRecursively());
        m_view->setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(m_view->showTool(QStringLiteral("all_types"), kUser));
    }

    // Issue 20.7: at 1024×700 every control of the Run view can be seen or scrolled to, and the
    // window never resizes itself (a run pane opening, a tab changing, the JSON editor).
    void theRunViewFitsA1024x700Window_data()
    {
        QTest::addColumn<QString>("data");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("required");
        QTest::newRow("fixture weather") << QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")) << QStringLiteral("alice@example.com")
                                         << QStringLiteral("weather") << QStringLiteral("city");
        QTest::newRow("every input type") << QString() << kUser << QStringLiteral("all_types") << QStringLiteral("text");
    }

    void theRunViewFitsA1024x700Window()
    {
        QFETCH(QString, data);
        QFETCH(QString, user);
        QFETCH(QString, tool);
        QFETCH(QString, required);
        ui::MainWindow window(data.isEmpty() ? m_data : data, user);
        QSignalSpy shown(&window, &ui::MainWindow::catalogShown);
        const QSize size(1024, 700);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QCOMPARE(window.size(), size);
        QTabWidget *views = window.viewTabs();
        ui::RunView *run = window.runView();
        views->setCurrentIndex(ui::MainWindow::RunViewTab);
        test::settleLayouts();
        QCOMPARE(window.size(), size);
        QStringList cut;
        QTRY_VERIFY2((cut = unreachable(run)).isEmpty(), qPrintable(cut.join(u'\n')));
        // With no tool chosen it names the window's real shortcut that brings one here.
        // (Asserted, not guarded: a renamed label would have skipped the check silently.)
        auto *empty = run->findChild<QLabel *>(QStringLiteral("runEmptyState"));
        QVERIFY(empty);
        QKeySequence runKey;
        for (const QAction *a : window.findChildren<QAction *>())
            if (a->text() == QStringLiteral("&Run…"))
                runKey = a->shortcut();
        QVERIFY(!runKey.isEmpty());
        QVERIFY2(empty->text().contains(runKey.toString(QKeySequence::NativeText)), qPrintable(empty->text()));

        QVERIFY(run->showTool(tool, user));
        qobject_cast<QLineEdit *>(run->form()->editor(required))->setText(QStringLiteral("Paris"));
        test::settleLayouts();
        QCOMPARE(window.size(), size);
        QTRY_VERIFY2((cut = unreachable(run)).isEmpty(), qPrintable(cut.join(u'\n'))); // once the layouts settle
        // The secret field's Show and Clear, the combos' arrows: in view or a scroll away.
        for (const engine::InputSpec &spec : run->tool().manifest.inputs)
            QTRY_VERIFY(run->form()->editor(spec.name)->isVisible()); // once the layouts settle (ASan, a loaded machine)

        ui::RunPane *pane = run->run();
        QVERIFY(pane);
        QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 30000);
        test::settleLayouts();
        QCOMPARE(window.size(), size);
        QTRY_VERIFY2((cut = unreachable(run)).isEmpty(), qPrintable(cut.join(u'\n'))); // once the layouts settle
        for (int t = 0; t < pane->tabs()->count(); ++t) {
            pane->tabs()->setCurrentIndex(t);
            test::settleLayouts();
            QCOMPARE(window.size(), size);
        }
        QVERIFY(run->setJsonMode(true));
        test::settleLayouts();
        QCOMPARE(window.size(), size);
        QVERIFY(run->setJsonMode(false));
        // A second run, then both from the history: one in full, then the two compared.
        ui::RunPane *second = run->run();
        QVERIFY(second);
        QTRY_VERIFY_WITH_TIMEOUT(second->outcome().has_value(), 30000);
        QTRY_VERIFY(run->historyModel()->rowCount() >= 2);
        const qint64 newer = run->historyModel()->record(0).id, older = run->historyModel()->record(1).id;
        QVERIFY(run->openHistoryRun(newer));
        test::settleLayouts();
        QCOMPARE(window.size(), size);
        QVERIFY(run->compareHistoryRuns(newer, older));
        test::settleLayouts();
        QCOMPARE(window.size(), size);
        QTRY_VERIFY2((cut = unreachable(run)).isEmpty(), qPrintable(cut.join(u'\n')));
        // Every view, with the run pane open: the window keeps its size.
        for (int v = 0; v < views->count(); ++v) {
            views->setCurrentIndex(v);
            test::settleLayouts();
            QVERIFY2(window.size() == size, qPrintable(QStringLiteral("%1: %2x%3").arg(views->tabText(v)).arg(window.width()).arg(window.height())));
            if (v == ui::MainWindow::RunViewTab)
                continue;
            // Other helpers own the other views: what is cut off there is reported, not failed.
            if (const QStringList other = unreachable(views->widget(v)); !other.isEmpty())
                qInfo("%s at 1024x700:\n  %s", qPrintable(views->tabText(v)), qPrintable(other.join(QStringLiteral("\n  "))));
        }
    }

    // Issue 22: the encrypted secret file is unlocked before the run, through the Run view's
    // prompt answering RunLauncher's unlock step, never from inside a read of the store.
    // Declined, the run goes on without the file's secrets and says the store is locked; once
    // unlocked, a run is not asked again.
    void aLockedSecretFileIsUnlockedBeforeTheRun()
    {
        const QString path = m_tmp.filePath(QStringLiteral("locked/secrets.twsecrets"));
        const QString passphrase = QStringLiteral("a fine passphrase");
        const QString key = engine::secretKey(kUser, QStringLiteral("all_types"), QStringLiteral("token"));
        {
            engine::EncryptedFileSecretStore file(path);
            QString error;
            QVERIFY2(file.unlock(passphrase, &error), qPrintable(error));
            QCOMPARE(file.writeNow(key, QStringLiteral("tok-FILE-9")).status, engine::SecretResult::Status::Ok);
        }
        engine::SecretBinding::record(key, m_view->tool()); // stored for this tool: used unasked
        const engine::SecretStoreConfig before = engine::SecretStoreConfig::load();
        engine::SecretStoreConfig config;
        config.kind = engine::SecretStoreConfig::Kind::File;
        config.filePath = path;
        config.save();
        const auto restore = qScopeGuard([&] {
            before.save();
            engine::SecretBinding::forget(key);
        });
        engine::ConfiguredSecretStore store;
        QCOMPARE(store.lockedPath(), path);
        ui::RunView view(store, historyPath());
        view.setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(m_data)));
        QVERIFY(view.showTool(QStringLiteral("all_types"), kUser));
        view.form()->setValues({{QStringLiteral("text"), QStringLiteral("hi")}, {QStringLiteral("count"), 1}});
        const auto runAndWaitIn = [&view]() -> ui::RunPane * {
            ui::RunPane *pane = view.run();
            if (pane)
                [&] { QTRY_VERIFY_WITH_TIMEOUT(pane->outcome().has_value(), 30000); }();
            return pane;
        };

        // Declined (TOOLWRIGHT_NO_DIALOGS): asked once, before the run; the run goes on without it.
        const int asked = ui::SecretFilePrompt::askedCount();
        ui::RunPane *pane = runAndWaitIn();
        QVERIFY(pane);
        QCOMPARE(ui::SecretFilePrompt::askedCount(), asked + 1);
        QCOMPARE(pane->outcome()->state, engine::RunState::Result);
        QVERIFY2(!pane->resultText().contains(QStringLiteral("\"token\"")), qPrintable(pane->resultText()));
        QVERIFY2(view.messageLabel()->text().contains(QStringLiteral("locked")), qPrintable(view.messageLabel()->text()));
        QCOMPARE(store.lockedPath(), path);

        // Answered: unlocked before the inputs are read, so the run gets the file's secret.
        ui::SecretFilePrompt::setNextPassphrase(passphrase);
        pane = runAndWaitIn();
        QVERIFY(pane);
        QCOMPARE(ui::SecretFilePrompt::askedCount(), asked + 2);
        QVERIFY(store.lockedPath().isEmpty());
        QVERIFY2(pane->resultText().contains(QStringLiteral("\"token\":\"") + engine::kSecretMarker), qPrintable(pane->resultText()));

        // Unlocked for the session: the next run is not asked.
        pane = runAndWaitIn();
        QVERIFY(pane);
        QCOMPARE(ui::SecretFilePrompt::askedCount(), asked + 2);
        QVERIFY(pane->resultText().contains(QStringLiteral("\"token\":\"") + engine::kSecretMarker));
    }

    void settingsChooseTheEncryptedFile()
    {
        engine::ConfiguredSecretStore store;
        // Issue 22: the backend is found on a worker thread (a blocking D-Bus call): the dialog
        // opens at once and shows it when it arrives; the GUI thread never asks the bus.
        const int detectionsOnGuiThread = engine::keychainDetectionsOnMainThread();
        ui::SettingsDialog dialog(store, kUser);
        QCOMPARE(dialog.backendLabel()->text(), QStringLiteral("Looking for the OS keychain on this host…"));
        // The page names the keychain backend: ctest runs inside scripts/with-keyring, whose
        // gnome-keyring-daemon owns the Secret Service. Without that session this fails.
        QTRY_COMPARE_WITH_TIMEOUT(dialog.backendLabel()->text(),
                                  QStringLiteral("OS keychain on this host: <b>Secret Service (gnome-keyring-daemon)</b>."), 30000);
        QCOMPARE(engine::keychainDetectionsOnMainThread(), detectionsOnGuiThread);
        QVERIFY(dialog.keychainChoice()->isChecked()); // the default
        QVERIFY(!dialog.passphraseField()->isEnabled());
        dialog.fileChoice()->setChecked(true);
        QVERIFY(dialog.passphraseField()->isEnabled());
        const QString path = m_tmp.filePath(QStringLiteral("vault/secrets.twsecrets"));
        dialog.secretFileField()->setText(path);
        QVERIFY(!dialog.passphraseAgainField()->isHidden()); // creating: asked twice
        dialog.passphraseField()->setText(QStringLiteral("a fine passphrase"));
        dialog.passphraseAgainField()->setText(QStringLiteral("a fine passphrasE"));
        QVERIFY(!dialog.unlockSecretFile());
        QVERIFY(dialog.secretFileStatus()->text().contains(QStringLiteral("differ")));
        dialog.passphraseField()->setText(QStringLiteral("a fine passphrase"));
        dialog.passphraseAgainField()->setText(QStringLiteral("a fine passphrase"));
        QVERIFY2(dialog.unlockSecretFile(), qPrintable(dialog.secretFileStatus()->text()));
        QVERIFY(dialog.passphraseField()->text().isEmpty()); // not kept in the dialog
        QVERIFY(QFileInfo(path).isFile());
        QCOMPARE(QFileInfo(path).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        QVERIFY(store.file().isUnlocked());
        // Saved: the tokens of the Integrations page go to the file now.
        dialog.apifyTokenField()->setText(QStringLiteral("apify-FILE-9"));
        QSignalSpy saved(&dialog, &ui::SettingsDialog::saved);
        dialog.save();
        QTRY_COMPARE(saved.size(), 1);
        QVERIFY(saved.first().first().toBool());
        QCOMPARE(store.kind(), engine::SecretStoreConfig::Kind::File);
        QCOMPARE(store.readNow(engine::resourceSecretKey(kUser, QStringLiteral("apify"))).value, QStringLiteral("apify-FILE-9"));
        QVERIFY(!test::readFile(path).contains("apify-FILE-9"));
        QSettings s;
        s.sync();
        QVERIFY(!test::readFile(s.fileName()).contains("apify-FILE-9"));
        QVERIFY(!test::readFile(s.fileName()).contains("a fine passphrase"));
        // Back to the keychain for the tests that follow.
        engine::SecretStoreConfig config = engine::SecretStoreConfig::load();
        config.kind = engine::SecretStoreConfig::Kind::Keychain;
        config.save();
        QSettings().remove(QStringLiteral("integrations"));
    }

    void settingsDialogKeepsTokensInTheKeychain()
    {
        ui::SettingsDialog dialog(m_secrets, kUser);
        dialog.imageField()->setText(QStringLiteral("localhost/my-node:1"));
        dialog.podmanArgsField()->setText(QStringLiteral("--ulimit nofile=1024:1024 --label 'a b'"));
        dialog.searxngField()->setText(QStringLiteral("http://search.local"));
        dialog.apifyTokenField()->setText(QStringLiteral("apify-SECRET-7"));
        QTableWidget *res = dialog.resourcesTable();
        res->insertRow(0);
        res->setItem(0, 0, new QTableWidgetItem(QStringLiteral("crm")));
        res->setItem(0, 1, new QTableWidgetItem(QStringLiteral("{\"url\":\"http://crm\"}")));
        res->setItem(0, 2, new QTableWidgetItem(QStringLiteral("{\"apiKey\":\"crm-SECRET-9\"}")));
        // The page's values are probed before they are saved.
        QSignalSpy checked(&dialog, &ui::SettingsDialog::runtimesChecked);
        dialog.checkRuntimes();
        QVERIFY(checked.wait(60000));
        const QString report = dialog.runtimeReport()->text();
        QVERIFY2(report.contains(QStringLiteral("podman has no image localhost/my-node:1 (")), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("bwrap: ready")), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("auto uses bwrap")), qPrintable(report));
        QSignalSpy saved(&dialog, &ui::SettingsDialog::saved);
        dialog.save();
        QTRY_COMPARE(saved.size(), 1);
        QCOMPARE(saved.first().first().toBool(), true);

        const engine::RuntimeConfig rc = engine::RuntimeConfig::load();
        QCOMPARE(rc.image, QStringLiteral("localhost/my-node:1"));
        QCOMPARE(rc.podmanArgs, (QStringList{QStringLiteral("--ulimit"), QStringLiteral("nofile=1024:1024"), QStringLiteral("--label"), QStringLiteral("a b")}));
        const engine::Integrations integ = engine::Integrations::load(kUser);
        QCOMPARE(integ.searxngUrl, QStringLiteral("http://search.local"));
        QVERIFY(integ.apifyToken);
        QCOMPARE(m_secrets.contents().at(engine::resourceSecretKey(kUser, QStringLiteral("apify"))), QStringLiteral("apify-SECRET-7"));
        QCOMPARE(m_secrets.contents().at(engine::resourceSecretKey(kUser, QStringLiteral("crm"))), QStringLiteral("{\"apiKey\":\"crm-SECRET-9\"}"));
        QSettings s;
        s.sync();
        const QByteArray file = test::readFile(s.fileName());
        QVERIFY(file.contains("http://crm"));
        QVERIFY(!file.contains("SECRET"));
        // Reopened, the dialog shows that tokens are stored, not what they are.
        ui::SettingsDialog again(m_secrets, kUser);
        QVERIFY(again.apifyTokenField()->text().isEmpty());
        QVERIFY(again.apifyTokenField()->placeholderText().contains(QStringLiteral("stored")));
        QVERIFY(!again.resourcesTable()->item(0, 2)->text().contains(QStringLiteral("SECRET")));
        QCOMPARE(again.podmanArgsField()->text(), QStringLiteral("--ulimit nofile=1024:1024 --label 'a b'"));
        // A run sees the integrations.
        engine::RuntimeConfig back = rc;
        back.image = engine::RuntimeConfig().image;
        back.podmanArgs.clear();
        back.save();
        engine::Integrations none;
        none.save(kUser);
    }
};

QTEST_MAIN(TestRunView)
#include "tst_runview.moc"
