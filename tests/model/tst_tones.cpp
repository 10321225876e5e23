// Meaningful colours against light and dark palettes: each tone keeps a WCAG AA contrast
// (4.5:1) with the window, base, alternate-row and button colours of the palette it was picked
// for; a palette whose text roles fall short is made legible, changing nothing else.

#include "tones.h"
#include "wcag.h"

#include <QTest>

#include <cmath>

using namespace tw::model;

namespace {

using tw::test::contrast;

QPalette palette(QColor window, QColor base, QColor alternateBase, QColor text)
{
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternateBase);
    p.setColor(QPalette::Button, window);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(role, text);
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
        QTest::addColumn<QColor>("alternateBase");
        QTest::addColumn<QColor>("text");
        QTest::addColumn<bool>("dark");
        QTest::newRow("white") << QColor(Qt::white) << QColor(Qt::white) << QColor(0xf5, 0xf5, 0xf5) << QColor(Qt::black) << false;
        QTest::newRow("fusion light") << QColor(0xef, 0xef, 0xef) << QColor(Qt::white) << QColor(0xf7, 0xf7, 0xf7) << QColor(Qt::black) << false;
        QTest::newRow("adwaita light") << QColor(0xf6, 0xf5, 0xf4) << QColor(Qt::white) << QColor(0xf6, 0xf5, 0xf4) << QColor(0x2e, 0x34, 0x36) << false;
        QTest::newRow("solarized light") << QColor(0xee, 0xe8, 0xd5) << QColor(0xfd, 0xf6, 0xe3) << QColor(0xee, 0xe8, 0xd5) << QColor(0x58, 0x6e, 0x75) << false;
        QTest::newRow("fusion dark") << QColor(0x35, 0x35, 0x35) << QColor(0x2a, 0x2a, 0x2a) << QColor(0x42, 0x42, 0x42) << QColor(0xee, 0xee, 0xee) << true;
        QTest::newRow("breeze dark") << QColor(0x20, 0x23, 0x26) << QColor(0x14, 0x16, 0x18) << QColor(0x1d, 0x1f, 0x22) << QColor(0xfc, 0xfc, 0xfc) << true;
        QTest::newRow("adwaita dark") << QColor(0x24, 0x24, 0x24) << QColor(0x1e, 0x1e, 0x1e) << QColor(0x2a, 0x2a, 0x2a) << QColor(Qt::white) << true;
        QTest::newRow("grey dark") << QColor(0x3c, 0x3c, 0x3c) << QColor(0x3c, 0x3c, 0x3c) << QColor(0x45, 0x45, 0x45) << QColor(0xee, 0xee, 0xee) << true;
        QTest::newRow("dark, grey text") << QColor(0x30, 0x30, 0x30) << QColor(0x25, 0x25, 0x25) << QColor(0x30, 0x30, 0x30) << QColor(0x70, 0x70, 0x70) << true;
    }

    void legible()
    {
        QFETCH(QColor, window);
        QFETCH(QColor, base);
        QFETCH(QColor, alternateBase);
        QFETCH(QColor, text);
        QFETCH(bool, dark);
        const QPalette p = palette(window, base, alternateBase, text);
        QCOMPARE(isDark(p), dark);
        for (Tone tone : {Tone::Error, Tone::Warning, Tone::Success, Tone::Info, Tone::Muted}) {
            const QColor c = toneColor(tone, p);
            for (const QColor &background : {window, base, alternateBase}) {
                const double ratio = contrast(c, background);
                QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("tone %1 (%2) on %3: %4:1")
                                                      .arg(int(tone)).arg(c.name(), background.name()).arg(ratio, 0, 'f', 2)));
            }
        }
    }

    // A banner's text is legible on its tinted background, and the tint is seen: it stands out
    // from the window it sits in, in the tone's direction rather than as a grey.
    void bannersAreLegibleAndTinted_data() { legible_data(); }
    void bannersAreLegibleAndTinted()
    {
        QFETCH(QColor, window);
        QFETCH(QColor, base);
        QFETCH(QColor, alternateBase);
        QFETCH(QColor, text);
        const QPalette p = palette(window, base, alternateBase, text);
        for (Tone tone : {Tone::Error, Tone::Warning, Tone::Success, Tone::Info}) {
            const BannerColors b = bannerColors(tone, p);
            const double ratio = contrast(b.text, b.background);
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("banner %1: %2 on %3: %4:1")
                                                  .arg(int(tone)).arg(b.text.name(), b.background.name()).arg(ratio, 0, 'f', 2)));
            const auto distance = [](const QColor &x, const QColor &y) {
                return std::abs(x.red() - y.red()) + std::abs(x.green() - y.green()) + std::abs(x.blue() - y.blue());
            };
            const QColor toneOnWindow = toneColor(tone, p);
            QVERIFY2(distance(b.background, window) >= 12, qPrintable(b.background.name() + u" on " + window.name()));
            QVERIFY2(distance(b.background, toneOnWindow) < distance(window, toneOnWindow), qPrintable(b.background.name()));
        }
        QVERIFY(bannerColors(Tone::Error, p).background != bannerColors(Tone::Success, p).background);
    }

    void tonesDifferBetweenThemes()
    {
        const QPalette light = palette(Qt::white, Qt::white, Qt::white, Qt::black);
        const QPalette dark = palette(QColor(0x30, 0x30, 0x30), QColor(0x25, 0x25, 0x25), QColor(0x30, 0x30, 0x30), Qt::white);
        QVERIFY(toneColor(Tone::Error, light) != toneColor(Tone::Error, dark));
    }

    // Secondary text is the palette's text colour made quieter: between the text and the
    // window colour, not the text itself.
    void mutedIsQuieterText()
    {
        const QPalette p = palette(QColor(0xef, 0xef, 0xef), Qt::white, QColor(0xf7, 0xf7, 0xf7), Qt::black);
        const QColor muted = toneColor(Tone::Muted, p);
        QVERIFY(muted != QColor(Qt::black));
        QVERIFY(contrast(muted, p.color(QPalette::Window)) < contrast(Qt::black, p.color(QPalette::Window)));
        QVERIFY(contrast(muted, p.color(QPalette::Window)) >= 4.5);
    }

    void contrastRatioIsWcag()
    {
        QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
        QCOMPARE(contrastRatio(Qt::white, Qt::white), 1.0);
        QVERIFY(qAbs(contrastRatio(QColor(0xbe, 0xbe, 0xbe), QColor(0xef, 0xef, 0xef)) - contrast(QColor(0xbe, 0xbe, 0xbe), QColor(0xef, 0xef, 0xef))) < 1e-9);
        // A translucent colour counts as painted over the other: half black on white is #808080.
        QVERIFY(qAbs(contrastRatio(QColor(0, 0, 0, 128), Qt::white) - contrast(QColor(0x7f, 0x7f, 0x7f), Qt::white)) < 0.05);
    }

    void legibleOnMovesOnlyWhatFallsShort()
    {
        const QColor fine(0x33, 0x33, 0x33);
        QCOMPARE(legibleOn(fine, {Qt::white}), fine);
        // Fusion's disabled text on its window: 1.6:1, made darker until it reaches 4.5:1, and
        // no further than needed (one step back is still short).
        const QColor grey(0xbe, 0xbe, 0xbe), window(0xef, 0xef, 0xef);
        const QColor fixed = legibleOn(grey, {window});
        QVERIFY(contrast(fixed, window) >= 4.5);
        QVERIFY(contrast(fixed, window) < 5.0);
        QVERIFY(fixed.lightness() < grey.lightness());
        // On a dark background it goes lighter.
        const QColor dim = legibleOn(QColor(0x60, 0x60, 0x60), {QColor(0x2a, 0x2a, 0x2a)});
        QVERIFY(dim.lightness() > 0x60);
        QVERIFY(contrast(dim, QColor(0x2a, 0x2a, 0x2a)) >= 4.5);
    }

    void legiblePaletteChangesOnlyFailingRoles()
    {
        QPalette p = palette(QColor(0xef, 0xef, 0xef), Qt::white, QColor(0xf7, 0xf7, 0xf7), Qt::black);
        p.setColor(QPalette::PlaceholderText, QColor(0, 0, 0, 128)); // Qt's default: 4.0:1 on white
        p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc));
        p.setColor(QPalette::ToolTipText, Qt::black);
        p.setColor(QPalette::Link, QColor(0, 0, 0xff));
        p.setColor(QPalette::LinkVisited, QColor(0xff, 0, 0xff));
        p.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6)); // Fusion's: 3.7:1 under white
        p.setColor(QPalette::HighlightedText, Qt::white);
        const QPalette fixed = legiblePalette(p);
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
            QCOMPARE(fixed.color(group, QPalette::WindowText), p.color(group, QPalette::WindowText));
            QCOMPARE(fixed.color(group, QPalette::Text), p.color(group, QPalette::Text));
            QCOMPARE(fixed.color(group, QPalette::Link), p.color(group, QPalette::Link));
            QCOMPARE(fixed.color(group, QPalette::Window), p.color(group, QPalette::Window));
            QVERIFY(contrast(fixed.color(group, QPalette::PlaceholderText), Qt::white) >= 4.5);
            // The selection deepens, white text stays, the hue stays blue.
            QCOMPARE(fixed.color(group, QPalette::HighlightedText), QColor(Qt::white));
            const QColor selection = fixed.color(group, QPalette::Highlight);
            QVERIFY(contrast(selection, Qt::white) >= 4.5);
            QVERIFY(qAbs(selection.hslHue() - QColor(0x30, 0x8c, 0xc6).hslHue()) <= 3);
        }
        // Disabled text is exempt (an inactive control): left as it was.
        QCOMPARE(fixed.color(QPalette::Disabled, QPalette::Text), p.color(QPalette::Disabled, QPalette::Text));
        // A legible palette comes back unchanged.
        QCOMPARE(legiblePalette(fixed), fixed);
    }
};

QTEST_GUILESS_MAIN(TestTones)
#include "tst_tones.moc"
