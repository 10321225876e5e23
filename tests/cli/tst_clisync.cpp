// `toolwright sync --seed DIR` against the built binary, for the seed folder as it is named
// (issue 23): the seed root stands for its tools/ and says so (stderr in text, fields in
// --json); a folder that is neither is refused (exit 2, one line); a seed subdirectory without
// TOOL.md is reported as skipped, never planned. DESIGN.md's JSON shape stays, fields are added.

#include "fixture.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using tw::test::makeTool;
using tw::test::toolMd;
using tw::test::writeFile;

namespace {

using Run = tw::test::BinaryRun;
using tw::test::runBinary;

Run run(const QStringList &args)
{
    return runBinary(args);
}

QStringList dirsOf(const QJsonArray &entries)
{
    QStringList dirs;
    for (const QJsonValue &e : entries)
        dirs.append(e.toObject()[QStringLiteral("dir")].toString());
    return dirs;
}

} // namespace

class TestCliSync final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_root, m_data;

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        m_root = m_tmp.path() + QStringLiteral("/seed");
        m_data = m_tmp.path() + QStringLiteral("/data");
        QDir(m_root).removeRecursively();
        QDir(m_data).removeRecursively();
        makeTool(m_root + QStringLiteral("/tools"), QStringLiteral("hello"), toolMd("hello", 2));
        makeTool(m_root + QStringLiteral("/tools"), QStringLiteral("stats"), toolMd("stats", 1));
        writeFile(m_root + QStringLiteral("/README.md"), "the platform's seed\n");
        QVERIFY(QDir().mkpath(m_data));
    }

    // The seed root, as the platform's seed/: its tools/ is planned (no tool called `tools`),
    // and the output says which directory was used.
    void seedRootIsAccepted()
    {
        const Run json = run({QStringLiteral("sync"), QStringLiteral("--seed"), m_root, QStringLiteral("--data"), m_data,
                              QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QVERIFY2(json.code == 0, json.err.constData());
        const QJsonObject o = json.json().object();
        QCOMPARE(dirsOf(o[QStringLiteral("actions")].toArray()), (QStringList{QStringLiteral("hello"), QStringLiteral("stats")}));
        const QJsonObject hello = o[QStringLiteral("actions")].toArray()[0].toObject();
        QCOMPARE(hello.keys(), (QStringList{QStringLiteral("action"), QStringLiteral("dir"), QStringLiteral("seed_version"),
                                            QStringLiteral("target_version")})); // DESIGN.md's shape, unchanged
        QCOMPARE(hello[QStringLiteral("action")].toString(), QStringLiteral("install"));
        QCOMPARE(hello[QStringLiteral("seed_version")].toInt(), 2);
        QCOMPARE(o[QStringLiteral("seed_root")], QJsonValue(true));
        QCOMPARE(o[QStringLiteral("seed_tools_dir")].toString(), m_root + QStringLiteral("/tools"));
        QCOMPARE(o[QStringLiteral("skipped")].toArray().size(), 0);
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/tools"))); // a dry run writes nothing

        const Run text = run({QStringLiteral("sync"), QStringLiteral("--seed"), m_root, QStringLiteral("--data"), m_data});
        QVERIFY2(text.code == 0, text.err.constData());
        QCOMPARE(text.err.count('\n'), 1); // one line says so
        QVERIFY2(text.err.contains("is the seed root") && text.err.contains(QFile::encodeName(m_root + QStringLiteral("/tools"))),
                 text.err.constData());
        QVERIFY(text.out.contains("install     hello"));
        QVERIFY(!text.out.contains(" tools "));
        QVERIFY(QFileInfo::exists(m_data + QStringLiteral("/tools/hello/TOOL.md")));
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/tools/tools")));

        // The tools dir itself, as before: no note, seed_root false.
        const Run direct = run({QStringLiteral("sync"), QStringLiteral("--seed"), m_root + QStringLiteral("/tools"),
                                QStringLiteral("--data"), m_data, QStringLiteral("--json")});
        QCOMPARE(direct.code, 0);
        QCOMPARE(direct.json()[QStringLiteral("seed_root")], QJsonValue(false));
        QVERIFY(direct.err.isEmpty());
        QCOMPARE(direct.json()[QStringLiteral("actions")].toArray()[0].toObject()[QStringLiteral("action")].toString(),
                 QStringLiteral("skip-equal"));
    }

    // Neither a tools dir nor a seed root: a usage error (exit 2, DESIGN.md) with the reason on
    // one line, nothing on stdout, nothing written.
    void neitherIsRefused_data()
    {
        QTest::addColumn<QString>("file"); // what the folder holds
        QTest::newRow("empty") << QString();
        QTest::newRow("folders without TOOL.md") << QStringLiteral("docs/guide.md");
        QTest::newRow("one tool's own dir") << QStringLiteral("TOOL.md");
    }
    void neitherIsRefused()
    {
        QFETCH(QString, file);
        const QString picked = m_tmp.path() + QStringLiteral("/picked");
        QDir(picked).removeRecursively();
        QVERIFY(QDir().mkpath(picked));
        if (!file.isEmpty())
            writeFile(picked + u'/' + file, toolMd("t", 1));
        for (const QStringList &extra : {QStringList{}, QStringList{QStringLiteral("--json")}}) {
            const Run r = run(QStringList{QStringLiteral("sync"), QStringLiteral("--seed"), picked, QStringLiteral("--data"), m_data} + extra);
            QCOMPARE(r.code, 2);
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(r.err.contains("is not a seed") && r.err.contains("tools/"), r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/tools")));
    }

    // A seed subdirectory without TOOL.md is reported as skipped with its reason, not planned.
    void dirWithoutToolMdIsSkipped()
    {
        writeFile(m_root + QStringLiteral("/tools/notes/README.md"), "not a tool\n");
        const Run json = run({QStringLiteral("sync"), QStringLiteral("--seed"), m_root + QStringLiteral("/tools"),
                              QStringLiteral("--data"), m_data, QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject o = json.json().object();
        QCOMPARE(dirsOf(o[QStringLiteral("actions")].toArray()), (QStringList{QStringLiteral("hello"), QStringLiteral("stats")}));
        const QJsonArray skipped = o[QStringLiteral("skipped")].toArray();
        QCOMPARE(skipped.size(), 1);
        QCOMPARE(skipped[0].toObject().keys(), (QStringList{QStringLiteral("dir"), QStringLiteral("reason")}));
        QCOMPARE(skipped[0].toObject()[QStringLiteral("dir")].toString(), QStringLiteral("notes"));
        QVERIFY(skipped[0].toObject()[QStringLiteral("reason")].toString().contains(QStringLiteral("no TOOL.md")));
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/tools/notes")));

        const Run text = run({QStringLiteral("sync"), QStringLiteral("--seed"), m_root + QStringLiteral("/tools"),
                              QStringLiteral("--data"), m_data, QStringLiteral("--dry-run")});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("skipped     notes  no TOOL.md"), text.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliSync)
#include "tst_clisync.moc"
