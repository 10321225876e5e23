// `toolwright serve --stdio [--data DIR]`: the server side of the remote protocol (DESIGN.md
// "Remote servers"). Prints the banner, then answers each JSON-RPC message (a line on stdin)
// with a line on stdout (engine::RemoteServer), in an event loop, so that notifications (a
// watched catalog's changes) go out as they happen, until stdin ends. Nothing else is written
// to stdout; a message longer than the protocol allows is answered with an error and skipped.

#include "common.h"

#include "remote/protocol.h"
#include "remote/remoteserver.h"
#include "run/runeventparser.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <cerrno>
#include <cstdio>
#include <unistd.h>

namespace tw::app::cli {

using namespace tw::engine;

namespace {

bool writeAll(const QByteArray &bytes)
{
    return std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) == size_t(bytes.size()) && std::fflush(stdout) == 0;
}

// Cuts what arrives on stdin into lines. A line past `limit` bytes is dropped as it comes and
// reported as too long at its end, so memory stays bounded whatever a client sends.
class LineReader
{
public:
    explicit LineReader(qsizetype limit)
        : m_limit(limit)
    {
    }

    // Feeds bytes; `onLine(line, tooLong)` for each line they complete.
    template<typename OnLine>
    void feed(QByteArrayView bytes, OnLine onLine)
    {
        while (!bytes.isEmpty()) {
            const qsizetype nl = bytes.indexOf('\n');
            const QByteArrayView part = nl < 0 ? bytes : bytes.first(nl);
            if (!m_tooLong && m_line.size() + part.size() <= m_limit)
                m_line.append(part);
            else {
                m_tooLong = true;
                m_line.clear();
            }
            if (nl < 0)
                return;
            onLine(m_line, m_tooLong);
            m_line.clear();
            m_tooLong = false;
            bytes = bytes.sliced(nl + 1);
        }
    }

    // The end of input: a last line without its newline still counts.
    template<typename OnLine>
    void finish(OnLine onLine)
    {
        if (!m_line.isEmpty() || m_tooLong)
            onLine(m_line, m_tooLong);
        m_line.clear();
    }

private:
    qsizetype m_limit;
    QByteArray m_line;
    bool m_tooLong = false;
};

} // namespace

int cmdServe(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    const QCommandLineOption stdio{QStringLiteral("stdio"), QStringLiteral("Speak the protocol on stdin and stdout.")};
    if (!o.parse(args, {o.data, stdio}, &error))
        return usageError(error);
    if (!o.parser.isSet(stdio))
        return usageError(QStringLiteral("serve needs --stdio (the only transport; ssh runs it on a server)"));
    if (!o.parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("serve takes no arguments"));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    RemoteServer server(dataPath);
    server.setCliProgram(QCoreApplication::applicationFilePath());
    server.setSend([](const QByteArray &line) {
        if (!writeAll(line))
            QCoreApplication::exit(2); // the client is gone
    });
    if (!writeAll(bannerLine()))
        return 2;

    LineReader reader(kMaxRequestBytes);
    const auto answer = [&server](const QByteArray &line, bool tooLong) {
        const QByteArray reply = tooLong
            ? rpcErrorLine(QJsonValue::Null, RpcCode::InvalidRequest,
                           QStringLiteral("a message longer than %1 bytes").arg(kMaxRequestBytes))
            : jsonHasMoreValuesThan(line, kMaxRequestValues)
            ? rpcErrorLine(QJsonValue::Null, RpcCode::InvalidRequest,
                           QStringLiteral("a message of more than %1 JSON values").arg(kMaxRequestValues))
            : server.handle(line);
        if (!reply.isEmpty() && !writeAll(reply))
            QCoreApplication::exit(2);
    };
    QSocketNotifier notifier(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &notifier, [&] {
        char buffer[64 * 1024];
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            return;
        if (n <= 0) { // the end of input: the client is done (or gone); so are its runs
            notifier.setEnabled(false);
            reader.finish(answer);
            server.shutdown([] { QCoreApplication::exit(0); });
            return;
        }
        reader.feed(QByteArrayView(buffer, n), answer);
    });
    return QCoreApplication::exec();
}

} // namespace tw::app::cli
