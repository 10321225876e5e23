// The user interface in German, end to end: the .ts compiled by the build into :/i18n, loaded
// for a German locale, and the main window's menus, views and models speaking it.

#include "fixture.h"
#include "guitestmain.h"
#include "secrets/secretstore.h"
#include "toolcatalogmodel.h"
#include "window/localization.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;

namespace {

QStringList menuTitles(QMainWindow *window)
{
    QStringList titles;
    for (QAction *a : window->menuBar()->actions())
        titles.append(a->text());
    return titles;
}

std::unique_ptr<ui::MainWindow> openWindow(const QString &data)
{
    auto window = std::make_unique<ui::MainWindow>(data, QStringLiteral("alice@example.com"), nullptr,
                                                   std::make_unique<engine::MemorySecretStore>());
    QSignalSpy shown(window.get(), &ui::MainWindow::catalogShown);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !QTest::qWaitFor([&] { return !shown.isEmpty(); }, 10000))
        return nullptr;
    return window;
}

} // namespace

class TestLocalization final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;

private Q_SLOTS:
    void initTestCase()
    {
        m_data = m_tmp.path() + QStringLiteral("/data");
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), m_data));
    }

    void german()
    {
        QVERIFY(ui::installTranslations(QLocale(QLocale::German, QLocale::Germany)));
        auto window = openWindow(m_data);
        QVERIFY(window);
        const QStringList menus = menuTitles(window.get());
        QVERIFY2(menus.contains(QStringLiteral("&Datei")), qPrintable(menus.join(u',')));
        QVERIFY(menus.contains(QStringLiteral("&Hilfe")));
        QVERIFY(menus.contains(QStringLiteral("&Ansicht")));
        QVERIFY(!menus.contains(QStringLiteral("&File")));
        // A model's text, with a plural form: "Global tools (2 tools)" → "Globale Tools (2 Tools)".
        const QString group = window->catalogModel()->index(0, 0).data().toString();
        QVERIFY2(group.contains(QStringLiteral("Tools)")) && group.startsWith(QStringLiteral("Glob")), qPrintable(group));
    }

    void englishHasNoTranslationAndStaysEnglish()
    {
        QVERIFY(!ui::installTranslations(QLocale(QLocale::English, QLocale::UnitedStates)));
        auto window = openWindow(m_data);
        QVERIFY(window);
        QVERIFY(menuTitles(window.get()).contains(QStringLiteral("&File")));
    }

    // Issue 20.17: counts are words in English too — "1 warning", not "1 warnings".
    void englishCountsHaveTheirSingular()
    {
        ui::installTranslations(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(QCoreApplication::translate("tw::model", "%n warnings", nullptr, 1), QStringLiteral("1 warning"));
        QCOMPARE(QCoreApplication::translate("tw::model", "%n warnings", nullptr, 3), QStringLiteral("3 warnings"));
        // Under German the German file wins over the English forms.
        QVERIFY(ui::installTranslations(QLocale(QLocale::German, QLocale::Germany)));
        QVERIFY(QCoreApplication::translate("tw::model", "%n warnings", nullptr, 1) != QStringLiteral("1 warning"));
        ui::installTranslations(QLocale(QLocale::English, QLocale::UnitedStates));
    }
};

TW_GUI_TEST_MAIN(TestLocalization, "tst_localization")

#include "tst_localization.moc"
