#include "remote/remoteserver.h"

#include "catalog/catalog.h"
#include "catalog/catalogscanner.h"
#include "catalog/catalogjson.h"
#include "catalog/lint.h"
#include "catalog/locationscanner.h"
#include "catalog/overrideresolver.h"
#include "toolmd/toollayout.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStringDecoder>

namespace tw::engine {
namespace {

// The largest file tool.read sends whole; a bigger one is listed with its size only.
constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

QJsonObject parsedJson(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).object();
}

QJsonObject locationJson(const LocationScan &location)
{
    QJsonArray tools, skipped;
    for (const ToolRecord &t : location.tools)
        tools.append(toolJson(t));
    for (const SkippedDir &s : location.skipped)
        skipped.append(skippedJson(s));
    QJsonObject o{{QStringLiteral("path"), location.path}, {QStringLiteral("exists"), location.exists},
                  {QStringLiteral("tools"), tools}, {QStringLiteral("skipped"), skipped}};
    if (location.scope == Scope::User)
        o.insert(QStringLiteral("user"), location.user);
    return o;
}

// One file of a tool as tool.read sends it: text when it is UTF-8, else base64; its SHA-256
// is the precondition a later save names.
QJsonObject fileJson(const QString &dir, const QString &name)
{
    QJsonObject o{{QStringLiteral("name"), name}};
    QFile f(dir + u'/' + name);
    if (!f.open(QIODevice::ReadOnly)) {
        o.insert(QStringLiteral("error"), f.errorString());
        return o;
    }
    o.insert(QStringLiteral("size"), double(f.size()));
    if (f.size() > kMaxFileBytes) {
        o.insert(QStringLiteral("too_large"), true);
        return o;
    }
    const QByteArray bytes = f.readAll();
    o.insert(QStringLiteral("sha256"), QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8.decode(bytes);
    if (utf8.hasError() || bytes.contains('\0'))
        o.insert(QStringLiteral("base64"), QString::fromLatin1(bytes.toBase64()));
    else
        o.insert(QStringLiteral("text"), text);
    return o;
}

QJsonObject locationHeader(const LocationScan &location)
{
    QJsonObject o{{QStringLiteral("path"), location.path}, {QStringLiteral("exists"), location.exists}};
    if (location.scope == Scope::User)
        o.insert(QStringLiteral("user"), location.user);
    return o;
}

// One location's changes, or an empty object when it has none.
template<typename Item, typename ToJson>
void diffItems(const QList<Item> &before, const QList<Item> &after, ToJson toJson, QJsonArray *changed, QJsonArray *gone)
{
    QHash<QString, const Item *> old;
    old.reserve(before.size());
    for (const Item &i : before)
        old.insert(i.dir, &i);
    for (const Item &i : after) {
        const auto it = old.constFind(i.dir);
        if (it == old.cend() || !(**it == i))
            changed->append(toJson(i));
        if (it != old.cend())
            old.erase(it);
    }
    for (const Item &i : before)
        if (old.contains(i.dir))
            gone->append(i.dir);
}

QJsonObject locationChange(const LocationScan &before, const LocationScan &after)
{
    QJsonArray tools, removed, skipped, unskipped;
    diffItems(before.tools, after.tools, [](const ToolRecord &t) { return toolJson(t); }, &tools, &removed);
    diffItems(before.skipped, after.skipped, [](const SkippedDir &s) { return skippedJson(s); }, &skipped, &unskipped);
    if (tools.isEmpty() && removed.isEmpty() && skipped.isEmpty() && unskipped.isEmpty() && before.exists == after.exists)
        return {};
    QJsonObject o = locationHeader(after);
    o.insert(QStringLiteral("tools"), tools);
    o.insert(QStringLiteral("removed"), removed);
    o.insert(QStringLiteral("skipped"), skipped);
    o.insert(QStringLiteral("unskipped"), unskipped);
    return o;
}

} // namespace

QJsonArray catalogChanges(const Catalog &before, const Catalog &after)
{
    QJsonArray changes;
    if (QJsonObject g = locationChange(before.global, after.global); !g.isEmpty())
        changes.append(g);
    QHash<QString, const LocationScan *> old;
    for (const LocationScan &u : before.users)
        old.insert(u.path, &u);
    for (const LocationScan &u : after.users) {
        LocationScan none;
        none.path = u.path;
        none.scope = u.scope;
        none.user = u.user;
        const auto it = old.constFind(u.path);
        if (QJsonObject c = locationChange(it == old.cend() ? none : **it, u); !c.isEmpty())
            changes.append(c);
        if (it != old.cend())
            old.erase(it);
    }
    for (const LocationScan &u : before.users)
        if (old.contains(u.path))
            changes.append(QJsonObject{{QStringLiteral("path"), u.path}, {QStringLiteral("user"), u.user}, {QStringLiteral("gone"), true}});
    return changes;
}

RemoteServer::RemoteServer(QString dataPath)
    : m_dataPath(QDir::cleanPath(QDir(dataPath).absolutePath()))
    , m_canonicalData(QFileInfo(m_dataPath).canonicalFilePath())
{
}

RemoteServer::~RemoteServer() = default;

void RemoteServer::watch(std::shared_ptr<const Catalog> sent)
{
    m_sent = std::move(sent);
    if (m_scanner)
        return;
    m_scanner = std::make_unique<CatalogScanner>();
    QObject::connect(m_scanner.get(), &CatalogScanner::scanFinished, m_scanner.get(),
                     [this](std::shared_ptr<const Catalog> now) {
                         const QJsonArray changes = catalogChanges(*m_sent, *now);
                         m_sent = std::move(now);
                         if (changes.isEmpty() || !m_send)
                             return;
                         const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                                   {QStringLiteral("method"), QStringLiteral("catalog.changed")},
                                                   {QStringLiteral("params"), QJsonObject{{QStringLiteral("locations"), changes}}}};
                         m_send(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
                     });
    m_scanner->setDataPath(m_dataPath);
}

QStringList RemoteServer::methods()
{
    return {QStringLiteral("initialize"), QStringLiteral("catalog.list"), QStringLiteral("tool.read"),
            QStringLiteral("lint"), QStringLiteral("overrides"), QStringLiteral("cli.run")};
}

QStringList RemoteServer::cliCommands()
{
    return {QStringLiteral("list"), QStringLiteral("show"), QStringLiteral("lint"), QStringLiteral("overrides"),
            QStringLiteral("sync"), QStringLiteral("bump"), QStringLiteral("agent")};
}

QByteArray RemoteServer::handle(QByteArrayView line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return {}; // an empty line is no message
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return rpcErrorLine(QJsonValue::Null, RpcCode::ParseError,
                            QStringLiteral("not JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    const QJsonObject message = doc.object();
    const QJsonValue id = message.value(QStringLiteral("id"));
    const QJsonValue method = message.value(QStringLiteral("method"));
    const QJsonValue params = message.value(QStringLiteral("params"));
    const bool idValid = id.isUndefined() || id.isString() || id.isDouble() || id.isNull();
    if (!doc.isObject() || message.value(QStringLiteral("jsonrpc")).toString() != u"2.0" || !method.isString() || !idValid
        || !(params.isUndefined() || params.isObject()))
        return rpcErrorLine(idValid ? id : QJsonValue(QJsonValue::Null), RpcCode::InvalidRequest,
                            QStringLiteral("not a JSON-RPC 2.0 request (jsonrpc \"2.0\", a method name, params as an object)"));
    const Reply reply = dispatch(method.toString(), params.toObject());
    if (id.isUndefined())
        return {}; // a notification: no reply, even to an error
    return reply.error.isEmpty() ? rpcResultLine(id, reply.result) : rpcErrorLine(id, reply.code, reply.error);
}

RemoteServer::Reply RemoteServer::dispatch(const QString &method, const QJsonObject &params)
{
    if (method == u"initialize")
        return initialize(params);
    if (!methods().contains(method))
        return Reply::fail(RpcCode::MethodNotFound, QStringLiteral("no method '%1' in protocol %2").arg(method, protocolVersionText()));
    if (!m_initialized)
        return Reply::fail(RpcCode::NotInitialized, QStringLiteral("'%1' before initialize").arg(method));
    if (method == u"catalog.list")
        return catalogList(params);
    if (method == u"tool.read")
        return toolRead(params);
    if (method == u"lint")
        return lint(params);
    if (method == u"cli.run")
        return cliRun(params);
    return overrides();
}

RemoteServer::Reply RemoteServer::initialize(const QJsonObject &params)
{
    const QString clientProtocol = params.value(QStringLiteral("protocolVersion")).toString();
    const QString clientVersion = params.value(QStringLiteral("clientInfo")).toObject().value(QStringLiteral("version")).toString();
    const auto version = parseProtocolVersion(clientProtocol);
    if (!version)
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("initialize needs protocolVersion \"major.minor\" (got \"%1\")").arg(clientProtocol));
    if (version->first != kProtocolMajor)
        return Reply::fail(RpcCode::VersionMismatch,
                versionMismatchMessage(clientVersion.isEmpty() ? QStringLiteral("(unknown)") : clientVersion, clientProtocol,
                                       QStringLiteral(TOOLWRIGHT_VERSION), protocolVersionText()));
    if (!QFileInfo(m_dataPath).isDir())
        return Reply::fail(RpcCode::NotFound, QStringLiteral("the DATA_PATH %1 is not a directory on the server").arg(m_dataPath));
    m_initialized = true;
    // The minor both speak: a newer client gets this server's, and asks only for its methods.
    const int minor = std::min(version->second, kProtocolMinor);
    const QJsonObject result{
        {QStringLiteral("protocolVersion"), QStringLiteral("%1.%2").arg(kProtocolMajor).arg(minor)},
        {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("toolwright")},
                                                   {QStringLiteral("version"), QStringLiteral(TOOLWRIGHT_VERSION)}}},
        {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("methods"), QJsonArray::fromStringList(methods())}}},
        {QStringLiteral("data_path"), m_dataPath}};
    return Reply::ok(result);
}

RemoteServer::Reply RemoteServer::catalogList(const QJsonObject &params)
{
    const QString user = params.value(QStringLiteral("user")).toString();
    const bool watching = params.value(QStringLiteral("watch")).toBool();
    if (watching && !user.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("a watch covers the whole DATA_PATH: catalog.list with \"watch\" takes no \"user\""));
    const auto scanned = std::make_shared<const Catalog>(user.isEmpty() ? scanDataPath(m_dataPath) : scanForUser(m_dataPath, user));
    const Catalog &catalog = *scanned;
    if (watching)
        watch(scanned);
    QJsonArray users;
    for (const LocationScan &u : catalog.users)
        users.append(locationJson(u));
    return Reply::ok(QJsonObject{{QStringLiteral("data_path"), catalog.dataPath},
                                 {QStringLiteral("global"), locationJson(catalog.global)},
                                 {QStringLiteral("users"), users}});
}

QString RemoteServer::pathUnderDataPath(const QString &path, Reply *reply) const
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (canonical.isEmpty()) {
        *reply = Reply::fail(RpcCode::NotFound, QStringLiteral("%1 does not exist on the server").arg(path));
        return {};
    }
    if (!canonical.startsWith(m_canonicalData + u'/')) {
        *reply = Reply::fail(RpcCode::OutsideDataPath, QStringLiteral("%1 is not inside the DATA_PATH %2").arg(path, m_dataPath));
        return {};
    }
    return canonical;
}

RemoteServer::Reply RemoteServer::toolRead(const QJsonObject &params)
{
    const QString dir = params.value(QStringLiteral("dir")).toString();
    if (dir.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("tool.read needs \"dir\", a tool directory"));
    Reply reply;
    const QString canonical = pathUnderDataPath(dir, &reply);
    if (canonical.isEmpty())
        return reply;
    // Which location holds it: DATA_PATH/tools, or DATA_PATH/<email>/tools.
    const QFileInfo info(canonical);
    const QString location = info.absolutePath();
    const QString globalLocation = QFileInfo(globalToolsPath(m_canonicalData)).canonicalFilePath();
    Scope scope = Scope::Global;
    QString user;
    if (location != globalLocation) {
        const QFileInfo locationInfo(location);
        user = QFileInfo(locationInfo.absolutePath()).fileName();
        if (locationInfo.fileName() != u"tools" || QFileInfo(locationInfo.absolutePath()).absolutePath() != m_canonicalData
            || !user.contains(u'@'))
            return Reply::fail(RpcCode::NotFound, QStringLiteral("%1 is not a tool directory of the DATA_PATH").arg(dir));
        scope = Scope::User;
    }
    if (!info.isDir())
        return Reply::fail(RpcCode::NotFound, QStringLiteral("%1 is not a directory").arg(dir));
    const ToolDirScan scan = scanToolDir(canonical, location, scope, user);
    if (scan.skipped)
        return Reply::ok(QJsonObject{{QStringLiteral("skipped"), skippedJson(*scan.skipped)}});
    QJsonArray files;
    for (const QString &name : std::as_const(scan.tool->files))
        if (!name.endsWith(u'/'))
            files.append(fileJson(canonical, name));
    return Reply::ok(QJsonObject{{QStringLiteral("tool"), parsedJson(showJsonText(*scan.tool))}, {QStringLiteral("files"), files}});
}

RemoteServer::Reply RemoteServer::lint(const QJsonObject &params)
{
    QStringList paths;
    for (const QJsonValue &p : params.value(QStringLiteral("paths")).toArray()) {
        Reply reply;
        const QString canonical = pathUnderDataPath(p.toString(), &reply);
        if (canonical.isEmpty())
            return reply;
        paths.append(canonical);
    }
    if (paths.isEmpty())
        paths.append(m_dataPath);
    QString error;
    const std::optional<LintReport> report = lintPaths(paths, QString(), &error);
    if (!report)
        return Reply::fail(RpcCode::InvalidParams, error);
    return Reply::ok(parsedJson(lintJsonText(*report)));
}

RemoteServer::Reply RemoteServer::overrides()
{
    return Reply::ok(overridesJson(resolveOverrides(scanDataPath(m_dataPath))));
}

RemoteServer::Reply RemoteServer::cliRun(const QJsonObject &params)
{
    const QString command = params.value(QStringLiteral("command")).toString();
    if (!cliCommands().contains(command))
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("cli.run runs %1; not '%2'").arg(cliCommands().join(u", "), command));
    // lint and bump take paths: on the server, relative to the DATA_PATH and inside it. The
    // others take the DATA_PATH as --data.
    const bool takesPaths = command == u"lint" || command == u"bump";
    // The CLI's options that take a value (common.h): their values are not paths.
    static const QStringList valueOptions{QStringLiteral("user"), QStringLiteral("seed"), QStringLiteral("since"),
                                          QStringLiteral("to"), QStringLiteral("params"), QStringLiteral("runtime"),
                                          QStringLiteral("timeout"), QStringLiteral("budget"), QStringLiteral("store"),
                                          QStringLiteral("passphrase-fd")};
    QStringList args{command};
    if (!takesPaths)
        args << QStringLiteral("--data") << m_dataPath;
    bool positionalOnly = false, valueNext = false, anyPath = false;
    for (const QJsonValue &v : params.value(QStringLiteral("args")).toArray()) {
        if (!v.isString())
            return Reply::fail(RpcCode::InvalidParams, QStringLiteral("cli.run's args are strings"));
        QString arg = v.toString();
        if (valueNext) {
            valueNext = false;
        } else if (!positionalOnly && arg == u"--") {
            positionalOnly = true;
        } else if (!positionalOnly && arg.startsWith(u'-')) {
            const QString name = arg.sliced(arg.startsWith(u"--") ? 2 : 1).section(u'=', 0, 0);
            // The served DATA_PATH is the only one: an option naming another is refused.
            if (name == u"data")
                return Reply::fail(RpcCode::OutsideDataPath,
                                   QStringLiteral("cli.run works on the served DATA_PATH %1; it takes no --data").arg(m_dataPath));
            valueNext = valueOptions.contains(name) && !arg.contains(u'=');
        } else if (takesPaths) {
            Reply reply;
            const QString resolved = arg.isEmpty() ? QString() : QDir(m_dataPath).absoluteFilePath(arg);
            const QString canonical = QFileInfo(resolved).canonicalFilePath();
            if (canonical != m_canonicalData && pathUnderDataPath(resolved, &reply).isEmpty())
                return reply;
            arg = resolved;
            anyPath = true;
        }
        args.append(arg);
    }
    if (command == u"lint" && !anyPath)
        args.append(m_dataPath);
    if (m_cliProgram.isEmpty())
        return Reply::fail(RpcCode::InternalError, QStringLiteral("this server runs no CLI commands"));
    QProcess process;
    process.setProgram(m_cliProgram);
    process.setArguments(args);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit)
        return Reply::fail(RpcCode::InternalError, QStringLiteral("`toolwright %1` on the server did not finish: %2").arg(command, process.errorString()));
    return Reply::ok(QJsonObject{{QStringLiteral("exit"), process.exitCode()},
                                 {QStringLiteral("stdout"), QString::fromUtf8(process.readAllStandardOutput())},
                                 {QStringLiteral("stderr"), QString::fromUtf8(process.readAllStandardError())}});
}

} // namespace tw::engine
