#pragma once
// The detail pane's Agent tab: what the agent is given for the shown tool (engine::agentRegistration)
// — its line in the system prompt, the registration as pi holds it (JSON), its size and whether
// it passes the user's budget (agent-budget-exceeded) and, for a user tool that overrides a
// global one, what the override changes for the agent (engine::agentOverride).

#include "toolmd/toolrecord.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace tw::engine {
struct AgentOverride;
}

namespace tw::ui {

class AgentTab final : public QWidget
{
    Q_OBJECT
public:
    explicit AgentTab(QWidget *parent = nullptr);

    // `overriddenGlobal`: the global tool `tool` overrides for its user, or null.
    void showTool(const engine::ToolRecord &tool, int budgetTokens, const engine::ToolRecord *overriddenGlobal = nullptr);
    void clear();

    QString summaryText() const;
    QString warningText() const; // empty when within the budget
    QString overrideText() const; // empty unless the tool overrides a global one
    QString promptText() const;
    QString registrationText() const;

    // One sentence: what an override changes for the agent against the global tool.
    static QString overrideSummary(const engine::AgentOverride &o);

private:
    QLabel *m_summary = nullptr;
    QLabel *m_warning = nullptr;
    QLabel *m_override = nullptr;
    QPlainTextEdit *m_prompt = nullptr;
    QPlainTextEdit *m_registration = nullptr;
};

} // namespace tw::ui
