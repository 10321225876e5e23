#pragma once
// JSON as JavaScript writes it: a value that keeps its keys in insertion order (TypeBox's order,
// which QJsonObject would sort away) and JSON.stringify(value, null, indent)'s text, byte for
// byte, so that what Toolwright prints about the agent can be compared with what pi holds.

#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace tw::engine {

class JsValue final
{
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    JsValue() = default;
    static JsValue boolean(bool b);
    static JsValue number(double d);
    static JsValue string(const QString &s);
    static JsValue array(QList<JsValue> items = {});
    static JsValue object();
    // A parsed YAML value (a default), as JSON.parse would give it; Undefined and Null are null.
    // Each object's keys in the order `keyOrder` gives (InputSpec::defaultKeyOrder: one list per
    // object, depth first); an object it has no fitting list for keeps QJsonObject's sorted order.
    static JsValue fromJson(const QJsonValue &v, const QList<QStringList> &keyOrder = {});

    Kind kind() const { return m_kind; }
    // Appends `key: value` to an object (a key given twice keeps its first place, as in JS).
    JsValue &insert(const QString &key, JsValue value);
    void append(JsValue value) { m_items.append(std::move(value)); }
    const JsValue *find(const QString &key) const;
    const QList<QPair<QString, JsValue>> &members() const { return m_members; }
    const QList<JsValue> &items() const { return m_items; }
    const QString &text() const { return m_text; }

    // JSON.stringify(this, null, indent); indent 0 is the compact form.
    QString stringify(int indent = 0) const;

    friend bool operator==(const JsValue &, const JsValue &) = default;

private:
    static JsValue fromJson(const QJsonValue &v, const QList<QStringList> &keyOrder, qsizetype &next);
    void write(QString &out, int indent, int depth) const;

    Kind m_kind = Kind::Null;
    bool m_bool = false;
    double m_number = 0;
    QString m_text;
    QList<JsValue> m_items;
    QList<QPair<QString, JsValue>> m_members;
};

// A number as JavaScript's Number.prototype.toString() writes it (1, 0.1, 1e+21, 1e-7);
// NaN and the infinities, which JSON has not, as JSON.stringify writes them: null.
QString jsNumberText(double d);
// A string as JSON.stringify quotes it: only `"`, `\` and control characters are escaped.
QString jsQuoted(const QString &s);

} // namespace tw::engine
