#pragma once
// Following the desktop's theme. Icons come from it (QIcon::fromTheme); Toolwright's own SVGs,
// a small theme in the resources, stand in for any it lacks, so no action is ever blank.
// Widgets that carry meaning in colour (an error message, a run's status) are given a tone,
// re-coloured whenever the application's palette changes between light and dark.

#include "tones.h"

#include <QIcon>

#include <optional>

class QWidget;

namespace tw::ui {

// Registers the bundled fallback icon theme and the palette follower; safe to call again.
void installThemeSupport();

// Colours `widget`'s text in `tone` for the current palette, and again after each palette
// change; nullopt returns it to the palette's own text colour.
void setTone(QWidget *widget, std::optional<model::Tone> tone);

} // namespace tw::ui
