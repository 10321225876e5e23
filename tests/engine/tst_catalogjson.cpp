// The JSON shapes of DESIGN.md "CLI" that other programs parse: exactly the keys of T, D,
// inputs, skipped entries, `list --json` and `overrides --json`, their nulls, and JSON text that
// any parser reads back to the same strings and numbers (the `list` writer is hand-made for speed).

#include "catalog/catalogjson.h"
#include "fixture.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace tw::engine;

namespace {

QSet<QString> keysOf(const QJsonObject &o)
{
    const QStringList keys = o.keys();
    return {keys.cbegin(), keys.cend()};
}

QSet<QString> keySet(std::initializer_list<const char *> keys)
{
    QSet<QString> set;
    for (const char *k : keys)
        set.insert(QLatin1StringView(k));
    return set;
}

// DESIGN.md: T = {"name","label","description","version","language","scope","user","dir","entry",
// "overrides","inputs","diagnostics"}, D = {"code","severity","message","file","line"}.
const QSet<QString> kT = keySet({"name", "label", "description", "version", "language", "scope", "user", "dir", "entry",
                                 "overrides", "inputs", "diagnostics"});
const QSet<QString> kD = keySet({"code", "severity", "message", "file", "line"});
const QSet<QString> kInput = keySet({"name", "type", "description", "optional", "sensitive", "values", "default"});

const EffectiveTool *effective(const EffectiveSet &set, const char *name)
{
    return set.find(QLatin1StringView(name));
}

} // namespace

class TestCatalogJson final : public QObject
{
    Q_OBJECT
    Catalog m_catalog = scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));

private Q_SLOTS:
    void compactJsonText_data()
    {
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("undefined") << QJsonValue(QJsonValue::Undefined) << QString();
        QTest::newRow("null") << QJsonValue(QJsonValue::Null) << QStringLiteral("null");
        QTest::newRow("string") << QJsonValue(QStringLiteral("a \"b\"")) << QStringLiteral("\"a \\\"b\\\"\"");
        QTest::newRow("integer") << QJsonValue(5) << QStringLiteral("5");
        QTest::newRow("real") << QJsonValue(2.5) << QStringLiteral("2.5");
        QTest::newRow("bool") << QJsonValue(true) << QStringLiteral("true");
        QTest::newRow("list") << QJsonValue(QJsonArray{1, QStringLiteral("x")}) << QStringLiteral("[1,\"x\"]");
        QTest::newRow("mapping") << QJsonValue(QJsonObject{{QStringLiteral("k"), false}}) << QStringLiteral("{\"k\":false}");
    }
    void compactJsonText()
    {
        QFETCH(QJsonValue, value);
        QFETCH(QString, text);
        QCOMPARE(tw::engine::compactJsonText(value), text);
    }

    void diagnosticShape()
    {
        const QJsonObject d = diagnosticJson({QStringLiteral("yaml-syntax"), Severity::Skip, QStringLiteral("bad"),
                                              QStringLiteral("/d/TOOL.md"), 4});
        QCOMPARE(keysOf(d), kD);
        QCOMPARE(d[QStringLiteral("code")].toString(), QStringLiteral("yaml-syntax"));
        QCOMPARE(d[QStringLiteral("severity")].toString(), QStringLiteral("skip"));
        QCOMPARE(d[QStringLiteral("message")].toString(), QStringLiteral("bad"));
        QCOMPARE(d[QStringLiteral("file")].toString(), QStringLiteral("/d/TOOL.md"));
        QCOMPARE(d[QStringLiteral("line")].toInteger(), 4);
        // No file (a finding about a directory) and no line are null, not "" and 0.
        const QJsonObject bare = diagnosticJson({QStringLiteral("missing-entry"), Severity::Skip, QStringLiteral("m"), QString(), 0});
        QCOMPARE(keysOf(bare), kD);
        QVERIFY(bare[QStringLiteral("file")].isNull());
        QVERIFY(bare[QStringLiteral("line")].isNull());
        QCOMPARE(diagnosticsJson({{}, {}}).size(), 2);
    }

    void inputShape()
    {
        const EffectiveSet set = resolveEffective(m_catalog, QString());
        const EffectiveTool *weather = effective(set, "weather");
        QVERIFY(weather);
        QJsonArray inputs;
        for (const InputSpec &in : weather->tool.manifest.inputs)
            inputs.append(inputJson(in));
        QCOMPARE(inputs.size(), 3);
        for (const QJsonValue &in : inputs)
            QCOMPARE(keysOf(in.toObject()), kInput);
        const QJsonObject city = inputs[0].toObject(), units = inputs[1].toObject(), token = inputs[2].toObject();
        QCOMPARE(city[QStringLiteral("name")].toString(), QStringLiteral("city"));
        QCOMPARE(city[QStringLiteral("type")].toString(), QStringLiteral("string"));
        QCOMPARE(city[QStringLiteral("optional")].toBool(), false);
        QVERIFY(city[QStringLiteral("values")].isNull()); // no values: null, not []
        QVERIFY(city[QStringLiteral("default")].isNull()); // no default: null
        QCOMPARE(units[QStringLiteral("type")].toString(), QStringLiteral("enum"));
        QCOMPARE(units[QStringLiteral("values")].toArray(), (QJsonArray{QStringLiteral("metric"), QStringLiteral("imperial")}));
        QCOMPARE(units[QStringLiteral("default")].toString(), QStringLiteral("metric"));
        QCOMPARE(units[QStringLiteral("optional")].toBool(), true);
        QCOMPARE(token[QStringLiteral("sensitive")].toBool(), true);
    }

    // A default keeps its JSON type: a number stays a number, a list a list, an empty list [].
    void defaultValues_data()
    {
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("integer") << QJsonValue(5);
        QTest::newRow("negative real") << QJsonValue(-0.25);
        QTest::newRow("large") << QJsonValue(9007199254740991.0);
        QTest::newRow("tiny") << QJsonValue(1e-300);
        QTest::newRow("false") << QJsonValue(false);
        QTest::newRow("empty string") << QJsonValue(QString());
        QTest::newRow("null") << QJsonValue(QJsonValue::Null);
        QTest::newRow("list") << QJsonValue(QJsonArray{1, QStringLiteral("two"), QJsonArray{}});
        QTest::newRow("mapping") << QJsonValue(QJsonObject{{QStringLiteral("k"), QStringLiteral("v")}});
    }
    void defaultValues()
    {
        QFETCH(QJsonValue, value);
        InputSpec in;
        in.name = QStringLiteral("x");
        in.defaultValue = value;
        ToolRecord t;
        t.manifest.name = QStringLiteral("t");
        t.manifest.inputs = {in};
        // Through the hand-written `list` writer, read back by Qt's parser.
        EffectiveSet set;
        set.tools = {EffectiveTool{t, std::nullopt}};
        const QJsonObject list = effectiveSetJson(QStringLiteral("/d"), set);
        const QJsonValue written = list[QStringLiteral("tools")][0][QStringLiteral("inputs")][0][QStringLiteral("default")];
        QCOMPARE(written, value);
        QCOMPARE(inputJson(in)[QStringLiteral("default")], value);
    }

    // Not finite numbers have no JSON spelling: null, and the text stays valid JSON.
    void nonFiniteDefault()
    {
        InputSpec in;
        in.name = QStringLiteral("x");
        in.defaultValue = QJsonValue(std::numeric_limits<double>::infinity());
        ToolRecord t;
        t.manifest.inputs = {in};
        EffectiveSet set;
        set.tools = {EffectiveTool{t, std::nullopt}};
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(effectiveSetJsonText(QStringLiteral("/d"), set), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(doc[QStringLiteral("tools")][0][QStringLiteral("inputs")][0][QStringLiteral("default")].isNull());
    }

    void toolShape()
    {
        const EffectiveSet bob = resolveEffective(m_catalog, QStringLiteral("bob@example.com"));
        const EffectiveTool *weather = effective(bob, "weather");
        QVERIFY(weather && weather->overridden);
        const QJsonObject t = toolJson(weather->tool, &*weather->overridden);
        QCOMPARE(keysOf(t), kT);
        QCOMPARE(t[QStringLiteral("name")].toString(), QStringLiteral("weather"));
        QCOMPARE(t[QStringLiteral("label")].toString(), QStringLiteral("Bob Weather"));
        QCOMPARE(t[QStringLiteral("version")].toInteger(), 3);
        QCOMPARE(t[QStringLiteral("language")].toString(), QStringLiteral("typescript"));
        QCOMPARE(t[QStringLiteral("scope")].toString(), QStringLiteral("user"));
        QCOMPARE(t[QStringLiteral("user")].toString(), QStringLiteral("bob@example.com"));
        QCOMPARE(t[QStringLiteral("dir")].toString(), weather->tool.dir);
        QCOMPARE(t[QStringLiteral("entry")].toString(), QStringLiteral("index.js"));
        const QJsonObject overrides = t[QStringLiteral("overrides")].toObject();
        QCOMPARE(keysOf(overrides), keySet({"dir", "version"}));
        QCOMPARE(overrides[QStringLiteral("dir")].toString(), weather->overridden->dir);
        QCOMPARE(overrides[QStringLiteral("version")].toInteger(), 1);
        QCOMPARE(t[QStringLiteral("inputs")].toArray().size(), 3);

        // A global tool: "user" and "overrides" are null.
        const EffectiveSet global = resolveEffective(m_catalog, QString());
        const QJsonObject g = toolJson(effective(global, "weather")->tool);
        QCOMPARE(keysOf(g), kT);
        QCOMPARE(g[QStringLiteral("scope")].toString(), QStringLiteral("global"));
        QVERIFY(g[QStringLiteral("user")].isNull());
        QVERIFY(g[QStringLiteral("overrides")].isNull());
        QCOMPARE(g[QStringLiteral("entry")].toString(), QStringLiteral("index.js")); // the file name only
    }

    // `list --json` through the fast writer: the shape of DESIGN.md, and every T in it the same
    // object toolJson() makes.
    void listShape()
    {
        const EffectiveSet bob = resolveEffective(m_catalog, QStringLiteral("bob@example.com"));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(effectiveSetJsonText(m_catalog.dataPath, bob), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject o = doc.object();
        QCOMPARE(keysOf(o), keySet({"data_path", "user", "tools", "shadowed", "skipped"}));
        QCOMPARE(o[QStringLiteral("data_path")].toString(), m_catalog.dataPath);
        QCOMPARE(o[QStringLiteral("user")].toString(), QStringLiteral("bob@example.com"));
        const QJsonArray tools = o[QStringLiteral("tools")].toArray();
        QCOMPARE(tools.size(), bob.tools.size());
        for (qsizetype i = 0; i < tools.size(); ++i) {
            const EffectiveTool &e = bob.tools[i];
            QCOMPARE(tools[i].toObject(), toolJson(e.tool, e.overridden ? &*e.overridden : nullptr));
        }
        const QJsonArray shadowed = o[QStringLiteral("shadowed")].toArray();
        QCOMPARE(shadowed.size(), bob.shadowed.size());
        QVERIFY(!shadowed.isEmpty()); // the global weather and bob's losing duplicate
        for (qsizetype i = 0; i < shadowed.size(); ++i) {
            QJsonObject s = shadowed[i].toObject();
            QCOMPARE(keysOf(s), kT + keySet({"shadowed_by"}));
            QCOMPARE(s.take(QStringLiteral("shadowed_by")).toString(), bob.shadowed[i].shadowedBy);
            QCOMPARE(s, toolJson(bob.shadowed[i].tool));
        }
        const QJsonArray skipped = o[QStringLiteral("skipped")].toArray();
        QCOMPARE(skipped.size(), bob.skipped.size());
        QVERIFY(!skipped.isEmpty()); // broken_yaml, notatool
        for (qsizetype i = 0; i < skipped.size(); ++i) {
            const QJsonObject s = skipped[i].toObject();
            QCOMPARE(keysOf(s), keySet({"dir", "reason", "diagnostics"}));
            QCOMPARE(s, skippedJson(bob.skipped[i]));
            QCOMPARE(s[QStringLiteral("reason")].toString(), bob.skipped[i].reason);
            for (const QJsonValue &d : s[QStringLiteral("diagnostics")].toArray())
                QCOMPARE(keysOf(d.toObject()), kD);
        }
        // The global set: "user" is null.
        QVERIFY(effectiveSetJson(m_catalog.dataPath, resolveEffective(m_catalog, QString()))[QStringLiteral("user")].isNull());
    }

    // Text from tool files goes into the JSON as it is: quotes, backslashes, control characters,
    // non-ASCII and characters outside the BMP come back from any JSON parser unchanged.
    void strings_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("quotes and backslash") << QStringLiteral("say \"hi\" \\ C:\\path");
        QTest::newRow("newline, tab, CR") << QStringLiteral("a\nb\tc\rd");
        QTest::newRow("other controls") << QString::fromUtf8("\x01\x08\x0c\x1f\x7f end");
        QTest::newRow("NUL") << QString(QChar(0)) + QStringLiteral("after");
        QTest::newRow("non-ASCII") << QStringLiteral("café – 東京");
        QTest::newRow("outside the BMP") << QString::fromUtf8("\xF0\x9F\x98\x80 emoji");
        QTest::newRow("line separators") << QString::fromUtf8("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c");
        QTest::newRow("html") << QStringLiteral("</script><!--");
    }
    void strings()
    {
        QFETCH(QString, text);
        ToolRecord t;
        t.manifest.name = QStringLiteral("t");
        t.manifest.description = text;
        t.diagnostics = {{QStringLiteral("c"), Severity::Info, text, text, 1}};
        EffectiveSet set;
        set.user = text;
        set.tools = {EffectiveTool{t, std::nullopt}};
        const QByteArray json = effectiveSetJsonText(text, set);
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(json, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY2(!json.contains('\n') && !json.contains('\0'), json.constData()); // one line, as the CLI prints it
        QCOMPARE(o[QStringLiteral("data_path")].toString(), text);
        QCOMPARE(o[QStringLiteral("user")].toString(), text);
        const QJsonObject tool = o[QStringLiteral("tools")][0].toObject();
        QCOMPARE(tool[QStringLiteral("description")].toString(), text);
        QCOMPARE(tool[QStringLiteral("diagnostics")][0][QStringLiteral("message")].toString(), text);
        QCOMPARE(tool[QStringLiteral("diagnostics")][0][QStringLiteral("file")].toString(), text);
    }

    // `overrides --json`: [{"name","global":null|{"dir","version"},"users":[{"email","dir","version"}]}].
    void overridesShape()
    {
        const QList<OverrideRow> rows = resolveOverrides(m_catalog);
        const QJsonArray a = overridesJson(rows);
        QCOMPARE(a.size(), rows.size());
        bool sawUserOnly = false, sawOverride = false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QJsonObject row = a[i].toObject();
            QCOMPARE(keysOf(row), keySet({"name", "global", "users"}));
            QCOMPARE(row[QStringLiteral("name")].toString(), rows[i].name);
            if (rows[i].global) {
                QCOMPARE(row[QStringLiteral("global")].toObject(),
                         (QJsonObject{{QStringLiteral("dir"), rows[i].global->dir}, {QStringLiteral("version"), rows[i].global->version}}));
            } else {
                QVERIFY(row[QStringLiteral("global")].isNull());
                sawUserOnly = true;
            }
            const QJsonArray users = row[QStringLiteral("users")].toArray();
            QCOMPARE(users.size(), rows[i].users.size());
            for (qsizetype k = 0; k < users.size(); ++k) {
                QCOMPARE(users[k].toObject(), (QJsonObject{{QStringLiteral("email"), rows[i].users[k].user},
                                                           {QStringLiteral("dir"), rows[i].users[k].dir},
                                                           {QStringLiteral("version"), rows[i].users[k].version}}));
            }
            sawOverride |= rows[i].global && !users.isEmpty();
        }
        QVERIFY(sawUserOnly); // e.g. alice's todo
        QVERIFY(sawOverride); // weather: global and bob's
        QVERIFY(overridesJson({}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCatalogJson)
#include "tst_catalogjson.moc"
