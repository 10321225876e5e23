#include "types/tsserver.h"

#include "run/runowner.h"
#include "run/runtime.h"
#include "run/sandboxidentity.h"
#include "sync/datapaths.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QScopeGuard>
#include <QStandardPaths>

#include <mutex>
#include <optional>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tw::engine {

Q_LOGGING_CATEGORY(lcTypes, "tw.engine.types", QtWarningMsg)

namespace {

// A frame larger than this is not a reply to anything we ask (completion lists of every global
// are a few MB): a server that announces one is treated as broken rather than buffered.
constexpr qsizetype kMaxFrame = 64 * 1024 * 1024;
const QByteArray kLengthHeader = QByteArrayLiteral("Content-Length:");

QJsonObject failure(const QString &message)
{
    return {{QStringLiteral("success"), false}, {QStringLiteral("message"), message}};
}

} // namespace

TsServer::TsServer(QObject *parent)
    : QObject(parent)
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &TsServer::readReplies);
    // tsserver logs nothing on stderr unless asked; what it prints there is dropped, not kept.
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] { m_process.readAllStandardError(); });
    connect(&m_process, &QProcess::started, this, [this] {
        if (!m_unsent.isEmpty())
            m_process.write(std::exchange(m_unsent, {}));
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) {
            m_error = QStringLiteral("the TypeScript server did not start: %1").arg(m_process.errorString());
            failPending(m_error);
            Q_EMIT stopped(m_error);
        }
    });
    connect(&m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        readReplies();
        if (!m_stopping)
            m_error = status == QProcess::CrashExit ? QStringLiteral("the TypeScript server crashed")
                                                    : QStringLiteral("the TypeScript server exited (%1)").arg(code);
        failPending(m_error);
        Q_EMIT stopped(m_error);
    });
}

TsServer::~TsServer()
{
    const auto removeMirror = qScopeGuard([this] {
        if (!m_mirror.isEmpty())
            QDir(m_mirror).removeRecursively();
    });
    m_stopping = true;
    m_pending.clear(); // no callback runs into a half-destroyed owner
    if (m_process.state() != QProcess::NotRunning) {
        m_process.closeWriteChannel(); // tsserver ends at the end of its input
        if (!m_process.waitForFinished(1000)) {
            m_process.kill();
            m_process.waitForFinished(1000);
        }
    }
}

QString TsServer::serverScript(QString *why)
{
    QString script = qEnvironmentVariable("TOOLWRIGHT_TSSERVER");
    if (script.isEmpty())
        script = QStringLiteral("/usr/share/nodejs/typescript/lib/tsserver.js");
    if (!QFileInfo(script).isFile()) {
        if (why)
            *why = QStringLiteral("TypeScript is not installed (%1 is missing; Debian package node-typescript)").arg(script);
        return {};
    }
    if (nodeProgram().isEmpty()) {
        if (why)
            *why = QStringLiteral("Node.js is not installed (Debian package nodejs)");
        return {};
    }
    return script;
}

QString TsServer::nodeProgram()
{
    QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        node = QStandardPaths::findExecutable(QStringLiteral("nodejs"));
    return node;
}

QString TsServer::hostNodeModules()
{
    const QString share = sharedDataDir();
    const QString root = share + QStringLiteral("/resources/typescript/node_modules");
    return !share.isEmpty() && QFileInfo(root + QStringLiteral("/@types/node/index.d.ts")).isFile() ? root : QString();
}

QString TsServer::hostPath(const QString &serverPath) const
{
    const auto under = [&](const QString &root, const QString &host) -> std::optional<QString> {
        if (root.isEmpty() || host.isEmpty() || !serverPath.startsWith(root)
            || (serverPath.size() > root.size() && serverPath[root.size()] != u'/'))
            return std::nullopt;
        return host + serverPath.mid(root.size());
    };
    if (auto p = under(kProjectsRoot, m_mirror.isEmpty() ? QString() : m_mirror + QStringLiteral("/projects")))
        return *p;
    if (auto p = under(m_lib, m_hostLib))
        return *p;
    if (auto p = under(m_modules, m_hostModules))
        return *p;
    return serverPath;
}

namespace {

// Copies `files` of `from` (names relative to it) into `to`; false on the first failure.
bool copyInto(const QString &from, const QStringList &files, const QString &to)
{
    for (const QString &name : files) {
        const QString target = to + u'/' + name;
        if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(from + u'/' + name, target))
            return false;
    }
    return true;
}

QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out.append(QDir(dir).relativeFilePath(it.next()));
    return out;
}

bool underUsr(const QString &path)
{
    return path.startsWith(QLatin1StringView("/usr/"));
}

} // namespace

bool TsServer::makeMirror(const QString &script)
{
    if (m_mirror.isEmpty() || !QFileInfo(m_mirror).isDir()) {
        // What a killed Toolwright left (its mirrors, its run directories): once a process.
        static std::once_flag swept;
        std::call_once(swept, removeStaleRunDirectories);
        // Toolwright's own directory, reachable by the sandbox identity (bwrap binds it as that
        // identity) and readable by its group only (the copies are of users' tools): removed
        // with the server.
        QByteArray path = QFile::encodeName(typesDirectoryTemplate()); // swept when its owner is gone
        if (!::mkdtemp(path.data())) {
            m_error = QStringLiteral("cannot make a directory for the TypeScript server in %1").arg(runDirectoryParent());
            return false;
        }
        m_mirror = QFile::decodeName(path);
        const SandboxIdentity &identity = sandboxIdentity();
        if ((identity.dropsPrivileges && ::chown(path.constData(), uid_t(-1), identity.gid) != 0)
            || ::chmod(path.constData(), identity.dropsPrivileges ? 0750 : 0700) != 0
            || !QDir().mkpath(m_mirror + QStringLiteral("/projects"))) {
            m_error = QStringLiteral("cannot prepare a directory for the TypeScript server in %1").arg(runDirectoryParent());
            return false;
        }
    }
    // TypeScript and the Node types are seen where they are under /usr (Debian's, an installed
    // Toolwright's); from elsewhere (a build tree, a test's) they are copied into the mirror: a
    // path of the caller's may not be reachable by the sandbox identity.
    m_hostLib = QFileInfo(script).absolutePath();
    m_lib = underUsr(m_hostLib) ? m_hostLib : QString(kTypeScriptLib);
    if (!underUsr(m_hostLib) && !QFileInfo::exists(m_mirror + QStringLiteral("/typescript/lib"))) {
        QStringList files{QFileInfo(script).fileName()};
        for (const QString &name : QDir(m_hostLib).entryList({QStringLiteral("lib*.d.ts")}, QDir::Files))
            files.append(name);
        if (!copyInto(m_hostLib, files, m_mirror + QStringLiteral("/typescript/lib"))) {
            m_error = QStringLiteral("cannot copy TypeScript from %1 for its sandbox").arg(m_hostLib);
            return false;
        }
    }
    m_hostModules = hostNodeModules();
    m_modules = m_hostModules.isEmpty() || underUsr(m_hostModules) ? m_hostModules : QString(kNodeModules);
    if (!m_hostModules.isEmpty() && !underUsr(m_hostModules) && !QFileInfo::exists(m_mirror + QStringLiteral("/node_modules"))
        && !copyInto(m_hostModules, filesUnder(m_hostModules), m_mirror + QStringLiteral("/node_modules"))) {
        m_error = QStringLiteral("cannot copy the Node types from %1 for TypeScript's sandbox").arg(m_hostModules);
        return false;
    }
    return true;
}

bool TsServer::start()
{
    if (isRunning())
        return true;
    const QString script = serverScript(&m_error);
    if (script.isEmpty())
        return false;
    // A server started again begins clean: nothing of the last one's output or unsent requests.
    m_error.clear();
    m_buffer.clear();
    m_unsent.clear();
    m_stopping = false;
    if (!makeMirror(script))
        return false;
    const QString node = nodeProgram();
    if (!node.startsWith(QLatin1StringView("/usr/")) && !node.startsWith(QLatin1StringView("/bin/"))) {
        m_error = QStringLiteral("the TypeScript server runs in a sandbox that has the system's node only (%1 is not under /usr)").arg(node);
        return false;
    }
    // --useInferredProjectPerProjectRoot: each tool is its own project (its own Params);
    // no typings are acquired (that would download), no locale but English (messages are matched).
    // A hostile entry's types can take a checker's memory (a 300-statement mapped type took
    // tsserver to 3.5 GB): V8's heap and the address space are capped, and a server that dies
    // of it is restarted, its tool reported unchecked.
    const QStringList arguments{QStringLiteral("--max-old-space-size=%1").arg(kMaxHeapMb),
                                m_lib + u'/' + QFileInfo(script).fileName(),
                                QStringLiteral("--useInferredProjectPerProjectRoot"),
                                QStringLiteral("--disableAutomaticTypingAcquisition"), QStringLiteral("--locale"),
                                QStringLiteral("en"), QStringLiteral("--noGetErrOnBackgroundUpdate"),
                                QStringLiteral("--suppressDiagnosticEvents")};
    QString why;
    if (!sandboxCheckProcess(m_process, node, arguments, kMaxAddressSpaceMb, &why, {{m_mirror, kMirrorRoot}})) {
        m_error = QStringLiteral("the TypeScript server runs in a sandbox, which cannot start: %1").arg(why);
        return false;
    }
    // Nothing from the user's environment changes what node loads or where tsserver logs.
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    m_process.setProcessEnvironment(env);
    m_process.start();
    return true;
}

int TsServer::send(const QString &command, const QJsonObject &arguments, Callback callback)
{
    const int seq = m_nextSeq++;
    const QJsonObject request{{QStringLiteral("seq"), seq},
                              {QStringLiteral("type"), QStringLiteral("request")},
                              {QStringLiteral("command"), command},
                              {QStringLiteral("arguments"), arguments}};
    QByteArray line = QJsonDocument(request).toJson(QJsonDocument::Compact);
    line += '\n';
    if (callback)
        m_pending.insert(seq, std::move(callback));
    if (m_process.state() == QProcess::Running)
        m_process.write(line);
    else if (m_process.state() == QProcess::Starting)
        m_unsent += line;
    else if (auto cb = m_pending.take(seq))
        cb(failure(m_error.isEmpty() ? QStringLiteral("the TypeScript server is not running") : m_error));
    return seq;
}

bool TsServer::waitForReplies(int msecs)
{
    if (m_process.state() == QProcess::Starting && !m_process.waitForStarted(msecs))
        return m_pending.isEmpty();
    QElapsedTimer timer;
    timer.start();
    while (!m_pending.isEmpty() && m_process.state() == QProcess::Running) {
        const qint64 left = msecs - timer.elapsed();
        if (left <= 0)
            return false;
        if (m_process.waitForReadyRead(int(left)))
            readReplies();
    }
    return m_pending.isEmpty();
}

qint64 TsServer::residentBytes() const
{
    if (!isRunning())
        return 0;
    // bwrap, its init in the sandbox and node under it: the tree below the process started.
    qint64 total = 0;
    QList<qint64> pids{m_process.processId()};
    for (int depth = 0; depth < 8 && !pids.isEmpty(); ++depth) {
        QList<qint64> next;
        for (qint64 pid : std::as_const(pids)) {
            QFile status(QStringLiteral("/proc/%1/status").arg(pid));
            if (status.open(QIODevice::ReadOnly)) {
                for (const QByteArray &line : status.readAll().split('\n'))
                    if (line.startsWith("VmRSS:"))
                        total += line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
            }
            QFile children(QStringLiteral("/proc/%1/task/%1/children").arg(pid));
            if (children.open(QIODevice::ReadOnly))
                for (const QByteArray &child : children.readAll().split(' '))
                    if (const qint64 c = child.trimmed().toLongLong(); c > 0)
                        next.append(c);
        }
        pids = std::move(next);
    }
    return total;
}

void TsServer::readReplies()
{
    m_buffer += m_process.readAllStandardOutput();
    for (;;) {
        // A frame: "Content-Length: N\r\n\r\n" and N bytes of JSON (its newline counted).
        const qsizetype headerEnd = m_buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (m_buffer.size() > 4096) {
                // No header's end in sight: not tsserver's framing. Keep a header that may be
                // arriving in pieces, drop what came before it.
                const qsizetype header = m_buffer.lastIndexOf(kLengthHeader);
                m_buffer.remove(0, header < 0 ? m_buffer.size() : header);
                qCWarning(lcTypes) << "tsserver sent unframed output; dropped";
            }
            return;
        }
        const QByteArray header = m_buffer.left(headerEnd);
        const qsizetype at = header.lastIndexOf(kLengthHeader);
        bool ok = false;
        const qsizetype length = at < 0 ? -1 : header.mid(at + kLengthHeader.size()).trimmed().toLongLong(&ok);
        if (!ok || length < 0) {
            m_buffer.remove(0, headerEnd + 4); // a header we cannot use: skip it, resync on the next
            continue;
        }
        if (length > kMaxFrame) {
            // A reply this large answers nothing we asked; skipping it would leave its request
            // waiting for ever. The server is stopped: what is pending fails, with the reason.
            m_error = QStringLiteral("the TypeScript server sent a reply of %1 MB; stopped").arg(length / 1000000);
            m_stopping = true;
            m_buffer.clear();
            m_process.kill();
            return;
        }
        if (m_buffer.size() < headerEnd + 4 + length)
            return;
        const QByteArray json = m_buffer.mid(headerEnd + 4, length);
        m_buffer.remove(0, headerEnd + 4 + length);
        handleMessage(json);
    }
}

void TsServer::handleMessage(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject())
        return;
    const QJsonObject message = doc.object();
    const QString type = message.value(QStringLiteral("type")).toString();
    if (type == u"event") {
        Q_EMIT eventReceived(message.value(QStringLiteral("event")).toString(),
                             message.value(QStringLiteral("body")).toObject());
        return;
    }
    if (type != u"response")
        return;
    if (Callback cb = m_pending.take(message.value(QStringLiteral("request_seq")).toInt()))
        cb(message);
}

void TsServer::failPending(const QString &reason)
{
    const QHash<int, Callback> pending = std::exchange(m_pending, {});
    QList<int> seqs = pending.keys();
    std::sort(seqs.begin(), seqs.end());
    for (int seq : seqs)
        pending.value(seq)(failure(reason));
}

} // namespace tw::engine
