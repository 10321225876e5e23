#include "browsing/agenttab.h"

#include "agent/agentregistration.h"
#include "agent/agentview.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace tw::ui {
namespace {

QPlainTextEdit *codeBox(const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *box = new QPlainTextEdit(parent);
    box->setObjectName(objectName);
    box->setAccessibleName(accessibleName);
    box->setReadOnly(true);
    box->setLineWrapMode(QPlainTextEdit::NoWrap);
    box->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return box;
}

} // namespace

AgentTab::AgentTab(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("agentSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_warning = new QLabel(this);
    m_warning->setObjectName(QStringLiteral("agentBudgetWarning"));
    m_warning->setWordWrap(true);
    m_warning->hide();
    m_override = new QLabel(this);
    m_override->setObjectName(QStringLiteral("agentOverride"));
    m_override->setWordWrap(true);
    m_override->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_override->hide();
    auto *promptLabel = new QLabel(tr("In the system prompt (\"Available tools\"):"), this);
    m_prompt = codeBox(QStringLiteral("agentPrompt"), tr("The tool's line in the system prompt"), this);
    m_prompt->setMaximumHeight(m_prompt->fontMetrics().lineSpacing() * 3 + 12);
    auto *registrationLabel = new QLabel(tr("Registration sent to the model (name, description with the body, parameter schema):"), this);
    registrationLabel->setWordWrap(true);
    m_registration = codeBox(QStringLiteral("agentRegistration"), tr("The tool's registration as JSON"), this);
    promptLabel->setBuddy(m_prompt);
    registrationLabel->setBuddy(m_registration);
    layout->addWidget(m_summary);
    layout->addWidget(m_warning);
    layout->addWidget(m_override);
    layout->addWidget(promptLabel);
    layout->addWidget(m_prompt);
    layout->addWidget(registrationLabel);
    layout->addWidget(m_registration, 1);
}

void AgentTab::showTool(const engine::ToolRecord &tool, int budgetTokens, const engine::ToolRecord *overriddenGlobal)
{
    // A body on its way (from disk or a server): nothing is said about the registration until it is here.
    if (tool.detailsElsewhere() || (overriddenGlobal && overriddenGlobal->detailsElsewhere())) {
        m_override->setVisible(false);
        m_warning->setVisible(false);
        m_summary->setText(tr("Reading the tool's body…"));
        m_prompt->clear();
        m_registration->clear();
        return;
    }
    const engine::AgentRegistration r = engine::agentRegistration(tool);
    m_override->setText(overriddenGlobal ? overrideSummary(engine::agentOverride(*overriddenGlobal,
                                                                                 engine::agentRegistration(*overriddenGlobal), r))
                                         : QString());
    m_override->setVisible(overriddenGlobal);
    const engine::AgentSize size = engine::agentSize(r);
    m_summary->setText(tr("The agent is given %1 characters for this tool, about %2 tokens (budget %3), "
                          "in every session.")
                           .arg(size.chars).arg(size.tokens).arg(budgetTokens));
    const bool over = size.tokens > budgetTokens;
    m_warning->setText(over ? tr("Over the budget by about %1 tokens (agent-budget-exceeded): shorten the description "
                                 "or the body, or move detail into files the tool reads.")
                                  .arg(size.tokens - budgetTokens)
                            : QString());
    m_warning->setVisible(over);
    const QString line = r.promptLine();
    m_prompt->setPlainText(line.isEmpty() ? tr("(not listed: the tool has no description)") : line);
    m_registration->setPlainText(r.json().stringify(2));
}

void AgentTab::clear()
{
    m_summary->clear();
    m_warning->clear();
    m_warning->hide();
    m_override->clear();
    m_override->hide();
    m_prompt->clear();
    m_registration->clear();
}

QString AgentTab::summaryText() const { return m_summary->text(); }
QString AgentTab::warningText() const { return m_warning->text(); }
QString AgentTab::overrideText() const { return m_override->text(); }

QString AgentTab::overrideSummary(const engine::AgentOverride &o)
{
    QStringList changes;
    if (o.descriptionChanged)
        changes.append(tr("the description"));
    if (!o.parametersAdded.isEmpty())
        changes.append(tr("parameters added: %1").arg(o.parametersAdded.join(QStringLiteral(", "))));
    if (!o.parametersRemoved.isEmpty())
        changes.append(tr("parameters removed: %1").arg(o.parametersRemoved.join(QStringLiteral(", "))));
    if (!o.parametersChanged.isEmpty())
        changes.append(tr("parameters changed: %1").arg(o.parametersChanged.join(QStringLiteral(", "))));
    if (o.bodyChanged)
        changes.append(tr("the body"));
    if (changes.isEmpty())
        return tr("Overrides the global tool in %1; for the agent nothing changes (same description, parameters and body).")
            .arg(o.globalDir);
    return tr("Overrides the global tool in %1; for the agent it changes %2.").arg(o.globalDir, changes.join(QStringLiteral("; ")));
}
QString AgentTab::promptText() const { return m_prompt->toPlainText(); }
QString AgentTab::registrationText() const { return m_registration->toPlainText(); }

} // namespace tw::ui
