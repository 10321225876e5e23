#pragma once
// Find in Tools (Ctrl+Shift+F, issue 26): a text or a regular expression searched in every file
// of the tools the window shows (global and users', or one location), off the GUI thread, tool
// after tool, the hits listed per file as they come. Activating a hit asks to open the file at
// its line (the window opens TOOL.md and the entry in the tool's editor, other files in a
// viewer). A new search, or closing the pane, stops the one running.

#include "catalog/toolsearch.h"

#include <QFutureWatcher>
#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace tw::ui {

class FindInToolsPane final : public QWidget
{
    Q_OBJECT
public:
    // Where to search: a scope's name and its tool directories, asked at each search.
    struct Scope
    {
        QString name;
        QStringList toolDirs;
    };
    using Scopes = std::function<QList<Scope>()>;

    explicit FindInToolsPane(Scopes scopes, QWidget *parent = nullptr);
    ~FindInToolsPane() override;

    // Short by default: the pane shares the window's height with the editor or the browser.
    QSize sizeHint() const override { return {800, 180}; }

    void focusQuery();     // selects the query, refreshes the scopes
    void search();         // with what the fields say
    void cancel();
    bool isSearching() const { return m_watcher.isRunning(); }

    QLineEdit *queryEdit() const { return m_query; }
    QTreeWidget *results() const { return m_results; }
    QLabel *summary() const { return m_summary; }
    QComboBox *scopeCombo() const { return m_scope; }
    QCheckBox *regexBox() const { return m_regex; }
    int hitCount() const { return m_hits; }

Q_SIGNALS:
    void openRequested(const QString &file, int line);
    void searchFinished();

private:
    void addHits(int first, int end);
    void finish();
    void activate(QTreeWidgetItem *item);

    Scopes m_scopes;
    QLineEdit *m_query = nullptr;
    QCheckBox *m_case = nullptr;
    QCheckBox *m_word = nullptr;
    QCheckBox *m_regex = nullptr;
    QComboBox *m_scope = nullptr;
    QTreeWidget *m_results = nullptr;
    QLabel *m_summary = nullptr;
    QFutureWatcher<QList<engine::SearchHit>> m_watcher;
    std::shared_ptr<std::atomic_bool> m_stop;
    QHash<QString, QTreeWidgetItem *> m_fileItems;
    int m_hits = 0;
    int m_toolsSearched = 0;
};

} // namespace tw::ui
