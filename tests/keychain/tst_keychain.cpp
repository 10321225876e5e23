// The real keychain: QtKeychain against the gnome-keyring Secret Service of the D-Bus session
// that scripts/with-keyring starts (the suite fails, not skips, when there is none). It stores,
// reads and deletes through KeychainSecretStore and the CLI, runs a tool whose sensitive input
// comes from the keychain, and proves the secret reaches no argv, no file under the app's
// directories and no history row (DESIGN.md "Secrets").

#include "fixture.h"
#include "secrets/secretstore.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include "run/runinputs.h"
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace tw::engine;

namespace {

const QString kUser = QStringLiteral("kim@example.com");

// Every process's argv on the machine, as one string each.
QStringList allCommandLines()
{
    QStringList lines;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        if (!pid.front().isDigit())
            continue;
        QFile f(QStringLiteral("/proc/") + pid + QStringLiteral("/cmdline"));
        if (f.open(QIODevice::ReadOnly))
            lines << QString::fromUtf8(f.readAll().replace('\0', ' '));
    }
    return lines;
}


} // namespace

class TestKeychain final : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_home;    // XDG_* and TMPDIR of every toolwright process this suite starts
    QTemporaryDir m_data;    // the DATA_PATH
    // A value no test writes anywhere but into the keychain.
    const QByteArray m_secret = "kc-" + QByteArray::number(QCoreApplication::applicationPid()) + "-s3cr3t-t0ken";

    QString dir(const char *name) const { return m_home.path() + u'/' + QLatin1String(name); }

    QProcessEnvironment cliEnv() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.remove(QStringLiteral("DATA_PATH"));
        e.insert(QStringLiteral("XDG_DATA_HOME"), dir("data"));
        e.insert(QStringLiteral("XDG_CONFIG_HOME"), dir("config"));
        e.insert(QStringLiteral("XDG_CACHE_HOME"), dir("cache"));
        e.insert(QStringLiteral("XDG_STATE_HOME"), dir("state"));
        e.insert(QStringLiteral("TMPDIR"), dir("tmp"));
        return e;
    }

    struct Cli
    {
        int code = -1;
        QByteArray out, err;
        QStringList leakedArgv;
        bool sawSandbox = false; // the watch saw the harness's own command line at least once
    };

    // Runs the CLI, watching every process's argv for the secret while it runs.
    Cli cli(const QStringList &args, const QByteArray &stdinBytes = {})
    {
        QProcess p;
        p.setProcessEnvironment(cliEnv());
        p.start(TW_BINARY, args);
        Cli r;
        if (!p.waitForStarted())
            return r;
        if (!stdinBytes.isEmpty())
            p.write(stdinBytes);
        p.closeWriteChannel();
        QElapsedTimer t;
        t.start();
        while (!p.waitForFinished(20) && t.elapsed() < 60000) {
            for (const QString &line : allCommandLines()) {
                if (line.contains(QString::fromUtf8(m_secret)))
                    r.leakedArgv << line;
                r.sawSandbox = r.sawSandbox || line.contains(QStringLiteral("harness.mjs"));
            }
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    // A plain process run with its own environment (no argv watch).
    Cli plain(const QString &program, const QStringList &args, const QProcessEnvironment &env, const QByteArray &stdinBytes = {})
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(program, args);
        Cli r;
        if (!p.waitForStarted())
            return r;
        p.write(stdinBytes);
        p.closeWriteChannel();
        p.waitForFinished(60000);
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private Q_SLOTS:
    // Each test starts with an empty keychain for the tool, whatever the last one left.
    void cleanup()
    {
        KeychainSecretStore store;
        for (const QString &key : {secretKey(kUser, QStringLiteral("vault"), QStringLiteral("token")),
                                   secretKey(kUser, QStringLiteral("vault"), QStringLiteral("note")),
                                   resourceSecretKey(kUser, QStringLiteral("apify"))})
            QVERIFY(store.removeNow(key).status != SecretResult::Status::Failed);
        QSettings().remove(QStringLiteral("integrations"));
    }

    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
                 "no D-Bus session: run this suite through scripts/with-keyring (scripts/test does)");
        QVERIFY(m_home.isValid() && m_data.isValid());
        for (const char *d : {"data", "config", "cache", "state", "tmp"})
            QVERIFY(QDir().mkpath(dir(d)));
        // This process's own QSettings go to the private config dir too.
        qputenv("XDG_CONFIG_HOME", dir("config").toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("toolwright"));
        QCoreApplication::setApplicationName(QStringLiteral("toolwright"));

        // A user tool with a sensitive input that sleeps so the argv watch sees the live sandbox,
        // then echoes what it got (the runner must mask it) and what the environment holds.
        tw::test::makeTool(m_data.path() + u'/' + kUser + QStringLiteral("/tools"), QStringLiteral("vault"),
                           tw::test::toolMd("vault", 1,
                                            "inputs:\n  token:\n    type: string\n    description: API token.\n"
                                            "    sensitive: true\n  note:\n    type: string\n    description: A note.\n"
                                            "    optional: true\n"),
                           "export async function execute(_id, params, _signal, onUpdate) {\n"
                           "  onUpdate?.({ content: [{ type: 'text', text: 'using ' + params.token }] });\n"
                           "  console.log('log line with ' + params.token);\n"
                           "  await new Promise((r) => setTimeout(r, 1500));\n"
                           "  return { content: [{ type: 'text', text: 'token=' + params.token + ' apify=' +\n"
                           "    (process.env.OFFICER_APIFY_TOKEN ?? 'unset') }] };\n"
                           "}\n",
                           QStringLiteral("index.js"));
    }

    void storeReadDelete()
    {
        KeychainSecretStore store;
        const QString key = secretKey(kUser, QStringLiteral("direct"), QStringLiteral("password"));
        QCOMPARE(store.writeNow(key, QStringLiteral("pässwörd ✓")).status, SecretResult::Status::Ok);
        const SecretResult read = store.readNow(key);
        QCOMPARE(read.status, SecretResult::Status::Ok);
        QCOMPARE(read.value, QStringLiteral("pässwörd ✓"));

        // It is the Secret Service that holds it, not some fallback of QtKeychain's.
        QProcess tool;
        tool.start(QStringLiteral("secret-tool"), {QStringLiteral("search"), QStringLiteral("--all"),
                                                    QStringLiteral("user"), key});
        QVERIFY(tool.waitForFinished(10000));
        const QByteArray listing = tool.readAllStandardOutput() + tool.readAllStandardError();
        QVERIFY2(listing.contains("attribute.server = toolwright"), listing.constData());

        QCOMPARE(store.removeNow(key).status, SecretResult::Status::Ok);
        QCOMPARE(store.readNow(key).status, SecretResult::Status::NotFound);
        QCOMPARE(store.removeNow(key).status, SecretResult::Status::NotFound);
    }

    // The backend is looked for once, off the calling thread, and never again once found (a
    // D-Bus call per operation once blocked the GUI thread).
    void theBackendIsFoundOnce()
    {
        KeychainSecretStore store;
        const QString key = secretKey(kUser, QStringLiteral("direct"), QStringLiteral("once"));
        QCOMPARE(store.writeNow(key, QStringLiteral("v")).status, SecretResult::Status::Ok);
        const int found = keychainBackendDetections();
        QVERIFY(found >= 1);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(store.readNow(key).value, QStringLiteral("v"));
        QCOMPARE(store.removeNow(key).status, SecretResult::Status::Ok);
        QCOMPARE(keychainBackendDetections(), found);
    }

    void cliSetGetDelete()
    {
        const QStringList id{QStringLiteral("vault"), QStringLiteral("note"), QStringLiteral("--user"), kUser};
        QCOMPARE(cli(QStringList{QStringLiteral("secret"), QStringLiteral("set")} + id, "first value\n").code, 0);
        Cli got = cli(QStringList{QStringLiteral("secret"), QStringLiteral("get")} + id);
        QCOMPARE(got.code, 0);
        QCOMPARE(got.out, QByteArray("first value\n"));
        // set replaces
        QCOMPARE(cli(QStringList{QStringLiteral("secret"), QStringLiteral("set")} + id, "second").code, 0);
        QCOMPARE(cli(QStringList{QStringLiteral("secret"), QStringLiteral("get")} + id).out, QByteArray("second\n"));
        // The same entry through the library: the CLI writes exactly the DESIGN.md key.
        KeychainSecretStore store;
        QCOMPARE(store.readNow(QStringLiteral("kim@example.com/vault/note")).value, QStringLiteral("second"));

        QCOMPARE(cli(QStringList{QStringLiteral("secret"), QStringLiteral("delete")} + id).code, 0);
        got = cli(QStringList{QStringLiteral("secret"), QStringLiteral("get")} + id);
        QCOMPARE(got.code, 1);
        QVERIFY(got.err.contains("no secret stored for kim@example.com/vault/note"));
        QCOMPARE(cli(QStringList{QStringLiteral("secret"), QStringLiteral("delete")} + id).code, 1);
        // No value on stdin is a usage error, not an empty secret.
        QCOMPARE(cli(QStringList{QStringLiteral("secret"), QStringLiteral("set")} + id).code, 2);
        QCOMPARE(store.readNow(QStringLiteral("kim@example.com/vault/note")).status, SecretResult::Status::NotFound);
    }

    void runWithASecretFromTheKeychain_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::newRow("bwrap") << QStringLiteral("bwrap");
        QTest::newRow("podman") << QStringLiteral("podman");
    }

    void runWithASecretFromTheKeychain()
    {
        QFETCH(QString, runtime);
        // The token arrives only on stdin: `secret set` reads it there. With --data it is bound
        // to the vault tool there (the user's own), which the run then finds unchanged.
        const Cli set = cli({QStringLiteral("secret"), QStringLiteral("set"), QStringLiteral("vault"), QStringLiteral("token"),
                             QStringLiteral("--user"), kUser, QStringLiteral("--data"), m_data.path()},
                            m_secret + '\n');
        QCOMPARE(set.code, 0);
        QVERIFY(set.leakedArgv.isEmpty());

        // An integration token too, which travels in the sandbox's environment (`-e NAME` for podman).
        const QByteArray apify = "apify-" + m_secret;
        {
            QSettings s;
            s.setValue(QStringLiteral("integrations/") + kUser + QStringLiteral("/apifyToken"), true);
            if (runtime == u"podman") {
                s.setValue(QStringLiteral("runtime/image"), QStringLiteral("localhost/toolwright-node:test"));
                s.setValue(QStringLiteral("runtime/podmanArgs"), tw::test::podmanHostLimitArgs());
            }
            s.sync();
            KeychainSecretStore store;
            QCOMPARE(store.writeNow(resourceSecretKey(kUser, QStringLiteral("apify")), QString::fromUtf8(apify)).status,
                     SecretResult::Status::Ok);
        }

        const Cli r = cli({QStringLiteral("run"), QStringLiteral("vault"), QStringLiteral("--data"), m_data.path(),
                           QStringLiteral("--user"), kUser, QStringLiteral("--runtime"), runtime,
                           QStringLiteral("--params"), QStringLiteral(R"({"note":"hi"})"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.leakedArgv.isEmpty(), qPrintable(r.leakedArgv.join(u'\n')));
        QVERIFY(r.sawSandbox);

        // The tool got both values (it echoed them back) and every pane shows them masked.
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        const QJsonObject result = QJsonDocument::fromJson(lines.value(lines.size() - 2)).object();
        QCOMPARE(result[QStringLiteral("type")].toString(), QStringLiteral("result"));
        QCOMPARE(result[QStringLiteral("content")].toArray()[0].toObject()[QStringLiteral("text")].toString(),
                 QStringLiteral("token=%1 apify=%1").arg(kSecretMarker));
        QCOMPARE(QJsonDocument::fromJson(lines.last()).object()[QStringLiteral("runtime")].toString(), runtime);
        QVERIFY2(!r.out.contains(m_secret) && !r.err.contains(m_secret), r.out.constData());
        QVERIFY(r.err.contains(QByteArray("log line with " + kSecretMarker.toUtf8())));

        // No file the program wrote holds it: settings, history, caches, temp dirs, the data dir.
        for (const QString &root : {m_home.path(), m_data.path()}) {
            const QStringList hits = tw::test::filesContaining(root, m_secret);
            QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
        }
        // The history row exists and holds the marker where the token was.
        const QString historyPath = dir("data") + QStringLiteral("/toolwright/toolwright/history.sqlite");
        QVERIFY2(QFileInfo::exists(historyPath), qPrintable(historyPath));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
            db.setDatabaseName(historyPath);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT * FROM runs ORDER BY id DESC LIMIT 1")));
            QVERIFY(q.next());
            const QString row = [&] {
                QStringList cols;
                for (int c = 0; c < q.record().count(); ++c)
                    cols << q.value(c).toString();
                return cols.join(u'|');
            }();
            QVERIFY2(!row.contains(QString::fromUtf8(m_secret)), qPrintable(row));
            QVERIFY2(row.contains(kSecretMarker), qPrintable(row));
            QVERIFY(row.contains(QStringLiteral("vault")));
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("check"));
    }

    void theBackendInUseIsNamed()
    {
        const Cli r = cli({QStringLiteral("secret"), QStringLiteral("status")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("store: OS keychain: Secret Service (gnome-keyring-daemon)"), r.out.constData());
    }

    void withoutAKeychainNothingIsStoredElsewhere_data()
    {
        QTest::addColumn<bool>("privateBus");
        QTest::newRow("no session bus") << false;
        QTest::newRow("a bus without a keychain service") << true;
    }

    void withoutAKeychainNothingIsStoredElsewhere()
    {
        QFETCH(bool, privateBus);
        QProcessEnvironment env = cliEnv();
        QString program = TW_BINARY;
        QStringList prefix;
        if (privateBus) {
            // A session bus of its own that knows no services at all: a headless host's bus.
            const QString config = dir("tmp") + QStringLiteral("/bare-session.conf");
            tw::test::writeFile(config,
                                "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
                                " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                                "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen><auth>EXTERNAL</auth>\n"
                                "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
                                "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n");
            program = QStringLiteral("dbus-run-session");
            prefix = {QStringLiteral("--config-file=") + config, QStringLiteral("--"), TW_BINARY};
        } else {
            env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("unix:path=") + dir("tmp") + QStringLiteral("/no-bus"));
        }
        const QString expected = privateBus ? QStringLiteral("neither org.freedesktop.secrets nor KWallet")
                                            : QStringLiteral("there is no D-Bus session bus");
        const Cli status = plain(program, prefix + QStringList{QStringLiteral("secret"), QStringLiteral("status")}, env);
        QCOMPARE(status.code, 1);
        QVERIFY2(status.out.contains(expected.toUtf8()), status.out.constData());
        const Cli set = plain(program, prefix + QStringList{QStringLiteral("secret"), QStringLiteral("set"), QStringLiteral("vault"),
                                                            QStringLiteral("token"), QStringLiteral("--user"), kUser},
                              env, m_secret + '\n');
        QCOMPARE(set.code, 2);
        QVERIFY2(set.err.contains("no OS keychain: ") && set.err.contains(expected.toUtf8()), set.err.constData());
        QVERIFY(set.err.contains("Nothing was stored"));
        QVERIFY(set.err.contains("--store file"));
        // Refused means refused: not in the real keychain, not in any file.
        QCOMPARE(KeychainSecretStore().readNow(secretKey(kUser, QStringLiteral("vault"), QStringLiteral("token"))).status,
                 SecretResult::Status::NotFound);
        const QStringList hits = tw::test::filesContaining(m_home.path(), m_secret);
        QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
    }

    void runWithASecretFromTheEncryptedFile()
    {
        // The explicit alternative: the encrypted file, its passphrase on a file descriptor.
        const QString passFile = dir("tmp") + QStringLiteral("/pass");
        tw::test::writeFile(passFile, "a long test passphrase\n");
        const auto viaFd = [&](const QStringList &args, const QByteArray &stdinBytes = {}) {
            QStringList quoted;
            for (const QString &a : args)
                quoted << tw::engine::shellQuote(a);
            return plain(QStringLiteral("bash"),
                         {QStringLiteral("-c"), QStringLiteral("exec %1 %2 --store file --passphrase-fd 3 3<%3")
                                                    .arg(TW_BINARY, quoted.join(u' '), passFile)},
                         cliEnv(), stdinBytes);
        };
        const Cli set = viaFd({QStringLiteral("secret"), QStringLiteral("set"), QStringLiteral("vault"), QStringLiteral("token"),
                               QStringLiteral("--user"), kUser, QStringLiteral("--data"), m_data.path()},
                              m_secret + '\n');
        QVERIFY2(set.code == 0, set.err.constData());
        const QString file = dir("data") + QStringLiteral("/toolwright/toolwright/secrets.twsecrets");
        QVERIFY(QFileInfo(file).isFile());
        QCOMPARE(QFileInfo(file).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
                                                  | QFileDevice::WriteOther),
                 QFileDevice::Permissions());
        // Not in the keychain: the file was chosen.
        QCOMPARE(KeychainSecretStore().readNow(secretKey(kUser, QStringLiteral("vault"), QStringLiteral("token"))).status,
                 SecretResult::Status::NotFound);
        const Cli r = viaFd({QStringLiteral("run"), QStringLiteral("vault"), QStringLiteral("--data"), m_data.path(),
                             QStringLiteral("--user"), kUser, QStringLiteral("--runtime"), QStringLiteral("bwrap"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains(QStringLiteral("token=%1").arg(kSecretMarker).toUtf8()));
        QVERIFY(!r.out.contains(m_secret) && !r.err.contains(m_secret));
        // In no file in plain text, the secret file included.
        for (const QString &root : {m_home.path(), m_data.path()}) {
            const QStringList hits = tw::test::filesContaining(root, m_secret);
            QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u'\n')));
        }
        // Without a way to give the passphrase, the CLI says what it needs.
        const Cli locked = plain(TW_BINARY, {QStringLiteral("secret"), QStringLiteral("get"), QStringLiteral("vault"),
                                                             QStringLiteral("token"), QStringLiteral("--user"), kUser,
                                                             QStringLiteral("--store"), QStringLiteral("file")},
                                 cliEnv());
        QCOMPARE(locked.code, 2);
        QVERIFY2(locked.err.contains("needs its passphrase"), locked.err.constData());
        QVERIFY(QFile::remove(file));
    }

    void runWithoutTheSecretWarns()
    {
        // Nothing in the keychain and nothing in --params: the CLI says which input is missing.
        const Cli r = cli({QStringLiteral("run"), QStringLiteral("vault"), QStringLiteral("--data"), m_data.path(),
                           QStringLiteral("--user"), kUser, QStringLiteral("--runtime"), QStringLiteral("bwrap"),
                           QStringLiteral("--json")});
        QVERIFY2(r.err.contains("warning: token is required"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
