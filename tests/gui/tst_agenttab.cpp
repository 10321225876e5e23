// What the agent is given, offscreen: the detail pane's Agent tab (the registration as JSON, the
// prompt line, the size and the budget warning) and the Browser's per-user Agent View (the
// toolset largest first, overrides marked, the system prompt's tool list).

#include "agent/agentview.h"
#include "browsing/agentsetdialog.h"
#include "browsing/agenttab.h"
#include "browsing/tooldetailpane.h"
#include "catalog/catalog.h"
#include "catalog/catalogscanner.h"
#include "catalog/overrideresolver.h"
#include "secrets/secretstore.h"
#include "window/browserpane.h"
#include "window/settingsdialog.h"
#include "testpaths.h"

#include <QAction>
#include <QSignalSpy>
#include <QSpinBox>
#include <QApplication>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

using namespace tw;

namespace {

const QString kData = QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"));

engine::ToolRecord effectiveTool(const QString &user, const QString &name)
{
    const engine::Catalog catalog = engine::scanForUser(kData, user);
    const engine::EffectiveSet set = engine::resolveEffective(catalog, user);
    const engine::EffectiveTool *t = set.find(name);
    return t ? t->tool : engine::ToolRecord();
}

} // namespace

class TestAgentTab final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void cleanup()
    {
        engine::setAgentBudgetTokens(engine::kDefaultAgentBudgetTokens);
    }

    void detailPaneShowsTheRegistration()
    {
        ui::ToolDetailPane pane;
        pane.resize(900, 700);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        const engine::ToolRecord weather = effectiveTool(QString(), QStringLiteral("weather"));
        QCOMPARE(weather.manifest.name, QStringLiteral("weather"));
        pane.showTool(weather, {});
        QCOMPARE(pane.tabs()->tabText(ui::ToolDetailPane::AgentRegistrationTab), QStringLiteral("&Agent"));
        pane.tabs()->setCurrentIndex(ui::ToolDetailPane::AgentRegistrationTab);
        ui::AgentTab *tab = pane.agentTab();
        QTRY_VERIFY(tab->isVisible());
        const engine::AgentRegistration r = engine::agentRegistration(weather);
        QCOMPARE(tab->registrationText(), r.json().stringify(2));
        QCOMPARE(tab->promptText(), QStringLiteral("- weather: Looks up the weather for a city."));
        QVERIFY2(tab->summaryText().contains(QString::number(engine::agentSize(r).chars)), qPrintable(tab->summaryText()));
        QVERIFY(tab->warningText().isEmpty());

        // The user's budget (Settings) decides the warning.
        engine::setAgentBudgetTokens(50);
        pane.showTool(weather, {});
        QVERIFY2(tab->warningText().contains(QStringLiteral("agent-budget-exceeded")), qPrintable(tab->warningText()));
        QVERIFY(tab->summaryText().contains(QStringLiteral("budget 50")));

        pane.showNothing(QStringLiteral("nothing"));
        QVERIFY(tab->registrationText().isEmpty());
        QVERIFY(tab->warningText().isEmpty());
    }

    void budgetIsASetting()
    {
        engine::MemorySecretStore secrets;
        ui::SettingsDialog dialog(secrets, QString());
        QCOMPARE(dialog.agentBudgetField()->value(), engine::kDefaultAgentBudgetTokens);
        dialog.agentBudgetField()->setValue(300);
        QSignalSpy saved(&dialog, &ui::SettingsDialog::saved);
        dialog.save();
        QTRY_COMPARE(saved.size(), 1);
        QCOMPARE(engine::agentBudgetTokens(), 300);
    }

    void agentViewListsTheUsersToolsLargestFirst()
    {
        const engine::Catalog catalog = engine::scanForUser(kData, QStringLiteral("alice@example.com"));
        ui::AgentSetDialog dialog(catalog, QStringLiteral("alice@example.com"), 2000);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTreeWidget *tree = dialog.toolTree();
        QCOMPARE(tree->topLevelItemCount(), 3);
        int previous = std::numeric_limits<int>::max();
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const int tokens = tree->topLevelItem(i)->text(ui::AgentSetDialog::TokensColumn).toInt();
            QVERIFY(tokens <= previous);
            previous = tokens;
        }
        QCOMPARE(tree->topLevelItem(0)->text(ui::AgentSetDialog::NameColumn), QStringLiteral("weather"));
        const QList<QTreeWidgetItem *> greet = tree->findItems(QStringLiteral("greet"), Qt::MatchExactly);
        QCOMPARE(greet.size(), 1);
        QCOMPARE(greet.first()->text(ui::AgentSetDialog::NoteColumn), QStringLiteral("overrides the global tool"));
        QCOMPARE(dialog.promptText(), QStringLiteral("Available tools:\n- greet: Greets someone, Alice's way.\n"
                                                     "- weather: Looks up the weather for a city.\n- todo: Keeps a todo list."));
        QVERIFY2(dialog.summaryText().contains(QStringLiteral("about 233 tokens")), qPrintable(dialog.summaryText()));
        QVERIFY2(dialog.summaryText().endsWith(QStringLiteral("per tool: none.")), qPrintable(dialog.summaryText()));
    }

    void browserOpensTheAgentViewForItsUser()
    {
        engine::CatalogScanner scanner;
        QAction rescan;
        ui::BrowserPane browser(&scanner, &rescan, QStringLiteral("bob@example.com"));
        QVERIFY(!browser.agentViewAction()->isEnabled()); // nothing scanned yet
        QVERIFY(!browser.openAgentView());
        browser.setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(kData)));
        QVERIFY(browser.agentViewAction()->isEnabled());
        browser.agentViewAction()->trigger();
        ui::AgentSetDialog *dialog = browser.findChild<ui::AgentSetDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QVERIFY(dialog->windowTitle().contains(QStringLiteral("bob@example.com")));
        QCOMPARE(dialog->toolTree()->topLevelItemCount(), 3); // greet, bob's weather, dup
        dialog->close();
    }

    void agentTabSaysWhatAnOverrideChangesForTheAgent()
    {
        engine::CatalogScanner scanner;
        QAction rescan;
        ui::BrowserPane browser(&scanner, &rescan, QStringLiteral("alice@example.com"));
        browser.resize(1200, 800);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        browser.setCatalog(std::make_shared<const engine::Catalog>(engine::scanDataPath(kData)));
        browser.showCatalog();
        ui::AgentTab *tab = browser.detailPane()->agentTab();

        // Alice's greet: new description, a parameter `shout` added, another body.
        QVERIFY(browser.selectDir(kData + QStringLiteral("/alice@example.com/tools/greet_custom")));
        QCOMPARE(tab->overrideText(),
                 QStringLiteral("Overrides the global tool in %1; for the agent it changes the description; "
                                "parameters added: shout; the body.")
                     .arg(kData + QStringLiteral("/tools/greet")));

        // The global tool itself overrides nothing; nor does a user tool without a global one.
        QVERIFY(browser.selectDir(kData + QStringLiteral("/tools/greet")));
        QVERIFY(tab->overrideText().isEmpty());
        QVERIFY(browser.selectDir(kData + QStringLiteral("/alice@example.com/tools/todo")));
        QVERIFY(tab->overrideText().isEmpty());
    }
};

QTEST_MAIN(TestAgentTab)
#include "tst_agenttab.moc"
