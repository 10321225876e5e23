// Tool names × users under QAbstractItemModelTester: cell states, deltas, problems, directories
// that do not load, and incremental row/column updates as users and tools come and go.

#include "catalog/catalog.h"
#include "catalog/locationscanner.h"
#include "catalog/overrideresolver.h"
#include "fixture.h"
#include "overridematrixmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;
using tw::test::makeTool;
using tw::test::toolMd;
using State = OverrideMatrixModel::CellState;

class TestOverrideMatrixModel final : public QObject
{
    Q_OBJECT
    static State state(const QModelIndex &i) { return State(i.data(OverrideMatrixModel::CellStateRole).toInt()); }

private Q_SLOTS:
    void fixture()
    {
        OverrideMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")))));
        QCOMPARE(model.rowCount(), 6); // broken_yaml, dup, greet, notatool, todo, weather
        QCOMPARE(model.columnCount(), 4); // Global + 3 users
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Global"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("alice@example.com"));
        QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("greet"));
        // The global directories the loader skips are rows too, under their directory names.
        const QModelIndex broken = model.cellIndex(QStringLiteral("broken_yaml"), QString());
        QCOMPARE(state(broken), State::NotLoaded);
        QVERIFY(broken.data().toString().contains(QStringLiteral("does not load")));
        QVERIFY(broken.data(OverrideMatrixModel::NotLoadedRole).toStringList().join(u' ').contains(QStringLiteral("[yaml-syntax]")));
        QCOMPARE(state(model.cellIndex(QStringLiteral("broken_yaml"), QStringLiteral("alice@example.com"))), State::Empty);
        QVERIFY(model.cellIndex(QStringLiteral("broken_yaml"), QStringLiteral("alice@example.com"))
                    .data(Qt::ToolTipRole).toString().contains(QStringLiteral("has no tool of this name")));

        const QModelIndex greetGlobal = model.cellIndex(QStringLiteral("greet"), QString());
        QCOMPARE(state(greetGlobal), State::Global);
        QCOMPARE(greetGlobal.data().toString(), QStringLiteral("v2"));
        const QModelIndex greetAlice = model.cellIndex(QStringLiteral("greet"), QStringLiteral("alice@example.com"));
        QCOMPARE(state(greetAlice), State::Overrides);
        QCOMPARE(greetAlice.data(OverrideMatrixModel::VersionDeltaRole).toInt(), -1);
        QCOMPARE(greetAlice.data().toString(), QStringLiteral("v1 (−1)"));
        QVERIFY(greetAlice.data(Qt::BackgroundRole).isValid());
        const QModelIndex weatherBob = model.cellIndex(QStringLiteral("weather"), QStringLiteral("bob@example.com"));
        QCOMPARE(weatherBob.data().toString(), QStringLiteral("v3 (+2)"));
        const QModelIndex todo = model.cellIndex(QStringLiteral("todo"), QStringLiteral("alice@example.com"));
        QCOMPARE(state(todo), State::UserOnly);
        QVERIFY(todo.data(OverrideMatrixModel::HasProblemsRole).toBool()); // console.log warning
        QVERIFY(todo.data().toString().contains(QStringLiteral("user-only")));
        const QModelIndex dup = model.cellIndex(QStringLiteral("dup"), QStringLiteral("bob@example.com"));
        QVERIFY(dup.data(OverrideMatrixModel::CellToolRole).value<ToolRecord>().dir.endsWith(QStringLiteral("dup_b")));
        QCOMPARE(state(model.cellIndex(QStringLiteral("greet"), QStringLiteral("carol@example.com"))), State::Empty);
        QCOMPARE(model.cellIndex(QStringLiteral("greet"), QStringLiteral("carol@example.com"))
                     .data(OverrideMatrixModel::EmailRole).toString(),
                 QStringLiteral("carol@example.com"));
    }

    // A user's tool that does not load is a cell that says so and why, whether it would have
    // overridden a global tool (the user then gets the global one) or not.
    // Each user's cell holds the tool the engine's resolution gives that user when it is theirs
    // (the matrix reads the rule, it does not decide it).
    void cellsAgreeWithTheResolution()
    {
        const Catalog catalog = scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        OverrideMatrixModel model;
        model.setCatalog(std::make_shared<const Catalog>(catalog));
        int checked = 0;
        for (const LocationScan &loc : catalog.users) {
            const EffectiveSet set = resolveEffective(catalog, loc.user);
            for (const EffectiveTool &each : set.tools) {
                const QString &name = each.tool.manifest.name;
                const EffectiveTool *e = set.find(name);
                const QModelIndex at = model.cellIndex(name, loc.user);
                QVERIFY2(at.isValid(), qPrintable(loc.user + u' ' + name));
                const ToolRecord *cell = model.cell(at.row(), at.column());
                if (e && e->tool.scope == Scope::User) {
                    QVERIFY2(cell, qPrintable(loc.user + u' ' + name));
                    QCOMPARE(cell->dir, e->tool.dir);
                    ++checked;
                } else {
                    QVERIFY2(!cell, qPrintable(loc.user + u' ' + name));
                }
            }
        }
        QVERIFY(checked >= 3);
    }

    void notLoadedUserTools()
    {
        QTemporaryDir tmp;
        QVERIFY(tw::test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), tmp.path()));
        tw::test::writeFile(tmp.path() + QStringLiteral("/bob@example.com/tools/forecast/TOOL.md"),
                            "---\nname: forecast\ndescription: \"unterminated\nversion: 1\n---\n");
        tw::test::writeFile(tmp.path() + QStringLiteral("/bob@example.com/tools/forecast/index.ts"), tw::test::kGoodEntry);
        tw::test::writeFile(tmp.path() + QStringLiteral("/carol@example.com/tools/greet/index.ts"), tw::test::kGoodEntry);
        OverrideMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(tmp.path())));

        const QModelIndex forecast = model.cellIndex(QStringLiteral("forecast"), QStringLiteral("bob@example.com"));
        QVERIFY(forecast.isValid());
        QCOMPARE(state(forecast), State::NotLoaded);
        QVERIFY(forecast.data().toString().contains(QStringLiteral("does not load")));
        const QStringList why = forecast.data(OverrideMatrixModel::NotLoadedRole).toStringList();
        QCOMPARE(why.size(), 1);
        QVERIFY2(why.first().contains(QStringLiteral("bob@example.com/tools/forecast")) && why.first().contains(QStringLiteral("[yaml-syntax]")),
                 qPrintable(why.first()));
        QVERIFY(forecast.data(Qt::ToolTipRole).toString().contains(QStringLiteral("bob@example.com has no tool of this name")));
        QVERIFY(forecast.data(Qt::ForegroundRole).isValid());
        QVERIFY(!forecast.data(OverrideMatrixModel::CellToolRole).isValid());
        QCOMPARE(state(model.cellIndex(QStringLiteral("forecast"), QString())), State::Empty);

        const QModelIndex greet = model.cellIndex(QStringLiteral("greet"), QStringLiteral("carol@example.com"));
        QCOMPARE(state(greet), State::NotLoaded);
        QVERIFY(greet.data(OverrideMatrixModel::NotLoadedRole).toStringList().first().contains(QStringLiteral("[missing-tool-md]")));
        QVERIFY(greet.data(Qt::ToolTipRole).toString().contains(QStringLiteral("carol@example.com gets the global tool")));
        QCOMPARE(model.notLoaded(greet.row(), greet.column()).size(), 1);
    }

    void incremental()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("a"), toolMd("a", 1));
        makeTool(data + QStringLiteral("/m@x/tools"), QStringLiteral("a"), toolMd("a", 4));
        OverrideMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy columnsInserted(&model, &QAbstractItemModel::columnsInserted);
        QSignalSpy columnsRemoved(&model, &QAbstractItemModel::columnsRemoved);
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(data)));
        const QPersistentModelIndex cell = model.cellIndex(QStringLiteral("a"), QStringLiteral("m@x"));
        QCOMPARE(cell.data().toString(), QStringLiteral("v4 (+3)"));

        // A user before m@x appears, another tool too: the cell moves but stays valid.
        makeTool(data + QStringLiteral("/b@x/tools"), QStringLiteral("z"), toolMd("z", 1));
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("0"), toolMd("c0", 1));
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(data)));
        QCOMPARE(columnsInserted.size(), 2);
        QVERIFY(cell.isValid());
        QCOMPARE(cell.column(), 2);
        QCOMPARE(cell.row(), 0); // names sort "a" < "c0" < "z"
        QCOMPARE(cell.data().toString(), QStringLiteral("v4 (+3)"));

        // The global tool goes away: m@x's tool becomes user-only; then m@x goes away.
        QDir(data + QStringLiteral("/tools/a")).removeRecursively();
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(data)));
        QCOMPARE(state(cell), State::UserOnly);
        QDir(data + QStringLiteral("/m@x")).removeRecursively();
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(data)));
        QCOMPARE(columnsRemoved.size(), 1);
        QCOMPARE(model.columnCount(), 2);
        QVERIFY(!cell.isValid());
        model.setCatalog(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 1);
        QCOMPARE(reset.size(), 0);
    }

    // A rescan shares every location it did not read again (CatalogScanner): the columns of
    // those are kept as they are, and the result is the matrix a fresh model makes of it —
    // rows that only the changed location had go, its new names come, the others' cells follow
    // the global column (an override turns user-only when the global tool goes).
    void aCatalogSharingLocationsMatchesAFreshOne()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path();
        makeTool(data + QStringLiteral("/tools"), QStringLiteral("g"), toolMd("g", 1));
        makeTool(data + QStringLiteral("/u1@x/tools"), QStringLiteral("g"), toolMd("g", 2));
        makeTool(data + QStringLiteral("/u1@x/tools"), QStringLiteral("x"), toolMd("x", 1));
        makeTool(data + QStringLiteral("/u2@x/tools"), QStringLiteral("g"), toolMd("g", 5));
        makeTool(data + QStringLiteral("/u2@x/tools"), QStringLiteral("x2"), toolMd("x2", 1));
        auto catalog = std::make_shared<Catalog>(scanDataPath(data));
        OverrideMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCatalog(catalog);
        QCOMPARE(model.rowCount(), 3);

        const auto compareWithFresh = [&](const std::shared_ptr<const Catalog> &c) {
            OverrideMatrixModel fresh;
            fresh.setCatalog(c);
            QCOMPARE(model.rowCount(), fresh.rowCount());
            QCOMPARE(model.columnCount(), fresh.columnCount());
            for (int r = 0; r < fresh.rowCount(); ++r) {
                QCOMPARE(model.headerData(r, Qt::Vertical), fresh.headerData(r, Qt::Vertical));
                for (int col = 0; col < fresh.columnCount(); ++col) {
                    for (int role : {int(Qt::DisplayRole), int(OverrideMatrixModel::CellStateRole), int(Qt::ToolTipRole)})
                        QCOMPARE(model.index(r, col).data(role), fresh.index(r, col).data(role));
                }
            }
        };

        // u1's location read again (x gone, y new, g a version up); the rest shared.
        QDir(data + QStringLiteral("/u1@x/tools/x")).removeRecursively();
        makeTool(data + QStringLiteral("/u1@x/tools"), QStringLiteral("y"), toolMd("y", 1));
        makeTool(data + QStringLiteral("/u1@x/tools"), QStringLiteral("g"), toolMd("g", 3));
        auto next = std::make_shared<Catalog>(*catalog);
        next->users[0] = scanLocation(data + QStringLiteral("/u1@x/tools"), Scope::User, QStringLiteral("u1@x"));
        QVERIFY(next->users[1].tools.constData() == catalog->users[1].tools.constData());
        model.setCatalog(next);
        compareWithFresh(next);
        QCOMPARE(model.cellIndex(QStringLiteral("x"), QStringLiteral("u1@x")), QModelIndex());
        QCOMPARE(model.cellIndex(QStringLiteral("g"), QStringLiteral("u1@x")).data().toString(), QStringLiteral("v3 (+2)"));
        QCOMPARE(state(model.cellIndex(QStringLiteral("y"), QStringLiteral("u1@x"))), State::UserOnly);

        // The global location read again without g: u2's kept column now shows a user-only g.
        QDir(data + QStringLiteral("/tools/g")).removeRecursively();
        auto last = std::make_shared<Catalog>(*next);
        last->global = scanLocation(data + QStringLiteral("/tools"), Scope::Global, QString());
        model.setCatalog(last);
        compareWithFresh(last);
        QCOMPARE(state(model.cellIndex(QStringLiteral("g"), QStringLiteral("u2@x"))), State::UserOnly);
    }

    void hundredUsersByHundredTools()
    {
        // Built in memory: the model's cost, not the disk's.
        auto catalog = std::make_shared<Catalog>();
        for (int g = 0; g < 100; ++g) {
            ToolRecord t;
            t.manifest.name = QStringLiteral("tool_%1").arg(g, 3, 10, QLatin1Char('0'));
            t.manifest.version = 1;
            t.dir = QStringLiteral("/d/tools/") + t.manifest.name;
            catalog->global.tools.append(t);
        }
        for (int u = 0; u < 100; ++u) {
            LocationScan loc;
            loc.scope = Scope::User;
            loc.user = QStringLiteral("user%1@x").arg(u, 3, 10, QLatin1Char('0'));
            for (int k = 0; k < 100; ++k) {
                ToolRecord t;
                t.scope = Scope::User;
                t.user = loc.user;
                t.manifest.name = QStringLiteral("tool_%1").arg((u + k * 2) % 150, 3, 10, QLatin1Char('0'));
                t.manifest.version = 2;
                t.dir = QStringLiteral("/d/") + loc.user + QStringLiteral("/tools/") + t.manifest.name;
                loc.tools.append(t);
            }
            catalog->users.append(loc);
        }
        OverrideMatrixModel model;
        model.setCatalog(catalog);
        QCOMPARE(model.columnCount(), 101);
        QCOMPARE(model.rowCount(), 150);
        QCOMPARE(state(model.cellIndex(QStringLiteral("tool_002"), QStringLiteral("user000@x"))), State::Overrides);
        QCOMPARE(state(model.cellIndex(QStringLiteral("tool_120"), QStringLiteral("user000@x"))), State::UserOnly);
    }
};

QTEST_GUILESS_MAIN(TestOverrideMatrixModel)
#include "tst_overridematrixmodel.moc"
