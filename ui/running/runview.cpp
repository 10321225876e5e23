#include "running/runview.h"

#include "catalog/catalog.h"
#include "catalog/overrideresolver.h"
#include "remote/remoterunexecution.h"
#include "run/runinputs.h"
#include "run/runlauncher.h"
#include "run/runpresets.h"
#include "runhistorymodel.h"
#include "running/runcompareview.h"
#include "running/runform.h"
#include "running/runhistorypanel.h"
#include "running/runinputseditor.h"
#include "running/runpane.h"
#include "running/runpresetbar.h"
#include "running/runrecordview.h"
#include "running/runsettingsbox.h"
#include "running/runtabs.h"
#include "running/secretfileprompt.h"
#include "secrets/secretbinding.h"
#include "secrets/secretstore.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

namespace tw::ui {

RunView::RunView(engine::SecretStore &secrets, const QString &historyPath, QWidget *parent)
    : QWidget(parent), m_secrets(secrets), m_historyPath(historyPath)
{
    auto *outer = new QVBoxLayout(this);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("runSplitter"));
    outer->addWidget(splitter);

    // Left: with no tool chosen, what to do; then the tool's page.
    m_leftStack = new QStackedWidget(splitter);
    m_emptyState = new QLabel(m_leftStack);
    m_emptyState->setObjectName(QStringLiteral("runEmptyState"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setContentsMargins(12, 12, 12, 12);
    m_leftStack->addWidget(m_emptyState);
    m_leftStack->addWidget(makeToolPage());

    // Right: the runs, then the history.
    auto *right = new QSplitter(Qt::Vertical, splitter);
    m_runs = new RunTabs(right);
    m_historyPanel = new RunHistoryPanel(m_historyPath, right);
    connect(m_historyPanel, &RunHistoryPanel::openRequested, this, &RunView::openHistoryRun);
    connect(m_historyPanel, &RunHistoryPanel::compareRequested, this, &RunView::compareHistoryRuns);
    connect(m_historyPanel, &RunHistoryPanel::loadInputsRequested, this, &RunView::loadFromHistory);
    connect(m_historyPanel, &RunHistoryPanel::rerunRequested, this, &RunView::rerun);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    right->setSizes({560, 200});
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({480, 720});
    splitter->setChildrenCollapsible(false);
    showEmptyState();
    m_historyPanel->reload();
}

RunView::~RunView() = default; // each pane's launcher finishes its history write before it goes

QWidget *RunView::makeToolPage()
{
    // The tool, its form, presets and settings in a scroll area (so any window reaches every
    // field, however many inputs), the Run row below.
    auto *toolPage = new QWidget(m_leftStack);
    auto *pv = new QVBoxLayout(toolPage);
    pv->setContentsMargins(0, 0, 0, 0);
    auto *toolScroll = new QScrollArea(toolPage);
    toolScroll->setObjectName(QStringLiteral("runToolScroll"));
    toolScroll->setWidgetResizable(true);
    toolScroll->setFrameShape(QFrame::NoFrame);
    toolScroll->setAccessibleName(tr("Tool, inputs and run settings"));
    auto *left = new QWidget(toolScroll);
    auto *lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(left);
    m_title->setWordWrap(true);
    lv->addWidget(m_title);
    lv->addLayout(makeUserRow(left));
    m_notice = new QLabel(left);
    m_notice->setObjectName(QStringLiteral("runToolNotice"));
    m_notice->setWordWrap(true);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notice->hide();
    lv->addWidget(m_notice);
    m_inputs = new RunInputsEditor(left);
    m_presetBar = new RunPresetBar(m_inputs->form(), left);
    lv->addWidget(m_presetBar);
    lv->addWidget(m_inputs, 1);
    m_settings = new RunSettingsBox(left);
    lv->addWidget(m_settings);
    m_serverNote = new QLabel(left);
    m_serverNote->setObjectName(QStringLiteral("runServerNote"));
    m_serverNote->setWordWrap(true);
    m_serverNote->hide();
    lv->addWidget(m_serverNote);
    connect(m_presetBar, &RunPresetBar::said, this, &RunView::say);
    connect(m_inputs, &RunInputsEditor::said, this, &RunView::say);
    connect(m_inputs->form(), &RunForm::forgetRequested, this, &RunView::forgetSecret);
    // Until a tool is chosen there is nothing to set: the preset row and the settings wait.
    m_toolControls = m_presetBar->controls();
    m_toolControls << m_inputs->jsonToggle() << m_settings;
    for (QWidget *w : std::as_const(m_toolControls))
        w->setEnabled(false);
    toolScroll->setWidget(left);
    pv->addWidget(toolScroll, 1);
    pv->addLayout(makeRunRow(toolPage));
    return toolPage;
}

QLayout *RunView::makeUserRow(QWidget *parent)
{
    // A run is always for one user: the one whose data root the tool sees (never all of them).
    auto *userRow = new QHBoxLayout;
    auto *userLabel = new QLabel(tr("Run as:"), parent);
    m_userPicker = new QComboBox(parent);
    m_userPicker->setObjectName(QStringLiteral("runUser"));
    m_userPicker->setAccessibleName(tr("Run as user"));
    m_userPicker->setToolTip(tr("The user the tool runs for: it sees this user's data root and tools, and no one else's"));
    m_userPicker->setPlaceholderText(tr("Choose a user"));
    m_userPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_userPicker->setMinimumContentsLength(16);
    userLabel->setBuddy(m_userPicker);
    userRow->addWidget(userLabel);
    userRow->addWidget(m_userPicker, 1);
    connect(m_userPicker, &QComboBox::activated, this, [this](int index) { chooseUser(m_userPicker->itemText(index)); });
    return userRow;
}

QLayout *RunView::makeRunRow(QWidget *parent)
{
    auto *runRow = new QHBoxLayout;
    m_message = new QLabel(parent);
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("runMessage"));
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    runRow->addWidget(m_message, 1);
    m_runButton = new QPushButton(tr("&Run"), parent);
    m_runButton->setToolTip(tr("Run the tool with these inputs (Ctrl+Return)"));
    m_runButton->setDefault(true);
    m_runButton->setEnabled(false);
    runRow->addWidget(m_runButton);
    connect(m_runButton, &QPushButton::clicked, this, [this] { run(); });
    auto *runKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    runKey->setWhatsThis(tr("Run with the form's inputs (Run view)")); // listed in Help → Keyboard Shortcuts
    connect(runKey, &QShortcut::activated, this, [this] { run(); });
    return runRow;
}

void RunView::setServer(engine::RemoteSession *session, const QString &dataLocation)
{
    m_server = session;
    m_serverLocation = dataLocation;
    m_settings->hide();
    m_toolControls.removeAll(m_settings);
    m_serverNote->setText(tr("Runs on %1 use its runtime (bubblewrap, podman or docker) and its run settings for the "
                             "tool; your secrets go with each run and are not stored there.")
                              .arg(session->target().displayHost()));
    m_serverNote->show();
}

QString RunView::keyUser() const
{
    return m_server ? engine::remoteSecretUser(m_server->target(), m_user) : m_user;
}

void RunView::forgetSecret(const QString &input)
{
    QPointer<RunView> self(this);
    const QString key = engine::secretKey(keyUser(), m_tool.manifest.name, input);
    m_secrets.remove(key, this, [self, input, key](const engine::SecretResult &r) {
        if (r.ok())
            engine::SecretBinding::forget(key);
        if (!self)
            return;
        if (r.status == engine::SecretResult::Status::Failed)
            self->say(tr("Could not clear the stored %1: %2").arg(input, r.error), model::Tone::Error);
        else
            self->say(tr("Cleared the stored %1.").arg(input), model::Tone::Success);
        self->refreshStoredSecrets();
    });
}

void RunView::setCatalog(std::shared_ptr<const engine::Catalog> catalog)
{
    m_catalog = std::move(catalog);
    fillUserPicker();
    if (m_hasTool)
        reloadToolFromCatalog();
}

void RunView::fillUserPicker()
{
    const QSignalBlocker block(m_userPicker);
    m_userPicker->clear();
    QStringList users = m_catalog ? m_catalog->userEmails() : QStringList();
    if (!m_user.isEmpty() && !users.contains(m_user))
        users.append(m_user); // a user without a data root yet still runs (with an empty one)
    m_userPicker->addItems(users);
    m_userPicker->setCurrentIndex(users.indexOf(m_user));
}

void RunView::chooseUser(const QString &user)
{
    if (user == m_user)
        return;
    if (m_hasTool && !m_toolBroken && toolIsRunning()) {
        fillUserPicker(); // a tool's form changes user only between runs
        say(tr("Wait for the runs of %1 to end before changing the user.").arg(m_tool.manifest.name), model::Tone::Warning);
        return;
    }
    if (!m_hasTool) {
        m_user = user;
        return;
    }
    // The same name may be another definition for another user (an override), or none at all.
    if (!showTool(m_tool.manifest.name, user)) {
        say(tr("%1 has no tool named %2.").arg(user, m_tool.manifest.name), model::Tone::Error);
        fillUserPicker();
    }
}

bool RunView::toolIsRunning() const
{
    return m_runs->isRunning(m_tool.dir);
}

void RunView::reloadToolFromCatalog()
{
    if (!m_catalog || !m_hasTool)
        return;
    // The same directory in the same location: a user's override is never swapped for the global copy.
    const engine::LocationScan *location =
        m_tool.scope == engine::Scope::Global ? &m_catalog->global : m_catalog->userLocation(m_tool.user);
    const engine::ToolRecord *now = nullptr;
    const engine::SkippedDir *skipped = nullptr;
    if (location) {
        for (const engine::ToolRecord &t : location->tools)
            if (t.dir == m_tool.dir)
                now = &t;
        for (const engine::SkippedDir &d : location->skipped)
            if (d.dir == m_tool.dir)
                skipped = &d;
    }
    // The catalog's record holds no inputs where the form's was read whole: compared as the
    // catalog keeps it.
    const bool same = now && (now->inputsElsewhere ? *now == engine::withoutDetails(m_tool) : *now == m_tool);
    if (same && !m_toolBroken)
        return; // nothing changed for this tool
    if (toolIsRunning()) {
        m_reloadPending = true;
        m_notice->setText(tr("%1 changed on disk. The form reloads when its run ends.").arg(m_tool.manifest.name));
        setBanner(m_notice, model::Tone::Warning);
        m_notice->show();
        return;
    }
    m_reloadPending = false;
    if (!now) {
        showToolBroken(skipped);
        return;
    }
    // Reload, keeping what the tester typed where the inputs still take it.
    const QJsonObject typed = m_inputs->typedParams();
    m_tool = engine::withDetails(*now);
    if (m_tool.inputsElsewhere) { // gone between the scan and this read
        showToolBroken(nullptr);
        return;
    }
    m_toolBroken = false;
    showToolTitle();
    m_inputs->setTool(m_tool.manifest);
    QJsonObject keep;
    for (auto it = typed.begin(); it != typed.end(); ++it) {
        const QJsonObject one{{it.key(), it.value()}};
        const auto problems = engine::checkParams(m_tool.manifest, one);
        if (std::none_of(problems.begin(), problems.end(), [&](const engine::ParamProblem &p) {
                return p.input == it.key() && p.kind != engine::ParamProblem::Kind::Required;
            }))
            keep.insert(it.key(), it.value());
    }
    m_inputs->setValues(keep);
    m_runButton->setEnabled(true);
    m_notice->setText(tr("Reloaded %1 (version %2): its files changed on disk.").arg(m_tool.manifest.name).arg(m_tool.manifest.version));
    setBanner(m_notice, model::Tone::Success);
    m_notice->show();
    refreshStoredSecrets();
}

void RunView::showToolBroken(const engine::SkippedDir *skipped)
{
    m_toolBroken = true;
    m_runButton->setEnabled(false);
    QString why = tr("%1 no longer loads from %2.").arg(m_tool.manifest.name, m_tool.dir);
    if (skipped) {
        for (const engine::Diagnostic &d : skipped->diagnostics) {
            if (d.severity == engine::Severity::Skip || d.severity == engine::Severity::Error) {
                why = tr("%1 no longer loads: %2").arg(m_tool.manifest.name, engine::formatDiagnostic(d));
                break;
            }
        }
    } else if (!QFileInfo::exists(m_tool.dir)) {
        why = tr("%1 is gone from disk (%2).").arg(m_tool.manifest.name, m_tool.dir);
    }
    if (m_tool.scope == engine::Scope::User) {
        for (const engine::ToolRecord &g : m_catalog->global.tools) {
            if (g.manifest.name == m_tool.manifest.name && g.shadowedBy.isEmpty()) {
                why += u' ' + tr("The platform would now use the global copy (v%1) for %2; Toolwright does not switch to it "
                                 "on its own. Fix the file, or pick the global tool in the browser to run that one.")
                                  .arg(g.manifest.version)
                                  .arg(m_tool.user);
                break;
            }
        }
    }
    m_notice->setText(why);
    setBanner(m_notice, model::Tone::Error);
    m_notice->show();
}

void RunView::showToolTitle()
{
    const engine::ToolRecord &tool = m_tool;
    const QString source = m_catalog ? engine::toolSource(*m_catalog, tool) : engine::scopeName(tool.scope);
    m_title->setText(tr("<b>%1</b> (%2) — %3")
                         .arg(tool.manifest.label.toHtmlEscaped(), tool.manifest.name.toHtmlEscaped(), source.toHtmlEscaped()));
    m_title->setToolTip(tool.dir);
}

void RunView::setTool(const engine::ToolRecord &tool, const QString &user)
{
    // A window's catalog holds no inputs: the form reads the tool's (one directory) as it opens.
    m_tool = engine::withDetails(tool);
    if (!user.isEmpty())
        m_user = user; // a global tool with no user chosen keeps the last one picked here
    fillUserPicker();
    m_hasTool = true;
    m_leftStack->setCurrentIndex(1);
    for (QWidget *w : std::as_const(m_toolControls))
        w->setEnabled(true);
    m_toolBroken = false;
    m_reloadPending = false;
    m_notice->hide();
    showToolTitle();
    m_inputs->setTool(m_tool.manifest);
    m_inputs->setValues(engine::RunPresets(user, m_tool.manifest).lastUsed()); // the new tool's values, never the last tool's text
    m_presetBar->setTool(m_user, m_tool.manifest);
    m_message->clear();
    m_runButton->setEnabled(true);
    m_settings->load(m_user, m_tool.manifest.name);
    refreshStoredSecrets();
    reloadHistory();
    if (m_tool.inputsElsewhere)
        showToolBroken(nullptr); // it no longer loads: no inputs to fill, nothing to run
}

void RunView::say(const QString &text, model::Tone tone)
{
    if (text.isEmpty()) {
        m_message->clear();
        return;
    }
    m_message->setText(text);
    setTone(m_message, tone);
}

void RunView::setOpenShortcuts(const QKeySequence &browse, const QKeySequence &run)
{
    m_browseKey = browse;
    m_runKey = run;
    showEmptyState();
}

void RunView::showEmptyState()
{
    const auto key = [](const QKeySequence &k) { return QStringLiteral("<b>%1</b>").arg(k.toString(QKeySequence::NativeText).toHtmlEscaped()); };
    m_emptyState->setText(tr("<p><b>No tool chosen.</b></p>"
                             "<p>Select a tool in the Browser (%1), then press %2 (Tool&nbsp;→&nbsp;Run…) to fill in its inputs and run "
                             "it here.</p>"
                             "<p>Past runs are listed under History: open one to see it in full, or select two and Compare.</p>")
                              .arg(key(m_browseKey), key(m_runKey)));
}

void RunView::reloadHistory()
{
    m_historyPanel->setTool(m_hasTool ? m_tool.manifest.name : QString());
}

bool RunView::showTool(const QString &name, const QString &user)
{
    if (!m_catalog)
        return false;
    const engine::EffectiveSet set = engine::resolveEffective(*m_catalog, user);
    const engine::EffectiveTool *e = set.find(name);
    if (e)
        setTool(e->tool, user);
    return e;
}

void RunView::refreshStoredSecrets()
{
    // Which sensitive inputs the keychain holds (the value is dropped at once; only the fact shows).
    struct Pending
    {
        QStringList stored;
        int left = 0;
    };
    auto pending = std::make_shared<Pending>();
    QStringList names;
    for (const engine::InputSpec &spec : m_tool.manifest.inputs)
        if (spec.sensitive)
            names << spec.name;
    if (names.isEmpty())
        return; // (the form forgets the last tool's stored inputs when it is rebuilt)
    if (!m_secrets.lockedPath().isEmpty())
        return; // a locked secret file: known once a run has unlocked it (never asked for here)
    pending->left = int(names.size());
    const QString tool = m_tool.manifest.name, user = m_user, keyOwner = keyUser();
    QPointer<RunView> self(this);
    for (const QString &input : std::as_const(names)) {
        m_secrets.read(engine::secretKey(keyOwner, tool, input), this, [self, pending, input, tool, user](const engine::SecretResult &r) {
            if (r.ok())
                pending->stored << input;
            if (r.status == engine::SecretResult::Status::Failed && self)
                self->say(tr("Secret store: %1").arg(r.error), model::Tone::Error);
            if (--pending->left == 0 && self && self->m_tool.manifest.name == tool && self->m_user == user) {
                self->m_inputs->form()->setStoredSecrets(pending->stored);
                Q_EMIT self->storedSecretsChanged();
            }
        });
    }
}

RunPane *RunView::run()
{
    // A tool that does not load is not run (its error is in view), nor one whose inputs were
    // never read: its parameters and sensitive inputs would be unknown.
    if (!m_hasTool || m_toolBroken || m_tool.inputsElsewhere)
        return nullptr;
    if (m_user.isEmpty()) {
        say(tr("Choose the user to run as: a tool always runs for one user and sees only that user's data."), model::Tone::Error);
        m_userPicker->setFocus();
        return nullptr;
    }
    if (!m_catalog) {
        // Opened while the first scan still runs: the DATA_PATH and the tool's source come
        // with the catalog (a run started now got an empty DATA_PATH).
        say(tr("Still reading the tools: run again when the scan has finished."), model::Tone::Warning);
        return nullptr;
    }
    QList<engine::ParamProblem> problems;
    const QJsonObject params = m_inputs->params(&problems);
    if (!problems.isEmpty()) {
        QStringList lines;
        for (const engine::ParamProblem &p : std::as_const(problems))
            lines << p.message;
        say(lines.join(QStringLiteral("; ")), model::Tone::Error);
        return nullptr;
    }
    m_message->clear();
    engine::RunPresets(m_user, m_tool.manifest).setLastUsed(params);
    if (!m_server)
        m_settings->save(); // a server's run settings are its own

    RunPane *pane = launch(params);
    Q_EMIT runStarted(pane);
    return pane;
}

RunPane *RunView::launch(const QJsonObject &params)
{
    // The one run path (run/runlauncher.h), as `toolwright run` takes it; the pane presents it.
    engine::RunRequest request{m_tool, m_catalog->dataPath, m_user, params, m_settings->runtimeChoice(), 0,
                               engine::toolSource(*m_catalog, m_tool)};
    // The pane's Changes tab asks what becomes of a run's changes where Settings say "ask" (by
    // default for tools from others); a server's run follows the server's settings.
    request.canAsk = !m_server;
    engine::RunExecutionFactory execution;
    if (m_server) {
        request.dataPath = m_serverLocation; // for "Copy as Command": toolwright run --data ssh://…
        request.runtimeChoice = QStringLiteral("auto"); // the server's runtime settings decide
        request.secretUser = keyUser();
        execution = engine::RemoteRunExecution::factory(m_server);
    }
    auto launcher = std::make_unique<engine::RunLauncher>(std::move(request), m_secrets, m_historyPath, execution);
    engine::RunLauncher *l = launcher.get();
    l->setSecretsToRemember(form()->secretsToRemember());
    auto *pane = new RunPane(std::move(launcher), m_runs->tabs());
    // A stored secret goes unasked only to the tool it was stored for (secretbinding.h).
    l->setHeldSecretPolicy([pane](const engine::HeldSecret &h) {
        return MessageBox::ask(pane, tr("Use the Stored Secret?"), h.check.question, {tr("Use"), tr("Don't Use")}) == 0
            ? engine::RunLauncher::HeldAnswer::Use
            : engine::RunLauncher::HeldAnswer::Skip;
    });
    l->setUnlockHandler([this, pane](const QString &path, std::function<void()> proceed) {
        SecretFilePrompt::ask(pane, m_secrets, path, std::move(proceed));
    });
    const bool wasLocked = !m_secrets.lockedPath().isEmpty();
    connect(l, &engine::RunLauncher::inputsGathered, this, [this, wasLocked](const engine::RunInputs &in) {
        if (!in.keychainErrors.isEmpty())
            say(tr("Secret store: %1").arg(in.keychainErrors.join(QStringLiteral("; "))), model::Tone::Warning);
        if (wasLocked && m_secrets.lockedPath().isEmpty())
            refreshStoredSecrets(); // unlocked for this run: the form can say what the file holds
    });
    connect(l, &engine::RunLauncher::secretRemembered, this,
            [this, tool = m_tool, user = m_user, params](const QString &input, const engine::SecretResult &r) {
                if (!r.ok()) {
                    say(tr("Could not store %1: %2").arg(input, r.error), model::Tone::Error);
                    return;
                }
                // Stored: the field lets go of the value at once (the same tool and user only).
                if (m_user == user && m_tool.dir == tool.dir && m_tool.manifest.name == tool.manifest.name) {
                    form()->markSecretStored(input, params.value(input).toString());
                    Q_EMIT storedSecretsChanged();
                }
            });
    m_runs->addPane(pane);
    connect(pane, &RunPane::recorded, this, [this](qint64 id) {
        reloadHistory();
        if (id > 0)
            Q_EMIT runRecorded(id);
        else
            say(tr("The run could not be written to the history (%1).").arg(m_historyPath), model::Tone::Error);
    });
    connect(pane, &RunPane::finished, this, [this] {
        if (m_reloadPending && !toolIsRunning())
            reloadToolFromCatalog(); // the change that arrived during the run
    });
    pane->start();
    return pane;
}

bool RunView::loadFromHistory(qint64 runId)
{
    if (runId <= 0)
        return false;
    const engine::RunRecord r = engine::RunHistory(m_historyPath).get(runId);
    if (r.id == 0)
        return false;
    if ((!m_hasTool || m_tool.manifest.name != r.tool || m_user != r.user) && !showTool(r.tool, r.user)) {
        say(tr("%1 is no longer among %2's tools.").arg(r.tool, r.user.isEmpty() ? tr("the global") : r.user), model::Tone::Error);
        return false;
    }
    // Masked values are markers, not values: those inputs come from the keychain again.
    QJsonObject params = r.params;
    for (const engine::InputSpec &spec : m_tool.manifest.inputs)
        if (spec.sensitive)
            params.remove(spec.name);
    form()->setValues(params);
    say(tr("Inputs of the run of %1 loaded.").arg(runStartedText(r)), model::Tone::Success);
    return true;
}

bool RunView::rerun(qint64 runId)
{
    return loadFromHistory(runId) && run() != nullptr;
}

QList<qint64> RunView::selectedRuns() const
{
    return m_historyPanel->selectedRuns();
}

QTableView *RunView::historyView() const
{
    return m_historyPanel->view();
}

model::RunHistoryModel *RunView::historyModel() const
{
    return m_historyPanel->model();
}

RunRecordView *RunView::openHistoryRun(qint64 runId)
{
    if (runId <= 0)
        return nullptr;
    // One row of the local history, as loadFromHistory reads it.
    const engine::RunRecord r = engine::RunHistory(m_historyPath).get(runId);
    if (r.id == 0) {
        say(tr("That run is no longer in the history."), model::Tone::Error);
        return nullptr;
    }
    RunRecordView *view = m_runs->showRecord(r);
    connect(view, &RunRecordView::loadInputsRequested, this, &RunView::loadFromHistory, Qt::UniqueConnection);
    connect(view, &RunRecordView::rerunRequested, this, &RunView::rerun, Qt::UniqueConnection);
    return view;
}

RunCompareView *RunView::compareHistoryRuns(qint64 a, qint64 b)
{
    const engine::RunHistory history(m_historyPath);
    engine::RunRecord left = history.get(a), right = history.get(b);
    if (left.id == 0 || right.id == 0 || a == b) {
        say(tr("Choose two runs in the history to compare."), model::Tone::Error);
        return nullptr;
    }
    if (std::pair(right.startedAt, right.id) < std::pair(left.startedAt, left.id))
        std::swap(left, right); // the older on the left
    return m_runs->showComparison(left, right);
}

RunForm *RunView::form() const { return m_inputs->form(); }
QTabWidget *RunView::runTabs() const { return m_runs->tabs(); }
RunPane *RunView::pane(int index) const { return m_runs->pane(index); }
int RunView::runningCount() const { return m_runs->runningCount(); }
QCheckBox *RunView::jsonToggle() const { return m_inputs->jsonToggle(); }
QPlainTextEdit *RunView::jsonEditor() const { return m_inputs->jsonEditor(); }
QLabel *RunView::jsonProblemsLabel() const { return m_inputs->jsonProblemsLabel(); }
QComboBox *RunView::presetCombo() const { return m_presetBar->combo(); }
QComboBox *RunView::runtimeCombo() const { return m_settings->runtimeCombo(); }
QSpinBox *RunView::timeoutBox() const { return m_settings->timeoutBox(); }
QCheckBox *RunView::networkBox() const { return m_settings->networkBox(); }
QCheckBox *RunView::updateResetsBox() const { return m_settings->updateResetsBox(); }
QSpinBox *RunView::hardLimitBox() const { return m_settings->hardLimitBox(); }
QSpinBox *RunView::memoryBox() const { return m_settings->memoryBox(); }
bool RunView::setJsonMode(bool on) { return m_inputs->setJsonMode(on); }
bool RunView::isJsonMode() const { return m_inputs->isJsonMode(); }
QJsonObject RunView::jsonParams(QList<engine::ParamProblem> *problems) const { return m_inputs->jsonParams(problems); }
void RunView::savePreset(const QString &name) { m_presetBar->save(name); }
bool RunView::loadPreset(const QString &name) { return m_presetBar->load(name); }
void RunView::deletePreset(const QString &name) { m_presetBar->remove(name); }
QStringList RunView::presetNames() const { return m_presetBar->names(); }

} // namespace tw::ui
