#include "remote/remotesession.h"

#include <QJsonArray>

#include <algorithm>

namespace tw::engine {

RemoteSession::RemoteSession(RemoteTarget target, SshSettings settings, QObject *parent)
    : QObject(parent), m_target(std::move(target)), m_settings(std::move(settings))
{
    m_heartbeat.setInterval(5000);
    connect(&m_heartbeat, &QTimer::timeout, this, &RemoteSession::sendPing);
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &RemoteSession::startAttempt);
}

RemoteSession::~RemoteSession()
{
    if (m_connection)
        m_connection->dispose();
}

void RemoteSession::setHeartbeat(int intervalMs, int timeoutMs)
{
    m_heartbeat.setInterval(intervalMs);
    m_heartbeatTimeoutMs = timeoutMs;
}

void RemoteSession::setBackoff(QList<int> delaysMs, int maxAttempts)
{
    if (!delaysMs.isEmpty())
        m_backoffMs = std::move(delaysMs);
    m_maxAttempts = maxAttempts;
}

int RemoteSession::secondsUntilRetry() const
{
    return m_retry.isActive() ? (m_retry.remainingTime() + 999) / 1000 : 0;
}

void RemoteSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void RemoteSession::open()
{
    m_wasConnected = false;
    m_attempt = 0;
    startAttempt();
}

void RemoteSession::reconnect()
{
    m_retry.stop();
    startAttempt(); // it lets the old connection go first
}

void RemoteSession::close()
{
    m_retry.stop();
    dropConnection();
    m_wasConnected = false;
    setState(State::Disconnected);
}

void RemoteSession::dropConnection()
{
    m_heartbeat.stop();
    m_pingSent.invalidate();
    if (m_connection) {
        RemoteConnection *old = m_connection;
        m_connection = nullptr;
        old->dispose(); // its pending calls are not answered: their window asked anew or is gone
    }
}

void RemoteSession::startAttempt()
{
    dropConnection();
    auto *c = new RemoteConnection(m_target, m_settings, this);
    m_connection = c;
    connect(c, &RemoteConnection::ready, this, &RemoteSession::onReady);
    connect(c, &RemoteConnection::failed, this, &RemoteSession::onFailed);
    connect(c, &RemoteConnection::notificationReceived, this, &RemoteSession::notificationReceived);
    setState(State::Connecting);
    c->open();
}

void RemoteSession::onReady()
{
    m_wasConnected = true;
    m_attempt = 0;
    m_lastError.clear();
    setState(State::Connected);
    sendPing(); // the round trip at once, not a heartbeat later
    m_heartbeat.start();
    Q_EMIT connected(m_connection);
}

void RemoteSession::onFailed(const QString &message)
{
    const bool wasReady = m_state == State::Connected;
    m_lastError = message;
    dropConnection();
    if (wasReady)
        Q_EMIT connectionLost(message);
    else
        Q_EMIT connectFailed(message);
    if (m_wasConnected && m_attempt < m_maxAttempts)
        scheduleRetry();
    else
        setState(State::Disconnected);
}

void RemoteSession::scheduleRetry()
{
    const int delay = m_backoffMs.value(std::min<qsizetype>(m_attempt, m_backoffMs.size() - 1));
    ++m_attempt;
    m_retry.start(delay);
    setState(State::Waiting);
}

void RemoteSession::readFile(const QString &path, std::function<void(const QByteArray &, const QString &)> done)
{
    RemoteConnection *c = connection();
    if (!c) {
        done({}, m_lastError.isEmpty() ? tr("not connected to %1").arg(m_target.displayHost()) : m_lastError);
        return;
    }
    const qsizetype slash = path.lastIndexOf(u'/');
    const QString dir = path.left(slash), name = path.mid(slash + 1);
    c->call(QStringLiteral("tool.read"), {{QStringLiteral("dir"), dir}, {QStringLiteral("names"), QJsonArray{name}}},
            [done = std::move(done), name](const RpcResult &r) {
                if (!r.ok()) {
                    done({}, r.message);
                    return;
                }
                QString error;
                if (const std::optional<QByteArray> bytes = toolReadFile(r.result.toObject(), name, &error))
                    done(*bytes, {});
                else
                    done({}, error.isEmpty() ? tr("the server has no such file") : error);
            });
}

void RemoteSession::sendPing()
{
    RemoteConnection *c = connection();
    if (!c)
        return;
    if (m_pingSent.isValid()) {
        // One is out: a link that went quiet ends here rather than at ssh's own timeout.
        if (m_pingSent.elapsed() >= m_heartbeatTimeoutMs)
            c->abort(tr("the connection to %1 stopped answering (no reply in %2 s)")
                         .arg(m_target.displayHost())
                         .arg(m_heartbeatTimeoutMs / 1000.0, 0, 'g', 3));
        return;
    }
    m_pingSent.start();
    const quint64 generation = ++m_pingGeneration;
    c->call(QStringLiteral("ping"), {}, [this, generation, guard = QPointer<RemoteSession>(this)](const RpcResult &r) {
        // A server of protocol 1.0 answers "method not found": a round trip all the same.
        if (!guard || generation != m_pingGeneration || !m_pingSent.isValid())
            return;
        if (!r.ok() && r.code != int(RpcCode::MethodNotFound))
            return; // the connection ended; onFailed() says so
        m_roundTripMs = int(m_pingSent.elapsed());
        m_pingSent.invalidate();
        Q_EMIT roundTripMeasured(m_roundTripMs);
    });
}

} // namespace tw::engine
