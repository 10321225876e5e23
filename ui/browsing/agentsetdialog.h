#pragma once
// The Agent view of one user (or of the global tools alone): the toolset as the agent gets it
// (engine::agentView), largest first, with each tool's size against the budget, the total, and
// the system prompt's "Available tools" section. Opened from the Browser's bar, which fills it
// again as the catalog changes.

#include "catalog/catalog.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;

namespace tw::ui {

class AgentSetDialog final : public QDialog
{
    Q_OBJECT
public:
    enum Column { NameColumn, ScopeColumn, TokensColumn, CharsColumn, NoteColumn };

    AgentSetDialog(const QString &user, int budgetTokens, QWidget *parent = nullptr);
    AgentSetDialog(const engine::Catalog &catalog, const QString &user, int budgetTokens, QWidget *parent = nullptr);

    QString user() const { return m_user; }
    // The view of the user's tools in `catalog` (whose bodies are all there).
    void setCatalog(const engine::Catalog &catalog);
    // While `count` bodies are read (from disk or a server): says so, and shows nothing else.
    void showFetching(int count);

    QTreeWidget *toolTree() const { return m_tree; }
    QString summaryText() const;
    QString promptText() const;

private:
    QString m_user;
    int m_budgetTokens = 0;
    bool m_sized = false; // the name column fitted once, then left as the user sets it
    QLabel *m_summary = nullptr;
    QTreeWidget *m_tree = nullptr;
    QPlainTextEdit *m_prompt = nullptr;
};

} // namespace tw::ui
