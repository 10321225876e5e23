#pragma once
// A window's connection to one server, kept up: opens it, measures the round trip with a
// heartbeat (`ping`), notices a connection that died or stopped answering, and opens it again
// with back-off. Each connection that gets ready is announced; whoever uses it asks for what
// it needs again (the catalog, a watch). A connection that never got ready is not retried on
// its own: its reason (a refused login, an unknown host key, no toolwright there) does not pass
// by waiting, and a retry would ask for a passphrase again; reconnect() tries once more.

#include "remote/remoteconnection.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace tw::engine {

class RemoteSession final : public QObject
{
    Q_OBJECT
public:
    enum class State {
        Connecting,   // ssh started, waiting for the server's banner and initialize
        Connected,    // ready: connection() answers
        Waiting,      // lost; the next attempt in secondsUntilRetry()
        Disconnected, // not connected and not retrying (a failed first connect, close(), given up)
    };
    Q_ENUM(State)

    RemoteSession(RemoteTarget target, SshSettings settings, QObject *parent = nullptr);
    ~RemoteSession() override;
    Q_DISABLE_COPY_MOVE(RemoteSession)

    void open();      // the first connection
    void reconnect(); // now, whatever the state
    void close();     // ends the connection; no retry

    State state() const { return m_state; }
    const RemoteTarget &target() const { return m_target; }
    // The connection while Connected, else null. Calls on it fail at once when it ends.
    RemoteConnection *connection() const { return m_state == State::Connected ? m_connection.data() : nullptr; }
    // Why the last connection ended or could not be made (empty before any did).
    QString lastError() const { return m_lastError; }
    // The last heartbeat's round trip in ms; -1 before the first.
    int roundTripMs() const { return m_roundTripMs; }
    int secondsUntilRetry() const;
    bool retryScheduled() const { return m_retry.isActive(); } // an attempt will come by itself
    int attempts() const { return m_attempt; } // reconnect attempts since the connection was lost

    // One file of a tool on the server (tool.read of its dir, that file only): `done` gets its
    // bytes, or why not. Fails at once while not connected.
    void readFile(const QString &path, std::function<void(const QByteArray &bytes, const QString &error)> done);

    // Tests shorten these. Heartbeat: a ping every `intervalMs`; one unanswered for `timeoutMs`
    // ends the connection (a link that went quiet is not waited for until ssh's own timeout).
    void setHeartbeat(int intervalMs, int timeoutMs);
    // Waits between attempts after a loss (the last one repeats); `maxAttempts` then gives up.
    void setBackoff(QList<int> delaysMs, int maxAttempts);

Q_SIGNALS:
    void stateChanged(tw::engine::RemoteSession::State state);
    void connected(tw::engine::RemoteConnection *connection); // each time one gets ready
    void connectionLost(const QString &reason);               // one that was ready ended
    void connectFailed(const QString &reason);                // an attempt did not get ready
    void roundTripMeasured(int ms);
    void notificationReceived(const QString &method, const QJsonObject &params);

private:
    void startAttempt();
    void onReady();
    void onFailed(const QString &message);
    void sendPing();
    void scheduleRetry();
    void setState(State state);
    void dropConnection();

    RemoteTarget m_target;
    SshSettings m_settings;
    QPointer<RemoteConnection> m_connection;
    State m_state = State::Disconnected;
    QString m_lastError;
    bool m_wasConnected = false; // since open(): a loss is retried, a first failure is not
    int m_attempt = 0;
    int m_roundTripMs = -1;
    QTimer m_heartbeat;
    QTimer m_retry;
    QElapsedTimer m_pingSent; // valid while a ping is unanswered
    quint64 m_pingGeneration = 0;
    int m_heartbeatTimeoutMs = 15000;
    QList<int> m_backoffMs{1000, 2000, 5000, 10000, 30000};
    int m_maxAttempts = 20;
};

} // namespace tw::engine
