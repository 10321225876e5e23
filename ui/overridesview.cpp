#include "overridesview.h"

#include "diffmodel.h"
#include "manifestdiff.h"
#include "overridematrixfiltermodel.h"
#include "overridematrixmodel.h"
#include "toolexplanation.h"
#include "toolroles.h"

#include <QCheckBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace tw::ui {
namespace {

constexpr qint64 kMaxDiffedBytes = 2 * 1024 * 1024;

QString readText(const QString &path)
{
    if (path.isEmpty())
        return {};
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    if (f.size() > kMaxDiffedBytes)
        return OverridesView::tr("(file too large to compare: %1 bytes)").arg(f.size());
    return QString::fromUtf8(f.readAll());
}

} // namespace

OverridesView::OverridesView(QWidget *parent) : QWidget(parent)
{
    m_model = new model::OverrideMatrixModel(this);
    m_filter = new model::OverrideMatrixFilterModel(this);
    m_filter->setSourceModel(m_model);
    m_toolMdDiff = new model::DiffModel(this);
    m_entryDiff = new model::DiffModel(this);

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
                                 "⚠ has problems · empty: uses the global tool"),
                              this);
    bar->addWidget(m_toolFilter, 1);
    bar->addWidget(m_userFilter, 1);
    bar->addWidget(m_customizedOnly);
    bar->addWidget(legend);
    layout->addLayout(bar);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("overridesSplitter"));
    m_matrix = new QTableView(split);
    m_matrix->setObjectName(QStringLiteral("overridesMatrix"));
    m_matrix->setAccessibleName(tr("Tools by user"));
    m_matrix->setModel(m_filter);
    m_matrix->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrix->horizontalHeader()->setDefaultSectionSize(130);
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
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_diffTabs = new QTabWidget(details);
    m_diffTabs->setObjectName(QStringLiteral("overridesDiffTabs"));
    m_diffTabs->addTab(makeDiffView(m_toolMdDiff), tr("TOOL.md"));
    m_diffTabs->addTab(makeDiffView(m_entryDiff), tr("Entry file"));
    dl->addWidget(m_explanation);
    dl->addWidget(m_summary);
    dl->addWidget(m_diffTabs, 1);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({360, 300});
    layout->addWidget(split, 1);

    connect(m_toolFilter, &QLineEdit::textChanged, m_filter, &model::OverrideMatrixFilterModel::setToolFilter);
    connect(m_userFilter, &QLineEdit::textChanged, m_filter, &model::OverrideMatrixFilterModel::setUserFilter);
    connect(m_customizedOnly, &QCheckBox::toggled, m_filter, &model::OverrideMatrixFilterModel::setCustomizedOnly);
    connect(m_matrix->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showCell(current); });
}

QTableView *OverridesView::makeDiffView(model::DiffModel *diffModel)
{
    auto *view = new QTableView(this);
    view->setModel(diffModel);
    view->setAccessibleName(tr("Side-by-side comparison"));
    view->verticalHeader()->hide();
    view->setShowGrid(false);
    view->setWordWrap(false);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 2);
    view->horizontalHeader()->setSectionResizeMode(model::DiffModel::LeftTextColumn, QHeaderView::Stretch);
    view->horizontalHeader()->setSectionResizeMode(model::DiffModel::RightTextColumn, QHeaderView::Stretch);
    view->horizontalHeader()->setSectionResizeMode(model::DiffModel::LeftLineColumn, QHeaderView::ResizeToContents);
    view->horizontalHeader()->setSectionResizeMode(model::DiffModel::RightLineColumn, QHeaderView::ResizeToContents);
    view->horizontalHeader()->hide();
    return view;
}

QString OverridesView::explanationText() const { return m_explanation->text(); }
QString OverridesView::summaryText() const { return m_summary->text(); }

void OverridesView::setCatalog(std::shared_ptr<const engine::Catalog> catalog)
{
    const QModelIndex current = m_filter->mapToSource(m_matrix->currentIndex());
    const QString name = current.data(model::OverrideMatrixModel::ToolNameRole).toString();
    const QString email = current.data(model::OverrideMatrixModel::EmailRole).toString();
    m_model->setCatalog(std::move(catalog));
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
        m_toolMdDiff->setRows({});
        m_entryDiff->setRows({});
        m_summary->clear();
        return;
    }
    m_diffTabs->setTabText(0, tr("TOOL.md"));
    m_diffTabs->setTabText(1, tr("Entry file"));
    const QString name = index.data(model::OverrideMatrixModel::ToolNameRole).toString();
    const QString email = index.data(model::OverrideMatrixModel::EmailRole).toString();
    const engine::ToolExplanation explanation = engine::explainTool(*catalog, email, name);
    QStringList html;
    html.append(QStringLiteral("<b>%1</b> for <b>%2</b>")
                    .arg(name.toHtmlEscaped(), email.isEmpty() ? tr("the global tools") : email.toHtmlEscaped()));
    for (const QString &line : explanation.lines)
        html.append(line.toHtmlEscaped());
    m_explanation->setText(html.join(QStringLiteral("<br>")));

    const engine::ToolRecord *global = m_model->cell(index.row(), 0);
    const engine::ToolRecord *user = email.isEmpty() ? nullptr : m_model->cell(index.row(), index.column());
    if (email.isEmpty()) {
        m_summary->setText(tr("The global definition. Select a user's cell to compare that user's tool with it."));
        m_toolMdDiff->setTexts(readText(global ? global->toolMdPath : QString()), readText(global ? global->toolMdPath : QString()));
        m_entryDiff->setTexts(readText(global ? global->entryPath : QString()), readText(global ? global->entryPath : QString()));
        return;
    }
    if (!user) {
        m_summary->setText(tr("%1 has no tool of this name and uses the global one.").arg(email));
        m_toolMdDiff->setRows({});
        m_entryDiff->setRows({});
        return;
    }
    if (!global) {
        m_summary->setText(tr("User-only tool: there is no global tool named %1 (left side empty).").arg(name));
    } else {
        const QStringList changes = engine::summarizeManifestChanges(global->manifest, user->manifest);
        m_summary->setText(changes.isEmpty() ? tr("Frontmatter identical to the global tool (v%1).").arg(global->manifest.version)
                                             : tr("Global → %1: %2").arg(email, changes.join(QStringLiteral("; "))));
    }
    m_toolMdDiff->setTexts(readText(global ? global->toolMdPath : QString()), readText(user->toolMdPath));
    m_entryDiff->setTexts(readText(global ? global->entryPath : QString()), readText(user->entryPath));
    m_diffTabs->setTabText(0, tr("TOOL.md (%n changed)", nullptr, int(m_toolMdDiff->changedCount())));
    m_diffTabs->setTabText(1, tr("Entry file (%n changed)", nullptr, int(m_entryDiff->changedCount())));
}

} // namespace tw::ui
