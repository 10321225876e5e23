// Text, scope, "has problems" and "overridden" filters over the catalog tree.

#include "catalog/catalog.h"
#include "toolcatalogmodel.h"
#include "toolfilterproxymodel.h"

#include <QAbstractItemModelTester>
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

private Q_SLOTS:
    void initTestCase() { m_model.applyCatalog(scanDataPath(QStringLiteral(TW_FIXTURES_DIR "/datapath"))); }

    void filters()
    {
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        QCOMPARE(visible(proxy).size(), 9); // 7 tools + 2 skipped
        QVERIFY(!proxy.isFiltering());

        proxy.setText(QStringLiteral("WEATHER"));
        QCOMPARE(visible(proxy), (QStringList{QStringLiteral("weather@global"), QStringLiteral("weather@bob@example.com")}));
        proxy.setText(QStringLiteral("alice's"));  // matches a label
        QCOMPARE(visible(proxy), QStringList{QStringLiteral("greet@alice@example.com")});
        proxy.setText(QStringLiteral("todo list")); // every word must match (description)
        QCOMPARE(visible(proxy), QStringList{QStringLiteral("todo@alice@example.com")});
        proxy.setText(QStringLiteral("broken"));    // skipped directories are searchable too
        QCOMPARE(visible(proxy), QStringList{QStringLiteral("broken_yaml@global")});
        proxy.setText(QString());

        proxy.setScopeFilter(ToolFilterProxyModel::ScopeFilter::Global);
        QCOMPARE(visible(proxy), (QStringList{QStringLiteral("greet@global"), QStringLiteral("weather@global")}));
        proxy.setScopeFilter(ToolFilterProxyModel::ScopeFilter::User);
        QCOMPARE(visible(proxy).size(), 5);
        proxy.setScopeFilter(ToolFilterProxyModel::ScopeFilter::All);

        proxy.setProblemsOnly(true);
        QCOMPARE(visible(proxy), (QStringList{QStringLiteral("broken_yaml@global"), QStringLiteral("notatool@global"),
                                              QStringLiteral("todo@alice@example.com"), QStringLiteral("dup@bob@example.com"),
                                              QStringLiteral("dup@bob@example.com")}));
        proxy.setProblemsOnly(false);

        proxy.setOverriddenOnly(true);
        QCOMPARE(visible(proxy), (QStringList{QStringLiteral("greet@global"), QStringLiteral("weather@global"),
                                              QStringLiteral("greet@alice@example.com"), QStringLiteral("dup@bob@example.com"),
                                              QStringLiteral("weather@bob@example.com")}));
        // Groups without a matching tool are hidden while filtering.
        proxy.setText(QStringLiteral("greet"));
        QCOMPARE(proxy.rowCount(), 2);
        const QModelIndex users = proxy.index(1, 0);
        QCOMPARE(proxy.rowCount(users), 1); // only alice
    }

    void groupCountsFollowTheFilter()
    {
        ToolFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&m_model);
        auto title = [&](const QModelIndex &i) { return i.data(Qt::DisplayRole).toString(); };
        auto user = [&](const QString &email) { return proxy.mapFromSource(m_model.userIndex(email)); };
        QCOMPARE(title(proxy.index(0, 0)), QStringLiteral("Global tools (2 tools)"));
        QCOMPARE(title(proxy.index(1, 0)), QStringLiteral("Users (3 users)"));
        QCOMPARE(title(user(QStringLiteral("bob@example.com"))), QStringLiteral("bob@example.com (3 tools)"));

        // While filtering, a group says how many of its tools are shown.
        proxy.setText(QStringLiteral("weather"));
        QCOMPARE(title(proxy.index(0, 0)), QStringLiteral("Global tools (1 of 2)"));
        QCOMPARE(title(proxy.index(1, 0)), QStringLiteral("Users (1 of 3)"));
        QCOMPARE(title(user(QStringLiteral("bob@example.com"))), QStringLiteral("bob@example.com (1 of 3)"));
        // Only a skipped directory matches: no tool of the group is shown.
        proxy.setText(QStringLiteral("broken"));
        QCOMPARE(title(proxy.index(0, 0)), QStringLiteral("Global tools (0 of 2)"));
        proxy.setText(QString());
        proxy.setProblemsOnly(true);
        QCOMPARE(title(user(QStringLiteral("bob@example.com"))), QStringLiteral("bob@example.com (2 of 3)"));
        proxy.setProblemsOnly(false);
        QCOMPARE(title(proxy.index(0, 0)), QStringLiteral("Global tools (2 tools)"));
    }

    void singularAndPluralCounts()
    {
        // Real plurals: never "tool(s)".
        ToolCatalogModel model;
        model.applyCatalog(scanDataPath(QStringLiteral(TW_FIXTURES_DIR "/datapath")));
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
