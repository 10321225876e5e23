#include "widgets/elidedlabel.h"

#include <QEvent>
#include <QFontMetrics>

namespace tw::ui {

ElidedLabel::ElidedLabel(QWidget *parent) : ElidedLabel(QString(), parent) {}

ElidedLabel::ElidedLabel(const QString &text, QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFullText(text);
}

void ElidedLabel::setFullText(const QString &text, const QString &toolTip)
{
    m_full = text;
    m_toolTip = toolTip;
    updateGeometry();
    elide();
}

QSize ElidedLabel::minimumSizeHint() const
{
    // Room for a few characters and the ellipsis; the rest is elided.
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    return {std::min(fm.horizontalAdvance(m_full), fm.horizontalAdvance(QStringLiteral("MMMM…"))) + m.left() + m.right(),
            fm.height() + m.top() + m.bottom()};
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    // (+2: the advance is rounded; the elision must not cut a text given exactly its hint)
    return {fm.horizontalAdvance(m_full) + 2 + m.left() + m.right(), fm.height() + m.top() + m.bottom()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        updateGeometry(); // a style sheet's font changes the width the whole text needs
        elide();
    }
}

void ElidedLabel::elide()
{
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, contentsRect().width());
    if (shown != text())
        setText(shown);
    setToolTip(!m_toolTip.isEmpty() ? m_toolTip : shown != m_full ? m_full : QString());
}

} // namespace tw::ui
