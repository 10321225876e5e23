#include "widgets/askpassdialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cstdio>

namespace tw::ui {

AskpassDialog::AskpassDialog(const QString &prompt, const QString &kind, QWidget *parent)
    : QDialog(parent)
{
    const bool asksYesNo = prompt.contains(u"(yes/no");
    m_kind = kind == u"confirm" || asksYesNo ? Kind::Question : kind == u"none" ? Kind::Notice : Kind::Secret;
    setWindowTitle(m_kind == Kind::Question ? tr("Toolwright — is this the server?") : tr("Toolwright — ssh asks"));
    auto *layout = new QVBoxLayout(this);
    m_prompt = new QLabel(prompt.trimmed(), this);
    m_prompt->setObjectName(QStringLiteral("askpassPrompt"));
    m_prompt->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A fingerprint to compare character by character: in a fixed font, never broken across
    // lines (ssh's lines are short).
    m_prompt->setWordWrap(m_kind != Kind::Question);
    if (m_kind == Kind::Question)
        m_prompt->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_prompt);
    auto *buttons = new QDialogButtonBox(this);
    if (m_kind == Kind::Secret) {
        m_input = new QLineEdit(this);
        m_input->setObjectName(QStringLiteral("askpassInput"));
        m_input->setEchoMode(QLineEdit::Password);
        m_input->setAccessibleName(tr("Answer to ssh"));
        layout->addWidget(m_input);
        auto *ok = buttons->addButton(QDialogButtonBox::Ok);
        ok->setObjectName(QStringLiteral("askpassAccept"));
        ok->setDefault(true);
    } else if (m_kind == Kind::Question) {
        auto *note = new QLabel(tr("Compare the fingerprint with the one the server's administrator gives you. "
                                   "Connect only if they are the same."),
                                this);
        note->setWordWrap(true);
        layout->addWidget(note);
        auto *connectButton = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
        connectButton->setObjectName(QStringLiteral("askpassAccept"));
        connectButton->setAutoDefault(false);
    } else {
        auto *ok = buttons->addButton(QDialogButtonBox::Ok);
        ok->setObjectName(QStringLiteral("askpassAccept"));
    }
    if (m_kind != Kind::Notice) {
        auto *cancel = buttons->addButton(QDialogButtonBox::Cancel);
        cancel->setObjectName(QStringLiteral("askpassCancel"));
        if (m_kind == Kind::Question) // Enter alone refuses: trusting a key is a deliberate click
            cancel->setDefault(true);
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(480);
}

QString AskpassDialog::answer() const
{
    switch (m_kind) {
    case Kind::Secret: return m_input->text();
    case Kind::Question: return QStringLiteral("yes");
    case Kind::Notice: break;
    }
    return {};
}

int runAskpass(const QString &prompt, const QString &kind)
{
    AskpassDialog dialog(prompt, kind);
    if (dialog.exec() != QDialog::Accepted)
        return 1;
    if (dialog.kind() != AskpassDialog::Kind::Notice) {
        const QByteArray bytes = dialog.answer().toUtf8() + '\n';
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
        std::fflush(stdout);
    }
    return 0;
}

} // namespace tw::ui
