#pragma once
// Icons come from the desktop's theme (QIcon::fromTheme); Toolwright's own SVGs, a small theme
// in the resources, stand in for any the desktop's theme lacks, so no action is ever blank.

#include <QIcon>

namespace tw::ui {

// Registers the bundled fallback theme; safe to call more than once.
void installIconFallbacks();

} // namespace tw::ui
