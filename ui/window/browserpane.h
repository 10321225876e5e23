#pragma once
// The Browser view of the main window: the search and filter bar with the User picker, the tool
// tree (every location, or one user's effective tools) and the detail pane; a search or filter
// change keeps the tree's expanded nodes and selection to restore when it ends.
//
// No signals of its own: the window connects to its tree and its User list. Its texts keep the
// window's translation context, as before the window was split (issue 22).

#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QList>
#include <QPersistentModelIndex>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSettings;
class QSplitter;
class QTreeView;

namespace tw::engine {
class CatalogSource;
} // namespace tw::engine

namespace tw::model {
class EffectiveToolsModel;
class ToolCatalogModel;
class ToolFilterProxyModel;
} // namespace tw::model

namespace tw::ui {

class AgentSetDialog;
class ToolDetailPane;

class BrowserPane final : public QWidget
{
    Q_DECLARE_TR_FUNCTIONS(tw::ui::MainWindow)
public:
    // `scanner`: whether a catalog is there yet, for the note over an empty list; `rescan`: the
    // window's File → Rescan, also at the end of the bar; `user`: the current user at the start
    // (the User picker fills when a scan finds users).
    BrowserPane(engine::CatalogSource *scanner, QAction *rescan, const QString &user, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(BrowserPane)

    model::ToolCatalogModel *catalogModel() const { return m_catalogModel; }
    // The last whole scan it was given (what the Agent View reads); null before the first.
    const engine::Catalog *catalog() const { return m_catalog.get(); }
    model::ToolFilterProxyModel *filterModel() const { return m_filter; }
    QTreeView *toolView() const { return m_toolView; }
    QLineEdit *searchField() const { return m_search; }
    QComboBox *viewCombo() const { return m_viewCombo; } // All locations / Effective tools
    QComboBox *userCombo() const { return m_userCombo; }
    ToolDetailPane *detailPane() const { return m_detail; }
    QAction *problemsOnlyAction() const { return m_problemsOnly; }
    QAction *overriddenOnlyAction() const { return m_overriddenOnly; }
    QAction *agentViewAction() const { return m_agentView; }
    // The Agent View of the current user (the global tools when there is none), opened beside
    // the window; null before a scan has finished.
    AgentSetDialog *openAgentView();

    // A new data dir: nothing shown until its scan arrives.
    void clear(const QString &dataPath);
    // The scan, a location at a time, then the whole catalog (setCatalog, then showCatalog once
    // the window has chosen the current user from it).
    void applyLocation(const engine::LocationScan &location);
    void setCatalog(const std::shared_ptr<const engine::Catalog> &catalog);
    void showCatalog();

    // The User picker's entries (no signal); `current` is selected.
    void setUsers(const QStringList &emails, const QString &current);
    // The window's current user: selected in the picker, and the one whose effective tools show.
    void setUser(const QString &email);
    // Effective tools of the current user (true), or every location (false).
    void setEffectiveView(bool effective);

    bool selectDir(const QString &dir);
    // The tool at the tree's current row (column 0), or an invalid index for anything else.
    QModelIndex currentTool() const;
    QString currentToolDir() const;
    // A row of the Problems panel: its tool selected (clearing the search and filters when they
    // hide it) and its file opened at its line.
    void revealProblem(const QString &dir, const QString &file, int line);
    void focusSearch();

    void restoreSettings(const QSettings &settings);
    void saveSettings(QSettings &settings) const;

private:
    void buildBar(QAction *rescan);
    void buildTree();
    void connectFilter();
    void applyView();
    // Search and filters: a change runs through here, so that ending a search restores the
    // tree's expanded nodes and selection as they were (or the tool chosen while searching).
    void changeFilter(const std::function<void()> &change);
    void expandMatches();
    void rememberTreeState();
    void restoreTreeState();
    void updateNoMatches();
    void fitNameColumn();
    void selectFirstTool();
    void showCurrent();
    void fillAgentView(AgentSetDialog *dialog);

    engine::CatalogSource *m_scanner; // asked for the bodies a server's catalog did not bring
    QString m_user;
    model::ToolCatalogModel *m_catalogModel = nullptr;
    model::EffectiveToolsModel *m_effectiveModel = nullptr;
    model::ToolFilterProxyModel *m_filter = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_viewCombo = nullptr;
    QComboBox *m_userCombo = nullptr;
    QComboBox *m_scopeCombo = nullptr;
    QAction *m_problemsOnly = nullptr;
    QAction *m_overriddenOnly = nullptr;
    QAction *m_agentView = nullptr;
    std::shared_ptr<const engine::Catalog> m_catalog; // the last whole scan, for the Agent View
    QList<QPointer<AgentSetDialog>> m_agentDialogs;   // the open ones, which follow the catalog
    QSplitter *m_splitter = nullptr;
    QTreeView *m_toolView = nullptr;
    ToolDetailPane *m_detail = nullptr;
    QLabel *m_noMatches = nullptr; // over the list when nothing matches
    QTimer m_fitNameColumn;
    bool m_fittingNameColumn = false;
    bool m_nameColumnSetByUser = false;
    bool m_filterChanging = false;
    QList<QPersistentModelIndex> m_expandedBeforeFilter; // source indexes
    QPersistentModelIndex m_selectionBeforeFilter;       // source index
};

} // namespace tw::ui
