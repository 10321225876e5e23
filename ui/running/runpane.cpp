#include "running/runpane.h"

#include "run/runinputs.h"
#include "runupdatesmodel.h"
#include "widgets/elidedlabel.h"
#include "widgets/theme.h"

#include <QAction>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QSyntaxHighlighter>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

namespace tw::ui {

namespace {

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// Protocol errors in the Log start with this mark, and lines starting with it (or raw lines of
// type protocol-error) are coloured in the error tone. A tool can print the mark in the Log too,
// and get a red line there: it changes nothing else. Its raw lines are always of type "log".
const QString kProtocolErrorMark = QStringLiteral("⚠ ");
const QString kProtocolErrorRaw = QStringLiteral("\"type\":\"protocol-error\"}"); // compact JSON sorts the keys

class ProtocolErrorHighlighter final : public QSyntaxHighlighter
{
public:
    using QSyntaxHighlighter::QSyntaxHighlighter;

protected:
    void highlightBlock(const QString &text) override
    {
        if (text.startsWith(kProtocolErrorMark + QStringLiteral("protocol error:")) || text.endsWith(kProtocolErrorRaw))
            setFormat(0, int(text.size()), model::toneColor(model::Tone::Error));
    }
};

QString outputName(RunPane::Output which)
{
    switch (which) {
    case RunPane::Output::Result: return RunPane::tr("Result");
    case RunPane::Output::Snapshot: return RunPane::tr("Latest Snapshot");
    case RunPane::Output::Log: return RunPane::tr("Log");
    case RunPane::Output::Raw: return RunPane::tr("Raw Events");
    }
    return {};
}

// The head of a result or snapshot for a view: at most kDisplayCap characters, then a marker.
QString headForDisplay(const QString &text, RunPane::Output which)
{
    if (text.size() <= RunPane::kDisplayCap)
        return text;
    const QLocale l;
    return text.left(RunPane::kDisplayCap)
        + RunPane::tr("\n\n⋯ TRUNCATED: showing the first %1 of %2 characters. Save Output → %3 writes all of it.")
              .arg(l.toString(RunPane::kDisplayCap), l.toString(text.size()), outputName(which));
}

} // namespace

QPlainTextEdit *makeRunTextView(QWidget *parent, const QString &name, QPlainTextEdit::LineWrapMode wrap)
{
    auto *v = new QPlainTextEdit(parent);
    v->setReadOnly(true);
    v->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    v->setLineWrapMode(wrap);
    v->setAccessibleName(name);
    v->setUndoRedoEnabled(false); // a read-only view needs no undo history of its replacements
    return v;
}

RunPane::RunPane(std::unique_ptr<engine::RunLauncher> launcher, QWidget *parent)
    : QWidget(parent), m_launcher(std::move(launcher))
{
    auto *v = new QVBoxLayout(this);
    makeHeader(v);

    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_banner->hide();
    v->addWidget(m_banner);

    v->addWidget(makeTabs(), 1);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &RunPane::flush);
    m_tick.setInterval(100);
    connect(&m_tick, &QTimer::timeout, this, &RunPane::tick);

    engine::RunExecution *execution = m_launcher->execution();
    connect(execution, &engine::RunExecution::sandboxStarted, this, &RunPane::onSandboxStarted);
    connect(execution, &engine::RunExecution::eventReceived, this, &RunPane::onEvent);
    connect(execution, &engine::RunExecution::finished, this, &RunPane::onFinished);
    // The inputs are in: the launcher starts the session now.
    connect(m_launcher.get(), &engine::RunLauncher::inputsGathered, this, [this] {
        if (m_phase != Phase::Waiting)
            return;
        setPhase(Phase::Preparing);
        m_tick.start();
    });
    connect(m_launcher.get(), &engine::RunLauncher::refused, this, &RunPane::onRefused);
    connect(m_launcher.get(), &engine::RunLauncher::recorded, this,
            [this](const engine::RunRecord &, qint64 id, const QString &error) { Q_EMIT recorded(id, error); });
    setPhase(Phase::Waiting);
    tick();
}

void RunPane::makeHeader(QVBoxLayout *v)
{
    const engine::RunRequest &request = m_launcher->request();
    // Two header rows, so a pane is never what widens the window: the phase, the time and
    // Cancel; then where the tool comes from and the limits it had (elided, whole in their
    // tooltips) beside the output buttons.
    auto *header = new QHBoxLayout;
    auto *details = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_elapsed = new QLabel(this);
    m_elapsed->setObjectName(QStringLiteral("runElapsed"));
    m_elapsed->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_elapsed->setToolTip(tr("Time since the run started"));
    m_source = new ElidedLabel(this);
    m_source->setObjectName(QStringLiteral("runSource"));
    m_source->setFullText(request.source, tr("%1 — %2").arg(request.source, request.tool.dir));
    setTone(m_source, model::Tone::Muted);
    m_source->setAccessibleName(tr("Source: %1").arg(request.source));
    header->addWidget(m_status);
    header->addSpacing(12);
    header->addWidget(m_elapsed);
    header->addStretch(1);
    details->addWidget(m_source);
    m_limits = new ElidedLabel(this);
    m_limits->setObjectName(QStringLiteral("runLimits"));
    m_limits->hide(); // what the run really had, once it ended (from Toolwright, never the tool)
    details->addSpacing(12);
    // The limits take what room is left (elided first); the source keeps its width when it can.
    m_limits->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    details->addWidget(m_limits, 1);
    m_save = new QToolButton(this);
    m_save->setText(tr("Save Output"));
    m_save->setToolTip(tr("Write the full text of an output to a file (the views show at most %L1 characters)").arg(kDisplayCap));
    m_save->setPopupMode(QToolButton::InstantPopup);
    auto *saveMenu = new QMenu(m_save);
    for (Output which : {Output::Result, Output::Snapshot, Output::Log, Output::Raw})
        connect(saveMenu->addAction(outputName(which) + QStringLiteral("…")), &QAction::triggered, this,
                [this, which] { chooseSaveFile(which); });
    m_save->setMenu(saveMenu);
    m_copyResult = new QPushButton(tr("Copy Result"), this);
    m_copyResult->setEnabled(false);
    auto *copyCommand = new QPushButton(tr("Copy as Command"), this);
    copyCommand->setToolTip(tr("Copy the equivalent `toolwright run` line (secrets left out)"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Abort the tool's signal, then stop its sandbox after a grace period"));
    details->addWidget(m_save);
    details->addWidget(m_copyResult);
    details->addWidget(copyCommand);
    header->addWidget(m_cancel);
    v->addLayout(header);
    v->addLayout(details);
    connect(m_cancel, &QPushButton::clicked, this, &RunPane::cancel);
    connect(m_copyResult, &QPushButton::clicked, this, &RunPane::copyResult);
    connect(copyCommand, &QPushButton::clicked, this, &RunPane::copyCommandLine);
}

QTabWidget *RunPane::makeTabs()
{
    m_tabs = new QTabWidget(this);

    // Snapshot: the latest update in place.
    auto *snapshotTab = new QWidget(m_tabs);
    auto *sv = new QVBoxLayout(snapshotTab);
    sv->setContentsMargins(0, 4, 0, 0);
    m_latest = new QLabel(snapshotTab);
    m_latest->setObjectName(QStringLiteral("latestUpdate"));
    m_latest->setText(tr("No progress reported yet."));
    m_latest->setEnabled(false);
    sv->addWidget(m_latest);
    m_snapshot = makeRunTextView(snapshotTab, tr("Latest snapshot"));
    m_snapshot->setPlaceholderText(tr("Each progress update the tool sends (onUpdate) replaces what is shown here."));
    m_snapshot->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    sv->addWidget(m_snapshot, 1);

    // Timeline: every update, the selected one in full.
    auto *timeline = new QSplitter(Qt::Vertical, m_tabs);
    m_updates = new model::RunUpdatesModel(this);
    m_updatesView = new QListView(timeline);
    m_updatesView->setModel(m_updates);
    m_updatesView->setUniformItemSizes(true); // cheap layout for thousands of rows
    m_updatesView->setAccessibleName(tr("Updates"));
    m_detail = makeRunTextView(timeline, tr("Selected update"));
    m_detail->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_detail->setPlaceholderText(tr("Select an update to see it in full."));
    timeline->addWidget(m_updatesView);
    timeline->addWidget(m_detail);
    timeline->setSizes({300, 150});
    connect(m_updatesView->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        m_detail->setPlainText(current.data(model::RunUpdatesModel::TextRole).toString());
    });

    m_log = makeRunTextView(m_tabs, tr("Log"));
    m_log->setPlaceholderText(tr("No output yet: what the tool prints (console.log, stdout, stderr) appears here."));
    m_result = makeRunTextView(m_tabs, tr("Result"));
    m_result->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_result->setPlaceholderText(tr("The result appears here when the run ends."));
    m_raw = makeRunTextView(m_tabs, tr("Raw events"));
    new ProtocolErrorHighlighter(m_log->document());
    new ProtocolErrorHighlighter(m_raw->document());
    m_environment = makeRunTextView(m_tabs, tr("Environment"));
    m_environment->setPlaceholderText(tr("The environment appears here when the sandbox starts."));
    m_tabs->addTab(snapshotTab, tr("Snapshot"));
    m_tabs->addTab(timeline, tr("Timeline"));
    m_tabs->addTab(m_log, tr("Log"));
    m_tabs->addTab(m_result, tr("Result"));
    m_tabs->addTab(m_raw, tr("Raw"));
    m_tabs->addTab(m_environment, tr("Environment"));

    // Changes: what the run wrote in its data root (an overlay until kept).
    auto *changesTab = new QWidget(m_tabs);
    auto *cv = new QVBoxLayout(changesTab);
    cv->setContentsMargins(0, 4, 0, 0);
    m_changesSummary = new QLabel(tr("What the run creates, changes and removes in its data root is listed here when it ends."),
                                  changesTab);
    m_changesSummary->setObjectName(QStringLiteral("changesSummary"));
    m_changesSummary->setWordWrap(true);
    m_changesSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cv->addWidget(m_changesSummary);
    m_changesList = new QTreeWidget(changesTab);
    m_changesList->setAccessibleName(tr("Changes to the data root"));
    m_changesList->setRootIsDecorated(false);
    m_changesList->setUniformRowHeights(true);
    m_changesList->setHeaderLabels({tr("Change"), tr("Path"), tr("Size"), tr("Note")});
    cv->addWidget(m_changesList, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    m_discardChanges = new QPushButton(tr("&Discard Changes"), changesTab);
    m_discardChanges->setToolTip(tr("Leave the data root as it was before the run"));
    m_keepChanges = new QPushButton(tr("&Keep Changes"), changesTab);
    m_keepChanges->setToolTip(tr("Apply the changes to the data root (every later run of this user sees them)"));
    for (QPushButton *b : {m_discardChanges, m_keepChanges}) {
        b->setEnabled(false);
        buttons->addWidget(b);
    }
    cv->addLayout(buttons);
    connect(m_keepChanges, &QPushButton::clicked, this, [this] { settleChanges(true); });
    connect(m_discardChanges, &QPushButton::clicked, this, [this] { settleChanges(false); });
    m_tabs->addTab(changesTab, tr("Changes"));
    return m_tabs;
}

void RunPane::showChanges(const engine::RunOutcome &outcome)
{
    using engine::RunChange;
    const engine::RunChanges &changes = outcome.changes;
    m_changesList->clear();
    const QString error = !changes.error.isEmpty() ? changes.error : outcome.changesError;
    if (!outcome.changesReviewed) {
        m_changesSummary->setText(session() ? tr("Nothing to review: the tool had no data root of its own to write, or the "
                                                 "sandbox did not run (docker writes the data root itself).")
                                            : tr("The run's changes are listed by the server (its settings keep or discard "
                                                 "them; `toolwright run --json` there shows them)."));
        return;
    }
    QList<QTreeWidgetItem *> items;
    const QLocale locale;
    for (const RunChange &c : changes.items) {
        if (items.size() >= kMaxChangesListed)
            break;
        QString note = c.why;
        if (c.autoload)
            note = tr("loaded by programs by themselves") + (note.isEmpty() ? QString() : QStringLiteral(" · ") + note);
        auto *item = new QTreeWidgetItem({engine::runChangeKindName(c.kind),
                                          c.path + (c.directory ? QStringLiteral("/") : QString()),
                                          c.directory || c.symlink || c.kind == RunChange::Kind::Removed
                                                  || c.kind == RunChange::Kind::Refused
                                              ? QString()
                                              : locale.formattedDataSize(c.bytes),
                                          note});
        if (c.autoload || c.kind == RunChange::Kind::Refused)
            for (int column = 0; column < 4; ++column)
                item->setForeground(column, model::toneColor(model::Tone::Warning));
        items.append(item);
    }
    m_changesList->addTopLevelItems(items);
    for (int column = 0; column < 3; ++column)
        m_changesList->resizeColumnToContents(column);
    m_tabs->setTabText(kChangesTab, tr("Changes (%L1)").arg(changes.items.size()));
    QString summary;
    if (changes.isEmpty())
        summary = tr("The run changed nothing in its data root.");
    else if (outcome.changesPending)
        summary = tr("The run wrote %n changes (%1) to its data root, which is unchanged until you keep them.", nullptr,
                     int(changes.items.size()))
                      .arg(locale.formattedDataSize(changes.bytes));
    else if (outcome.changesKept)
        summary = tr("%n changes (%1) were kept in the data root.", nullptr, int(changes.items.size()))
                      .arg(locale.formattedDataSize(changes.bytes));
    else
        summary = tr("%n changes were discarded: the data root is as it was.", nullptr, int(changes.items.size()));
    if (const int autoload = changes.autoloadCount())
        summary += u' ' + tr("%n of them are files programs load by themselves (shell start-up files, Python's "
                             "site-packages, node_modules, git hooks…): a later run of any tool would run them.", nullptr, autoload);
    if (changes.items.size() > kMaxChangesListed)
        summary += u' ' + tr("The first %L1 are listed.").arg(kMaxChangesListed);
    if (!error.isEmpty())
        summary += u' ' + error;
    m_changesSummary->setText(summary);
    setTone(m_changesSummary, changes.autoloadCount() || !error.isEmpty() ? model::Tone::Warning : model::Tone::Muted);
    m_keepChanges->setEnabled(outcome.changesPending);
    m_discardChanges->setEnabled(outcome.changesPending);
}

void RunPane::settleChanges(bool keep)
{
    engine::RunSession *s = session();
    if (!s || !s->changesPending())
        return;
    m_keepChanges->setEnabled(false);
    m_discardChanges->setEnabled(false);
    m_changesSummary->setText(keep ? tr("Keeping the changes…") : tr("Discarding the changes…"));
    connect(s, &engine::RunSession::changesSettled, this, [this, keep](bool kept, const QString &error) {
        if (m_outcome) {
            m_outcome->changesPending = false;
            m_outcome->changesKept = kept;
            m_outcome->changesError = error;
            showChanges(*m_outcome);
        }
        Q_UNUSED(keep);
        Q_EMIT stateChanged();
    }, Qt::SingleShotConnection);
    s->settleChanges(keep);
}

RunPane::~RunPane()
{
    // Closing a pane ends its run; the session's destructor kills what is left.
    if (execution()->isRunning())
        execution()->cancel();
}

void RunPane::start()
{
    if (m_phase != Phase::Waiting)
        return;
    if (m_started)
        return;
    m_started = true;
    m_launcher->launch();
    if (m_launcher->isWaitingForUnlock())
        setStatus(tr("Waiting for the passphrase of the secret file…"));
}

void RunPane::cancel()
{
    if (m_phase == Phase::Finished || m_cancelRequested)
        return;
    m_cancelRequested = true;
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancelling…"));
    setStatus(tr("Cancelling…"));
    m_launcher->cancel(); // before the start, the launcher ends it without a sandbox
    Q_EMIT stateChanged();
}

bool RunPane::isRunning() const
{
    return m_phase != Phase::Waiting && m_phase != Phase::Finished;
}

QString RunPane::title() const
{
    const QString name = execution()->tool().manifest.name;
    switch (m_phase) {
    case Phase::Waiting: return tr("%1 — starting").arg(name);
    case Phase::Preparing: return tr("%1 — preparing").arg(name);
    case Phase::Running: return tr("%1 — running").arg(name);
    case Phase::PartialOutput: return tr("%1 — partial output").arg(name);
    case Phase::Finished: break;
    }
    return QStringLiteral("%1 — %2").arg(name, engine::runStateName(m_outcome->state));
}

void RunPane::setPhase(Phase phase)
{
    m_phase = phase;
    switch (phase) {
    case Phase::Waiting:
        setStatus(tr("Starting…"));
        break;
    case Phase::Preparing:
        setStatus(tr("Preparing the sandbox…"));
        break;
    case Phase::Running:
        setStatus(tr("Running in %1 — no output yet").arg(m_runtime), model::Tone::Info);
        break;
    case Phase::PartialOutput:
        setStatus(tr("Running in %1 — partial output").arg(m_runtime), model::Tone::Info);
        break;
    case Phase::Finished:
        break; // onFinished says how it ended
    }
    if (m_cancelRequested && phase != Phase::Finished)
        setStatus(tr("Cancelling…"));
    Q_EMIT stateChanged();
}

void RunPane::setStatus(const QString &text, std::optional<model::Tone> tone)
{
    m_status->setText(QStringLiteral("<b>%1</b>").arg(text.toHtmlEscaped()));
    setTone(m_status, tone);
    m_status->setAccessibleName(text);
}

void RunPane::tick()
{
    const qint64 ms = m_outcome ? m_outcome->durationMs : execution()->elapsedMs();
    m_elapsed->setText(QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
}

void RunPane::onSandboxStarted(const QString &runtime)
{
    m_runtime = runtime;
    m_rawStream.add(tr("// the request on stdin (secrets masked), then every event, each after its time since the start"));
    addRaw(execution()->elapsedMs(), QString::fromUtf8(execution()->maskedRequestLine()));
    QStringList env{tr("# What the tool sees in its environment (secret values masked)")};
    env << execution()->maskedEnvironment();
    QStringList command;
    for (const QString &word : execution()->launchCommand())
        command << engine::shellQuote(word);
    env << QString() << tr("# The sandbox was started with (secrets never appear here: they travel in the environment)")
        << command.join(u' ');
    m_environment->setPlainText(env.join(u'\n'));
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
    setPhase(Phase::Running);
}

void RunPane::onEvent(const engine::RunEvent &e)
{
    const qint64 t = execution()->elapsedMs();
    switch (e.kind) {
    case engine::RunEvent::Kind::Update:
        // onUpdate carries the accumulated result so far: the newest replaces the snapshot.
        m_latestFull = engine::eventContentText(e);
        m_latestElapsed = t;
        m_snapshotDirty = true;
        m_pendingUpdates.append({t, m_latestFull, e.updates});
        addRaw(t, engine::eventCompactJson(e));
        if (m_phase == Phase::Running)
            setPhase(Phase::PartialOutput);
        break;
    case engine::RunEvent::Kind::Log:
        m_logStream.add(e.text);
        addRaw(t, compact(QJsonObject{{QStringLiteral("type"), QStringLiteral("log")},
                                            {QStringLiteral("stream"), e.stream == engine::RunEvent::Stream::Stderr ? QStringLiteral("stderr") : QStringLiteral("stdout")},
                                            {QStringLiteral("text"), e.text}}));
        break;
    case engine::RunEvent::Kind::Result:
    case engine::RunEvent::Kind::Error:
        addRaw(t, engine::eventCompactJson(e));
        break;
    case engine::RunEvent::Kind::ProtocolError:
        // Something arrived after the run's terminal event: shown, never taken as the outcome.
        m_logStream.add(kProtocolErrorMark + e.message);
        addRaw(t, compact(QJsonObject{{QStringLiteral("type"), QStringLiteral("protocol-error")},
                                            {QStringLiteral("message"), e.message}}));
        break;
    }
    // Bound what waits for the next flush too: only the newest updates can ever be listed.
    if (m_pendingUpdates.size() > 2 * model::RunUpdatesModel::kMaxRows) {
        const qsizetype drop = m_pendingUpdates.size() - model::RunUpdatesModel::kMaxRows;
        for (qsizetype i = 0; i < drop; ++i)
            m_pendingDropped += m_pendingUpdates[i].count;
        m_pendingUpdates.remove(0, drop);
    }
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void RunPane::addRaw(qint64 elapsedMs, const QString &json)
{
    // The time first, as the Timeline shows it: "+0.123 s  {…}". The JSON is kept as the event
    // brought it (made on the session's thread), not copied behind its time.
    m_rawStream.add(model::formatElapsed(elapsedMs) + QStringLiteral("  "), json);
}

void RunPane::showSnapshot()
{
    if (!m_snapshotDirty)
        return;
    m_snapshotDirty = false;
    // Replaced in place; a tester reading further down keeps their place.
    const int scroll = m_snapshot->verticalScrollBar()->value();
    m_snapshot->setPlainText(headForDisplay(m_latestFull, Output::Snapshot));
    m_snapshot->verticalScrollBar()->setValue(scroll);
    m_latest->setText(tr("Update %L1 at %2 — each update replaces the one before; the Timeline lists them all.")
                          .arg(m_updates->total())
                          .arg(model::formatElapsed(m_latestElapsed)));
    m_latest->setEnabled(true);
}

void RunPane::flush()
{
    ++m_flushes;
    if (!m_pendingUpdates.isEmpty()) {
        QList<model::RunUpdatesModel::Update> batch;
        batch.reserve(m_pendingUpdates.size());
        for (PendingUpdate &u : m_pendingUpdates)
            batch.append({u.elapsedMs, std::move(u.text), u.count});
        m_pendingUpdates.clear();
        m_updates->append(std::move(batch), std::exchange(m_pendingDropped, 0));
        m_tabs->setTabText(1, tr("Timeline (%L1)").arg(m_updates->total()));
        if (m_updatesView->verticalScrollBar()->value() >= m_updatesView->verticalScrollBar()->maximum() - 2)
            m_updatesView->scrollToBottom();
    }
    showSnapshot();
    const qint64 logLines = m_logStream.lines();
    if (m_logStream.hasPending()) {
        m_logStream.flushInto(m_log, outputName(Output::Log));
        m_tabs->setTabText(2, tr("Log (%L1)").arg(logLines));
    }
    m_rawStream.flushInto(m_raw, outputName(Output::Raw));
}

void RunPane::onFinished(const engine::RunOutcome &outcome)
{
    m_outcome = outcome;
    m_tick.stop();
    m_flushTimer.stop();
    // Stamped, as every line, when the pane received it (its duration_ms says when the sandbox ended).
    addRaw(execution()->elapsedMs(), compact(QJsonObject{{QStringLiteral("type"), QStringLiteral("exit")},
                                        {QStringLiteral("state"), engine::runStateName(outcome.state)},
                                        {QStringLiteral("duration_ms"), outcome.durationMs},
                                        {QStringLiteral("runtime"), execution()->runtimeName()},
                                        {QStringLiteral("message"), outcome.message},
                                        {QStringLiteral("network"), outcome.network},
                                        {QStringLiteral("limits"), engine::limitsJson(outcome)},
                                        // The list is in the Changes tab; here its size.
                                        {QStringLiteral("changes"), QJsonObject{{QStringLiteral("reviewed"), outcome.changesReviewed},
                                                                                {QStringLiteral("kept"), outcome.changesKept},
                                                                                {QStringLiteral("pending"), outcome.changesPending},
                                                                                {QStringLiteral("items"), outcome.changes.items.size()},
                                                                                {QStringLiteral("bytes"), outcome.changes.bytes}}}}));
    flush();
    const bool hadPartialOutput = m_phase == Phase::PartialOutput;
    m_phase = Phase::Finished;
    tick();
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancel"));

    m_resultText = engine::outcomeText(outcome);
    QString banner = showEndState(outcome);
    const bool enforced = !outcome.limitsEnforcedBy.isEmpty();
    m_limits->setFullText(enforced ? tr("%1 MB · %2 processes · %3 · %4")
                                         .arg(outcome.memoryMb)
                                         .arg(outcome.pidsLimit)
                                         .arg(outcome.cpus > 0 ? tr("%1 CPU").arg(outcome.cpus) : tr("CPU not limited"),
                                              outcome.network ? tr("network") : tr("no network"))
                                   : tr("limits not enforced · %1").arg(outcome.network ? tr("network") : tr("no network")),
                          engine::describeLimits(outcome));
    m_limits->setAccessibleName(tr("Limits: %1").arg(engine::describeLimits(outcome)));
    setTone(m_limits, enforced ? model::Tone::Muted : model::Tone::Warning);
    m_limits->show();
    const bool noResult = outcome.state != engine::RunState::Result && outcome.state != engine::RunState::ToolError;
    if (noResult && hadPartialOutput)
        banner += (banner.isEmpty() ? QString() : QStringLiteral(" ")) + tr("The last snapshot is kept in the Snapshot tab.");
    if (m_resultText.isEmpty() && noResult)
        m_resultText = outcome.message;
    m_result->setPlainText(headForDisplay(m_resultText, Output::Result));
    const bool isError = outcome.state != engine::RunState::Result;
    setBanner(m_result, isError ? std::optional(model::Tone::Error) : std::nullopt);
    m_result->setProperty("isError", isError);
    if (!banner.isEmpty()) {
        // A cancelled run is the tester's doing: a warning, not an error.
        m_banner->setText(banner);
        setBanner(m_banner, outcome.state == engine::RunState::Cancelled ? model::Tone::Warning : model::Tone::Error);
        m_banner->show();
    }
    // Empty views say why they are empty.
    if (m_logStream.lines() == 0)
        m_log->setPlaceholderText(tr("The tool wrote no output (nothing on stdout or stderr)."));
    if (m_updates->total() == 0)
        m_snapshot->setPlaceholderText(tr("The tool sent no progress updates."));
    m_copyResult->setEnabled(!m_resultText.isEmpty());
    showChanges(outcome);
    // A run that ended without a result but with progress shows that progress; one whose
    // changes wait for a decision shows them.
    m_tabs->setCurrentIndex(outcome.changesPending ? kChangesTab : noResult && hadPartialOutput ? 0 : 3);
    Q_EMIT stateChanged();
    Q_EMIT finished();
}

void RunPane::onRefused(const QString &message)
{
    // The session never starts: the pane ends here, as a run that could not run.
    engine::RunOutcome outcome;
    outcome.state = engine::RunState::Failed;
    outcome.message = message;
    onFinished(outcome);
}

// The status line for how the run ended; returns what the banner says about it.
QString RunPane::showEndState(const engine::RunOutcome &outcome)
{
    QString banner;
    switch (outcome.state) {
    case engine::RunState::Result:
        setStatus(tr("Finished"), model::Tone::Success);
        break;
    case engine::RunState::ToolError:
        setStatus(tr("Finished — tool error"), model::Tone::Error);
        banner = tr("The tool returned isError: true.");
        break;
    case engine::RunState::Error:
        setStatus(tr("Failed — error"), model::Tone::Error);
        banner = outcome.message;
        break;
    case engine::RunState::Timeout:
        setStatus(tr("Timed out"), model::Tone::Error);
        banner = outcome.message;
        break;
    case engine::RunState::Cancelled:
        setStatus(tr("Cancelled"), model::Tone::Warning);
        banner = outcome.message;
        break;
    case engine::RunState::Failed:
        setStatus(tr("Could not run"), model::Tone::Error);
        banner = outcome.message;
        break;
    case engine::RunState::WriteLimit:
        setStatus(tr("Write cap reached"), model::Tone::Error);
        banner = outcome.message;
        break;
    case engine::RunState::OutOfMemory:
        setStatus(tr("Out of memory"), model::Tone::Error);
        banner = tr("The tool ran out of memory (limit %1 MB); raise the memory in the run settings if it needs more.")
                     .arg(outcome.memoryMb);
        break;
    }
    return banner;
}

QString RunPane::fullOutput(Output which) const
{
    switch (which) {
    case Output::Result: return m_resultText;
    case Output::Snapshot: return m_latestFull;
    case Output::Log: return m_logStream.fullText();
    case Output::Raw: return m_rawStream.fullText();
    }
    return {};
}

bool RunPane::saveOutput(Output which, const QString &path, QString *error) const
{
    QSaveFile out(path);
    const QByteArray bytes = fullOutput(which).toUtf8();
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

void RunPane::chooseSaveFile(Output which)
{
    const QString suggested = QDir::home().filePath(execution()->tool().manifest.name + u'-'
                                                    + outputName(which).toLower().replace(u' ', u'-')
                                                    + QStringLiteral(".txt")); // Raw lines start with their time: not JSON Lines
    const QString path = QFileDialog::getSaveFileName(this, tr("Save %1").arg(outputName(which)), suggested);
    if (path.isEmpty())
        return;
    QString error;
    if (!saveOutput(which, path, &error)) {
        m_banner->setText(error);
        setBanner(m_banner, model::Tone::Error);
        m_banner->show();
    }
}

QString RunPane::commandLine()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/run-params");
    QDir().mkpath(dir);
    const QString file = dir + u'/' + execution()->tool().manifest.name + u'-'
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".json");
    QSaveFile out(file);
    QString paramsFile;
    if (out.open(QIODevice::WriteOnly)) {
        const engine::RunRequest &request = m_launcher->request();
        // Without sensitive inputs: they come from the keychain, never a file or a command line.
        out.write(QJsonDocument(engine::withoutSensitive(request.tool.manifest, request.params)).toJson());
        if (out.commit())
            paramsFile = file;
    }
    const engine::RunRequest &request = m_launcher->request();
    return engine::runCommandLine(request.tool.manifest.name, request.dataPath, request.user, request.runtimeChoice, paramsFile);
}

void RunPane::copyCommandLine()
{
    QGuiApplication::clipboard()->setText(commandLine());
}

void RunPane::copyResult()
{
    QGuiApplication::clipboard()->setText(m_resultText);
}

} // namespace tw::ui
