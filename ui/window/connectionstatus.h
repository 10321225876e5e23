#pragma once
// A server window's connection, in its status bar: the host, the state (connecting, connected,
// lost and when the next attempt is, disconnected) and the last round trip, with a Reconnect
// button whenever it is not connected. summary() is what the window's title says of it.

#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;

namespace tw::engine {
class RemoteSession;
}

namespace tw::ui {

class ConnectionStatus final : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionStatus(engine::RemoteSession *session, QWidget *parent = nullptr);

    QString summary() const; // "connected, 3 ms", "connecting…", "connection lost, retrying in 4 s", …
    QLabel *label() const { return m_label; }
    QPushButton *reconnectButton() const { return m_reconnect; }

Q_SIGNALS:
    void summaryChanged(const QString &summary);

private:
    void update();

    engine::RemoteSession *m_session;
    QLabel *m_label = nullptr;
    QPushButton *m_reconnect = nullptr;
    QTimer m_countdown; // the seconds until the next attempt, while waiting
    QString m_summary;
};

} // namespace tw::ui
