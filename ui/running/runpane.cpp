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

bool atEnd(const QPlainTextEdit *view)
{
    const QScrollBar *bar = view->verticalScrollBar();
    return bar->value() >= bar->maximum() - 2;
}

// Appends text and follows the end only if the view was already there (as Kate's output view).
void appendFollowing(QPlainTextEdit *view, const QString &text)
{
    const bool follow = atEnd(view);
    const int column = view->horizontalScrollBar()->value(); // lines start with their time: keep the start in view
    view->appendPlainText(text);
    view->horizontalScrollBar()->setValue(column);
    if (follow)
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
}

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

void RunPane::Stream::add(const QString &line)
{
    ++lines;
    totalChars += line.size() + 1;
    if (full.size() + line.size() + 1 <= kMaxKeptChars) {
        full += line;
        full += u'\n';
    } else {
        droppedChars += line.size() + 1;
    }
    pending << line;
    // Only the newest kDisplayCap characters can be shown: the queue never holds much more.
    static constexpr qsizetype kMaxPending = 4096;
    if (pending.size() > 2 * kMaxPending) {
        pending.remove(0, pending.size() - kMaxPending);
        pendingTrimmed = true;
    }
}

RunPane::RunPane(std::unique_ptr<engine::RunSession> session, Context context, QWidget *parent)
    : QWidget(parent),
      m_session(std::move(session)),
      m_context(std::move(context)),
      m_record(m_session->tool().manifest.name, m_context.user, m_context.runtimeChoice, m_context.maskedParams)
{
    m_record.setSource(m_context.source);
    auto *v = new QVBoxLayout(this);
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
    m_source->setFullText(m_context.source, tr("%1 — %2").arg(m_context.source, m_session->tool().dir));
    setTone(m_source, model::Tone::Muted);
    m_source->setAccessibleName(tr("Source: %1").arg(m_context.source));
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

    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_banner->hide();
    v->addWidget(m_banner);

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
    v->addWidget(m_tabs, 1);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &RunPane::flush);
    m_tick.setInterval(100);
    connect(&m_tick, &QTimer::timeout, this, &RunPane::tick);

    connect(m_cancel, &QPushButton::clicked, this, &RunPane::cancel);
    connect(m_copyResult, &QPushButton::clicked, this, &RunPane::copyResult);
    connect(copyCommand, &QPushButton::clicked, this, &RunPane::copyCommandLine);
    connect(m_session.get(), &engine::RunSession::sandboxStarted, this, &RunPane::onSandboxStarted);
    connect(m_session.get(), &engine::RunSession::eventReceived, this, &RunPane::onEvent);
    connect(m_session.get(), &engine::RunSession::finished, this, &RunPane::onFinished);
    setPhase(Phase::Waiting);
    tick();
}

RunPane::~RunPane()
{
    // Closing a pane ends its run; the session's destructor kills what is left.
    if (m_session && m_session->isRunning())
        m_session->cancel();
}

void RunPane::start()
{
    if (m_phase != Phase::Waiting)
        return;
    m_wall.start();
    setPhase(Phase::Preparing);
    m_tick.start();
    m_session->start();
    if (m_cancelRequested)
        m_session->cancel(); // cancelled while the inputs were gathered: the sandbox never starts
}

void RunPane::cancel()
{
    if (m_phase == Phase::Finished || m_cancelRequested)
        return;
    m_cancelRequested = true;
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancelling…"));
    setStatus(tr("Cancelling…"));
    if (m_phase != Phase::Waiting)
        m_session->cancel();
    Q_EMIT stateChanged();
}

bool RunPane::isRunning() const
{
    return m_phase != Phase::Waiting && m_phase != Phase::Finished;
}

QString RunPane::title() const
{
    const QString name = m_session->tool().manifest.name;
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
    const qint64 ms = m_outcome ? m_outcome->durationMs : m_session->elapsedMs();
    m_elapsed->setText(QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
}

void RunPane::onSandboxStarted(const QString &runtime)
{
    m_runtime = runtime;
    m_record.setRuntime(runtime);
    m_rawStream.add(tr("// the request on stdin (secrets masked), then every event, each after its time since the start"));
    addRaw(m_session->elapsedMs(), QString::fromUtf8(m_session->maskedRequestLine()));
    QStringList env{tr("# What the tool sees in its environment (secret values masked)")};
    env << m_session->maskedEnvironment();
    QStringList command;
    for (const QString &word : m_session->launchCommand())
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
    const qint64 t = m_session->elapsedMs();
    m_record.add(e, t);
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
    // The time first, as the Timeline shows it: "+0.123 s  {…}".
    m_rawStream.add(model::formatElapsed(elapsedMs) + QStringLiteral("  ") + json);
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

void RunPane::flushStream(Stream &s, QPlainTextEdit *view, Output which)
{
    if (s.pending.isEmpty())
        return;
    QString fresh = s.pending.join(u'\n');
    s.pending.clear();
    const bool contiguous = !std::exchange(s.pendingTrimmed, false);
    if (contiguous && s.shownChars + fresh.size() + 1 <= kDisplayCap) {
        appendFollowing(view, fresh);
        s.shownChars += fresh.size() + 1;
        return;
    }
    // Over the cap: show the newest half of it, from a line start, below a marker.
    const bool follow = atEnd(view);
    QString tail = fresh.size() > kDisplayCap / 2 ? fresh.right(kDisplayCap / 2) : fresh;
    if (fresh.size() > kDisplayCap / 2) {
        const qsizetype nl = tail.indexOf(u'\n');
        if (nl >= 0 && nl + 1 < tail.size())
            tail = tail.mid(nl + 1);
    } else if (contiguous) {
        // Fill up with the end of what is already shown.
        const QString shown = view->toPlainText();
        const qsizetype room = kDisplayCap / 2 - tail.size();
        QString keep = shown.right(room);
        const qsizetype nl = keep.indexOf(u'\n');
        keep = nl >= 0 ? keep.mid(nl + 1) : QString();
        if (keep.startsWith(QStringLiteral("⋯")))
            keep.clear();
        if (!keep.isEmpty())
            tail = keep + u'\n' + tail;
    }
    const QLocale l;
    const QString marker = tr("⋯ TRUNCATED: %1 earlier characters are not shown (this view keeps the newest). "
                              "Save Output → %2 writes all of it.")
                               .arg(l.toString(qint64(s.totalChars - tail.size() - 1)), outputName(which));
    view->setPlainText(marker + u'\n' + tail);
    s.shownChars = marker.size() + 1 + tail.size();
    if (follow)
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
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
    const qint64 logLines = m_logStream.lines;
    if (!m_logStream.pending.isEmpty()) {
        flushStream(m_logStream, m_log, Output::Log);
        m_tabs->setTabText(2, tr("Log (%L1)").arg(logLines));
    }
    flushStream(m_rawStream, m_raw, Output::Raw);
}

void RunPane::onFinished(const engine::RunOutcome &outcome)
{
    m_outcome = outcome;
    m_tick.stop();
    m_flushTimer.stop();
    // Stamped, as every line, when the pane received it (its duration_ms says when the sandbox ended).
    addRaw(m_session->elapsedMs(), compact(QJsonObject{{QStringLiteral("type"), QStringLiteral("exit")},
                                        {QStringLiteral("state"), engine::runStateName(outcome.state)},
                                        {QStringLiteral("duration_ms"), outcome.durationMs},
                                        {QStringLiteral("runtime"), m_session->runtimeName()},
                                        {QStringLiteral("message"), outcome.message},
                                        {QStringLiteral("network"), outcome.network},
                                        {QStringLiteral("limits"), engine::limitsJson(outcome)}}));
    flush();
    const bool hadPartialOutput = m_phase == Phase::PartialOutput;
    m_phase = Phase::Finished;
    tick();
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancel"));

    m_resultText = engine::outcomeText(outcome);
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
    case engine::RunState::OutOfMemory:
        setStatus(tr("Out of memory"), model::Tone::Error);
        banner = tr("The tool ran out of memory (limit %1 MB); raise the memory in the run settings if it needs more.")
                     .arg(outcome.memoryMb);
        break;
    }
    const bool enforced = !outcome.limitsEnforcedBy.isEmpty();
    m_limits->setFullText(enforced ? tr("%1 MB · %2 processes · %3")
                                         .arg(outcome.memoryMb)
                                         .arg(outcome.pidsLimit)
                                         .arg(outcome.network ? tr("network") : tr("no network"))
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
    if (m_logStream.lines == 0)
        m_log->setPlaceholderText(tr("The tool wrote no output (nothing on stdout or stderr)."));
    if (m_updates->total() == 0)
        m_snapshot->setPlaceholderText(tr("The tool sent no progress updates."));
    m_copyResult->setEnabled(!m_resultText.isEmpty());
    // A run that ended without a result but with progress shows that progress.
    m_tabs->setCurrentIndex(noResult && hadPartialOutput ? 0 : 3);
    Q_EMIT stateChanged();
    Q_EMIT finished(m_record.finish(outcome));
}

QString RunPane::fullOutput(Output which) const
{
    switch (which) {
    case Output::Result: return m_resultText;
    case Output::Snapshot: return m_latestFull;
    case Output::Log: return m_logStream.full;
    case Output::Raw: return m_rawStream.full;
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
    const QString suggested = QDir::home().filePath(m_session->tool().manifest.name + u'-'
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
    const QString file = dir + u'/' + m_session->tool().manifest.name + u'-'
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".json");
    QSaveFile out(file);
    QString paramsFile;
    if (out.open(QIODevice::WriteOnly)) {
        out.write(QJsonDocument(m_context.plainParams).toJson());
        if (out.commit())
            paramsFile = file;
    }
    return engine::runCommandLine(m_session->tool().manifest.name, m_context.dataPath, m_context.user,
                                  m_context.runtimeChoice, paramsFile);
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
