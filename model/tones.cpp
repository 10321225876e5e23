#include "tones.h"

#include <QGuiApplication>

#include <algorithm>
#include <array>
#include <cmath>

namespace tw::model {
namespace {

// `top` painted over `bottom` (which is taken as opaque).
QColor over(const QColor &top, const QColor &bottom)
{
    if (top.alpha() == 255)
        return top;
    const float a = top.alphaF();
    return QColor::fromRgbF(top.redF() * a + bottom.redF() * (1 - a), top.greenF() * a + bottom.greenF() * (1 - a),
                            top.blueF() * a + bottom.blueF() * (1 - a));
}

QColor mix(const QColor &from, const QColor &to, float t)
{
    return QColor::fromRgbF(from.redF() + (to.redF() - from.redF()) * t, from.greenF() + (to.greenF() - from.greenF()) * t,
                            from.blueF() + (to.blueF() - from.blueF()) * t);
}

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double leastContrast(const QColor &color, const QList<QColor> &backgrounds)
{
    double least = 21;
    for (const QColor &b : backgrounds)
        least = std::min(least, contrastRatio(color, b));
    return least;
}

// The tones' own shades: the darker for a light window, the lighter for a dark one. Each has
// 4.5:1 on white and on the usual dark window and base colours (#1e1e1e to #3c3c3c), so
// legibleOn() rarely needs to move them; tst_tones checks them on several desktops' palettes.
QColor shade(Tone tone, bool dark)
{
    switch (tone) {
    case Tone::Error: return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20);
    case Tone::Warning: return dark ? QColor(0xff, 0xcc, 0x66) : QColor(0x8a, 0x5a, 0x00);
    case Tone::Success: return dark ? QColor(0x7b, 0xd8, 0x8f) : QColor(0x17, 0x72, 0x36);
    case Tone::Info: return dark ? QColor(0x8c, 0xb8, 0xff) : QColor(0x1a, 0x5f, 0xb4);
    case Tone::Muted: return dark ? QColor(0xa8, 0xa8, 0xa8) : QColor(0x63, 0x63, 0x63);
    }
    return {};
}

// How far secondary text moves from the window text towards the window: visibly quieter,
// still well above AA on common palettes (black on #efefef gives #6c6c6c, 4.6:1).
constexpr float kMutedMix = 0.45f;

QColor computeToneColor(Tone tone, const QPalette &palette)
{
    QColor wanted = shade(tone, isDark(palette));
    const QColor window = palette.color(QPalette::Window);
    if (tone == Tone::Muted) {
        // Secondary text is the palette's own text colour, quieter: it keeps a tinted theme's hue.
        const QColor text = over(palette.color(QPalette::WindowText), window);
        if (contrastRatio(text, window) >= kMinimumContrast)
            wanted = mix(text, window, kMutedMix);
    }
    // A toned widget may be a field or a combo box (an unset input in the run form).
    return legibleOn(wanted, {window, palette.color(QPalette::Base), palette.color(QPalette::AlternateBase),
                              palette.color(QPalette::Button)});
}

} // namespace

double contrastRatio(const QColor &a, const QColor &b)
{
    const double x = luminance(over(a, b)), y = luminance(over(b, a));
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

QColor legibleOn(const QColor &color, const QList<QColor> &backgrounds, double minimum)
{
    const QColor solid = backgrounds.isEmpty() ? color : over(color, backgrounds.first());
    if (leastContrast(solid, backgrounds) >= minimum)
        return color;
    // Walk towards each extreme in small steps; the nearest passing colour wins.
    constexpr int kSteps = 64;
    QColor best;
    int bestStep = kSteps + 1;
    double bestExtreme = 0;
    QColor fallback;
    for (const QColor &extreme : {QColor(Qt::black), QColor(Qt::white)}) {
        for (int step = 1; step <= kSteps && step < bestStep; ++step) {
            const QColor c = mix(solid, extreme, float(step) / kSteps);
            if (leastContrast(c, backgrounds) >= minimum) {
                best = c;
                bestStep = step;
                break;
            }
        }
        if (const double reach = leastContrast(extreme, backgrounds); reach > bestExtreme) {
            bestExtreme = reach;
            fallback = extreme;
        }
    }
    return best.isValid() ? best : fallback;
}

QPalette legiblePalette(const QPalette &palette)
{
    QPalette p = palette;
    using R = QPalette::ColorRole;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        const auto fix = [&](R text, std::initializer_list<R> backgroundRoles) {
            QList<QColor> backgrounds;
            for (R b : backgroundRoles)
                backgrounds.append(p.color(group, b));
            const QColor c = p.color(group, text);
            const QColor legible = legibleOn(c, backgrounds);
            if (legible != c)
                p.setColor(group, text, legible);
        };
        fix(R::WindowText, {R::Window});
        fix(R::Text, {R::Base, R::AlternateBase});
        fix(R::ButtonText, {R::Button});
        fix(R::ToolTipText, {R::ToolTipBase});
        fix(R::PlaceholderText, {R::Base, R::AlternateBase});
        fix(R::Link, {R::Base, R::Window});
        fix(R::LinkVisited, {R::Base, R::Window});
        // Selected text sits on the selection: the selection gives way, keeping its hue.
        const QColor selected = p.color(group, R::HighlightedText);
        const QColor selection = p.color(group, R::Highlight);
        if (const QColor legible = legibleOn(selection, {selected}); legible != selection)
            p.setColor(group, R::Highlight, legible);
    }
    return p;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor toneColor(Tone tone, const QPalette &palette)
{
    // Asked for every painted cell of a model: computed once per palette.
    thread_local qint64 cachedKey = -1;
    thread_local std::array<QColor, 5> cached;
    if (palette.cacheKey() != cachedKey) {
        for (int t = 0; t < int(cached.size()); ++t)
            cached[size_t(t)] = computeToneColor(Tone(t), palette);
        cachedKey = palette.cacheKey();
    }
    return cached[size_t(tone)];
}

BannerColors bannerColors(Tone tone, const QPalette &palette)
{
    // A light tint on a light window, a deeper one on a dark window (where a faint tint of a
    // light tone colour would not be seen).
    const QColor window = palette.color(QPalette::Window);
    const QColor tint = toneColor(tone, palette);
    const QColor background = mix(window, tint, isDark(palette) ? 0.22f : 0.12f);
    return {background, legibleOn(tint, {background})};
}

QColor toneColor(Tone tone)
{
    // Headless (the models' tests, no QGuiApplication) there is no palette: the light tones.
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return shade(tone, false);
    return toneColor(tone, QGuiApplication::palette());
}

} // namespace tw::model
