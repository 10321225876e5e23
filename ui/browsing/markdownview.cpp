#include "browsing/markdownview.h"

#include "toolmd/markdownrenderer.h"

#include <QDesktopServices>
#include <QEvent>

namespace tw::ui {

MarkdownView::MarkdownView(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [](const QUrl &url) {
        if (url.scheme() == u"http" || url.scheme() == u"https")
            QDesktopServices::openUrl(url);
    });
}

void MarkdownView::setMarkdown(const QByteArray &markdown)
{
    setFragment(markdown.isEmpty() ? QString() : engine::renderMarkdown(markdown));
}

void MarkdownView::setFragment(const QString &html)
{
    m_fragment = html;
    setHtml(engine::markdownDocument(html, paletteCss()));
}

QVariant MarkdownView::loadResource(int, const QUrl &)
{
    return {}; // a tool's documentation never makes the program read or fetch anything
}

void MarkdownView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        setFragment(m_fragment);
}

QString MarkdownView::paletteCss() const
{
    const QPalette p = palette();
    return QStringLiteral("body { color: %1; } a { color: %2; } pre, code { background-color: %3; } "
                          "th { background-color: %3; } blockquote { color: %4; }")
        .arg(p.color(QPalette::Text).name(), p.color(QPalette::Link).name(),
             p.color(QPalette::AlternateBase).name(), p.color(QPalette::PlaceholderText).name());
}

} // namespace tw::ui
