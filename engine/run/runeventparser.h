#pragma once
// Splits a running harness's stdout and stderr into events and log lines (DESIGN.md "Running a
// tool": each event line is "\x1eTW <nonce> <json>"; every other line is the tool's log).
// Reads arrive in arbitrary chunks; partial lines are kept per stream until they end. A run has
// exactly one terminal event (a result or an error): any framed event after it is a protocol
// error, never another Result or Error, so nothing that arrives late can change the outcome.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace tw::engine {

struct RunEvent
{
    enum class Kind { Update, Result, Error, Log, ProtocolError };
    enum class Stream { Stdout, Stderr };

    Kind kind = Kind::Log;
    Stream stream = Stream::Stdout;
    QJsonArray content;  // update, result
    int updates = 1;     // update: the onUpdate calls it stands for (the harness coalesces them)
    bool isError = false; // result
    QString message;     // error, protocol error
    QString stack;       // error
    QString text;        // log line (without its line ending)
    QJsonObject json;    // the event as sent (empty for logs and for an event dropped as too large)

    // Filled by RunSession off the GUI thread, so no view has to serialise a 20 MB result:
    QString contentString;       // contentText(content), for updates and results
    QString compactJson;         // `json` as compact text, for raw views
    qsizetype contentBytes = -1; // size of `content` as compact JSON
};

// Whether `json` holds more than `limit` values, counted by their brackets and separators outside
// strings, in one pass without parsing: checked before a parse whose memory grows with the
// number of values (2.5 million tiny items took 970 MB as Qt's JSON values).
bool jsonHasMoreValuesThan(QByteArrayView json, qsizetype limit);

// A content array as text: its text parts in order, other parts (images, resources) as JSON.
QString contentText(const QJsonArray &content);
// An event's content as text and the event as compact JSON: precomputed when RunSession filled
// them, else computed now.
QString eventContentText(const RunEvent &event);
QString eventCompactJson(const RunEvent &event);

class RunEventParser final
{
public:
    // Lines longer than this are cut into pieces (a tool printing megabytes without a newline
    // must not grow one buffer without bound).
    static constexpr qsizetype kMaxLineBytes = 1024 * 1024;
    // A framed event (a result may be the tool's whole output) is kept whole up to this size.
    static constexpr qsizetype kMaxEventBytes = 64 * 1024 * 1024;
    // …and of at most this many JSON values (a result's parts, their fields): a larger one is
    // dropped with an error instead of parsed.
    static constexpr qsizetype kMaxEventValues = 250000;

    explicit RunEventParser(QByteArray nonce);

    QList<RunEvent> feed(const QByteArray &chunk, RunEvent::Stream stream);
    // The end of both streams: a trailing partial line becomes a log line.
    QList<RunEvent> finish();

private:
    RunEvent parseLine(const QByteArray &line, RunEvent::Stream stream);
    RunEvent parseFrame(const QByteArray &json, RunEvent::Stream stream) const;
    RunEvent sequenced(RunEvent event);
    bool mayBeEvent(const QByteArray &pending, RunEvent::Stream stream) const;

    QByteArray m_prefix; // "\x1eTW <nonce> "
    QString m_terminal;  // the run's terminal event ("result", "error") once it arrived
    QByteArray m_pending[2];
    bool m_discarding[2] = {false, false};
};

} // namespace tw::engine
