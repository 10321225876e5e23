#pragma once
// A pull reader over JSON text (RFC 8259). A server's catalog (10,000 tools, 20 MB with their
// bodies) is decoded straight into records with it: a QJsonDocument tree, and the lookups that
// turn it into records, cost several times the text's own parse.
//
// Any byte sequence is safe to read. The first syntax fault stops the reader: every read after
// it returns an empty value, every loop ends, and error() names the fault and its byte offset.
// A value of another kind than the one asked for is not a fault: it is skipped and reads as
// empty, as QJsonValue's toString(), toInt() and the like give it.
//
//     JsonReader r(text);
//     if (r.enterObject())
//         while (r.nextKey(&key)) {
//             if (key == "name") name = r.readString();
//             // a key nobody reads is skipped by the next nextKey()
//         }
//     if (!r.finish()) error = r.error();

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QString>

#include <vector>

namespace tw::engine {

class JsonReader final
{
public:
    enum class Kind { Null, Bool, Number, String, Array, Object, Invalid };

    explicit JsonReader(QByteArrayView text);

    // The kind of the next value (Invalid at the end of the text or after a fault).
    Kind peek();

    // Opens the next value as an object; false when it is none (skipped) or on a fault.
    bool enterObject();
    // The next member's key (its ':' read); false at the object's end (read) or on a fault. The
    // view lives until the next read. A member whose value was not read is skipped first.
    bool nextKey(QByteArrayView *key);
    // Opens the next value as an array; false when it is none (skipped) or on a fault.
    bool enterArray();
    // True when another element follows; false at the array's end (read) or on a fault. An
    // element that was not read is skipped first.
    bool nextElement();

    QString readString();
    QByteArray readUtf8();       // a string's UTF-8 bytes
    qint64 readInt();            // a number with an integral value in range, else 0
    bool readBool();
    QJsonValue readValue();      // any value, as QJsonDocument gives it
    void skip();                 // the next value, whatever it is

    // True when the reader is at the top level and only whitespace is left, with no fault.
    bool finish();
    bool ok() const { return m_error.isEmpty(); }
    QString error() const;       // "…: at byte N", or empty

private:
    struct Frame
    {
        bool object = false;
        bool first = true;   // nothing read in it yet
        bool pending = false; // a key or a ',' read, its value not yet
    };

    void skipSpace();
    void fail(const char *what);
    bool beginValue();              // takes the enclosing container's pending value as read
    bool nextMember(bool object);   // nextKey()'s and nextElement()'s common part
    void valueTaken();
    bool parseString(QByteArrayView *out);
    bool parseNumber(double *value, qint64 *integer, bool *isInteger);
    bool readStringView(QByteArrayView *s); // readString()'s and readUtf8()'s common part
    bool parseLiteral(const char *word, qsizetype length);
    bool enter(char open, bool object);
    QJsonValue parseValue(int level, bool build);
    void skipValue();

    const char *m_begin;
    const char *m_p;
    const char *m_end;
    std::vector<Frame> m_frames;
    QByteArray m_scratch; // a string with escapes, unescaped
    QString m_error;
    qsizetype m_errorAt = 0;
    bool m_topTaken = false; // the top-level value has been begun
};

} // namespace tw::engine
