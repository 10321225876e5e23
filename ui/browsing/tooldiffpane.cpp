#include "browsing/tooldiffpane.h"

#include "diffmodel.h"
#include "widgets/diffview.h"
#include "widgets/theme.h"

#include <QEvent>
#include <QPointer>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>

#include <memory>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

ToolDiffPane::ToolDiffPane(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    m_message = new QLabel(m_stack);
    m_message->setObjectName(QStringLiteral("diffMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    setTone(m_message, model::Tone::Muted);
    m_tabs = new QTabWidget(m_stack);
    m_tabs->setObjectName(QStringLiteral("diffTabs"));
    m_tabs->setDocumentMode(true);
    m_stack->addWidget(m_message);
    m_stack->addWidget(m_tabs);
    layout->addWidget(m_stack);
}

QString ToolDiffPane::readText(const QString &path)
{
    if (path.isEmpty())
        return {};
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return tr("(cannot read %1: %2)").arg(path, f.errorString());
    if (f.size() > kMaxDiffedBytes)
        return tr("(file too large to compare: %1 bytes)").arg(f.size());
    return textOf(f.readAll());
}

QString ToolDiffPane::textOf(const QByteArray &bytes)
{
    if (bytes.size() > kMaxDiffedBytes)
        return tr("(file too large to compare: %1 bytes)").arg(bytes.size());
    // A NUL in the first block: a binary file, which a line diff would only garble.
    if (bytes.left(8192).contains('\0'))
        return tr("(binary file, %n bytes)", nullptr, int(bytes.size()));
    return QString::fromUtf8(bytes);
}

void ToolDiffPane::showFiles(const QList<File> &files)
{
    const quint64 request = ++m_request;
    // Each file once (both sides may name the same one).
    QStringList paths;
    for (const File &f : files)
        for (const QString &path : {f.leftPath, f.rightPath})
            if (!path.isEmpty() && !paths.contains(path))
                paths.append(path);
    if (!m_fileReader || paths.isEmpty()) {
        QHash<QString, QString> texts;
        for (const QString &path : std::as_const(paths))
            texts.insert(path, readText(path));
        compare(files, texts);
        return;
    }
    // The comparison when the last file has come.
    auto pending = std::make_shared<QHash<QString, QString>>();
    auto remaining = std::make_shared<qsizetype>(paths.size());
    for (const QString &path : std::as_const(paths)) {
        m_fileReader(path, [this, guard = QPointer<ToolDiffPane>(this), request, files, path, pending,
                            remaining](const QByteArray &bytes, const QString &error) {
            if (!guard || request != m_request)
                return;
            pending->insert(path, error.isEmpty() ? textOf(bytes) : tr("(cannot read %1: %2)").arg(path, error));
            if (--*remaining == 0)
                compare(files, *pending);
        });
    }
}

void ToolDiffPane::compare(const QList<File> &files, const QHash<QString, QString> &texts)
{
    while (m_models.size() < files.size()) {
        auto *diffModel = new model::DiffModel(this);
        auto *view = new DiffView(m_tabs);
        view->setDiffModel(diffModel);
        m_models.append(diffModel);
        m_views.append(view);
    }
    const int current = m_tabs->currentIndex();
    while (m_tabs->count() > files.size())
        m_tabs->removeTab(m_tabs->count() - 1);
    int firstChanged = -1;
    for (int i = 0; i < files.size(); ++i) {
        const File &f = files[i];
        model::DiffModel *diffModel = m_models[i];
        diffModel->setTitles(f.leftTitle, f.rightTitle);
        diffModel->setTexts(texts.value(f.leftPath), texts.value(f.rightPath));
        const qsizetype changed = diffModel->changedCount();
        QString title = f.name;
        if (f.leftPath != f.rightPath) {
            if (f.leftPath.isEmpty() && !f.rightPath.isEmpty())
                title = tr("%1 (added)").arg(f.name);
            else if (f.rightPath.isEmpty() && !f.leftPath.isEmpty())
                title = tr("%1 (removed)").arg(f.name);
            else
                title = changed ? tr("%1 (%n changed)", nullptr, int(changed)).arg(f.name) : tr("%1 (identical)").arg(f.name);
        }
        if (i >= m_tabs->count())
            m_tabs->addTab(m_views[i], title);
        else
            m_tabs->setTabText(i, title);
        m_tabs->setTabToolTip(i, f.leftTitle == f.rightTitle ? f.leftTitle : f.leftTitle + u'\n' + f.rightTitle);
        if (firstChanged < 0 && changed > 0)
            firstChanged = i;
    }
    // Stay on the file the user was reading if it is still there; else the first change.
    if (current >= 0 && current < files.size() && m_models[current]->changedCount() > 0)
        m_tabs->setCurrentIndex(current);
    else if (firstChanged >= 0)
        m_tabs->setCurrentIndex(firstChanged);
    m_stack->setCurrentWidget(files.isEmpty() ? static_cast<QWidget *>(m_message) : m_tabs);
}

void ToolDiffPane::showMessage(const QString &text)
{
    ++m_request; // a comparison still being read is not shown over this
    for (model::DiffModel *diffModel : std::as_const(m_models)) {
        diffModel->setRows({});
        diffModel->setTitles({}, {});
    }
    m_message->setText(text);
    m_stack->setCurrentWidget(m_message);
}

void ToolDiffPane::shareSplitterWith(QSplitter *splitter, QTableView *table)
{
    Q_ASSERT(splitter->indexOf(table) == 0 && splitter->count() == 2);
    m_splitter = splitter;
    m_table = table;
    connect(splitter, &QSplitter::splitterMoved, this, [this] { m_splitterMovedByUser = true; });
    splitter->installEventFilter(this);
    QAbstractItemModel *model = table->model();
    for (auto rowsChanged : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, rowsChanged, this, &ToolDiffPane::fitSplitter);
    connect(model, &QAbstractItemModel::modelReset, this, &ToolDiffPane::fitSplitter);
    connect(model, &QAbstractItemModel::layoutChanged, this, &ToolDiffPane::fitSplitter);
}

bool ToolDiffPane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_splitter && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitSplitter();
    return QWidget::eventFilter(watched, event);
}

void ToolDiffPane::fitSplitter()
{
    if (!m_table || !m_splitter || m_splitterMovedByUser || !m_splitter->isVisible() || m_table->model()->rowCount() == 0)
        return;
    const int total = m_splitter->height();
    const int header = m_table->horizontalHeader()->isVisible() ? m_table->horizontalHeader()->height() : 0;
    const int wanted = header + m_table->verticalHeader()->length() + 2 * m_table->frameWidth()
        + m_table->horizontalScrollBar()->sizeHint().height();
    const int table = std::clamp(wanted, total / 4, total * 3 / 5);
    m_splitter->setSizes({table, total - table});
}

QString ToolDiffPane::messageText() const
{
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

} // namespace tw::ui
