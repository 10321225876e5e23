#pragma once
// What ssh asks (DESIGN.md "Remote servers": prompts through SSH_ASKPASS, Toolwright itself as
// the askpass program): a passphrase or a password, typed into a hidden field, never stored; an
// unknown host key, shown with its fingerprint as ssh words it, to accept or refuse (refusing
// is the default: Enter alone never trusts a key); or a notice with nothing to answer.

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace tw::ui {

class AskpassDialog final : public QDialog
{
    Q_OBJECT
public:
    // `kind`: ssh's SSH_ASKPASS_PROMPT ("confirm": a yes/no question, "none": a notice, empty:
    // a secret to type). A prompt that asks "(yes/no…)" is a question whatever the kind.
    AskpassDialog(const QString &prompt, const QString &kind, QWidget *parent = nullptr);

    enum class Kind { Secret, Question, Notice };
    Kind kind() const { return m_kind; }
    // What ssh is given on stdout when the dialog is accepted: the text typed, or "yes".
    QString answer() const;

private:
    Kind m_kind;
    QLabel *m_prompt = nullptr;
    QLineEdit *m_input = nullptr;
};

// The askpass program's body: the dialog for `prompt`; the answer printed on stdout and exit 0,
// or exit 1 when refused or cancelled.
int runAskpass(const QString &prompt, const QString &kind);

} // namespace tw::ui
