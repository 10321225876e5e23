#include "running/runrecordview.h"

#include "runhistorymodel.h"
#include "running/runpane.h"
#include "runupdatesmodel.h"
#include "widgets/elidedlabel.h"
#include "widgets/theme.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace tw::ui {

namespace {

QPlainTextEdit *makeTextView(QWidget *parent, const QString &name, const QString &objectName)
{
    QPlainTextEdit *v = makeRunTextView(parent, name, QPlainTextEdit::WidgetWidth);
    v->setObjectName(objectName);
    return v;
}

} // namespace

QString runStartedText(const engine::RunRecord &record)
{
    return record.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString runSummaryText(const engine::RunRecord &record)
{
    QStringList parts{record.state, RunRecordView::tr("%1 s").arg(double(record.durationMs) / 1000.0, 0, 'f', 2)};
    if (!record.runtime.isEmpty())
        parts << record.runtime;
    if (!record.source.isEmpty())
        parts << record.source;
    return parts.join(QStringLiteral(" · "));
}

QString runInputsText(const engine::RunRecord &record)
{
    return QString::fromUtf8(QJsonDocument(record.params).toJson(QJsonDocument::Indented)).trimmed();
}

RunRecordView::RunRecordView(const engine::RunRecord &record, QWidget *parent) : QWidget(parent), m_record(record)
{
    setObjectName(QStringLiteral("runRecordView"));
    auto *v = new QVBoxLayout(this);

    // Header: what ran, for whom, when and how it ended; then Load Inputs and Re-run.
    auto *header = new QHBoxLayout;
    auto *what = new ElidedLabel(this);
    what->setFullText(tr("%1 as %2, %3").arg(record.tool, record.user.isEmpty() ? tr("(global)") : record.user, runStartedText(record)));
    QFont bold = what->font();
    bold.setBold(true);
    what->setFont(bold);
    header->addWidget(what, 1);
    auto *load = new QPushButton(tr("Load Inputs"), this);
    load->setToolTip(tr("Put this run's inputs into the form (sensitive ones come from the keychain)"));
    auto *rerun = new QPushButton(tr("Re-run"), this);
    rerun->setToolTip(tr("Run the tool again with this run's inputs"));
    header->addWidget(load);
    header->addWidget(rerun);
    v->addLayout(header);
    connect(load, &QPushButton::clicked, this, [this] { Q_EMIT loadInputsRequested(m_record.id); });
    connect(rerun, &QPushButton::clicked, this, [this] { Q_EMIT rerunRequested(m_record.id); });

    auto *summary = new ElidedLabel(this);
    summary->setObjectName(QStringLiteral("recordSummary"));
    summary->setFullText(tr("History · %1").arg(runSummaryText(record)));
    setTone(summary, model::runStateTone(record.state));
    v->addWidget(summary);
    if (!record.message.isEmpty()) {
        auto *message = new QLabel(record.message, this);
        message->setTextFormat(Qt::PlainText);
        message->setWordWrap(true);
        message->setTextInteractionFlags(Qt::TextSelectableByMouse);
        setTone(message, model::runStateTone(record.state));
        v->addWidget(message);
    }

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_inputs = makeTextView(m_tabs, tr("Inputs of the past run"), QStringLiteral("recordInputs"));
    m_inputs->setPlainText(runInputsText(record));
    m_inputs->setPlaceholderText(tr("The run had no inputs."));

    // Updates: as the live Timeline shows them, each with its time, the selected one in full.
    auto *timeline = new QSplitter(Qt::Vertical, m_tabs);
    auto *updatesPage = new QWidget(timeline);
    auto *uv = new QVBoxLayout(updatesPage);
    uv->setContentsMargins(0, 0, 0, 0);
    m_updates = new model::RunUpdatesModel(this);
    QList<model::RunUpdatesModel::Update> updates;
    for (const QJsonValue &u : record.updates) {
        const QJsonObject o = u.toObject();
        updates.append({o.value(QStringLiteral("t")).toInteger(), engine::contentText(o.value(QStringLiteral("content")).toArray()),
                        std::max<qint64>(1, o.value(QStringLiteral("count")).toInteger(1))});
    }
    m_updates->append(std::move(updates));
    m_updatesView = new QListView(updatesPage);
    m_updatesView->setObjectName(QStringLiteral("recordUpdates"));
    m_updatesView->setModel(m_updates);
    m_updatesView->setUniformItemSizes(true);
    m_updatesView->setAccessibleName(tr("Updates of the past run"));
    uv->addWidget(m_updatesView, 1);
    if (record.droppedUpdates > 0 || record.updates.isEmpty()) {
        auto *note = new QLabel(record.updates.isEmpty() ? tr("The run sent no updates.")
                                                         : tr("%n later updates past the history's size limit were counted, not kept.",
                                                              nullptr, record.droppedUpdates),
                                updatesPage);
        note->setWordWrap(true);
        setTone(note, model::Tone::Muted);
        uv->addWidget(note);
    }
    auto *detail = makeTextView(timeline, tr("Selected update"), QStringLiteral("recordUpdateDetail"));
    detail->setPlaceholderText(tr("Select an update to see it in full."));
    timeline->addWidget(updatesPage);
    timeline->addWidget(detail);
    connect(m_updatesView->selectionModel(), &QItemSelectionModel::currentChanged, detail,
            [detail](const QModelIndex &current) { detail->setPlainText(current.data(model::RunUpdatesModel::TextRole).toString()); });

    auto *resultPage = new QWidget(m_tabs);
    auto *rv = new QVBoxLayout(resultPage);
    rv->setContentsMargins(0, 0, 0, 0);
    m_result = makeTextView(resultPage, tr("Result of the past run"), QStringLiteral("recordResult"));
    m_result->setPlainText(engine::contentText(record.result));
    m_result->setPlaceholderText(record.state == u"result" || record.state == u"tool-error" ? tr("The result was empty.")
                                                                                          : tr("The run ended without a result."));
    rv->addWidget(m_result, 1);
    if (record.resultTruncated) {
        auto *note = new QLabel(tr("The history keeps the start of a large result: this is cut short."), resultPage);
        note->setWordWrap(true);
        setTone(note, model::Tone::Warning);
        rv->addWidget(note);
    }

    m_tabs->addTab(m_inputs, tr("Inputs"));
    m_tabs->addTab(timeline, tr("Updates (%L1)").arg(m_updates->total()));
    m_tabs->addTab(resultPage, tr("Result"));
    m_tabs->setCurrentIndex(2);
    v->addWidget(m_tabs, 1);
}

QString RunRecordView::title() const
{
    return tr("%1 · %2").arg(m_record.tool, m_record.startedAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
}

} // namespace tw::ui
