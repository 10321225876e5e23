#include "running/secretfileprompt.h"

#include "secrets/secretstore.h"

#include <QInputDialog>
#include <QLineEdit>

#include <memory>
#include <utility>

namespace tw::ui {

namespace {

QStringList g_passphrases;
int g_asked = 0;

} // namespace

void SecretFilePrompt::setNextPassphrase(const QString &passphrase)
{
    g_passphrases.append(passphrase);
}

int SecretFilePrompt::askedCount()
{
    return g_asked;
}

void SecretFilePrompt::ask(QWidget *parent, engine::SecretStore &store, const QString &path, std::function<void()> proceed)
{
    ++g_asked;
    if (!g_passphrases.isEmpty()) {
        QString error;
        store.unlock(g_passphrases.takeFirst(), &error);
        proceed();
        return;
    }
    if (qEnvironmentVariableIsSet("TOOLWRIGHT_NO_DIALOGS")) {
        proceed(); // declined: the run says which secrets stayed locked
        return;
    }
    auto *dialog = new QInputDialog(parent);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setWindowTitle(tr("Unlock Secrets"));
    dialog->setTextEchoMode(QLineEdit::Password);
    const QString question = tr("Passphrase of the encrypted secret file %1:").arg(path);
    dialog->setLabelText(question);
    auto answered = std::make_shared<bool>(false);
    QObject::connect(dialog, &QInputDialog::textValueSelected, dialog, [dialog, &store, question, proceed, answered](const QString &text) {
        QString error;
        if (!store.unlock(text, &error)) {
            // Asked again, with the reason; Cancel runs without the file's secrets.
            dialog->setLabelText(error + u'\n' + question);
            dialog->setTextValue(QString());
            dialog->open();
            return;
        }
        *answered = true;
        dialog->deleteLater();
        proceed();
    });
    QObject::connect(dialog, &QDialog::rejected, dialog, [dialog, proceed, answered] {
        dialog->deleteLater();
        if (!std::exchange(*answered, true))
            proceed();
    });
    dialog->open();
}

} // namespace tw::ui
