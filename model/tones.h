#pragma once
// Colours that carry meaning (an error, a warning, success, information, a muted note), picked
// for the palette in use, so that they stay legible on light and dark themes alike.

#include <QColor>
#include <QPalette>

namespace tw::model {

enum class Tone { Error, Warning, Success, Info, Muted };

// A palette whose window colour is dark (a dark theme).
bool isDark(const QPalette &palette);
QColor toneColor(Tone tone, const QPalette &palette);
// The same for the application's palette.
QColor toneColor(Tone tone);

} // namespace tw::model
