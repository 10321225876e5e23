#include "browsing/agentsetdialog.h"

#include "agent/agentview.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tw::ui {

AgentSetDialog::AgentSetDialog(const QString &user, int budgetTokens, QWidget *parent)
    : QDialog(parent), m_user(user), m_budgetTokens(budgetTokens)
{
    setObjectName(QStringLiteral("agentSetDialog"));
    setWindowTitle(user.isEmpty() ? tr("Agent View — global tools") : tr("Agent View — %1").arg(user));

    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("agentSetSummary"));
    m_summary->setWordWrap(true);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_tree = new QTreeWidget(split);
    m_tree->setObjectName(QStringLiteral("agentSetTree"));
    m_tree->setAccessibleName(tr("Tools as the agent gets them, largest first"));
    m_tree->setHeaderLabels({tr("Tool"), tr("Scope"), tr("Tokens"), tr("Characters"), tr("Note")});
    m_tree->setRootIsDecorated(false);
    m_tree->header()->setStretchLastSection(true);

    m_prompt = new QPlainTextEdit(split);
    m_prompt->setObjectName(QStringLiteral("agentSetPrompt"));
    m_prompt->setAccessibleName(tr("The tools' part of the system prompt"));
    m_prompt->setReadOnly(true);
    m_prompt->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_prompt->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(720, 520);
}

AgentSetDialog::AgentSetDialog(const engine::Catalog &catalog, const QString &user, int budgetTokens, QWidget *parent)
    : AgentSetDialog(user, budgetTokens, parent)
{
    setCatalog(catalog);
}

void AgentSetDialog::setCatalog(const engine::Catalog &catalog)
{
    const engine::AgentView view = engine::agentView(catalog, m_user, m_budgetTokens);
    int over = 0;
    for (const engine::AgentViewTool &t : view.tools)
        over += t.overBudget ? 1 : 0;
    m_summary->setText(tr("%n tools cost every agent session %1 characters, about %2 tokens. "
                          "Over the budget of %3 tokens per tool: %4.",
                          nullptr, int(view.tools.size()))
                           .arg(QLocale().toString(view.chars), QLocale().toString(view.tokens), QLocale().toString(m_budgetTokens))
                           .arg(over > 0 ? QString::number(over) : tr("none", "no tool over the budget")));

    // Filled again as the catalog changes: the row that was current stays current.
    const QTreeWidgetItem *current = m_tree->currentItem();
    const QString currentDir = current ? current->toolTip(NameColumn) : QString();
    m_tree->clear();
    for (const engine::AgentViewTool *t : view.largestFirst()) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(NameColumn, t->registration.name);
        item->setText(ScopeColumn, t->tool.scope == engine::Scope::User ? tr("user") : tr("global"));
        item->setText(TokensColumn, QString::number(t->size.tokens));
        item->setText(CharsColumn, QString::number(t->size.chars));
        item->setTextAlignment(TokensColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(CharsColumn, Qt::AlignRight | Qt::AlignVCenter);
        QStringList notes;
        if (t->overBudget)
            notes << tr("over budget");
        if (t->override_)
            notes << tr("overrides the global tool");
        item->setText(NoteColumn, notes.join(QStringLiteral("; ")));
        if (t->overBudget)
            item->setIcon(NoteColumn, QIcon::fromTheme(QStringLiteral("dialog-warning")));
        item->setToolTip(NameColumn, t->tool.dir);
        if (!currentDir.isEmpty() && t->tool.dir == currentDir)
            m_tree->setCurrentItem(item);
    }
    if (!m_sized) {
        m_tree->resizeColumnToContents(NameColumn);
        m_sized = true;
    }
    m_tree->setEnabled(true);
    m_prompt->setPlainText(view.promptSection());
}

void AgentSetDialog::showFetching(int count)
{
    m_summary->setText(tr("Reading the bodies of %n tools…", nullptr, count));
    m_tree->clear();
    m_tree->setEnabled(false);
    m_prompt->clear();
}

QString AgentSetDialog::summaryText() const { return m_summary->text(); }
QString AgentSetDialog::promptText() const { return m_prompt->toPlainText(); }

} // namespace tw::ui
