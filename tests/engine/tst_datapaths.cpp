// Where things live: the embedded default DATA_PATH and its first-use preparation (TOOLS.md's
// layout: DATA_PATH/tools synced from the seed, DATA_PATH/<email>/tools), the order --data,
// $DATA_PATH and the default are chosen in, the default user, and the shared data dir — from
// the source tree only for programs in the build tree, never for an installed copy; and the
// one opener of the CLI and the GUI (--data, $DATA_PATH, the embedded default prepared).

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
        QCOMPARE(sharedDataDir(), QDir::cleanPath(TW_SOURCE_DIR));
        QCOMPARE(bundledSeedToolsDir(), QDir::cleanPath(TW_SOURCE_DIR) + QStringLiteral("/seed/tools"));

        // TOOLWRIGHT_SHARE_DIR wins when it holds a seed; one without is passed over.
        QTemporaryDir share;
        QVERIFY(QDir().mkpath(share.path() + QStringLiteral("/seed/tools")));
        qputenv("TOOLWRIGHT_SHARE_DIR", (share.path() + QStringLiteral("/")).toUtf8());
        QCOMPARE(sharedDataDir(), share.path());
        QCOMPARE(bundledSeedToolsDir(), share.path() + QStringLiteral("/seed/tools"));
        qputenv("TOOLWRIGHT_SHARE_DIR", (share.path() + QStringLiteral("/seed")).toUtf8());
        QCOMPARE(sharedDataDir(), QDir::cleanPath(TW_SOURCE_DIR));
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

    // The one opener of the CLI and the GUI (issue 22): which dir, which user, prepared or not,
    // and when it is an error. "dir" is an existing data dir, "missing" one that is not there,
    // "embedded" the embedded default (of a fresh $XDG_DATA_HOME for each row); "-" is unset.
    void openDataPath_data()
    {
        QTest::addColumn<QString>("given");    // --data
        QTest::addColumn<QString>("env");      // $DATA_PATH
        QTest::addColumn<QString>("user");     // --user
        QTest::addColumn<QString>("opened");   // the dir opened
        QTest::addColumn<QString>("openedAs"); // the user it is opened for; "default": defaultUserEmail()
        QTest::addColumn<bool>("ok");
        const QString none = QStringLiteral("-");
        const QString dir = QStringLiteral("dir"), missing = QStringLiteral("missing"), embedded = QStringLiteral("embedded");
        const QString bob = QStringLiteral("bob@example.com"), deflt = QStringLiteral("default");
        QTest::newRow("--data") << dir << none << QString() << dir << QString() << true;
        QTest::newRow("--data with --user") << dir << none << bob << dir << bob << true;
        QTest::newRow("--data missing") << missing << none << QString() << missing << QString() << false;
        QTest::newRow("--data before DATA_PATH") << dir << missing << QString() << dir << QString() << true;
        QTest::newRow("DATA_PATH") << none << dir << bob << dir << bob << true;
        QTest::newRow("DATA_PATH missing") << none << missing << QString() << missing << QString() << false;
        QTest::newRow("DATA_PATH empty") << none << QString() << QString() << embedded << deflt << true;
        QTest::newRow("embedded") << none << none << QString() << embedded << deflt << true;
        QTest::newRow("embedded with --user") << none << none << bob << embedded << bob << true;
    }
    void openDataPath()
    {
        QFETCH(QString, given);
        QFETCH(QString, env);
        QFETCH(QString, user);
        QFETCH(QString, opened);
        QFETCH(QString, openedAs);
        QFETCH(bool, ok);
        QTemporaryDir tmp;
        const EnvGuard dataPathGuard("DATA_PATH");
        const EnvGuard homeGuard("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", (tmp.path() + QStringLiteral("/home")).toUtf8());
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/dir")));
        const auto path = [&](const QString &which) {
            return which == u"embedded" ? embeddedDataPath() : tmp.path() + u'/' + which;
        };
        QVERIFY(embeddedDataPath().startsWith(tmp.path())); // never the user's own
        env == u"-" ? qunsetenv("DATA_PATH") : qputenv("DATA_PATH", env.isEmpty() ? QByteArray() : path(env).toUtf8());

        const OpenedDataPath r = tw::engine::openDataPath(given == u"-" ? QString() : path(given), user);
        QCOMPARE(r.path, path(opened));
        QCOMPARE(r.user, openedAs == u"default" ? defaultUserEmail() : openedAs);
        QCOMPARE(r.embedded, opened == u"embedded");
        QCOMPARE(r.warnings, QStringList());
        QCOMPARE(r.ok(), ok);
        QCOMPARE(r.error, ok ? QString() : QStringLiteral("data dir %1 does not exist").arg(path(opened)));
        if (r.embedded) {
            // Prepared: the seed's tools and the user's tools dir, as prepareTheEmbeddedDataPath.
            QVERIFY(QFileInfo(r.path + QStringLiteral("/tools")).isDir());
            QVERIFY(QFileInfo(r.path + u'/' + r.user + QStringLiteral("/tools")).isDir());
        } else {
            // Nothing is created in a DATA_PATH the user named, nor the embedded default.
            QCOMPARE(QDir(tmp.path() + QStringLiteral("/dir")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
            QVERIFY(!QFileInfo::exists(tmp.path() + QStringLiteral("/missing")));
            QVERIFY(!QFileInfo::exists(embeddedDataPath()));
        }
    }

    // An embedded default that cannot be made (a file where its dir goes): the warnings of the
    // preparation, then the error, so that neither the CLI nor the GUI opens nothing silently.
    void openUnusableEmbeddedDataPath()
    {
        QTemporaryDir tmp;
        const EnvGuard dataPathGuard("DATA_PATH");
        const EnvGuard homeGuard("XDG_DATA_HOME");
        qunsetenv("DATA_PATH");
        qputenv("XDG_DATA_HOME", tmp.path().toUtf8());
        QVERIFY(QDir().mkpath(QFileInfo(embeddedDataPath()).path()));
        tw::test::writeFile(embeddedDataPath(), "not a directory");
        const OpenedDataPath r = tw::engine::openDataPath(QString());
        QVERIFY(r.embedded);
        QVERIFY2(r.warnings.join(u'\n').contains(QStringLiteral("cannot create")), qPrintable(r.warnings.join(u'\n')));
        QVERIFY(!r.ok());
        QCOMPARE(r.error, QStringLiteral("data dir %1 does not exist").arg(embeddedDataPath()));
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
