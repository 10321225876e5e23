#include "toolmd/textrules.h"

#include <cstring>
#include <limits>

namespace tw::engine {
namespace {

bool isDigit(QChar c) { return c >= u'0' && c <= u'9'; }

// Digits from `i` on; returns how many.
qsizetype digitsAt(QStringView t, qsizetype i)
{
    qsizetype n = 0;
    while (i + n < t.size() && isDigit(t[i + n]))
        ++n;
    return n;
}

// [-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)? — the core schema's int and float.
bool isCoreNumber(QStringView t)
{
    qsizetype i = 0;
    if (i < t.size() && (t[i] == u'-' || t[i] == u'+'))
        ++i;
    const qsizetype whole = digitsAt(t, i);
    i += whole;
    if (i < t.size() && t[i] == u'.') {
        const qsizetype fraction = digitsAt(t, i + 1);
        if (whole == 0 && fraction == 0)
            return false;
        i += 1 + fraction;
    } else if (whole == 0) {
        return false;
    }
    if (i < t.size() && (t[i] == u'e' || t[i] == u'E')) {
        ++i;
        if (i < t.size() && (t[i] == u'-' || t[i] == u'+'))
            ++i;
        const qsizetype exponent = digitsAt(t, i);
        if (exponent == 0)
            return false;
        i += exponent;
    }
    return i == t.size();
}

bool isOneOf(QStringView t, std::initializer_list<const char16_t *> words)
{
    for (const char16_t *w : words) {
        if (t == QStringView(w))
            return true;
    }
    return false;
}

// `prefix` then at least one character of `digits`.
bool isPrefixedInteger(QStringView t, QStringView prefix, bool (*digit)(QChar))
{
    if (t.size() <= prefix.size() || !t.startsWith(prefix))
        return false;
    for (QChar c : t.mid(prefix.size()))
        if (!digit(c))
            return false;
    return true;
}

} // namespace

// By hand rather than with regular expressions: this runs for every scalar of every tool on
// every scan, on all cores, and QRegularExpression::match takes a lock.
QJsonValue resolvePlainScalar(const QString &text)
{
    const QStringView t(text);
    if (isOneOf(t, {u"", u"~", u"null", u"Null", u"NULL"}))
        return QJsonValue::Null;
    if (isOneOf(t, {u"true", u"True", u"TRUE"}))
        return true;
    if (isOneOf(t, {u"false", u"False", u"FALSE"}))
        return false;
    if (isCoreNumber(t))
        return text.toDouble();
    if (isPrefixedInteger(t, u"0o", [](QChar c) { return c >= u'0' && c <= u'7'; }))
        return double(text.mid(2).toLongLong(nullptr, 8));
    if (isPrefixedInteger(t, u"0x", [](QChar c) {
            return isDigit(c) || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
        }))
        return double(text.mid(2).toLongLong(nullptr, 16));
    const QStringView unsignedPart = t.startsWith(u'-') || t.startsWith(u'+') ? t.mid(1) : t;
    if (isOneOf(unsignedPart, {u".inf", u".Inf", u".INF"}))
        return t.startsWith(u'-') ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    if (isOneOf(t, {u".nan", u".NaN", u".NAN"}))
        return std::numeric_limits<double>::quiet_NaN();
    return text;
}

qsizetype firstInvalidUtf8(const QByteArray &bytes)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n) {
        // Eight ASCII bytes at a time (no high bit, no NUL): nearly every TOOL.md is mostly ASCII.
        if (i + 8 <= n) {
            quint64 word;
            std::memcpy(&word, p + i, 8);
            const quint64 high = word & 0x8080808080808080ULL;
            const quint64 zero = (word - 0x0101010101010101ULL) & ~word & 0x8080808080808080ULL;
            if (!high && !zero) {
                i += 8;
                continue;
            }
        }
        const unsigned char c = p[i];
        if (c >= 0x01 && c < 0x80) {
            ++i;
            continue;
        }
        int len = 0;
        unsigned min = 0;
        unsigned cp = 0;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; min = 0x80; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; min = 0x800; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; min = 0x10000; }
        else return i; // NUL, stray continuation byte or invalid lead byte
        if (i + len > n)
            return i;
        for (int k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return -1;
}

// ^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$
bool isSnakeCase(const QString &name)
{
    if (name.isEmpty() || name.front() < u'a' || name.front() > u'z' || name.back() == u'_')
        return false;
    QChar previous;
    for (QChar c : name) {
        const bool ok = (c >= u'a' && c <= u'z') || isDigit(c) || (c == u'_' && previous != u'_');
        if (!ok)
            return false;
        previous = c;
    }
    return true;
}

} // namespace tw::engine
