#pragma once
// A one-line label of plain text that fits whatever width it is given: a text too long ends in
// "…" and the whole text becomes its tooltip. Its minimum width is a few characters, so a long
// path, source or status never widens the window it sits in (issue 20: 1024×700 without clipping).

#include <QLabel>

namespace tw::ui {

class ElidedLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);
    explicit ElidedLabel(const QString &text, QWidget *parent = nullptr);

    // The text to show (elided to the width); `toolTip` is shown on hover, or the whole text
    // while it is elided when there is none.
    void setFullText(const QString &text, const QString &toolTip = {});
    QString fullText() const { return m_full; }
    bool isElided() const { return text() != m_full; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();

    QString m_full;
    QString m_toolTip;
};

} // namespace tw::ui
