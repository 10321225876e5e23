#include "window/connectdialog.h"

#include "tones.h"
#include "widgets/theme.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tw::ui {

namespace {

constexpr int kRecentKept = 10;

QString recentLabel(const ConnectDialog::Connection &c)
{
    const QString where = c.target.displayHost() + u':' + (c.target.path.isEmpty() ? QStringLiteral("~") : c.target.path);
    return c.remoteCommand.isEmpty() ? where : ConnectDialog::tr("%1 (%2)").arg(where, c.remoteCommand);
}

} // namespace

ConnectDialog::ConnectDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(tr("Connect to Server"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_recent = new QComboBox(this);
    m_recent->setObjectName(QStringLiteral("recentConnections"));
    m_recentConnections = recent();
    m_recent->addItem(m_recentConnections.isEmpty() ? tr("(none yet)") : tr("Choose one…"));
    for (const Connection &c : std::as_const(m_recentConnections))
        m_recent->addItem(recentLabel(c));
    m_recent->setEnabled(!m_recentConnections.isEmpty());
    form->addRow(tr("&Recent:"), m_recent);
    m_host = new QLineEdit(this);
    m_host->setObjectName(QStringLiteral("hostEdit"));
    m_host->setPlaceholderText(tr("a name from ~/.ssh/config, a DNS name or an address"));
    form->addRow(tr("&Host:"), m_host);
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("userEdit"));
    m_user->setPlaceholderText(tr("as ~/.ssh/config says, else your own"));
    form->addRow(tr("&User:"), m_user);
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("portSpin"));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("as ~/.ssh/config says, else 22"));
    form->addRow(tr("&Port:"), m_port);
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("dataPathEdit"));
    m_path->setPlaceholderText(tr("the DATA_PATH on the server, e.g. /srv/platform/data"));
    form->addRow(tr("&DATA_PATH:"), m_path);
    m_command = new QLineEdit(this);
    m_command->setObjectName(QStringLiteral("commandEdit"));
    m_command->setPlaceholderText(engine::SshSettings::defaultRemoteCommand());
    m_command->setToolTip(tr("How Toolwright is started on the server; for a service account, e.g. "
                             "sudo -u officer toolwright serve --stdio"));
    form->addRow(tr("Remote &command:"), m_command);
    layout->addLayout(form);
    auto *note = new QLabel(tr("The system's OpenSSH client connects, with your ~/.ssh/config, agent and keys. "
                               "A passphrase, password or new host key is asked for in a dialog; none is stored."),
                            this);
    note->setWordWrap(true);
    setTone(note, model::Tone::Muted);
    layout->addWidget(note);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("connectProblem"));
    m_problem->setWordWrap(true);
    setTone(m_problem, model::Tone::Error);
    layout->addWidget(m_problem);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("C&onnect"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (const std::optional<Connection> c = connection()) {
            remember(*c);
            accept();
        }
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_recent, &QComboBox::activated, this, [this](int index) {
        if (index > 0 && index <= m_recentConnections.size())
            setConnection(m_recentConnections[index - 1]);
    });
    for (QLineEdit *edit : {m_host, m_user, m_path, m_command})
        connect(edit, &QLineEdit::textChanged, this, &ConnectDialog::validate);
    connect(m_port, &QSpinBox::valueChanged, this, &ConnectDialog::validate);
    if (!m_recentConnections.isEmpty())
        setConnection(m_recentConnections.first());
    validate();
    resize(560, sizeHint().height());
}

std::optional<ConnectDialog::Connection> ConnectDialog::connection() const
{
    const QString host = m_host->text().trimmed(), user = m_user->text().trimmed(), path = m_path->text().trimmed();
    QString why;
    if (host.isEmpty())
        why = tr("Enter the server's host.");
    else if (host.startsWith(u'-') || user.startsWith(u'-'))
        why = tr("A host or user may not begin with '-'.");
    else if (host.contains(u' ') || user.contains(u' ') || host.contains(u'/') || user.contains(u'@') || user.contains(u':'))
        why = tr("A host or user has no spaces, '/', '@' or ':' in it.");
    else if (!path.isEmpty() && !path.startsWith(u'/'))
        why = tr("The DATA_PATH is an absolute path on the server (it begins with '/').");
    if (!why.isEmpty()) {
        m_problem->setText(why);
        return std::nullopt;
    }
    m_problem->clear();
    Connection c;
    c.target.host = host;
    c.target.user = user;
    c.target.port = m_port->value();
    c.target.path = path == u"/" ? QString() : path;
    c.remoteCommand = m_command->text().trimmed();
    return c;
}

void ConnectDialog::setConnection(const Connection &c)
{
    m_host->setText(c.target.host);
    m_user->setText(c.target.user);
    m_port->setValue(c.target.port);
    m_path->setText(c.target.path);
    m_command->setText(c.remoteCommand);
}

void ConnectDialog::validate()
{
    const bool ok = connection().has_value();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    m_problem->setVisible(!ok && !m_host->text().trimmed().isEmpty());
}

QList<ConnectDialog::Connection> ConnectDialog::recent()
{
    QSettings settings;
    QList<Connection> out;
    const int n = settings.beginReadArray(QStringLiteral("remote/recent"));
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        QString error;
        const std::optional<engine::RemoteTarget> t = engine::RemoteTarget::parse(settings.value(QStringLiteral("url")).toString(), &error);
        if (t)
            out.append({*t, settings.value(QStringLiteral("command")).toString()});
    }
    settings.endArray();
    return out;
}

void ConnectDialog::remember(const Connection &connection)
{
    QList<Connection> list = recent();
    list.removeAll(connection);
    list.prepend(connection);
    while (list.size() > kRecentKept)
        list.removeLast();
    QSettings settings;
    settings.beginWriteArray(QStringLiteral("remote/recent"), int(list.size()));
    for (int i = 0; i < list.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("url"), list[i].target.url());
        settings.setValue(QStringLiteral("command"), list[i].remoteCommand);
    }
    settings.endArray();
}

} // namespace tw::ui
