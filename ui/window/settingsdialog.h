#pragma once
// Settings: the Runtime page (which sandbox, the engine binaries, the image, extra engine
// arguments for host quirks such as ulimits or a remote engine) and the Integrations page of one
// user (SearXNG URL, browser relay, Apify and relay tokens, resources for OFFICER_RESOURCES).
// Tokens and the secret fields of resources go to the keychain, never to QSettings. The Secrets
// page names the OS keychain backend found on this host (or why there is none) and lets the
// user choose the encrypted secret file instead, creating or unlocking it with a passphrase.

#include "run/runsettings.h"
#include "run/runtime.h"
#include "secrets/secretbackend.h"

#include <QDialog>
#include <QFutureWatcher>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTableWidget;

namespace tw::engine {
class SecretStore;
}

namespace tw::ui {

class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    SettingsDialog(engine::SecretStore &secrets, const QString &user, QWidget *parent = nullptr);

    // Writes both pages (settings at once; keychain entries asynchronously, `saved` follows).
    void save();
    QString user() const { return m_user; }

    // For tests.
    QComboBox *preferredRuntime() const { return m_preferred; }
    QLineEdit *imageField() const { return m_image; }
    QLineEdit *podmanArgsField() const { return m_podmanArgs; }
    QLineEdit *searxngField() const { return m_searxng; }
    QLineEdit *emailDbField() const { return m_emailDb; }
    QLineEdit *apifyTokenField() const { return m_apifyToken; }
    QSpinBox *agentBudgetField() const { return m_agentBudget; }
    QTableWidget *resourcesTable() const { return m_resources; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *runtimeReport() const { return m_runtimeReport; }
    QLabel *backendLabel() const { return m_backend; }
    QRadioButton *keychainChoice() const { return m_useKeychain; }
    QRadioButton *fileChoice() const { return m_useFile; }
    QLineEdit *secretFileField() const { return m_secretFile; }
    QLineEdit *passphraseField() const { return m_passphrase; }
    QLineEdit *passphraseAgainField() const { return m_passphraseAgain; }
    QLabel *secretFileStatus() const { return m_fileStatus; }
    // Creates the secret file, or unlocks it, with the passphrase fields; false with a message.
    bool unlockSecretFile();
    // Probes every runtime with the page's values (off the GUI thread); `runtimesChecked` follows.
    void checkRuntimes();

Q_SIGNALS:
    void saved(bool ok); // every keychain write has answered
    void runtimesChecked();
    void keychainBackendShown(); // the backend found off the GUI thread is on the Secrets page

private:
    void load();
    void showKeychainBackend(const engine::KeychainBackend &backend);
    void updateSecretsPage();
    engine::RuntimeConfig runtimeConfig() const;

    engine::SecretStore &m_secrets;
    QString m_user;
    QComboBox *m_preferred = nullptr;
    QLineEdit *m_podman = nullptr;
    QLineEdit *m_docker = nullptr;
    QLineEdit *m_image = nullptr;
    QLineEdit *m_podmanArgs = nullptr;
    QLineEdit *m_dockerArgs = nullptr;
    QLineEdit *m_podmanGlobal = nullptr;
    QLineEdit *m_dockerGlobal = nullptr;
    QDoubleSpinBox *m_cpus = nullptr;
    QSpinBox *m_pids = nullptr;
    QSpinBox *m_writeMb = nullptr;
    QSpinBox *m_writeFiles = nullptr;
    QComboBox *m_changesOwn = nullptr;    // what becomes of a run's changes to its data root: own tools
    QComboBox *m_changesOthers = nullptr; // …tools from others
    QSpinBox *m_agentBudget = nullptr;
    QLineEdit *m_emailDb = nullptr;
    QLineEdit *m_searxng = nullptr;
    QSpinBox *m_relayPort = nullptr;
    QLineEdit *m_apifyToken = nullptr;
    QLineEdit *m_relayToken = nullptr;
    QTableWidget *m_resources = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_runtimeReport = nullptr;
    QLabel *m_backend = nullptr;
    QRadioButton *m_useKeychain = nullptr;
    QRadioButton *m_useFile = nullptr;
    QLineEdit *m_secretFile = nullptr;
    QLineEdit *m_passphrase = nullptr;
    QLineEdit *m_passphraseAgain = nullptr;
    QLabel *m_againLabel = nullptr;
    QPushButton *m_unlock = nullptr;
    QLabel *m_fileStatus = nullptr;
    QFutureWatcher<QString> m_probe;
    QFutureWatcher<engine::KeychainBackend> m_backendProbe; // a D-Bus call: never on the GUI thread
    engine::Integrations m_loaded;
};

} // namespace tw::ui
