#include "window/findintoolspane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPromise>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <atomic>

namespace tw::ui {

namespace {
constexpr int kMaxHits = 10000;
constexpr int FileRole = Qt::UserRole;
constexpr int LineRole = Qt::UserRole + 1;
} // namespace

FindInToolsPane::FindInToolsPane(Scopes scopes, QWidget *parent)
    : QWidget(parent)
    , m_scopes(std::move(scopes))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *row = new QHBoxLayout;
    m_query = new QLineEdit(this);
    m_query->setObjectName(QStringLiteral("findQuery"));
    m_query->setAccessibleName(tr("Find in tools"));
    m_query->setPlaceholderText(tr("Find in every file of the tools (Enter)"));
    m_query->setClearButtonEnabled(true);
    m_case = new QCheckBox(tr("Match &case"), this);
    m_word = new QCheckBox(tr("&Whole words"), this);
    m_regex = new QCheckBox(tr("Regular e&xpression"), this);
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("findScope"));
    m_scope->setAccessibleName(tr("Where to search"));
    auto *go = new QPushButton(tr("Find"), this);
    row->addWidget(m_query, 1);
    row->addWidget(m_scope);
    row->addWidget(m_case);
    row->addWidget(m_word);
    row->addWidget(m_regex);
    row->addWidget(go);
    layout->addLayout(row);
    m_results = new QTreeWidget(this);
    m_results->setObjectName(QStringLiteral("findResults"));
    m_results->setAccessibleName(tr("Matches"));
    m_results->setHeaderLabels({tr("Match"), tr("Line")});
    m_results->header()->setStretchLastSection(false);
    m_results->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_results->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_results->setUniformRowHeights(true);
    layout->addWidget(m_results, 1);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("findSummary"));
    layout->addWidget(m_summary);

    connect(m_query, &QLineEdit::returnPressed, this, &FindInToolsPane::search);
    connect(go, &QPushButton::clicked, this, &FindInToolsPane::search);
    connect(m_results, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item, int) { activate(item); });
    connect(&m_watcher, &QFutureWatcherBase::resultsReadyAt, this, &FindInToolsPane::addHits);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &FindInToolsPane::finish);
}

FindInToolsPane::~FindInToolsPane()
{
    cancel();
    m_watcher.waitForFinished();
}

void FindInToolsPane::focusQuery()
{
    const QString current = m_scope->currentText();
    m_scope->clear();
    for (const Scope &s : m_scopes())
        m_scope->addItem(s.name);
    m_scope->setCurrentIndex(std::max(0, m_scope->findText(current)));
    m_query->setFocus();
    m_query->selectAll();
}

void FindInToolsPane::cancel()
{
    if (m_stop)
        m_stop->store(true);
}

void FindInToolsPane::search()
{
    cancel();
    m_watcher.waitForFinished(); // a tool's files at most: the stop is checked between tools
    m_results->clear();
    m_fileItems.clear();
    m_hits = 0;
    QString error;
    const std::optional<QRegularExpression> pattern = engine::searchPattern(
        {m_query->text(), m_case->isChecked(), m_regex->isChecked(), m_word->isChecked()}, &error);
    if (!pattern) {
        m_summary->setText(m_query->text().isEmpty() ? QString() : error);
        return;
    }
    if (m_scope->count() == 0)
        focusQuery();
    QStringList dirs;
    for (const Scope &s : m_scopes())
        if (s.name == m_scope->currentText())
            dirs = s.toolDirs;
    m_stop = std::make_shared<std::atomic_bool>(false);
    m_summary->setText(tr("Searching %n tools…", nullptr, int(dirs.size())));
    m_watcher.setFuture(QtConcurrent::run(
        [dirs, pattern = *pattern, stop = m_stop](QPromise<QList<engine::SearchHit>> &promise) {
            int left = kMaxHits;
            for (const QString &dir : dirs) {
                if (stop->load() || promise.isCanceled() || left <= 0)
                    return;
                QList<engine::SearchHit> hits = engine::searchToolDir(dir, pattern, left, stop.get());
                left -= int(hits.size());
                if (!hits.isEmpty())
                    promise.addResult(std::move(hits));
            }
        }));
}

void FindInToolsPane::addHits(int first, int end)
{
    m_results->setUpdatesEnabled(false);
    for (int i = first; i < end; ++i) {
        for (const engine::SearchHit &hit : m_watcher.resultAt(i)) {
            QTreeWidgetItem *&fileItem = m_fileItems[hit.file];
            if (!fileItem) {
                fileItem = new QTreeWidgetItem(m_results, {QDir::toNativeSeparators(hit.file)});
                fileItem->setData(0, FileRole, hit.file);
                fileItem->setExpanded(true);
            }
            auto *item = new QTreeWidgetItem(fileItem, {hit.lineText.trimmed(), QString::number(hit.line)});
            item->setData(0, FileRole, hit.file);
            item->setData(0, LineRole, hit.line);
            item->setToolTip(0, hit.lineText);
            ++m_hits;
        }
    }
    m_results->setUpdatesEnabled(true);
    m_summary->setText(tr("%n matches so far…", nullptr, m_hits));
}

void FindInToolsPane::finish()
{
    const bool stopped = m_stop && m_stop->load();
    QString text = tr("%n matches", nullptr, m_hits) + QStringLiteral(" · ") + tr("%n files", nullptr, int(m_fileItems.size()));
    if (m_hits >= kMaxHits)
        text += QStringLiteral(" · ") + tr("stopped at %1 matches: narrow the search").arg(kMaxHits);
    else if (stopped)
        text += QStringLiteral(" · ") + tr("stopped");
    m_summary->setText(text);
    Q_EMIT searchFinished();
}

void FindInToolsPane::activate(QTreeWidgetItem *item)
{
    if (!item)
        return;
    const int line = item->data(0, LineRole).toInt();
    Q_EMIT openRequested(item->data(0, FileRole).toString(), std::max(1, line));
}

} // namespace tw::ui
