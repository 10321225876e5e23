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
    QVariant loadResource(int type, const QUrl &name) override;

protected:
    void changeEvent(QEvent *event) override;

private:
    QString paletteCss() const;
    QByteArray m_markdown;
};

} // namespace tw::ui
