// Splitting a harness's output into events and logs: chunks, nonce, streams, bad frames.

#include "runeventparser.h"

#include <QTest>

using namespace tw::engine;
using Kind = RunEvent::Kind;
using Stream = RunEvent::Stream;

class TestRunEventParser final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eventsAndLogsAcrossChunks()
    {
        RunEventParser p("abc");
        const QByteArray out = "hello log\n\x1eTW abc {\"type\":\"update\",\"content\":[{\"type\":\"text\",\"text\":\"1\"}]}\r\n"
                               "\x1eTW abc {\"type\":\"result\",\"content\":[],\"isError\":true}\n";
        QList<RunEvent> all;
        for (qsizetype i = 0; i < out.size(); i += 7) // arbitrary chunking, frames split mid-way
            all += p.feed(out.mid(i, 7), Stream::Stdout);
        all += p.finish();
        QCOMPARE(all.size(), 3);
        QCOMPARE(all[0].kind, Kind::Log);
        QCOMPARE(all[0].text, QStringLiteral("hello log"));
        QCOMPARE(all[1].kind, Kind::Update);
        QCOMPARE(all[1].content[0].toObject()[QStringLiteral("text")].toString(), QStringLiteral("1"));
        QCOMPARE(all[2].kind, Kind::Result);
        QVERIFY(all[2].isError);
    }

    void forgedAndStderrFramesAreLogs()
    {
        RunEventParser p("abc");
        const QList<RunEvent> out = p.feed("\x1eTW xyz {\"type\":\"result\",\"content\":[]}\n", Stream::Stdout)
            + p.feed("\x1eTW abc {\"type\":\"result\",\"content\":[]}\n", Stream::Stderr);
        QCOMPARE(out.size(), 2);
        QCOMPARE(out[0].kind, Kind::Log);
        QCOMPARE(out[1].kind, Kind::Log);
        QCOMPARE(out[1].stream, Stream::Stderr);
    }

    void badFramesAreErrors()
    {
        RunEventParser p("n");
        const QList<RunEvent> out = p.feed("\x1eTW n {not json\n\x1eTW n {\"type\":\"weird\"}\n"
                                           "\x1eTW n {\"type\":\"error\",\"message\":\"m\",\"stack\":\"s\"}\n",
                                           Stream::Stdout);
        QCOMPARE(out.size(), 3);
        QCOMPARE(out[0].kind, Kind::Error);
        QVERIFY(out[0].message.contains(QStringLiteral("unreadable")));
        QVERIFY(out[1].message.contains(QStringLiteral("unknown type 'weird'")));
        QCOMPARE(out[2].message, QStringLiteral("m"));
        QCOMPARE(out[2].stack, QStringLiteral("s"));
    }

    void streamsBufferSeparately()
    {
        RunEventParser p("n");
        QVERIFY(p.feed("half of out", Stream::Stdout).isEmpty());
        const QList<RunEvent> err = p.feed("an error line\n", Stream::Stderr);
        QCOMPARE(err.size(), 1);
        QCOMPARE(err[0].text, QStringLiteral("an error line"));
        const QList<RunEvent> rest = p.feed(" and the rest\n", Stream::Stdout);
        QCOMPARE(rest[0].text, QStringLiteral("half of out and the rest"));
        QVERIFY(p.finish().isEmpty());
        QVERIFY(p.feed("unterminated", Stream::Stderr).isEmpty());
        QCOMPARE(p.finish().first().text, QStringLiteral("unterminated"));
    }

    void endlessLinesAreCut()
    {
        RunEventParser p("n");
        const QList<RunEvent> out = p.feed(QByteArray(RunEventParser::kMaxLineBytes * 2 + 10, 'x'), Stream::Stdout);
        QCOMPARE(out.size(), 2);
        QCOMPARE(out[0].text.size(), RunEventParser::kMaxLineBytes);
        QCOMPARE(p.finish().first().text.size(), 10);
    }

    void largeEventsArriveWhole()
    {
        // A 20 MB result in 64 KiB reads, as a pipe delivers it.
        RunEventParser p("n");
        const QByteArray text(20 * 1024 * 1024, 'y');
        const QByteArray line = "\x1eTW n {\"type\":\"result\",\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}\nafter\n";
        QList<RunEvent> events;
        for (qsizetype i = 0; i < line.size(); i += 64 * 1024)
            events += p.feed(line.mid(i, 64 * 1024), Stream::Stdout);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].kind, RunEvent::Kind::Result);
        QCOMPARE(events[0].content[0].toObject()[QStringLiteral("text")].toString().size(), text.size());
        QCOMPARE(events[1].text, QStringLiteral("after"));
    }

    void eventsPastTheCeilingAreDropped()
    {
        RunEventParser p("n");
        QList<RunEvent> events = p.feed("\x1eTW n {\"type\":\"result\",\"x\":\"", Stream::Stdout);
        const QByteArray block(8 * 1024 * 1024, 'z');
        for (qsizetype n = 0; n <= RunEventParser::kMaxEventBytes; n += block.size())
            events += p.feed(block, Stream::Stdout);
        events += p.feed("zz\"}\nnext line\n", Stream::Stdout);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].kind, RunEvent::Kind::Error);
        QVERIFY(events[0].message.contains(QStringLiteral("larger than 64 MiB")));
        QCOMPARE(events[1].text, QStringLiteral("next line"));
    }
};

QTEST_GUILESS_MAIN(TestRunEventParser)
#include "tst_runeventparser.moc"
