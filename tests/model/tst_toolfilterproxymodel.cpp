// Text, scope, "has problems" and "overridden" filters over the catalog tree.

#include "catalog/catalog.h"
#include "fixture.h"
#include "toolcatalogmodel.h"
#include "toolfilterproxymodel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <functional>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;

class TestToolFilterProxyModel final : public QObject
{
    Q_OBJECT
    ToolCatalogModel m_model;

    // Every visible leaf as name@scope-or-user, depth first.
    static QStringList visible(const QAbstractItemModel &m, const QModelIndex &parent = {})
    {
        QStringList out;
        for (int r = 0; r < m.rowCount(parent); ++r) {
            const QModelIndex i = m.index(r, 0, parent);
            const auto kind = NodeKind(i.data(NodeKindRole).toInt());
            if (kind == NodeKind::Tool || kind == NodeKind::Skipped) {
                const QString owner = i.data(UserRole).toString();
                out.append(i.data(NameRole).toString() + u'@' + (owner.isEmpty() ? QStringLiteral("global") : owner));
            }
            out.append(visible(m, i));
        }
        return out;
    }

    // Every row, depth first, as "depth title": what a view of the model shows.
    static QStringList tree(const QAbstractItemModel &m, const QModelIndex &parent = {}, int depth = 0)
    {
        QStringList out;
        for (int r = 0; r < m.rowCount(parent); ++r) {
            const QModelIndex i = m.index(r, 0, parent);
            out.append(QString::number(depth) + u' ' + i.data().toString());
            out.append(tree(m, i, depth + 1));
        }
        return out;
    }

    // The proxy as it followed every change, against one made afresh on the model as it is.
    static void compareWithFresh(const ToolFilterProxyModel &followed, ToolCatalogModel &model,
                                 ToolFilterProxyModel::ScopeFilter scope = ToolFilterProxyModel::ScopeFilter::All,
                                 bool problemsOnly = false, bool overriddenOnly = false)
    {
        ToolFilterProxyModel fresh;
        fresh.setSourceModel(&model);
        fresh.setText(followed.text());
        fresh.setScopeFilter(scope);
        fresh.setProblemsOnly(problemsOnly);
        fresh.setOverriddenOnly(overriddenOnly);
        QCOMPARE(tree(followed), tree(fresh));
    }

    // A location made in memory: tools named from `names` (dir = name), one skipped dir when asked.
    static LocationScan location(const QString &user, const QStringList &names, bool withSkipped, int version)
    {
        LocationScan l;
        l.scope = user.isEmpty() ? Scope::Global : Scope::User;
        l.user = user;
        l.path = user.isEmpty() ? QStringLiteral("/d/tools") : QStringLiteral("/d/") + user + QStringLiteral("/tools");
        l.exists = true;
        for (const QString &n : names) {
            ToolRecord t;
            t.scope = l.scope;
            t.user = user;
            t.dir = l.path + u'/' + n;
            t.dirName = n;
            t.manifest.name = n;
            t.manifest.label = n.toUpper();
            t.manifest.description = QStringLiteral("Does %1 things, version %2.").arg(n).arg(version);
            t.manifest.version = version;
            if (version % 3 == 0)
                t.diagnostics.append({QStringLiteral("body-empty"), Severity::Warning, QStringLiteral("w"), t.dir, 1});
            l.tools.append(t);
        }
        if (withSkipped) {
            SkippedDir s;
            s.dir = l.path + QStringLiteral("/zz_broken");
            s.dirName = QStringLiteral("zz_broken");
            s.reason = QStringLiteral("missing-entry");
            s.diagnostics.append({QStringLiteral("missing-entry"), Severity::Skip, QStringLiteral("no entry"), s.dir, 0});
            l.skipped.append(s);
        }
        return l;
    }

private Q_SLOTS:
    void initTestCase() { m_model.applyCatalog(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")))); }

    // Each filter on its own, from an unfiltered proxy. `expected` lists the visible leaves
    // (name@owner, depth first); rows that only count them leave it empty.
    void filters_data()
    {
        using Scope = ToolFilterProxyModel::ScopeFilter;
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("scope");
        QTest::addColumn<bool>("problemsOnly");
        QTest::addColumn<bool>("overriddenOnly");
        QTest::addColumn<int>("count");
        QTest::addColumn<QStringList>("expected");
        const int all = int(Scope::All);
        QTest::newRow("no filter: 7 tools + 2 skipped") << QString() << all << false << false << 9 << QStringList();
        QTest::newRow("text, any case") << QStringLiteral("WEATHER") << all << false << false << 2
                                        << QStringList{QStringLiteral("weather@global"), QStringLiteral("weather@bob@example.com")};
        QTest::newRow("text matches a label") << QStringLiteral("alice's") << all << false << false << 1
                                              << QStringList{QStringLiteral("greet@alice@example.com")};
        QTest::newRow("every word must match (description)") << QStringLiteral("todo list") << all << false << false << 1
                                                             << QStringList{QStringLiteral("todo@alice@example.com")};
        QTest::newRow("skipped directories are searchable") << QStringLiteral("broken") << all << false << false << 1
                                                            << QStringList{QStringLiteral("broken_yaml@global")};
        QTest::newRow("global scope") << QString() << int(Scope::Global) << false << false << 2
                                      << QStringList{QStringLiteral("greet@global"), QStringLiteral("weather@global")};
        QTest::newRow("user scope") << QString() << int(Scope::User) << false << false << 5 << QStringList();
        QTest::newRow("problems only")
            << QString() << all << true << false << 5
            << QStringList{QStringLiteral("broken_yaml@global"), QStringLiteral("notatool@global"), QStringLiteral("todo@alice@example.com"),
                           QStringLiteral("dup@bob@example.com"), QStringLiteral("dup@bob@example.com")};
        QTest::newRow("overridden only")
            << QString() << all << false << true << 5
            << QStringList{QStringLiteral("greet@global"), QStringLiteral("weather@global"), QStringLiteral("greet@alice@example.com"),
                           QStringLiteral("dup@bob@example.com"), QStringLiteral("weather@bob@example.com")};
    }
    void filters()
    {
        QFETCH(QString, text);
        QFETCH(int, scope);
        QFETCH(bool, problemsOnly);
        QFETCH(bool, overriddenOnly);
        QFETCH(int, count);
        QFETCH(QStringList, expected);
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        QVERIFY(!proxy.isFiltering());
        proxy.setText(text);
        proxy.setScopeFilter(ToolFilterProxyModel::ScopeFilter(scope));
        proxy.setProblemsOnly(problemsOnly);
        proxy.setOverriddenOnly(overriddenOnly);
        const QStringList shown = visible(proxy);
        QCOMPARE(shown.size(), count);
        if (!expected.isEmpty())
            QCOMPARE(shown, expected);
        // Back to no filter: everything again.
        proxy.setText(QString());
        proxy.setScopeFilter(ToolFilterProxyModel::ScopeFilter::All);
        proxy.setProblemsOnly(false);
        proxy.setOverriddenOnly(false);
        QCOMPARE(visible(proxy).size(), 9);
    }

    // Issue 25: a text that keeps every row as it is (a word typed on that every tool shown
    // still contains) is known as such and taken without a refilter; the rows are then those a
    // refilter gives. One that changes any row is not.
    void aTextThatKeepsTheRows_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("keeps");
        QTest::newRow("typed on, same tools") << QStringLiteral("gr") << QStringLiteral("gree") << true;
        QTest::newRow("typed on, a tool lost") << QStringLiteral("e") << QStringLiteral("ea") << false;
        QTest::newRow("erased, same tools") << QStringLiteral("greet") << QStringLiteral("gree") << true;
        QTest::newRow("erased, a tool more") << QStringLiteral("wea") << QStringLiteral("w") << false;
        QTest::newRow("another word, same tools") << QStringLiteral("greet") << QStringLiteral("greet GREE") << true;
        QTest::newRow("a directory not loaded") << QStringLiteral("broken") << QStringLiteral("broken_") << true;
        QTest::newRow("to nothing") << QStringLiteral("gr") << QString() << false;
        QTest::newRow("from nothing") << QString() << QStringLiteral("gr") << false;
    }
    void aTextThatKeepsTheRows()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, keeps);
        ToolFilterProxyModel proxy, fresh;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        fresh.setSourceModel(&m_model);
        proxy.setText(from);
        fresh.setText(to);
        QCOMPARE(proxy.keepsRowsWithText(to), keeps);
        if (!from.isEmpty() && !to.isEmpty())
            QCOMPARE(visible(proxy) == visible(fresh), keeps); // what a refilter does, as the row says
        if (!keeps)
            return;
        proxy.setTextKeepingRows(to);
        QCOMPARE(proxy.text(), to);
        QCOMPARE(visible(proxy), visible(fresh));
        for (int r = 0; r < fresh.rowCount(); ++r) // the group titles' counts too
            QCOMPARE(proxy.index(r, 0).data().toString(), fresh.index(r, 0).data().toString());
    }

    // Issue 25: the proxy is our own (one layout change per filter change); while a filter is on
    // it follows the catalog row by row — locations arriving one by one, tools added, renamed
    // out of the filter, removed, broken into a directory not loaded, users gone and new — and
    // shows at each step what a proxy made afresh shows, group titles included, under
    // QAbstractItemModelTester.
    void followsTheCatalogWhileFiltering()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        const QString global = data + QStringLiteral("/tools"), u1 = data + QStringLiteral("/u1@x/tools"),
                      u2 = data + QStringLiteral("/u2@x/tools");
        using tw::test::makeTool;
        using tw::test::toolMd;
        makeTool(global, QStringLiteral("alpha_one"), toolMd("alpha_one"));
        makeTool(global, QStringLiteral("beta"), toolMd("beta"));
        makeTool(u1, QStringLiteral("alpha_two"), toolMd("alpha_two"));
        makeTool(u1, QStringLiteral("gamma"), toolMd("gamma"));
        makeTool(u2, QStringLiteral("delta"), toolMd("delta"));

        ToolCatalogModel model;
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setText(QStringLiteral("alpha"));

        Catalog catalog = scanDataPath(data);
        for (const LocationScan &l : std::as_const(catalog.users))
            model.applyLocation(l);
        compareWithFresh(proxy, model);
        model.applyLocation(catalog.global);
        compareWithFresh(proxy, model);
        QCOMPARE(visible(proxy), (QStringList{QStringLiteral("alpha_one@global"), QStringLiteral("alpha_two@u1@x")}));

        const auto step = [&](const char *what, const std::function<void()> &change) {
            change();
            model.applyCatalog(scanDataPath(data));
            compareWithFresh(proxy, model);
            if (QTest::currentTestFailed())
                qWarning("after: %s", what);
        };
        step("a user's first match", [&] { makeTool(u2, QStringLiteral("alpha_three"), toolMd("alpha_three")); });
        QCOMPARE(proxy.rowCount(proxy.mapFromSource(model.usersGroupIndex())), 2);
        step("renamed out of the filter", [&] { tw::test::writeFile(u1 + QStringLiteral("/alpha_two/TOOL.md"), toolMd("zeta")); });
        QVERIFY(!proxy.mapFromSource(model.userIndex(QStringLiteral("u1@x"))).isValid()); // no match left
        step("renamed into it", [&] { tw::test::writeFile(u1 + QStringLiteral("/gamma/TOOL.md"), toolMd("alpha_gamma")); });
        step("removed", [&] { QDir(global + QStringLiteral("/alpha_one")).removeRecursively(); });
        QVERIFY(!proxy.mapFromSource(model.globalGroupIndex()).isValid()); // its last match gone
        step("broken: now a directory not loaded", [&] { tw::test::writeFile(u2 + QStringLiteral("/alpha_three/TOOL.md"), "no frontmatter"); });
        step("a user gone", [&] { QDir(data + QStringLiteral("/u2@x")).removeRecursively(); });
        step("a new user", [&] { makeTool(data + QStringLiteral("/u3@x/tools"), QStringLiteral("alpha_new"), toolMd("alpha_new")); });
        step("a global tool added before the others", [&] { makeTool(global, QStringLiteral("aaa_alpha"), toolMd("aaa_alpha")); });
        QCOMPARE(visible(proxy), (QStringList{QStringLiteral("aaa_alpha@global"), QStringLiteral("alpha_gamma@u1@x"),
                                              QStringLiteral("alpha_new@u3@x")}));

        // And without a filter: everything, as the model has it.
        proxy.setText(QString());
        QCOMPARE(tree(proxy), tree(model));
        step("a tool added without a filter", [&] { makeTool(u1, QStringLiteral("omega"), toolMd("omega")); });
        QCOMPARE(tree(proxy), tree(model));
    }

    // The same, at random (a fixed seed): 400 steps of locations applied, users removed, texts
    // typed and erased and the other filters toggled, each checked against a proxy made afresh.
    void followsRandomChangesAndFilters()
    {
        QRandomGenerator random(25);
        const QStringList pool{QStringLiteral("alpha"), QStringLiteral("beta"),  QStringLiteral("gamma"),
                               QStringLiteral("delta"), QStringLiteral("alpine"), QStringLiteral("beta_two")};
        const QStringList texts{QString(),          QStringLiteral("a"),   QStringLiteral("al"),  QStringLiteral("alp"),
                                QStringLiteral("b"), QStringLiteral("eta"), QStringLiteral("a t"), QStringLiteral("ALPHA"),
                                QStringLiteral("broken"), QStringLiteral("2"), QStringLiteral("zz")};
        ToolCatalogModel model;
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        auto scope = ToolFilterProxyModel::ScopeFilter::All;
        bool problems = false, overridden = false;
        QHash<QString, LocationScan> users;
        for (int step = 0; step < 400; ++step) {
            const int what = random.bounded(10);
            if (what < 5) { // a location, new or changed
                const QString user = random.bounded(4) == 0 ? QString() : QStringLiteral("u%1@x").arg(random.bounded(6));
                QStringList names;
                for (const QString &n : pool)
                    if (random.bounded(2))
                        names.append(n);
                const LocationScan l = location(user, names, random.bounded(3) == 0, random.bounded(1, 7));
                if (!user.isEmpty())
                    users.insert(user, l);
                model.applyLocation(l);
            } else if (what == 5 && !users.isEmpty()) { // a user gone
                users.remove(users.keys().at(random.bounded(int(users.size()))));
                Catalog c;
                c.dataPath = QStringLiteral("/d");
                c.global = location(QString(), {}, false, 1);
                c.global.tools.clear();
                for (auto it = users.cbegin(); it != users.cend(); ++it)
                    c.users.append(it.value());
                std::sort(c.users.begin(), c.users.end(), [](const LocationScan &x, const LocationScan &y) { return x.user < y.user; });
                model.applyCatalog(c);
            } else if (what < 9) { // the search text, as the browser sets it
                const QString text = texts.at(random.bounded(int(texts.size())));
                if (proxy.keepsRowsWithText(text))
                    proxy.setTextKeepingRows(text);
                else
                    proxy.setText(text);
            } else { // another filter
                switch (random.bounded(3)) {
                case 0:
                    scope = ToolFilterProxyModel::ScopeFilter(random.bounded(3));
                    proxy.setScopeFilter(scope);
                    break;
                case 1:
                    problems = !problems;
                    proxy.setProblemsOnly(problems);
                    break;
                default:
                    overridden = !overridden;
                    proxy.setOverriddenOnly(overridden);
                }
            }
            compareWithFresh(proxy, model, scope, problems, overridden);
            if (QTest::currentTestFailed()) {
                qWarning("at step %d", step);
                return;
            }
        }
    }

    // A word typed on tests only the tools shown, one erased only those hidden: a sequence of
    // texts as a user types them gives, at each key, what a proxy made afresh gives — through
    // keepsRowsWithText and the pass it keeps, as the browser calls them.
    void typingGivesWhatAFreshFilterGives()
    {
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        const QStringList texts{QStringLiteral("g"),     QStringLiteral("gr"),      QStringLiteral("gre"),
                                QStringLiteral("gr"),    QStringLiteral("g"),       QStringLiteral("e"),
                                QStringLiteral("e w"),   QStringLiteral("e we"),    QStringLiteral("e w"),
                                QStringLiteral("WEATH"), QStringLiteral("weather"), QStringLiteral("broken"),
                                QStringLiteral("bro"),   QStringLiteral("o"),       QString(),
                                QStringLiteral("to"),    QStringLiteral("tod"),     QStringLiteral("xyz"),
                                QStringLiteral("xy"),    QStringLiteral("x"),       QStringLiteral("t")};
        for (const QString &text : texts) {
            if (proxy.keepsRowsWithText(text))
                proxy.setTextKeepingRows(text);
            else
                proxy.setText(text);
            compareWithFresh(proxy, m_model);
            if (QTest::currentTestFailed())
                qWarning("at: %s", qPrintable(text));
        }
    }

    // Groups without a matching tool are hidden while filtering.
    void groupsWithoutAMatchAreHidden()
    {
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        proxy.setOverriddenOnly(true);
        proxy.setText(QStringLiteral("greet"));
        QCOMPARE(proxy.rowCount(), 2);
        const QModelIndex users = proxy.index(1, 0);
        QCOMPARE(proxy.rowCount(users), 1); // only alice
    }

    // A group's title counts its tools; while filtering, how many of them are shown.
    void groupCountsFollowTheFilter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("problemsOnly");
        QTest::addColumn<QString>("group"); // "global", "users" or a user
        QTest::addColumn<QString>("title");
        const QString bob = QStringLiteral("bob@example.com");
        QTest::newRow("global") << QString() << false << QStringLiteral("global") << QStringLiteral("Global tools (2 tools)");
        QTest::newRow("users") << QString() << false << QStringLiteral("users") << QStringLiteral("Users (3 users)");
        QTest::newRow("a user") << QString() << false << bob << QStringLiteral("bob@example.com (3 tools)");
        QTest::newRow("text: global") << QStringLiteral("weather") << false << QStringLiteral("global") << QStringLiteral("Global tools (1 of 2)");
        QTest::newRow("text: users") << QStringLiteral("weather") << false << QStringLiteral("users") << QStringLiteral("Users (1 of 3)");
        QTest::newRow("text: a user") << QStringLiteral("weather") << false << bob << QStringLiteral("bob@example.com (1 of 3)");
        // Only a skipped directory matches: no tool of the group is shown.
        QTest::newRow("only a skipped dir") << QStringLiteral("broken") << false << QStringLiteral("global") << QStringLiteral("Global tools (0 of 2)");
        QTest::newRow("problems: a user") << QString() << true << bob << QStringLiteral("bob@example.com (2 of 3)");
    }
    void groupCountsFollowTheFilter()
    {
        QFETCH(QString, text);
        QFETCH(bool, problemsOnly);
        QFETCH(QString, group);
        QFETCH(QString, title);
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        const auto at = [&] {
            return group == u"global" ? proxy.index(0, 0)
                : group == u"users"   ? proxy.index(1, 0)
                                      : proxy.mapFromSource(m_model.userIndex(group));
        };
        proxy.setText(text);
        proxy.setProblemsOnly(problemsOnly);
        QCOMPARE(at().data(Qt::DisplayRole).toString(), title);
        // Without the filter the title counts the tools again.
        proxy.setText(QString());
        proxy.setProblemsOnly(false);
        QCOMPARE(proxy.index(0, 0).data(Qt::DisplayRole).toString(), QStringLiteral("Global tools (2 tools)"));
    }

    void singularAndPluralCounts()
    {
        // Real plurals: never "tool(s)".
        ToolCatalogModel model;
        model.applyCatalog(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"))));
        std::function<void(const QModelIndex &)> check = [&](const QModelIndex &parent) {
            for (int r = 0; r < model.rowCount(parent); ++r) {
                const QModelIndex i = model.index(r, 0, parent);
                QVERIFY2(!i.data().toString().contains(QStringLiteral("(s)")), qPrintable(i.data().toString()));
                check(i);
            }
        };
        check({});
    }
};

QTEST_GUILESS_MAIN(TestToolFilterProxyModel)
#include "tst_toolfilterproxymodel.moc"
