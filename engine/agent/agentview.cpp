#include "agent/agentview.h"

#include "catalog/overrideresolver.h"

#include <QHash>
#include <QSettings>

#include <algorithm>

namespace tw::engine {
namespace {

const QString kBudgetKey = QStringLiteral("agent/budgetTokens");

JsValue stringList(const QStringList &list)
{
    JsValue a = JsValue::array();
    for (const QString &s : list)
        a.append(JsValue::string(s));
    return a;
}

bool isRequired(const JsValue &schema, const QString &name)
{
    const JsValue *required = schema.find(QStringLiteral("required"));
    if (!required)
        return false;
    return std::any_of(required->items().begin(), required->items().end(),
                       [&](const JsValue &v) { return v.text() == name; });
}

JsValue overrideJson(const std::optional<AgentOverride> &o)
{
    if (!o)
        return {};
    JsValue description;
    if (o->descriptionChanged)
        description = JsValue::object()
                          .insert(QStringLiteral("from"), JsValue::string(o->descriptionFrom))
                          .insert(QStringLiteral("to"), JsValue::string(o->descriptionTo));
    return JsValue::object()
        .insert(QStringLiteral("global_dir"), JsValue::string(o->globalDir))
        .insert(QStringLiteral("description"), description)
        .insert(QStringLiteral("parameters"), JsValue::object()
                                                  .insert(QStringLiteral("added"), stringList(o->parametersAdded))
                                                  .insert(QStringLiteral("removed"), stringList(o->parametersRemoved))
                                                  .insert(QStringLiteral("changed"), stringList(o->parametersChanged)))
        .insert(QStringLiteral("body_changed"), JsValue::boolean(o->bodyChanged));
}

} // namespace

AgentOverride agentOverride(const ToolRecord &global, const AgentRegistration &from, const AgentRegistration &to)
{
    AgentOverride o;
    o.globalDir = global.dir;
    o.descriptionChanged = from.toolDescription != to.toolDescription;
    o.descriptionFrom = from.toolDescription;
    o.descriptionTo = to.toolDescription;
    const JsValue *a = from.parameters.find(QStringLiteral("properties"));
    const JsValue *b = to.parameters.find(QStringLiteral("properties"));
    for (const auto &[name, schema] : b->members()) {
        const JsValue *before = a->find(name);
        if (!before)
            o.parametersAdded.append(name);
        else if (!(*before == schema) || isRequired(from.parameters, name) != isRequired(to.parameters, name))
            o.parametersChanged.append(name);
    }
    for (const auto &member : a->members())
        if (!b->find(member.first))
            o.parametersRemoved.append(member.first);
    o.bodyChanged = from.body != to.body;
    return o;
}

AgentView agentView(const Catalog &catalog, const QString &user, int budgetTokens)
{
    AgentView view;
    view.user = user;
    view.budgetTokens = budgetTokens;
    // Which tool wins is the override rule's (overrideresolver); the place is the first
    // registration of the name, because pi keeps its tools in a Map.
    const EffectiveSet set = resolveEffective(catalog, user);
    QHash<QString, qsizetype> placed;
    for (const ToolRecord *registered : registrationOrder(catalog, user)) {
        const QString &name = registered->manifest.name;
        if (placed.contains(name))
            continue;
        const EffectiveTool *winner = set.find(name);
        if (!winner)
            continue;
        placed.insert(name, view.tools.size());
        AgentViewTool t;
        t.tool = winner->tool;
        t.registration = agentRegistration(winner->tool);
        t.size = agentSize(t.registration);
        t.overBudget = t.size.tokens > budgetTokens;
        if (winner->overridden)
            t.override_ = agentOverride(*winner->overridden, agentRegistration(*winner->overridden), t.registration);
        view.chars += t.size.chars;
        view.tokens += t.size.tokens;
        view.tools.append(std::move(t));
    }
    return view;
}

QString AgentView::promptSection() const
{
    // pi's buildSystemPrompt: "Available tools:" then "- name: snippet" lines, or "(none)".
    QStringList lines;
    for (const AgentViewTool &t : tools)
        if (const QString line = t.registration.promptLine(); !line.isEmpty())
            lines.append(line);
    return QStringLiteral("Available tools:\n") + (lines.isEmpty() ? QStringLiteral("(none)") : lines.join(u'\n'));
}

QList<const AgentViewTool *> AgentView::largestFirst() const
{
    QList<const AgentViewTool *> order;
    for (const AgentViewTool &t : tools)
        order.append(&t);
    std::stable_sort(order.begin(), order.end(), [](const AgentViewTool *a, const AgentViewTool *b) {
        if (a->size.tokens != b->size.tokens)
            return a->size.tokens > b->size.tokens;
        return a->registration.name < b->registration.name;
    });
    return order;
}

AgentView AgentView::only(const QString &name) const
{
    AgentView view;
    view.user = user;
    view.budgetTokens = budgetTokens;
    for (const AgentViewTool &t : tools) {
        if (t.registration.name == name) {
            view.tools.append(t);
            view.chars = t.size.chars;
            view.tokens = t.size.tokens;
        }
    }
    return view;
}

QString agentViewJsonText(const AgentView &view)
{
    JsValue tools = JsValue::array();
    for (const AgentViewTool &t : view.tools) {
        const QString line = t.registration.promptLine();
        tools.append(JsValue::object()
                         .insert(QStringLiteral("name"), JsValue::string(t.registration.name))
                         .insert(QStringLiteral("scope"), JsValue::string(scopeName(t.tool.scope)))
                         .insert(QStringLiteral("dir"), JsValue::string(t.tool.dir))
                         .insert(QStringLiteral("chars"), JsValue::number(double(t.size.chars)))
                         .insert(QStringLiteral("tokens"), JsValue::number(double(t.size.tokens)))
                         .insert(QStringLiteral("over_budget"), JsValue::boolean(t.overBudget))
                         .insert(QStringLiteral("registration"), t.registration.json())
                         .insert(QStringLiteral("prompt_line"), line.isEmpty() ? JsValue() : JsValue::string(line))
                         .insert(QStringLiteral("override"), overrideJson(t.override_)));
    }
    return JsValue::object()
        .insert(QStringLiteral("user"), view.user.isEmpty() ? JsValue() : JsValue::string(view.user))
        .insert(QStringLiteral("budget_tokens"), JsValue::number(view.budgetTokens))
        .insert(QStringLiteral("chars"), JsValue::number(double(view.chars)))
        .insert(QStringLiteral("tokens"), JsValue::number(double(view.tokens)))
        .insert(QStringLiteral("prompt"), JsValue::string(view.promptSection()))
        .insert(QStringLiteral("tools"), tools)
        .stringify(2);
}

int agentBudgetTokens()
{
    bool ok = false;
    const int tokens = QSettings().value(kBudgetKey).toInt(&ok);
    return ok && tokens > 0 ? tokens : kDefaultAgentBudgetTokens;
}

void setAgentBudgetTokens(int tokens)
{
    QSettings().setValue(kBudgetKey, tokens);
}

Diagnostic agentBudgetDiagnostic(const ToolRecord &tool, const AgentSize &size, int budgetTokens)
{
    return {QStringLiteral("agent-budget-exceeded"), Severity::Warning,
            QStringLiteral("the agent is given about %1 tokens for this tool (description, body and schema), "
                           "over the budget of %2; every agent session pays them")
                .arg(size.tokens)
                .arg(budgetTokens),
            tool.toolMdPath(), 0};
}

bool checkAgentBudget(ToolRecord &tool, int budgetTokens)
{
    const AgentSize size = agentSize(agentRegistration(tool));
    if (size.tokens <= budgetTokens)
        return false;
    tool.diagnostics.append(agentBudgetDiagnostic(tool, size, budgetTokens));
    return true;
}

int checkAgentBudget(QList<ToolRecord> &tools, int budgetTokens)
{
    int added = 0;
    for (ToolRecord &tool : tools)
        added += checkAgentBudget(tool, budgetTokens);
    return added;
}

} // namespace tw::engine
