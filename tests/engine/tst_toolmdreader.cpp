// Every rule of DESIGN.md "TOOL.md parsing" and each frontmatter diagnostic code, data-driven.

#include "toolmd/toolmdreader.h"

#include <QHash>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace tw::engine;

class TestToolMdReader final : public QObject
{
    Q_OBJECT

private:
    static const Diagnostic *find(const ToolMdParse &p, const QString &code)
    {
        for (const Diagnostic &d : p.diagnostics)
            if (d.code == code)
                return &d;
        return nullptr;
    }

private Q_SLOTS:
    void diagnostics_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("registers");
        QTest::addColumn<QString>("code");     // expected code, "" for a clean file
        QTest::addColumn<int>("severity");
        QTest::addColumn<int>("line");         // -1: do not check

        const QByteArray ok = "---\nname: ok_tool\ndescription: Does it.\nversion: 1\n";
        auto row = [](const char *tag, const QByteArray &b, bool reg, const char *code, Severity s, int line) {
            QTest::newRow(tag) << b << reg << QString::fromLatin1(code) << int(s) << line;
        };
        row("clean", ok + "---\n# Body\n", true, "", Severity::Info, -1);
        // pi 0.73.1 strips no BOM: the text does not start with `---`, so it has no frontmatter.
        row("bom-means-no-frontmatter", "\xEF\xBB\xBF" + ok + "---\n# Body\n", false, "frontmatter-missing", Severity::Skip, 1);
        row("crlf", QByteArray(ok + "---\n# Body\n").replace("\n", "\r\n"), true, "", Severity::Info, -1);
        row("frontmatter-missing", "# Just markdown\n", false, "frontmatter-missing", Severity::Skip, 1);
        row("frontmatter-missing-leading-blank", "\n---\nname: a\n---\n", false, "frontmatter-missing", Severity::Skip, 1);
        row("frontmatter-unterminated", ok + "# no closing fence\n", false, "frontmatter-unterminated", Severity::Skip, 1);
        // The platform closes the frontmatter at the first line starting with `---`; Toolwright warns.
        row("fence-with-trailing-text-closes-with-a-warning", ok + "--- \n# Body\n", true, "fence-irregular",
            Severity::Warning, 5);
        row("yaml-syntax", "---\nname: a\ndescription: [unclosed\nversion: 1\n---\nbody\n", false, "yaml-syntax",
            Severity::Skip, -1);
        row("yaml-syntax-bad-indent", "---\nname: a\n  description: x\n bad: : :\n---\nbody\n", false, "yaml-syntax",
            Severity::Skip, -1);
        // Duplicate keys: yaml-cpp keeps both, the platform's parser rejects the file (found by fuzz_frontmatter).
        row("yaml-duplicate-top-level-key", "---\nname: a\ndescription: d\nversion: 1\nversion: 2\n---\nbody\n", false, "yaml-syntax",
            Severity::Skip, 5);
        row("yaml-duplicate-input-key", "---\nname: a\ndescription: d\nversion: 1\ninputs:\n  q:\n    type: string\n"
            "    description: x\n    type: number\n---\nbody\n", false, "yaml-syntax", Severity::Skip, 9);
        row("yaml-unindented-continuation", "---\nname: a\ndescription\nversion: 1\n---\nbody\n", false, "yaml-syntax",
            Severity::Skip, -1);
        row("yaml-unindented-continuation-last", "---\nversion: 1\ndescription: d\nname: a\nmore\n---\nbody\n", false, "yaml-syntax",
            Severity::Skip, 5);
        row("yaml-nested-unindented-continuation", "---\nname: a\ndescription: d\nversion: 1\ninputs:\n  q:\n    type: string\n"
            "    description: x\n    more words\n---\nbody\n", false, "yaml-syntax", Severity::Skip, 9);
        row("yaml-colon-without-space-is-no-key", "---\nname: a\ndescription: d\nversion: 1\ninp:0x\n---\nbody\n", false, "yaml-syntax",
            Severity::Skip, 5);
        row("yaml-value-below-its-key-unindented", "---\nname: a\nlabel:\nA\ndescription: d\nversion: 1\n---\nbody\n", false,
            "yaml-syntax", Severity::Skip, -1);
        row("yaml-indented-continuation-is-fine", "---\nname: a\ndescription: two\n  lines\nversion: 1\n---\nbody\n", true, "",
            Severity::Info, -1);
        // yaml-cpp alone accepts this; the platform's parser does not.
        row("yaml-unterminated-quote", "---\nname: a\ndescription: \"never closed\nversion: 1\n---\nbody\n", false,
            "yaml-syntax", Severity::Skip, 3);
        row("yaml-closed-multiline-quote", "---\nname: a\ndescription: \"two\n  lines\"\nversion: 1\n---\nbody\n", true, "",
            Severity::Info, -1);
        row("yaml-not-a-mapping", "---\n- a\n- b\n---\nbody\n", false, "yaml-syntax", Severity::Skip, 2);
        row("name-missing", "---\ndescription: d\nversion: 1\n---\nbody\n", false, "name-missing", Severity::Skip, 1);
        row("name-empty", "---\nname: \"\"\ndescription: d\nversion: 1\n---\nbody\n", false, "name-missing", Severity::Skip, 1);
        row("empty-frontmatter", "---\n---\nbody\n", false, "name-missing", Severity::Skip, 1);
        row("not-utf8", "---\nname: a\ndescription: caf\xE9\n---\n", false, "not-utf8", Severity::Skip, 3);
        row("nul-byte", QByteArray("---\nname: a\x00\n---\n", 16), false, "not-utf8", Severity::Skip, 2);
        row("overlong-utf8", "---\nname: \xC0\xAF\n---\n", false, "not-utf8", Severity::Skip, 2);
        row("file-too-large", ok + "---\n" + QByteArray(kMaxToolMdBytes, 'x'), false, "file-too-large", Severity::Skip, -1);
        row("name-not-snake-case", "---\nname: MyTool\ndescription: d\nversion: 1\n---\nb\n", true, "name-not-snake-case",
            Severity::Error, 2);
        row("name-with-dash", "---\nname: my-tool\ndescription: d\nversion: 1\n---\nb\n", true, "name-not-snake-case",
            Severity::Error, 2);
        row("description-missing", "---\nname: a\nversion: 1\n---\nb\n", true, "description-missing", Severity::Error, -1);
        row("description-too-long", "---\nname: a\ndescription: " + QByteArray(1100, 'd') + "\nversion: 1\n---\nb\n", true,
            "description-too-long", Severity::Warning, 3);
        row("version-not-integer", "---\nname: a\ndescription: d\nversion: 1.5\n---\nb\n", true, "version-not-integer",
            Severity::Error, 4);
        row("version-word", "---\nname: a\ndescription: d\nversion: latest\n---\nb\n", true, "version-not-integer",
            Severity::Error, 4);
        row("version-quoted", "---\nname: a\ndescription: d\nversion: \"2\"\n---\nb\n", true, "version-not-integer",
            Severity::Error, 4);
        row("version-missing", "---\nname: a\ndescription: d\n---\nb\n", true, "version-missing", Severity::Warning, -1);
        row("language-unknown", ok + "language: ruby\n---\nb\n", true, "language-unknown", Severity::Warning, 5);
        row("unknown-key", ok + "author: me\n---\nb\n", true, "unknown-key", Severity::Warning, 5);
        row("body-empty", ok + "---\n  \n", true, "body-empty", Severity::Warning, 6);
        row("inputs-not-map", ok + "inputs: [a, b]\n---\nb\n", true, "inputs-not-map", Severity::Error, 5);
        const QByteArray in = ok + "inputs:\n  p:\n";
        row("input-type-unknown", in + "    type: str\n    description: x\n---\nb\n", true, "input-type-unknown",
            Severity::Warning, 7);
        row("input-type-missing", in + "    description: x\n---\nb\n", true, "input-type-unknown", Severity::Warning, 6);
        row("input-not-a-map", ok + "inputs:\n  p: string\n---\nb\n", true, "input-type-unknown", Severity::Warning, 6);
        row("input-type-unsupported-object", in + "    type: object\n    description: x\n---\nb\n", true,
            "input-type-unsupported", Severity::Warning, 7);
        row("input-type-unsupported-array", in + "    type: array\n    description: x\n---\nb\n", true,
            "input-type-unsupported", Severity::Warning, 7);
        row("input-description-missing", in + "    type: string\n---\nb\n", true, "input-description-missing",
            Severity::Warning, 6);
        row("input-unknown-key", in + "    type: string\n    description: x\n    hint: y\n---\nb\n", true, "unknown-key",
            Severity::Warning, 9);
        row("enum-without-values", in + "    type: enum\n    description: x\n---\nb\n", true, "enum-without-values",
            Severity::Error, 7);
        row("empty-values-string", in + "    type: enum\n    values: \"\"\n    description: x\n---\nb\n", true,
            "empty-values", Severity::Error, 8);
        row("empty-values-list", in + "    type: enum\n    values: []\n    description: x\n---\nb\n", true,
            "empty-values", Severity::Error, 8);
        row("default-type-mismatch-number", in + "    type: number\n    description: x\n    default: many\n---\nb\n", true,
            "default-type-mismatch", Severity::Error, 9);
        row("default-type-mismatch-boolean", in + "    type: boolean\n    description: x\n    default: \"true\"\n---\nb\n",
            true, "default-type-mismatch", Severity::Error, 9);
        row("default-type-mismatch-string", in + "    type: string\n    description: x\n    default: 5\n---\nb\n", true,
            "default-type-mismatch", Severity::Error, 9);
        row("default-not-in-values",
            in + "    type: enum\n    values: a,b\n    description: x\n    default: c\n---\nb\n", true,
            "default-not-in-values", Severity::Error, 10);
        row("sensitive-not-string", in + "    type: number\n    description: x\n    sensitive: true\n---\nb\n", true,
            "sensitive-not-string", Severity::Warning, 6);
        row("required-with-default",
            in + "    type: string\n    description: x\n    optional: false\n    default: hi\n---\nb\n", true,
            "required-with-default", Severity::Warning, 10);
        row("not-boolean", in + "    type: string\n    description: x\n    optional: yes\n---\nb\n", true, "not-boolean",
            Severity::Warning, 9);
    }

    void diagnostics()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, registers);
        QFETCH(QString, code);
        QFETCH(int, severity);
        QFETCH(int, line);
        const ToolMdParse p = parseToolMd(bytes, QStringLiteral("/t/TOOL.md"));
        QCOMPARE(p.manifest.has_value(), registers);
        if (code.isEmpty()) {
            QVERIFY2(p.diagnostics.isEmpty(), qPrintable(p.diagnostics.isEmpty() ? QString() : formatDiagnostic(p.diagnostics.first())));
            return;
        }
        const Diagnostic *d = find(p, code);
        QVERIFY2(d, qPrintable(QStringLiteral("no %1 among %2 diagnostics").arg(code).arg(p.diagnostics.size())));
        QCOMPARE(int(d->severity), severity);
        QCOMPARE(d->file, QStringLiteral("/t/TOOL.md"));
        QVERIFY(!d->message.isEmpty());
        if (line >= 0)
            QCOMPARE(d->line, line);
        if (!registers) // a skip is reported exactly once, as the reason
            QCOMPARE(std::count_if(p.diagnostics.cbegin(), p.diagnostics.cend(),
                                   [](const Diagnostic &x) { return x.severity == Severity::Skip; }),
                     1);
    }

    void yamlErrorLineIsTheFileLine()
    {
        const QByteArray bytes = "---\nname: a\ndescription: d\nversion: 1\ninputs:\n  x: {type: string\n---\nbody\n";
        const ToolMdParse p = parseToolMd(bytes, QStringLiteral("T"));
        const Diagnostic *d = find(p, QStringLiteral("yaml-syntax"));
        QVERIFY(d);
        QVERIFY2(d->line >= 6 && d->line <= 7, qPrintable(QString::number(d->line)));
    }

    void manifestFields()
    {
        const QByteArray bytes =
            "---\n"
            "name: web_search\n"
            "description: >\n  Searches the web.\n"
            "version: 7\n"
            "x-owner: team  # kept\n"
            "inputs:\n"
            "  query:\n    type: string\n    description: What to search for.\n"
            "  limit:\n    type: number\n    description: Max results.\n    optional: true\n    default: 10\n"
            "  safe:\n    type: boolean\n    description: Safe search.\n    optional: true\n    default: true\n"
            "  mode:\n    type: enum\n    values: \"fast, deep ,exact\"\n    description: How.\n    default: fast\n"
            "  region:\n    type: enum\n    values: [eu, us]\n    description: Where.\n"
            "  token:\n    type: string\n    description: API token.\n    optional: true\n    sensitive: true\n"
            "---\n"
            "# Web search\n\nBody with --- inside.\n---\n";
        const ToolMdParse p = parseToolMd(bytes, QStringLiteral("T"));
        QVERIFY(p.manifest);
        const ToolManifest &m = *p.manifest;
        QCOMPARE(m.name, QStringLiteral("web_search"));
        QCOMPARE(m.label, QStringLiteral("web_search")); // label defaults to name
        QCOMPARE(m.description, QStringLiteral("Searches the web.\n"));
        QCOMPARE(m.version, 7);
        QCOMPARE(m.language, QStringLiteral("typescript")); // language defaults to typescript
        QCOMPARE(m.unknownKeys, QStringList{QStringLiteral("x-owner")});
        QCOMPARE(m.inputs.size(), 6);
        QCOMPARE(m.inputs[0].name, QStringLiteral("query"));
        QCOMPARE(m.inputs[0].optional, false); // TOOLS.md: defaults to required
        QCOMPARE(m.inputs[0].line, 8);
        QCOMPARE(m.inputs[1].type, InputType::Number);
        QCOMPARE(m.inputs[1].defaultValue, QJsonValue(10));
        QCOMPARE(m.inputs[2].defaultValue, QJsonValue(true));
        QCOMPARE(m.inputs[3].values, (QStringList{QStringLiteral("fast"), QStringLiteral("deep"), QStringLiteral("exact")}));
        QCOMPARE(m.inputs[4].values, (QStringList{QStringLiteral("eu"), QStringLiteral("us")}));
        QVERIFY(m.inputs[4].defaultValue.isUndefined());
        QVERIFY(m.inputs[5].sensitive);
        QCOMPARE(p.body, QByteArray("# Web search\n\nBody with --- inside.\n---\n"));
        QCOMPARE(p.bodyLine, 36);
        // Only the unknown key is reported.
        QCOMPARE(p.diagnostics.size(), 1);
        QCOMPARE(p.diagnostics.first().code, QStringLiteral("unknown-key"));
    }

    void crlfBodyIsKeptByteForByte()
    {
        const QByteArray bytes = "---\r\nname: a\r\ndescription: d\r\nversion: 2\r\n---\r\nline one\r\nline two\r\n";
        const ToolMdParse p = parseToolMd(bytes, QStringLiteral("T"));
        QVERIFY(p.manifest);
        QVERIFY(p.crlf);
        QCOMPARE(p.manifest->description, QStringLiteral("d"));
        QCOMPARE(p.manifest->version, 2);
        QCOMPARE(p.body, QByteArray("line one\r\nline two\r\n"));
    }

    // DESIGN.md: "a BOM ... first means no frontmatter" (pi 0.73.1 reads the text as it is).
    void bomFirstMeansNoFrontmatter()
    {
        const ToolMdParse p = parseToolMd("\xEF\xBB\xBF---\nname: a\ndescription: d\nversion: 1\n---\nb\n", QStringLiteral("T"));
        QVERIFY(!p.manifest);
        const Diagnostic *d = find(p, QStringLiteral("frontmatter-missing"));
        QVERIFY(d);
        QVERIFY2(d->message.contains(QStringLiteral("byte order mark")), qPrintable(d->message));
    }

    // A value that begins with U+FEFF keeps it, as the platform's reader does: the escape is
    // the character (fuzz_frontmatter found the editor's "\uFEFF…" read back without it).
    void valueStartingWithBomKeepsIt()
    {
        const ToolMdParse p = parseToolMd("---\nname: a\ndescription: \"\\uFEFF# Todo\"\nversion: 1\ninputs:\n  \"\\uFEFFq\":\n"
                                          "    type: string\n    description: \"\\uFEFF\"\n---\nb\n",
                                          QStringLiteral("T"));
        QVERIFY(p.manifest);
        QCOMPARE(p.manifest->description, QString(QChar(0xFEFF)) + QStringLiteral("# Todo"));
        QCOMPARE(p.manifest->inputs.size(), 1);
        QCOMPARE(p.manifest->inputs[0].name, QString(QChar(0xFEFF)) + u'q');
        QCOMPARE(p.manifest->inputs[0].description, QString(QChar(0xFEFF)));
    }

    void labelAndLanguage()
    {
        const ToolMdParse p = parseToolMd("---\nname: a\nlabel: Nice A\ndescription: d\nversion: 0\nlanguage: bash\n---\nb\n",
                                          QStringLiteral("T"));
        QVERIFY(p.manifest);
        QCOMPARE(p.manifest->label, QStringLiteral("Nice A"));
        QCOMPARE(p.manifest->language, QStringLiteral("bash"));
        QVERIFY(p.manifest->versionPresent);
        QCOMPARE(p.manifest->version, 0);
        QVERIFY(p.diagnostics.isEmpty());
    }

    void unknownTypeBecomesString()
    {
        const ToolMdParse p = parseToolMd("---\nname: a\ndescription: d\nversion: 1\ninputs:\n  p:\n    type: object\n"
                                          "    description: x\n---\nb\n",
                                          QStringLiteral("T"));
        QVERIFY(p.manifest);
        QCOMPARE(p.manifest->inputs.first().type, InputType::String);
        QCOMPARE(p.manifest->inputs.first().declaredType, QStringLiteral("object"));
    }

    void allProblemsAreCollected()
    {
        // Several mistakes in one file: every one is reported, not just the first.
        const ToolMdParse p = parseToolMd("---\nname: BadName\nlanguage: go\ninputs:\n  a:\n    type: enum\n"
                                          "  b:\n    type: number\n    default: x\n---\n",
                                          QStringLiteral("T"));
        QVERIFY(p.manifest);
        QStringList codes;
        for (const Diagnostic &d : p.diagnostics)
            codes.append(d.code);
        for (const char *c : {"name-not-snake-case", "language-unknown", "enum-without-values", "input-description-missing",
                              "default-type-mismatch", "description-missing", "version-missing", "body-empty"})
            QVERIFY2(codes.contains(QLatin1StringView(c)), c);
    }

    void yaml12Scalars()
    {
        // The platform's loader resolves plain scalars by the YAML 1.2 core schema: `yes` is a string.
        const ToolMdParse p = parseToolMd("---\nname: a\ndescription: d\nversion: 0x10\ninputs:\n  e:\n    type: enum\n"
                                          "    values: [yes, no]\n    description: x\n    default: yes\n---\nb\n",
                                          QStringLiteral("T"));
        QVERIFY(p.manifest);
        QCOMPARE(p.manifest->version, 16);
        QCOMPARE(p.manifest->inputs.first().defaultValue, QJsonValue(QStringLiteral("yes")));
        QVERIFY(p.diagnostics.isEmpty());
    }

    // The scalar resolver and the snake_case check are written by hand (QRegularExpression::match
    // locks, and they run on all cores for every scalar); the regular expressions they replace
    // are the reference, on the edge cases and on 200,000 random strings.
    void plainScalarsMatchTheCoreSchemaExpressions()
    {
        QHash<QString, QRegularExpression> compiled;
        const auto reference = [&](const QString &text) -> QJsonValue {
            auto full = [&](const char *re) {
                const QString pattern = QLatin1StringView(re);
                auto it = compiled.find(pattern);
                if (it == compiled.end())
                    it = compiled.insert(pattern, QRegularExpression(pattern));
                return it->match(text).hasMatch();
            };
            if (full("^(?:~|null|Null|NULL|)\\z"))
                return QJsonValue::Null;
            if (full("^(?:true|True|TRUE)\\z"))
                return true;
            if (full("^(?:false|False|FALSE)\\z"))
                return false;
            if (full("^[-+]?[0-9]+\\z") || full("^[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\\z"))
                return text.toDouble();
            if (full("^0o[0-7]+\\z"))
                return double(text.mid(2).toLongLong(nullptr, 8));
            if (full("^0x[0-9a-fA-F]+\\z"))
                return double(text.mid(2).toLongLong(nullptr, 16));
            if (full("^[-+]?\\.(?:inf|Inf|INF)\\z"))
                return text.startsWith(u'-') ? -INFINITY : INFINITY;
            if (full("^\\.(?:nan|NaN|NAN)\\z"))
                return NAN;
            return text;
        };
        const auto same = [](const QJsonValue &a, const QJsonValue &b) {
            if (a.isDouble() && b.isDouble() && std::isnan(a.toDouble()))
                return std::isnan(b.toDouble());
            return a == b;
        };
        QStringList cases = {QString(), QStringLiteral("~"), QStringLiteral("null"), QStringLiteral("NuLL"),
                             QStringLiteral("True"), QStringLiteral("tRUE"), QStringLiteral("5"), QStringLiteral("+5"),
                             QStringLiteral("-"), QStringLiteral("."), QStringLiteral(".5"), QStringLiteral("5."),
                             QStringLiteral("1e5"), QStringLiteral("1e"), QStringLiteral("1.5E-3"), QStringLiteral("e5"),
                             QStringLiteral("0o17"), QStringLiteral("0o8"), QStringLiteral("0o"), QStringLiteral("0x1F"),
                             QStringLiteral("0xg"), QStringLiteral("-.inf"), QStringLiteral("+.Inf"), QStringLiteral(".NaN"),
                             QStringLiteral("-.nan"), QStringLiteral("yes"), QStringLiteral("5\n")};
        const QString alphabet = QStringLiteral("0123456789+-.eEoxafinINFaNnulTrueFLS~ _");
        QRandomGenerator random(42);
        for (int i = 0; i < 200000; ++i) {
            QString s;
            const int length = random.bounded(7);
            for (int k = 0; k < length; ++k)
                s += alphabet[random.bounded(int(alphabet.size()))];
            cases.append(s);
        }
        for (const QString &c : std::as_const(cases))
            QVERIFY2(same(resolvePlainScalar(c), reference(c)), qPrintable(c));

        const QRegularExpression snake(QStringLiteral("^[a-z][a-z0-9]*(?:_[a-z0-9]+)*\\z"));
        const QString letters = QStringLiteral("ab0_Z-");
        for (int i = 0; i < 100000; ++i) {
            QString s;
            const int length = random.bounded(6);
            for (int k = 0; k < length; ++k)
                s += letters[random.bounded(int(letters.size()))];
            QVERIFY2(isSnakeCase(s) == snake.match(s).hasMatch(), qPrintable(s));
        }
    }

    void utf8Validator()
    {
        QCOMPARE(firstInvalidUtf8("plain ascii"), -1);
        QCOMPARE(firstInvalidUtf8("gr\xC3\xBC\xC3\x9F \xF0\x9F\x8E\x89"), -1);
        QCOMPARE(firstInvalidUtf8("ab\xED\xA0\x80"), 2); // surrogate
        QCOMPARE(firstInvalidUtf8("ab\xE2\x82"), 2);     // truncated
        QCOMPARE(firstInvalidUtf8("\x80"), 0);           // stray continuation
    }

    void snakeCase_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("ok");
        QTest::newRow("simple") << QStringLiteral("hello") << true;
        QTest::newRow("underscores") << QStringLiteral("web_search_v2") << true;
        QTest::newRow("digit-start") << QStringLiteral("2fa") << false;
        QTest::newRow("camel") << QStringLiteral("webSearch") << false;
        QTest::newRow("double-underscore") << QStringLiteral("a__b") << false;
        QTest::newRow("trailing-underscore") << QStringLiteral("a_") << false;
    }
    void snakeCase()
    {
        QFETCH(QString, name);
        QFETCH(bool, ok);
        QCOMPARE(isSnakeCase(name), ok);
    }
};

QTEST_GUILESS_MAIN(TestToolMdReader)
#include "tst_toolmdreader.moc"
