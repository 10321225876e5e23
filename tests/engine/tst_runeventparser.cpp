// Splitting a harness's output into events and logs: chunks, nonce, streams, bad frames.

#include "run/runeventparser.h"

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
        // Each in a run of its own: the first error of a run is its terminal event.
        const auto first = [](const QByteArray &line) { return RunEventParser("n").feed(line, Stream::Stdout).value(0); };
        const RunEvent unreadable = first("\x1eTW n {not json\n");
        QCOMPARE(unreadable.kind, Kind::Error);
        QVERIFY(unreadable.message.contains(QStringLiteral("unreadable")));
        const RunEvent weird = first("\x1eTW n {\"type\":\"weird\"}\n");
        QCOMPARE(weird.kind, Kind::Error);
        QVERIFY(weird.message.contains(QStringLiteral("unknown type 'weird'")));
        const RunEvent error = first("\x1eTW n {\"type\":\"error\",\"message\":\"m\",\"stack\":\"s\"}\n");
        QCOMPARE(error.kind, Kind::Error);
        QCOMPARE(error.message, QStringLiteral("m"));
        QCOMPARE(error.stack, QStringLiteral("s"));
    }

    // DESIGN.md: exactly one terminal event per run; anything after it is a protocol error.
    void anythingAfterTheTerminalEventIsAProtocolError()
    {
        RunEventParser p("n");
        const QList<RunEvent> out = p.feed("\x1eTW n {\"type\":\"update\",\"content\":[]}\n"
                                           "\x1eTW n {\"type\":\"result\",\"content\":[{\"type\":\"text\",\"text\":\"real\"}]}\n"
                                           "\x1eTW n {\"type\":\"result\",\"content\":[{\"type\":\"text\",\"text\":\"late\"}]}\n"
                                           "\x1eTW n {\"type\":\"update\",\"content\":[]}\n"
                                           "\x1eTW n {\"type\":\"error\",\"message\":\"late\"}\n"
                                           "\x1eTW n {\"type\":\"weird\"}\n"
                                           "\x1eTW n {not json\n"
                                           "a log line after it\n"
                                           "\x1eTW other {\"type\":\"result\",\"content\":[]}\n",
                                           Stream::Stdout)
            + p.feed("\x1eTW n {\"type\":\"result\",\"content\":[]}\n", Stream::Stderr);
        QCOMPARE(out.size(), 10);
        QCOMPARE(out[0].kind, Kind::Update);
        QCOMPARE(out[1].kind, Kind::Result);
        const QStringList expected{QStringLiteral("protocol error: a second result after the run's result was ignored"),
                                   QStringLiteral("protocol error: an update after the run's result was ignored"),
                                   QStringLiteral("protocol error: an error after the run's result was ignored"),
                                   QStringLiteral("protocol error: an event of unknown type 'weird' after the run's result was ignored"),
                                   QStringLiteral("protocol error: an unreadable event after the run's result was ignored")};
        for (int i = 0; i < expected.size(); ++i) {
            const RunEvent &e = out[2 + i];
            QCOMPARE(e.kind, Kind::ProtocolError);
            QCOMPARE(e.message, expected[i]);
            QVERIFY(e.content.isEmpty()); // nothing in it could be taken for an outcome
        }
        QCOMPARE(out[3].json[QStringLiteral("type")].toString(), QStringLiteral("update")); // what arrived, for raw views
        // Lines that are not this run's frames stay what they were: logs.
        QCOMPARE(out[7].kind, Kind::Log);
        QCOMPARE(out[8].kind, Kind::Log);
        QCOMPARE(out[9].kind, Kind::Log);
        QCOMPARE(out[9].stream, Stream::Stderr);
    }

    void aResultAfterAnErrorIsAProtocolError()
    {
        RunEventParser p("n");
        QList<RunEvent> out = p.feed("\x1eTW n {\"type\":\"error\",\"message\":\"first\"}\n\x1eTW n {\"type\":\"result\"", Stream::Stdout);
        out += p.feed(",\"content\":[]}\n\x1eTW n {\"type\":\"error\",\"message\":\"again\"}", Stream::Stdout);
        out += p.finish(); // an unterminated last frame counts too
        QCOMPARE(out.size(), 3);
        QCOMPARE(out[0].kind, Kind::Error);
        QCOMPARE(out[1].kind, Kind::ProtocolError);
        QCOMPARE(out[1].message, QStringLiteral("protocol error: a result after the run's error was ignored"));
        QCOMPARE(out[2].message, QStringLiteral("protocol error: a second error after the run's error was ignored"));
    }

    void updatesCarryTheirCount_data()
    {
        QTest::addColumn<QByteArray>("count");
        QTest::addColumn<int>("updates");
        QTest::newRow("absent") << QByteArray() << 1;
        QTest::newRow("one") << QByteArray(",\"count\":1") << 1;
        QTest::newRow("folded") << QByteArray(",\"count\":999935") << 999935;
        QTest::newRow("zero") << QByteArray(",\"count\":0") << 1;
        QTest::newRow("negative") << QByteArray(",\"count\":-3") << 1;
        QTest::newRow("fraction") << QByteArray(",\"count\":2.5") << 1;
        QTest::newRow("text") << QByteArray(",\"count\":\"7\"") << 1;
    }

    void updatesCarryTheirCount()
    {
        QFETCH(QByteArray, count);
        QFETCH(int, updates);
        RunEventParser p("n");
        const QList<RunEvent> out = p.feed("\x1eTW n {\"type\":\"update\",\"content\":[]" + count + "}\n", Stream::Stdout);
        QCOMPARE(out.size(), 1);
        QCOMPARE(out[0].kind, Kind::Update);
        QCOMPARE(out[0].updates, updates);
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

    // Issue 39: a result of millions of tiny parts (2.5 million took the CLI to 970 MB) is
    // dropped with an error before it is parsed; the limit's own size still arrives whole, and
    // brackets and commas inside strings do not count.
    void eventsOfTooManyValuesAreDropped()
    {
        const auto result = [](qsizetype parts, const QByteArray &part) -> QByteArray {
            QByteArray items;
            items.reserve(parts * (part.size() + 1));
            for (qsizetype i = 0; i < parts; ++i)
                items += (i ? "," : "") + part;
            return "\x1eTW n {\"type\":\"result\",\"content\":[" + items + "]}\n";
        };
        RunEventParser p("n");
        QList<RunEvent> events = p.feed(result(RunEventParser::kMaxEventValues + 1, "0"), Stream::Stdout);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].kind, RunEvent::Kind::Error);
        QVERIFY2(events[0].message.contains(QStringLiteral("more than 250,000 JSON values")), qPrintable(events[0].message));
        RunEventParser q("n");
        events = q.feed(result(RunEventParser::kMaxEventValues - 10, "0"), Stream::Stdout);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].kind, RunEvent::Kind::Result);
        RunEventParser r("n");
        events = r.feed(result(1, "\"" + QByteArray(RunEventParser::kMaxEventValues + 10, ',') + "[{\\\"\""), Stream::Stdout);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].kind, RunEvent::Kind::Result);
        QVERIFY(jsonHasMoreValuesThan("[1,2,3]", 2) && !jsonHasMoreValuesThan("[1,2,3]", 3)); // [ and two commas: 3
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
        QVERIFY(events[0].json.isEmpty()); // nothing of it was read (the CLI prints its own object)
        QCOMPARE(events[1].text, QStringLiteral("next line"));
    }

    void aTooLargeEventAfterTheResultIsAProtocolError()
    {
        RunEventParser p("n");
        QList<RunEvent> events = p.feed("\x1eTW n {\"type\":\"result\",\"content\":[]}\n\x1eTW n {\"type\":\"update\",\"x\":\"", Stream::Stdout);
        const QByteArray block(8 * 1024 * 1024, 'z');
        for (qsizetype n = 0; n <= RunEventParser::kMaxEventBytes; n += block.size())
            events += p.feed(block, Stream::Stdout);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].kind, RunEvent::Kind::Result);
        QCOMPARE(events[1].kind, RunEvent::Kind::ProtocolError);
        QCOMPARE(events[1].message, QStringLiteral("protocol error: an unreadable event after the run's result was ignored"));
    }
};

QTEST_GUILESS_MAIN(TestRunEventParser)
#include "tst_runeventparser.moc"
