// The fence rules of pi 0.73.1's parseFrontmatter (DESIGN.md "TOOL.md parsing"), one row each,
// through parseToolMd: loaded or skipped, the values the split decides, the body bytes, and the
// warning that names a quirk and its line. tst_platformreading checks the same files against the
// real reference; this table pins each rule without Node.

#include "toolmd/frontmattersplit.h"
#include "toolmd/toolmdreader.h"

#include <QTest>

using namespace tw::engine;

namespace {

const Diagnostic *find(const Diagnostics &list, const QString &code)
{
    for (const Diagnostic &d : list)
        if (d.code == code)
            return &d;
    return nullptr;
}

const QStringList kQuirks{QStringLiteral("fence-irregular"), QStringLiteral("frontmatter-cut-short"),
                          QStringLiteral("line-endings-cr")};

} // namespace

class TestFrontmatterSplit final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("registers");
        QTest::addColumn<int>("version");    // when it registers
        QTest::addColumn<QByteArray>("body"); // when it registers: ToolMdParse::body, byte for byte
        QTest::addColumn<QString>("code");   // the skip reason or the quirk warning; "" for none
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("words");  // in the diagnostic's message

        const QByteArray fm = "name: fence\ndescription: d\nversion: 3\n";
        const QByteArray body = "\n# Body\n";
        auto row = [](const char *tag, const QByteArray &b, bool reg, int version, const QByteArray &bodyBytes,
                      const char *code, int line, const char *words) {
            QTest::newRow(tag) << b << reg << version << bodyBytes << QString::fromLatin1(code) << line
                               << QString::fromUtf8(words);
        };
        row("regular", "---\n" + fm + "---\n" + body, true, 3, body, "", 0, "");
        row("crlf", QByteArray("---\n" + fm + "---\n" + body).replace("\n", "\r\n"), true, 3, "\r\n# Body\r\n", "", 0, "");
        // pi normalises a lone CR to LF before it splits or parses.
        row("lone-cr", QByteArray("---\n" + fm + "---\n" + body).replace("\n", "\r"), true, 3, "\r# Body\r",
            "line-endings-cr", 1, "carriage return");
        row("lone-cr-inside-the-yaml", "---\nname: fence\rdescription: d\nversion: 3\n---\n" + body, true, 3, body,
            "line-endings-cr", 2, "line 2");
        // The opening line: only its first three characters count; the YAML starts at the fifth.
        row("opener-trailing-space", "--- \n" + fm + "---\n" + body, true, 3, body, "fence-irregular", 1, "`--- `");
        row("opener-suffix", "---x\n" + fm + "---\n" + body, true, 3, body, "fence-irregular", 1, "first three");
        row("opener-four-dashes", "----\n" + fm + "---\n" + body, true, 3, body, "fence-irregular", 1, "`----`");
        row("opener-carries-yaml", "--- name: fence\ndescription: d\nversion: 3\n---\n" + body, true, 3, body,
            "fence-irregular", 1, "fifth");
        // ... so `---name:` gives the platform a key `ame` and no name: skipped, the quirk named.
        row("opener-glued-to-yaml", "---name: fence\ndescription: d\nversion: 3\n---\n" + body, false, 0, "",
            "fence-irregular", 1, "fifth");
        // Nothing is stripped before the `---`.
        row("bom-first", "\xEF\xBB\xBF---\n" + fm + "---\n" + body, false, 0, "", "frontmatter-missing", 1,
            "byte order mark");
        row("blank-line-first", "\n---\n" + fm + "---\n" + body, false, 0, "", "frontmatter-missing", 1, "empty line");
        row("space-first", " ---\n" + fm + "---\n" + body, false, 0, "", "frontmatter-missing", 1, "space");
        row("no-fence", "# Title\n\nname: x\n", false, 0, "", "frontmatter-missing", 1, "must start");
        // The closing line: the first that starts with `---`; what follows the dashes is body.
        row("closer-trailing-space", "---\n" + fm + "--- \n" + body, true, 3, body, "fence-irregular", 5, "`--- `");
        row("closer-four-dashes", "---\n" + fm + "----\n" + body, true, 3, "-\n" + body, "fence-irregular", 5,
            "rest of the line starts the body");
        row("closer-suffix", "---\n" + fm + "---x\n" + body, true, 3, "x\n" + body, "fence-irregular", 5, "`---x`");
        row("closer-glued-to-body", "---\n" + fm + "---# Body\n", true, 3, "# Body\n", "fence-irregular", 5, "");
        row("closer-at-end-of-file", "---\n" + fm + "---", true, 3, "", "", 0, "");
        row("indented-dashes-do-not-close", "---\n" + fm + "  ---\n" + body, false, 0, "", "frontmatter-unterminated",
            1, "starting with `---`");
        row("no-closing-line", "---\n" + fm + body, false, 0, "", "frontmatter-unterminated", 1, "never closed");
        row("empty-frontmatter", "---\n---\n" + body, false, 0, "", "name-missing", 1, "");
        // A line starting with `---` inside what the author meant as frontmatter ends it there.
        row("block-scalar-cut-short",
            "---\nname: fence\ndescription: |\n  Says hello.\n---------\n  More.\nversion: 2\n---\n" + body, true, 0,
            "------\n  More.\nversion: 2\n---\n" + body, "frontmatter-cut-short", 5, "(version)");
        row("key-cut-short", "---\nname: fence\ndescription: d\n---key: v\nversion: 2\ninputs:\n---\n" + body, true, 0,
            "key: v\nversion: 2\ninputs:\n---\n" + body, "frontmatter-cut-short", 4, "(version, inputs), up to the `---` on line 7");
        row("dashes-inside-a-quoted-string", "---\nname: fence\ndescription: \"a\n---\nb\"\nversion: 2\n---\n" + body,
            false, 0, "", "yaml-syntax", -1, "");
        row("dashes-inside-one-line", "---\nname: fence\ndescription: a --- b\nversion: 2\n---\n" + body, true, 2, body,
            "", 0, "");
        row("body-keeps-its-rules", "---\n" + fm + "---\n# Body\n\n---\n\nMore.\n", true, 3, "# Body\n\n---\n\nMore.\n",
            "", 0, "");
    }

    void rules()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, registers);
        QFETCH(int, version);
        QFETCH(QByteArray, body);
        QFETCH(QString, code);
        QFETCH(int, line);
        QFETCH(QString, words);
        const ToolMdParse p = parseToolMd(bytes, QStringLiteral("/t/TOOL.md"));
        QStringList all;
        for (const Diagnostic &d : p.diagnostics)
            all << formatDiagnostic(d);
        QVERIFY2(p.manifest.has_value() == registers, qPrintable(all.join(u'\n')));
        if (registers) {
            QCOMPARE(p.manifest->name, QStringLiteral("fence"));
            QCOMPARE(p.manifest->version, version);
            QCOMPARE(p.body, body);
        }
        for (const QString &quirk : kQuirks) // exactly the expected quirk, no other
            QVERIFY2(quirk == code || !find(p.diagnostics, quirk), qPrintable(all.join(u'\n')));
        if (code.isEmpty())
            return;
        const Diagnostic *d = find(p.diagnostics, code);
        QVERIFY2(d, qPrintable(all.join(u'\n')));
        if (line >= 0)
            QCOMPARE(d->line, line);
        QVERIFY2(d->message.contains(words), qPrintable(d->message));
        QCOMPARE(d->severity, kQuirks.contains(code) ? Severity::Warning : Severity::Skip);
    }

    // Lines of YAML diagnostics are file lines, however the fences and line endings lie.
    void yamlLinesAreFileLines_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("line");
        QTest::newRow("lf") << QByteArray("---\nname: a\ndescription: d\nversion: [1\n---\nb\n") << 4;
        QTest::newRow("lone-cr") << QByteArray("---\rname: a\rdescription: d\rversion: [1\r---\rb\r") << 4;
        QTest::newRow("yaml-on-the-opening-line") << QByteArray("--- name: a\ndescription: d\nversion: [1\n---\nb\n") << 3;
    }
    void yamlLinesAreFileLines()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, line);
        const ToolMdParse p = parseToolMd(bytes, QStringLiteral("T"));
        QVERIFY(!p.manifest);
        const Diagnostic *d = find(p.diagnostics, QStringLiteral("yaml-syntax"));
        QVERIFY(d);
        QVERIFY2(d->line == line || d->line == line + 1, qPrintable(formatDiagnostic(*d)));
    }

    // The offsets the editor relies on, for a regular file: YAML from after the opening line to
    // the start of the closing line, body after it.
    void offsets()
    {
        const QByteArray bytes = "---\r\nname: a\r\n---\r\nbody\r\n";
        Diagnostics diagnostics;
        const std::optional<FrontmatterSplit> s = splitFrontmatter(bytes, QStringLiteral("T"), diagnostics);
        QVERIFY(s);
        QVERIFY(diagnostics.isEmpty());
        QCOMPARE(bytes.mid(s->yamlBegin, s->yamlEnd - s->yamlBegin), QByteArray("name: a\r\n"));
        QCOMPARE(bytes.mid(s->bodyBegin), QByteArray("body\r\n"));
        QCOMPARE(s->yamlFirstLine, 2);
        QCOMPARE(s->closingLine, 3);
        QCOMPARE(s->bodyLine, 4);
        QVERIFY(s->crlf);
        QCOMPARE(normalizedLines(QByteArray("a\r\nb\rc\n"), 0, 7), std::string("a\nb\nc\n"));
    }
};

QTEST_GUILESS_MAIN(TestFrontmatterSplit)
#include "tst_frontmattersplit.moc"
