#pragma once
// One TypeScript server (Debian's node-typescript `tsserver`) spoken to over its stdio protocol:
// requests are JSON lines, replies and events come back framed by a `Content-Length` header.
// Nothing of the tool runs in it: the server reads files and answers; the project it checks is
// made of files opened with their text (docs/decisions.md "TypeScript that knows TOOL.md").
// Replies are matched to requests by their sequence number and handed to the request's
// callback; a server that exits or sends a frame it cannot have meant fails what is pending,
// with the reason. The object may live on any thread with an event loop; the CLI, which has
// none running, waits with waitForReplies() (blocking reads, no nested event loop).

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>

#include <functional>

namespace tw::engine {

class TsServer final : public QObject
{
    Q_OBJECT
public:
    // The server's V8 heap, at most (node --max-old-space-size).
    static constexpr int kMaxHeapMb = 1536;
    // The reply as tsserver sent it (`success`, `body`, `message`), or on failure `success`
    // false and a `message` of ours.
    using Callback = std::function<void(const QJsonObject &reply)>;

    explicit TsServer(QObject *parent = nullptr);
    ~TsServer() override;
    Q_DISABLE_COPY_MOVE(TsServer)

    // Where node and tsserver.js are: TOOLWRIGHT_TSSERVER names tsserver.js (tests point it at
    // a missing file), else Debian's /usr/share/nodejs/typescript/lib/tsserver.js. Empty when
    // either is missing; `why` then says what to install.
    static QString serverScript(QString *why = nullptr);
    static QString nodeProgram();

    // Starts the server (asynchronously: requests sent before it runs are written once it
    // does). False, with errorString(), when node or tsserver is missing.
    bool start();
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    QString errorString() const { return m_error; }
    qint64 processId() const { return m_process.processId(); }

    // Sends one request; `callback` (may be empty) gets the reply. Returns the sequence number.
    int send(const QString &command, const QJsonObject &arguments, Callback callback = {});
    int pendingCount() const { return int(m_pending.size()); }

    // Blocks until every request sent so far has its reply (or the server died, or `msecs`
    // passed): for the CLI, which has no event loop running. False on timeout or death.
    bool waitForReplies(int msecs);

    // The memory the server process holds now (VmRSS, bytes); 0 when not running.
    qint64 residentBytes() const;

Q_SIGNALS:
    void eventReceived(const QString &event, const QJsonObject &body);
    void stopped(const QString &reason); // the server exited or was stopped; pending requests failed

private:
    void readReplies();
    void handleMessage(const QByteArray &json);
    void failPending(const QString &reason);

    QProcess m_process;
    QByteArray m_buffer;
    QByteArray m_unsent; // requests sent before the process started
    QHash<int, Callback> m_pending;
    int m_nextSeq = 1;
    QString m_error;
    bool m_stopping = false;
};

} // namespace tw::engine
