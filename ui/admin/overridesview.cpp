#include "admin/overridesview.h"

#include "browsing/tooldiffpane.h"
#include "catalog/catalog.h"
#include "catalog/manifestdiff.h"
#include "catalog/toolexplanation.h"
#include "diffmodel.h"
#include "overridematrixfiltermodel.h"
#include "overridematrixmodel.h"
#include "toolroles.h"
#include "toolmd/toollayout.h"

#include <QCheckBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace tw::ui {
namespace {

// One side of a comparison: a loaded tool, a directory that does not load, or nothing.
struct Side
{
    QString who;       // "Global", "alice@example.com"
    QString dir;       // the tool directory; empty when the side has none
    QString dirName;
    QString toolMd;    // paths; empty when missing
    QString entry;
    QString version;   // "v2"; empty when unknown (a directory that does not load)
};

Side sideOf(const QString &who, const engine::ToolRecord *tool, const QList<const engine::SkippedDir *> &skipped)
{
    Side s{who, {}, {}, {}, {}, {}};
    if (tool) {
        s.dir = tool->dir;
        s.dirName = tool->dirName;
        s.toolMd = tool->toolMdPath();
        s.entry = tool->entryPath();
        s.version = QStringLiteral("v%1").arg(tool->manifest.version);
    } else if (!skipped.isEmpty()) {
        const engine::SkippedDir *d = skipped.first();
        s.dir = d->dir;
        s.dirName = d->dirName;
        if (d->files.contains(engine::kToolMdFile))
            s.toolMd = engine::toolMdPath(d->dir);
        for (const QString &entry : engine::kEntryFiles) {
            if (s.entry.isEmpty() && d->files.contains(entry))
                s.entry = d->dir + u'/' + entry;
        }
    }
    return s;
}

// "Global — greet/TOOL.md (v2)"; "Global — no greet" for a side without the file.
QString titleOf(const Side &side, const QString &path, const QString &name)
{
    if (path.isEmpty())
        return side.dir.isEmpty() ? OverridesView::tr("%1 — no tool named %2").arg(side.who, name)
                                  : OverridesView::tr("%1 — %2: no such file").arg(side.who, side.dirName);
    const QString file = side.dirName + u'/' + QDir(side.dir).relativeFilePath(path);
    return side.version.isEmpty() ? OverridesView::tr("%1 — %2 (does not load)").arg(side.who, file)
                                  : OverridesView::tr("%1 — %2 (%3)").arg(side.who, file, side.version);
}

QList<ToolDiffPane::File> filesOf(const Side &left, const Side &right, const QString &name)
{
    return {
        {OverridesView::tr("TOOL.md"), left.toolMd, right.toolMd, titleOf(left, left.toolMd, name), titleOf(right, right.toolMd, name)},
        {OverridesView::tr("Entry file"), left.entry, right.entry, titleOf(left, left.entry, name), titleOf(right, right.entry, name)},
    };
}

} // namespace

OverridesView::OverridesView(QWidget *parent) : QWidget(parent)
{
    m_model = new model::OverrideMatrixModel(this);
    m_filter = new model::OverrideMatrixFilterModel(this);
    m_filter->setSourceModel(m_model);

    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_toolFilter = new QLineEdit(this);
    m_toolFilter->setObjectName(QStringLiteral("overridesToolFilter"));
    m_toolFilter->setAccessibleName(tr("Filter tools"));
    m_toolFilter->setPlaceholderText(tr("Filter tools"));
    m_toolFilter->setClearButtonEnabled(true);
    m_userFilter = new QLineEdit(this);
    m_userFilter->setObjectName(QStringLiteral("overridesUserFilter"));
    m_userFilter->setAccessibleName(tr("Filter users"));
    m_userFilter->setPlaceholderText(tr("Filter users"));
    m_userFilter->setClearButtonEnabled(true);
    m_customizedOnly = new QCheckBox(tr("Only &customised tools"), this);
    m_customizedOnly->setObjectName(QStringLiteral("overridesCustomizedOnly"));
    auto *legend = new QLabel(tr("<span style=\"background-color:rgba(66,133,244,0.35)\">&nbsp;overrides global (version delta)&nbsp;</span> "
                                 "<span style=\"background-color:rgba(52,168,83,0.35)\">&nbsp;user-only&nbsp;</span> "
                                 "<span style=\"background-color:rgba(234,67,53,0.25)\">&nbsp;✕ does not load&nbsp;</span> "
                                 "⚠ has problems · empty: uses the global tool"),
                              this);
    legend->setObjectName(QStringLiteral("overridesLegend"));
    legend->setWordWrap(true);
    bar->addWidget(m_toolFilter, 1);
    bar->addWidget(m_userFilter, 1);
    bar->addWidget(m_customizedOnly);
    layout->addLayout(bar);
    layout->addWidget(legend); // a line of its own: beside the filters it squeezed them at 1024 px

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("overridesSplitter"));
    m_matrix = new QTableView(split);
    m_matrix->setObjectName(QStringLiteral("overridesMatrix"));
    m_matrix->setAccessibleName(tr("Tools by user"));
    m_matrix->setModel(m_filter);
    m_matrix->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrix->horizontalHeader()->setDefaultSectionSize(130);
    // A user narrowing a column still sees both ends of the address.
    m_matrix->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    m_matrix->verticalHeader()->setDefaultSectionSize(m_matrix->fontMetrics().height() + 6);
    m_matrix->setWordWrap(false);

    auto *details = new QWidget(split);
    auto *dl = new QVBoxLayout(details);
    dl->setContentsMargins(0, 0, 0, 0);
    m_explanation = new QLabel(details);
    m_explanation->setObjectName(QStringLiteral("overridesExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setText(tr("Select a cell to see which directories define the tool for that user and why one wins."));
    m_summary = new QLabel(details);
    m_summary->setObjectName(QStringLiteral("overridesSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText); // paths and emails, never markup
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_diff = new ToolDiffPane(details);
    m_diff->setObjectName(QStringLiteral("overridesDiff"));
    m_diff->tabs()->setObjectName(QStringLiteral("overridesDiffTabs"));
    m_diff->showFiles(filesOf({}, {}, {})); // the two tabs exist from the start
    m_diff->showMessage(tr("Select a user's cell to compare that user's tool with the global one."));
    dl->addWidget(m_explanation);
    dl->addWidget(m_summary);
    dl->addWidget(m_diff, 1);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({360, 300});
    m_diff->shareSplitterWith(split, m_matrix);
    layout->addWidget(split, 1);

    connect(m_toolFilter, &QLineEdit::textChanged, m_filter, &model::OverrideMatrixFilterModel::setToolFilter);
    connect(m_userFilter, &QLineEdit::textChanged, m_filter, &model::OverrideMatrixFilterModel::setUserFilter);
    connect(m_customizedOnly, &QCheckBox::toggled, m_filter, &model::OverrideMatrixFilterModel::setCustomizedOnly);
    connect(m_matrix->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showCell(current); });
    // Users come and go and filters show other columns: each is kept as wide as its header
    // (an email address) and its cells, never narrowed behind the user's back. Only the columns
    // in view are measured (a platform has a thousand users, and measuring one reads every
    // cell in view: a second per catalog at 1,000 users); the others as they scroll in.
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &OverridesView::fitColumns);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &OverridesView::fitColumns);
    connect(m_filter, &QAbstractItemModel::columnsInserted, this, &OverridesView::fitColumns);
    connect(m_matrix->horizontalScrollBar(), &QScrollBar::valueChanged, this, &OverridesView::fitColumns);
}

void OverridesView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_fitWhenShown)
        QTimer::singleShot(0, this, &OverridesView::fitColumns); // once the matrix has its size
}

void OverridesView::setFileReader(FileReader reader) { m_diff->setFileReader(std::move(reader)); }
QTabWidget *OverridesView::diffTabs() const { return m_diff->tabs(); }
model::DiffModel *OverridesView::toolMdDiff() const { return m_diff->diffModel(0); }
model::DiffModel *OverridesView::entryDiff() const { return m_diff->diffModel(1); }

void OverridesView::fitColumns()
{
    if (!m_matrix->isVisible()) {
        m_fitWhenShown = true;
        return;
    }
    m_fitWhenShown = false;
    const int count = m_filter->columnCount();
    if (count == 0)
        return;
    const int first = std::max(0, m_matrix->columnAt(0));
    const int inView = m_matrix->columnAt(m_matrix->viewport()->width() - 1);
    const int last = inView < 0 ? count - 1 : inView;
    for (int c = first; c <= last && c < count; ++c) {
        const int width = m_matrix->columnWidth(c);
        m_matrix->resizeColumnToContents(c); // the header's text and the cells'
        if (m_matrix->columnWidth(c) < width)
            m_matrix->setColumnWidth(c, width);
    }
}

QString OverridesView::explanationText() const { return m_explanation->text(); }
QString OverridesView::summaryText() const { return m_summary->text(); }

void OverridesView::setCatalog(std::shared_ptr<const engine::Catalog> catalog)
{
    const QModelIndex current = m_filter->mapToSource(m_matrix->currentIndex());
    const QString name = current.data(model::OverrideMatrixModel::ToolNameRole).toString();
    const QString email = current.data(model::OverrideMatrixModel::EmailRole).toString();
    m_model->setCatalog(std::move(catalog));
    fitColumns();
    if (current.isValid())
        showCell(m_filter->mapFromSource(m_model->cellIndex(name, email))); // files may have changed
}

bool OverridesView::selectCell(const QString &name, const QString &email)
{
    const QModelIndex proxy = m_filter->mapFromSource(m_model->cellIndex(name, email));
    if (!proxy.isValid())
        return false;
    m_matrix->setCurrentIndex(proxy);
    m_matrix->scrollTo(proxy);
    return true;
}

void OverridesView::showCell(const QModelIndex &proxyIndex)
{
    const QModelIndex index = m_filter->mapToSource(proxyIndex);
    const std::shared_ptr<const engine::Catalog> catalog = m_model->catalog();
    if (!index.isValid() || !catalog) {
        m_summary->clear();
        m_diff->showMessage(tr("Select a user's cell to compare that user's tool with the global one."));
        return;
    }
    const QString name = index.data(model::OverrideMatrixModel::ToolNameRole).toString();
    const QString email = index.data(model::OverrideMatrixModel::EmailRole).toString();
    const engine::ToolExplanation explanation = engine::explainTool(*catalog, email, name);
    QStringList html;
    html.append(QStringLiteral("<b>%1</b> for <b>%2</b>")
                    .arg(name.toHtmlEscaped(), email.isEmpty() ? tr("the global tools") : email.toHtmlEscaped()));
    for (const QString &line : explanation.lines)
        html.append(line.toHtmlEscaped());
    m_explanation->setText(html.join(QStringLiteral("<br>")));

    const int row = index.row();
    const engine::ToolRecord *global = m_model->cell(row, 0);
    const Side globalSide = sideOf(tr("Global"), global, m_model->notLoaded(row, 0));
    const QString notLoaded = index.data(model::OverrideMatrixModel::NotLoadedRole).toStringList().join(QStringLiteral("; "));
    if (email.isEmpty()) {
        m_summary->setText(global ? tr("The global definition. Select a user's cell to compare that user's tool with it.")
                                  : tr("The global directory does not load, so no user gets a global %1: %2").arg(name, notLoaded));
        m_diff->showFiles(filesOf(globalSide, globalSide, name));
        return;
    }
    const engine::ToolRecord *user = m_model->cell(row, index.column());
    const QList<const engine::SkippedDir *> skipped = m_model->notLoaded(row, index.column());
    if (!user && skipped.isEmpty()) {
        m_summary->setText(global ? tr("%1 has no tool of this name and uses the global one.").arg(email)
                                  : tr("%1 has no tool of this name.").arg(email));
        m_diff->showMessage(global ? tr("%1 uses the global tool: nothing to compare.").arg(email)
                                   : tr("Neither the global tools nor %1 have a tool named %2.").arg(email, name));
        return;
    }
    QString summary;
    if (!user) {
        summary = global ? tr("%1's directory does not load, so %1 gets the global tool: %2").arg(email, notLoaded)
                         : tr("%1's directory does not load, so %1 has no tool of this name: %2").arg(email, notLoaded);
    } else if (!global) {
        summary = tr("User-only tool: there is no global tool named %1 (left side empty).").arg(name);
    } else {
        // A window's catalog holds no inputs: both read whole (two directories) to compare them.
        const QStringList changes =
            engine::summarizeManifestChanges(engine::withDetails(*global).manifest, engine::withDetails(*user).manifest);
        summary = changes.isEmpty() ? tr("Frontmatter identical to the global tool (v%1).").arg(global->manifest.version)
                                    : tr("Global → %1: %2").arg(email, changes.join(QStringLiteral("; ")));
    }
    if (user && !notLoaded.isEmpty())
        summary += u' ' + tr("Also named like it but not loaded: %1").arg(notLoaded);
    m_summary->setText(summary);
    m_diff->showFiles(filesOf(globalSide, sideOf(email, user, skipped), name));
}

} // namespace tw::ui
