#pragma once
// A run pane's growing text (the Log, the Raw events): kept whole up to kMaxKeptChars for Save
// Output, shown as its newest kDisplayCap characters. The kept text is a list of pieces shared
// with the events (implicitly shared strings made off the GUI thread), so a 20 MB raw line is
// never copied on the GUI thread; it is joined only when Save Output writes it. The view is
// handed only what it can show: the tail of a line longer than the cap, a batch of lines per
// flush, a marker saying how much is left out. (bench_runpane measures the stall this keeps
// short.)

#include <QString>
#include <QStringList>

class QPlainTextEdit;

namespace tw::ui {

class RunTextStream final
{
public:
    static constexpr qsizetype kDisplayCap = 100 * 1024;        // characters in the view
    static constexpr qsizetype kMaxKeptChars = 64 * 1024 * 1024; // for Save Output

    // One line: prefix + body (a Raw line's time before its event's JSON, which stays shared).
    void add(const QString &prefix, const QString &body);
    void add(const QString &line) { add(QString(), line); }
    // Shows what arrived since the last flush in `view`; `outputName` names it in the marker.
    void flushInto(QPlainTextEdit *view, const QString &outputName);

    QString fullText() const { return m_pieces.join(QString()); }
    qint64 lines() const { return m_lines; }
    bool hasPending() const { return !m_pending.isEmpty(); }
    const QStringList &pieces() const { return m_pieces; } // for tests: what is kept, as kept

private:
    QStringList m_pieces;
    qint64 m_keptChars = 0;
    qint64 m_droppedChars = 0; // beyond kMaxKeptChars, not kept
    qint64 m_totalChars = 0;
    qint64 m_lines = 0;
    qsizetype m_shownChars = 0;
    QStringList m_pending;        // waiting for the next flush
    bool m_pendingTrimmed = false; // the oldest pending lines, or the head of one, were dropped unseen
};

} // namespace tw::ui
