#include "running/runview.h"

#include "catalog/overrideresolver.h"
#include "run/runinputs.h"
#include "run/runpresets.h"
#include "run/runsettings.h"
#include "run/runtime.h"
#include "runhistorymodel.h"
#include "running/runcompareview.h"
#include "running/runform.h"
#include "running/runhistorypanel.h"
#include "running/runpane.h"
#include "running/runrecordview.h"
#include "secrets/secretbinding.h"
#include "secrets/secretstore.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace tw::ui {

RunView::RunView(engine::SecretStore &secrets, const QString &historyPath, QWidget *parent)
    : QWidget(parent), m_secrets(secrets), m_historyPath(historyPath)
{
    auto *outer = new QVBoxLayout(this);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("runSplitter"));
    outer->addWidget(splitter);

    // Left: with no tool chosen, what to do. Then the tool, its form, presets and settings in a
    // scroll area (so any window reaches every field, however many inputs), the Run row below.
    m_leftStack = new QStackedWidget(splitter);
    m_emptyState = new QLabel(m_leftStack);
    m_emptyState->setObjectName(QStringLiteral("runEmptyState"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setContentsMargins(12, 12, 12, 12);
    m_leftStack->addWidget(m_emptyState);
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
    // A run is always for one user: the one whose data root the tool sees (never all of them).
    auto *userRow = new QHBoxLayout;
    auto *userLabel = new QLabel(tr("Run as:"), left);
    m_userPicker = new QComboBox(left);
    m_userPicker->setObjectName(QStringLiteral("runUser"));
    m_userPicker->setAccessibleName(tr("Run as user"));
    m_userPicker->setToolTip(tr("The user the tool runs for: it sees this user's data root and tools, and no one else's"));
    m_userPicker->setPlaceholderText(tr("Choose a user"));
    m_userPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_userPicker->setMinimumContentsLength(16);
    userLabel->setBuddy(m_userPicker);
    userRow->addWidget(userLabel);
    userRow->addWidget(m_userPicker, 1);
    lv->addLayout(userRow);
    connect(m_userPicker, &QComboBox::activated, this, [this](int index) { chooseUser(m_userPicker->itemText(index)); });
    m_notice = new QLabel(left);
    m_notice->setObjectName(QStringLiteral("runToolNotice"));
    m_notice->setWordWrap(true);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notice->hide();
    lv->addWidget(m_notice);

    auto *presetRow = new QHBoxLayout;
    presetRow->addWidget(new QLabel(tr("Preset:"), left));
    m_presets = new QComboBox(left);
    m_presets->setEditable(true);
    m_presets->setInsertPolicy(QComboBox::NoInsert);
    m_presets->setToolTip(tr("Type a name and Save to keep the current inputs (never secrets); pick one to load it"));
    m_presets->setAccessibleName(tr("Preset"));
    m_presets->lineEdit()->setPlaceholderText(tr("name"));
    presetRow->addWidget(m_presets, 1);
    auto *saveButton = new QPushButton(tr("Save"), left);
    auto *deleteButton = new QPushButton(tr("Delete"), left);
    saveButton->setAccessibleName(tr("Save preset"));
    deleteButton->setAccessibleName(tr("Delete preset"));
    presetRow->addWidget(saveButton);
    presetRow->addWidget(deleteButton);
    lv->addLayout(presetRow);
    connect(m_presets, &QComboBox::activated, this, [this](int i) { loadPreset(m_presets->itemText(i)); });
    connect(saveButton, &QPushButton::clicked, this, [this] { savePreset(m_presets->currentText().trimmed()); });
    connect(deleteButton, &QPushButton::clicked, this, [this] { deletePreset(m_presets->currentText().trimmed()); });

    // The inputs: a heading with the JSON switch (on a row of its own, so the form stays narrow).
    auto *inputsRow = new QHBoxLayout;
    auto *inputsHeading = new QLabel(tr("<b>Inputs</b>"), left);
    inputsRow->addWidget(inputsHeading);
    inputsRow->addStretch(1);
    m_jsonToggle = new QCheckBox(tr("Edit as &JSON"), left);
    m_jsonToggle->setToolTip(tr("Edit the whole params object as JSON; it is checked against the inputs before Run"));
    inputsRow->addWidget(m_jsonToggle);
    lv->addLayout(inputsRow);
    m_formStack = new QStackedWidget(left);
    m_form = new RunForm(m_formStack);
    m_form->setAccessibleName(tr("Inputs"));
    m_formStack->addWidget(m_form);
    auto *jsonPage = new QWidget(m_formStack);
    auto *jv = new QVBoxLayout(jsonPage);
    jv->setContentsMargins(0, 0, 0, 0);
    m_json = new QPlainTextEdit(jsonPage);
    m_json->setObjectName(QStringLiteral("paramsJson"));
    m_json->setAccessibleName(tr("Params as JSON"));
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_json->setTabChangesFocus(true);
    jv->addWidget(m_json, 1);
    m_jsonProblems = new QLabel(jsonPage);
    m_jsonProblems->setObjectName(QStringLiteral("paramsJsonProblems"));
    m_jsonProblems->setWordWrap(true);
    setTone(m_jsonProblems, model::Tone::Error);
    m_jsonProblems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    jv->addWidget(m_jsonProblems);
    auto *jsonHint = new QLabel(tr("<small>Leave an input out to leave it unset. A sensitive value shown as %1 is the one typed "
                                   "in the form; leave it out to use the keychain's.</small>")
                                    .arg(engine::kSecretMarker),
                                jsonPage);
    jsonHint->setWordWrap(true);
    setTone(jsonHint, model::Tone::Muted);
    jv->addWidget(jsonHint);
    m_formStack->addWidget(jsonPage);
    lv->addWidget(m_formStack, 1);
    m_jsonCheck = new QTimer(this);
    m_jsonCheck->setSingleShot(true);
    m_jsonCheck->setInterval(250);
    connect(m_jsonCheck, &QTimer::timeout, this, &RunView::showJsonProblems);
    connect(m_json, &QPlainTextEdit::textChanged, m_jsonCheck, qOverload<>(&QTimer::start));
    connect(m_jsonToggle, &QCheckBox::toggled, this, [this](bool on) {
        if (!setJsonMode(on)) {
            const QSignalBlocker block(m_jsonToggle);
            m_jsonToggle->setChecked(!on);
        }
    });
    connect(m_form, &RunForm::forgetRequested, this, [this](const QString &input) {
        QPointer<RunView> self(this);
        const QString key = engine::secretKey(m_user, m_tool.manifest.name, input);
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
    });

    auto *settings = new QGroupBox(tr("Run settings for this tool"), left);
    // Until a tool is chosen there is nothing to set: the preset row and the settings wait.
    m_toolControls = {m_presets, saveButton, deleteButton, m_jsonToggle, settings};
    for (QWidget *w : std::as_const(m_toolControls))
        w->setEnabled(false);
    auto *sf = new QFormLayout(settings);
    m_runtime = new QComboBox(settings);
    m_runtime->addItems({QStringLiteral("auto"), QStringLiteral("bwrap"), QStringLiteral("podman"), QStringLiteral("docker")});
    m_runtime->setToolTip(tr("auto tries podman, docker, then bubblewrap (the default is set in Settings → Runtime)"));
    sf->addRow(tr("Runtime:"), m_runtime);
    m_network = new QCheckBox(tr("Allow network access"), settings);
    sf->addRow(QString(), m_network);
    m_timeout = new QSpinBox(settings);
    m_timeout->setRange(1, 24 * 3600);
    m_timeout->setSuffix(tr(" s"));
    sf->addRow(tr("Timeout:"), m_timeout);
    m_updateResets = new QCheckBox(tr("Each progress update restarts the timeout"), settings);
    sf->addRow(QString(), m_updateResets);
    m_hardLimit = new QSpinBox(settings);
    m_hardLimit->setRange(1, 7 * 24 * 3600);
    m_hardLimit->setSuffix(tr(" s"));
    m_hardLimit->setToolTip(tr("The longest a run may take, however often it reports progress"));
    sf->addRow(tr("Hard limit:"), m_hardLimit);
    m_memory = new QSpinBox(settings);
    m_memory->setRange(64, 64 * 1024);
    m_memory->setSingleStep(64);
    m_memory->setSuffix(tr(" MB"));
    sf->addRow(tr("Memory:"), m_memory);
    lv->addWidget(settings);
    toolScroll->setWidget(left);
    pv->addWidget(toolScroll, 1);
    m_leftStack->addWidget(toolPage);
    for (QCheckBox *b : {m_network, m_updateResets})
        connect(b, &QCheckBox::toggled, this, &RunView::saveSettings);
    for (QSpinBox *b : {m_timeout, m_hardLimit, m_memory})
        connect(b, &QSpinBox::valueChanged, this, &RunView::saveSettings);

    auto *runRow = new QHBoxLayout;
    m_message = new QLabel(toolPage);
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("runMessage"));
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    runRow->addWidget(m_message, 1);
    m_runButton = new QPushButton(tr("&Run"), toolPage);
    m_runButton->setToolTip(tr("Run the tool with these inputs (Ctrl+Return)"));
    m_runButton->setDefault(true);
    m_runButton->setEnabled(false);
    runRow->addWidget(m_runButton);
    pv->addLayout(runRow);
    connect(m_runButton, &QPushButton::clicked, this, [this] { run(); });
    auto *runKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    runKey->setWhatsThis(tr("Run with the form's inputs (Run view)")); // listed in Help → Keyboard Shortcuts
    connect(runKey, &QShortcut::activated, this, [this] { run(); });

    // Right: the runs, then the history.
    auto *right = new QSplitter(Qt::Vertical, splitter);
    auto *runsStack = new QStackedWidget(right);
    auto *noRuns = new QLabel(tr("No runs yet.\n\nFill in the inputs and press Run (Ctrl+Return). Each run gets a pane here "
                                 "with its progress, log, result and raw events; several can run at once."),
                              runsStack);
    noRuns->setAlignment(Qt::AlignCenter);
    noRuns->setWordWrap(true);
    setTone(noRuns, model::Tone::Muted);
    runsStack->addWidget(noRuns);
    m_runs = new QTabWidget(runsStack);
    runsStack->addWidget(m_runs);
    connect(m_runs, &QTabWidget::currentChanged, runsStack, [this, runsStack] {
        runsStack->setCurrentIndex(m_runs->count() > 0 ? 1 : 0);
    });
    m_runs->setObjectName(QStringLiteral("runTabs"));
    m_runs->setTabsClosable(true);
    m_runs->setDocumentMode(true);
    m_runs->setUsesScrollButtons(true); // many runs scroll their tabs; they never widen the window
    m_runs->setElideMode(Qt::ElideNone); // whole titles; the bar scrolls
    connect(m_runs, &QTabWidget::tabCloseRequested, this, [this](int i) { closeRun(i); });
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

RunView::~RunView()
{
    for (QFutureWatcher<qint64> *w : std::as_const(m_writes))
        w->waitForFinished(); // a run's history row is not lost on quit
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
    for (int i = 0; i < m_runs->count(); ++i)
        if (RunPane *p = pane(i); p && p->isRunning() && p->session()->tool().dir == m_tool.dir)
            return true;
    return false;
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
    if (now && *now == m_tool && !m_toolBroken)
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
        return;
    }
    // Reload, keeping what the tester typed where the inputs still take it.
    QList<engine::ParamProblem> ignored;
    const QJsonObject typed = isJsonMode() ? jsonParams(&ignored) : m_form->params();
    m_tool = *now;
    m_toolBroken = false;
    showToolTitle();
    m_form->setTool(m_tool.manifest);
    QJsonObject keep;
    for (auto it = typed.begin(); it != typed.end(); ++it) {
        const QJsonObject one{{it.key(), it.value()}};
        const auto problems = engine::checkParams(m_tool.manifest, one);
        if (std::none_of(problems.begin(), problems.end(), [&](const engine::ParamProblem &p) {
                return p.input == it.key() && p.kind != engine::ParamProblem::Kind::Required;
            }))
            keep.insert(it.key(), it.value());
    }
    m_form->setValues(keep);
    if (isJsonMode())
        fillJsonFromForm();
    m_runButton->setEnabled(true);
    m_notice->setText(tr("Reloaded %1 (version %2): its files changed on disk.").arg(m_tool.manifest.name).arg(m_tool.manifest.version));
    setBanner(m_notice, model::Tone::Success);
    m_notice->show();
    refreshStoredSecrets();
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
    m_tool = tool;
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
    m_form->setTool(tool.manifest);
    const engine::RunPresets presets(user, tool.manifest);
    m_form->setValues(presets.lastUsed());
    m_presets->clear();
    m_presets->addItems(presets.names());
    m_presets->setCurrentIndex(-1);
    m_presets->clearEditText();
    m_message->clear();
    m_runButton->setEnabled(true);
    if (isJsonMode())
        fillJsonFromForm(); // the new tool's values, never the last tool's text
    loadSettings();
    refreshStoredSecrets();
    reloadHistory();
}

void RunView::say(const QString &text, model::Tone tone)
{
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
    pending->left = int(names.size());
    const QString tool = m_tool.manifest.name, user = m_user;
    QPointer<RunView> self(this);
    for (const QString &input : std::as_const(names)) {
        m_secrets.read(engine::secretKey(user, tool, input), this, [self, pending, input, tool, user](const engine::SecretResult &r) {
            if (r.ok())
                pending->stored << input;
            if (r.status == engine::SecretResult::Status::Failed && self)
                self->say(tr("Secret store: %1").arg(r.error), model::Tone::Error);
            if (--pending->left == 0 && self && self->m_tool.manifest.name == tool && self->m_user == user) {
                self->m_form->setStoredSecrets(pending->stored);
                Q_EMIT self->storedSecretsChanged();
            }
        });
    }
}

void RunView::loadSettings()
{
    m_loadingSettings = true;
    const engine::ToolRunSettings s = engine::ToolRunSettings::load(m_user, m_tool.manifest.name);
    m_network->setChecked(s.network);
    m_timeout->setValue(s.timeoutSec);
    m_updateResets->setChecked(s.updateResetsTimeout);
    m_hardLimit->setValue(s.hardLimitSec);
    m_memory->setValue(s.memoryMb);
    m_runtime->setCurrentText(engine::RuntimeConfig::load().preferred);
    m_loadingSettings = false;
}

void RunView::saveSettings()
{
    if (m_loadingSettings || !m_hasTool)
        return;
    engine::ToolRunSettings s;
    s.network = m_network->isChecked();
    s.timeoutSec = m_timeout->value();
    s.updateResetsTimeout = m_updateResets->isChecked();
    s.hardLimitSec = std::max(m_hardLimit->value(), m_timeout->value());
    s.memoryMb = m_memory->value();
    s.save(m_user, m_tool.manifest.name);
}

RunPane *RunView::run()
{
    if (!m_hasTool || m_toolBroken)
        return nullptr; // a tool that does not load is not run (its error is in view)
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
    QJsonObject params;
    if (isJsonMode()) {
        params = jsonParams(&problems);
        showJsonProblems();
    } else {
        problems = m_form->validate();
        params = m_form->params();
    }
    if (!problems.isEmpty()) {
        QStringList lines;
        for (const engine::ParamProblem &p : problems)
            lines << p.message;
        say(lines.join(QStringLiteral("; ")), model::Tone::Error);
        return nullptr;
    }
    m_message->clear();
    engine::RunPresets(m_user, m_tool.manifest).setLastUsed(params);
    saveSettings();

    // Typed secrets marked "remember" go to the keychain (asynchronously; the run does not wait).
    for (const QString &input : m_form->secretsToRemember()) {
        QPointer<RunView> self(this);
        const QString key = engine::secretKey(m_user, m_tool.manifest.name, input);
        const QString value = params.value(input).toString();
        m_secrets.write(key, value, this,
                        [self, input, key, value, tool = m_tool, user = m_user](const engine::SecretResult &r) {
                            if (r.ok())
                                engine::SecretBinding::record(key, tool); // for this tool, not whatever has its name later
                            if (!self)
                                return;
                            if (!r.ok()) {
                                self->say(tr("Could not store %1: %2").arg(input, r.error), model::Tone::Error);
                                return;
                            }
                            // Stored: the field lets go of the value at once (the same tool and user only).
                            if (self->m_user == user && self->m_tool.dir == tool.dir && self->m_tool.manifest.name == tool.manifest.name) {
                                self->m_form->markSecretStored(input, value);
                                Q_EMIT self->storedSecretsChanged();
                            }
                        });
    }

    engine::RunOptions options = engine::runOptionsFor(engine::ToolRunSettings::load(m_user, m_tool.manifest.name),
                                                       engine::Integrations::load(m_user));
    options.params = params;
    const QString runtimeName = m_runtime->currentText();
    const engine::RuntimeConfig config = engine::RuntimeConfig::load();
    auto session = std::make_unique<engine::RunSession>(
        m_tool, m_catalog ? m_catalog->dataPath : QString(), m_user, options,
        engine::RuntimeChooser([runtimeName, config](QString *e) { return engine::makeRuntime(runtimeName, config, e); }));
    RunPane::Context context;
    context.dataPath = m_catalog ? m_catalog->dataPath : QString();
    context.user = m_user;
    context.runtimeChoice = runtimeName;
    context.source = m_catalog ? engine::toolSource(*m_catalog, m_tool) : QString();
    context.maskedParams = engine::maskedParams(m_tool.manifest, params);
    context.plainParams = engine::withoutSensitive(m_tool.manifest, params);
    auto *pane = new RunPane(std::move(session), context, m_runs);
    m_runs->addTab(pane, pane->title());
    m_runs->setCurrentWidget(pane);
    connect(pane, &RunPane::stateChanged, this, [this, pane] { updateTabTitle(pane); });
    connect(pane, &RunPane::finished, this, &RunView::record);
    connect(pane, &RunPane::finished, this, [this] {
        if (m_reloadPending && !toolIsRunning())
            reloadToolFromCatalog(); // the change that arrived during the run
    });
    startRun(pane);
    Q_EMIT runStarted(pane);
    return pane;
}

void RunView::startRun(RunPane *pane)
{
    // DESIGN.md "Running a tool" step 1: empty sensitive inputs and the integration tokens from
    // the keychain; then the session (whose options the pane's session already holds) is
    // rebuilt with them. Both happen before the pane starts.
    engine::RunSession *session = pane->session();
    QPointer<RunPane> guard(pane);
    const engine::ToolRecord tool = session->tool();
    engine::gatherRunInputs(m_secrets, m_user, tool, session->options().params, engine::Integrations::load(m_user), pane,
                            [guard, tool](engine::RunInputs in) {
                                if (!guard)
                                    return;
                                // A stored secret goes unasked only to the tool it was stored for
                                // (secretbinding.h); "Use" binds it to this one.
                                const QList<engine::HeldSecret> held = in.held;
                                for (const engine::HeldSecret &h : held) {
                                    if (MessageBox::ask(guard, tr("Use the Stored Secret?"), h.check.question, {tr("Use"), tr("Don't Use")}) == 0)
                                        in.useHeld(h, tool);
                                    if (!guard)
                                        return;
                                }
                                guard->session()->setInputs(in.params, in.env, in.secretValues);
                                guard->start();
                            });
}

void RunView::record(const engine::RunRecord &record)
{
    auto *watcher = new QFutureWatcher<qint64>(this);
    m_writes.append(watcher);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        m_writes.removeOne(watcher);
        const qint64 id = watcher->result();
        watcher->deleteLater();
        reloadHistory();
        if (id > 0)
            Q_EMIT runRecorded(id);
        else
            say(tr("The run could not be written to the history (%1).").arg(m_historyPath), model::Tone::Error);
    });
    const QString path = m_historyPath;
    watcher->setFuture(QtConcurrent::run([path, record] {
        engine::RunHistory history(path);
        return history.add(record);
    }));
}

void RunView::updateTabTitle(RunPane *pane)
{
    const int i = m_runs->indexOf(pane);
    if (i < 0)
        return;
    m_runs->setTabText(i, pane->title());
    m_runs->setTabToolTip(i, pane->statusLabel()->accessibleName());
}

bool RunView::closeRun(int index)
{
    QWidget *page = m_runs->widget(index);
    if (!page)
        return false;
    auto *pane = qobject_cast<RunPane *>(page);
    if (!pane) { // a past run or a comparison: nothing runs in it
        m_runs->removeTab(index);
        page->deleteLater();
        return true;
    }
    if (pane->isRunning()
        && MessageBox::ask(this, tr("Stop the Run?"), tr("%1 is still running. Close its pane and stop it?").arg(pane->title()),
                           {tr("Stop and Close"), tr("Keep Running")}) != 0)
        return false;
    m_runs->removeTab(index);
    // The pane's session cancels (cancel line, then kill) and records the run before it goes.
    if (pane->isRunning()) {
        connect(pane, &RunPane::finished, pane, &QObject::deleteLater);
        pane->cancel();
        pane->hide();
        pane->setParent(this);
    } else {
        pane->deleteLater();
    }
    return true;
}

RunPane *RunView::pane(int index) const
{
    return qobject_cast<RunPane *>(m_runs->widget(index));
}

int RunView::runningCount() const
{
    int n = 0;
    for (int i = 0; i < m_runs->count(); ++i)
        if (pane(i) && pane(i)->isRunning())
            ++n;
    return n;
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
    m_form->setValues(params);
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
    for (int i = 0; i < m_runs->count(); ++i) {
        if (auto *open = qobject_cast<RunRecordView *>(m_runs->widget(i)); open && open->runId() == runId) {
            m_runs->setCurrentIndex(i); // already open
            return open;
        }
    }
    auto *view = new RunRecordView(r, m_runs);
    connect(view, &RunRecordView::loadInputsRequested, this, &RunView::loadFromHistory);
    connect(view, &RunRecordView::rerunRequested, this, &RunView::rerun);
    const int tab = m_runs->addTab(view, view->title());
    m_runs->setTabToolTip(tab, tr("%1 as %2, %3 (from the history)")
                                   .arg(r.tool, r.user.isEmpty() ? tr("(global)") : r.user, runStartedText(r)));
    m_runs->setCurrentIndex(tab);
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
    auto *view = new RunCompareView(left, right, m_runs);
    const int tab = m_runs->addTab(view, view->title());
    m_runs->setTabToolTip(tab, tr("%1, %2 ↔ %3, %4").arg(left.tool, runStartedText(left), right.tool, runStartedText(right)));
    m_runs->setCurrentIndex(tab);
    return view;
}

bool RunView::isJsonMode() const
{
    return m_formStack->currentIndex() == 1;
}

void RunView::fillJsonFromForm()
{
    // Typed secrets are shown as markers and kept aside; the JSON never holds them.
    QJsonObject params = m_form->params();
    m_jsonSecrets = {};
    for (const engine::InputSpec &spec : m_tool.manifest.inputs) {
        if (spec.sensitive && params.contains(spec.name)) {
            m_jsonSecrets.insert(spec.name, params.value(spec.name));
            params.insert(spec.name, engine::kSecretMarker);
        }
    }
    const QSignalBlocker block(m_json);
    m_json->setPlainText(QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Indented)));
    m_jsonProblems->clear();
}

QJsonObject RunView::jsonParams(QList<engine::ParamProblem> *problems) const
{
    QJsonObject params;
    QString error;
    problems->clear();
    if (!engine::parseParamsJson(m_json->toPlainText(), &params, &error)) {
        problems->append({QString(), tr("params: %1").arg(error), engine::ParamProblem::Kind::Syntax});
        return {};
    }
    for (const engine::InputSpec &spec : m_tool.manifest.inputs) {
        if (spec.sensitive && params.value(spec.name) == QJsonValue(engine::kSecretMarker)) {
            if (m_jsonSecrets.contains(spec.name))
                params.insert(spec.name, m_jsonSecrets.value(spec.name));
            else
                params.remove(spec.name); // the keychain's value, as an empty field would
        }
    }
    *problems = engine::checkParams(m_tool.manifest, params, m_form->storedSecrets());
    return params;
}

QList<engine::ParamProblem> RunView::showJsonProblems()
{
    QList<engine::ParamProblem> problems;
    jsonParams(&problems);
    QStringList lines;
    for (const engine::ParamProblem &p : std::as_const(problems))
        lines << p.message;
    m_jsonProblems->setText(lines.join(u'\n'));
    return problems;
}

bool RunView::setJsonMode(bool on)
{
    if (on == isJsonMode())
        return true;
    if (on) {
        fillJsonFromForm();
        m_formStack->setCurrentIndex(1);
        m_json->setFocus();
    } else {
        // Back to the form only with what the form can show: valid JSON, known inputs, right types.
        QList<engine::ParamProblem> problems;
        const QJsonObject params = jsonParams(&problems);
        problems.erase(std::remove_if(problems.begin(), problems.end(),
                                      [](const engine::ParamProblem &p) { return p.kind == engine::ParamProblem::Kind::Required; }),
                       problems.end());
        if (!problems.isEmpty()) {
            showJsonProblems();
            say(tr("Fix the JSON first: the form cannot show %1").arg(problems.first().message), model::Tone::Error);
            return false;
        }
        m_form->setValues(params);
        m_formStack->setCurrentIndex(0);
        m_message->clear();
    }
    if (m_jsonToggle->isChecked() != on) {
        const QSignalBlocker block(m_jsonToggle);
        m_jsonToggle->setChecked(on);
    }
    return true;
}

void RunView::savePreset(const QString &name)
{
    if (!m_hasTool || name.isEmpty()) {
        say(tr("Type a name for the preset first."), model::Tone::Error);
        return;
    }
    engine::RunPresets presets(m_user, m_tool.manifest);
    presets.save(name, m_form->params());
    m_presets->clear();
    m_presets->addItems(presets.names());
    m_presets->setCurrentText(name);
    say(tr("Preset “%1” saved (sensitive inputs are never kept in presets).").arg(name), model::Tone::Success);
}

bool RunView::loadPreset(const QString &name)
{
    if (!m_hasTool)
        return false;
    const engine::RunPresets presets(m_user, m_tool.manifest);
    if (!presets.contains(name))
        return false;
    m_form->setValues(presets.load(name));
    say(tr("Preset “%1” loaded.").arg(name), model::Tone::Success);
    return true;
}

void RunView::deletePreset(const QString &name)
{
    if (!m_hasTool)
        return;
    engine::RunPresets presets(m_user, m_tool.manifest);
    if (!presets.contains(name)) {
        say(tr("There is no preset “%1”.").arg(name), model::Tone::Error);
        return;
    }
    presets.remove(name);
    m_presets->clear();
    m_presets->addItems(presets.names());
    m_presets->setCurrentIndex(-1);
    m_presets->clearEditText();
    say(tr("Preset “%1” deleted.").arg(name), model::Tone::Success);
}

QStringList RunView::presetNames() const
{
    return m_hasTool ? engine::RunPresets(m_user, m_tool.manifest).names() : QStringList();
}

} // namespace tw::ui
