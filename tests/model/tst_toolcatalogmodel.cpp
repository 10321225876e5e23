// The catalog tree under QAbstractItemModelTester: incremental location updates, removals,
// override states and roles.

#include "catalog/catalog.h"
#include "catalog/locationscanner.h"
#include "fixture.h"
#include "toolcatalogmodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;
using tw::test::makeTool;
using tw::test::toolMd;

class TestToolCatalogModel final : public QObject
{
    Q_OBJECT
    static QStringList childNames(const QAbstractItemModel &m, const QModelIndex &parent)
    {
        QStringList names;
        for (int r = 0; r < m.rowCount(parent); ++r)
            names.append(m.index(r, 0, parent).data(NameRole).toString());
        return names;
    }

private Q_SLOTS:
    void fixtureTree()
    {
        ToolCatalogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Catalog catalog = scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        model.applyCatalog(catalog);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex global = model.globalGroupIndex();
        // tools first, then skipped directories
        QCOMPARE(childNames(model, global), (QStringList{QStringLiteral("greet"), QStringLiteral("weather"),
                                                         QStringLiteral("broken_yaml"), QStringLiteral("notatool")}));
        QCOMPARE(NodeKind(model.index(2, 0, global).data(NodeKindRole).toInt()), NodeKind::Skipped);
        QCOMPARE(model.rowCount(model.usersGroupIndex()), 3);
        QCOMPARE(model.toolCount(), 7);

        const QModelIndex greet = model.toolIndex(catalog.global.path + QStringLiteral("/greet"));
        QVERIFY(greet.isValid());
        QCOMPARE(OverrideState(greet.data(OverrideStateRole).toInt()), OverrideState::Overridden);
        QCOMPARE(greet.data(OverriddenByRole).toStringList(), QStringList{QStringLiteral("alice@example.com")});
        QCOMPARE(greet.data(VersionRole).toInt(), 2);
        QCOMPARE(greet.data(ScopeRole).toString(), QStringLiteral("global"));
        QCOMPARE(greet.data(LabelRole).toString(), QStringLiteral("Greeter"));
        QCOMPARE(greet.data(Qt::DisplayRole).toString(), QStringLiteral("Greeter (greet)"));

        const QModelIndex alice = model.userIndex(QStringLiteral("alice@example.com"));
        const QModelIndex custom = model.index(0, 0, alice);
        QCOMPARE(custom.data(NameRole).toString(), QStringLiteral("greet"));
        QCOMPARE(OverrideState(custom.data(OverrideStateRole).toInt()), OverrideState::OverridesGlobal);
        QCOMPARE(custom.data(OverriddenVersionRole).toInt(), 2);
        QVERIFY(custom.siblingAtColumn(ToolCatalogModel::StatusColumn).data().toString().contains(QStringLiteral("shadows global v2")));
        const QModelIndex todo = model.index(1, 0, alice);
        QCOMPARE(todo.data(WorstSeverityRole).toInt(), int(Severity::Warning)); // console.log
        QVERIFY(todo.siblingAtColumn(ToolCatalogModel::StatusColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(!custom.siblingAtColumn(ToolCatalogModel::StatusColumn).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(2, 0, global).data(Qt::FontRole).value<QFont>().italic()); // not loaded

        const QModelIndex bob = model.userIndex(QStringLiteral("bob@example.com"));
        QCOMPARE(OverrideState(model.index(0, 0, bob).data(OverrideStateRole).toInt()), OverrideState::Shadowed);
        QVERIFY(model.index(0, 0, bob).data(ToolRecordRole).value<ToolRecord>().dir.endsWith(QStringLiteral("dup_a")));
    }

    void incrementalUpdates()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("a"), toolMd("a", 1));
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("c"), toolMd("c", 1));
        makeTool(data + QStringLiteral("/u@x/tools"), QStringLiteral("mine"), toolMd("c", 7));

        ToolCatalogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        // Locations arrive one at a time, as a scan reports them.
        Catalog catalog = scanDataPath(data);
        model.applyLocation(catalog.global);
        QCOMPARE(model.rowCount(model.globalGroupIndex()), 2);
        QCOMPARE(OverrideState(model.index(1, 0, model.globalGroupIndex()).data(OverrideStateRole).toInt()),
                 OverrideState::None);
        model.applyLocation(catalog.users[0]);
        QCOMPARE(OverrideState(model.index(1, 0, model.globalGroupIndex()).data(OverrideStateRole).toInt()),
                 OverrideState::Overridden);

        // Kept rows keep their indexes; a new tool is inserted in order.
        const QPersistentModelIndex cIndex = model.index(1, 0, model.globalGroupIndex());
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("b"), toolMd("b", 1));
        inserted.clear();
        catalog = scanDataPath(data);
        model.applyCatalog(catalog);
        QCOMPARE(childNames(model, model.globalGroupIndex()),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(inserted.size(), 1);
        QVERIFY(cIndex.isValid());
        QCOMPARE(cIndex.data(NameRole).toString(), QStringLiteral("c"));

        // A changed version is a dataChanged, not a remove/insert.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        removed.clear();
        inserted.clear();
        tw::test::writeFile(data + QStringLiteral("/tools/b/TOOL.md"), toolMd("b", 5));
        model.applyCatalog(scanDataPath(data));
        QVERIFY(!changed.isEmpty());
        QCOMPARE(removed.size(), 0);
        QCOMPARE(inserted.size(), 0);
        QCOMPARE(model.index(1, 0, model.globalGroupIndex()).data(VersionRole).toInt(), 5);

        // A tool that breaks moves from the tools to the skipped rows.
        tw::test::writeFile(data + QStringLiteral("/tools/a/TOOL.md"), "no frontmatter");
        model.applyCatalog(scanDataPath(data));
        QCOMPARE(childNames(model, model.globalGroupIndex()),
                 (QStringList{QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("a")}));
        QCOMPARE(NodeKind(model.index(2, 0, model.globalGroupIndex()).data(NodeKindRole).toInt()), NodeKind::Skipped);

        // Files disappear: the user goes away and its override marks with it.
        QDir(data + QStringLiteral("/u@x")).removeRecursively();
        model.applyCatalog(scanDataPath(data));
        QCOMPARE(model.rowCount(model.usersGroupIndex()), 0);
        QCOMPARE(OverrideState(cIndex.data(OverrideStateRole).toInt()), OverrideState::None);
        QVERIFY(!model.toolIndex(data + QStringLiteral("/u@x/tools/mine")).isValid());
        QCOMPARE(reset.size(), 0); // never a reset: selections survive
        model.clear();
        QCOMPARE(model.rowCount(model.globalGroupIndex()), 0);
        QCOMPARE(model.toolCount(), 0);
    }

    // Override marks: a user who starts overriding a global tool changes that global row (who
    // overrides it) and no other user's; a global tool's new version changes every user's row
    // of that name (what they override).
    void overrideMarksUpdateTheRowsTheyConcern()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("g"), toolMd("g", 1));
        makeTool(data + QStringLiteral("/a@x/tools"), QStringLiteral("g"), toolMd("g", 2));
        makeTool(data + QStringLiteral("/b@x/tools"), QStringLiteral("h"), toolMd("h", 1));
        ToolCatalogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.applyCatalog(scanDataPath(data));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const auto changedDirs = [&] {
            QStringList dirs;
            for (const QList<QVariant> &args : std::as_const(changed)) {
                const QString dir = args.at(0).toModelIndex().data(DirRole).toString();
                if (!dir.isEmpty())
                    dirs.append(dir.mid(data.size()));
            }
            dirs.sort();
            dirs.removeDuplicates();
            changed.clear();
            return dirs;
        };

        makeTool(data + QStringLiteral("/b@x/tools"), QStringLiteral("g"), toolMd("g", 3));
        model.applyLocation(scanLocation(data + QStringLiteral("/b@x/tools"), Scope::User, QStringLiteral("b@x")));
        QCOMPARE(changedDirs(), QStringList{QStringLiteral("/tools/g")});
        QCOMPARE(model.toolIndex(data + QStringLiteral("/tools/g")).data(OverriddenByRole).toStringList(),
                 (QStringList{QStringLiteral("a@x"), QStringLiteral("b@x")}));

        tw::test::writeFile(data + QStringLiteral("/tools/g/TOOL.md"), toolMd("g", 9));
        model.applyLocation(scanLocation(data + QStringLiteral("/tools"), Scope::Global, QString()));
        QCOMPARE(changedDirs(), (QStringList{QStringLiteral("/a@x/tools/g"), QStringLiteral("/b@x/tools/g"), QStringLiteral("/tools/g")}));
        QCOMPARE(model.toolIndex(data + QStringLiteral("/b@x/tools/g")).data(OverriddenVersionRole).toInt(), 9);
    }

    void catalogRepeatingAppliedLocationsChangesNothing()
    {
        // A scan's end hands over the whole catalog after its locations; the lists it shares
        // with those are not walked again, but a location with new content still applies.
        ToolCatalogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Catalog catalog = scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        model.applyLocation(catalog.global);
        for (const LocationScan &loc : catalog.users)
            model.applyLocation(loc);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.applyCatalog(catalog);
        QCOMPARE(changed.size() + inserted.size() + removed.size(), 0);
        QCOMPARE(model.toolCount(), 7);

        catalog.users[0].tools.removeFirst(); // detaches: a different scan of alice's tools
        model.applyCatalog(catalog);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(model.toolCount(), 6);
    }

    void usersStayInByteOrder()
    {
        QTemporaryDir tmp;
        for (const char *u : {"zed@x", "Amy@x", "bob@x"})
            makeTool(tmp.path() + u'/' + QLatin1StringView(u) + QStringLiteral("/tools"), QStringLiteral("t"), toolMd("t"));
        ToolCatalogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Catalog catalog = scanDataPath(tmp.path());
        // Apply in reverse to exercise sorted insertion.
        for (auto it = catalog.users.crbegin(); it != catalog.users.crend(); ++it)
            model.applyLocation(*it);
        QStringList users;
        for (int r = 0; r < model.rowCount(model.usersGroupIndex()); ++r)
            users.append(model.index(r, 0, model.usersGroupIndex()).data(UserRole).toString());
        QCOMPARE(users, (QStringList{QStringLiteral("Amy@x"), QStringLiteral("bob@x"), QStringLiteral("zed@x")}));
    }
};

QTEST_GUILESS_MAIN(TestToolCatalogModel)
#include "tst_toolcatalogmodel.moc"
