#pragma once
// A real OpenSSH server for the remote tests: Debian's sshd on 127.0.0.1 at a free port, with
// throw-away host and user keys, its own sshd_config, and an ssh_config for the client (host
// alias `tw-test`) with its own known_hosts. Nothing of the machine's SSH setup is read or
// changed: the client runs with `-F` (TOOLWRIGHT_SSH_CONFIG), the server with `-f`.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <pwd.h>
#include <unistd.h>

namespace tw::test {

class Sshd
{
public:
    Sshd() = default;
    Sshd(const Sshd &) = delete;
    Sshd &operator=(const Sshd &) = delete;
    ~Sshd() { stop(); }

    // Keys, configs and the server; false with `error` when any step fails (the suite fails:
    // openssh-server is a test dependency scripts/setup installs).
    bool start(QString *error)
    {
        if (!m_dir.isValid())
            return fail(error, QStringLiteral("no temporary directory"));
        const QString sshd = QStringLiteral("/usr/sbin/sshd");
        if (!QFileInfo(sshd).isExecutable())
            return fail(error, QStringLiteral("%1 is missing (Debian openssh-server; scripts/setup installs it)").arg(sshd));
        if (!keygen(path(QStringLiteral("host_key")), error) || !keygen(path(QStringLiteral("other_host_key")), error)
            || !keygen(path(QStringLiteral("user_key")), error))
            return false;
        QFile::copy(path(QStringLiteral("user_key.pub")), path(QStringLiteral("authorized_keys")));
        if (::geteuid() == 0)
            QDir().mkpath(QStringLiteral("/run/sshd")); // sshd's privilege separation directory, as its unit makes it
        for (int attempt = 0; attempt < 20; ++attempt) {
            m_port = 20000 + int(QRandomGenerator::global()->bounded(40000));
            writeServerConfig();
            m_process.setProgram(sshd);
            m_process.setArguments({QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), path(QStringLiteral("sshd_config"))});
            m_process.setProcessChannelMode(QProcess::MergedChannels);
            m_process.start();
            if (!m_process.waitForStarted(5000))
                return fail(error, QStringLiteral("sshd did not start: %1").arg(m_process.errorString()));
            QByteArray log;
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 10000 && m_process.state() == QProcess::Running && !log.contains("Server listening on")) {
                m_process.waitForReadyRead(200);
                log += m_process.readAll();
            }
            if (log.contains("Server listening on")) {
                writeClientConfig();
                trustHostKey(QStringLiteral("host_key"));
                return true;
            }
            m_process.kill();
            m_process.waitForFinished(2000);
            if (!log.contains("Address already in use"))
                return fail(error, QStringLiteral("sshd did not listen: %1").arg(QString::fromUtf8(log)));
        }
        return fail(error, QStringLiteral("no free port for sshd"));
    }

    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(2000);
        }
    }

    QString alias() const { return QStringLiteral("tw-test"); }
    QString askingAlias() const { return QStringLiteral("tw-test-ask"); }
    int port() const { return m_port; }
    QString clientConfig() const { return path(QStringLiteral("ssh_config")); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString userName() const
    {
        const passwd *pw = ::getpwuid(::geteuid());
        return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
    }

    // known_hosts: the server's real key (`host_key`), another one (`other_host_key`: ssh sees
    // a changed key), or none (an unknown host).
    void trustHostKey(const QString &keyName)
    {
        QByteArray line;
        if (!keyName.isEmpty()) {
            QFile pub(path(keyName + QStringLiteral(".pub")));
            if (pub.open(QIODevice::ReadOnly)) {
                const QList<QByteArray> words = pub.readAll().trimmed().split(' ');
                line = "[127.0.0.1]:" + QByteArray::number(m_port) + ' ' + words.value(0) + ' ' + words.value(1) + '\n';
            }
        }
        QFile f(path(QStringLiteral("known_hosts")));
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(line);
    }

    // What sshd logged so far (for a failing test's message).
    QByteArray log() { return m_process.readAll(); }

private:
    static bool fail(QString *error, const QString &message)
    {
        *error = message;
        return false;
    }

    bool keygen(const QString &file, QString *error)
    {
        QProcess p;
        p.start(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                               QStringLiteral("-N"), QString(), QStringLiteral("-C"), QStringLiteral("tw-test"),
                                               QStringLiteral("-f"), file});
        if (!p.waitForFinished(20000) || p.exitCode() != 0)
            return fail(error, QStringLiteral("ssh-keygen failed: %1").arg(QString::fromUtf8(p.readAllStandardError())));
        return true;
    }

    void writeServerConfig()
    {
        QFile f(path(QStringLiteral("sshd_config")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return;
        f.write(QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\nAuthorizedKeysFile %3\nPidFile %4\n"
                               "StrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                               "PermitRootLogin prohibit-password\nUsePAM no\nPrintMotd no\nPrintLastLog no\n"
                               "AllowUsers %5\nLogLevel INFO\n")
                    .arg(m_port)
                    .arg(path(QStringLiteral("host_key")), path(QStringLiteral("authorized_keys")),
                         path(QStringLiteral("sshd.pid")), userName())
                    .toUtf8());
    }

    void writeClientConfig()
    {
        QFile f(path(QStringLiteral("ssh_config")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return;
        // `tw-test` never asks (BatchMode, whatever terminal the tests run on); `tw-test-ask` asks
        // where ssh can: the askpass tests use it.
        for (const QString &host : {alias(), askingAlias()})
            f.write(QStringLiteral("Host %1\n  HostName 127.0.0.1\n  Port %2\n  User %3\n  IdentityFile %4\n  IdentitiesOnly yes\n"
                                   "  IdentityAgent none\n  UserKnownHostsFile %5\n  GlobalKnownHostsFile /dev/null\n"
                                   "  UpdateHostKeys no\n  LogLevel ERROR\n%6")
                        .arg(host).arg(m_port)
                        .arg(userName(), path(QStringLiteral("user_key")), path(QStringLiteral("known_hosts")),
                             host == alias() ? QStringLiteral("  BatchMode yes\n") : QString())
                        .toUtf8());
    }

    QTemporaryDir m_dir;
    QProcess m_process;
    int m_port = 0;
};

} // namespace tw::test
