#include "toolmd/markdownrenderer.h"

#include <QFile>
#include <QRegularExpression>

#include <md4c-html.h>

namespace tw::engine {
namespace {

void appendOutput(const MD_CHAR *text, MD_SIZE size, void *userdata)
{
    static_cast<QByteArray *>(userdata)->append(text, qsizetype(size));
}

// An image source with a scheme (http:, https:, ftp:, file: ...) or a protocol-relative `//`.
bool isRemoteSource(const QString &src)
{
    static const QRegularExpression scheme(QStringLiteral("^(?://|[a-zA-Z][a-zA-Z0-9+.-]*:)"));
    return scheme.match(src).hasMatch() && !src.startsWith(QStringLiteral("data:"));
}

// md4c-html writes a GitHub task item as a disabled <input type="checkbox">, which QTextDocument
// does not draw: it becomes a ballot box glyph, ticked or not, and a list that opens with a task
// item loses its bullets (markdown.css: ul.task-list). Raw HTML in a body is escaped
// (MD_FLAG_NOHTML), so these exact strings can only come from md4c itself.
QString taskItemsAsGlyphs(QString html)
{
    static const QString checked = QStringLiteral("<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled checked>");
    static const QString unchecked = QStringLiteral("<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled>");
    if (!html.contains(unchecked.chopped(1)))
        return html;
    html.replace(checked, QStringLiteral("\u2611 "));   // ☑
    html.replace(unchecked, QStringLiteral("\u2610 ")); // ☐
    html.replace(QStringLiteral("<ul>\n<li class=\"task-list-item\">"), QStringLiteral("<ul class=\"task-list\">\n<li class=\"task-list-item\">"));
    return html;
}

} // namespace

QString renderMarkdown(const QByteArray &markdown)
{
    QByteArray html;
    html.reserve(markdown.size() * 2);
    // MD_FLAG_NOHTML: raw HTML blocks and spans are escaped, so no <script>, <iframe> or <img> from the body.
    const unsigned parserFlags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML;
    md_html(markdown.constData(), MD_SIZE(markdown.size()), appendOutput, &html, parserFlags, 0);
    QString out = taskItemsAsGlyphs(QString::fromUtf8(html));

    // md4c-html writes images as <img src="..." alt="..."> (title optional).
    static const QRegularExpression img(QStringLiteral("<img src=\"([^\"]*)\" alt=\"([^\"]*)\"[^>]*>"));
    QString result;
    result.reserve(out.size());
    qsizetype last = 0;
    auto it = img.globalMatch(out);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (!isRemoteSource(m.captured(1)))
            continue;
        result += QStringView(out).mid(last, m.capturedStart() - last);
        result += QStringLiteral("<span class=\"blocked-image\" title=\"remote image not loaded: ")
            + m.captured(1) + QStringLiteral("\">[image: ") + m.captured(2) + QStringLiteral("]</span>");
        last = m.capturedEnd();
    }
    if (last == 0)
        return out;
    result += QStringView(out).mid(last);
    return result;
}

QString markdownStyleSheet()
{
    static const QString css = [] {
        QFile file(QStringLiteral(":/toolwright/markdown.css"));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }();
    return css;
}

QString markdownDocument(const QString &fragment, const QString &extraCss)
{
    return QStringLiteral("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>") + markdownStyleSheet()
        + extraCss + QStringLiteral("</style></head><body>") + fragment + QStringLiteral("</body></html>");
}

} // namespace tw::engine
