// Discovery of a whole DATA_PATH and override resolution per user, on the fixture tree.

#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/overrideresolver.h"
#include "testpaths.h"

#include <QTest>

using namespace tw::engine;

namespace {

const QString kData = QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"));

const EffectiveTool *effective(const EffectiveSet &set, const QString &name)
{
    for (const EffectiveTool &e : set.tools)
        if (e.tool.manifest.name == name)
            return &e;
    return nullptr;
}

QStringList names(const EffectiveSet &set)
{
    QStringList list;
    for (const EffectiveTool &e : set.tools)
        list.append(e.tool.manifest.name);
    return list;
}

} // namespace

class TestOverrideResolver final : public QObject
{
    Q_OBJECT
    Catalog m_catalog;

private Q_SLOTS:
    // EffectiveSet::find (a binary search over the sorted set) names what a scan of it names.
    void findAgreesWithTheSet()
    {
        const Catalog catalog = scanDataPath(kData);
        for (const QString &user : catalog.userEmails() + QStringList{QString()}) {
            const EffectiveSet set = resolveEffective(catalog, user);
            QVERIFY(!set.tools.isEmpty());
            for (const EffectiveTool &e : set.tools)
                QCOMPARE(set.find(e.tool.manifest.name), effective(set, e.tool.manifest.name));
            QCOMPARE(set.find(QStringLiteral("no_such_tool")), nullptr);
            QCOMPARE(set.find(QString()), nullptr);
        }
    }

    void initTestCase() { m_catalog = scanDataPath(kData); }

    void discoversEveryUser()
    {
        QCOMPARE(m_catalog.userEmails(), (QStringList{QStringLiteral("alice@example.com"), QStringLiteral("bob@example.com"),
                                                      QStringLiteral("carol@example.com")}));
        QCOMPARE(m_catalog.global.tools.size(), 2);
        QCOMPARE(m_catalog.global.skipped.size(), 2);
        const LocationScan *carol = m_catalog.userLocation(QStringLiteral("carol@example.com"));
        QVERIFY(carol);
        QVERIFY(!carol->exists); // a user without a tools dir has no tools, and that is fine
        QCOMPARE(m_catalog.toolCount(), 2 + 2 + 3);
    }

    void globalOnly()
    {
        const EffectiveSet set = resolveEffective(m_catalog, QString());
        QCOMPARE(names(set), (QStringList{QStringLiteral("greet"), QStringLiteral("weather")}));
        QVERIFY(set.shadowed.isEmpty());
        QCOMPARE(set.skipped.size(), 2);
    }

    void userOverridesGlobalEvenWithLowerVersion()
    {
        const EffectiveSet set = resolveEffective(m_catalog, QStringLiteral("alice@example.com"));
        QCOMPARE(names(set), (QStringList{QStringLiteral("greet"), QStringLiteral("todo"), QStringLiteral("weather")}));
        const EffectiveTool *greet = effective(set, QStringLiteral("greet"));
        QCOMPARE(greet->tool.scope, Scope::User);
        QCOMPARE(greet->tool.dirName, QStringLiteral("greet_custom"));
        QCOMPARE(greet->tool.manifest.version, 1);
        QVERIFY(greet->overridden);
        QCOMPARE(greet->overridden->manifest.version, 2);
        QVERIFY(!effective(set, QStringLiteral("todo"))->overridden);
        QCOMPARE(effective(set, QStringLiteral("weather"))->tool.scope, Scope::Global);
        QCOMPARE(set.shadowed.size(), 1);
        QCOMPARE(set.shadowed[0].tool.dir, kData + QStringLiteral("/tools/greet"));
        QCOMPARE(set.shadowed[0].shadowedBy, kData + QStringLiteral("/alice@example.com/tools/greet_custom"));
    }

    void duplicatesWithinAUser()
    {
        const EffectiveSet set = resolveEffective(m_catalog, QStringLiteral("bob@example.com"));
        QCOMPARE(names(set), (QStringList{QStringLiteral("dup"), QStringLiteral("greet"), QStringLiteral("weather")}));
        QCOMPARE(effective(set, QStringLiteral("dup"))->tool.dirName, QStringLiteral("dup_b"));
        QCOMPARE(effective(set, QStringLiteral("weather"))->tool.manifest.version, 3);
        // global weather (overridden) and dup_a (duplicate) are shadowed
        QCOMPARE(set.shadowed.size(), 2);
        QCOMPARE(set.shadowed[0].tool.dirName, QStringLiteral("weather"));
        QCOMPARE(set.shadowed[1].tool.dirName, QStringLiteral("dup_a"));
        QCOMPARE(set.shadowed[1].shadowedBy, kData + QStringLiteral("/bob@example.com/tools/dup_b"));
    }

    // The one rule: within a location the last registration of a name wins, and the scanner's
    // shadowedBy marks agree with it for every other registration of that name.
    void locationWinnersAreTheLastRegistration()
    {
        QList<const LocationScan *> locations{&m_catalog.global};
        for (const LocationScan &l : m_catalog.users)
            locations.append(&l);
        int duplicates = 0;
        for (const LocationScan *loc : locations) {
            const QHash<QString, const ToolRecord *> winners = locationWinners(*loc);
            for (qsizetype i = 0; i < loc->tools.size(); ++i) {
                const ToolRecord &t = loc->tools[i];
                const ToolRecord *last = &t;
                for (qsizetype j = i + 1; j < loc->tools.size(); ++j)
                    if (loc->tools[j].manifest.name == t.manifest.name)
                        last = &loc->tools[j];
                QCOMPARE(winners.value(t.manifest.name), last);
                QCOMPARE(t.shadowedBy, last == &t ? QString() : last->dir);
                duplicates += last != &t;
            }
        }
        QVERIFY(duplicates > 0); // the fixture has a duplicate (bob's dup_a and dup_b)
    }

    void unknownUserSeesGlobalTools()
    {
        QCOMPARE(names(resolveEffective(m_catalog, QStringLiteral("nobody@x"))),
                 (QStringList{QStringLiteral("greet"), QStringLiteral("weather")}));
    }

    void overridesTable()
    {
        const QList<OverrideRow> rows = resolveOverrides(m_catalog);
        QStringList rowNames;
        for (const OverrideRow &r : rows)
            rowNames.append(r.name);
        QCOMPARE(rowNames, (QStringList{QStringLiteral("dup"), QStringLiteral("greet"), QStringLiteral("todo"),
                                        QStringLiteral("weather")}));
        QVERIFY(!rows[0].global);
        QCOMPARE(rows[0].users.size(), 1);
        QVERIFY(rows[0].users[0].dir.endsWith(QStringLiteral("/dup_b")));
        QCOMPARE(rows[1].global->version, 2);
        QCOMPARE(rows[1].users.size(), 1);
        QCOMPARE(rows[1].users[0].user, QStringLiteral("alice@example.com"));
        QCOMPARE(rows[3].users[0].user, QStringLiteral("bob@example.com"));
        const QJsonArray json = overridesJson(rows);
        QCOMPARE(json[1].toObject()[QStringLiteral("global")].toObject()[QStringLiteral("version")].toInt(), 2);
        QCOMPARE(json[0].toObject()[QStringLiteral("global")], QJsonValue(QJsonValue::Null));
        // Scanned a location at a time (what `toolwright overrides` does), the rows are the same.
        QCOMPARE(scanOverrides(m_catalog.dataPath), rows);
    }

    void listJsonShape()
    {
        const QJsonObject o = effectiveSetJson(m_catalog.dataPath, resolveEffective(m_catalog, QStringLiteral("alice@example.com")));
        QCOMPARE(o.keys(), (QStringList{QStringLiteral("data_path"), QStringLiteral("shadowed"), QStringLiteral("skipped"),
                                        QStringLiteral("tools"), QStringLiteral("user")}));
        const QJsonObject greet = o[QStringLiteral("tools")].toArray()[0].toObject();
        QCOMPARE(greet.keys(), (QStringList{QStringLiteral("description"), QStringLiteral("diagnostics"), QStringLiteral("dir"),
                                            QStringLiteral("entry"), QStringLiteral("inputs"), QStringLiteral("label"),
                                            QStringLiteral("language"), QStringLiteral("name"), QStringLiteral("overrides"),
                                            QStringLiteral("scope"), QStringLiteral("user"), QStringLiteral("version")}));
        QCOMPARE(greet[QStringLiteral("overrides")].toObject()[QStringLiteral("version")].toInt(), 2);
        const QJsonObject input = greet[QStringLiteral("inputs")].toArray()[0].toObject();
        QCOMPARE(input.keys(), (QStringList{QStringLiteral("default"), QStringLiteral("description"), QStringLiteral("name"),
                                            QStringLiteral("optional"), QStringLiteral("sensitive"), QStringLiteral("type"),
                                            QStringLiteral("values")}));
        const QJsonObject shadowed = o[QStringLiteral("shadowed")].toArray()[0].toObject();
        QVERIFY(shadowed.contains(QStringLiteral("shadowed_by")));
        const QJsonObject skipped = o[QStringLiteral("skipped")].toArray()[0].toObject();
        QCOMPARE(skipped.keys(), (QStringList{QStringLiteral("diagnostics"), QStringLiteral("dir"), QStringLiteral("reason")}));
        const QJsonObject diag = skipped[QStringLiteral("diagnostics")].toArray()[0].toObject();
        QCOMPARE(diag.keys(), (QStringList{QStringLiteral("code"), QStringLiteral("file"), QStringLiteral("line"),
                                           QStringLiteral("message"), QStringLiteral("severity")}));
    }
};

QTEST_GUILESS_MAIN(TestOverrideResolver)
#include "tst_overrideresolver.moc"
