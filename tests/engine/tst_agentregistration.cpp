// The registration the agent gets, built without pi: JSON as JavaScript writes it, TypeBox's
// schema text, pi's prompt line and body, sizes, the budget, pi's order and the override diff.
// (tests/cli/tst_agentview.cpp compares the whole with the real pi coding agent.)

#include "agent/agentview.h"
#include "catalog/catalog.h"
#include "fixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace tw::engine;

class TestAgentRegistration final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsNumbers_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("js"); // what node prints for String(value)
        QTest::newRow("integer") << 3.0 << QStringLiteral("3");
        QTest::newRow("negative zero") << -0.0 << QStringLiteral("0");
        QTest::newRow("fraction") << 0.1 << QStringLiteral("0.1");
        QTest::newRow("negative") << -1.5 << QStringLiteral("-1.5");
        QTest::newRow("small fixed") << 0.000001 << QStringLiteral("0.000001");
        QTest::newRow("small exponent") << 1e-7 << QStringLiteral("1e-7");
        QTest::newRow("large fixed") << 123456789012345680000.0 << QStringLiteral("123456789012345680000");
        QTest::newRow("large exponent") << 1e21 << QStringLiteral("1e+21");
        QTest::newRow("digits and exponent") << 1.5e300 << QStringLiteral("1.5e+300");
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("null");
    }
    void jsNumbers()
    {
        QFETCH(double, value);
        QFETCH(QString, js);
        QCOMPARE(jsNumberText(value), js);
    }

    void jsStrings()
    {
        QCOMPARE(jsQuoted(QStringLiteral("a\"b\\c\n\t\x01/é")), QStringLiteral("\"a\\\"b\\\\c\\n\\t\\u0001/é\""));
        // A pair stays as it is; a lone surrogate is escaped, as JSON.stringify does.
        const QString pair = QString::fromUtf8("\xF0\x9F\x98\x80");
        QCOMPARE(jsQuoted(pair), u'"' + pair + u'"');
        QCOMPARE(jsQuoted(QString(QChar(0xD800))), QStringLiteral("\"\\ud800\""));
    }

    void prettyPrinting()
    {
        JsValue v = JsValue::object()
                        .insert(QStringLiteral("z"), JsValue::array())
                        .insert(QStringLiteral("a"), JsValue::object())
                        .insert(QStringLiteral("l"), JsValue::array({JsValue::number(1), JsValue()}));
        QCOMPARE(v.stringify(), QStringLiteral("{\"z\":[],\"a\":{},\"l\":[1,null]}"));
        QCOMPARE(v.stringify(2), QStringLiteral("{\n  \"z\": [],\n  \"a\": {},\n  \"l\": [\n    1,\n    null\n  ]\n}"));
    }

    void typeBoxSchema()
    {
        ToolManifest m;
        m.name = QStringLiteral("t");
        const auto input = [](const char *name, InputType type, const char *description) {
            InputSpec in;
            in.name = QLatin1StringView(name);
            in.type = type;
            in.description = QLatin1StringView(description);
            return in;
        };
        InputSpec a = input("a", InputType::String, "A");
        a.defaultValue = QJsonValue(QStringLiteral("x"));
        InputSpec b = input("b", InputType::Number, "B");
        b.optional = true;
        InputSpec c = input("c", InputType::Enum, "C");
        c.values = {QStringLiteral("x"), QStringLiteral("y")};
        c.defaultValue = QJsonValue(QStringLiteral("x"));
        const InputSpec d = input("d", InputType::Boolean, "");
        m.inputs = {a, b, c, d};
        // What TypeBox 1.4.3 prints for the same Type.Object (JSON.stringify).
        QCOMPARE(parameterSchema(m).stringify(),
                 QStringLiteral(R"({"type":"object","required":["a","c","d"],"properties":{"a":{"type":"string","description":"A","default":"x"},"b":{"type":"number","description":"B"},"c":{"anyOf":[{"type":"string","const":"x"},{"type":"string","const":"y"}],"description":"C","default":"x"},"d":{"type":"boolean"}}})"));
        m.inputs = {b};
        QCOMPARE(parameterSchema(m).stringify(), QStringLiteral(R"({"type":"object","properties":{"b":{"type":"number","description":"B"}}})"));
        m.inputs = {};
        QCOMPARE(parameterSchema(m).stringify(), QStringLiteral(R"({"type":"object","properties":{}})"));
    }

    void bodyAndPromptLine()
    {
        // parseFrontmatter: CRLF and CR made LF, trimmed as String.prototype.trim (U+FEFF is
        // trimmed, U+0085 is not).
        QCOMPARE(platformBody("\r\n# T\r\n\r\ntext\rmore\n\n"), QStringLiteral("# T\n\ntext\nmore"));
        QCOMPARE(platformBody("\xEF\xBB\xBF x \xC2\x85"), QStringLiteral("x \u0085"));
        QCOMPARE(normalizedPromptSnippet(QStringLiteral("  Does\r\n  things.\t ")), QStringLiteral("Does things."));
        ToolRecord t;
        t.manifest.name = QStringLiteral("t");
        t.manifest.description = QStringLiteral("Does\nthings.");
        t.body = "\n# T\n";
        const AgentRegistration r = agentRegistration(t);
        QCOMPARE(r.label, QStringLiteral("t"));
        QCOMPARE(r.description, QStringLiteral("Does\nthings.\n\n# T"));
        QCOMPARE(r.promptLine(), QStringLiteral("- t: Does things."));
        // chars: name 1 + description 17 + schema 33 + line 17 and its newline 1.
        QCOMPARE(agentSize(r).chars, 69);
        QCOMPARE(agentSize(r).tokens, 18);
        t.manifest.description.clear();
        QCOMPARE(agentRegistration(t).promptLine(), QString());
    }

    void orderOverrideAndBudget()
    {
        QTemporaryDir data;
        using tw::test::makeTool;
        using tw::test::toolMd;
        const QString global = data.path() + QStringLiteral("/tools");
        const QString user = data.path() + QStringLiteral("/u@example.com/tools");
        makeTool(global, QStringLiteral("a"), toolMd("alpha", 1, "inputs:\n  q:\n    type: string\n    description: Q\n"));
        makeTool(global, QStringLiteral("b"), toolMd("beta"));
        makeTool(user, QStringLiteral("a"), toolMd("zeta"));
        makeTool(user, QStringLiteral("b"), toolMd("alpha", 2, "inputs:\n  q:\n    type: number\n    description: Q\n  r:\n    type: string\n    description: R\n"));
        const Catalog catalog = scanForUser(data.path(), QStringLiteral("u@example.com"));
        const AgentView view = agentView(catalog, QStringLiteral("u@example.com"), 2000);
        // pi keeps a Map: alpha stays first although the user's registration replaced it.
        QStringList names;
        for (const AgentViewTool &t : view.tools)
            names << t.registration.name;
        QCOMPARE(names, (QStringList{QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("zeta")}));
        QVERIFY(view.tools[0].override_);
        QCOMPARE(view.tools[0].override_->parametersAdded, QStringList{QStringLiteral("r")});
        QCOMPARE(view.tools[0].override_->parametersChanged, QStringList{QStringLiteral("q")});
        QVERIFY(view.tools[0].override_->parametersRemoved.isEmpty());
        QVERIFY(!view.tools[1].override_);
        qsizetype tokens = 0;
        for (const AgentViewTool &t : view.tools)
            tokens += t.size.tokens;
        QCOMPARE(view.tokens, tokens);
        QCOMPARE(view.only(QStringLiteral("beta")).tools.size(), 1);

        QList<ToolRecord> tools = catalog.global.tools;
        const qsizetype smallest = agentSize(agentRegistration(tools[1])).tokens;
        QCOMPARE(checkAgentBudget(tools, int(smallest)), 1); // alpha is larger than beta
        QCOMPARE(tools[0].diagnostics.last().code, QStringLiteral("agent-budget-exceeded"));
        QCOMPARE(tools[0].diagnostics.last().severity, Severity::Warning);
    }
};

QTEST_GUILESS_MAIN(TestAgentRegistration)
#include "tst_agentregistration.moc"
