#pragma once
// WCAG 2.x relative luminance and contrast ratio, written out for the tests rather than taken
// from the code under test (model::contrastRatio), so the tone and theme tests check it.

#include <QColor>

#include <algorithm>
#include <cmath>

namespace tw::test {

inline double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

inline double contrast(const QColor &a, const QColor &b)
{
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

} // namespace tw::test
