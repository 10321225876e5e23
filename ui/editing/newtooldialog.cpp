#include "editing/newtooldialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace tw::ui {

NewToolDialog::NewToolDialog(const QStringList &templates, const QString &user, const QString &toolsDir,
                             std::function<QString(const QString &)> nameProblem, QWidget *parent)
    : QDialog(parent), m_validate(std::move(nameProblem))
{
    setWindowTitle(tr("New Tool"));
    auto *form = new QFormLayout(this);
    m_user = new QLabel(tr("A new tool of <b>%1</b>, in %2.").arg(user.toHtmlEscaped(), toolsDir.toHtmlEscaped()), this);
    m_user->setObjectName(QStringLiteral("newToolUser"));
    m_user->setWordWrap(true);
    m_user->setTextFormat(Qt::RichText);
    m_template = new QComboBox(this);
    m_template->setAccessibleName(tr("Template"));
    for (const QString &id : templates)
        m_template->addItem(id, id);
    // The smallest working tool is where a new user starts; the others add one idea each.
    if (const int minimal = m_template->findData(QStringLiteral("minimal")); minimal >= 0)
        m_template->setCurrentIndex(minimal);
    m_name = new QLineEdit(this);
    m_name->setAccessibleName(tr("Tool name"));
    m_name->setPlaceholderText(tr("snake_case, e.g. weather_lookup"));
    m_label = new QLineEdit(this);
    m_label->setAccessibleName(tr("Label"));
    m_description = new QPlainTextEdit(this);
    m_description->setAccessibleName(tr("Description"));
    // Empty, with a hint: text put here would be saved as the tool's description.
    m_description->setPlaceholderText(tr("What the tool does and when the agent should use it"));
    m_description->setMaximumHeight(80);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(m_user);
    form->addRow(tr("&Template:"), m_template);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Label:"), m_label);
    form->addRow(tr("&Description:"), m_description);
    form->addRow(m_problem);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &NewToolDialog::validate);
    validate();
}

QString NewToolDialog::templateId() const { return m_template->currentData().toString(); }
QString NewToolDialog::name() const { return m_name->text().trimmed(); }
QString NewToolDialog::label() const { return m_label->text().trimmed(); }
QString NewToolDialog::description() const { return m_description->toPlainText().trimmed(); }

void NewToolDialog::validate()
{
    const QString problem = name().isEmpty() ? tr("Give the tool a name.") : m_validate(name());
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace tw::ui
