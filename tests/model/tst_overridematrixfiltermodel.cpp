// Filtering the override matrix by tool, by user, and to customised rows.

#include "catalog/catalog.h"
#include "overridematrixfiltermodel.h"
#include "overridematrixmodel.h"

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
    void filters()
    {
        OverrideMatrixModel model;
        model.setCatalog(std::make_shared<const Catalog>(scanDataPath(QStringLiteral(TW_FIXTURES_DIR "/datapath"))));
        OverrideMatrixFilterModel filter;
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&model);
        filter.setToolFilter(QStringLiteral("E")); // case-insensitive
        QCOMPARE(rowNames(filter), (QStringList{QStringLiteral("broken_yaml"), QStringLiteral("greet"), QStringLiteral("weather")}));
        filter.setToolFilter(QString());
        filter.setUserFilter(QStringLiteral("bob"));
        QCOMPARE(columnNames(filter), (QStringList{QStringLiteral("Global"), QStringLiteral("bob@example.com")}));
        filter.setCustomizedOnly(true); // rows bob customises
        QCOMPARE(rowNames(filter), (QStringList{QStringLiteral("dup"), QStringLiteral("weather")}));
        filter.setUserFilter(QString());
        QCOMPARE(rowNames(filter).size(), 4); // dup, greet, todo, weather: some user's
        filter.setUserFilter(QStringLiteral("carol")); // carol customises nothing
        QCOMPARE(rowNames(filter), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestOverrideMatrixFilterModel)
#include "tst_overridematrixfiltermodel.moc"
