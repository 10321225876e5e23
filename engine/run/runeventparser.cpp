#include "run/runeventparser.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace tw::engine {

RunEventParser::RunEventParser(QByteArray nonce) : m_prefix("\x1eTW " + nonce + ' ') {}

RunEvent RunEventParser::parseLine(const QByteArray &rawLine, RunEvent::Stream stream)
{
    QByteArray line = rawLine;
    if (line.endsWith('\r'))
        line.chop(1);
    // Only stdout carries events, and only with this run's nonce: anything else is log output.
    if (stream != RunEvent::Stream::Stdout || !line.startsWith(m_prefix)) {
        RunEvent e;
        e.stream = stream;
        e.text = QString::fromUtf8(line);
        return e;
    }
    return sequenced(parseFrame(line.mid(m_prefix.size()), stream));
}

RunEvent RunEventParser::sequenced(RunEvent e)
{
    if (e.kind != RunEvent::Kind::Update && e.kind != RunEvent::Kind::Result && e.kind != RunEvent::Kind::Error)
        return e;
    if (m_terminal.isEmpty()) {
        if (e.kind != RunEvent::Kind::Update)
            m_terminal = e.kind == RunEvent::Kind::Result ? QStringLiteral("result") : QStringLiteral("error");
        return e;
    }
    // DESIGN.md: exactly one terminal event per run; anything after it is a protocol error.
    const QString type = e.json.value(QStringLiteral("type")).toString();
    QString what;
    if (e.kind == RunEvent::Kind::Update)
        what = QStringLiteral("an update");
    else if (e.kind == RunEvent::Kind::Result)
        what = m_terminal == u"result" ? QStringLiteral("a second result") : QStringLiteral("a result");
    else if (type == u"error")
        what = m_terminal == u"error" ? QStringLiteral("a second error") : QStringLiteral("an error");
    else if (!type.isEmpty())
        what = QStringLiteral("an event of unknown type '%1'").arg(type);
    else
        what = QStringLiteral("an unreadable event");
    RunEvent p;
    p.kind = RunEvent::Kind::ProtocolError;
    p.stream = e.stream;
    p.json = e.json; // what arrived, for raw views
    p.message = QStringLiteral("protocol error: %1 after the run's %2 was ignored").arg(what, m_terminal);
    return p;
}

bool jsonHasMoreValuesThan(QByteArrayView json, qsizetype limit)
{
    qsizetype values = 0;
    bool inString = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if ((c == ',' || c == '[' || c == '{') && ++values > limit) {
            return true;
        }
    }
    return false;
}

RunEvent RunEventParser::parseFrame(const QByteArray &json, RunEvent::Stream stream) const
{
    RunEvent e;
    e.stream = stream;
    if (jsonHasMoreValuesThan(json, kMaxEventValues)) {
        e.kind = RunEvent::Kind::Error;
        e.message = QStringLiteral("the tool sent an event of more than %L1 JSON values; it was dropped").arg(kMaxEventValues);
        return e;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    const QJsonObject o = doc.object();
    const QString type = o.value(QStringLiteral("type")).toString();
    e.json = o;
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        e.kind = RunEvent::Kind::Error;
        e.message = QStringLiteral("the harness sent an unreadable event: %1").arg(error.errorString());
    } else if (type == u"update") {
        e.kind = RunEvent::Kind::Update;
        e.content = o.value(QStringLiteral("content")).toArray();
        e.updates = std::max(1, o.value(QStringLiteral("count")).toInt(1));
    } else if (type == u"result") {
        e.kind = RunEvent::Kind::Result;
        e.content = o.value(QStringLiteral("content")).toArray();
        e.isError = o.value(QStringLiteral("isError")).toBool();
    } else if (type == u"error") {
        e.kind = RunEvent::Kind::Error;
        e.message = o.value(QStringLiteral("message")).toString();
        e.stack = o.value(QStringLiteral("stack")).toString();
    } else {
        e.kind = RunEvent::Kind::Error;
        e.message = QStringLiteral("the harness sent an event of unknown type '%1'").arg(type);
    }
    return e;
}

bool RunEventParser::mayBeEvent(const QByteArray &pending, RunEvent::Stream stream) const
{
    if (stream != RunEvent::Stream::Stdout)
        return false;
    return pending.size() >= m_prefix.size() ? pending.startsWith(m_prefix) : m_prefix.startsWith(pending);
}

QList<RunEvent> RunEventParser::feed(const QByteArray &chunk, RunEvent::Stream stream)
{
    QList<RunEvent> events;
    QByteArray &pending = m_pending[int(stream)];
    qsizetype from = 0;
    if (m_discarding[int(stream)]) {
        // The rest of an event too large to keep: drop it up to its end.
        const qsizetype nl = chunk.indexOf('\n');
        if (nl < 0)
            return events;
        m_discarding[int(stream)] = false;
        pending = chunk.mid(nl + 1);
    } else {
        // Only the new bytes can hold the newline: a long line arriving in many chunks is
        // scanned once, not once per chunk.
        from = pending.size();
        pending += chunk;
    }
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = pending.indexOf('\n', from);
        if (nl < 0)
            break;
        events.append(parseLine(pending.mid(start, nl - start), stream));
        start = nl + 1;
        from = start;
    }
    pending.remove(0, start);
    if (mayBeEvent(pending, stream)) {
        // An event may be large (a tool's whole result), up to a ceiling.
        if (pending.size() > kMaxEventBytes) {
            RunEvent e;
            e.stream = stream;
            e.kind = RunEvent::Kind::Error;
            e.message = QStringLiteral("the tool sent an event larger than %1 MiB; it was dropped").arg(kMaxEventBytes >> 20);
            events.append(sequenced(e));
            pending.clear();
            m_discarding[int(stream)] = true;
        }
        return events;
    }
    while (pending.size() > kMaxLineBytes) { // an endless log line: hand it on in pieces
        RunEvent e;
        e.stream = stream;
        e.text = QString::fromUtf8(pending.left(kMaxLineBytes));
        events.append(e);
        pending.remove(0, kMaxLineBytes);
    }
    return events;
}

QList<RunEvent> RunEventParser::finish()
{
    QList<RunEvent> events;
    for (RunEvent::Stream s : {RunEvent::Stream::Stdout, RunEvent::Stream::Stderr}) {
        QByteArray &pending = m_pending[int(s)];
        if (!pending.isEmpty())
            events.append(parseLine(pending, s));
        pending.clear();
    }
    return events;
}

QString eventContentText(const RunEvent &event)
{
    return event.contentBytes >= 0 ? event.contentString : contentText(event.content);
}

QString eventCompactJson(const RunEvent &event)
{
    return !event.compactJson.isEmpty() ? event.compactJson
                                        : QString::fromUtf8(QJsonDocument(event.json).toJson(QJsonDocument::Compact));
}

QString contentText(const QJsonArray &content)
{
    QStringList parts;
    for (const QJsonValue &c : content) {
        const QJsonObject o = c.toObject();
        parts.append(o.value(QStringLiteral("type")).toString() == u"text" ? o.value(QStringLiteral("text")).toString()
                                                                           : QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
    }
    return parts.join(u'\n');
}

} // namespace tw::engine
