// Filtering the override matrix by tool, by user, and to customised rows.

#include "catalog/catalog.h"
#include "overridematrixfiltermodel.h"
#include "overridematrixmodel.h"
#include "testpaths.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;

class TestOverrideMatrixFilterModel final : public QObject
{
    Q_OBJECT
    static QStringList rowNames(const QAbstractItemModel &m)
    {
        QStringList names;
        for (int r = 0; r < m.rowCount(); ++r)
            names.append(m.headerData(r, Qt::Vertical).toString());
        return names;
    }
    static QStringList columnNames(const QAbstractItemModel &m)
    {
        QStringList names;
        for (int c = 0; c < m.columnCount(); ++c)
            names.append(m.headerData(c, Qt::Horizontal).toString());
        return names;
    }

private Q_SLOTS:
    // Each combination from an unfiltered model: the rows and the columns it leaves.
    void filters_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("user");
        QTest::addColumn<bool>("customizedOnly");
        QTest::addColumn<QStringList>("rows");
        QTest::addColumn<QStringList>("columns"); // empty: not compared
        const QStringList allRows{QStringLiteral("broken_yaml"), QStringLiteral("dup"), QStringLiteral("greet"),
                                  QStringLiteral("notatool"), QStringLiteral("todo"), QStringLiteral("weather")};
        QTest::newRow("tool, any case") << QStringLiteral("E") << QString() << false
                                        << QStringList{QStringLiteral("broken_yaml"), QStringLiteral("greet"), QStringLiteral("weather")}
                                        << QStringList();
        QTest::newRow("user") << QString() << QStringLiteral("bob") << false << allRows
                              << QStringList{QStringLiteral("Global"), QStringLiteral("bob@example.com")};
        QTest::newRow("rows bob customises") << QString() << QStringLiteral("bob") << true
                                             << QStringList{QStringLiteral("dup"), QStringLiteral("weather")}
                                             << QStringList{QStringLiteral("Global"), QStringLiteral("bob@example.com")};
        QTest::newRow("rows some user customises")
            << QString() << QString() << true
            << QStringList{QStringLiteral("dup"), QStringLiteral("greet"), QStringLiteral("todo"), QStringLiteral("weather")}
            << QStringList();
        QTest::newRow("carol customises nothing") << QString() << QStringLiteral("carol") << true << QStringList() << QStringList();
    }
    void filters()
    {
        QFETCH(QString, tool);
        QFETCH(QString, user);
        QFETCH(bool, customizedOnly);
        QFETCH(QStringList, rows);
        QFETCH(QStringList, columns);
        OverrideMatrixModel model;
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")))));
        OverrideMatrixFilterModel filter;
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        filter.setToolFilter(tool);
        filter.setUserFilter(user);
        filter.setCustomizedOnly(customizedOnly);
        QCOMPARE(rowNames(filter), rows);
        if (!columns.isEmpty())
            QCOMPARE(columnNames(filter), columns);
    }
};

QTEST_GUILESS_MAIN(TestOverrideMatrixFilterModel)
#include "tst_overridematrixfiltermodel.moc"
