#pragma once
// The Run view's answer to RunLauncher's unlock step: asks for the encrypted secret file's
// passphrase before a run that needs it. The dialog is window-modal and opened with open(),
// never exec(): no event loop nests in the launch or in a read of the store. Whatever the
// answer, `proceed` is called once — unlocked, or still locked after Cancel (the run goes on and
// says which secrets it could not read). A wrong passphrase asks again, saying why.

#include <QCoreApplication>
#include <QStringList>

#include <functional>

class QWidget;

namespace tw::engine {
class SecretStore;
}

namespace tw::ui {

class SecretFilePrompt final
{
    Q_DECLARE_TR_FUNCTIONS(SecretFilePrompt)

public:
    // `store` must outlive the dialog (a child of `parent`).
    static void ask(QWidget *parent, engine::SecretStore &store, const QString &path, std::function<void()> proceed);
    // Test seam (as MessageBox::setNextAnswer): the next ask() uses this passphrase at once,
    // showing nothing. Without one, TOOLWRIGHT_NO_DIALOGS declines.
    static void setNextPassphrase(const QString &passphrase);
    static int askedCount(); // how many times ask() was called (for tests)
};

} // namespace tw::ui
