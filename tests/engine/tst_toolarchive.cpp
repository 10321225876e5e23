// Export and import of tools as .zip: round trip with modes, and hostile archives refused.

#include "authoring/toolarchive.h"
#include "authoring/toolworkspace.h"
#include "catalog/catalog.h"
#include "fixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <zip.h>

using namespace tw::engine;
using tw::test::readFile;

namespace {

using ZipEntries = QList<std::tuple<QByteArray, QByteArray, unsigned>>;

// Writes a zip with the given entries (name → bytes); a mode of 0120777 makes a symlink entry.
void writeZip(const QString &path, const ZipEntries &entries)
{
    int error = 0;
    zip_t *za = zip_open(QFile::encodeName(path).constData(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    QVERIFY(za);
    QList<QByteArray> keep; // libzip reads buffers at close
    for (const auto &[name, bytes, mode] : entries) {
        keep.append(bytes);
        zip_source_t *src = zip_source_buffer(za, keep.last().constData(), zip_uint64_t(keep.last().size()), 0);
        const zip_int64_t idx = zip_file_add(za, name.constData(), src, ZIP_FL_ENC_UTF_8);
        QVERIFY(idx >= 0);
        zip_file_set_external_attributes(za, zip_uint64_t(idx), 0, ZIP_OPSYS_UNIX, zip_uint32_t(mode) << 16);
    }
    QCOMPARE(zip_close(za), 0);
}

const QByteArray kMd = "---\nname: zipped\ndescription: From a zip.\nversion: 1\n---\n\n# Zipped\n";
const QByteArray kEntry = "export async function execute() {\n  try {\n    return { content: [] };\n  } catch (e) {\n"
                          "    return { content: [], isError: true };\n  }\n}\n";

} // namespace

Q_DECLARE_METATYPE(ZipEntries)

class TestToolArchive final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;

private Q_SLOTS:
    void init()
    {
        m_data = m_tmp.path() + QStringLiteral("/data");
        tw::test::resetFixtureDataPath(m_data);
    }

    void roundTrip()
    {
        const QString tool = m_tmp.path() + QStringLiteral("/src/round_trip");
        QDir(tool).removeRecursively();
        tw::test::makeTool(QFileInfo(tool).absolutePath(), QStringLiteral("round_trip"), tw::test::toolMd("round_trip"));
        tw::test::writeFile(tool + QStringLiteral("/bin/run.sh"), "#!/bin/sh\necho hi\n");
        QFile::setPermissions(tool + QStringLiteral("/bin/run.sh"), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), tool + QStringLiteral("/leak")));
        const QString zip = m_tmp.path() + QStringLiteral("/round_trip.zip");
        QCOMPARE(exportToolZip(tool, zip), QString());

        const Catalog catalog = scanDataPath(m_data);
        const WorkspaceResult r = importTool(catalog, QStringLiteral("carol@example.com"), zip);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.dir, m_data + QStringLiteral("/carol@example.com/tools/round_trip"));
        QCOMPARE(readFile(r.dir + QStringLiteral("/TOOL.md")), readFile(tool + QStringLiteral("/TOOL.md")));
        QCOMPARE(readFile(r.dir + QStringLiteral("/index.ts")), readFile(tool + QStringLiteral("/index.ts")));
        QVERIFY(QFileInfo(r.dir + QStringLiteral("/bin/run.sh")).isExecutable());
        QVERIFY(!QFileInfo::exists(r.dir + QStringLiteral("/leak"))); // links are not exported
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")));
        // Importing it again clashes with the user's own tool.
        QVERIFY(importTool(scanDataPath(m_data), QStringLiteral("carol@example.com"), zip).error.contains(QStringLiteral("already")));
    }

    void archiveWithToolAtItsRoot()
    {
        const QString zip = m_tmp.path() + QStringLiteral("/flat_tool.zip");
        writeZip(zip, {{"TOOL.md", kMd, 0100644}, {"index.ts", kEntry, 0100644}});
        const WorkspaceResult r = importTool(scanDataPath(m_data), QStringLiteral("carol@example.com"), zip);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.dir.endsWith(QStringLiteral("/tools/flat_tool")));
    }

    void hostileArchives_data()
    {
        QTest::addColumn<ZipEntries>("entries");
        QTest::addColumn<QString>("message");
        QTest::newRow("zip-slip") << ZipEntries{
            {"t/TOOL.md", kMd, 0100644}, {"t/index.ts", kEntry, 0100644}, {"t/../../evil.sh", "boom", 0100755}}
                                  << QStringLiteral("outside the tool");
        QTest::newRow("absolute") << ZipEntries{{"/etc/evil", "x", 0100644}}
                                  << QStringLiteral("outside the tool");
        QTest::newRow("symlink") << ZipEntries{
            {"t/TOOL.md", kMd, 0100644}, {"t/index.ts", "/etc/passwd", 0120777}}
                                 << QStringLiteral("symlink");
        QTest::newRow("no-tool") << ZipEntries{{"a/readme.txt", "x", 0100644},
                                                                                         {"b/readme.txt", "x", 0100644}}
                                 << QStringLiteral("holds no tool");
        QTest::newRow("not-loadable") << ZipEntries{{"t/TOOL.md", kMd, 0100644}}
                                      << QStringLiteral("not a tool the platform would load");
    }
    void hostileArchives()
    {
        QFETCH(ZipEntries, entries);
        QFETCH(QString, message);
        const QString zip = m_tmp.path() + QStringLiteral("/hostile.zip");
        writeZip(zip, entries);
        const WorkspaceResult r = importTool(scanDataPath(m_data), QStringLiteral("carol@example.com"), zip);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(message), qPrintable(r.error));
        QVERIFY(!QFileInfo::exists(m_tmp.path() + QStringLiteral("/evil.sh")));
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/carol@example.com/tools")) ||
                QDir(m_data + QStringLiteral("/carol@example.com/tools")).isEmpty());
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")) ||
                QDir(m_data + QStringLiteral("/.toolwright-staging")).isEmpty());
    }

    void importDirectory()
    {
        const WorkspaceResult r = importTool(scanDataPath(m_data), QStringLiteral("carol@example.com"),
                                             m_data + QStringLiteral("/alice@example.com/tools/todo"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(readFile(r.dir + QStringLiteral("/TOOL.md")), readFile(m_data + QStringLiteral("/alice@example.com/tools/todo/TOOL.md")));
        QVERIFY(!importTool(scanDataPath(m_data), QStringLiteral("carol@example.com"), m_tmp.path() + QStringLiteral("/nope")).ok());
    }
};

QTEST_GUILESS_MAIN(TestToolArchive)
#include "tst_toolarchive.moc"
