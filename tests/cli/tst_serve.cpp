// `toolwright serve --stdio` against the built binary (issue 24's server side, protocol 1.2):
// the banner first and nothing else on stdout, initialize's version negotiation (a major
// mismatch names both versions), JSON-RPC's error codes for what is not a request, every path
// held inside the served DATA_PATH (symlinks resolved), and answers in the CLI's JSON shapes:
// catalog.list, lint and overrides are compared with `list`, `lint` and `overrides --json`.

#include "fixture.h"
#include "rpc.h"

#include "catalog/catalogjson.h"
#include "remote/catalogwire.h"
#include "remote/protocol.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;

// The error codes as the protocol documents them (docs/decisions.md "Remote servers"), written
// out: a test that compared with the code's own enum could not see the enum change the wire.
namespace wire {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kVersionMismatch = -32001;
constexpr int kNotInitialized = -32002;
constexpr int kNotFound = -32003;
constexpr int kOutsideDataPath = -32004;
constexpr int kConflict = -32005;
constexpr int kNotBumped = -32006;
} // namespace wire

namespace {

const QString kData = QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"));

struct Session
{
    int code = -1;
    QList<QByteArray> lines; // stdout, line by line, the banner first
    QByteArray err;

    QJsonObject reply(qsizetype i) const { return QJsonDocument::fromJson(lines.value(i + 1)).object(); }
    QJsonValue result(qsizetype i) const { return reply(i)[QStringLiteral("result")]; }
    int errorCode(qsizetype i) const { return reply(i)[QStringLiteral("error")].toObject()[QStringLiteral("code")].toInt(); }
    QString errorMessage(qsizetype i) const
    {
        return reply(i)[QStringLiteral("error")].toObject()[QStringLiteral("message")].toString();
    }
};

// Runs `serve --stdio` with `input` on stdin (then closed) and collects what it printed.
Session serve(const QByteArray &input, const QString &data = kData)
{
    const test::BinaryRun r = test::runBinary({QStringLiteral("serve"), QStringLiteral("--stdio"), QStringLiteral("--data"), data},
                                              QProcessEnvironment::systemEnvironment(), input);
    Session s;
    s.code = r.code;
    QByteArray out = r.out;
    if (out.endsWith('\n'))
        out.chop(1);
    s.lines = out.split('\n');
    s.err = r.err;
    return s;
}

QByteArray request(int id, const QString &method, const QJsonObject &params = {})
{
    return test::rpcRequest(id, method, params);
}

QByteArray initialize(int id = 1, const QString &protocol = engine::protocolVersionText())
{
    return request(id, QStringLiteral("initialize"),
                   {{QStringLiteral("protocolVersion"), protocol},
                    {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("tst_serve")},
                                                               {QStringLiteral("version"), QStringLiteral("9.9.9")}}}});
}

QByteArray cli(const QStringList &args)
{
    return test::runBinary(args).out;
}

} // namespace

class TestServe final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bannerThenInitialize()
    {
        const Session s = serve(initialize());
        QCOMPARE(s.code, 0); // stdin closed: the server ends
        QCOMPARE(s.lines.size(), 2);
        const auto banner = engine::parseBanner(s.lines[0]);
        QVERIFY2(banner, s.lines[0].constData());
        QCOMPARE(banner->toolwrightVersion, QStringLiteral(TOOLWRIGHT_VERSION_FOR_TESTS));
        QCOMPARE(banner->major, engine::kProtocolMajor);
        QCOMPARE(banner->minor, engine::kProtocolMinor);
        const QJsonObject r = s.result(0).toObject();
        QCOMPARE(s.reply(0)[QStringLiteral("id")].toInt(), 1);
        QCOMPARE(r[QStringLiteral("protocolVersion")].toString(), engine::protocolVersionText());
        QCOMPARE(r[QStringLiteral("data_path")].toString(), kData);
        QCOMPARE(r[QStringLiteral("serverInfo")].toObject()[QStringLiteral("version")].toString(),
                 QStringLiteral(TOOLWRIGHT_VERSION_FOR_TESTS));
        const QJsonArray methods = r[QStringLiteral("capabilities")].toObject()[QStringLiteral("methods")].toArray();
        for (const char *m : {"initialize", "catalog.list", "tool.read", "tool.bodies", "tool.save", "lint", "overrides", "cli.run"})
            QVERIFY2(methods.contains(QString::fromLatin1(m)), m);
        QVERIFY(s.err.isEmpty());
    }

    void versionsAreNegotiated()
    {
        // A newer minor is answered with the server's; a different major fails, naming both.
        const QString newerMinor = QStringLiteral("%1.%2").arg(engine::kProtocolMajor).arg(engine::kProtocolMinor + 3);
        const Session minor = serve(initialize(1, newerMinor));
        QCOMPARE(minor.result(0).toObject()[QStringLiteral("protocolVersion")].toString(), engine::protocolVersionText());

        const QString otherMajor = QStringLiteral("%1.0").arg(engine::kProtocolMajor + 1);
        const Session major = serve(initialize(1, otherMajor) + request(2, QStringLiteral("catalog.list")));
        QCOMPARE(major.errorCode(0), wire::kVersionMismatch);
        QCOMPARE(major.errorMessage(0),
                 QStringLiteral("this Toolwright 9.9.9 speaks protocol %1; the server's toolwright %2 speaks protocol %3. "
                                "Install toolwright 9.9.9 on the server, or connect with Toolwright %2.")
                     .arg(otherMajor, QStringLiteral(TOOLWRIGHT_VERSION_FOR_TESTS), engine::protocolVersionText()));
        QCOMPARE(major.errorCode(1), wire::kNotInitialized); // still not initialized

        const Session garbled = serve(initialize(1, QStringLiteral("one")));
        QCOMPARE(garbled.errorCode(0), wire::kInvalidParams);
    }

    void whatIsNotARequestGetsJsonRpcErrors()
    {
        const Session s = serve(request(1, QStringLiteral("catalog.list")) // before initialize
                                + initialize(2)
                                + "this is not JSON\n"
                                + R"({"jsonrpc":"2.0","id":3})" "\n"                          // no method
                                + R"({"jsonrpc":"1.0","id":4,"method":"lint"})" "\n"          // not 2.0
                                + R"({"jsonrpc":"2.0","id":5,"method":"lint","params":[1]})" "\n" // params not an object
                                + request(6, QStringLiteral("tool.delete_everything"))
                                + R"({"jsonrpc":"2.0","method":"overrides"})" "\n"            // a notification: no reply
                                + "\n"                                                         // an empty line: ignored
                                + request(7, QStringLiteral("overrides")));
        QCOMPARE(s.code, 0);
        QCOMPARE(s.errorCode(0), wire::kNotInitialized);
        QVERIFY(s.result(1).isObject());
        QCOMPARE(s.errorCode(2), wire::kParseError);
        QVERIFY(s.reply(2)[QStringLiteral("id")].isNull());
        QCOMPARE(s.errorCode(3), wire::kInvalidRequest);
        QCOMPARE(s.reply(3)[QStringLiteral("id")].toInt(), 3);
        QCOMPARE(s.errorCode(4), wire::kInvalidRequest);
        QCOMPARE(s.errorCode(5), wire::kInvalidRequest);
        QCOMPARE(s.errorCode(6), wire::kMethodNotFound);
        QCOMPARE(s.reply(7)[QStringLiteral("id")].toInt(), 7); // the notification and the blank line left no line
        QVERIFY(s.result(7).isArray());
        QCOMPARE(s.lines.size(), 1 + 8);
    }

    void answersInTheClisShapes()
    {
        const Session s = serve(initialize() + request(2, QStringLiteral("catalog.list")) + request(3, QStringLiteral("lint"))
                                + request(4, QStringLiteral("overrides")));
        const QJsonObject catalog = s.result(1).toObject();
        QCOMPARE(catalog[QStringLiteral("data_path")].toString(), kData);
        // The global location's tools are `list --json`'s (no user: the global tools alone).
        const QJsonObject list = QJsonDocument::fromJson(cli({QStringLiteral("list"), QStringLiteral("--data"), kData,
                                                              QStringLiteral("--json")}))
                                     .object();
        const QJsonObject global = catalog[QStringLiteral("global")].toObject();
        QCOMPARE(global[QStringLiteral("tools")].toArray(), list[QStringLiteral("tools")].toArray());
        QCOMPARE(global[QStringLiteral("skipped")].toArray().size(), 2); // broken_yaml, notatool
        QStringList users;
        for (const QJsonValue &u : catalog[QStringLiteral("users")].toArray())
            users.append(u.toObject()[QStringLiteral("user")].toString());
        QCOMPARE(users, (QStringList{QStringLiteral("alice@example.com"), QStringLiteral("bob@example.com"),
                                     QStringLiteral("carol@example.com")}));

        const QJsonObject lint = QJsonDocument::fromJson(cli({QStringLiteral("lint"), QStringLiteral("--json"), kData})).object();
        QVERIFY(!lint.isEmpty());
        QCOMPARE(s.result(2).toObject(), lint);
        const QJsonArray overrides = QJsonDocument::fromJson(cli({QStringLiteral("overrides"), QStringLiteral("--data"), kData,
                                                                  QStringLiteral("--json")}))
                                         .array();
        QVERIFY(!overrides.isEmpty());
        QCOMPARE(s.result(3).toArray(), overrides);
    }

    void toolReadSendsTheFiles()
    {
        const QString greet = kData + QStringLiteral("/tools/greet");
        const Session s = serve(initialize() + request(2, QStringLiteral("tool.read"), {{QStringLiteral("dir"), greet}})
                                + request(3, QStringLiteral("tool.read"), {{QStringLiteral("dir"), QString(kData + QStringLiteral("/tools/notatool"))}}));
        const QJsonObject r = s.result(1).toObject();
        const QJsonObject show = QJsonDocument::fromJson(cli({QStringLiteral("show"), QStringLiteral("greet"), QStringLiteral("--data"),
                                                              kData, QStringLiteral("--json")}))
                                     .object();
        QCOMPARE(r[QStringLiteral("tool")].toObject(), show);
        QFile toolMd(greet + QStringLiteral("/TOOL.md"));
        QVERIFY(toolMd.open(QIODevice::ReadOnly));
        const QByteArray bytes = toolMd.readAll();
        bool found = false;
        for (const QJsonValue &v : r[QStringLiteral("files")].toArray()) {
            const QJsonObject f = v.toObject();
            if (f[QStringLiteral("name")].toString() != u"TOOL.md")
                continue;
            found = true;
            QCOMPARE(f[QStringLiteral("text")].toString().toUtf8(), bytes);
            QCOMPARE(f[QStringLiteral("size")].toInt(), int(bytes.size()));
            QCOMPARE(f[QStringLiteral("sha256")].toString().toLatin1(), QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
        }
        QVERIFY(found);
        // A directory the loader skips is answered with the reason.
        QCOMPARE(s.result(2).toObject()[QStringLiteral("skipped")].toObject()[QStringLiteral("reason")].toString(),
                 QStringLiteral("missing-tool-md"));
    }

    void binaryFilesComeAsBase64()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("blob"), test::toolMd("blob"));
        const QByteArray blob("\x89PNG\r\n\x1a\n\0\xff\xfe", 11);
        test::writeFile(data + QStringLiteral("/tools/blob/icon.png"), blob);
        const Session s = serve(initialize() + request(2, QStringLiteral("tool.read"), {{QStringLiteral("dir"), QString(data + QStringLiteral("/tools/blob"))}}), data);
        bool found = false;
        for (const QJsonValue &v : s.result(1).toObject()[QStringLiteral("files")].toArray()) {
            const QJsonObject f = v.toObject();
            if (f[QStringLiteral("name")].toString() != u"icon.png")
                continue;
            found = true;
            QVERIFY(!f.contains(QStringLiteral("text")));
            QCOMPARE(QByteArray::fromBase64(f[QStringLiteral("base64")].toString().toLatin1()), blob);
        }
        QVERIFY2(found, s.lines.value(2).constData());
    }

    // A file over the 16 MiB a reply carries is named with its size and `too_large`, never
    // sent; the client's reading of it says so (engine::toolReadFile) instead of an empty file.
    void aFileTooLargeIsNamedNotSent()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("big"), test::toolMd("big"));
        constexpr qint64 kOver = 16 * 1024 * 1024 + 1;
        QFile huge(data + QStringLiteral("/tools/big/model.bin"));
        QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(kOver)); // sparse: no 16 MiB written
        huge.close();
        test::writeFile(data + QStringLiteral("/tools/big/small.txt"), "fits\n");
        const Session s = serve(initialize() + request(2, QStringLiteral("tool.read"), {{QStringLiteral("dir"), QString(data + QStringLiteral("/tools/big"))}}), data);
        const QJsonObject reply = s.result(1).toObject();
        QJsonObject big;
        for (const QJsonValue &v : reply[QStringLiteral("files")].toArray())
            if (v.toObject()[QStringLiteral("name")].toString() == u"model.bin")
                big = v.toObject();
        QVERIFY2(!big.isEmpty(), s.lines.value(2).constData());
        QCOMPARE(big[QStringLiteral("too_large")].toBool(), true);
        QCOMPARE(qint64(big[QStringLiteral("size")].toDouble()), kOver);
        QVERIFY(!big.contains(QStringLiteral("text")) && !big.contains(QStringLiteral("base64")) && !big.contains(QStringLiteral("sha256")));
        QVERIFY(s.lines.value(2).size() < 64 * 1024); // the reply stays small
        QString error;
        QVERIFY(!engine::toolReadFile(reply, QStringLiteral("model.bin"), &error));
        QCOMPARE(error, QStringLiteral("model.bin is %1 bytes, too large to send").arg(kOver));
        QCOMPARE(engine::toolReadFile(reply, QStringLiteral("small.txt"), &error).value_or(QByteArray()), QByteArray("fits\n"));
    }

    void pathsStayInsideTheDataPath()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("ok"), test::toolMd("ok"));
        test::makeTool(tmp.path() + QStringLiteral("/elsewhere/tools"), QStringLiteral("secret"), test::toolMd("secret"));
        // A symlink inside the DATA_PATH to a tool outside it is outside.
        QVERIFY(QFile::link(tmp.path() + QStringLiteral("/elsewhere/tools/secret"), data + QStringLiteral("/tools/link")));
        const auto read = [](int id, const QString &dir) {
            return request(id, QStringLiteral("tool.read"), {{QStringLiteral("dir"), dir}});
        };
        const Session s = serve(initialize() + read(2, QStringLiteral("/etc")) + read(3, data + QStringLiteral("/tools/link"))
                                    + read(4, data + QStringLiteral("/tools/../../elsewhere/tools/secret"))
                                    + read(5, data + QStringLiteral("/tools/ok"))
                                    + read(6, data + QStringLiteral("/tools/missing"))
                                    + read(7, data)
                                    + request(8, QStringLiteral("lint"), {{QStringLiteral("paths"), QJsonArray{QStringLiteral("/etc")}}}),
                                data);
        QCOMPARE(s.errorCode(1), wire::kOutsideDataPath);
        QCOMPARE(s.errorCode(2), wire::kOutsideDataPath);
        QCOMPARE(s.errorCode(3), wire::kOutsideDataPath);
        QCOMPARE(s.result(4).toObject()[QStringLiteral("tool")].toObject()[QStringLiteral("name")].toString(), QStringLiteral("ok"));
        QCOMPARE(s.errorCode(5), wire::kNotFound);
        QCOMPARE(s.errorCode(6), wire::kOutsideDataPath); // the DATA_PATH itself is no tool
        QCOMPARE(s.errorCode(7), wire::kOutsideDataPath);
    }

    // cli.run runs the CLI on the served DATA_PATH and nowhere else: no other --data, no path
    // outside it for lint and bump, and only the commands that need nothing of the desktop.
    void cliRunStaysOnTheServedDataPath()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("ok"), test::toolMd("ok"));
        test::makeTool(tmp.path() + QStringLiteral("/elsewhere/tools"), QStringLiteral("other"), test::toolMd("other"));
        const auto run = [](int id, const QString &command, const QStringList &args) {
            return request(id, QStringLiteral("cli.run"), {{QStringLiteral("command"), command}, {QStringLiteral("args"), QJsonArray::fromStringList(args)}});
        };
        const QString elsewhere = tmp.path() + QStringLiteral("/elsewhere");
        const Session s = serve(initialize() + run(2, QStringLiteral("list"), {QStringLiteral("--json")})
                                    + run(3, QStringLiteral("list"), {QStringLiteral("--data"), elsewhere})
                                    + run(4, QStringLiteral("list"), {QStringLiteral("--data=") + elsewhere})
                                    + run(5, QStringLiteral("list"), {QStringLiteral("-data"), elsewhere})
                                    + run(6, QStringLiteral("lint"), {elsewhere})
                                    + run(7, QStringLiteral("bump"), {QStringLiteral("tools/../../elsewhere/tools/other")})
                                    + run(8, QStringLiteral("run"), {QStringLiteral("ok")})
                                    + run(9, QStringLiteral("secret"), {QStringLiteral("get"), QStringLiteral("ok"), QStringLiteral("x")})
                                    + run(10, QStringLiteral("serve"), {QStringLiteral("--stdio")})
                                    + run(11, QStringLiteral("lint"), {QStringLiteral("--json"), QStringLiteral("tools/ok")}),
                                data);
        const QJsonObject listed = s.result(1).toObject();
        QCOMPARE(listed[QStringLiteral("exit")].toInt(), 0);
        QCOMPARE(listed[QStringLiteral("stdout")].toString().toUtf8(),
                 cli({QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--data"), data}));
        for (int i : {2, 3, 4, 5, 6})
            QVERIFY2(s.errorCode(i) == wire::kOutsideDataPath, qPrintable(QString::number(i) + s.errorMessage(i)));
        for (int i : {7, 8, 9})
            QVERIFY2(s.errorCode(i) == wire::kInvalidParams, qPrintable(QString::number(i) + s.errorMessage(i)));
        const QJsonObject linted = s.result(10).toObject();
        QCOMPARE(linted[QStringLiteral("exit")].toInt(), 0);
        QCOMPARE(QJsonDocument::fromJson(linted[QStringLiteral("stdout")].toString().toUtf8())[QStringLiteral("tools")].toArray().size(), 1);
        QVERIFY(test::readFile(elsewhere + QStringLiteral("/tools/other/TOOL.md")).contains("version: 1"));
    }

    // A watched catalog: each change on the server's disk arrives as one catalog.changed
    // notification with only what changed (the tool, the new user's location, the dir that went).
    void watchSendsOnlyWhatChanged()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("a"), test::toolMd("a"));
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("b"), test::toolMd("b"));
        test::makeTool(data + QStringLiteral("/alice@example.com/tools"), QStringLiteral("c"), test::toolMd("c"));
        QProcess p;
        p.start(TW_BINARY, {QStringLiteral("serve"), QStringLiteral("--stdio"), QStringLiteral("--data"), data});
        const auto nextLine = [&]() -> QJsonObject {
            QElapsedTimer t;
            t.start();
            while (!p.canReadLine() && t.elapsed() < 10000)
                p.waitForReadyRead(100);
            return QJsonDocument::fromJson(p.readLine()).object();
        };
        p.write(initialize() + request(2, QStringLiteral("catalog.list"), {{QStringLiteral("watch"), true}}));
        QVERIFY(p.waitForReadyRead(10000));
        p.readLine(); // the banner
        QCOMPARE(nextLine()[QStringLiteral("id")].toInt(), 1);
        const QJsonObject listed = nextLine();
        QCOMPARE(listed[QStringLiteral("result")][QStringLiteral("global")][QStringLiteral("tools")].toArray().size(), 2);
        QTest::qWait(600); // the watch's own first scan: nothing changed, nothing sent

        test::writeFile(data + QStringLiteral("/tools/a/TOOL.md"), test::toolMd("a", 2));
        QJsonObject n = nextLine();
        QCOMPARE(n[QStringLiteral("method")].toString(), QStringLiteral("catalog.changed"));
        QJsonArray locations = n[QStringLiteral("params")][QStringLiteral("locations")].toArray();
        QCOMPARE(locations.size(), 1);
        QCOMPARE(locations[0][QStringLiteral("path")].toString(), data + QStringLiteral("/tools"));
        QCOMPARE(locations[0][QStringLiteral("tools")].toArray().size(), 1);
        QCOMPARE(locations[0][QStringLiteral("tools")][0][QStringLiteral("version")].toInt(), 2);
        QVERIFY(locations[0][QStringLiteral("removed")].toArray().isEmpty());

        // A new user, made elsewhere and moved in whole.
        test::makeTool(tmp.path() + QStringLiteral("/bob@example.com/tools"), QStringLiteral("d"), test::toolMd("d"));
        QVERIFY(QDir().rename(tmp.path() + QStringLiteral("/bob@example.com"), data + QStringLiteral("/bob@example.com")));
        n = nextLine();
        locations = n[QStringLiteral("params")][QStringLiteral("locations")].toArray();
        QCOMPARE(locations.size(), 1);
        QCOMPARE(locations[0][QStringLiteral("user")].toString(), QStringLiteral("bob@example.com"));
        QCOMPARE(locations[0][QStringLiteral("tools")][0][QStringLiteral("name")].toString(), QStringLiteral("d"));

        QVERIFY(QDir(data + QStringLiteral("/tools/b")).removeRecursively());
        n = nextLine();
        locations = n[QStringLiteral("params")][QStringLiteral("locations")].toArray();
        QCOMPARE(locations.size(), 1);
        QCOMPARE(locations[0][QStringLiteral("removed")].toArray(), QJsonArray{QString(data + QStringLiteral("/tools/b"))});
        QVERIFY(locations[0][QStringLiteral("tools")].toArray().isEmpty());

        QVERIFY(QDir(data + QStringLiteral("/alice@example.com")).removeRecursively());
        n = nextLine();
        locations = n[QStringLiteral("params")][QStringLiteral("locations")].toArray();
        QCOMPARE(locations.size(), 1);
        QVERIFY(locations[0][QStringLiteral("gone")].toBool());

        // A directory the loader skips arrives in `skipped`; once it is a tool, in `tools`, and
        // its dir in `unskipped` (each file made elsewhere and moved in whole).
        const QString e = data + QStringLiteral("/tools/e");
        test::writeFile(tmp.path() + QStringLiteral("/e/index.ts"), test::kGoodEntry);
        QVERIFY(QDir().rename(tmp.path() + QStringLiteral("/e"), e));
        n = nextLine();
        locations = n[QStringLiteral("params")][QStringLiteral("locations")].toArray();
        QCOMPARE(locations.size(), 1);
        QCOMPARE(locations[0][QStringLiteral("skipped")].toArray().size(), 1);
        QCOMPARE(locations[0][QStringLiteral("skipped")][0][QStringLiteral("dir")].toString(), e);
        QCOMPARE(locations[0][QStringLiteral("skipped")][0][QStringLiteral("reason")].toString(), QStringLiteral("missing-tool-md"));
        QVERIFY(locations[0][QStringLiteral("unskipped")].toArray().isEmpty());
        test::writeFile(tmp.path() + QStringLiteral("/TOOL.md"), test::toolMd("e"));
        QVERIFY(QFile::rename(tmp.path() + QStringLiteral("/TOOL.md"), e + QStringLiteral("/TOOL.md")));
        n = nextLine();
        locations = n[QStringLiteral("params")][QStringLiteral("locations")].toArray();
        QCOMPARE(locations.size(), 1);
        QCOMPARE(locations[0][QStringLiteral("unskipped")].toArray(), QJsonArray{e});
        QCOMPARE(locations[0][QStringLiteral("tools")].toArray().size(), 1);
        QCOMPARE(locations[0][QStringLiteral("tools")][0][QStringLiteral("name")].toString(), QStringLiteral("e"));
        QVERIFY(locations[0][QStringLiteral("skipped")].toArray().isEmpty());

        p.closeWriteChannel(); // the end of input ends the server
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
    }

    // tool.save: the bytes the client read must be the bytes on the server (else nothing is
    // written), every change needs a version above the disk's, and only the tool's own two
    // files are written, never through a symlink.
    void toolSaveKeepsTheRulesOfALocalSave()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        const QString dir = data + QStringLiteral("/tools/ok");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("ok"), test::toolMd("ok"));
        const QByteArray v1 = test::readFile(dir + QStringLiteral("/TOOL.md"));
        const auto sha = [](const QByteArray &b) { return QString::fromLatin1(QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex()); };
        const auto save = [&](int id, const QJsonObject &files, bool autoBump = false) {
            return request(id, QStringLiteral("tool.save"), {{QStringLiteral("dir"), dir}, {QStringLiteral("files"), files},
                                                             {QStringLiteral("auto_bump"), autoBump}});
        };
        const auto file = [](const QByteArray &text, const QString &base) {
            return QJsonObject{{QStringLiteral("text"), QString::fromUtf8(text)}, {QStringLiteral("base_sha256"), base}};
        };
        const QByteArray changedV1 = test::toolMd("ok", 1) + "More.\n";
        const QByteArray v2 = test::toolMd("ok", 2) + "More.\n";
        Session s = serve(initialize() + save(2, {{QStringLiteral("TOOL.md"), file(changedV1, sha(v1))}}), data);
        QCOMPARE(s.errorCode(1), wire::kNotBumped);
        QVERIFY2(s.errorMessage(1).contains(u"version-not-bumped"), qPrintable(s.errorMessage(1)));
        QCOMPARE(test::readFile(dir + QStringLiteral("/TOOL.md")), v1);

        s = serve(initialize() + save(2, {{QStringLiteral("TOOL.md"), file(changedV1, sha(v1))}}, true), data);
        QCOMPARE(s.result(1)[QStringLiteral("version")].toInt(), 2);
        QVERIFY(s.result(1)[QStringLiteral("saved")].toBool());
        const QByteArray saved = test::readFile(dir + QStringLiteral("/TOOL.md"));
        QCOMPARE(saved, v2);
        QCOMPARE(s.result(1)[QStringLiteral("files")][QStringLiteral("TOOL.md")].toString(), sha(saved));

        // The client read v1; the server has v2 now: refused, nothing written.
        const QByteArray v3 = test::toolMd("ok", 3);
        const QByteArray entry = "export async function execute() { return { content: [] }; }\n";
        s = serve(initialize() + save(2, {{QStringLiteral("TOOL.md"), file(v3, sha(v1))}})
                      + save(3, {{QStringLiteral("TOOL.md"), file(v3, sha(v2))},
                                 {QStringLiteral("index.ts"), file(entry, sha(test::kGoodEntry))}})
                      + save(4, {{QStringLiteral("../escape"), file("x", QString())}})
                      + save(5, {{QStringLiteral("TOOL.md"), file("no frontmatter\n", sha(v3))}}),
                  data);
        QCOMPARE(s.errorCode(1), wire::kConflict);
        QVERIFY2(s.errorMessage(1).contains(u"changed on the server since it was read"), qPrintable(s.errorMessage(1)));
        QVERIFY(s.result(2)[QStringLiteral("saved")].toBool());
        QCOMPARE(test::readFile(dir + QStringLiteral("/TOOL.md")), v3);
        QCOMPARE(test::readFile(dir + QStringLiteral("/index.ts")), entry);
        QCOMPARE(s.errorCode(3), wire::kInvalidParams);
        QCOMPARE(s.errorCode(4), wire::kInvalidParams);
        QVERIFY2(s.errorMessage(4).contains(u"TOOL.md"), qPrintable(s.errorMessage(4)));
        QCOMPARE(test::readFile(dir + QStringLiteral("/TOOL.md")), v3);
        QVERIFY(!QFileInfo::exists(data + QStringLiteral("/tools/escape")));

        // An entry that is a symlink to a file outside is not written through.
        const QString outside = tmp.path() + QStringLiteral("/outside.ts");
        test::writeFile(outside, test::kGoodEntry);
        QVERIFY(QFile::remove(dir + QStringLiteral("/index.ts")));
        QVERIFY(QFile::link(outside, dir + QStringLiteral("/index.ts")));
        s = serve(initialize() + save(2, {{QStringLiteral("TOOL.md"), file(test::toolMd("ok", 4), sha(v3))},
                                          {QStringLiteral("index.ts"), file(entry, sha(test::kGoodEntry))}}),
                  data);
        QCOMPARE(s.errorCode(1), wire::kOutsideDataPath);
        QCOMPARE(test::readFile(outside), test::kGoodEntry);
        // Nor read through (an entry like that makes the tool path-escape; another file is listed).
        QVERIFY(QFile::remove(dir + QStringLiteral("/index.ts")));
        test::writeFile(dir + QStringLiteral("/index.ts"), test::kGoodEntry);
        QVERIFY(QFile::link(outside, dir + QStringLiteral("/notes.txt")));
        s = serve(initialize() + request(2, QStringLiteral("tool.read"), {{QStringLiteral("dir"), dir}}), data);
        bool listed = false;
        for (const QJsonValue &f : s.result(1)[QStringLiteral("files")].toArray()) {
            if (f[QStringLiteral("name")].toString() != u"notes.txt")
                continue;
            listed = true;
            QVERIFY(!f.toObject().contains(QStringLiteral("text")));
            QVERIFY(f[QStringLiteral("error")].toString().contains(u"outside the DATA_PATH"));
        }
        QVERIFY(listed);
        QCOMPARE(test::readFile(dir + QStringLiteral("/TOOL.md")), v3);
    }

    // sync.apply copies on a thread of its own: the requests after it (a heartbeat's ping) are
    // answered meanwhile, the progress arrives as it goes, and the end of input waits for it.
    void aSyncBeingAppliedLeavesTheServerAnswering()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        QVERIFY(QDir().mkpath(data + QStringLiteral("/tools")));
        const QString seed = tmp.path() + QStringLiteral("/seed/tools");
        const QByteArray filler(64 * 1024, 'x');
        for (int i = 0; i < 150; ++i) {
            const QString name = QStringLiteral("tool%1").arg(i, 3, 10, QLatin1Char('0'));
            test::makeTool(seed, name, test::toolMd(name.toUtf8()));
            test::writeFile(seed + u'/' + name + QStringLiteral("/data.bin"), filler);
        }
        const Session s = serve(initialize() + request(2, QStringLiteral("sync.apply"), {{QStringLiteral("seed"), seed}})
                                    + request(3, QStringLiteral("ping")) + request(4, QStringLiteral("sync.apply"), {{QStringLiteral("seed"), seed}}),
                                data);
        QCOMPARE(s.code, 0);
        int pingAt = -1, applyAt = -1, secondAt = -1, progress = 0;
        for (int i = 1; i < s.lines.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(s.lines[i]).object();
            if (o[QStringLiteral("method")].toString() == u"sync.progress")
                ++progress;
            const int id = o[QStringLiteral("id")].toInt();
            if (id == 2)
                applyAt = i;
            else if (id == 3)
                pingAt = i;
            else if (id == 4)
                secondAt = i;
        }
        QVERIFY(pingAt > 0 && applyAt > 0 && secondAt > 0);
        QVERIFY2(pingAt < applyAt, "the ping is answered while the sync copies");
        // One apply at a time: the second is refused at once, not run on top of the first.
        QVERIFY(secondAt < applyAt);
        QCOMPARE(QJsonDocument::fromJson(s.lines[secondAt]).object()[QStringLiteral("error")][QStringLiteral("code")].toInt(),
                 wire::kInvalidRequest);
        QCOMPARE(progress, 150);
        QVERIFY(QJsonDocument::fromJson(s.lines[applyAt]).object()[QStringLiteral("result")][QStringLiteral("errors")].toArray().isEmpty());
        for (int i = 0; i < 150; ++i)
            QVERIFY(QFileInfo::exists(data + QStringLiteral("/tools/tool%1/data.bin").arg(i, 3, 10, QLatin1Char('0'))));
    }

    // Whole tool directories and the seed sync, each the engine's own operation on the server.
    void workspaceAndSyncMethods()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("ok"), test::toolMd("ok"));
        QVERIFY(QDir().mkpath(data + QStringLiteral("/t@x/tools")));
        QVERIFY(QDir().mkpath(data + QStringLiteral("/u@x/tools")));
        const QString seed = tmp.path() + QStringLiteral("/seed/tools");
        test::makeTool(seed, QStringLiteral("fresh"), test::toolMd("fresh"));
        const QString userCopy = data + QStringLiteral("/t@x/tools/ok");
        const QString globalOk = data + QStringLiteral("/tools/ok");
        const QString nowhere = tmp.path() + QStringLiteral("/nowhere");
        const Session s = serve(
            initialize() + request(2, QStringLiteral("templates.list"))
                + request(3, QStringLiteral("tool.new"), {{QStringLiteral("user"), QStringLiteral("t@x")}, {QStringLiteral("name"), QStringLiteral("my_tool")},
                                                          {QStringLiteral("template"), QStringLiteral("minimal")}, {QStringLiteral("label"), QStringLiteral("Mine")},
                                                          {QStringLiteral("description"), QStringLiteral("A tool of mine.")}})
                + request(4, QStringLiteral("tool.new"), {{QStringLiteral("user"), QStringLiteral("t@x")}, {QStringLiteral("name"), QStringLiteral("my_tool")}})
                + request(5, QStringLiteral("tool.customize"), {{QStringLiteral("user"), QStringLiteral("t@x")}, {QStringLiteral("dir"), globalOk}})
                + request(6, QStringLiteral("tool.explain"), {{QStringLiteral("user"), QStringLiteral("t@x")}, {QStringLiteral("name"), QStringLiteral("ok")}})
                + request(7, QStringLiteral("tool.export"), {{QStringLiteral("dir"), userCopy}})
                + request(8, QStringLiteral("tool.revert"), {{QStringLiteral("dir"), globalOk}})
                + request(9, QStringLiteral("tool.customize"), {{QStringLiteral("user"), QStringLiteral("t@x")}, {QStringLiteral("dir"), userCopy}})
                + request(10, QStringLiteral("sync.plan"), {{QStringLiteral("seed"), seed}})
                + request(11, QStringLiteral("sync.apply"), {{QStringLiteral("seed"), seed}})
                + request(12, QStringLiteral("sync.plan"), {{QStringLiteral("seed"), nowhere}}),
            data);
        // Replies by id; notifications apart.
        QHash<int, QJsonObject> replies;
        QList<QJsonObject> notifications;
        for (const QByteArray &line : s.lines.mid(1)) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.contains(QStringLiteral("id")))
                replies.insert(o[QStringLiteral("id")].toInt(), o);
            else
                notifications.append(o);
        }
        const auto result = [&](int id) { return replies.value(id)[QStringLiteral("result")].toObject(); };
        const auto code = [&](int id) { return replies.value(id)[QStringLiteral("error")][QStringLiteral("code")].toInt(); };
        QVERIFY(result(2)[QStringLiteral("templates")].toArray().contains(QStringLiteral("minimal")));
        QCOMPARE(result(3)[QStringLiteral("dir")].toString(), data + QStringLiteral("/t@x/tools/my_tool"));
        QVERIFY(test::readFile(data + QStringLiteral("/t@x/tools/my_tool/TOOL.md")).contains("A tool of mine."));
        QCOMPARE(code(4), wire::kInvalidParams);
        QCOMPARE(result(5)[QStringLiteral("dir")].toString(), userCopy);
        QCOMPARE(result(6)[QStringLiteral("registrations")].toArray().size(), 2);
        QVERIFY(!result(6)[QStringLiteral("lines")].toArray().isEmpty());
        const QByteArray zip = QByteArray::fromBase64(result(7)[QStringLiteral("zip_base64")].toString().toLatin1());
        QVERIFY(zip.startsWith("PK"));
        QCOMPARE(code(8), wire::kInvalidParams); // never a global tool
        QVERIFY(QFileInfo::exists(data + QStringLiteral("/tools/ok/TOOL.md")));
        QCOMPARE(code(9), wire::kInvalidParams); // only a global tool is customized
        QCOMPARE(result(10)[QStringLiteral("actions")][0][QStringLiteral("action")].toString(), QStringLiteral("install"));
        QVERIFY(!result(10).contains(QStringLiteral("errors")));
        QVERIFY(result(11)[QStringLiteral("errors")].toArray().isEmpty());
        QVERIFY(QFileInfo::exists(data + QStringLiteral("/tools/fresh/TOOL.md")));
        QCOMPARE(notifications.size(), 1);
        QCOMPARE(notifications[0][QStringLiteral("method")].toString(), QStringLiteral("sync.progress"));
        QCOMPARE(notifications[0][QStringLiteral("params")][QStringLiteral("total")].toInt(), 1);
        QCOMPARE(code(12), wire::kNotFound);
        // The same plan as the CLI's JSON (its warnings and what a window shows besides aside).
        QJsonObject plan = result(10);
        plan.remove(QStringLiteral("warnings"));
        QJsonArray actions = plan.value(QStringLiteral("actions")).toArray();
        for (qsizetype i = 0; i < actions.size(); ++i) {
            QJsonObject a = actions[i].toObject();
            QVERIFY(a.contains(QStringLiteral("content_differs")));
            a.remove(QStringLiteral("content_differs"));
            actions.replace(i, a);
        }
        plan.insert(QStringLiteral("actions"), actions);
        const QString freshData = tmp.path() + QStringLiteral("/fresh-data");
        QVERIFY(QDir().mkpath(freshData + QStringLiteral("/tools")));
        QCOMPARE(plan, QJsonDocument::fromJson(cli({QStringLiteral("sync"), QStringLiteral("--seed"), seed, QStringLiteral("--data"),
                                                     freshData, QStringLiteral("--dry-run"), QStringLiteral("--json")}))
                           .object());

        // The exported zip imports for another user; the user's copy reverts (to the trash).
        const QString zipText = QString::fromLatin1(zip.toBase64());
        const Session t = serve(initialize()
                                    + request(2, QStringLiteral("tool.import"), {{QStringLiteral("user"), QStringLiteral("u@x")}, {QStringLiteral("name"), QStringLiteral("ok.zip")},
                                                                                {QStringLiteral("zip_base64"), zipText}})
                                    + request(3, QStringLiteral("tool.revert"), {{QStringLiteral("dir"), userCopy}})
                                    + request(4, QStringLiteral("tool.import"), {{QStringLiteral("user"), QStringLiteral("u@x")}, {QStringLiteral("zip_base64"), QStringLiteral("not base64!")}}),
                                data);
        QCOMPARE(t.result(1)[QStringLiteral("dir")].toString(), data + QStringLiteral("/u@x/tools/ok"));
        QVERIFY(QFileInfo::exists(data + QStringLiteral("/u@x/tools/ok/TOOL.md")));
        QCOMPARE(t.result(2)[QStringLiteral("removed")].toString(), userCopy);
        QVERIFY(!QFileInfo::exists(userCopy));
        QCOMPARE(t.errorCode(3), wire::kInvalidParams);

        // sync.compare: an installed tool and its seed, file by file, both sides' bytes; a seed
        // file that is a link out of its tool is listed, not read; a dir name with a slash refused.
        const QString secret = tmp.path() + QStringLiteral("/secret.txt");
        test::writeFile(secret, "not for the desktop");
        test::writeFile(seed + QStringLiteral("/fresh/TOOL.md"), test::toolMd("fresh", 1).replace("Body.", "Seed body."));
        QVERIFY(QFile::link(secret, seed + QStringLiteral("/fresh/leak.txt")));
        const Session c = serve(initialize()
                                    + request(2, QStringLiteral("sync.compare"), {{QStringLiteral("seed"), seed}, {QStringLiteral("dir"), QStringLiteral("fresh")}})
                                    + request(3, QStringLiteral("sync.compare"), {{QStringLiteral("seed"), seed}, {QStringLiteral("dir"), QStringLiteral("../data")}}),
                                data);
        QVERIFY2(!c.lines.join().contains("not for the desktop"), c.lines.join().constData());
        QHash<QString, QJsonObject> compared;
        QStringList order;
        for (const QJsonValue &f : c.result(1)[QStringLiteral("files")].toArray()) {
            compared.insert(f[QStringLiteral("path")].toString(), f.toObject());
            order << f[QStringLiteral("path")].toString();
        }
        QVERIFY(!order.isEmpty());
        QCOMPARE(order.first(), QStringLiteral("TOOL.md")); // the version first, as the view shows
        QVERIFY(compared[QStringLiteral("TOOL.md")][QStringLiteral("differs")].toBool());
        QVERIFY(compared[QStringLiteral("TOOL.md")][QStringLiteral("seed")][QStringLiteral("text")].toString().contains(u"Seed body."));
        QVERIFY(compared[QStringLiteral("TOOL.md")][QStringLiteral("installed")][QStringLiteral("text")].toString().contains(u"Body."));
        QVERIFY(compared.contains(QStringLiteral("leak.txt")));
        QVERIFY(!compared[QStringLiteral("leak.txt")][QStringLiteral("in_installed")].toBool());
        QVERIFY(compared[QStringLiteral("leak.txt")][QStringLiteral("seed")][QStringLiteral("error")].toString().contains(u"not read"));
        QCOMPARE(c.errorCode(2), wire::kInvalidParams);
    }

    // Issue 39: a client names no host path the server's settings do not. run.start refuses an
    // email database that is not the server's own (a client read and appended to a root-only
    // file that way); sync.compare and sync.plan take no seed inside a user's data root, and a
    // tool directory that is itself a link leaving its tools directory is not read.
    void aClientNamesNoHostPathOfItsOwn()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        const QString secret = tmp.path() + QStringLiteral("/root-only/creds.json");
        test::writeFile(secret, "{\"password\":\"hunter2\"}");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("hello"), test::toolMd("hello"));
        QVERIFY(QDir().mkpath(data + QStringLiteral("/u@x")));
        const Session run = serve(initialize()
                                      + request(2, QStringLiteral("run.start"),
                                                {{QStringLiteral("tool"), QStringLiteral("hello")}, {QStringLiteral("user"), QStringLiteral("u@x")},
                                                 {QStringLiteral("integrations"), QJsonObject{{QStringLiteral("email_db"), secret}}}}),
                                  data);
        QCOMPARE(run.errorCode(1), -32602); // invalid params, as documented
        QVERIFY2(run.errorMessage(1).contains(QStringLiteral("is not this server's")), qPrintable(run.errorMessage(1)));
        QCOMPARE(test::readFile(secret), QByteArray("{\"password\":\"hunter2\"}"));

        // A "seed" a run planted in its data root: its tool a link to a host directory.
        const QString planted = data + QStringLiteral("/u@x/seed");
        QVERIFY(QDir().mkpath(planted + QStringLiteral("/tools")));
        QVERIFY(QFile::link(QFileInfo(secret).path(), planted + QStringLiteral("/tools/hello")));
        // …and a clean seed elsewhere whose tool dir is such a link.
        const QString seed = tmp.path() + QStringLiteral("/seed");
        QVERIFY(QDir().mkpath(seed + QStringLiteral("/tools")));
        QVERIFY(QFile::link(QFileInfo(secret).path(), seed + QStringLiteral("/tools/hello")));
        const Session c = serve(initialize()
                                    + request(2, QStringLiteral("sync.compare"), {{QStringLiteral("seed"), planted}, {QStringLiteral("dir"), QStringLiteral("hello")}})
                                    + request(3, QStringLiteral("sync.plan"), {{QStringLiteral("seed"), planted}})
                                    + request(4, QStringLiteral("sync.compare"), {{QStringLiteral("seed"), seed}, {QStringLiteral("dir"), QStringLiteral("hello")}}),
                                data);
        QVERIFY2(!c.lines.join().contains("hunter2"), c.lines.join().constData());
        QCOMPARE(c.errorCode(1), -32602);
        QVERIFY2(c.errorMessage(1).contains(QStringLiteral("lies in a user's data root")), qPrintable(c.errorMessage(1)));
        QCOMPARE(c.errorCode(2), -32602);
        for (const QJsonValue &f : c.result(3)[QStringLiteral("files")].toArray())
            if (f[QStringLiteral("in_seed")].toBool())
                QVERIFY2(f[QStringLiteral("seed")][QStringLiteral("error")].toString().contains(u"not read"), qPrintable(f[QStringLiteral("path")].toString()));
    }

    // Issue 39: what a client sends is bounded before it is parsed: a line of more than a million
    // JSON values, or longer than 64 MiB, is answered with an error (a 240 MB line took the
    // server to 2.4 GB), and the server goes on answering.
    void oversizedRequestsAreRefused()
    {
        QByteArray values = "[0";
        values.reserve(2 * 1100000);
        for (int i = 0; i < 1100000; ++i)
            values += ",0";
        values += ']';
        const QByteArray many = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tool.read\",\"params\":{\"dir\":" + values + "}}\n";
        const QByteArray long_ = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tool.read\",\"params\":{\"dir\":\""
            + QByteArray(65 * 1024 * 1024, 'a') + "\"}}\n";
        const Session s = serve(initialize() + many + long_ + request(4, QStringLiteral("initialize")));
        QCOMPARE(s.errorCode(1), -32600);
        QVERIFY2(s.errorMessage(1).contains(QStringLiteral("more than 1000000 JSON values")), qPrintable(s.errorMessage(1)));
        QCOMPARE(s.errorCode(2), -32600);
        QVERIFY2(s.errorMessage(2).contains(QStringLiteral("longer than 67108864 bytes")), qPrintable(s.errorMessage(2)));
        QVERIFY(!s.reply(3).isEmpty()); // and it went on answering
    }

    // Deflated (true) or zstd (protocol 1.2) on request, the same catalog.
    void catalogListCompressed()
    {
        const Session s = serve(initialize() + request(2, QStringLiteral("catalog.list"))
                                + request(3, QStringLiteral("catalog.list"), {{QStringLiteral("compress"), true}})
                                + request(4, QStringLiteral("catalog.list"), {{QStringLiteral("compress"), QStringLiteral("zstd")}}));
        QVERIFY(s.result(2).toObject().contains(QStringLiteral("zlib")));
        QVERIFY(s.result(3).toObject().contains(QStringLiteral("zstd")));
        const std::optional<QJsonObject> whole = engine::catalogListResult(s.result(1));
        const std::optional<QJsonObject> deflated = engine::catalogListResult(s.result(2));
        const std::optional<QJsonObject> zstd = engine::catalogListResult(s.result(3));
        QVERIFY(whole && deflated && zstd);
        QCOMPARE(*deflated, *whole);
        QCOMPARE(*zstd, *whole);
        QVERIFY(!engine::catalogListResult(QJsonObject{{QStringLiteral("zlib"), QStringLiteral("/////w==")}})); // 4 GB announced
        // A zstd frame announcing 4 GB (magic, a frame header with an 8-byte size) or none.
        const QByteArray huge = QByteArray::fromHex("28b52ffd") + QByteArray::fromHex("c0") + QByteArray::fromHex("0000000001000000");
        QVERIFY(!engine::catalogListResult(QJsonObject{{QStringLiteral("zstd"), QString::fromLatin1(huge.toBase64())}}));
        QVERIFY(!engine::catalogListResult(QJsonObject{{QStringLiteral("zstd"), QStringLiteral("not base64!")}}));
    }

    // Streamed (1.2): each location as catalog.location, in the scan's order, before the reply
    // that counts them; put together, the catalog a whole catalog.list gives.
    void catalogListStreamed()
    {
        const Session s = serve(initialize() + request(2, QStringLiteral("catalog.list"), {{QStringLiteral("detail"), true}})
                                + request(3, QStringLiteral("catalog.list"),
                                          {{QStringLiteral("detail"), true}, {QStringLiteral("compress"), QStringLiteral("zstd")},
                                           {QStringLiteral("stream"), 7}}));
        // The banner, two replies, then the notifications and the last reply.
        QList<QJsonObject> notes;
        QJsonObject last;
        for (qsizetype i = 3; i < s.lines.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(s.lines[i]).object();
            if (o.contains(QStringLiteral("id"))) {
                QCOMPARE(i, s.lines.size() - 1); // the reply comes after every location
                last = o;
            } else {
                notes.append(o);
            }
        }
        const std::optional<engine::Catalog> whole = engine::catalogFromJsonText(*engine::catalogListText(s.result(1)));
        QVERIFY(whole);
        QCOMPARE(notes.size(), 1 + whole->users.size());
        const QJsonObject result = last[QStringLiteral("result")].toObject();
        QCOMPARE(result[QStringLiteral("locations")].toInt(), notes.size());
        engine::Catalog assembled;
        assembled.dataPath = result[QStringLiteral("data_path")].toString();
        for (const QJsonObject &n : std::as_const(notes)) {
            QCOMPARE(n[QStringLiteral("method")].toString(), QStringLiteral("catalog.location"));
            const QJsonObject p = n[QStringLiteral("params")].toObject();
            QCOMPARE(p[QStringLiteral("stream")].toInt(), 7);
            QVERIFY(p[QStringLiteral("location")].toObject().contains(QStringLiteral("zstd")));
            const bool global = p[QStringLiteral("scope")].toString() == u"global";
            QCOMPARE(global, &n == &notes.first()); // the global location first, as the scan goes
            const std::optional<QByteArray> text = engine::unpackedText(p[QStringLiteral("location")]);
            QVERIFY(text);
            std::optional<engine::LocationScan> l = engine::locationFromJsonText(*text, global ? engine::Scope::Global : engine::Scope::User);
            QVERIFY(l);
            global ? void(assembled.global = *l) : assembled.users.append(*l);
        }
        QCOMPARE(engine::catalogJsonText(assembled, engine::CatalogJson::Detail), engine::catalogJsonText(*whole, engine::CatalogJson::Detail));
    }

    // Without the bodies (1.3): the detail catalog with "body": null and "body_elsewhere"; then
    // tool.bodies gives each asked tool's body as the catalog with them has it, in the order
    // asked, and says no, per dir, to what is no tool of the DATA_PATH.
    void toolBodiesComeAsTheCatalogHasThem()
    {
        QTemporaryDir tmp;
        const QString data = tmp.path() + QStringLiteral("/data");
        test::makeTool(data + QStringLiteral("/tools"), QStringLiteral("greet"), test::toolMd("greet"));
        test::writeFile(data + QStringLiteral("/tools/odd/TOOL.md"), "---\nname: odd\ndescription: d\n---\n\nA body with \"quotes\", a \\, a tab\t and \x01.\n");
        test::writeFile(data + QStringLiteral("/tools/odd/index.ts"), "export async function execute() {}\n");
        test::makeTool(data + QStringLiteral("/ada@example.com/tools"), QStringLiteral("mine"), test::toolMd("mine"));
        test::makeTool(tmp.path() + QStringLiteral("/elsewhere/tools"), QStringLiteral("secret"), test::toolMd("secret"));
        QVERIFY(QFile::link(tmp.path() + QStringLiteral("/elsewhere/tools/secret"), data + QStringLiteral("/tools/link")));
        const QString greet = data + QStringLiteral("/tools/greet"), odd = data + QStringLiteral("/tools/odd"),
                      mine = data + QStringLiteral("/ada@example.com/tools/mine");
        const QJsonArray dirs{mine, QStringLiteral("/etc"), greet, QString(data + QStringLiteral("/tools/link")), QString(data + QStringLiteral("/tools/missing")), odd, 5};
        const Session s = serve(initialize()
                                    + request(2, QStringLiteral("catalog.list"), {{QStringLiteral("detail"), true}, {QStringLiteral("bodies"), false}})
                                    + request(3, QStringLiteral("catalog.list"), {{QStringLiteral("detail"), true}})
                                    + request(4, QStringLiteral("tool.bodies"), {{QStringLiteral("dirs"), dirs}, {QStringLiteral("compress"), QStringLiteral("zstd")}})
                                    + request(5, QStringLiteral("tool.bodies"), {{QStringLiteral("dirs"), QJsonArray{}}})
                                    + request(6, QStringLiteral("tool.bodies"), {{QStringLiteral("dirs"), QJsonArray{greet}}}),
                                data);
        const std::optional<engine::Catalog> without = engine::catalogFromJsonText(*engine::catalogListText(s.result(1)));
        const std::optional<engine::Catalog> with = engine::catalogFromJsonText(*engine::catalogListText(s.result(2)));
        QVERIFY(without && with);
        QCOMPARE(without->toolCount(), 3);
        QVERIFY(s.lines.value(2).contains("\"body\":null,\"body_elsewhere\":true"));
        for (const engine::LocationScan *l : {&without->global, &without->users.first()})
            for (const engine::ToolRecord &t : l->tools) {
                QVERIFY(t.bodyElsewhere);
                QVERIFY(t.body.isEmpty());
            }
        QVERIFY(s.result(3).toObject().contains(QStringLiteral("zstd")));
        const std::optional<QByteArray> text = engine::unpackedText(s.result(3));
        QVERIFY(text);
        const std::optional<QList<engine::ToolBody>> bodies = engine::toolBodiesFromJsonText(*text);
        QVERIFY2(bodies, text->constData());
        QCOMPARE(bodies->size(), dirs.size());
        for (qsizetype i = 0; i < bodies->size(); ++i)
            QCOMPARE(bodies->at(i).dir, dirs.at(i).toString());
        QVERIFY(bodies->at(1).error.contains(u"not inside the DATA_PATH"));
        QVERIFY(bodies->at(3).error.contains(u"not inside the DATA_PATH")); // the symlink out
        QVERIFY(bodies->at(4).error.contains(u"does not exist"));
        QVERIFY(!bodies->at(6).error.isEmpty());
        // Put into the catalog without them: the catalog with them, to the byte.
        engine::Catalog filled = *without;
        QList<engine::LocationScan> changed;
        engine::putToolBodies(filled, *bodies, &changed);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(engine::catalogJsonText(filled, engine::CatalogJson::Detail), engine::catalogJsonText(*with, engine::CatalogJson::Detail));
        const auto oddTool = std::find_if(filled.global.tools.cbegin(), filled.global.tools.cend(),
                                          [&](const engine::ToolRecord &t) { return t.dir == odd; });
        QVERIFY(oddTool != filled.global.tools.cend());
        QVERIFY(oddTool->body.contains("\"quotes\", a \\, a tab\t and \x01."));
        QCOMPARE(s.errorCode(4), wire::kInvalidParams);
        // Not packed unless asked.
        QVERIFY(s.result(5).toObject().contains(QStringLiteral("bodies")));
        const std::optional<QList<engine::ToolBody>> plain = engine::toolBodiesFromJsonText(*engine::unpackedText(s.result(5)));
        QVERIFY(plain && plain->size() == 1);
        QCOMPARE(plain->first().body, bodies->at(2).body);
    }

    void usageErrors()
    {
        const test::BinaryRun r = test::runBinary({QStringLiteral("serve"), QStringLiteral("--data"), kData});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--stdio"));
        QVERIFY(r.out.isEmpty()); // no banner for a usage error
    }
};

QTEST_MAIN(TestServe)
#include "tst_serve.moc"
