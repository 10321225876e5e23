// Following the desktop theme: fallback icons with no theme installed, toned labels and the
// rendered Markdown re-coloured when the palette turns dark, and back.

#include "markdownview.h"
#include "theme.h"

#include <QApplication>
#include <QLabel>
#include <QStyle>
#include <QTest>

using namespace tw;

namespace {

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    p.setColor(QPalette::Base, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::AlternateBase, QColor(0x42, 0x42, 0x42));
    p.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    p.setColor(QPalette::Link, QColor(0x8c, 0xb8, 0xff));
    return p;
}

} // namespace

class TestTheme final : public QObject
{
    Q_OBJECT
    QPalette m_light;

private Q_SLOTS:
    void initTestCase()
    {
        ui::installThemeSupport();
        m_light = QApplication::palette();
        QVERIFY(!model::isDark(m_light));
    }

    void cleanup() { QApplication::setPalette(m_light); }

    void fallbackIcons()
    {
        for (const char *name : {"document-open", "document-save", "media-playback-start", "dialog-error",
                                 "toolwright-tool-global", "toolwright-tool-override", "io.github.toolwright.Toolwright"})
            QVERIFY2(!QIcon::fromTheme(QLatin1StringView(name)).isNull(), name);
        QVERIFY(QIcon::fromTheme(QStringLiteral("no-such-icon-anywhere")).isNull());
    }

    void tonedLabelFollowsThePalette()
    {
        QLabel label(QStringLiteral("the run failed"));
        ui::setTone(&label, model::Tone::Error);
        QCOMPARE(label.palette().color(QPalette::WindowText), model::toneColor(model::Tone::Error, m_light));
        QApplication::setPalette(darkPalette());
        QCOMPARE(label.palette().color(QPalette::WindowText), model::toneColor(model::Tone::Error, darkPalette()));
        QVERIFY(label.palette().color(QPalette::WindowText) != model::toneColor(model::Tone::Error, m_light));
        ui::setTone(&label, std::nullopt);
        QCOMPARE(label.palette().color(QPalette::WindowText), darkPalette().color(QPalette::WindowText));
        QApplication::setPalette(m_light);
        QCOMPARE(label.palette().color(QPalette::WindowText), m_light.color(QPalette::WindowText));
    }

    void markdownFollowsThePalette()
    {
        ui::MarkdownView view;
        view.setMarkdown("# Title\n\nSome `code` and [a link](https://example.com).\n");
        const QString lightText = m_light.color(QPalette::Text).name();
        QVERIFY2(view.document()->toHtml().contains(lightText), qPrintable(view.document()->toHtml()));
        QApplication::setPalette(darkPalette());
        QTRY_VERIFY(view.document()->toHtml().contains(QStringLiteral("#eeeeee")));
        QVERIFY(view.document()->toHtml().contains(QStringLiteral("#8cb8ff"))); // links
    }
};

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setStyle(QStringLiteral("Fusion")); // a known light palette to start from
    QApplication::setPalette(QApplication::style()->standardPalette());
    TestTheme test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_theme.moc"
