#include "types/tsserver.h"

#include "run/runtime.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QStandardPaths>

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
    m_process.setChildProcessModifier(closeInheritedDescriptorsOnExec);
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
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Nothing from the user's environment changes what node loads or where tsserver logs.
    for (const char *name : {"NODE_OPTIONS", "NODE_PATH", "TSS_LOG", "TSS_DEBUG", "TSS_DEBUG_BRK"})
        env.remove(QLatin1StringView(name));
    m_process.setProcessEnvironment(env);
    // --useInferredProjectPerProjectRoot: each tool is its own project (its own Params);
    // no typings are acquired (that would download), no locale but English (messages are matched).
    // A hostile entry's types can take a checker's memory (a 300-statement mapped type took
    // tsserver to 3.5 GB): V8's heap is capped, and a server that dies of it is restarted, its
    // tool reported unchecked.
    m_process.start(nodeProgram(),
                    {QStringLiteral("--max-old-space-size=%1").arg(kMaxHeapMb), script,
                     QStringLiteral("--useInferredProjectPerProjectRoot"),
                     QStringLiteral("--disableAutomaticTypingAcquisition"), QStringLiteral("--locale"),
                     QStringLiteral("en"), QStringLiteral("--noGetErrOnBackgroundUpdate"),
                     QStringLiteral("--suppressDiagnosticEvents")});
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
    QFile status(QStringLiteral("/proc/%1/status").arg(m_process.processId()));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return 0;
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
