#include "remote/jsonreader.h"

#include "toolmd/utf8text.h"

#include <QJsonArray>
#include <QJsonObject>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace tw::engine {

namespace {

// A string's text, a U+FEFF that begins it kept (JSON holds it; QString::fromUtf8 would drop it).
QString wireText(QByteArrayView bytes)
{
    return utf8Text(std::string_view(bytes.data(), size_t(bytes.size())));
}

// Deeper than any catalog, shallow enough for the recursive readers' stack.
constexpr int kMaxDepth = 256;

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Four hex digits at p (p + 4 <= end checked by the caller), else -1.
int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; ++i) {
        const int h = hexValue(p[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

void appendUtf8(QByteArray &out, char32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

JsonReader::JsonReader(QByteArrayView text)
    : m_begin(text.data())
    , m_p(text.data())
    , m_end(text.data() + text.size())
{
}

QString JsonReader::error() const
{
    return m_error.isEmpty() ? QString() : QStringLiteral("%1: at byte %2").arg(m_error).arg(m_errorAt);
}

void JsonReader::fail(const char *what)
{
    if (!m_error.isEmpty())
        return;
    m_error = QString::fromLatin1(what);
    m_errorAt = m_p - m_begin;
    m_p = m_end;
}

void JsonReader::skipSpace()
{
    while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
        ++m_p;
}

bool JsonReader::beginValue()
{
    if (!ok())
        return false;
    if (m_frames.empty()) {
        if (m_topTaken) { // one value at the top, not a second
            fail("a second value read at the top level");
            return false;
        }
        m_topTaken = true;
    } else {
        Frame &top = m_frames.back();
        if (!top.pending) {
            fail("a value read where the text has none");
            return false;
        }
        top.pending = false;
    }
    skipSpace();
    if (m_p == m_end) {
        fail("the text ends where a value should be");
        return false;
    }
    return true;
}

JsonReader::Kind JsonReader::peek()
{
    if (!ok())
        return Kind::Invalid;
    skipSpace();
    if (m_p == m_end)
        return Kind::Invalid;
    switch (*m_p) {
    case 'n': return Kind::Null;
    case 't':
    case 'f': return Kind::Bool;
    case '"': return Kind::String;
    case '[': return Kind::Array;
    case '{': return Kind::Object;
    default: return *m_p == '-' || isDigit(*m_p) ? Kind::Number : Kind::Invalid;
    }
}

bool JsonReader::enter(char open, bool object)
{
    if (!beginValue())
        return false;
    if (*m_p != open) {
        skipValue();
        return false;
    }
    if (m_frames.size() >= size_t(kMaxDepth)) {
        fail("nested deeper than 256 levels");
        return false;
    }
    ++m_p;
    m_frames.push_back({object, true, false});
    return true;
}

bool JsonReader::enterObject()
{
    return enter('{', true);
}

bool JsonReader::enterArray()
{
    return enter('[', false);
}

bool JsonReader::nextMember(bool object)
{
    if (!ok())
        return false;
    if (m_frames.empty() || m_frames.back().object != object) {
        fail(object ? "a key asked for outside an object" : "an element asked for outside an array");
        return false;
    }
    if (m_frames.back().pending)
        skip(); // the member the caller did not read
    if (!ok())
        return false;
    Frame &top = m_frames.back();
    skipSpace();
    if (m_p == m_end) {
        fail(object ? "the text ends inside an object" : "the text ends inside an array");
        return false;
    }
    if (*m_p == (object ? '}' : ']')) {
        ++m_p;
        m_frames.pop_back();
        return false;
    }
    if (!top.first) {
        if (*m_p != ',') {
            fail(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array");
            return false;
        }
        ++m_p;
    }
    top.first = false;
    top.pending = true;
    return true;
}

bool JsonReader::nextKey(QByteArrayView *key)
{
    if (!nextMember(true))
        return false;
    skipSpace();
    if (m_p == m_end || *m_p != '"') {
        fail("expected a key in quotes");
        return false;
    }
    if (!parseString(key))
        return false;
    skipSpace();
    if (m_p == m_end || *m_p != ':') {
        fail("expected ':' after a key");
        return false;
    }
    ++m_p;
    return true;
}

bool JsonReader::nextElement()
{
    return nextMember(false);
}

bool JsonReader::parseString(QByteArrayView *out)
{
    ++m_p; // the opening quote
    // A control character stays as it is, as QJsonDocument takes it (RFC 8259 wants it
    // escaped; a server's writer escapes every one).
    const char *start = m_p;
    while (m_p < m_end) {
        const unsigned char c = static_cast<unsigned char>(*m_p);
        if (c == '"') {
            *out = QByteArrayView(start, m_p - start);
            ++m_p;
            return true;
        }
        if (c == '\\')
            break;
        ++m_p;
    }
    if (m_p == m_end) {
        fail("a string without its closing quote");
        return false;
    }
    // Escapes: the string is built in the scratch buffer.
    m_scratch.clear();
    m_scratch.append(start, m_p - start);
    while (m_p < m_end) {
        const char *run = m_p;
        while (m_p < m_end && *m_p != '"' && *m_p != '\\')
            ++m_p;
        m_scratch.append(run, m_p - run);
        if (m_p == m_end)
            break;
        if (*m_p == '"') {
            ++m_p;
            *out = QByteArrayView(m_scratch);
            return true;
        }
        if (m_end - m_p < 2)
            break;
        const char e = m_p[1];
        m_p += 2;
        switch (e) {
        case '"': m_scratch += '"'; break;
        case '\\': m_scratch += '\\'; break;
        case '/': m_scratch += '/'; break;
        case 'b': m_scratch += '\b'; break;
        case 'f': m_scratch += '\f'; break;
        case 'n': m_scratch += '\n'; break;
        case 'r': m_scratch += '\r'; break;
        case 't': m_scratch += '\t'; break;
        case 'u': {
            const int unit = m_end - m_p >= 4 ? hex4(m_p) : -1;
            if (unit < 0) {
                fail("\\u without four hex digits");
                return false;
            }
            m_p += 4;
            char32_t cp = char32_t(unit);
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                // A high surrogate pairs with a \u low one; alone it is no character.
                const int low = m_end - m_p >= 6 && m_p[0] == '\\' && m_p[1] == 'u' ? hex4(m_p + 2) : -1;
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    cp = 0x10000 + ((char32_t(unit) - 0xD800) << 10) + (char32_t(low) - 0xDC00);
                    m_p += 6;
                } else {
                    cp = 0xFFFD;
                }
            } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
                cp = 0xFFFD;
            }
            appendUtf8(m_scratch, cp);
            break;
        }
        default: // another character after a backslash is itself, as QJsonDocument takes it
            appendUtf8(m_scratch, char32_t(static_cast<unsigned char>(e)));
            break;
        }
    }
    fail("a string without its closing quote");
    return false;
}

bool JsonReader::parseNumber(double *value, qint64 *integer, bool *isInteger)
{
    const char *start = m_p;
    if (m_p < m_end && *m_p == '-')
        ++m_p;
    if (m_p == m_end || !isDigit(*m_p)) {
        fail("not a value");
        return false;
    }
    if (*m_p == '0')
        ++m_p;
    else
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    bool integral = true;
    if (m_p < m_end && *m_p == '.') {
        // As QJsonDocument reads it: the fraction's digits may be none ("4." is 4, "4.e5" 400000).
        integral = false;
        ++m_p;
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    }
    if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
        integral = false;
        ++m_p;
        if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (m_p == m_end || !isDigit(*m_p)) {
            fail("a number without digits in its exponent");
            return false;
        }
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    }
    *isInteger = false;
    if (integral) {
        qint64 n = 0;
        const auto [end, ec] = std::from_chars(start, m_p, n);
        if (ec == std::errc() && end == m_p) {
            *integer = n;
            *value = double(n);
            *isInteger = true;
            return true;
        }
    }
    double d = 0;
    const auto [end, ec] = std::from_chars(start, m_p, d);
    if (ec == std::errc::result_out_of_range)
        d = *start == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    else if (ec != std::errc() || end != m_p) {
        fail("not a number");
        return false;
    }
    *value = d;
    return true;
}

bool JsonReader::parseLiteral(const char *word, qsizetype length)
{
    if (m_end - m_p < length || std::memcmp(m_p, word, size_t(length)) != 0) {
        fail("not a value");
        return false;
    }
    m_p += length;
    return true;
}

void JsonReader::skipValue()
{
    parseValue(0, false);
}

// The value at m_p, built as a QJsonValue when `build`, else only parsed; `level` containers of
// its own are open around it (besides the frames').
QJsonValue JsonReader::parseValue(int level, bool build)
{
    skipSpace();
    if (m_p == m_end) {
        fail("the text ends where a value should be");
        return {};
    }
    if (level + int(m_frames.size()) >= kMaxDepth && (*m_p == '[' || *m_p == '{')) {
        fail("nested deeper than 256 levels");
        return {};
    }
    switch (*m_p) {
    case '{': {
        ++m_p;
        QJsonObject o;
        skipSpace();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            return o;
        }
        while (ok()) {
            skipSpace();
            if (m_p == m_end || *m_p != '"') {
                fail("expected a key in quotes");
                break;
            }
            QByteArrayView key;
            if (!parseString(&key))
                break;
            const QString name = build ? wireText(key) : QString();
            skipSpace();
            if (m_p == m_end || *m_p != ':') {
                fail("expected ':' after a key");
                break;
            }
            ++m_p;
            QJsonValue v = parseValue(level + 1, build);
            if (build)
                o.insert(name, v);
            skipSpace();
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                continue;
            }
            if (m_p < m_end && *m_p == '}') {
                ++m_p;
                return o;
            }
            fail("expected ',' or '}' in an object");
        }
        return {};
    }
    case '[': {
        ++m_p;
        QJsonArray a;
        skipSpace();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            return a;
        }
        while (ok()) {
            QJsonValue v = parseValue(level + 1, build);
            if (build)
                a.append(v);
            skipSpace();
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                continue;
            }
            if (m_p < m_end && *m_p == ']') {
                ++m_p;
                return a;
            }
            fail("expected ',' or ']' in an array");
        }
        return {};
    }
    case '"': {
        QByteArrayView s;
        if (!parseString(&s))
            return {};
        return build ? QJsonValue(wireText(s)) : QJsonValue();
    }
    case 't': return parseLiteral("true", 4) ? QJsonValue(true) : QJsonValue();
    case 'f': return parseLiteral("false", 5) ? QJsonValue(false) : QJsonValue();
    case 'n': parseLiteral("null", 4); return QJsonValue(QJsonValue::Null);
    default: {
        double d = 0;
        qint64 n = 0;
        bool isInteger = false;
        if (!parseNumber(&d, &n, &isInteger))
            return {};
        return isInteger ? QJsonValue(n) : QJsonValue(d);
    }
    }
}

void JsonReader::skip()
{
    if (beginValue())
        skipValue();
}

QJsonValue JsonReader::readValue()
{
    return beginValue() ? parseValue(0, true) : QJsonValue();
}

// The next value as a string's bytes; false (the value skipped) when it is none.
bool JsonReader::readStringView(QByteArrayView *s)
{
    if (!beginValue())
        return false;
    if (*m_p != '"') {
        skipValue();
        return false;
    }
    return parseString(s);
}

QByteArray JsonReader::readUtf8()
{
    QByteArrayView s;
    return readStringView(&s) ? s.toByteArray() : QByteArray();
}

QString JsonReader::readString()
{
    QByteArrayView s;
    return readStringView(&s) ? wireText(s) : QString();
}

qint64 JsonReader::readInt()
{
    if (!beginValue())
        return 0;
    if (*m_p != '-' && !isDigit(*m_p)) {
        skipValue();
        return 0;
    }
    double d = 0;
    qint64 n = 0;
    bool isInteger = false;
    if (!parseNumber(&d, &n, &isInteger))
        return 0;
    if (isInteger)
        return n;
    // 3.0 or 1e2: integral values in range, as QJsonValue::toInteger() takes them.
    if (std::isfinite(d) && d == std::trunc(d) && d >= -9.2e18 && d <= 9.2e18)
        return qint64(d);
    return 0;
}

bool JsonReader::readBool()
{
    if (!beginValue())
        return false;
    if (*m_p == 't')
        return parseLiteral("true", 4);
    skipValue();
    return false;
}

bool JsonReader::finish()
{
    if (!ok())
        return false;
    if (!m_frames.empty()) {
        fail("the reading stopped inside a value");
        return false;
    }
    if (!m_topTaken) {
        fail("no value");
        return false;
    }
    skipSpace();
    if (m_p != m_end) {
        fail("more text after the value");
        return false;
    }
    return true;
}

} // namespace tw::engine
