#pragma once
// A QTextBrowser for rendered TOOL.md bodies: follows the palette, loads no remote resource,
// opens only http(s) links, and only in the desktop's browser.

#include <QTextBrowser>

namespace tw::ui {

class MarkdownView final : public QTextBrowser
{
    Q_OBJECT
public:
    explicit MarkdownView(QWidget *parent = nullptr);

    void setMarkdown(const QByteArray &markdown);
    // An HTML fragment made by the program (never a tool's text), styled like a rendered body:
    // for what is not Markdown, such as paths, which must show as they are.
    void setFragment(const QString &html);
    QVariant loadResource(int type, const QUrl &name) override;

protected:
    void changeEvent(QEvent *event) override;

private:
    QString paletteCss() const;
    QString m_fragment; // what is shown, rendered again when the palette changes
};

} // namespace tw::ui
