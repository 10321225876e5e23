// engine::JsonReader: RFC 8259 read as QJsonDocument reads it, a fault named with its byte,
// nothing read past a fault, and the pull API's skipping of what a caller does not read.
#include "remote/jsonreader.h"
#include "remote/protocol.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tw::engine;

class TestJsonReader : public QObject
{
    Q_OBJECT

private slots:
    // Whatever QJsonDocument reads, the reader reads to the same value.
    void readsWhatQJsonDocumentReads_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty containers") << QByteArray("{\"a\": {}, \"b\": [], \"c\": [[], {}]}");
        QTest::newRow("scalars") << QByteArray("[null, true, false, 0, -1, 42, 3.25, -0.5e3, 1E+2, 9007199254740993, 12345678901234567890]");
        QTest::newRow("escapes") << QByteArray("[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u00e9\\u4e2d\", \"\\ud83d\\ude00\", \"a\\u0000b\"]");
        QTest::newRow("utf-8") << QByteArray("[\"Gr\xc3\xbc\xc3\x9f \xf0\x9f\x98\x80\"]");
        QTest::newRow("raw control characters") << QByteArray("[\"a\nb\", \"c\x01\"]");
        QTest::newRow("unknown escapes") << QByteArray("[\"\\g\\q\"]");
        QTest::newRow("whitespace") << QByteArray(" \t\r\n{ \"k\" :\n[ 1 ,2 ] } \n");
        QTest::newRow("duplicate keys") << QByteArray("{\"k\": 1, \"k\": 2}");
        QTest::newRow("nested") << QByteArray("{\"a\": [{\"b\": [{\"c\": {\"d\": [1, \"x\", null]}}]}]}");
        // A fraction without digits (the fuzzer's find): Qt reads "4." as 4 and "4.e5" as 400000.
        QTest::newRow("dot without digits") << QByteArray("{\"id\": 4., \"n\": [-0., 4.e5, 1.E2]}");
    }

    void readsWhatQJsonDocumentReads()
    {
        QFETCH(QByteArray, text);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        JsonReader r(text);
        const QJsonValue v = r.readValue();
        QVERIFY2(r.finish(), qPrintable(r.error()));
        const QJsonDocument mine = v.isObject() ? QJsonDocument(v.toObject()) : QJsonDocument(v.toArray());
        QCOMPARE(mine.toJson(), doc.toJson());
    }

    // A fault stops the reader where it is, and says what and where.
    void faultsAreNamedWithTheirByte_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("nothing") << QByteArray("  ") << QStringLiteral("the text ends where a value should be: at byte 2");
        QTest::newRow("unclosed") << QByteArray("{\"a\": [1, 2") << QStringLiteral("expected ',' or ']' in an array: at byte 11");
        QTest::newRow("trailing comma") << QByteArray("[1,]") << QStringLiteral("not a value: at byte 3");
        QTest::newRow("after the value") << QByteArray("{} x") << QStringLiteral("more text after the value: at byte 3");
        QTest::newRow("leading zero") << QByteArray("[01]") << QStringLiteral("expected ',' or ']' in an array: at byte 2");
        QTest::newRow("bare exponent") << QByteArray("[1.5e]") << QStringLiteral("a number without digits in its exponent: at byte 5");
        QTest::newRow("short \\u") << QByteArray("[\"\\u12\"]") << QStringLiteral("\\u without four hex digits: at byte 4");
        QTest::newRow("unquoted key") << QByteArray("{a: 1}") << QStringLiteral("expected a key in quotes: at byte 1");
        QTest::newRow("no colon") << QByteArray("{\"a\" 1}") << QStringLiteral("expected ':' after a key: at byte 5");
        QTest::newRow("unterminated string") << QByteArray("[\"abc") << QStringLiteral("a string without its closing quote: at byte 5");
        QTest::newRow("literal") << QByteArray("[tru]") << QStringLiteral("not a value: at byte 1");
        QTest::newRow("too deep") << QByteArray(300, '[') + QByteArray(300, ']') << QStringLiteral("nested deeper than 256 levels: at byte 256");
    }

    void faultsAreNamedWithTheirByte()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        JsonReader r(text);
        (void)r.readValue();
        QVERIFY(!r.finish());
        QCOMPARE(r.error(), error);
        // Nothing more is read after a fault.
        QVERIFY(!r.enterObject());
        QCOMPARE(r.peek(), JsonReader::Kind::Invalid);
        QCOMPARE(r.readString(), QString());
    }

    // The pull API: members a caller does not read are skipped, a value of another kind reads
    // as empty and is passed over, and the same holds in arrays.
    void pullsWhatItIsAskedFor()
    {
        const QByteArray text = "{\"skip\": {\"deep\": [1, {\"x\": \"y\"}]}, \"name\": \"tool\", \"n\": 7, \"f\": 2.0, \"g\": 2.5,"
                                " \"s\": 5, \"b\": true, \"list\": [\"a\", 3, \"c\"], \"obj\": [1], \"esc\": \"a\\\"b\", \"last\": null}";
        JsonReader r(text);
        QVERIFY(r.enterObject());
        QByteArrayView key;
        QStringList keys;
        QString name, s, esc;
        qint64 n = -1, f = -1, g = -1;
        bool b = false;
        QStringList list;
        bool enteredObj = true;
        while (r.nextKey(&key)) {
            keys.append(QString::fromUtf8(key));
            if (key == "name")
                name = r.readString();
            else if (key == "n")
                n = r.readInt();
            else if (key == "f")
                f = r.readInt();
            else if (key == "g")
                g = r.readInt();
            else if (key == "s")
                s = r.readString();
            else if (key == "b")
                b = r.readBool();
            else if (key == "list") {
                QVERIFY(r.enterArray());
                while (r.nextElement())
                    list.append(r.readString());
            } else if (key == "obj")
                enteredObj = r.enterObject();
            else if (key == "esc")
                esc = r.readString();
        }
        QVERIFY2(r.finish(), qPrintable(r.error()));
        QCOMPARE(keys.join(u','), QStringLiteral("skip,name,n,f,g,s,b,list,obj,esc,last"));
        QCOMPARE(name, QStringLiteral("tool"));
        QCOMPARE(n, 7);
        QCOMPARE(f, 2); // integral, as QJsonValue::toInteger() takes it
        QCOMPARE(g, 0);
        QCOMPARE(s, QString());
        QVERIFY(b);
        QCOMPARE(list, (QStringList{QStringLiteral("a"), QString(), QStringLiteral("c")}));
        QVERIFY(!enteredObj);
        QCOMPARE(esc, QStringLiteral("a\"b"));
    }

    // A lone surrogate is no character: it reads as U+FFFD; bytes stay bytes in readUtf8().
    void surrogatesAndBytes()
    {
        JsonReader r("[\"\\ud800x\", \"\\udc00\", \"\\u00e9\"]");
        QVERIFY(r.enterArray());
        QVERIFY(r.nextElement());
        QCOMPARE(r.readString(), QStringLiteral("\uFFFDx"));
        QVERIFY(r.nextElement());
        QCOMPARE(r.readUtf8(), QByteArray("\xef\xbf\xbd"));
        QVERIFY(r.nextElement());
        QCOMPARE(r.readUtf8(), QByteArray("\xc3\xa9"));
        QVERIFY(!r.nextElement());
        QVERIFY(r.finish());
    }

    // A U+FEFF that begins a string or a key is a character of it, raw or escaped (QString::fromUtf8
    // drops a raw one; found by fuzz_remote). The wire's writer escapes it, so that Qt's reader,
    // which drops a raw one too, gets it as well.
    void aByteOrderMarkBeginningAStringIsKept()
    {
        const QString bom(QChar(0xFEFF));
        for (const QByteArray &text : {QByteArray("{\"\xef\xbb\xbfk\": \"\xef\xbb\xbfv\"}"),
                                      QByteArray("{\"\\ufeffk\": \"\\ufeffv\"}")}) {
            JsonReader r(text);
            const QJsonObject o = r.readValue().toObject();
            QVERIFY2(r.finish(), qPrintable(r.error()));
            QCOMPARE(o.keys(), QStringList{bom + u'k'});
            QCOMPARE(o.value(bom + u'k').toString(), bom + u'v');
            JsonReader s(text);
            QVERIFY(s.enterObject());
            QByteArrayView key;
            QVERIFY(s.nextKey(&key));
            QCOMPARE(key.toByteArray(), QByteArray("\xef\xbb\xbfk"));
            QCOMPARE(s.readString(), bom + u'v');
        }
        const QString key = bom + u'k', text = bom + u'v';
        const QJsonObject value{{key, text}};
        const QByteArray line = wireJson(value);
        QVERIFY2(!line.contains("\xef\xbb\xbf"), line.constData());
        QCOMPARE(QJsonDocument::fromJson(line).object(), value);
        QCOMPARE(JsonReader(line).readValue().toObject(), value);
        QVERIFY(rpcRawResultLine(1, "[\"\xef\xbb\xbfx\"]").contains("[\"\\ufeffx\"]"));
    }

    // Reading a value where the text has none is a fault, not a read of the next key.
    void misuseIsAFault()
    {
        JsonReader r("{\"a\": 1}");
        QVERIFY(r.enterObject());
        (void)r.readString();
        QVERIFY(!r.ok());
        QVERIFY(r.error().startsWith(u"a value read where the text has none"));
        JsonReader twice("1 2");
        QCOMPARE(twice.readInt(), 1);
        (void)twice.readInt();
        QVERIFY(twice.error().startsWith(u"a second value read at the top level"));
    }
};

QTEST_MAIN(TestJsonReader)
#include "tst_jsonreader.moc"
