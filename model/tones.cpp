#include "tones.h"

#include <QGuiApplication>

namespace tw::model {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

namespace {

QColor toneColor(Tone tone, bool dark)
{
    // Each pair has a contrast of at least 4.5:1 (WCAG AA) on white and on the usual dark
    // window and base colours (#1e1e1e to #3c3c3c); tst_tones checks it.
    switch (tone) {
    case Tone::Error: return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20);
    case Tone::Warning: return dark ? QColor(0xff, 0xcc, 0x66) : QColor(0x8a, 0x5a, 0x00);
    case Tone::Success: return dark ? QColor(0x7b, 0xd8, 0x8f) : QColor(0x17, 0x72, 0x36);
    case Tone::Info: return dark ? QColor(0x8c, 0xb8, 0xff) : QColor(0x1a, 0x5f, 0xb4);
    case Tone::Muted: return dark ? QColor(0xa8, 0xa8, 0xa8) : QColor(0x63, 0x63, 0x63);
    }
    return {};
}

} // namespace

QColor toneColor(Tone tone, const QPalette &palette)
{
    return toneColor(tone, isDark(palette));
}

QColor toneColor(Tone tone)
{
    // Headless (the models' tests, no QGuiApplication) there is no palette: the light tones.
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return toneColor(tone, false);
    return toneColor(tone, QGuiApplication::palette());
}

} // namespace tw::model
