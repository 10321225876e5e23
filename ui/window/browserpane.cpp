#include "window/browserpane.h"

#include "agent/agentview.h"
#include "browsing/agentsetdialog.h"
#include "browsing/tooldetailpane.h"
#include "catalog/catalogsource.h"
#include "catalog/overrideresolver.h"
#include "effectivetoolsmodel.h"
#include "tones.h"
#include "toolcatalogmodel.h"
#include "toolfilterproxymodel.h"
#include "toolroles.h"
#include "widgets/theme.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSettings>
#include <QSplitter>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

using model::NodeKind;
using model::OverrideState;

namespace {

// Down from the search field moves into the list, Escape clears the search.
class SearchKeys final : public QObject
{
public:
    SearchKeys(QLineEdit *edit, QTreeView *view) : QObject(edit), m_edit(edit), m_view(view) {}
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() != QEvent::KeyPress)
            return false;
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down) {
            m_view->setFocus();
            if (!m_view->currentIndex().isValid() && m_view->model()->rowCount() > 0)
                m_view->setCurrentIndex(m_view->model()->index(0, 0));
            return true;
        }
        if (key == Qt::Key_Escape && !m_edit->text().isEmpty()) {
            m_edit->clear();
            return true;
        }
        return false;
    }

private:
    QLineEdit *m_edit;
    QTreeView *m_view;
};

// Keeps a note over a view's viewport ("No tools match …"), filling it as it resizes.
class ViewportOverlay final : public QObject
{
public:
    ViewportOverlay(QWidget *viewport, QLabel *label) : QObject(label), m_label(label)
    {
        viewport->installEventFilter(this);
        place(viewport);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize)
            place(static_cast<QWidget *>(watched));
        return false;
    }

private:
    void place(const QWidget *viewport) { m_label->setGeometry(viewport->rect().adjusted(12, 12, -12, -12)); }
    QLabel *m_label;
};

QStringList badgesFor(const QModelIndex &index)
{
    QStringList badges;
    switch (OverrideState(index.data(model::OverrideStateRole).toInt())) {
    case OverrideState::OverridesGlobal:
        badges.append(BrowserPane::tr("shadows global v%1").arg(index.data(model::OverriddenVersionRole).toInt()));
        break;
    case OverrideState::Overridden: {
        const QStringList users = index.data(model::OverriddenByRole).toStringList();
        QString who = QStringList(users.mid(0, 3)).join(QStringLiteral(", "));
        if (users.size() > 3)
            who += BrowserPane::tr(" and %n more", nullptr, int(users.size() - 3));
        badges.append(BrowserPane::tr("overridden by %1").arg(who));
        break;
    }
    case OverrideState::Shadowed:
        badges.append(BrowserPane::tr("duplicate name: another directory wins"));
        break;
    case OverrideState::None:
        break;
    }
    return badges;
}

} // namespace

BrowserPane::BrowserPane(engine::CatalogSource *scanner, QAction *rescan, const QString &user, QWidget *parent)
    : QWidget(parent), m_scanner(scanner), m_user(user)
{
    m_catalogModel = new model::ToolCatalogModel(this);
    m_effectiveModel = new model::EffectiveToolsModel(this);
    m_filter = new model::ToolFilterProxyModel(this);
    m_filter->setSourceModel(m_catalogModel);
    // The search and filter bar belongs to the Browser page only.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    buildBar(rescan);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(m_splitter, 1);
    buildTree();
    connectFilter();
}

void BrowserPane::buildBar(QAction *rescan)
{
    m_problemsOnly = new QAction(QIcon::fromTheme(QStringLiteral("dialog-warning")), tr("With &Problems"), this);
    m_problemsOnly->setCheckable(true);
    m_problemsOnly->setToolTip(tr("Show only tools with warnings or errors, and directories that are not loaded"));
    m_problemsOnly->setShortcut(QKeySequence(Qt::ALT | Qt::Key_P));
    m_overriddenOnly = new QAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Overridden"), this);
    m_overriddenOnly->setCheckable(true);
    m_overriddenOnly->setToolTip(tr("Show only tools that override, are overridden by, or duplicate another"));
    m_overriddenOnly->setShortcut(QKeySequence(Qt::ALT | Qt::Key_O));

    auto *bar = new QToolBar(tr("Browse"), this);
    bar->setObjectName(QStringLiteral("browseToolBar"));
    layout()->addWidget(bar);
    m_search = new QLineEdit(bar);
    m_search->setObjectName(QStringLiteral("searchField"));
    m_search->setAccessibleName(tr("Search tools"));
    m_search->setPlaceholderText(tr("Search name, label, description (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(260);
    bar->addWidget(m_search);
    // The current user, always in sight: what New Tool, Customize, Import and Run act for.
    auto *userLabel = new QLabel(tr("&User:"), bar);
    userLabel->setContentsMargins(8, 0, 4, 0);
    m_userCombo = new QComboBox(bar);
    m_userCombo->setObjectName(QStringLiteral("userCombo"));
    m_userCombo->setAccessibleName(tr("User"));
    m_userCombo->setToolTip(tr("The user New Tool, Customize, Import and Run act for, and whose effective tools "
                               "the view shows"));
    m_userCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_userCombo->setPlaceholderText(tr("no user"));
    m_userCombo->setEnabled(false); // until a scan finds users
    userLabel->setBuddy(m_userCombo);
    bar->addWidget(userLabel);
    bar->addWidget(m_userCombo);
    m_viewCombo = new QComboBox(bar);
    m_viewCombo->setObjectName(QStringLiteral("viewCombo"));
    m_viewCombo->setAccessibleName(tr("Show"));
    m_viewCombo->setToolTip(tr("Every location as a tree, or the effective tools the user's agent sees "
                               "(global tools, then the user's own; the same name later wins)"));
    m_viewCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_viewCombo->addItem(tr("All locations"));
    m_viewCombo->addItem(tr("Effective tools"));
    bar->addWidget(m_viewCombo);
    m_scopeCombo = new QComboBox(bar);
    m_scopeCombo->setObjectName(QStringLiteral("scopeCombo"));
    m_scopeCombo->setAccessibleName(tr("Scope filter"));
    m_scopeCombo->addItem(tr("Global and user"), int(model::ToolFilterProxyModel::ScopeFilter::All));
    m_scopeCombo->addItem(tr("Global only"), int(model::ToolFilterProxyModel::ScopeFilter::Global));
    m_scopeCombo->addItem(tr("User only"), int(model::ToolFilterProxyModel::ScopeFilter::User));
    m_scopeCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(m_scopeCombo);
    bar->addAction(m_problemsOnly);
    bar->addAction(m_overriddenOnly);
    // The current user's toolset as the agent gets it, with sizes (issue 23).
    m_agentView = new QAction(QIcon::fromTheme(QStringLiteral("utilities-system-monitor")), tr("Agent View…"), this);
    m_agentView->setObjectName(QStringLiteral("agentViewAction"));
    m_agentView->setToolTip(tr("What the agent is given for the user's tools: registrations, sizes (largest first) "
                               "and the system prompt's tool list"));
    m_agentView->setEnabled(false); // until a scan has finished
    connect(m_agentView, &QAction::triggered, this, [this] { openAgentView(); });
    bar->addAction(m_agentView);
    bar->addSeparator();
    bar->addAction(rescan);
}

void BrowserPane::buildTree()
{
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_toolView = new QTreeView(m_splitter);
    m_toolView->setObjectName(QStringLiteral("toolView"));
    m_toolView->setAccessibleName(tr("Tools"));
    m_toolView->setModel(m_filter);
    m_toolView->setUniformRowHeights(true);
    m_toolView->setAlternatingRowColors(true);
    m_toolView->header()->setStretchLastSection(true);
    m_toolView->setColumnWidth(0, 240);
    m_toolView->setColumnWidth(1, 60);
    // The name column fits its names (up to a share of the list) until the user sizes it by hand;
    // a longer name is elided and its tooltip says it whole.
    m_fitNameColumn.setSingleShot(true);
    m_fitNameColumn.setInterval(0);
    connect(&m_fitNameColumn, &QTimer::timeout, this, &BrowserPane::fitNameColumn);
    for (auto signal : {&QTreeView::expanded, &QTreeView::collapsed})
        connect(m_toolView, signal, &m_fitNameColumn, qOverload<>(&QTimer::start));
    connect(m_toolView->header(), &QHeaderView::sectionResized, this, [this](int section) {
        // A drag on the header's handle (a model reset resizes sections too, with no button held).
        if (section == 0 && !m_fittingNameColumn && (QApplication::mouseButtons() & Qt::LeftButton))
            m_nameColumnSetByUser = true;
    });
    m_noMatches = new QLabel(m_toolView->viewport());
    m_noMatches->setObjectName(QStringLiteral("noMatchesLabel"));
    m_noMatches->setAlignment(Qt::AlignCenter);
    m_noMatches->setWordWrap(true);
    m_noMatches->setAttribute(Qt::WA_TransparentForMouseEvents);
    setTone(m_noMatches, model::Tone::Muted);
    m_noMatches->hide();
    new ViewportOverlay(m_toolView->viewport(), m_noMatches);
    m_detail = new ToolDetailPane(m_splitter);
    m_detail->setObjectName(QStringLiteral("detailPane"));
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({420, 640});
    m_search->installEventFilter(new SearchKeys(m_search, m_toolView));
}

void BrowserPane::connectFilter()
{
    connect(m_problemsOnly, &QAction::toggled, this, [this](bool on) { changeFilter([&] { m_filter->setProblemsOnly(on); }); });
    connect(m_overriddenOnly, &QAction::toggled, this,
            [this](bool on) { changeFilter([&] { m_filter->setOverriddenOnly(on); }); });
    connect(m_search, &QLineEdit::textChanged, this,
            [this](const QString &text) {
                // The same tools match (a word typed on that every tool shown still contains):
                // nothing in the tree changes, so nothing is refiltered or laid out again.
                if (m_filter->keepsRowsWithText(text)) {
                    m_filter->setTextKeepingRows(text);
                    return;
                }
                changeFilter([&] { m_filter->setText(text); });
            });
    connect(m_scopeCombo, &QComboBox::currentIndexChanged, this, [this] {
        changeFilter([this] {
            m_filter->setScopeFilter(model::ToolFilterProxyModel::ScopeFilter(m_scopeCombo->currentData().toInt()));
        });
    });
    connect(m_viewCombo, &QComboBox::currentIndexChanged, this, &BrowserPane::applyView);
    connect(m_toolView->selectionModel(), &QItemSelectionModel::currentChanged, this, &BrowserPane::showCurrent);
    const auto listChanged = [this] {
        updateNoMatches();
        m_fitNameColumn.start();
    };
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, listChanged);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, listChanged);
    connect(m_filter, &QAbstractItemModel::modelReset, this, listChanged);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, listChanged);
    connect(m_filter, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                const QModelIndex cur = m_toolView->currentIndex();
                if (cur.isValid() && cur.parent() == topLeft.parent() && cur.row() >= topLeft.row()
                    && cur.row() <= bottomRight.row())
                    showCurrent();
            });
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, [this] {
        if (!m_toolView->currentIndex().isValid())
            showCurrent();
    });
}

void BrowserPane::restoreSettings(const QSettings &settings)
{
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    m_toolView->header()->restoreState(settings.value(QStringLiteral("window/toolHeader")).toByteArray());
    m_nameColumnSetByUser = settings.value(QStringLiteral("window/nameColumnSetByUser"), false).toBool();
}

void BrowserPane::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("window/nameColumnSetByUser"), m_nameColumnSetByUser);
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("window/toolHeader"), m_toolView->header()->saveState());
}

void BrowserPane::clear(const QString &dataPath)
{
    m_catalogModel->clear();
    m_effectiveModel->setCatalog(nullptr);
    m_catalog.reset();
    m_agentView->setEnabled(false);
    m_detail->showNothing(tr("Scanning %1…").arg(dataPath));
}

void BrowserPane::applyLocation(const engine::LocationScan &location)
{
    m_catalogModel->applyLocation(location);
    if (location.scope == engine::Scope::Global)
        m_toolView->expand(m_filter->mapFromSource(m_catalogModel->globalGroupIndex()));
}

void BrowserPane::setCatalog(const std::shared_ptr<const engine::Catalog> &catalog)
{
    m_catalog = catalog;
    m_agentView->setEnabled(catalog != nullptr);
    m_catalogModel->applyCatalog(*catalog);
    m_effectiveModel->setCatalog(catalog);
    // An open Agent View follows the catalog (an edit, a server's bodies arriving).
    m_agentDialogs.removeAll(nullptr);
    for (const QPointer<AgentSetDialog> &dialog : std::as_const(m_agentDialogs))
        fillAgentView(dialog);
}

void BrowserPane::showCatalog()
{
    if (m_filter->sourceModel() == m_catalogModel && !m_filter->isFiltering()) {
        m_toolView->expand(m_filter->mapFromSource(m_catalogModel->globalGroupIndex()));
        m_toolView->expand(m_filter->mapFromSource(m_catalogModel->usersGroupIndex()));
        if (!m_user.isEmpty())
            m_toolView->expand(m_filter->mapFromSource(m_catalogModel->userIndex(m_user)));
    }
    if (!m_toolView->currentIndex().isValid())
        selectFirstTool();
    updateNoMatches();
    m_fitNameColumn.start();
}

void BrowserPane::selectFirstTool()
{
    // The current user's first tool, else the first global one: the pane is never blank for nothing.
    const QModelIndex user = m_catalogModel->userIndex(m_user);
    for (const QModelIndex &parent : {user, m_catalogModel->globalGroupIndex()}) {
        if (!parent.isValid() || m_filter->sourceModel() != m_catalogModel)
            continue;
        for (int r = 0; r < m_catalogModel->rowCount(parent); ++r) {
            const QModelIndex proxy = m_filter->mapFromSource(m_catalogModel->index(r, 0, parent));
            if (proxy.isValid() && NodeKind(proxy.data(model::NodeKindRole).toInt()) == NodeKind::Tool) {
                m_toolView->setCurrentIndex(proxy);
                return;
            }
        }
    }
}

void BrowserPane::setUsers(const QStringList &emails, const QString &current)
{
    const QSignalBlocker block(m_userCombo);
    m_userCombo->clear();
    for (const QString &email : emails)
        m_userCombo->addItem(email, email);
    m_userCombo->setCurrentIndex(int(emails.indexOf(current)));
    m_userCombo->setEnabled(!emails.isEmpty());
}

void BrowserPane::setUser(const QString &email)
{
    m_user = email;
    {
        const QSignalBlocker block(m_userCombo);
        if (!email.isEmpty() && m_userCombo->findData(email) < 0)
            m_userCombo->addItem(email, email);
        m_userCombo->setCurrentIndex(m_userCombo->findData(email));
    }
    if (m_filter->sourceModel() == m_effectiveModel) {
        applyView();
    } else if (const QModelIndex node = m_filter->mapFromSource(m_catalogModel->userIndex(email)); node.isValid()) {
        m_toolView->expand(node);
        m_toolView->scrollTo(node);
    }
}

void BrowserPane::setEffectiveView(bool effective)
{
    if (const int index = effective ? 1 : 0; index != m_viewCombo->currentIndex())
        m_viewCombo->setCurrentIndex(index); // applies the view through the signal
    else
        applyView();
}

void BrowserPane::applyView()
{
    const bool effective = m_viewCombo->currentIndex() == 1 && !m_user.isEmpty();
    if (!effective) {
        if (m_filter->sourceModel() != m_catalogModel) {
            m_filter->setSourceModel(m_catalogModel);
            m_toolView->setRootIsDecorated(true);
            m_toolView->expandToDepth(1);
        }
    } else {
        m_effectiveModel->setUser(m_user);
        if (m_filter->sourceModel() != m_effectiveModel) {
            m_filter->setSourceModel(m_effectiveModel);
            m_toolView->setRootIsDecorated(false);
        }
    }
    connect(m_toolView->selectionModel(), &QItemSelectionModel::currentChanged, this, &BrowserPane::showCurrent,
            Qt::UniqueConnection);
    showCurrent();
    updateNoMatches();
}

bool BrowserPane::selectDir(const QString &dir)
{
    QModelIndex source;
    if (m_filter->sourceModel() == m_catalogModel) {
        source = m_catalogModel->toolIndex(dir);
        if (!source.isValid()) {
            // A skipped directory: search its location's children.
            const QList<QModelIndex> parents = [&] {
                QList<QModelIndex> list{m_catalogModel->globalGroupIndex()};
                const QModelIndex users = m_catalogModel->usersGroupIndex();
                for (int r = 0; r < m_catalogModel->rowCount(users); ++r)
                    list.append(m_catalogModel->index(r, 0, users));
                return list;
            }();
            for (const QModelIndex &p : parents) {
                for (int r = 0; r < m_catalogModel->rowCount(p) && !source.isValid(); ++r) {
                    const QModelIndex i = m_catalogModel->index(r, 0, p);
                    if (i.data(model::DirRole).toString() == dir)
                        source = i;
                }
            }
        }
    } else {
        for (int r = 0; r < m_effectiveModel->rowCount() && !source.isValid(); ++r) {
            const QModelIndex i = m_effectiveModel->index(r, 0);
            if (i.data(model::DirRole).toString() == dir)
                source = i;
        }
    }
    const QModelIndex proxy = m_filter->mapFromSource(source);
    if (!proxy.isValid())
        return false;
    m_toolView->setCurrentIndex(proxy);
    m_toolView->scrollTo(proxy);
    return true;
}

QModelIndex BrowserPane::currentTool() const
{
    const QModelIndex index = m_toolView->currentIndex().siblingAtColumn(0);
    return NodeKind(index.data(model::NodeKindRole).toInt()) == NodeKind::Tool ? index : QModelIndex();
}

QString BrowserPane::currentToolDir() const
{
    return currentTool().data(model::DirRole).toString();
}

void BrowserPane::revealProblem(const QString &dir, const QString &file, int line)
{
    if (!selectDir(dir)) {
        m_viewCombo->setCurrentIndex(0); // the tree shows every location
        m_search->clear();
        m_problemsOnly->setChecked(false);
        m_overriddenOnly->setChecked(false);
        m_scopeCombo->setCurrentIndex(0);
        selectDir(dir);
    }
    if (!file.isEmpty())
        m_detail->openFile(file, line);
}

void BrowserPane::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void BrowserPane::showCurrent()
{
    const QModelIndex index = m_toolView->currentIndex().siblingAtColumn(0);
    // A tool chosen while searching is the one to keep when the search ends.
    if (index.isValid() && m_filter->isFiltering() && !m_filterChanging)
        m_selectionBeforeFilter = m_filter->mapToSource(index);
    if (!index.isValid()) {
        m_detail->showNothing(tr("Select a tool to see its documentation, inputs, files and problems."));
        return;
    }
    switch (NodeKind(index.data(model::NodeKindRole).toInt())) {
    case NodeKind::Tool: {
        const auto tool = index.data(model::ToolRecordRole).value<engine::ToolRecord>();
        // The global tool an override hides, for the Agent tab's "what changes for the agent".
        const engine::ToolRecord *global = nullptr;
        if (OverrideState(index.data(model::OverrideStateRole).toInt()) == OverrideState::OverridesGlobal && m_catalog)
            global = engine::locationWinners(m_catalog->global).value(tool.manifest.name);
        // A window's catalog comes without the bodies: the one shown is read (from disk or the
        // server), and shown when the catalog has it (the row's dataChanged brings us here again).
        QStringList missing;
        if (tool.detailsElsewhere())
            missing << tool.dir;
        if (global && global->detailsElsewhere())
            missing << global->dir;
        if (!missing.isEmpty())
            m_scanner->requestBodies(missing);
        m_detail->showTool(tool, badgesFor(index), global);
        break;
    }
    case NodeKind::Skipped:
        m_detail->showSkipped(index.data(model::SkippedDirRole).value<engine::SkippedDir>());
        break;
    case NodeKind::Group:
    case NodeKind::User:
        m_detail->showNothing(index.data(Qt::DisplayRole).toString());
        break;
    }
}

void BrowserPane::changeFilter(const std::function<void()> &change)
{
    const bool wasFiltering = m_filter->isFiltering();
    if (!wasFiltering)
        rememberTreeState();
    {
        const QScopedValueRollback guard(m_filterChanging, true);
        change(); // one layout change, however many rows it hides or shows
    }
    if (m_filter->isFiltering())
        expandMatches();
    else if (wasFiltering)
        restoreTreeState();
    updateNoMatches();
}

void BrowserPane::expandMatches()
{
    // Every match in sight: the groups and users shown, opened where they are not. The filter's
    // layout change left the view a layout to do; an expand() then only notes the node, so the
    // tree is laid out once (expandAll() laid every row out at once, then again: 8-14 ms a key
    // at 101,000 tools).
    for (int g = 0; g < m_filter->rowCount(); ++g) {
        const QModelIndex group = m_filter->index(g, 0);
        if (!m_filter->hasChildren(group))
            continue;
        if (!m_toolView->isExpanded(group))
            m_toolView->expand(group);
        for (int u = 0; u < m_filter->rowCount(group); ++u) {
            const QModelIndex user = m_filter->index(u, 0, group);
            if (m_filter->hasChildren(user) && !m_toolView->isExpanded(user))
                m_toolView->expand(user);
        }
    }
}

void BrowserPane::rememberTreeState()
{
    m_expandedBeforeFilter.clear();
    if (m_filter->sourceModel() == m_catalogModel) {
        QList<QModelIndex> nodes{m_catalogModel->globalGroupIndex(), m_catalogModel->usersGroupIndex()};
        for (int r = 0; r < m_catalogModel->rowCount(nodes[1]); ++r)
            nodes.append(m_catalogModel->index(r, 0, nodes[1]));
        for (const QModelIndex &node : std::as_const(nodes)) {
            if (m_toolView->isExpanded(m_filter->mapFromSource(node)))
                m_expandedBeforeFilter.append(node);
        }
    }
    m_selectionBeforeFilter = m_filter->mapToSource(m_toolView->currentIndex().siblingAtColumn(0));
}

void BrowserPane::restoreTreeState()
{
    if (m_filter->sourceModel() == m_catalogModel) {
        // All closed at once, then the nodes that were open opened: closing each of 1,000 users
        // one by one re-laid the whole tree out each time.
        m_toolView->collapseAll();
        for (const QPersistentModelIndex &node : std::as_const(m_expandedBeforeFilter))
            if (node.isValid())
                m_toolView->expand(m_filter->mapFromSource(node));
    }
    m_expandedBeforeFilter.clear();
    const QModelIndex selected = m_selectionBeforeFilter;
    if (selected.isValid() && selected.model() == m_filter->sourceModel()) {
        const QModelIndex proxy = m_filter->mapFromSource(selected);
        m_toolView->setCurrentIndex(proxy);
        m_toolView->scrollTo(proxy); // opens its user if that was closed
    }
}

void BrowserPane::updateNoMatches()
{
    if (!m_noMatches)
        return;
    QString text;
    if (m_filter->rowCount() == 0) {
        const QString words = m_filter->text().simplified();
        if (!words.isEmpty())
            text = tr("No tools match \u201c%1\u201d.").arg(words) + u'\n' + tr("Esc in the search field clears it.");
        else if (m_filter->isFiltering())
            text = tr("No tools match the filters in the toolbar.");
        else if (m_filter->sourceModel() == m_effectiveModel && m_scanner->catalog())
            text = tr("%1's agent sees no tools.").arg(m_user);
    }
    m_noMatches->setText(text);
    m_noMatches->setVisible(!text.isEmpty());
}

void BrowserPane::fitNameColumn()
{
    if (m_nameColumnSetByUser)
        return;
    const QScopedValueRollback guard(m_fittingNameColumn, true);
    const int before = m_toolView->columnWidth(0);
    // While searching, the rows in sight: Qt's default measures up to 1,000 rows besides, each a
    // text laid out — a quarter of a keystroke at 101,000 tools.
    m_toolView->header()->setResizeContentsPrecision(m_filter->isFiltering() ? 0 : 1000);
    m_toolView->resizeColumnToContents(0);
    // Room is kept for the version and a part of the status; a longer name is elided. While a
    // search narrows the list the column only grows, so that it does not jump as one types.
    const int most = std::max(240, m_toolView->viewport()->width() - m_toolView->columnWidth(1) - 80);
    const int least = m_filter->isFiltering() ? before : m_toolView->header()->sectionSizeHint(0);
    m_toolView->setColumnWidth(0, std::clamp(m_toolView->columnWidth(0), std::min(least, most), most));
}

AgentSetDialog *BrowserPane::openAgentView()
{
    if (!m_catalog)
        return nullptr;
    // Non-modal, one per click: the user may keep one per user open side by side.
    auto *dialog = new AgentSetDialog(m_user, engine::agentBudgetTokens(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_agentDialogs.append(dialog);
    fillAgentView(dialog);
    dialog->show();
    return dialog;
}

void BrowserPane::fillAgentView(AgentSetDialog *dialog)
{
    // What the agent gets is computed from the bodies: a window's catalog, which holds none,
    // reads the user's and the global ones first (one request), and the dialog fills when the
    // catalog has them.
    QStringList missing;
    const auto collect = [&missing](const engine::LocationScan &location) {
        for (const engine::ToolRecord &t : location.tools)
            if (t.detailsElsewhere())
                missing << t.dir;
    };
    collect(m_catalog->global);
    if (const engine::LocationScan *user = m_catalog->userLocation(dialog->user()))
        collect(*user);
    if (missing.isEmpty()) {
        dialog->setCatalog(*m_catalog);
        return;
    }
    dialog->showFetching(int(missing.size()));
    m_scanner->requestBodies(missing);
}

} // namespace tw::ui
