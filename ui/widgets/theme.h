#pragma once
// Following the desktop's theme. Icons come from it (QIcon::fromTheme); Toolwright's own SVGs,
// a small theme in the resources, stand in for any it lacks, so no action is ever blank.
// Widgets that carry meaning in colour (an error message, a run's status, help text under a
// field) are given a tone, re-coloured whenever the application's palette changes between light
// and dark. Whatever palette the desktop gives, every text role is made legible on its
// background (model::legiblePalette), at start and after each palette change.

#include "tones.h"

#include <QIcon>
#include <QPalette>

#include <optional>

class QWidget;

namespace tw::ui {

// Registers the bundled fallback icon theme and the palette follower, and makes the
// application's palette legible; safe to call again.
void installThemeSupport();

// A colour scheme chosen on the command line, for desktops whose Qt platform theme cannot
// switch (Qt 6.4 has no API for it): the Fusion style with its light or a dark palette.
enum class ColorScheme { Light, Dark };
QPalette schemePalette(ColorScheme scheme);
void applyColorScheme(ColorScheme scheme);

// Colours `widget`'s text in `tone` for the current palette, and again after each palette
// change; nullopt returns it to the palette's own text colour. Secondary text (help under a
// form field, a note) is Tone::Muted: never a disabled label, whose colour is not meant to be
// read (Fusion's is 1.6:1 on its window) and which screen readers announce as unavailable.
void setTone(QWidget *widget, std::optional<model::Tone> tone);

// Makes `widget` a banner in `tone` (model::bannerColors: a tinted background, legible text),
// painted from its palette and re-coloured after each palette change; nullopt makes it plain
// again. For labels (a margin is added) and text views (their base is tinted).
void setBanner(QWidget *widget, std::optional<model::Tone> tone);

} // namespace tw::ui
