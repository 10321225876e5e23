#pragma once
// The desktop's side of the remote protocol (DESIGN.md "Remote servers"): a server named by
// `ssh://[user@]host[:port]/path`, reached with the system OpenSSH client (`ssh -T … host
// REMOTE_CMD`, so ~/.ssh/config, the agent, keys and ProxyJump apply), and the JSON-RPC
// conversation with `toolwright serve --stdio` on the other end.
//
// Every call is asynchronous: a request gets its reply through a handler, in the order of the
// replies; when the connection ends, every pending request fails at once with the reason. The
// CLI waits with callAndWait(); the GUI never does.

#include "remote/protocol.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace tw::engine {

// `ssh://[user@]host[:port][/path]`. The path is the DATA_PATH on the server (empty: the
// server's own default); host and user may not begin with '-' (they reach ssh's command line).
struct RemoteTarget
{
    QString user; // empty: ssh's choice (~/.ssh/config, else the local user)
    QString host; // a name ~/.ssh/config knows, a DNS name or an address
    int port = 0; // 0: ssh's choice
    QString path; // absolute, or empty

    static std::optional<RemoteTarget> parse(const QString &url, QString *error);
    static bool looksRemote(QStringView dataArgument) { return dataArgument.startsWith(u"ssh://"); }
    QString url() const;         // as parse() reads it back
    QString displayHost() const; // "user@host:port" without the parts ssh chooses

    friend bool operator==(const RemoteTarget &, const RemoteTarget &) = default;
};

// How ssh is run for a connection. No password or passphrase is ever here: ssh asks for them
// on the terminal, or through SSH_ASKPASS.
struct SshSettings
{
    QString program = QStringLiteral("ssh");
    QString configFile;    // ssh -F; empty: ~/.ssh/config
    QString remoteCommand; // empty: defaultRemoteCommand()
    bool batchMode = false; // nobody to ask: ssh fails instead of prompting
    QString askpass;        // a program ssh runs for each prompt (SSH_ASKPASS_REQUIRE=force)
    int connectTimeoutSeconds = 15;
    int aliveIntervalSeconds = 15; // ssh's own heartbeat; 3 missed and ssh ends the connection

    static QString defaultRemoteCommand() { return QStringLiteral("toolwright serve --stdio"); }
    // `remoteCommand`, else $TOOLWRIGHT_REMOTE_COMMAND; the config $TOOLWRIGHT_SSH_CONFIG (a test's
    // sshd, a config kept apart). Who asks for passphrases is the caller's to say.
    static SshSettings fromEnvironment(const QString &remoteCommand);
};

// The user part of a secret key for `user` on a server: `ssh:host[:port]/user`, so that the
// desktop's keychain holds a server's secrets apart from its own and another server's
// (`ssh:host/user/tool/input`, `ssh:host/user/resource/id`).
QString remoteSecretUser(const RemoteTarget &target, const QString &user);

// The words for a shell on the server: `s` in single quotes.
QString shellQuoted(const QString &s);
// The ssh command line for `target`: no forwarding of any kind (a tool running on the server
// never reaches the desktop's agent, X display or ports), then `-- host 'REMOTE_CMD --data PATH'`.
QStringList sshArguments(const RemoteTarget &target, const SshSettings &settings);

// The reply to one call: a result, or an error with JSON-RPC's code and the message to show.
struct RpcResult
{
    QJsonValue result;
    int code = 0; // 0: a result
    QString message;

    bool ok() const { return code == 0; }
};

class RemoteConnection final : public QObject
{
    Q_OBJECT
public:
    enum class State { Idle, Connecting, Ready, Closed };
    Q_ENUM(State)

    RemoteConnection(RemoteTarget target, SshSettings settings, QObject *parent = nullptr);
    ~RemoteConnection() override;

    // Starts ssh, waits for the banner, then `initialize`: ready() or failed().
    void open();
    // Ends the connection (closing ssh's stdin; the server cancels what it started), failing
    // what is pending.
    void close();
    // Ends it at once (ssh killed: a heartbeat that went unanswered), failing what is pending with
    // `reason`. The server sees its input end when its sshd notices, and cancels what it started.
    void abort(const QString &reason);
    // For a window that is done with the connection: closes it and deletes this object once ssh
    // has ended (killed after `graceMs`), without waiting on the caller's thread.
    void dispose(int graceMs = 2000);

    State state() const { return m_state; }
    const RemoteTarget &target() const { return m_target; }
    const Banner &serverBanner() const { return m_banner; }
    const QJsonObject &serverInfo() const { return m_initializeResult; } // initialize's result
    QString failure() const { return m_failure; }

    using ReplyHandler = std::function<void(const RpcResult &)>;
    // Sends a request; `handler` gets its reply (or the connection's end) exactly once, unless
    // this object is destroyed first.
    void call(const QString &method, const QJsonObject &params, ReplyHandler handler);

    // For the CLI: waits in a local event loop. false with `error` when it did not get ready.
    bool waitForReady(QString *error);
    RpcResult callAndWait(const QString &method, const QJsonObject &params);

signals:
    void ready();
    void failed(const QString &message); // could not connect, or the connection ended
    void notificationReceived(const QString &method, const QJsonObject &params);
    void stateChanged(tw::engine::RemoteConnection::State state);

private:
    void readStdout();
    void handleLine(QByteArrayView line);
    void handleMessage(const QJsonObject &message);
    void processEnded();
    void fail(const QString &message);
    void setState(State state);
    QString endedBeforeReadyMessage() const;

    RemoteTarget m_target;
    SshSettings m_settings;
    QProcess *m_process = nullptr;
    State m_state = State::Idle;
    QByteArray m_stdout;      // bytes after the last whole line
    QByteArray m_stderrTail;  // ssh's and the server's last words, for messages
    QStringList m_preamble;   // what came before the banner (a login shell's greeting)
    bool m_bannerSeen = false;
    Banner m_banner;
    QJsonObject m_initializeResult;
    QString m_failure;
    qint64 m_nextId = 1;
    QHash<qint64, ReplyHandler> m_pending;
};

} // namespace tw::engine
