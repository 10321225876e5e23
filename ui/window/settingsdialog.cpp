#include "window/settingsdialog.h"

#include "agent/agentview.h"
#include "run/runinputs.h"
#include "run/runtime.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretbackend.h"
#include "secrets/secretfile.h"
#include "secrets/secretstore.h"
#include "widgets/theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QRadioButton>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <memory>

namespace tw::ui {

namespace {

enum ResourceColumn { IdColumn, ConfigColumn, SecretColumn };

// What a secret cell shows for values already in the keychain: never the values themselves.
QString storedCell()
{
    return SettingsDialog::tr("•••••• (set, stored; type a JSON object to replace)");
}

QString joinArguments(const QStringList &args)
{
    QStringList words;
    for (const QString &a : args)
        words << engine::shellQuote(a);
    return words.join(u' ');
}

QLineEdit *secretField(QWidget *parent)
{
    auto *e = new QLineEdit(parent);
    e->setEchoMode(QLineEdit::Password);
    e->setClearButtonEnabled(true);
    return e;
}

} // namespace

SettingsDialog::SettingsDialog(engine::SecretStore &secrets, const QString &user, QWidget *parent)
    : QDialog(parent), m_secrets(secrets), m_user(user)
{
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("settingsDialog"));
    auto *v = new QVBoxLayout(this);
    auto *tabs = new QTabWidget(this);
    v->addWidget(tabs);

    auto *runtime = new QWidget(tabs);
    auto *rf = new QFormLayout(runtime);
    m_preferred = new QComboBox(runtime);
    m_preferred->addItems(engine::runtimeChoices());
    m_preferred->setToolTip(tr("auto tries podman, then docker, then bubblewrap, and uses the first that works"));
    rf->addRow(tr("Preferred runtime:"), m_preferred);
    m_podman = new QLineEdit(runtime);
    rf->addRow(tr("podman binary:"), m_podman);
    m_docker = new QLineEdit(runtime);
    rf->addRow(tr("docker binary:"), m_docker);
    m_image = new QLineEdit(runtime);
    m_image->setToolTip(tr("Runs never pull: the image must be present (podman pull / docker pull it once)"));
    rf->addRow(tr("Container image:"), m_image);
    m_podmanArgs = new QLineEdit(runtime);
    m_podmanArgs->setPlaceholderText(QStringLiteral("--ulimit nofile=1024:1024 --runtime runc"));
    m_podmanArgs->setToolTip(tr("Added to `podman run` before the image, split like a shell would"));
    rf->addRow(tr("podman run arguments:"), m_podmanArgs);
    m_dockerArgs = new QLineEdit(runtime);
    rf->addRow(tr("docker run arguments:"), m_dockerArgs);
    m_podmanGlobal = new QLineEdit(runtime);
    m_podmanGlobal->setPlaceholderText(QStringLiteral("--url ssh://host/run/podman/podman.sock"));
    rf->addRow(tr("podman global arguments:"), m_podmanGlobal);
    m_dockerGlobal = new QLineEdit(runtime);
    m_dockerGlobal->setPlaceholderText(QStringLiteral("--context remote"));
    rf->addRow(tr("docker global arguments:"), m_dockerGlobal);
    m_cpus = new QDoubleSpinBox(runtime);
    m_cpus->setRange(0.1, 256);
    m_cpus->setSingleStep(0.5);
    m_cpus->setToolTip(tr("A container's --cpus, and bubblewrap's cgroup CPU limit"));
    rf->addRow(tr("CPUs per run:"), m_cpus);
    m_pids = new QSpinBox(runtime);
    m_pids->setRange(16, 1 << 20);
    rf->addRow(tr("Process limit:"), m_pids);
    // What one run may write in its data root (enforced when Toolwright runs as root).
    m_writeMb = new QSpinBox(runtime);
    m_writeMb->setRange(1, 1024 * 1024);
    m_writeMb->setSuffix(tr(" MB"));
    m_writeMb->setAccessibleName(tr("Write cap in megabytes"));
    m_writeFiles = new QSpinBox(runtime);
    m_writeFiles->setRange(16, 100000000);
    m_writeFiles->setSuffix(tr(" files"));
    m_writeFiles->setAccessibleName(tr("Write cap in files"));
    auto *writeRow = new QHBoxLayout;
    writeRow->addWidget(m_writeMb);
    writeRow->addWidget(m_writeFiles);
    writeRow->addStretch(1);
    rf->addRow(tr("Writes per run:"), writeRow);
    // What becomes of what a run writes in its user's data root (an overlay until kept).
    const auto policyBox = [runtime](const QString &accessibleName) {
        auto *box = new QComboBox(runtime);
        box->addItem(tr("Keep them"), engine::runChangesPolicyName(engine::RunChangesPolicy::Keep));
        box->addItem(tr("Ask after the run (the CLI discards)"), engine::runChangesPolicyName(engine::RunChangesPolicy::Ask));
        box->addItem(tr("Discard them"), engine::runChangesPolicyName(engine::RunChangesPolicy::Discard));
        box->setAccessibleName(accessibleName);
        return box;
    };
    m_changesOwn = policyBox(tr("Changes by your own tools"));
    m_changesOthers = policyBox(tr("Changes by tools from others"));
    rf->addRow(tr("Data root changes by your own tools:"), m_changesOwn);
    rf->addRow(tr("…by tools from others:"), m_changesOthers);
    auto *check = new QPushButton(tr("Check Runtimes"), runtime);
    check->setToolTip(tr("Try podman, docker and bubblewrap with these values and say which one auto would use"));
    rf->addRow(QString(), check);
    m_runtimeReport = new QLabel(runtime);
    m_runtimeReport->setWordWrap(true);
    m_runtimeReport->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rf->addRow(QString(), m_runtimeReport);
    connect(check, &QPushButton::clicked, this, &SettingsDialog::checkRuntimes);
    connect(&m_probe, &QFutureWatcherBase::finished, this, [this, check] {
        m_runtimeReport->setText(m_probe.result());
        check->setEnabled(true);
        Q_EMIT runtimesChecked();
    });
    tabs->addTab(runtime, tr("Runtime"));

    auto *integ = new QWidget(tabs);
    auto *iv = new QVBoxLayout(integ);
    auto *who = new QLabel(user.isEmpty() ? tr("No user chosen: integrations belong to a user. Pick a user's view first.")
                                          : tr("Integrations of <b>%1</b> (what their tools see in the environment):").arg(user.toHtmlEscaped()),
                           integ);
    who->setWordWrap(true);
    iv->addWidget(who);
    auto *iform = new QFormLayout;
    m_emailDb = new QLineEdit(integ);
    m_emailDb->setPlaceholderText(tr("not configured"));
    m_emailDb->setToolTip(tr("Host path of the email SQLite database, mounted read-write at /officer/data/emails.db"));
    iform->addRow(tr("Email database:"), m_emailDb);
    m_searxng = new QLineEdit(integ);
    m_searxng->setPlaceholderText(QStringLiteral("http://localhost:8888"));
    iform->addRow(tr("SearXNG URL (PI_SEARXNG_URL):"), m_searxng);
    m_relayPort = new QSpinBox(integ);
    m_relayPort->setRange(0, 65535);
    m_relayPort->setSpecialValueText(tr("not configured"));
    iform->addRow(tr("Browser relay port:"), m_relayPort);
    m_relayToken = secretField(integ);
    iform->addRow(tr("Browser relay token:"), m_relayToken);
    m_apifyToken = secretField(integ);
    iform->addRow(tr("Apify token:"), m_apifyToken);
    iv->addLayout(iform);
    iv->addWidget(new QLabel(tr("Resources (OFFICER_RESOURCES, one JSON object per id):"), integ));
    m_resources = new QTableWidget(0, 3, integ);
    m_resources->setAccessibleName(tr("Resources"));
    m_resources->setHorizontalHeaderLabels({tr("Id"), tr("Settings (JSON)"), tr("Secret fields (JSON, keychain)")});
    m_resources->horizontalHeader()->setStretchLastSection(true);
    m_resources->verticalHeader()->hide();
    iv->addWidget(m_resources, 1);
    auto *rowButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add Resource"), integ);
    auto *remove = new QPushButton(tr("Remove Resource"), integ);
    rowButtons->addStretch(1);
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    iv->addLayout(rowButtons);
    connect(add, &QPushButton::clicked, this, [this] {
        const int r = m_resources->rowCount();
        m_resources->insertRow(r);
        m_resources->setItem(r, ConfigColumn, new QTableWidgetItem(QStringLiteral("{}")));
        m_resources->setItem(r, SecretColumn, new QTableWidgetItem(QStringLiteral("{}")));
        m_resources->editItem(m_resources->item(r, ConfigColumn));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_resources->currentRow() >= 0)
            m_resources->removeRow(m_resources->currentRow());
    });
    integ->setEnabled(!user.isEmpty());
    tabs->addTab(integ, tr("Integrations"));

    auto *secretsPage = new QWidget(tabs);
    auto *sv = new QVBoxLayout(secretsPage);
    m_backend = new QLabel(secretsPage);
    m_backend->setObjectName(QStringLiteral("keychainBackend"));
    m_backend->setWordWrap(true);
    m_backend->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sv->addWidget(m_backend);
    m_useKeychain = new QRadioButton(tr("Keep secrets in the OS &keychain (recommended)"), secretsPage);
    m_useFile = new QRadioButton(tr("Keep secrets in an &encrypted file, unlocked with a passphrase"), secretsPage);
    sv->addWidget(m_useKeychain);
    sv->addWidget(m_useFile);
    auto *fileForm = new QFormLayout;
    m_secretFile = new QLineEdit(secretsPage);
    m_secretFile->setToolTip(tr("Argon2id + XSalsa20-Poly1305 (libsodium), mode 0600; nothing in it is readable without the passphrase"));
    fileForm->addRow(tr("File:"), m_secretFile);
    m_passphrase = new QLineEdit(secretsPage);
    m_passphrase->setEchoMode(QLineEdit::Password);
    m_passphrase->setAccessibleName(tr("Passphrase"));
    fileForm->addRow(tr("Passphrase:"), m_passphrase);
    m_passphraseAgain = new QLineEdit(secretsPage);
    m_passphraseAgain->setEchoMode(QLineEdit::Password);
    m_passphraseAgain->setAccessibleName(tr("Passphrase again"));
    m_passphraseAgain->setPlaceholderText(tr("only when creating the file"));
    m_againLabel = new QLabel(tr("Again:"), secretsPage);
    fileForm->addRow(m_againLabel, m_passphraseAgain);
    sv->addLayout(fileForm);
    auto *unlockRow = new QHBoxLayout;
    m_fileStatus = new QLabel(secretsPage);
    m_fileStatus->setWordWrap(true);
    unlockRow->addWidget(m_fileStatus, 1);
    m_unlock = new QPushButton(secretsPage);
    unlockRow->addWidget(m_unlock);
    sv->addLayout(unlockRow);
    auto *secretsNote = new QLabel(tr("<small>Without a keychain, Toolwright stores no secret at all until you choose the "
                                      "encrypted file here: never a plain file, never the settings.</small>"),
                                   secretsPage);
    secretsNote->setWordWrap(true);
    setTone(secretsNote, model::Tone::Muted);
    sv->addWidget(secretsNote);
    sv->addStretch(1);
    connect(m_useFile, &QRadioButton::toggled, this, &SettingsDialog::updateSecretsPage);
    connect(m_secretFile, &QLineEdit::textChanged, this, &SettingsDialog::updateSecretsPage);
    connect(m_unlock, &QPushButton::clicked, this, &SettingsDialog::unlockSecretFile);
    tabs->addTab(secretsPage, tr("Secrets"));

    // Last, after the pages MainWindow::SettingsPage counts before it. What every tool may cost the agent's prompt before agent-budget-exceeded (issue 23).
    auto *agent = new QWidget(tabs);
    auto *af = new QFormLayout(agent);
    m_agentBudget = new QSpinBox(agent);
    m_agentBudget->setObjectName(QStringLiteral("agentBudget"));
    m_agentBudget->setAccessibleName(tr("Token budget per tool"));
    m_agentBudget->setRange(1, 1000000);
    m_agentBudget->setSingleStep(100);
    m_agentBudget->setSuffix(tr(" tokens"));
    m_agentBudget->setValue(engine::agentBudgetTokens());
    m_agentBudget->setToolTip(tr("A tool whose description, body and parameter schema cost the agent more (estimated at "
                                 "four characters a token) is marked in the Agent tab and Agent View, and lint warns "
                                 "with agent-budget-exceeded"));
    af->addRow(tr("Budget per tool:"), m_agentBudget);
    tabs->addTab(agent, tr("Agent"));

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    v->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        connect(this, &SettingsDialog::saved, this, [this](bool ok) {
            if (ok)
                accept();
        }, Qt::SingleShotConnection);
        save();
    });
    connect(&m_backendProbe, &QFutureWatcherBase::finished, this, [this] { showKeychainBackend(m_backendProbe.result()); });
    load();
    resize(760, 680);
}

void SettingsDialog::load()
{
    const engine::SecretStoreConfig secrets = engine::SecretStoreConfig::load();
    // The backend once per dialog, found on a worker thread (bus calls can block for seconds on
    // a hung session bus); the dialog opens at once and shows it when it arrives. The file part
    // follows every edit.
    if (!m_backendProbe.isRunning()) {
        m_backend->setText(tr("Looking for the OS keychain on this host…"));
        m_backendProbe.setFuture(QtConcurrent::run([] { return engine::detectKeychainBackend(); }));
    }
    (secrets.kind == engine::SecretStoreConfig::Kind::File ? m_useFile : m_useKeychain)->setChecked(true);
    m_secretFile->setText(secrets.filePath);
    updateSecretsPage();
    const engine::RuntimeConfig c = engine::RuntimeConfig::load();
    m_preferred->setCurrentText(c.preferred);
    m_podman->setText(c.podmanBinary);
    m_docker->setText(c.dockerBinary);
    m_image->setText(c.image);
    m_podmanArgs->setText(joinArguments(c.podmanArgs));
    m_dockerArgs->setText(joinArguments(c.dockerArgs));
    m_podmanGlobal->setText(joinArguments(c.podmanGlobalArgs));
    m_dockerGlobal->setText(joinArguments(c.dockerGlobalArgs));
    m_cpus->setValue(c.cpus);
    m_pids->setValue(c.pidsLimit);
    m_writeMb->setValue(c.writeCapMb);
    m_writeFiles->setValue(c.writeCapFiles);
    const engine::RunChangesSettings changes = engine::RunChangesSettings::load();
    m_changesOwn->setCurrentIndex(m_changesOwn->findData(engine::runChangesPolicyName(changes.ownTools)));
    m_changesOthers->setCurrentIndex(m_changesOthers->findData(engine::runChangesPolicyName(changes.otherTools)));

    if (m_user.isEmpty())
        return;
    m_loaded = engine::Integrations::load(m_user);
    m_emailDb->setText(m_loaded.emailDb);
    m_searxng->setText(m_loaded.searxngUrl);
    m_relayPort->setValue(m_loaded.browserRelayPort);
    // Write-only: a stored token shows as stored, never as its value.
    m_apifyToken->setPlaceholderText(m_loaded.apifyToken ? tr("set, stored (type to replace)") : tr("not set"));
    m_relayToken->setPlaceholderText(m_loaded.browserRelayToken ? tr("set, stored (type to replace)") : tr("not set"));
    m_resources->setRowCount(0);
    for (const engine::IntegrationResource &r : std::as_const(m_loaded.resources)) {
        const int row = m_resources->rowCount();
        m_resources->insertRow(row);
        m_resources->setItem(row, IdColumn, new QTableWidgetItem(r.id));
        m_resources->setItem(row, ConfigColumn, new QTableWidgetItem(QString::fromUtf8(QJsonDocument(r.config).toJson(QJsonDocument::Compact))));
        auto *secret = new QTableWidgetItem(r.secretFields.isEmpty() ? QStringLiteral("{}") : storedCell());
        secret->setToolTip(r.secretFields.isEmpty() ? QString() : tr("Fields in the keychain: %1").arg(r.secretFields.join(QStringLiteral(", "))));
        m_resources->setItem(row, SecretColumn, secret);
    }
}

void SettingsDialog::showKeychainBackend(const engine::KeychainBackend &backend)
{
    m_backend->setText(backend.available()
                           ? tr("OS keychain on this host: <b>%1</b>.").arg(backend.description.toHtmlEscaped())
                           : tr("<b>No OS keychain on this host</b>: %1.").arg(backend.problem.toHtmlEscaped()));
    Q_EMIT keychainBackendShown();
}

engine::RuntimeConfig SettingsDialog::runtimeConfig() const
{
    engine::RuntimeConfig c = engine::RuntimeConfig::load();
    c.preferred = m_preferred->currentText();
    c.podmanBinary = m_podman->text().trimmed();
    c.dockerBinary = m_docker->text().trimmed();
    c.image = m_image->text().trimmed();
    c.podmanArgs = engine::splitShellWords(m_podmanArgs->text());
    c.dockerArgs = engine::splitShellWords(m_dockerArgs->text());
    c.podmanGlobalArgs = engine::splitShellWords(m_podmanGlobal->text());
    c.dockerGlobalArgs = engine::splitShellWords(m_dockerGlobal->text());
    c.cpus = m_cpus->value();
    c.pidsLimit = m_pids->value();
    c.writeCapMb = m_writeMb->value();
    c.writeCapFiles = m_writeFiles->value();
    return c;
}

void SettingsDialog::checkRuntimes()
{
    if (m_probe.isRunning())
        return;
    m_runtimeReport->setText(tr("Checking…"));
    if (auto *b = qobject_cast<QPushButton *>(sender()))
        b->setEnabled(false);
    const engine::RuntimeConfig c = runtimeConfig();
    m_probe.setFuture(QtConcurrent::run([c] {
        QStringList lines;
        QString firstReady;
        for (const QString &name : {QStringLiteral("podman"), QStringLiteral("docker"), QStringLiteral("bwrap")}) {
            QString why;
            const bool ready = engine::makeRuntime(name, c, &why) != nullptr;
            if (ready && firstReady.isEmpty())
                firstReady = name;
            lines << (ready ? tr("%1: ready").arg(name) : why.startsWith(name) ? why : tr("%1: %2").arg(name, why));
        }
        lines << (firstReady.isEmpty() ? tr("auto: no runtime works on this machine") : tr("auto uses %1").arg(firstReady));
        return lines.join(u'\n');
    }));
}

void SettingsDialog::updateSecretsPage()
{
    const bool file = m_useFile->isChecked();
    for (QWidget *w : {static_cast<QWidget *>(m_secretFile), static_cast<QWidget *>(m_passphrase),
                       static_cast<QWidget *>(m_passphraseAgain), static_cast<QWidget *>(m_unlock)})
        w->setEnabled(file);
    auto *configured = dynamic_cast<engine::ConfiguredSecretStore *>(&m_secrets);
    const engine::EncryptedFileSecretStore probe(m_secretFile->text());
    const bool unlocked = configured && configured->file().path() == m_secretFile->text() && configured->file().isUnlocked();
    m_passphraseAgain->setVisible(!probe.exists());
    m_againLabel->setVisible(!probe.exists());
    m_unlock->setText(probe.exists() ? tr("Unlock") : tr("Create"));
    m_fileStatus->setText(!probe.exists() ? tr("The file does not exist yet: choose a passphrase (at least %1 characters).")
                                                .arg(engine::EncryptedFileSecretStore::kMinPassphraseChars)
                          : unlocked ? tr("Unlocked for this session.")
                                     : tr("Locked: unlock it here to store tokens; a run that needs a secret asks for the "
                                          "passphrase before it starts."));
}

bool SettingsDialog::unlockSecretFile()
{
    const QString path = m_secretFile->text().trimmed();
    engine::EncryptedFileSecretStore probe(path);
    if (!probe.exists() && m_passphrase->text() != m_passphraseAgain->text()) {
        m_fileStatus->setText(tr("The two passphrases differ."));
        return false;
    }
    // The window's own store is unlocked when it is the configured one; else the file is only
    // created or checked here.
    engine::SecretStoreConfig config = engine::SecretStoreConfig::load();
    config.kind = engine::SecretStoreConfig::Kind::File;
    config.filePath = path;
    config.save();
    auto *configured = dynamic_cast<engine::ConfiguredSecretStore *>(&m_secrets);
    engine::EncryptedFileSecretStore &target = configured ? configured->file() : probe;
    QString error;
    const bool ok = target.unlock(m_passphrase->text(), &error);
    m_passphrase->clear();
    m_passphraseAgain->clear();
    updateSecretsPage();
    if (!ok)
        m_fileStatus->setText(error);
    return ok;
}

void SettingsDialog::save()
{
    m_status->clear();
    runtimeConfig().save();
    const auto policy = [](const QComboBox *box) {
        return engine::runChangesPolicyFromName(box->currentData().toString()).value_or(engine::RunChangesPolicy::Discard);
    };
    engine::RunChangesSettings changes;
    changes.ownTools = policy(m_changesOwn);
    changes.otherTools = policy(m_changesOthers);
    changes.save();
    engine::setAgentBudgetTokens(m_agentBudget->value());
    engine::SecretStoreConfig secrets = engine::SecretStoreConfig::load();
    secrets.kind = m_useFile->isChecked() ? engine::SecretStoreConfig::Kind::File : engine::SecretStoreConfig::Kind::Keychain;
    secrets.filePath = m_secretFile->text().trimmed().isEmpty() ? engine::EncryptedFileSecretStore::defaultPath() : m_secretFile->text().trimmed();
    secrets.save(); // first: the integration tokens below go to the store chosen here

    if (m_user.isEmpty()) {
        Q_EMIT saved(true);
        return;
    }
    // Collect the keychain writes first; refuse the whole page on a malformed row.
    struct Write
    {
        QString key, value;
        bool remove = false;
    };
    QList<Write> writes;
    engine::Integrations integ = m_loaded;
    integ.emailDb = m_emailDb->text().trimmed();
    integ.searxngUrl = m_searxng->text().trimmed();
    integ.browserRelayPort = m_relayPort->value();
    if (!m_apifyToken->text().isEmpty()) {
        writes.append({engine::resourceSecretKey(m_user, engine::Integrations::kApifyId), m_apifyToken->text()});
        integ.apifyToken = true;
    }
    if (!m_relayToken->text().isEmpty()) {
        writes.append({engine::resourceSecretKey(m_user, engine::Integrations::kBrowserRelayId), m_relayToken->text()});
        integ.browserRelayToken = true;
    }
    QList<engine::IntegrationResource> resources;
    QStringList ids;
    for (int row = 0; row < m_resources->rowCount(); ++row) {
        const auto text = [&](int col) { return m_resources->item(row, col) ? m_resources->item(row, col)->text().trimmed() : QString(); };
        engine::IntegrationResource r;
        r.id = text(IdColumn);
        if (r.id.isEmpty() || r.id.contains(u'/') || ids.contains(r.id)) {
            m_status->setText(tr("Resource row %1: the id must be unique, not empty and without '/'.").arg(row + 1));
            Q_EMIT saved(false);
            return;
        }
        ids << r.id;
        QJsonParseError pe;
        const QJsonDocument config = QJsonDocument::fromJson(text(ConfigColumn).toUtf8(), &pe);
        if (!config.isObject()) {
            m_status->setText(tr("Resource %1: the settings must be a JSON object (%2).").arg(r.id, pe.errorString()));
            Q_EMIT saved(false);
            return;
        }
        r.config = config.object();
        const QString secretText = text(SecretColumn);
        const auto old = std::find_if(m_loaded.resources.cbegin(), m_loaded.resources.cend(),
                                      [&](const engine::IntegrationResource &o) { return o.id == r.id; });
        if (secretText == storedCell() && old != m_loaded.resources.cend()) {
            r.secretFields = old->secretFields; // unchanged: stays in the keychain as it is
        } else {
            const QJsonDocument secret = QJsonDocument::fromJson(secretText.isEmpty() ? QByteArray("{}") : secretText.toUtf8(), &pe);
            if (!secret.isObject()) {
                m_status->setText(tr("Resource %1: the secret fields must be a JSON object (%2).").arg(r.id, pe.errorString()));
                Q_EMIT saved(false);
                return;
            }
            r.secretFields = secret.object().keys();
            for (const QString &f : std::as_const(r.secretFields))
                r.config.remove(f);
            const QString key = engine::resourceSecretKey(m_user, r.id);
            if (r.secretFields.isEmpty())
                writes.append({key, {}, true});
            else
                writes.append({key, QString::fromUtf8(secret.toJson(QJsonDocument::Compact))});
        }
        resources << r;
    }
    // Resources removed from the table take their keychain entry with them.
    for (const engine::IntegrationResource &o : std::as_const(m_loaded.resources))
        if (!ids.contains(o.id) && !o.secretFields.isEmpty())
            writes.append({engine::resourceSecretKey(m_user, o.id), {}, true});
    integ.resources = resources;
    integ.save(m_user); // Integrations::save strips every secret field

    if (writes.isEmpty()) {
        m_loaded = integ;
        Q_EMIT saved(true);
        return;
    }
    struct Progress
    {
        int left = 0;
        QStringList errors;
    };
    auto progress = std::make_shared<Progress>();
    progress->left = int(writes.size());
    QPointer<SettingsDialog> self(this);
    const auto done = [self, progress, integ](const QString &key, const engine::SecretResult &r) {
        if (r.status == engine::SecretResult::Status::Failed)
            progress->errors << key + QStringLiteral(": ") + r.error;
        if (--progress->left > 0 || !self)
            return;
        self->m_loaded = integ;
        if (!progress->errors.isEmpty())
            self->m_status->setText(tr("The keychain refused: %1").arg(progress->errors.join(QStringLiteral("; "))));
        self->m_apifyToken->clear();
        self->m_relayToken->clear();
        Q_EMIT self->saved(progress->errors.isEmpty());
    };
    for (const Write &w : std::as_const(writes)) {
        const QString key = w.key;
        if (w.remove)
            m_secrets.remove(key, this, [done, key](const engine::SecretResult &r) {
                // Nothing to remove is fine here.
                done(key, r.status == engine::SecretResult::Status::NotFound ? engine::SecretResult{engine::SecretResult::Status::Ok, {}, {}} : r);
            });
        else
            m_secrets.write(key, w.value, this, [done, key](const engine::SecretResult &r) { done(key, r); });
    }
}

} // namespace tw::ui
