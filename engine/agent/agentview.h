#pragma once
// What the agent is given for one user (or the global tools alone): each tool's registration in
// the order pi holds them, its size against the user's budget, the system prompt's tool lines,
// and for a user tool that overrides a global one what changes for the agent. `toolwright agent`
// prints it; tests/reference/agent-view.mjs prints the same from the real pi coding agent.

#include "agent/agentregistration.h"
#include "catalog/catalog.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace tw::engine {

// The difference a user's override makes for the agent, against the global tool it hides.
struct AgentOverride
{
    QString globalDir;
    bool descriptionChanged = false;
    QString descriptionFrom, descriptionTo;
    QStringList parametersAdded, parametersRemoved, parametersChanged; // changed: schema or required
    bool bodyChanged = false;
};

struct AgentViewTool
{
    ToolRecord tool;
    AgentRegistration registration;
    AgentSize size;
    bool overBudget = false;
    std::optional<AgentOverride> override_;
};

struct AgentView
{
    QString user; // empty: the global tools alone
    int budgetTokens = 0;
    // pi's order: where each name was first registered (global, then the user's), holding the
    // registration that won (the last), as a JavaScript Map keeps a key's place on set().
    QList<AgentViewTool> tools;
    qsizetype chars = 0;
    qsizetype tokens = 0; // the sum of the tools' estimates

    // The "Available tools:" section of pi's system prompt these tools make.
    QString promptSection() const;
    // The tools, most tokens first (equal sizes by name).
    QList<const AgentViewTool *> largestFirst() const;
    // The same view restricted to the tool `name` (no tools when there is none).
    AgentView only(const QString &name) const;
};

inline constexpr int kDefaultAgentBudgetTokens = 2000;

AgentView agentView(const Catalog &catalog, const QString &user, int budgetTokens);
AgentOverride agentOverride(const ToolRecord &global, const AgentRegistration &globalRegistration,
                            const AgentRegistration &userRegistration);

// The `agent --json` document (docs/decisions.md), as JSON.stringify(…, null, 2) writes it.
QString agentViewJsonText(const AgentView &view);

// The budget the user set (Settings → Agent; QSettings "agent/budgetTokens"), or the default.
int agentBudgetTokens();
void setAgentBudgetTokens(int tokens);

// agent-budget-exceeded: a warning on each tool whose registration passes `budgetTokens`,
// appended to its diagnostics; returns how many were added (for one tool: whether it was).
Diagnostic agentBudgetDiagnostic(const ToolRecord &tool, const AgentSize &size, int budgetTokens);
bool checkAgentBudget(ToolRecord &tool, int budgetTokens);
int checkAgentBudget(QList<ToolRecord> &tools, int budgetTokens);

} // namespace tw::engine
