// `toolwright agent`: what the agent is given — each tool's registration, its size against the
// budget and the system prompt's tool lines (engine::agentView), the largest first.

#include "common.h"

#include "agent/agentview.h"
#include "catalog/catalog.h"

namespace tw::app::cli {

using namespace tw::engine;

int cmdAgent(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json, o.budget}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() > 1)
        return usageError(QStringLiteral("agent takes at most one tool NAME"));
    int budget = 0;
    if (!agentBudget(o, &budget, &error))
        return usageError(error);
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QString user = o.parser.value(o.user);
    const Catalog catalog = scanForUser(dataPath, user);
    AgentView view = agentView(catalog, user, budget);
    if (!pos.isEmpty()) {
        view = view.only(pos.first());
        if (view.tools.isEmpty()) {
            err(QStringLiteral("toolwright: no tool named '%1' for %2 in %3\n")
                    .arg(pos.first(), user.isEmpty() ? QStringLiteral("the global tools") : user, catalog.dataPath));
            return 1;
        }
    }
    if (o.parser.isSet(o.json)) {
        out(agentViewJsonText(view) + u'\n');
        return 0;
    }
    QString text;
    if (pos.isEmpty()) {
        text += QStringLiteral("%1: %2 tool(s), %3 characters, about %4 tokens (budget %5 per tool)\n\n")
                    .arg(user.isEmpty() ? QStringLiteral("global tools") : user)
                    .arg(view.tools.size()).arg(view.chars).arg(view.tokens).arg(budget);
        text += QStringLiteral(" tokens    chars name (scope)\n");
        for (const AgentViewTool *t : view.largestFirst())
            text += QStringLiteral("%1 %2 %3 (%4)%5\n")
                        .arg(t->size.tokens, 7).arg(t->size.chars, 8)
                        .arg(t->registration.name, scopeName(t->tool.scope))
                        .arg(t->overBudget ? QStringLiteral("  over budget") : QString());
        text += u'\n' + view.promptSection() + u'\n';
        out(text);
        return 0;
    }
    const AgentViewTool &t = view.tools.first();
    text += QStringLiteral("%1: %2 characters, about %3 tokens (budget %4)\n")
                .arg(t.registration.name).arg(t.size.chars).arg(t.size.tokens).arg(budget);
    if (t.overBudget)
        text += formatDiagnostic(agentBudgetDiagnostic(t.tool, t.size, budget)) + u'\n';
    if (t.override_) {
        const AgentOverride &d = *t.override_;
        text += QStringLiteral("overrides %1 for the agent:\n").arg(d.globalDir);
        if (d.descriptionChanged)
            text += QStringLiteral("  description: %1 → %2\n").arg(d.descriptionFrom, d.descriptionTo);
        if (!d.parametersAdded.isEmpty())
            text += QStringLiteral("  parameters added: %1\n").arg(d.parametersAdded.join(QStringLiteral(", ")));
        if (!d.parametersRemoved.isEmpty())
            text += QStringLiteral("  parameters removed: %1\n").arg(d.parametersRemoved.join(QStringLiteral(", ")));
        if (!d.parametersChanged.isEmpty())
            text += QStringLiteral("  parameters changed: %1\n").arg(d.parametersChanged.join(QStringLiteral(", ")));
        if (d.bodyChanged)
            text += QStringLiteral("  body changed\n");
    }
    text += QStringLiteral("\nSystem prompt:\n") + view.promptSection()
        + QStringLiteral("\n\nRegistration:\n") + t.registration.json().stringify(2) + u'\n';
    out(text);
    return 0;
}

} // namespace tw::app::cli
