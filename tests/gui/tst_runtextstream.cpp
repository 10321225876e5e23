// A run pane's Log/Raw stream (running/runtextstream.h): a 20 MB line is kept as the event's own
// string, never copied on the GUI thread (issue 22, the 20 MB result stall); the view gets only
// its tail with a marker; Save Output's text is exact.

#include "running/runtextstream.h"

#include <QLocale>
#include <QPlainTextEdit>
#include <QTest>

using namespace tw;

class TestRunTextStream final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aHugeLineIsSharedNotCopied()
    {
        const QString body = QStringLiteral("{\"type\":\"result\",\"text\":\"") + QString(20 * 1000 * 1000, u'x')
            + QStringLiteral("\"}");
        const QString prefix = QStringLiteral("+1.234 s  ");
        ui::RunTextStream stream;
        stream.add(QStringLiteral("first line"));
        stream.add(prefix, body);
        // Kept as the event's string: the same data, no copy of its 20 MB.
        QVERIFY(std::any_of(stream.pieces().cbegin(), stream.pieces().cend(),
                            [&](const QString &piece) { return piece.isSharedWith(body); }));
        QPlainTextEdit view;
        stream.flushInto(&view, QStringLiteral("Raw Events"));
        // The view holds the tail of it under a marker, never the whole line.
        const QString shown = view.toPlainText();
        QVERIFY2(shown.size() < ui::RunTextStream::kDisplayCap + 300, qPrintable(QString::number(shown.size())));
        QVERIFY(shown.startsWith(QStringLiteral("⋯ TRUNCATED: ")));
        QVERIFY(shown.endsWith(body.right(1000)));
        QVERIFY2(shown.contains(QLocale().toString(qint64(11 + prefix.size() + body.size() + 1 - (shown.size() - shown.indexOf(u'\n') - 1) - 1))),
                 qPrintable(shown.left(200)));
        // Save Output's text is exact.
        QCOMPARE(stream.fullText(), QStringLiteral("first line\n") + prefix + body + u'\n');
        QCOMPARE(stream.lines(), 2);
    }
};

QTEST_MAIN(TestRunTextStream)
#include "tst_runtextstream.moc"
