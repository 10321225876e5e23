#include "widgets/theme.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QStyle>
#include <QStyleFactory>
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

constexpr const char *kBannerProperty = "tw_banner";

void applyBanner(QWidget *widget)
{
    const int tone = widget->property(kBannerProperty).toInt();
    if (tone == kNoTone) {
        widget->setAutoFillBackground(false);
        widget->setPalette(QPalette());
        return;
    }
    const model::BannerColors colors = model::bannerColors(model::Tone(tone), QApplication::palette(widget));
    QPalette palette;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        palette.setColor(group, QPalette::Window, colors.background);
        palette.setColor(group, QPalette::Base, colors.background);
        palette.setColor(group, QPalette::WindowText, colors.text);
        palette.setColor(group, QPalette::Text, colors.text);
    }
    widget->setAutoFillBackground(true);
    widget->setPalette(palette);
}

// Makes the application's palette legible (only the roles that fall short change).
void makePaletteLegible()
{
    static bool busy = false; // setPalette below sends the change that calls this again
    if (busy)
        return;
    const QPalette current = QApplication::palette();
    const QPalette legible = model::legiblePalette(current);
    if (legible == current)
        return;
    busy = true;
    QApplication::setPalette(legible);
    busy = false;
}

// When the application's palette changes (a theme switch), makes it legible and re-colours
// every toned widget.
class PaletteFollower final : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) {
            makePaletteLegible();
            for (QWidget *w : QApplication::allWidgets()) {
                if (w->property(kToneProperty).isValid())
                    applyTone(w);
                if (w->property(kBannerProperty).isValid())
                    applyBanner(w);
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
    makePaletteLegible();
}

QPalette schemePalette(ColorScheme scheme)
{
    QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    QPalette p = fusion ? fusion->standardPalette() : QApplication::palette();
    delete fusion;
    if (scheme == ColorScheme::Light)
        return p;
    // Fusion's light palette turned dark: greys around #353535, light text, a blue accent.
    const QColor window(0x35, 0x35, 0x35), base(0x2a, 0x2a, 0x2a), text(0xee, 0xee, 0xee);
    const QColor disabledText(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x32, 0x32, 0x32));
    p.setColor(QPalette::ToolTipBase, QColor(0x42, 0x42, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::Mid, QColor(0x28, 0x28, 0x28));
    p.setColor(QPalette::Dark, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Shadow, QColor(0x14, 0x14, 0x14));
    p.setColor(QPalette::Link, QColor(0x8c, 0xb8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xc3, 0xa6, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x6f, 0xb8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Disabled, QPalette::Base, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

void applyColorScheme(ColorScheme scheme)
{
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(schemePalette(scheme));
}

void setTone(QWidget *widget, std::optional<model::Tone> tone)
{
    widget->setProperty(kToneProperty, tone ? int(*tone) : kNoTone);
    applyTone(widget);
}

void setBanner(QWidget *widget, std::optional<model::Tone> tone)
{
    widget->setProperty(kBannerProperty, tone ? int(*tone) : kNoTone);
    if (auto *label = qobject_cast<QLabel *>(widget))
        label->setMargin(tone ? 4 : 0);
    applyBanner(widget);
}

} // namespace tw::ui
