#pragma once
// File → Connect to Server…: the host (anything ~/.ssh/config knows), user, port, the DATA_PATH
// on the server and the command that starts Toolwright there (`sudo -u SERVICE toolwright serve
// --stdio` for a service account), with the recent connections to pick from. No password is
// asked or kept here: ssh asks for what it needs, in Toolwright's own dialog (SSH_ASKPASS).

#include "remote/remoteconnection.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSettings;
class QSpinBox;

namespace tw::ui {

class ConnectDialog final : public QDialog
{
    Q_OBJECT
public:
    struct Connection
    {
        engine::RemoteTarget target;
        QString remoteCommand; // empty: the default

        friend bool operator==(const Connection &, const Connection &) = default;
    };

    explicit ConnectDialog(QWidget *parent = nullptr);

    // What the fields say; nullopt (with the reason shown) while they do not make an address.
    std::optional<Connection> connection() const;
    void setConnection(const Connection &connection);

    // The recent connections, newest first (QSettings "remote/recent"); remember() puts one first.
    static QList<Connection> recent();
    static void remember(const Connection &connection);

    QComboBox *recentCombo() const { return m_recent; }
    QLineEdit *hostEdit() const { return m_host; }
    QLineEdit *userEdit() const { return m_user; }
    QSpinBox *portSpin() const { return m_port; }
    QLineEdit *dataPathEdit() const { return m_path; }
    QLineEdit *commandEdit() const { return m_command; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void validate();

    QComboBox *m_recent = nullptr;
    QLineEdit *m_host = nullptr;
    QLineEdit *m_user = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_path = nullptr;
    QLineEdit *m_command = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QList<Connection> m_recentConnections;
};

} // namespace tw::ui
