#pragma once
// The Agent view of one user (or of the global tools alone): the toolset as the agent gets it
// (engine::agentView), largest first, with each tool's size against the budget, the total, and
// the system prompt's "Available tools" section. Opened from the Browser's bar.

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

    AgentSetDialog(const engine::Catalog &catalog, const QString &user, int budgetTokens, QWidget *parent = nullptr);

    QTreeWidget *toolTree() const { return m_tree; }
    QString summaryText() const;
    QString promptText() const;

private:
    QLabel *m_summary = nullptr;
    QTreeWidget *m_tree = nullptr;
    QPlainTextEdit *m_prompt = nullptr;
};

} // namespace tw::ui
