#pragma once
// Colours that carry meaning (an error, a warning, success, information, a muted note), picked
// for the palette in use, and the rule that keeps every text legible: a WCAG AA contrast
// (4.5:1) with the background it is drawn on, on light and dark themes alike.

#include <QColor>
#include <QList>
#include <QPalette>

namespace tw::model {

enum class Tone {
    Error,
    Warning,
    Success,
    Info,
    Muted, // secondary text: help under a form field, a note, "not set"
};

// WCAG 2 AA for normal-size text.
inline constexpr double kMinimumContrast = 4.5;

// The WCAG 2 contrast ratio of two colours (1 to 21); a translucent one is taken as painted
// over the other.
double contrastRatio(const QColor &a, const QColor &b);

// `color` when it has `minimum` contrast with every background; else the first colour on the
// way from it to black or to white (whichever side reaches further) that has.
QColor legibleOn(const QColor &color, const QList<QColor> &backgrounds, double minimum = kMinimumContrast);

// The palette with every text role of the active and inactive groups legible on the
// background it is drawn on: window text on the window, text and placeholders on the base
// (and alternate rows), button text, tool tips, links, and selected text on the selection.
// Only roles that fall short change: a text colour moves towards black or white; the
// selection, which the selected text sits on, is deepened or lightened instead, so selected
// rows keep the desktop's accent hue. Disabled controls are exempt (WCAG 1.4.3).
QPalette legiblePalette(const QPalette &palette);

// A palette whose window colour is dark (a dark theme).
bool isDark(const QPalette &palette);
// The tone's colour on `palette`: legible on its window, base, alternate-row and button colours.
QColor toneColor(Tone tone, const QPalette &palette);
// The same for the application's palette.
QColor toneColor(Tone tone);

// A banner in a tone (a run's outcome, a notice above a form): the tone's colour faint over the
// palette's window as its background, and a text colour legible on that background.
struct BannerColors {
    QColor background;
    QColor text;
};
BannerColors bannerColors(Tone tone, const QPalette &palette);

} // namespace tw::model
