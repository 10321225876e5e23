#include "runeventparser.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace tw::engine {

RunEventParser::RunEventParser(QByteArray nonce) : m_prefix("\x1eTW " + nonce + ' ') {}

RunEvent RunEventParser::parseLine(const QByteArray &rawLine, RunEvent::Stream stream) const
{
    QByteArray line = rawLine;
    if (line.endsWith('\r'))
        line.chop(1);
    RunEvent e;
    e.stream = stream;
    // Only stdout carries events, and only with this run's nonce: anything else is log output.
    if (stream != RunEvent::Stream::Stdout || !line.startsWith(m_prefix)) {
        e.text = QString::fromUtf8(line);
        return e;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line.mid(m_prefix.size()), &error);
    const QJsonObject o = doc.object();
    const QString type = o.value(QStringLiteral("type")).toString();
    e.json = o;
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        e.kind = RunEvent::Kind::Error;
        e.message = QStringLiteral("the harness sent an unreadable event: %1").arg(error.errorString());
    } else if (type == u"update") {
        e.kind = RunEvent::Kind::Update;
        e.content = o.value(QStringLiteral("content")).toArray();
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

QList<RunEvent> RunEventParser::feed(const QByteArray &chunk, RunEvent::Stream stream)
{
    QList<RunEvent> events;
    QByteArray &pending = m_pending[int(stream)];
    pending += chunk;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = pending.indexOf('\n', start);
        if (nl < 0)
            break;
        events.append(parseLine(pending.mid(start, nl - start), stream));
        start = nl + 1;
    }
    pending.remove(0, start);
    while (pending.size() > kMaxLineBytes) { // an endless line: hand it on in pieces, as log text
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
