#include "running/runtextstream.h"

#include "running/runpane.h"

#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>

#include <utility>

namespace tw::ui {

namespace {

bool atEnd(const QPlainTextEdit *view)
{
    const QScrollBar *bar = view->verticalScrollBar();
    return bar->value() >= bar->maximum() - 2;
}

// Appends text and follows the end only if the view was already there (as Kate's output view).
void appendFollowing(QPlainTextEdit *view, const QString &text)
{
    const bool follow = atEnd(view);
    const int column = view->horizontalScrollBar()->value(); // lines start with their time: keep the start in view
    view->appendPlainText(text);
    view->horizontalScrollBar()->setValue(column);
    if (follow)
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
}

} // namespace

void RunTextStream::add(const QString &prefix, const QString &body)
{
    const qint64 size = prefix.size() + body.size();
    ++m_lines;
    m_totalChars += size + 1;
    if (m_keptChars + size + 1 <= kMaxKeptChars) {
        if (!prefix.isEmpty())
            m_pieces << prefix;
        m_pieces << body << QStringLiteral("\n");
        m_keptChars += size + 1;
    } else {
        m_droppedChars += size + 1;
    }
    if (size > kDisplayCap) {
        // Only the newest kDisplayCap characters can be shown: the tail of it, as the view would
        // cut it (flushStream shows the newest half of a batch over the cap).
        m_pending << (body.size() >= kDisplayCap ? body.right(kDisplayCap) : prefix + body);
        m_pendingTrimmed = true;
    } else {
        m_pending << prefix + body;
    }
    // Only the newest kDisplayCap characters can be shown: the queue never holds much more.
    static constexpr qsizetype kMaxPending = 4096;
    if (m_pending.size() > 2 * kMaxPending) {
        m_pending.remove(0, m_pending.size() - kMaxPending);
        m_pendingTrimmed = true;
    }
}

void RunTextStream::flushInto(QPlainTextEdit *view, const QString &outputName)
{
    if (m_pending.isEmpty())
        return;
    QString fresh = m_pending.join(u'\n');
    m_pending.clear();
    const bool contiguous = !std::exchange(m_pendingTrimmed, false);
    if (contiguous && m_shownChars + fresh.size() + 1 <= kDisplayCap) {
        appendFollowing(view, fresh);
        m_shownChars += fresh.size() + 1;
        return;
    }
    // Over the cap: show the newest half of it, from a line start, below a marker.
    const bool follow = atEnd(view);
    QString tail = fresh.size() > kDisplayCap / 2 ? fresh.right(kDisplayCap / 2) : fresh;
    if (fresh.size() > kDisplayCap / 2) {
        const qsizetype nl = tail.indexOf(u'\n');
        if (nl >= 0 && nl + 1 < tail.size())
            tail = tail.mid(nl + 1);
    } else if (contiguous) {
        // Fill up with the end of what is already shown.
        const QString shown = view->toPlainText();
        const qsizetype room = kDisplayCap / 2 - tail.size();
        QString keep = shown.right(room);
        const qsizetype nl = keep.indexOf(u'\n');
        keep = nl >= 0 ? keep.mid(nl + 1) : QString();
        if (keep.startsWith(QStringLiteral("⋯")))
            keep.clear();
        if (!keep.isEmpty())
            tail = keep + u'\n' + tail;
    }
    const QLocale l;
    const QString marker = RunPane::tr("⋯ TRUNCATED: %1 earlier characters are not shown (this view keeps the newest). "
                              "Save Output → %2 writes all of it.")
                               .arg(l.toString(qint64(m_totalChars - tail.size() - 1)), outputName);
    view->setPlainText(marker + u'\n' + tail);
    m_shownChars = marker.size() + 1 + tail.size();
    if (follow)
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
}

} // namespace tw::ui
