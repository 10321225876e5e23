// Meaningful colours against light and dark palettes: each tone keeps a WCAG AA contrast
// (4.5:1) with the window and base colours of the palette it was picked for.

#include "tones.h"

#include <QTest>

#include <cmath>

using namespace tw::model;

namespace {

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

QPalette palette(QColor window, QColor base)
{
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::Base, base);
    return p;
}

} // namespace

class TestTones final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void legible_data()
    {
        QTest::addColumn<QColor>("window");
        QTest::addColumn<QColor>("base");
        QTest::addColumn<bool>("dark");
        QTest::newRow("white") << QColor(Qt::white) << QColor(Qt::white) << false;
        QTest::newRow("fusion light") << QColor(0xef, 0xef, 0xef) << QColor(Qt::white) << false;
        QTest::newRow("adwaita light") << QColor(0xf6, 0xf5, 0xf4) << QColor(Qt::white) << false;
        QTest::newRow("fusion dark") << QColor(0x35, 0x35, 0x35) << QColor(0x2a, 0x2a, 0x2a) << true;
        QTest::newRow("breeze dark") << QColor(0x20, 0x23, 0x26) << QColor(0x14, 0x16, 0x18) << true;
        QTest::newRow("adwaita dark") << QColor(0x24, 0x24, 0x24) << QColor(0x1e, 0x1e, 0x1e) << true;
        QTest::newRow("grey dark") << QColor(0x3c, 0x3c, 0x3c) << QColor(0x3c, 0x3c, 0x3c) << true;
    }

    void legible()
    {
        QFETCH(QColor, window);
        QFETCH(QColor, base);
        QFETCH(bool, dark);
        const QPalette p = palette(window, base);
        QCOMPARE(isDark(p), dark);
        for (Tone tone : {Tone::Error, Tone::Warning, Tone::Success, Tone::Info, Tone::Muted}) {
            const QColor c = toneColor(tone, p);
            for (const QColor &background : {window, base}) {
                const double ratio = contrast(c, background);
                QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("tone %1 (%2) on %3: %4:1")
                                                      .arg(int(tone)).arg(c.name(), background.name()).arg(ratio, 0, 'f', 2)));
            }
        }
    }

    void tonesDifferBetweenThemes()
    {
        const QPalette light = palette(Qt::white, Qt::white), dark = palette(QColor(0x30, 0x30, 0x30), QColor(0x25, 0x25, 0x25));
        QVERIFY(toneColor(Tone::Error, light) != toneColor(Tone::Error, dark));
    }
};

QTEST_GUILESS_MAIN(TestTones)
#include "tst_tones.moc"
