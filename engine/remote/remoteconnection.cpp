#include "remote/remoteconnection.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QProcessEnvironment>
#include <QTimer>
#include <QUrl>

namespace tw::engine {
namespace {

constexpr qsizetype kStderrTailBytes = 8 * 1024;
constexpr qsizetype kPreambleLines = 20;

// The exit status a POSIX shell gives for a command it cannot find.
constexpr int kShellCommandNotFound = 127;
// ssh's own failure (it could not connect, log in or verify the host).
constexpr int kSshFailed = 255;

QStringList meaningfulLines(const QByteArray &bytes)
{
    QStringList lines;
    for (const QByteArray &raw : bytes.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (!line.isEmpty() && !line.startsWith(u"@@@@") && line != u"@")
            lines.append(line);
    }
    return lines;
}

} // namespace

std::optional<RemoteTarget> RemoteTarget::parse(const QString &url, QString *error)
{
    const QUrl u(url, QUrl::StrictMode);
    auto refuse = [&](const QString &why) -> std::optional<RemoteTarget> {
        *error = QStringLiteral("%1: %2 (expected ssh://[user@]host[:port]/path)").arg(url, why);
        return std::nullopt;
    };
    if (!u.isValid() || u.scheme() != u"ssh")
        return refuse(QStringLiteral("not an ssh:// address"));
    if (u.host().isEmpty())
        return refuse(QStringLiteral("no host"));
    if (u.hasQuery() || u.hasFragment() || !u.password().isEmpty())
        return refuse(QStringLiteral("a password, query or fragment has no place in it"));
    RemoteTarget t;
    t.host = u.host(QUrl::FullyDecoded);
    t.user = u.userName(QUrl::FullyDecoded);
    t.port = u.port(0);
    t.path = u.path(QUrl::FullyDecoded);
    if (t.host.startsWith(u'-') || t.user.startsWith(u'-'))
        return refuse(QStringLiteral("a host or user may not begin with '-'"));
    if (t.path == u"/")
        t.path.clear();
    if (t.path.contains(QChar(0)) || t.host.contains(QChar(0)) || t.user.contains(QChar(0)))
        return refuse(QStringLiteral("a NUL character"));
    return t;
}

QString RemoteTarget::url() const
{
    QUrl u;
    u.setScheme(QStringLiteral("ssh"));
    u.setHost(host, QUrl::DecodedMode);
    if (!user.isEmpty())
        u.setUserName(user, QUrl::DecodedMode);
    if (port > 0)
        u.setPort(port);
    u.setPath(path.isEmpty() ? QStringLiteral("/") : path, QUrl::DecodedMode);
    return u.toString(QUrl::FullyEncoded);
}

SshSettings SshSettings::fromEnvironment(const QString &remoteCommand)
{
    SshSettings ssh;
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    ssh.configFile = env.value(QStringLiteral("TOOLWRIGHT_SSH_CONFIG"));
    ssh.remoteCommand = !remoteCommand.isEmpty() ? remoteCommand : env.value(QStringLiteral("TOOLWRIGHT_REMOTE_COMMAND"));
    return ssh;
}

QString RemoteTarget::displayHost() const
{
    QString s = user.isEmpty() ? host : user + u'@' + host;
    if (port > 0)
        s += u':' + QString::number(port);
    return s;
}

QString remoteSecretUser(const RemoteTarget &target, const QString &user)
{
    QString host = QStringLiteral("ssh:") + target.host.toLower();
    if (target.port > 0)
        host += u':' + QString::number(target.port);
    return host + u'/' + user;
}

QString shellQuoted(const QString &s)
{
    QString quoted = s;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

QStringList sshArguments(const RemoteTarget &target, const SshSettings &settings)
{
    QStringList args{QStringLiteral("-T"), // no terminal: the channel carries the protocol's bytes
                     QStringLiteral("-a"), QStringLiteral("-x"), // no agent or X11 forwarding, whatever the config says
                     QStringLiteral("-o"), QStringLiteral("ClearAllForwardings=yes"),
                     QStringLiteral("-o"), QStringLiteral("ConnectTimeout=%1").arg(settings.connectTimeoutSeconds),
                     QStringLiteral("-o"), QStringLiteral("ServerAliveInterval=%1").arg(settings.aliveIntervalSeconds),
                     QStringLiteral("-o"), QStringLiteral("ServerAliveCountMax=3")};
    if (settings.batchMode)
        args << QStringLiteral("-o") << QStringLiteral("BatchMode=yes");
    if (!settings.configFile.isEmpty())
        args << QStringLiteral("-F") << settings.configFile;
    if (!target.user.isEmpty())
        args << QStringLiteral("-l") << target.user;
    if (target.port > 0)
        args << QStringLiteral("-p") << QString::number(target.port);
    QString command = settings.remoteCommand.isEmpty() ? SshSettings::defaultRemoteCommand() : settings.remoteCommand;
    if (!target.path.isEmpty())
        command += QStringLiteral(" --data ") + shellQuoted(target.path);
    args << QStringLiteral("--") << target.host << command;
    return args;
}

RemoteConnection::RemoteConnection(RemoteTarget target, SshSettings settings, QObject *parent)
    : QObject(parent)
    , m_target(std::move(target))
    , m_settings(std::move(settings))
{
}

RemoteConnection::~RemoteConnection()
{
    m_pending.clear(); // nobody is left to tell
    if (m_process) {
        m_process->disconnect(this);
        m_process->closeWriteChannel();
        if (!m_process->waitForFinished(2000)) {
            m_process->kill();
            m_process->waitForFinished(1000);
        }
    }
}

void RemoteConnection::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void RemoteConnection::open()
{
    if (m_state == State::Connecting || m_state == State::Ready)
        return;
    delete m_process;
    m_process = new QProcess(this);
    m_stdout.clear();
    m_stderrTail.clear();
    m_preamble.clear();
    m_bannerSeen = false;
    m_failure.clear();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!m_settings.askpass.isEmpty()) {
        env.insert(QStringLiteral("SSH_ASKPASS"), m_settings.askpass);
        env.insert(QStringLiteral("SSH_ASKPASS_REQUIRE"), QStringLiteral("force"));
        env.insert(QStringLiteral("TOOLWRIGHT_ASKPASS"), QStringLiteral("1")); // toolwright as askpass: the dialog
    }
    m_process->setProcessEnvironment(env);
    m_process->setProgram(m_settings.program);
    m_process->setArguments(sshArguments(m_target, m_settings));
    connect(m_process, &QProcess::readyReadStandardOutput, this, &RemoteConnection::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderrTail += m_process->readAllStandardError();
        if (m_stderrTail.size() > kStderrTailBytes)
            m_stderrTail = m_stderrTail.right(kStderrTailBytes);
    });
    connect(m_process, &QProcess::finished, this, &RemoteConnection::processEnded);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            fail(QStringLiteral("cannot run %1 (the OpenSSH client): %2").arg(m_settings.program, m_process->errorString()));
    });
    setState(State::Connecting);
    m_process->start();
}

void RemoteConnection::close()
{
    if (!m_process || m_state == State::Closed || m_state == State::Idle)
        return;
    m_process->closeWriteChannel(); // the server sees the end of its input and stops its runs
    fail(QStringLiteral("the connection to %1 was closed").arg(m_target.displayHost()));
}

void RemoteConnection::abort(const QString &reason)
{
    if (!m_process || m_state == State::Closed || m_state == State::Idle)
        return;
    fail(reason);
    m_process->kill();
}

void RemoteConnection::dispose(int graceMs)
{
    m_pending.clear(); // nobody is left to tell
    disconnect(); // no more signals to whoever was listening
    if (!m_process || m_process->state() == QProcess::NotRunning) {
        deleteLater();
        return;
    }
    m_process->disconnect(this);
    connect(m_process, &QProcess::finished, this, &QObject::deleteLater);
    m_process->closeWriteChannel();
    QTimer::singleShot(graceMs, m_process, &QProcess::kill);
}

void RemoteConnection::fail(const QString &message)
{
    if (m_state == State::Closed)
        return;
    m_failure = message;
    setState(State::Closed);
    const QHash<qint64, ReplyHandler> pending = std::exchange(m_pending, {});
    const QPointer<RemoteConnection> alive(this);
    for (const ReplyHandler &handler : pending) {
        handler(RpcResult{{}, int(RpcCode::InternalError), message});
        if (!alive)
            return;
    }
    emit failed(message);
}

void RemoteConnection::readStdout()
{
    // A 10 MB catalog arrives in many reads: each is searched for a newline from where the last
    // search stopped, not from the start of the line again.
    const qsizetype searchFrom = m_stdout.size();
    m_stdout += m_process->readAllStandardOutput();
    qsizetype start = 0;
    const QPointer<RemoteConnection> alive(this);
    for (qsizetype nl = m_stdout.indexOf('\n', searchFrom); nl >= 0; nl = m_stdout.indexOf('\n', start)) {
        handleLine(QByteArrayView(m_stdout).sliced(start, nl - start));
        if (!alive || m_state == State::Closed)
            return;
        start = nl + 1;
    }
    m_stdout.remove(0, start);
    if (m_stdout.size() > kMaxMessageBytes)
        fail(QStringLiteral("%1 sent a message longer than %2 bytes").arg(m_target.displayHost()).arg(kMaxMessageBytes));
}

void RemoteConnection::handleLine(QByteArrayView line)
{
    if (!m_bannerSeen) {
        const std::optional<Banner> banner = parseBanner(line);
        if (!banner) {
            if (m_preamble.size() < kPreambleLines)
                m_preamble.append(QString::fromUtf8(line).trimmed());
            return; // a login shell's greeting: not ours
        }
        m_bannerSeen = true;
        m_banner = *banner;
        if (banner->major != kProtocolMajor) {
            fail(versionMismatchMessage(QStringLiteral(TOOLWRIGHT_VERSION), protocolVersionText(), banner->toolwrightVersion,
                                        QStringLiteral("%1.%2").arg(banner->major).arg(banner->minor)));
            return;
        }
        const QJsonObject params{{QStringLiteral("protocolVersion"), protocolVersionText()},
                                 {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("toolwright")},
                                                                            {QStringLiteral("version"), QStringLiteral(TOOLWRIGHT_VERSION)}}}};
        call(QStringLiteral("initialize"), params, [this](const RpcResult &r) {
            if (!r.ok()) {
                fail(r.code == int(RpcCode::VersionMismatch)
                         ? r.message
                         : QStringLiteral("%1 refused to start: %2").arg(m_target.displayHost(), r.message));
                return;
            }
            m_initializeResult = r.result.toObject();
            setState(State::Ready);
            emit ready();
        });
        return;
    }
    if (line.trimmed().isEmpty())
        return;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(QStringLiteral("%1 sent a line that is not a JSON-RPC message").arg(m_target.displayHost()));
        return;
    }
    handleMessage(doc.object());
}

void RemoteConnection::handleMessage(const QJsonObject &message)
{
    const QJsonValue id = message.value(QStringLiteral("id"));
    if (id.isUndefined()) { // a notification
        emit notificationReceived(message.value(QStringLiteral("method")).toString(),
                                  message.value(QStringLiteral("params")).toObject());
        return;
    }
    const auto it = m_pending.find(qint64(id.toDouble(-1)));
    if (!id.isDouble() || it == m_pending.end())
        return; // a reply to nothing we asked: ignored, as a late reply to a cancelled call
    const ReplyHandler handler = std::move(it.value());
    m_pending.erase(it);
    RpcResult r;
    if (message.contains(QStringLiteral("error"))) {
        const QJsonObject e = message.value(QStringLiteral("error")).toObject();
        r.code = e.value(QStringLiteral("code")).toInt(int(RpcCode::InternalError));
        if (r.code == 0)
            r.code = int(RpcCode::InternalError);
        r.message = e.value(QStringLiteral("message")).toString();
    } else {
        r.result = message.value(QStringLiteral("result"));
    }
    handler(r);
}

void RemoteConnection::call(const QString &method, const QJsonObject &params, ReplyHandler handler)
{
    if (m_state == State::Closed || m_state == State::Idle || !m_process) {
        handler(RpcResult{{}, int(RpcCode::InternalError),
                          m_failure.isEmpty() ? QStringLiteral("not connected to %1").arg(m_target.displayHost()) : m_failure});
        return;
    }
    const qint64 id = m_nextId++;
    m_pending.insert(id, std::move(handler));
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), double(id)},
                              {QStringLiteral("method"), method}, {QStringLiteral("params"), params}};
    m_process->write(wireJson(request) + '\n');
}

QString RemoteConnection::endedBeforeReadyMessage() const
{
    const QString host = m_target.displayHost();
    const QStringList errLines = meaningfulLines(m_stderrTail);
    const QString last = errLines.isEmpty() ? QString() : errLines.constLast();
    const int exitCode = m_process->exitStatus() == QProcess::NormalExit ? m_process->exitCode() : -1;
    const QString command = m_settings.remoteCommand.isEmpty() ? SshSettings::defaultRemoteCommand() : m_settings.remoteCommand;
    if (exitCode == kSshFailed && !m_bannerSeen) {
        // ssh's own words: the one line that says why. A changed host key: the line naming it,
        // and the fingerprint the server sent.
        for (qsizetype i = 0; i < errLines.size(); ++i) {
            if (!errLines[i].contains(u"has changed and you have requested strict checking"))
                continue;
            QString fingerprint;
            for (qsizetype j = 0; j + 1 < errLines.size(); ++j)
                if (errLines[j].startsWith(u"The fingerprint for the"))
                    fingerprint = QStringLiteral(" The key it sent now is %1").arg(errLines[j + 1]);
            return QStringLiteral("cannot connect to %1: %2 %3%4").arg(host, errLines[i], last, fingerprint);
        }
        return QStringLiteral("cannot connect to %1: %2").arg(host, last.isEmpty() ? QStringLiteral("ssh failed") : last);
    }
    if (exitCode == kShellCommandNotFound || last.contains(u"command not found") || last.contains(u"No such file or directory"))
        return QStringLiteral("%1 has no toolwright: `%2` was not found there (%3). Install the toolwright-server package "
                              "%4 on the server, or set the remote command.")
            .arg(host, command, last, QStringLiteral(TOOLWRIGHT_VERSION));
    if (last.contains(u"unknown command 'serve'") || last.contains(u"'serve' is not available"))
        return QStringLiteral("the toolwright on %1 is too old to serve (it has no `serve`). Install the toolwright-server "
                              "package %2 on the server.")
            .arg(host, QStringLiteral(TOOLWRIGHT_VERSION));
    if (!m_bannerSeen)
        return QStringLiteral("`%1` on %2 ended (exit %3) without speaking the protocol%4")
            .arg(command, host, QString::number(exitCode), last.isEmpty() ? QString() : QStringLiteral(": ") + last);
    return QStringLiteral("%1 ended the connection before it was ready (exit %2)%3")
        .arg(host, QString::number(exitCode), last.isEmpty() ? QString() : QStringLiteral(": ") + last);
}

void RemoteConnection::processEnded()
{
    if (m_state == State::Closed)
        return;
    // Whatever stdout still held is read first: a reply may have come with the end.
    readStdout();
    m_stderrTail += m_process->readAllStandardError();
    if (m_state == State::Closed)
        return;
    if (m_state == State::Ready) {
        const QStringList errLines = meaningfulLines(m_stderrTail);
        fail(QStringLiteral("the connection to %1 was lost%2").arg(m_target.displayHost(),
                errLines.isEmpty() ? QString() : QStringLiteral(": ") + errLines.constLast()));
        return;
    }
    fail(endedBeforeReadyMessage());
}

bool RemoteConnection::waitForReady(QString *error)
{
    if (m_state == State::Idle)
        open();
    if (m_state == State::Connecting) {
        QEventLoop loop;
        connect(this, &RemoteConnection::ready, &loop, &QEventLoop::quit);
        connect(this, &RemoteConnection::failed, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (m_state == State::Ready)
        return true;
    *error = m_failure;
    return false;
}

RpcResult RemoteConnection::callAndWait(const QString &method, const QJsonObject &params)
{
    std::optional<RpcResult> reply;
    QEventLoop loop;
    call(method, params, [&](const RpcResult &r) {
        reply = r;
        loop.quit();
    });
    if (!reply)
        loop.exec();
    return *reply;
}

} // namespace tw::engine
