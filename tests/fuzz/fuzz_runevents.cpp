// libFuzzer target: the runner event parser, fed the input in chunks whose sizes come from the
// input itself, on both streams. Its contract (runeventparser.h, DESIGN.md "Running a tool"):
// every line of either stream becomes exactly one event of that stream, in order — on stdout a
// line starting with this run's prefix is a framed event carrying the JSON as sent, every other
// line a log line with the line's text (one "\r" before its "\n" dropped, the bytes read as
// UTF-8); a partial line at the end is a log line once finish() is called; the run has at most
// one terminal event, and every frame after it is a protocol error. This target rebuilds each
// stream from the events and compares it with the input, so a byte lost, moved or added aborts.
//
// What the events cannot give back, by the contract: the text of an unreadable frame (it becomes
// the run's error, with the parse error as its message) and the spelling of a readable frame's
// JSON (its object is kept); both are compared as the parser must have read them.
#include "run/runeventparser.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <cstdint>
#include <cstdlib>

namespace {

using tw::engine::RunEvent;

const QByteArray kPrefix = QByteArrayLiteral("\x1eTW f00d ");

// One line as the events must give it back: a log line's text as UTF-8; a frame as the prefix,
// a kind tag and the JSON object the parser read (empty when it could not read one).
QByteArray expectedLine(QByteArray line, RunEvent::Stream stream, bool *framed)
{
    if (line.endsWith('\r'))
        line.chop(1);
    *framed = stream == RunEvent::Stream::Stdout && line.startsWith(kPrefix);
    if (!*framed)
        return QString::fromUtf8(line).toUtf8();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line.mid(kPrefix.size()), &error);
    const QJsonObject o = error.error == QJsonParseError::NoError && doc.isObject() ? doc.object() : QJsonObject();
    return kPrefix + QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray rebuiltLine(const RunEvent &e)
{
    if (e.kind == RunEvent::Kind::Log)
        return e.text.toUtf8();
    return kPrefix + QJsonDocument(e.json).toJson(QJsonDocument::Compact);
}

// The kind a frame must have before the run's terminal event (runeventparser.cpp parseFrame):
// a readable update or result is one, anything else is the run's error.
RunEvent::Kind kindBeforeTerminal(const QJsonObject &o, bool readable)
{
    const QString type = o.value(QStringLiteral("type")).toString();
    if (readable && type == u"update")
        return RunEvent::Kind::Update;
    if (readable && type == u"result")
        return RunEvent::Kind::Result;
    return RunEvent::Kind::Error;
}

struct Stream
{
    QByteArray input;          // every chunk fed on this stream, in order
    QList<RunEvent> events;    // what the parser reported for it, in order
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // Lines up to kMaxLineBytes are kept whole (longer ones are cut into pieces, by design).
    if (size < 2 || qsizetype(size) > tw::engine::RunEventParser::kMaxLineBytes)
        return 0;
    tw::engine::RunEventParser parser(QByteArrayLiteral("f00d"));
    const QByteArray bytes(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    const qsizetype step = 1 + data[0] % 61;
    Stream streams[2];
    for (qsizetype at = 0; at < bytes.size(); at += step) {
        const auto stream = (at / step) % 3 == 2 ? RunEvent::Stream::Stderr : RunEvent::Stream::Stdout;
        const QByteArray chunk = bytes.mid(at, step);
        streams[int(stream)].input += chunk;
        for (const RunEvent &e : parser.feed(chunk, stream)) {
            if (e.stream != stream)
                std::abort(); // an event of the other stream out of this one's bytes
            (void)tw::engine::contentText(e.content);
            streams[int(stream)].events.append(e);
        }
    }
    for (const RunEvent &e : parser.finish())
        streams[int(e.stream)].events.append(e);

    bool terminalSeen = false;
    for (int s = 0; s < 2; ++s) {
        const Stream &stream = streams[s];
        QList<QByteArray> lines = stream.input.split('\n');
        if (lines.last().isEmpty())
            lines.removeLast(); // the input ended with a complete line
        if (stream.events.size() != lines.size())
            std::abort(); // a line lost, split or made up
        QByteArray expected, rebuilt;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const RunEvent &e = stream.events[i];
            bool framed = false;
            expected += expectedLine(lines[i], RunEvent::Stream(s), &framed) + '\n';
            rebuilt += rebuiltLine(e) + '\n';
            if (!framed) {
                if (e.kind != RunEvent::Kind::Log)
                    std::abort(); // the tool's own output taken for an event
                continue;
            }
            // Only stdout frames get here, in the order the harness wrote them.
            QByteArray line = lines[i];
            if (line.endsWith('\r'))
                line.chop(1);
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(line.mid(kPrefix.size()), &error);
            const bool readable = error.error == QJsonParseError::NoError && doc.isObject();
            const RunEvent::Kind kind = terminalSeen ? RunEvent::Kind::ProtocolError : kindBeforeTerminal(doc.object(), readable);
            if (e.kind != kind)
                std::abort(); // a frame after the terminal event changed the outcome, or a frame misread
            if (kind == RunEvent::Kind::Result || kind == RunEvent::Kind::Error)
                terminalSeen = true;
            if (!readable && e.message.isEmpty())
                std::abort(); // an unreadable frame must say why
        }
        if (rebuilt != expected)
            std::abort(); // a byte of this stream lost, moved or added
    }
    return 0;
}
