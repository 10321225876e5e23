// `toolwright serve --stdio [--data DIR]`: the server side of the remote protocol (DESIGN.md
// "Remote servers"). Prints the banner, then answers one JSON-RPC message per line on stdin with
// one line on stdout (engine::RemoteServer) until stdin ends. Nothing else is written to stdout;
// a message longer than the protocol allows is answered with an error and skipped.

#include "common.h"

#include "remote/remoteserver.h"

#include <cstdio>
#include <string>

namespace tw::app::cli {

using namespace tw::engine;

namespace {

bool writeAll(const QByteArray &bytes)
{
    return std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) == size_t(bytes.size()) && std::fflush(stdout) == 0;
}

// One line from stdin without its newline; false at the end. A line past `limit` bytes is read
// to its end and reported as `tooLong`, its bytes dropped.
bool readLine(QByteArray *line, bool *tooLong, qsizetype limit)
{
    line->clear();
    *tooLong = false;
    int c = 0;
    bool any = false;
    while ((c = getc_unlocked(stdin)) != EOF) {
        any = true;
        if (c == '\n')
            return true;
        if (line->size() < limit)
            line->append(char(c));
        else
            *tooLong = true;
    }
    return any && !line->isEmpty();
}

} // namespace

int cmdServe(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    const QCommandLineOption stdio{QStringLiteral("stdio"), QStringLiteral("Speak the protocol on stdin and stdout.")};
    if (!o.parse(args, {o.data, stdio}, &error))
        return usageError(error);
    if (!o.parser.isSet(stdio))
        return usageError(QStringLiteral("serve needs --stdio (the only transport; ssh runs it on the server)"));
    if (!o.parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("serve takes no arguments"));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    RemoteServer server(dataPath);
    if (!writeAll(bannerLine()))
        return 2;
    QByteArray line;
    bool tooLong = false;
    while (readLine(&line, &tooLong, kMaxMessageBytes)) {
        const QByteArray reply = tooLong
            ? rpcErrorLine(QJsonValue::Null, RpcCode::InvalidRequest,
                           QStringLiteral("a message longer than %1 bytes").arg(kMaxMessageBytes))
            : server.handle(line);
        if (!reply.isEmpty() && !writeAll(reply))
            return 2; // the client is gone
    }
    return 0;
}

} // namespace tw::app::cli
