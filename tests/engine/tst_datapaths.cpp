// Where things live: the embedded default DATA_PATH and its first-use preparation (TOOLS.md's
// layout: DATA_PATH/tools synced from the seed, DATA_PATH/<email>/tools), the order --data,
// $DATA_PATH and the default are chosen in, the default user, and the shared data dir — from
// the source tree only for programs in the build tree, never for an installed copy.

#include "catalog/catalog.h"
#include "fixture.h"
#include "sync/datapaths.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

#include <unistd.h>

using namespace tw::engine;

namespace {

// Restores an environment variable when the test is done with it.
class EnvGuard final
{
public:
    explicit EnvGuard(const char *name) : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_value(qgetenv(name)) {}
    ~EnvGuard() { m_had ? qputenv(m_name, m_value) : qunsetenv(m_name); }
    Q_DISABLE_COPY_MOVE(EnvGuard)

private:
    const char *m_name;
    bool m_had;
    QByteArray m_value;
};

// This test program copied to `prefix`/bin and run there: what sharedDataDir() says for an
// installed program.
QString sharedDataDirOfCopyIn(const QString &prefix)
{
    const QString exe = prefix + QStringLiteral("/bin/toolwright");
    if (!QDir().mkpath(prefix + QStringLiteral("/bin")))
        return QStringLiteral("(cannot create %1/bin)").arg(prefix);
    // A hard link where the file system allows (a symlink would be resolved back to the build
    // tree by applicationDirPath()), else a copy.
    if (::link(QFile::encodeName(QCoreApplication::applicationFilePath()).constData(), QFile::encodeName(exe).constData()) != 0
        && !QFile::copy(QCoreApplication::applicationFilePath(), exe))
        return QStringLiteral("(cannot copy the test program)");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("TOOLWRIGHT_SHARE_DIR"));
    p.setProcessEnvironment(env);
    p.start(exe, {QStringLiteral("--print-shared-data-dir")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return QStringLiteral("(the copy failed: %1)").arg(QString::fromLocal8Bit(p.readAllStandardError()));
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace

class TestDataPaths final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // README: the embedded default is ~/.local/share/toolwright/toolwright/data.
    void embeddedDefault()
    {
        QCOMPARE(embeddedDataPath(), qEnvironmentVariable("XDG_DATA_HOME") + QStringLiteral("/toolwright/toolwright/data"));
    }

    void defaultUser_data()
    {
        QTest::addColumn<QByteArray>("user");
        QTest::addColumn<bool>("set");
        QTest::addColumn<QString>("email");
        QTest::newRow("USER") << QByteArray("alice") << true << QStringLiteral("alice@localhost");
        QTest::newRow("unset") << QByteArray() << false << QStringLiteral("user@localhost");
        QTest::newRow("empty") << QByteArray() << true << QStringLiteral("user@localhost");
        // A slash would make the email a path below DATA_PATH.
        QTest::newRow("slash") << QByteArray("../etc") << true << QStringLiteral("user@localhost");
    }
    void defaultUser()
    {
        QFETCH(QByteArray, user);
        QFETCH(bool, set);
        QFETCH(QString, email);
        const EnvGuard guard("USER");
        set ? qputenv("USER", user) : qunsetenv("USER");
        QCOMPARE(defaultUserEmail(), email);
        QVERIFY(email.contains(u'@')); // DESIGN.md: a user directory is a name with '@'
    }

    // DESIGN.md: --data, then $DATA_PATH, then the embedded default; always absolute and clean.
    void resolveOrder()
    {
        const EnvGuard guard("DATA_PATH");
        qunsetenv("DATA_PATH");
        QCOMPARE(resolveDataPath(QString()), embeddedDataPath());
        qputenv("DATA_PATH", "/srv/platform/data/");
        QCOMPARE(resolveDataPath(QString()), QStringLiteral("/srv/platform/data"));
        QCOMPARE(resolveDataPath(QStringLiteral("/other//data/./")), QStringLiteral("/other/data"));
        QCOMPARE(resolveDataPath(QStringLiteral("rel/../data")), QDir::currentPath() + QStringLiteral("/data"));
        qputenv("DATA_PATH", "relative");
        QCOMPARE(resolveDataPath(QString()), QDir::currentPath() + QStringLiteral("/relative"));
        qputenv("DATA_PATH", "");
        QCOMPARE(resolveDataPath(QString()), embeddedDataPath()); // empty counts as unset
    }

    // Run from the build tree: the checkout's seed/ and resources/.
    void sharedDataDirInTheBuildTree()
    {
        const EnvGuard guard("TOOLWRIGHT_SHARE_DIR");
        qunsetenv("TOOLWRIGHT_SHARE_DIR");
        QCOMPARE(sharedDataDir(), QDir::cleanPath(QStringLiteral(TW_SOURCE_DIR)));
        QCOMPARE(bundledSeedToolsDir(), QDir::cleanPath(QStringLiteral(TW_SOURCE_DIR)) + QStringLiteral("/seed/tools"));

        // TOOLWRIGHT_SHARE_DIR wins when it holds a seed; one without is passed over.
        QTemporaryDir share;
        QVERIFY(QDir().mkpath(share.path() + QStringLiteral("/seed/tools")));
        qputenv("TOOLWRIGHT_SHARE_DIR", (share.path() + QStringLiteral("/")).toUtf8());
        QCOMPARE(sharedDataDir(), share.path());
        QCOMPARE(bundledSeedToolsDir(), share.path() + QStringLiteral("/seed/tools"));
        qputenv("TOOLWRIGHT_SHARE_DIR", (share.path() + QStringLiteral("/seed")).toUtf8());
        QCOMPARE(sharedDataDir(), QDir::cleanPath(QStringLiteral(TW_SOURCE_DIR)));
    }

    // An installed program reads <prefix>/share/toolwright, and never the checkout it was
    // built from, even when that is still on disk.
    void sharedDataDirOfAnInstalledProgram()
    {
        QTemporaryDir tmp;
        const QString installed = tmp.path() + QStringLiteral("/usr");
        QVERIFY(QDir().mkpath(installed + QStringLiteral("/share/toolwright/seed/tools")));
        QCOMPARE(sharedDataDirOfCopyIn(installed), installed + QStringLiteral("/share/toolwright"));
        QCOMPARE(sharedDataDirOfCopyIn(tmp.path() + QStringLiteral("/bare")), QString());
    }

    // First use of the embedded data dir: the bundled seed synced into DATA_PATH/tools and the
    // default user's tools dir made — a DATA_PATH the platform would load as it is.
    void prepareTheEmbeddedDataPath()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        const QString user = QStringLiteral("me@localhost");
        QCOMPARE(prepareEmbeddedDataPath(data, user), QStringList());
        QVERIFY(QFileInfo(data + QStringLiteral("/me@localhost/tools")).isDir());
        const QStringList seed = QDir(bundledSeedToolsDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(!seed.isEmpty());
        QCOMPARE(QDir(data + QStringLiteral("/tools")).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name), seed);
        for (const QString &dir : seed)
            QCOMPARE(tw::test::readFile(data + QStringLiteral("/tools/") + dir + QStringLiteral("/TOOL.md")),
                     tw::test::readFile(bundledSeedToolsDir() + u'/' + dir + QStringLiteral("/TOOL.md")));
        const Catalog c = scanDataPath(data);
        QCOMPARE(c.global.tools.size(), seed.size()); // every seed tool loads
        QVERIFY(c.global.skipped.isEmpty());
        QCOMPARE(c.userEmails(), QStringList{user});
        QVERIFY(c.users[0].exists);
        QVERIFY(c.users[0].tools.isEmpty());

        // Again (every start): nothing to do, a user's edit of a global tool at a higher version kept.
        const QString edited = data + QStringLiteral("/tools/") + seed.first() + QStringLiteral("/TOOL.md");
        QByteArray md = tw::test::readFile(edited);
        md.replace("\nversion: ", "\nversion: 100");
        QVERIFY(md.contains("\nversion: 100"));
        tw::test::writeFile(edited, md);
        QCOMPARE(prepareEmbeddedDataPath(data, user), QStringList());
        QCOMPARE(tw::test::readFile(edited), md);
        QVERIFY(!QFileInfo::exists(data + QStringLiteral("/.toolwright-staging")));
    }
};

int main(int argc, char *argv[])
{
    if (argc == 2 && qstrcmp(argv[1], "--print-shared-data-dir") == 0) {
        QCoreApplication app(argc, argv);
        std::fputs(sharedDataDir().toUtf8().constData(), stdout);
        return 0;
    }
    // The embedded data dir of this run only, never the user's.
    QTemporaryDir home;
    qputenv("XDG_DATA_HOME", home.path().toUtf8());
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("toolwright"));
    QCoreApplication::setApplicationName(QStringLiteral("toolwright"));
    TestDataPaths test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_datapaths.moc"
