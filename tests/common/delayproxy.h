#pragma once
// A slow link for the remote tests: a TCP proxy on 127.0.0.1 that forwards to a local port
// (tests/common/sshd.h's sshd) and writes each chunk `delayMs` after it read it, in order, both
// ways (2 × delayMs of round trip). Copied from tests/bench/bench_remote.cpp, with the end of a
// connection delayed as precisely as its data, so that it never overtakes the last chunk.
//
// It must live on a thread of its own, so that whatever the test's thread does (a window's
// work, a QTRY wait) never adds to the delay:
//     QThread thread;
//     DelayProxy proxy(sshd.port(), 150);
//     proxy.moveToThread(&thread);
//     thread.start();
//     QMetaObject::invokeMethod(&proxy, &DelayProxy::start, Qt::BlockingQueuedConnection);
//     ...
//     QMetaObject::invokeMethod(&proxy, &DelayProxy::stop, Qt::BlockingQueuedConnection);
//     thread.quit();
//     thread.wait();
// Needs QtNetwork.

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace tw::test {

class DelayProxy final : public QObject
{
public:
    DelayProxy(int target, int delayMs)
        : m_target(target)
        , m_delay(delayMs)
    {
    }

    // On the proxy's thread: listens on a free port (port()).
    void start()
    {
        m_server = new QTcpServer(this);
        m_server->listen(QHostAddress::LocalHost, 0);
        m_port = m_server->serverPort();
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *in = m_server->nextPendingConnection()) {
                auto *out = new QTcpSocket(this);
                out->connectToHost(QHostAddress::LocalHost, quint16(m_target));
                pipe(in, out);
                pipe(out, in);
            }
        });
    }

    // On the proxy's thread: no more connections, and those open are cut (their sockets and
    // timers end here, on the thread they belong to).
    void stop()
    {
        const QList<QObject *> children = this->children();
        // A socket says `disconnected` as it is deleted: its peer may be gone by then.
        for (QObject *child : children)
            child->disconnect(this);
        qDeleteAll(children);
        m_server = nullptr;
    }

    int port() const { return m_port; }

private:
    void pipe(QTcpSocket *from, QTcpSocket *to)
    {
        connect(from, &QTcpSocket::readyRead, this, [this, from, to] {
            const QByteArray bytes = from->readAll();
            QPointer<QTcpSocket> target(to);
            QTimer::singleShot(m_delay, Qt::PreciseTimer, this, [target, bytes] {
                if (target)
                    target->write(bytes);
            });
        });
        connect(from, &QTcpSocket::disconnected, this, [this, to] {
            QPointer<QTcpSocket> target(to);
            QTimer::singleShot(m_delay, Qt::PreciseTimer, this, [target] {
                if (target)
                    target->disconnectFromHost();
            });
        });
    }

    int m_target, m_delay;
    int m_port = 0;
    QTcpServer *m_server = nullptr;
};

} // namespace tw::test
