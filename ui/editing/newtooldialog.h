#pragma once
// Asks for a new tool's template, name, label and description, validating the name as typed,
// and says for which user (and in which directory) the tool is created.

#include <QDialog>

#include <functional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace tw::ui {

class NewToolDialog final : public QDialog
{
    Q_OBJECT
public:
    // `nameProblem` returns why a name cannot be used (empty when it can). The tool is created for
    // `user`, in `toolsDir`; the `minimal` template is offered first.
    NewToolDialog(const QStringList &templates, const QString &user, const QString &toolsDir,
                  std::function<QString(const QString &)> nameProblem, QWidget *parent = nullptr);

    QString templateId() const;
    QString name() const;
    QString label() const;
    QString description() const;

    QLineEdit *nameEdit() const { return m_name; }
    QLabel *problemLabel() const { return m_problem; }
    QLabel *userLabel() const { return m_user; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void validate();

    std::function<QString(const QString &)> m_validate;
    QComboBox *m_template = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_label = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QLabel *m_problem = nullptr;
    QLabel *m_user = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace tw::ui
