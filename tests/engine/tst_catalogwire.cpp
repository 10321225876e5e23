// The desktop's reading of a server's catalog (remote/catalogwire.h): what catalog.list wrote
// reads back to the same catalog, and catalog.changed's patches give what a new scan gives.

#include "catalog/catalogjson.h"
#include "fixture.h"
#include "remote/catalogwire.h"
#include "remote/remoteserver.h"

#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace tw;
using namespace tw::engine;

class TestCatalogWire : public QObject
{
    Q_OBJECT

    static QJsonObject parsed(const QByteArray &json) { return QJsonDocument::fromJson(json).object(); }

    // Through QJsonObjects (catalog.changed's way) or straight from the text (catalog.list's).
    static Catalog decoded(const Catalog &scanned, bool fromText)
    {
        QString error;
        const QByteArray text = catalogJsonText(scanned, CatalogJson::Detail);
        std::optional<Catalog> c = fromText ? catalogFromJsonText(text, &error) : catalogFromJson(parsed(text), &error);
        if (!c)
            qFatal("catalogFromJson: %s", qPrintable(error));
        return std::move(*c);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Everything catalog.list carries reads back: written again, the bytes are the same; what
    // it does not carry is derived as the scan has it.
    void roundTripKeepsWhatTheViewsShow_data()
    {
        QTest::addColumn<bool>("fromText");
        QTest::newRow("QJsonObject") << false;
        QTest::newRow("JsonReader") << true;
    }

    void roundTripKeepsWhatTheViewsShow()
    {
        QFETCH(bool, fromText);
        QTemporaryDir tmp;
        QVERIFY(test::copyTree(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")), tmp.path()));
        const Catalog scanned = scanDataPath(tmp.path());
        QVERIFY(scanned.toolCount() > 3);
        QVERIFY(!scanned.global.skipped.isEmpty());
        const Catalog back = decoded(scanned, fromText);
        QCOMPARE(catalogJsonText(back, CatalogJson::Detail), catalogJsonText(scanned, CatalogJson::Detail));
        QCOMPARE(back.userEmails(), scanned.userEmails());
        const auto sameTools = [](const LocationScan &a, const LocationScan &b) {
            QCOMPARE(a.tools.size(), b.tools.size());
            QCOMPARE(a.path, b.path);
            QCOMPARE(a.scope, b.scope);
            QCOMPARE(a.user, b.user);
            for (qsizetype i = 0; i < a.tools.size(); ++i) {
                const ToolRecord &x = a.tools[i], &y = b.tools[i];
                QCOMPARE(x.dir, y.dir);
                QCOMPARE(x.dirName, y.dirName);
                QCOMPARE(x.toolMdPath(), y.toolMdPath());
                QCOMPARE(x.entryPath(), y.entryPath());
                QCOMPARE(x.body, y.body);
                QCOMPARE(x.bodyLine, y.bodyLine);
                QCOMPARE(x.files, y.files);
                QCOMPARE(x.diagnostics, y.diagnostics);
                QCOMPARE(x.shadowedBy, y.shadowedBy);
                QCOMPARE(x.manifest.inputs.size(), y.manifest.inputs.size());
                for (qsizetype k = 0; k < x.manifest.inputs.size(); ++k) {
                    const InputSpec &p = x.manifest.inputs[k], &q = y.manifest.inputs[k];
                    QCOMPARE(p.name, q.name);
                    QCOMPARE(p.type, q.type);
                    QCOMPARE(p.optional, q.optional);
                    QCOMPARE(p.sensitive, q.sensitive);
                    QCOMPARE(p.values, q.values);
                    QCOMPARE(p.defaultValue, q.defaultValue);
                }
            }
            for (qsizetype i = 0; i < a.skipped.size(); ++i) {
                QCOMPARE(a.skipped[i].dirName, b.skipped[i].dirName);
                QCOMPARE(a.skipped[i].files, b.skipped[i].files);
                QCOMPARE(a.skipped[i].diagnostics, b.skipped[i].diagnostics);
            }
        };
        sameTools(back.global, scanned.global);
        if (QTest::currentTestFailed())
            return;
        for (qsizetype u = 0; u < scanned.users.size(); ++u) {
            sameTools(back.users[u], scanned.users[u]);
            if (QTest::currentTestFailed())
                return;
        }
        // The summary (the CLI's T) reads back too, without the detail.
        std::optional<Catalog> summary = fromText ? catalogFromJsonText(catalogJsonText(scanned)) : catalogFromJson(parsed(catalogJsonText(scanned)));
        QVERIFY(summary);
        QCOMPARE(catalogJsonText(*summary), catalogJsonText(scanned));
        QVERIFY(summary->global.tools.first().body.isEmpty());
    }

    void refusesWhatIsNotACatalog()
    {
        QString error;
        QVERIFY(!catalogFromJson(QJsonObject{{QStringLiteral("tools"), QJsonArray{}}}, &error));
        QVERIFY(error.contains(u"data_path"));
        QVERIFY(!catalogFromJsonText(R"({"tools": []})", &error));
        QVERIFY(error.contains(u"data_path"));
        QVERIFY(!catalogFromJsonText(R"({"data_path": "/d", "global": {}, "users": [})", &error));
        QVERIFY2(error.contains(u"not JSON") && error.contains(u"at byte 44"), qPrintable(error));
        QVERIFY(!catalogFromJsonText(R"({"data_path": 7, "global": {}, "users": []})", &error));
        QVERIFY(error.contains(u"data_path"));
        // A key of a newer server's is passed over; a value of another kind reads as empty.
        const std::optional<Catalog> c = catalogFromJsonText(
            R"({"data_path": "/d", "new": {"a": [1, {"b": null}]}, "global": {"path": "/d/tools", "exists": true, "tools": [)"
            R"({"name": "x", "version": "2", "dir": "/d/tools/x", "entry": "index.ts", "inputs": [{"name": "q", "values": null}], "later": true}]},)"
            R"( "users": []})", &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->global.tools.size(), 1);
        const ToolRecord &x = c->global.tools.first();
        QCOMPARE(x.manifest.name, QStringLiteral("x"));
        QCOMPARE(x.manifest.version, 0);
        QCOMPARE(x.entryPath(), QStringLiteral("/d/tools/x/index.ts"));
        QCOMPARE(x.manifest.inputs.size(), 1);
        QVERIFY(!x.manifest.inputs.first().hasValues);
        // A number out of int's range reads as 0 both ways (QJsonValue::toInt()), never truncated.
        const QByteArray huge = R"({"data_path": "/d", "global": {"path": "/d/tools", "tools": [{"name": "x", "version": 5000000000,)"
                                R"( "dir": "/d/tools/x", "diagnostics": [{"code": "c", "line": 5000000000}]}]}, "users": []})";
        const std::optional<Catalog> fromText = catalogFromJsonText(huge);
        const std::optional<Catalog> fromTree = catalogFromJson(parsed(huge));
        QVERIFY(fromText && fromTree);
        QCOMPARE(fromText->global.tools.first().manifest.version, 0);
        QCOMPARE(fromText->global.tools.first().diagnostics.first().line, 0);
        QCOMPARE(catalogJsonText(*fromText, CatalogJson::Detail), catalogJsonText(*fromTree, CatalogJson::Detail));
    }

    // catalog.changed applied to the catalog the desktop has gives the server's new scan, byte for
    // byte, for each kind of change; the locations it reports are the ones that changed.
    void changesPatchToTheNewCatalog_data()
    {
        QTest::addColumn<std::function<void(const QString &)>>("change");
        QTest::addColumn<QStringList>("changedLocations"); // relative to DATA_PATH
        const QString ada = QStringLiteral("ada@example.com");
        QTest::newRow("a global tool edited") << std::function([](const QString &d) {
            test::writeFile(d + QStringLiteral("/tools/alpha/TOOL.md"), test::toolMd("alpha", 2, "label: Alpha Two\n"));
        }) << QStringList{QStringLiteral("tools")};
        QTest::newRow("a global tool added, sorted in") << std::function([](const QString &d) {
            test::makeTool(d + QStringLiteral("/tools"), QStringLiteral("aardvark"), test::toolMd("aardvark"));
        }) << QStringList{QStringLiteral("tools")};
        QTest::newRow("a user's tool removed") << std::function([ada](const QString &d) {
            QDir(d + u'/' + ada + QStringLiteral("/tools/mine")).removeRecursively();
        }) << QStringList{ada + QStringLiteral("/tools")};
        QTest::newRow("a tool that no longer loads") << std::function([](const QString &d) {
            test::writeFile(d + QStringLiteral("/tools/beta/TOOL.md"), "---\nname: [unclosed\n---\n");
        }) << QStringList{QStringLiteral("tools")};
        QTest::newRow("a skipped dir that loads again") << std::function([](const QString &d) {
            test::makeTool(d + QStringLiteral("/tools"), QStringLiteral("broken"), test::toolMd("broken"));
        }) << QStringList{QStringLiteral("tools")};
        QTest::newRow("a new user") << std::function([](const QString &d) {
            test::makeTool(d + QStringLiteral("/aaa@example.com/tools"), QStringLiteral("first"), test::toolMd("first"));
        }) << QStringList{QStringLiteral("aaa@example.com/tools")};
        QTest::newRow("a user gone") << std::function([ada](const QString &d) {
            QDir(d + u'/' + ada).removeRecursively();
        }) << QStringList{};
        QTest::newRow("two locations at once") << std::function([ada](const QString &d) {
            test::writeFile(d + QStringLiteral("/tools/alpha/notes.txt"), "a file more\n"); // its file list changes
            test::makeTool(d + u'/' + ada + QStringLiteral("/tools"), QStringLiteral("zed"), test::toolMd("zed"));
        }) << QStringList{QStringLiteral("tools"), ada + QStringLiteral("/tools")};
    }
    void changesPatchToTheNewCatalog()
    {
        QFETCH(std::function<void(const QString &)>, change);
        QFETCH(QStringList, changedLocations);
        QTemporaryDir tmp;
        const QString d = tmp.path();
        test::makeTool(d + QStringLiteral("/tools"), QStringLiteral("alpha"), test::toolMd("alpha"));
        test::makeTool(d + QStringLiteral("/tools"), QStringLiteral("beta"), test::toolMd("beta"));
        test::writeFile(d + QStringLiteral("/tools/broken/TOOL.md"), "no frontmatter\n");
        test::makeTool(d + QStringLiteral("/ada@example.com/tools"), QStringLiteral("mine"), test::toolMd("mine"));
        test::makeTool(d + QStringLiteral("/bob@example.com/tools"), QStringLiteral("his"), test::toolMd("his"));
        const Catalog before = scanDataPath(d);
        QCOMPARE(before.global.skipped.size(), 1);
        change(d);
        const Catalog after = scanDataPath(d);
        const QJsonArray changes = catalogChanges(before, after, CatalogJson::Detail);
        QVERIFY(!changes.isEmpty());
        // Through JSON text, as it crosses the connection.
        const QJsonArray sent = QJsonDocument::fromJson(QJsonDocument(changes).toJson(QJsonDocument::Compact)).array();
        Catalog patched = decoded(before, false);
        QList<LocationScan> changed;
        applyCatalogChanges(patched, sent, &changed);
        QCOMPARE(catalogJsonText(patched, CatalogJson::Detail), catalogJsonText(after, CatalogJson::Detail));
        QStringList changedPaths;
        for (const LocationScan &l : changed)
            changedPaths.append(QDir(d).relativeFilePath(l.path));
        QCOMPARE(changedPaths, changedLocations);
    }
};

QTEST_GUILESS_MAIN(TestCatalogWire)
#include "tst_catalogwire.moc"
