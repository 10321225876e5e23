#include "theme.h"

#include <QApplication>
#include <QEvent>
#include <QWidget>

namespace tw::ui {
namespace {

constexpr const char *kToneProperty = "tw_tone";
constexpr int kNoTone = -1; // setTone(nullopt): the palette's own text colours, kept in step

// Sets the two text roles only (the rest stays inherited): the tone's colour for the current
// palette, or the palette's own text colours for a widget whose tone was taken away.
void applyTone(QWidget *widget)
{
    const int tone = widget->property(kToneProperty).toInt();
    const QPalette base = QApplication::palette(widget);
    QPalette palette;
    if (tone == kNoTone) {
        palette.setColor(QPalette::WindowText, base.color(QPalette::WindowText));
        palette.setColor(QPalette::Text, base.color(QPalette::Text));
    } else {
        const QColor color = model::toneColor(model::Tone(tone), base);
        palette.setColor(QPalette::WindowText, color);
        palette.setColor(QPalette::Text, color);
    }
    widget->setPalette(palette);
}

// Re-colours every toned widget when the application's palette changes (a theme switch).
class PaletteFollower final : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) {
            for (QWidget *w : QApplication::allWidgets()) {
                if (w->property(kToneProperty).isValid())
                    applyTone(w);
            }
        }
        return false;
    }
};

} // namespace

void installThemeSupport()
{
    static const bool installed = [] {
        QStringList paths = QIcon::themeSearchPaths();
        if (!paths.contains(QStringLiteral(":/icons")))
            paths.append(QStringLiteral(":/icons"));
        QIcon::setThemeSearchPaths(paths);
        QIcon::setFallbackThemeName(QStringLiteral("toolwright"));
        // Without a desktop (no theme named), the bundled theme is the theme.
        if (QIcon::themeName().isEmpty())
            QIcon::setThemeName(QStringLiteral("toolwright"));
        qApp->installEventFilter(new PaletteFollower(qApp));
        return true;
    }();
    Q_UNUSED(installed);
}

void setTone(QWidget *widget, std::optional<model::Tone> tone)
{
    widget->setProperty(kToneProperty, tone ? int(*tone) : kNoTone);
    applyTone(widget);
}

} // namespace tw::ui
