#include "runpane.h"

#include "runinputs.h"
#include "runupdatesmodel.h"

#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QVBoxLayout>

namespace tw::ui {

namespace {

constexpr int kMaxLatestChars = 4000;

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QPlainTextEdit *makeTextView(QWidget *parent, int maxLines)
{
    auto *v = new QPlainTextEdit(parent);
    v->setReadOnly(true);
    v->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    v->setLineWrapMode(QPlainTextEdit::NoWrap);
    if (maxLines > 0)
        v->setMaximumBlockCount(maxLines);
    return v;
}

// Appends text and follows the end only if the view was already there (as Kate's output view).
void appendFollowing(QPlainTextEdit *view, const QString &text)
{
    QScrollBar *bar = view->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    view->appendPlainText(text);
    if (atEnd)
        bar->setValue(bar->maximum());
}

} // namespace

RunPane::RunPane(std::unique_ptr<engine::RunSession> session, Context context, QWidget *parent)
    : QWidget(parent),
      m_session(std::move(session)),
      m_context(std::move(context)),
      m_record(m_session->tool().manifest.name, m_context.user, m_context.runtimeChoice, m_context.maskedParams)
{
    auto *v = new QVBoxLayout(this);
    auto *header = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_elapsed = new QLabel(this);
    m_elapsed->setObjectName(QStringLiteral("runElapsed"));
    m_elapsed->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    header->addWidget(m_status);
    header->addSpacing(12);
    header->addWidget(m_elapsed);
    header->addStretch(1);
    m_copyResult = new QPushButton(tr("Copy Result"), this);
    m_copyResult->setEnabled(false);
    auto *copyCommand = new QPushButton(tr("Copy as Command"), this);
    copyCommand->setToolTip(tr("Copy the equivalent `toolwright run` line (secrets left out)"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Abort the tool's signal, then stop its sandbox after a grace period"));
    header->addWidget(m_copyResult);
    header->addWidget(copyCommand);
    header->addWidget(m_cancel);
    v->addLayout(header);

    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_banner->hide();
    v->addWidget(m_banner);

    m_latest = new QLabel(this);
    m_latest->setObjectName(QStringLiteral("latestUpdate"));
    m_latest->setWordWrap(true);
    m_latest->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_latest->setFrameShape(QFrame::StyledPanel);
    m_latest->setMargin(6);
    QFont bold = m_latest->font();
    bold.setBold(true);
    m_latest->setFont(bold);
    m_latest->setText(tr("No progress reported yet."));
    m_latest->setAccessibleName(tr("Latest update"));
    v->addWidget(m_latest);

    m_tabs = new QTabWidget(this);
    m_updates = new model::RunUpdatesModel(this);
    m_updatesView = new QListView(m_tabs);
    m_updatesView->setModel(m_updates);
    m_updatesView->setUniformItemSizes(true); // cheap layout for thousands of rows
    m_updatesView->setAccessibleName(tr("Updates"));
    m_log = makeTextView(m_tabs, kMaxLogLines);
    m_log->setAccessibleName(tr("Log"));
    m_result = makeTextView(m_tabs, 0);
    m_result->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_result->setAccessibleName(tr("Result"));
    m_raw = makeTextView(m_tabs, kMaxRawLines);
    m_raw->setAccessibleName(tr("Raw events"));
    m_tabs->addTab(m_updatesView, tr("Updates"));
    m_tabs->addTab(m_log, tr("Log"));
    m_tabs->addTab(m_result, tr("Result"));
    m_tabs->addTab(m_raw, tr("Raw"));
    v->addWidget(m_tabs, 1);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFlushIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &RunPane::flush);
    m_tick.setInterval(100);
    connect(&m_tick, &QTimer::timeout, this, &RunPane::tick);

    connect(m_cancel, &QPushButton::clicked, this, &RunPane::cancel);
    connect(m_copyResult, &QPushButton::clicked, this, &RunPane::copyResult);
    connect(copyCommand, &QPushButton::clicked, this, &RunPane::copyCommandLine);
    connect(m_session.get(), &engine::RunSession::sandboxStarted, this, [this](const QString &runtime) {
        m_record.setRuntime(runtime);
        m_pendingRaw.prepend(QString::fromUtf8(m_session->maskedRequestLine()));
        m_pendingRaw.prepend(tr("// request on stdin (secrets masked), then every event"));
        if (!m_flushTimer.isActive())
            m_flushTimer.start();
        setStatus(tr("Running in %1").arg(runtime));
        Q_EMIT stateChanged();
    });
    connect(m_session.get(), &engine::RunSession::eventReceived, this, &RunPane::onEvent);
    connect(m_session.get(), &engine::RunSession::finished, this, &RunPane::onFinished);
    setStatus(tr("Ready"));
}

RunPane::~RunPane()
{
    // Closing a pane ends its run; the session's destructor kills what is left.
    if (m_session && m_session->isRunning())
        m_session->cancel();
}

void RunPane::start()
{
    m_wall.start();
    m_state = QStringLiteral("preparing");
    setStatus(tr("Preparing…"));
    m_tick.start();
    tick();
    m_session->start();
    Q_EMIT stateChanged();
}

void RunPane::cancel()
{
    if (!isRunning())
        return;
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancelling…"));
    setStatus(tr("Cancelling…"));
    m_session->cancel();
}

bool RunPane::isRunning() const
{
    return !m_outcome && m_wall.isValid();
}

QString RunPane::title() const
{
    const QString name = m_session->tool().manifest.name;
    if (!m_outcome)
        return isRunning() ? tr("%1 — running").arg(name) : name;
    return QStringLiteral("%1 — %2").arg(name, engine::runStateName(m_outcome->state));
}

void RunPane::setStatus(const QString &text, const QString &color)
{
    m_status->setText(color.isEmpty() ? QStringLiteral("<b>%1</b>").arg(text.toHtmlEscaped())
                                      : QStringLiteral("<b style='color:%1'>%2</b>").arg(color, text.toHtmlEscaped()));
    m_status->setAccessibleName(text);
}

void RunPane::tick()
{
    const qint64 ms = m_outcome ? m_outcome->durationMs : m_session->elapsedMs();
    m_elapsed->setText(QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
}

void RunPane::onEvent(const engine::RunEvent &e)
{
    const qint64 t = m_session->elapsedMs();
    m_record.add(e, t);
    switch (e.kind) {
    case engine::RunEvent::Kind::Update:
        m_pendingUpdates.append({t, engine::contentText(e.content)});
        m_pendingRaw << compact(e.json);
        break;
    case engine::RunEvent::Kind::Log:
        m_pendingLog << e.text;
        m_pendingRaw << compact(QJsonObject{{QStringLiteral("type"), QStringLiteral("log")},
                                            {QStringLiteral("stream"), e.stream == engine::RunEvent::Stream::Stderr ? QStringLiteral("stderr") : QStringLiteral("stdout")},
                                            {QStringLiteral("text"), e.text}});
        break;
    case engine::RunEvent::Kind::Result:
    case engine::RunEvent::Kind::Error:
        m_pendingRaw << compact(e.json);
        break;
    }
    // Bound what waits for the next flush too: only the newest updates can ever be listed.
    if (m_pendingUpdates.size() > 2 * model::RunUpdatesModel::kMaxRows)
        m_pendingUpdates.remove(0, m_pendingUpdates.size() - model::RunUpdatesModel::kMaxRows);
    if (m_pendingRaw.size() > 2 * kMaxRawLines)
        m_pendingRaw.remove(0, m_pendingRaw.size() - kMaxRawLines);
    if (m_pendingLog.size() > 2 * kMaxLogLines)
        m_pendingLog.remove(0, m_pendingLog.size() - kMaxLogLines);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void RunPane::flush()
{
    ++m_flushes;
    if (!m_pendingUpdates.isEmpty()) {
        QList<model::RunUpdatesModel::Update> batch;
        batch.reserve(m_pendingUpdates.size());
        for (PendingUpdate &u : m_pendingUpdates)
            batch.append({u.elapsedMs, std::move(u.text)});
        m_pendingUpdates.clear();
        m_updates->append(std::move(batch));
        const auto *latest = m_updates->latest();
        QString text = latest->text;
        if (text.size() > kMaxLatestChars)
            text = text.left(kMaxLatestChars) + QStringLiteral(" …");
        m_latest->setText(model::formatElapsed(latest->elapsedMs) + QStringLiteral("  ") + text);
        m_tabs->setTabText(0, tr("Updates (%1)").arg(m_updates->total()));
        if (m_updatesView->verticalScrollBar()->value() >= m_updatesView->verticalScrollBar()->maximum() - 2)
            m_updatesView->scrollToBottom();
    }
    if (!m_pendingLog.isEmpty()) {
        m_logLines += m_pendingLog.size();
        appendFollowing(m_log, m_pendingLog.join(u'\n'));
        m_pendingLog.clear();
        m_tabs->setTabText(1, tr("Log (%1)").arg(m_logLines));
    }
    if (!m_pendingRaw.isEmpty()) {
        appendFollowing(m_raw, m_pendingRaw.join(u'\n'));
        m_pendingRaw.clear();
    }
}

void RunPane::onFinished(const engine::RunOutcome &outcome)
{
    m_outcome = outcome;
    m_tick.stop();
    m_flushTimer.stop();
    m_pendingRaw << compact(QJsonObject{{QStringLiteral("type"), QStringLiteral("exit")},
                                        {QStringLiteral("state"), engine::runStateName(outcome.state)},
                                        {QStringLiteral("duration_ms"), outcome.durationMs},
                                        {QStringLiteral("runtime"), m_session->runtimeName()},
                                        {QStringLiteral("message"), outcome.message}});
    flush();
    tick();
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancel"));

    m_resultText = engine::contentText(outcome.content);
    QString banner, color;
    switch (outcome.state) {
    case engine::RunState::Result:
        setStatus(tr("Finished"), QStringLiteral("#1b7f3b"));
        break;
    case engine::RunState::ToolError:
        setStatus(tr("Tool error"), QStringLiteral("#b00020"));
        banner = tr("The tool returned isError: true.");
        break;
    case engine::RunState::Error:
        setStatus(tr("Error"), QStringLiteral("#b00020"));
        banner = outcome.message;
        break;
    case engine::RunState::Timeout:
        setStatus(tr("Timed out"), QStringLiteral("#b00020"));
        banner = outcome.message;
        break;
    case engine::RunState::Cancelled:
        setStatus(tr("Cancelled"), QStringLiteral("#805b00"));
        banner = outcome.message;
        break;
    case engine::RunState::Failed:
        setStatus(tr("Could not run"), QStringLiteral("#b00020"));
        banner = outcome.message;
        break;
    }
    if (m_resultText.isEmpty() && outcome.state != engine::RunState::Result && outcome.state != engine::RunState::ToolError)
        m_resultText = outcome.message;
    m_result->setPlainText(m_resultText);
    const bool isError = outcome.state != engine::RunState::Result;
    m_result->setStyleSheet(isError ? QStringLiteral("QPlainTextEdit { background: #fdecee; color: #5f000f; }") : QString());
    m_result->setProperty("isError", isError);
    if (!banner.isEmpty()) {
        m_banner->setText(banner);
        m_banner->setStyleSheet(QStringLiteral("QLabel { background: #fdecee; color: #5f000f; padding: 4px; border-radius: 3px; }"));
        m_banner->show();
    }
    m_copyResult->setEnabled(!m_resultText.isEmpty());
    m_tabs->setCurrentWidget(m_result);
    Q_EMIT stateChanged();
    Q_EMIT finished(m_record.finish(outcome));
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
