// Following the desktop theme: fallback icons with no theme installed, toned labels and the
// rendered Markdown re-coloured when the palette turns dark, and back. Every text is legible:
// on each palette tst_tones covers, every text role, every tone and every text the main window
// shows (labels and their rich text, help text under form fields, fields and placeholders,
// item views' cells) has a WCAG AA contrast (4.5:1) with the background it is drawn on.

#include "browsing/markdownview.h"
#include "fixture.h"
#include "secrets/secretstore.h"
#include "wcag.h"
#include "widgets/theme.h"
#include "window/mainwindow.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMetaEnum>
#include <QPlainTextEdit>
#include <QSet>
#include <QSignalSpy>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextEdit>
#include <QTreeView>

#include <cmath>

using namespace tw;

namespace {

using tw::test::contrast;

// `top` painted over the opaque `bottom` (a translucent tint or placeholder colour).
QColor over(const QColor &top, const QColor &bottom)
{
    const double a = top.alphaF();
    return QColor::fromRgbF(float(top.redF() * a + bottom.redF() * (1 - a)), float(top.greenF() * a + bottom.greenF() * (1 - a)),
                            float(top.blueF() * a + bottom.blueF() * (1 - a)));
}

// A desktop palette from its main colours; the rest (bevels, disabled text) follows them.
QPalette desktopPalette(QColor window, QColor base, QColor alternateBase, QColor text, QColor button, QColor highlight,
                        QColor highlightedText, QColor link)
{
    QPalette p(text, button, button.lighter(150), button.darker(200), button.darker(150), text, Qt::white, base, window);
    p.setColor(QPalette::AlternateBase, alternateBase);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, highlightedText);
    p.setColor(QPalette::Link, link);
    p.setColor(QPalette::LinkVisited, link);
    const QColor disabled = over(QColor(text.red(), text.green(), text.blue(), 110), window);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

QPalette darkPalette()
{
    return desktopPalette(QColor(0x35, 0x35, 0x35), QColor(0x2a, 0x2a, 0x2a), QColor(0x42, 0x42, 0x42), QColor(0xee, 0xee, 0xee),
                          QColor(0x35, 0x35, 0x35), QColor(0x2a, 0x82, 0xda), Qt::white, QColor(0x8c, 0xb8, 0xff));
}

// The palettes of tst_tones (window and base colours) with their desktops' text colours.
void addPalettes()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("fusion light") << QApplication::style()->standardPalette();
    QTest::newRow("white") << desktopPalette(Qt::white, Qt::white, QColor(0xf5, 0xf5, 0xf5), Qt::black, QColor(0xef, 0xef, 0xef),
                                             QColor(0x30, 0x8c, 0xc6), Qt::white, QColor(0x00, 0x00, 0xff));
    QTest::newRow("adwaita light") << desktopPalette(QColor(0xf6, 0xf5, 0xf4), Qt::white, QColor(0xf6, 0xf5, 0xf4),
                                                     QColor(0x2e, 0x34, 0x36), QColor(0xed, 0xeb, 0xe9), QColor(0x35, 0x84, 0xe4),
                                                     Qt::white, QColor(0x1b, 0x6a, 0xcb));
    QTest::newRow("fusion dark") << darkPalette();
    QTest::newRow("breeze dark") << desktopPalette(QColor(0x20, 0x23, 0x26), QColor(0x14, 0x16, 0x18), QColor(0x1d, 0x1f, 0x22),
                                                   QColor(0xfc, 0xfc, 0xfc), QColor(0x29, 0x2c, 0x30), QColor(0x3d, 0xae, 0xe9),
                                                   QColor(0xfc, 0xfc, 0xfc), QColor(0x1d, 0x99, 0xf3));
    QTest::newRow("adwaita dark") << desktopPalette(QColor(0x24, 0x24, 0x24), QColor(0x1e, 0x1e, 0x1e), QColor(0x2a, 0x2a, 0x2a),
                                                    Qt::white, QColor(0x30, 0x30, 0x30), QColor(0x35, 0x84, 0xe4), Qt::white,
                                                    QColor(0x78, 0xae, 0xed));
    QTest::newRow("toolwright dark") << ui::schemePalette(ui::ColorScheme::Dark);
    QTest::newRow("grey dark") << desktopPalette(QColor(0x3c, 0x3c, 0x3c), QColor(0x3c, 0x3c, 0x3c), QColor(0x45, 0x45, 0x45),
                                                 QColor(0xee, 0xee, 0xee), QColor(0x4a, 0x4a, 0x4a), QColor(0x2a, 0x82, 0xda),
                                                 Qt::white, QColor(0x8c, 0xb8, 0xff));
}

// Collects every text below AA contrast as "what: text (fg on bg, ratio)".
class LegibilityCheck
{
public:
    void check(const QString &what, const QString &text, const QColor &fg, const QColor &bg)
    {
        if (text.trimmed().isEmpty())
            return;
        const QColor solidBg = bg.alpha() == 255 ? bg : over(bg, Qt::white);
        const QColor solidFg = over(fg, solidBg);
        const double ratio = contrast(solidFg, solidBg);
        ++m_checked;
        m_texts.insert(text);
        if (ratio < 4.5)
            m_failures.append(QStringLiteral("%1: \"%2\" (%3 on %4, %5:1)")
                                  .arg(what, text.left(60), solidFg.name(), solidBg.name())
                                  .arg(ratio, 0, 'f', 2));
    }
    int checked() const { return m_checked; }
    bool saw(const QString &text) const { return m_texts.contains(text); }
    QStringList failures() const
    {
        QStringList f = m_failures;
        f.removeDuplicates();
        return f;
    }

    // A document's text, fragment by fragment: its own colours where it sets them.
    void checkDocument(const QString &what, const QTextDocument *doc, const QColor &fg, const QColor &bg)
    {
        for (QTextBlock b = doc->begin(); b != doc->end(); b = b.next()) {
            const QColor blockBg = b.blockFormat().hasProperty(QTextFormat::BackgroundBrush)
                ? over(b.blockFormat().background().color(), bg) : bg;
            for (auto it = b.begin(); !it.atEnd(); ++it) {
                const QTextFragment f = it.fragment();
                const QTextCharFormat cf = f.charFormat();
                const QColor fragmentBg = cf.hasProperty(QTextFormat::BackgroundBrush) ? over(cf.background().color(), blockBg) : blockBg;
                const QColor fragmentFg = cf.hasProperty(QTextFormat::ForegroundBrush) ? cf.foreground().color() : fg;
                check(what, f.text(), fragmentFg, fragmentBg);
            }
        }
    }

private:
    int m_checked = 0;
    QSet<QString> m_texts;
    QStringList m_failures;
};

QString roleName(QPalette::ColorRole role)
{
    return QString::fromLatin1(QMetaEnum::fromType<QPalette::ColorRole>().valueToKey(role));
}

QString groupName(QPalette::ColorGroup group)
{
    return QString::fromLatin1(QMetaEnum::fromType<QPalette::ColorGroup>().valueToKey(group));
}

QString describe(const QWidget *w)
{
    QString name = QString::fromLatin1(w->metaObject()->className());
    for (const QWidget *p = w; p; p = p->parentWidget()) {
        if (!p->objectName().isEmpty() && !p->objectName().startsWith(u"qt_"))
            return name + u' ' + p->objectName();
    }
    return name;
}

// The colour a widget's text is drawn on: its own background when it paints one (a filled
// background, a style sheet's, a scroll area's viewport), else its parent's, up to the window.
QColor backgroundOf(const QWidget *w)
{
    for (const QWidget *p = w; p; p = p->parentWidget()) {
        const bool sheet = p->styleSheet().contains(QStringLiteral("background"));
        if (p->autoFillBackground() || p->isWindow() || sheet)
            return p->palette().color(p->isEnabled() ? QPalette::Active : QPalette::Disabled, p->backgroundRole());
    }
    return QApplication::palette().color(QPalette::Window);
}

void checkItemView(LegibilityCheck &check, QAbstractItemView *view)
{
    const QAbstractItemModel *model = view->model();
    if (!model)
        return;
    const QPalette p = view->palette();
    const auto *tree = qobject_cast<QTreeView *>(view);
    int visualRow = 0;
    std::function<void(const QModelIndex &)> rows = [&](const QModelIndex &parent) {
        for (int r = 0; r < model->rowCount(parent) && visualRow < 300; ++r, ++visualRow) {
            const bool alternate = view->alternatingRowColors() && visualRow % 2 == 1;
            for (int c = 0; c < model->columnCount(parent); ++c) {
                const QModelIndex index = model->index(r, c, parent);
                const QString text = index.data(Qt::DisplayRole).toString();
                if (text.isEmpty() || !(model->flags(index) & Qt::ItemIsEnabled))
                    continue;
                const bool selected = view->selectionModel() && view->selectionModel()->isSelected(index);
                QColor bg = p.color(selected ? QPalette::Highlight : alternate ? QPalette::AlternateBase : QPalette::Base);
                const QVariant tint = index.data(Qt::BackgroundRole);
                if (!selected && tint.isValid())
                    bg = over(tint.value<QBrush>().color(), bg);
                const QVariant fgData = index.data(Qt::ForegroundRole);
                const QColor fg = selected ? p.color(QPalette::HighlightedText)
                    : fgData.isValid() ? fgData.value<QBrush>().color() : p.color(QPalette::Text);
                check.check(describe(view), text, fg, bg);
            }
            const QModelIndex first = model->index(r, 0, parent);
            if (tree && tree->isExpanded(first))
                rows(first);
        }
    };
    rows(view->rootIndex());
}

// Every text shown under `root`, as the widgets draw it.
void checkShownTexts(LegibilityCheck &check, QWidget *root)
{
    const QList<QWidget *> widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!w->isVisible() || w->window()->windowType() == Qt::Popup)
            continue;
        // A disabled control is exempt (WCAG 1.4.3 "inactive user interface component"); a
        // disabled label is not a control, so it is checked in the colour it is drawn in.
        const QPalette::ColorGroup group = w->isEnabled() ? QPalette::Active : QPalette::Disabled;
        const QPalette p = w->palette();
        if (auto *label = qobject_cast<QLabel *>(w)) {
            QTextDocument doc;
            if (Qt::mightBeRichText(label->text()) || label->textFormat() == Qt::RichText)
                doc.setHtml(label->text());
            else
                doc.setPlainText(label->text());
            check.checkDocument(describe(w), &doc, p.color(group, label->foregroundRole()), backgroundOf(w));
        } else if (auto *line = qobject_cast<QLineEdit *>(w); line && line->isEnabled()) {
            const QColor base = p.color(QPalette::Active, QPalette::Base);
            if (!line->text().isEmpty())
                check.check(describe(w), line->text(), p.color(QPalette::Active, QPalette::Text), base);
            else
                check.check(describe(w) + QStringLiteral(" placeholder"), line->placeholderText(),
                            p.color(QPalette::Active, QPalette::PlaceholderText), base);
        } else if (auto *combo = qobject_cast<QComboBox *>(w); combo && combo->isEnabled() && !combo->isEditable()) {
            check.check(describe(w), combo->currentText(), p.color(QPalette::Active, QPalette::Text), p.color(QPalette::Active, QPalette::Button));
        } else if (auto *view = qobject_cast<QAbstractItemView *>(w); view && view->isEnabled()) {
            checkItemView(check, view);
        } else if (auto *edit = qobject_cast<QTextEdit *>(w); edit && edit->isEnabled()) {
            check.checkDocument(describe(w), edit->document(), p.color(QPalette::Active, QPalette::Text), p.color(QPalette::Active, QPalette::Base));
        } else if (auto *plain = qobject_cast<QPlainTextEdit *>(w); plain && plain->isEnabled()) {
            check.checkDocument(describe(w), plain->document(), p.color(QPalette::Active, QPalette::Text), p.color(QPalette::Active, QPalette::Base));
        }
    }
}

} // namespace

class TestTheme final : public QObject
{
    Q_OBJECT
    QPalette m_light;
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        ui::installThemeSupport();
        m_light = QApplication::palette();
        QVERIFY(!model::isDark(m_light));
    }

    void cleanup() { QApplication::setPalette(m_light); }

    // Every text role against the background it is drawn on, in the active and inactive
    // (another window has focus) groups, as the application has the palette.
    void textRolesAreLegible_data() { addPalettes(); }
    void textRolesAreLegible()
    {
        QFETCH(QPalette, palette);
        QApplication::setPalette(palette);
        QTest::qWait(0);
        const QPalette p = QApplication::palette();
        LegibilityCheck check;
        using R = QPalette::ColorRole;
        const QList<std::pair<R, QList<R>>> pairs = {
            {R::WindowText, {R::Window}},
            {R::Text, {R::Base, R::AlternateBase}},
            {R::ButtonText, {R::Button}},
            {R::ToolTipText, {R::ToolTipBase}},
            {R::PlaceholderText, {R::Base}},
            {R::Link, {R::Base, R::Window}},
            {R::LinkVisited, {R::Base, R::Window}},
            {R::HighlightedText, {R::Highlight}},
        };
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
            for (const auto &[fg, backgrounds] : pairs) {
                for (R bg : backgrounds)
                    check.check(QStringLiteral("%1 on %2 (%3)").arg(roleName(fg), roleName(bg), groupName(group)),
                                QStringLiteral("text"), p.color(group, fg), p.color(group, bg));
            }
        }
        // The tones, muted (secondary) text included, on every background text is drawn on.
        for (model::Tone tone : {model::Tone::Error, model::Tone::Warning, model::Tone::Success, model::Tone::Info, model::Tone::Muted}) {
            for (R bg : {R::Window, R::Base, R::AlternateBase, R::Button})
                check.check(QStringLiteral("tone %1 on %2").arg(int(tone)).arg(roleName(bg)), QStringLiteral("text"),
                            model::toneColor(tone), p.color(bg));
        }
        QVERIFY2(check.failures().isEmpty(), qPrintable(check.failures().join(u'\n')));
    }

    // The main window with an editor and the run form of a tool with inputs, help text,
    // defaults and a secret: every text of every view, on every palette.
    void everyShownTextIsLegible_data() { addPalettes(); }
    void everyShownTextIsLegible()
    {
        QFETCH(QPalette, palette);
        const QString data = m_tmp.path() + QStringLiteral("/data");
        if (!QFileInfo::exists(data))
            QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), data));
        ui::MainWindow window(data, QStringLiteral("bob@example.com"), nullptr, std::make_unique<engine::MemorySecretStore>());
        window.resize(1400, 900);
        QSignalSpy shown(&window, &ui::MainWindow::catalogShown);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QVERIFY(window.selectDir(data + QStringLiteral("/bob@example.com/tools/weather")));
        QVERIFY(window.editTool(data + QStringLiteral("/bob@example.com/tools/weather")));
        QVERIFY(window.selectDir(data + QStringLiteral("/bob@example.com/tools/weather")));
        QVERIFY(window.runCurrentTool());
        QVERIFY(window.overridesView());
        QApplication::setPalette(palette);
        test::settleLayouts();

        LegibilityCheck check;
        QTabWidget *tabs = window.viewTabs();
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            test::settleLayouts();
            checkShownTexts(check, &window);
        }
        QVERIFY(check.checked() > 50);
        // The help text under the run form's fields was among them.
        QVERIFY(check.saw(QStringLiteral("City name.")));
        QVERIFY(check.saw(QStringLiteral("Unit system. Default: metric.")));
        for (const QString &failure : check.failures())
            qWarning("%s", qPrintable(failure));
        QVERIFY2(check.failures().isEmpty(), qPrintable(QString::number(check.failures().size()) + QStringLiteral(" texts below 4.5:1:\n")
                                                        + check.failures().join(u'\n')));
    }

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
