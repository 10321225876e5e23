#include "agent/jsonstringify.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace tw::engine {

JsValue JsValue::boolean(bool b)
{
    JsValue v;
    v.m_kind = Kind::Bool;
    v.m_bool = b;
    return v;
}

JsValue JsValue::number(double d)
{
    JsValue v;
    v.m_kind = Kind::Number;
    v.m_number = d;
    return v;
}

JsValue JsValue::string(const QString &s)
{
    JsValue v;
    v.m_kind = Kind::String;
    v.m_text = s;
    return v;
}

JsValue JsValue::array(QList<JsValue> items)
{
    JsValue v;
    v.m_kind = Kind::Array;
    v.m_items = std::move(items);
    return v;
}

JsValue JsValue::object()
{
    JsValue v;
    v.m_kind = Kind::Object;
    return v;
}

JsValue JsValue::fromJson(const QJsonValue &v, const QList<QStringList> &keyOrder)
{
    qsizetype next = 0;
    return fromJson(v, keyOrder, next);
}

JsValue JsValue::fromJson(const QJsonValue &v, const QList<QStringList> &keyOrder, qsizetype &next)
{
    switch (v.type()) {
    case QJsonValue::Bool: return boolean(v.toBool());
    case QJsonValue::Double: return number(v.toDouble());
    case QJsonValue::String: return string(v.toString());
    case QJsonValue::Array: {
        JsValue a = array();
        for (const QJsonValue &item : v.toArray())
            a.append(fromJson(item, keyOrder, next));
        return a;
    }
    case QJsonValue::Object: {
        JsValue o = object();
        const QJsonObject obj = v.toObject();
        QStringList keys = obj.keys(); // sorted
        if (next < keyOrder.size()) {
            // The list is this object's when it holds the same keys (the lists come depth first,
            // as this walk meets the objects).
            QStringList ordered = keyOrder.at(next++);
            QStringList a = ordered, b = keys;
            a.sort();
            b.sort();
            if (a == b)
                keys = std::move(ordered);
        }
        for (const QString &key : std::as_const(keys))
            o.insert(key, fromJson(obj.value(key), keyOrder, next));
        return o;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return {};
}

JsValue &JsValue::insert(const QString &key, JsValue value)
{
    for (auto &member : m_members) {
        if (member.first == key) {
            member.second = std::move(value);
            return *this;
        }
    }
    m_members.append({key, std::move(value)});
    return *this;
}

const JsValue *JsValue::find(const QString &key) const
{
    for (const auto &member : m_members)
        if (member.first == key)
            return &member.second;
    return nullptr;
}

QString JsValue::stringify(int indent) const
{
    QString out;
    write(out, indent, 0);
    return out;
}

void JsValue::write(QString &out, int indent, int depth) const
{
    const auto newline = [&](int level) {
        if (indent > 0) {
            out += u'\n';
            out += QString(qsizetype(indent) * level, u' ');
        }
    };
    switch (m_kind) {
    case Kind::Null: out += QLatin1StringView("null"); return;
    case Kind::Bool: out += m_bool ? QLatin1StringView("true") : QLatin1StringView("false"); return;
    case Kind::Number: out += jsNumberText(m_number); return;
    case Kind::String: out += jsQuoted(m_text); return;
    case Kind::Array:
        out += u'[';
        for (qsizetype i = 0; i < m_items.size(); ++i) {
            if (i > 0)
                out += u',';
            newline(depth + 1);
            m_items[i].write(out, indent, depth + 1);
        }
        if (!m_items.isEmpty())
            newline(depth);
        out += u']';
        return;
    case Kind::Object:
        out += u'{';
        for (qsizetype i = 0; i < m_members.size(); ++i) {
            if (i > 0)
                out += u',';
            newline(depth + 1);
            out += jsQuoted(m_members[i].first);
            out += indent > 0 ? QLatin1StringView(": ") : QLatin1StringView(":");
            m_members[i].second.write(out, indent, depth + 1);
        }
        if (!m_members.isEmpty())
            newline(depth);
        out += u'}';
        return;
    }
}

QString jsNumberText(double d)
{
    if (!std::isfinite(d))
        return QStringLiteral("null");
    if (d == 0)
        return QStringLiteral("0"); // -0 too, as JS writes it
    // The shortest digits that read back as d, then ECMA-262 Number::toString's layout of them.
    const QString e = QString::number(std::abs(d), 'e', QLocale::FloatingPointShortest); // "d.ddde±XX"
    const qsizetype ePos = e.indexOf(u'e');
    QString digits = e.left(ePos);
    digits.remove(u'.');
    const int exponent = e.mid(ePos + 1).toInt(); // value = 0.digits × 10^(exponent + 1)
    const int k = int(digits.size());
    const int n = exponent + 1;
    QString out = d < 0 ? QStringLiteral("-") : QString();
    if (k <= n && n <= 21) {
        out += digits + QString(n - k, u'0');
    } else if (0 < n && n <= 21) {
        out += digits.left(n) + u'.' + digits.mid(n);
    } else if (-6 < n && n <= 0) {
        out += QStringLiteral("0.") + QString(-n, u'0') + digits;
    } else {
        const int exp = n - 1;
        const QString sign = exp < 0 ? QStringLiteral("-") : QStringLiteral("+");
        out += digits.left(1);
        if (k > 1)
            out += u'.' + digits.mid(1);
        out += u'e' + sign + QString::number(std::abs(exp));
    }
    return out;
}

QString jsQuoted(const QString &s)
{
    QString out;
    out.reserve(s.size() + 2);
    out += u'"';
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        switch (c.unicode()) {
        case u'"': out += QLatin1StringView("\\\""); break;
        case u'\\': out += QLatin1StringView("\\\\"); break;
        case u'\n': out += QLatin1StringView("\\n"); break;
        case u'\r': out += QLatin1StringView("\\r"); break;
        case u'\t': out += QLatin1StringView("\\t"); break;
        case u'\b': out += QLatin1StringView("\\b"); break;
        case u'\f': out += QLatin1StringView("\\f"); break;
        default: {
            // JSON.stringify escapes control characters and a surrogate that is not half of a pair.
            const bool pairedHigh = c.isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate();
            const bool pairedLow = c.isLowSurrogate() && i > 0 && s[i - 1].isHighSurrogate();
            if (c.unicode() < 0x20 || (c.isSurrogate() && !pairedHigh && !pairedLow))
                out += QStringLiteral("\\u%1").arg(uint(c.unicode()), 4, 16, QChar(u'0'));
            else
                out += c;
        }
        }
    }
    out += u'"';
    return out;
}

} // namespace tw::engine
