// TOOL.md bodies render with GitHub extensions; raw HTML and remote images never come through.

#include "toolmd/markdownrenderer.h"

#include <QTest>

using namespace tw::engine;

class TestMarkdownRenderer final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void githubDialect()
    {
        const QString html = renderMarkdown("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n"
                                            "~~gone~~ and https://example.com/x\n\n```ts\nconst a = 1;\n```\n");
        QVERIFY(html.contains(QStringLiteral("<h1>Title</h1>")));
        QVERIFY(html.contains(QStringLiteral("<table>")));
        QVERIFY(html.contains(QStringLiteral("<td>1</td>")));
        QVERIFY(html.contains(QStringLiteral("task-list")));
        QVERIFY(html.contains(QStringLiteral("<del>gone</del>")));
        QVERIFY(html.contains(QStringLiteral("<a href=\"https://example.com/x\">")));
        QVERIFY(html.contains(QStringLiteral("<pre><code class=\"language-ts\">")));
    }

    void taskItemsAreCheckBoxGlyphs()
    {
        // QTextDocument draws no <input>: a task item shows a ballot box glyph, ticked or not.
        const QString html = renderMarkdown("- [x] done\n- [ ] todo\n- [X] also done\n\nA [ ] bracket in text.\n");
        QVERIFY2(!html.contains(QStringLiteral("<input")), qPrintable(html));
        QCOMPARE(html.count(QStringLiteral("\u2611")), 2); // ☑
        QCOMPARE(html.count(QStringLiteral("\u2610")), 1); // ☐
        QVERIFY(html.contains(QStringLiteral("A [ ] bracket in text.")));
        // The list of tasks has no bullets besides the boxes.
        QVERIFY(html.contains(QStringLiteral("<ul class=\"task-list\">")));
        QVERIFY(markdownStyleSheet().contains(QStringLiteral("ul.task-list")));
        // A plain list keeps its bullets.
        QVERIFY(renderMarkdown("- one\n- two\n").contains(QStringLiteral("<ul>")));
    }

    void rawHtmlIsText()
    {
        const QString html = renderMarkdown("Hello <script>alert(1)</script>\n\n<iframe src=\"http://x\"></iframe>\n\n"
                                            "<img src=\"http://tracker/p.gif\">\n");
        QVERIFY(!html.contains(QStringLiteral("<script")));
        QVERIFY(!html.contains(QStringLiteral("<iframe")));
        QVERIFY(!html.contains(QStringLiteral("<img")));
        QVERIFY(html.contains(QStringLiteral("&lt;script&gt;")));
    }

    void remoteImagesAreBlocked()
    {
        const QString html = renderMarkdown("![logo](https://cdn.example.com/logo.png) ![p](//x/y.png) ![local](img/a.png)\n");
        QVERIFY(!html.contains(QStringLiteral("src=\"https://cdn.example.com/logo.png\"")));
        QVERIFY(!html.contains(QStringLiteral("src=\"//x/y.png\"")));
        QVERIFY(html.contains(QStringLiteral("[image: logo]")));
        QVERIFY(html.contains(QStringLiteral("<img src=\"img/a.png\"")));
    }

    void documentCarriesTheStyleSheet()
    {
        QVERIFY(markdownStyleSheet().contains(QStringLiteral("table")));
        const QString doc = markdownDocument(QStringLiteral("<p>x</p>"), QStringLiteral("body{color:red}"));
        QVERIFY(doc.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY(doc.contains(QStringLiteral("body{color:red}")));
        QVERIFY(doc.contains(QStringLiteral("<p>x</p>")));
    }
};

QTEST_GUILESS_MAIN(TestMarkdownRenderer)
#include "tst_markdownrenderer.moc"
