#include "remote/remoteserver.h"

#include "authoring/tooleditsession.h"
#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/catalogscanner.h"
#include "catalog/lint.h"
#include "catalog/locationscanner.h"
#include "catalog/overrideresolver.h"
#include "remote/runwire.h"
#include "run/runlauncher.h"
#include "run/runtime.h"
#include "secrets/secretstore.h"
#include "toolmd/diagnostic.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStringDecoder>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>

namespace tw::engine {

QJsonObject serverFileJson(const QString &dir, const QString &name, const QString &canonicalRoot, const QString &rootWords,
                           qint64 maxBytes)
{
    QJsonObject o{{QStringLiteral("name"), name}};
    // A symlink is read only when it stays inside the root: a tool's author may not make the
    // server hand out another file of the server.
    const QFileInfo info(dir + u'/' + name);
    if (info.isSymLink() && !info.canonicalFilePath().startsWith(canonicalRoot + u'/')) {
        o.insert(QStringLiteral("error"), QStringLiteral("a symlink to a file outside %1: not read").arg(rootWords));
        return o;
    }
    QFile f(dir + u'/' + name);
    if (!f.open(QIODevice::ReadOnly)) {
        o.insert(QStringLiteral("error"), f.errorString());
        return o;
    }
    o.insert(QStringLiteral("size"), double(f.size()));
    if (f.size() > maxBytes) {
        o.insert(QStringLiteral("too_large"), true);
        return o;
    }
    const QByteArray bytes = f.readAll();
    o.insert(QStringLiteral("sha256"), sha256Hex(bytes));
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8.decode(bytes);
    if (utf8.hasError() || bytes.contains('\0'))
        o.insert(QStringLiteral("base64"), QString::fromLatin1(bytes.toBase64()));
    else
        o.insert(QStringLiteral("text"), text);
    return o;
}

namespace {

// The largest file tool.read sends whole; a bigger one is listed with its size only.
constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

// One file of a tool as tool.read sends it: text when it is UTF-8, else base64; its SHA-256
// is the precondition a later save names.
QJsonObject fileJson(const QString &dir, const QString &name, const QString &canonicalData)
{
    return serverFileJson(dir, name, canonicalData, QStringLiteral("the DATA_PATH"), kMaxFileBytes);
}

QJsonObject locationHeader(const LocationScan &location)
{
    QJsonObject o{{QStringLiteral("path"), location.path}, {QStringLiteral("exists"), location.exists}};
    if (location.scope == Scope::User)
        o.insert(QStringLiteral("user"), location.user);
    return o;
}

// The items of `after` that are new or differ from `before` (by dir, as JSON), and the dirs of
// `before` that `after` no longer has.
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

// One location's changes, or an empty object when it has none.
QJsonObject locationChange(const LocationScan &before, const LocationScan &after, CatalogJson detail)
{
    QJsonArray tools, removed, skipped, unskipped;
    diffItems(before.tools, after.tools, [detail](const ToolRecord &t) { return toolJson(t, detail); }, &tools, &removed);
    diffItems(before.skipped, after.skipped, [detail](const SkippedDir &s) { return skippedJson(s, detail); }, &skipped, &unskipped);
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

QJsonArray catalogChanges(const Catalog &before, const Catalog &after, CatalogJson detail)
{
    QJsonArray changes;
    if (QJsonObject g = locationChange(before.global, after.global, detail); !g.isEmpty())
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
        if (QJsonObject c = locationChange(it == old.cend() ? none : **it, u, detail); !c.isEmpty())
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

RemoteServer::~RemoteServer()
{
    // A sync being applied finishes its copies first (each tool old or new, never half).
    m_syncFuture.waitForFinished();
    // Nothing may outlive the server: a run still going is cancelled and waited for.
    if (!m_runs.empty()) {
        QEventLoop loop;
        shutdown([&loop] { loop.quit(); });
        if (!m_runs.empty())
            loop.exec();
    }
}

void RemoteServer::notify(const QString &method, const QJsonObject &params)
{
    if (!m_send)
        return;
    const QJsonObject message{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    m_send(wireJson(message) + '\n');
}

RemoteServer::Reply RemoteServer::runStart(const QJsonObject &params)
{
    const QString name = params.value(QStringLiteral("tool")).toString();
    const QString user = params.value(QStringLiteral("user")).toString();
    if (name.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("run.start needs \"tool\", a name, and \"user\": a tool always runs for one user"));
    if (Reply reply; !validUser(user, &reply))
        return reply;
    if (m_shutdownDone)
        return Reply::fail(RpcCode::InvalidRequest, QStringLiteral("the server is ending"));
    const Catalog catalog = scanForUser(m_dataPath, user);
    const EffectiveSet set = resolveEffective(catalog, user);
    const EffectiveTool *effective = set.find(name);
    if (!effective)
        return Reply::fail(RpcCode::NotFound, QStringLiteral("no tool named '%1' for %2 in %3").arg(name, user, m_dataPath));
    // Runs use the server's runtimes and settings, as the platform does.
    const QString runtime = params.value(QStringLiteral("runtime")).toString(RuntimeConfig::load().preferred);
    if (!runtimeChoices().contains(runtime))
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("unknown runtime '%1' (auto, bwrap, podman, docker)").arg(runtime));
    Run run;
    // The secrets the client sent for this run (its integrations' tokens), held in memory only;
    // sensitive inputs come inside params. The server's own store is never read.
    run.secrets = std::make_unique<MemorySecretStore>();
    const QJsonObject secrets = params.value(QStringLiteral("secrets")).toObject();
    for (auto it = secrets.begin(); it != secrets.end(); ++it)
        run.secrets->insert(it.key(), it.value().toString());
    Integrations integrations = integrationsFromJson(params.value(QStringLiteral("integrations")).toObject());
    // The email DB is a host path the run mounts read-write: never one a client chose. A client's
    // may only name the server's own setting for this user (or be empty, for none).
    const QString serverEmailDb = Integrations::load(user).emailDb;
    if (!integrations.emailDb.isEmpty() && QDir::cleanPath(integrations.emailDb) != QDir::cleanPath(serverEmailDb))
        return Reply::fail(RpcCode::InvalidParams,
                           QStringLiteral("the email database '%1' is not this server's (%2): a run mounts only the one the "
                                          "server's own settings name (toolwright on the server: Settings → Integrations)")
                               .arg(integrations.emailDb, serverEmailDb.isEmpty() ? QStringLiteral("none set") : serverEmailDb));
    std::optional<RunChangesPolicy> changes;
    if (const QString policy = params.value(QStringLiteral("changes")).toString(); !policy.isEmpty()) {
        changes = runChangesPolicyFromName(policy);
        if (!changes || *changes == RunChangesPolicy::Ask) // a server has no one to ask
            return Reply::fail(RpcCode::InvalidParams, QStringLiteral("\"changes\" is keep or discard, not '%1'").arg(policy));
    }
    RunRequest request{effective->tool,
                       catalog.dataPath,
                       user,
                       params.value(QStringLiteral("params")).toObject(),
                       runtime,
                       std::max(0, params.value(QStringLiteral("timeout_ms")).toInt()),
                       toolSource(catalog, effective->tool),
                       integrations};
    request.changes = changes;
    run.launcher = std::make_unique<RunLauncher>(std::move(request), *run.secrets, RunHistory::defaultPath());
    // The store holds exactly what the desktop chose to send: it asked its own questions.
    run.launcher->setHeldSecretPolicy([](const HeldSecret &) { return RunLauncher::HeldAnswer::Skip; });
    const QString id = QStringLiteral("r%1").arg(m_nextRun++);
    RunLauncher *launcher = run.launcher.get();
    RunSession *session = launcher->session();
    auto outcome = std::make_shared<RunOutcome>();
    // The sandbox is up: what a Run pane's Raw and Environment tabs show (secrets masked).
    QObject::connect(session, &RunSession::sandboxStarted, launcher, [this, id, session](const QString &runtime) {
        QJsonArray environment, command;
        for (const QString &line : session->maskedEnvironment())
            environment.append(line);
        for (const QString &word : session->launchCommand())
            command.append(word);
        notify(QStringLiteral("run.started"), {{QStringLiteral("run_id"), id},
                                               {QStringLiteral("runtime"), runtime},
                                               {QStringLiteral("request"), QString::fromUtf8(session->maskedRequestLine())},
                                               {QStringLiteral("environment"), environment},
                                               {QStringLiteral("command"), command}});
    });
    QObject::connect(session, &RunSession::eventReceived, launcher, [this, id](const RunEvent &e) {
        notify(QStringLiteral("run.event"), {{QStringLiteral("run_id"), id}, {QStringLiteral("event"), runEventToJson(e)}});
    });
    QObject::connect(session, &RunSession::finished, launcher, [outcome](const RunOutcome &r) { *outcome = r; });
    QObject::connect(launcher, &RunLauncher::refused, launcher, [this, id](const QString &message) {
        RunOutcome r;
        r.message = message;
        notify(QStringLiteral("run.finished"), {{QStringLiteral("run_id"), id}, {QStringLiteral("outcome"), runOutcomeToJson(r)}});
        runEnded(id);
    });
    QObject::connect(launcher, &RunLauncher::recorded, launcher,
                     [this, id, outcome, session](const RunRecord &, qint64 historyId, const QString &historyError) {
                         QJsonObject p{{QStringLiteral("run_id"), id}, {QStringLiteral("outcome"), runOutcomeToJson(*outcome)},
                                       {QStringLiteral("runtime"), session->runtimeName()}};
                         if (historyId <= 0 && !historyError.isEmpty())
                             p.insert(QStringLiteral("history_error"), historyError);
                         notify(QStringLiteral("run.finished"), p);
                         runEnded(id);
                     });
    m_runs.emplace(id, std::move(run));
    QTimer::singleShot(0, launcher, &RunLauncher::launch); // after this reply is written
    return Reply::ok(QJsonObject{{QStringLiteral("run_id"), id}});
}

RemoteServer::Reply RemoteServer::runCancel(const QJsonObject &params)
{
    const auto it = m_runs.find(params.value(QStringLiteral("run_id")).toString());
    if (it == m_runs.end())
        return Reply::fail(RpcCode::NotFound, QStringLiteral("no run '%1' of this connection is going").arg(params.value(QStringLiteral("run_id")).toString()));
    it->second.launcher->cancel();
    return Reply::ok(QJsonObject{{QStringLiteral("cancelling"), true}});
}

void RemoteServer::replyLater(const QJsonValue &id, const Reply &reply)
{
    if (id.isUndefined() || !m_send)
        return;
    if (!reply.error.isEmpty())
        m_send(rpcErrorLine(id, reply.code, reply.error));
    else
        m_send(reply.rawResult.isEmpty() ? rpcResultLine(id, reply.result) : rpcRawResultLine(id, reply.rawResult));
}

void RemoteServer::maybeShutDown()
{
    if (m_shutdownDone && m_runs.empty() && !m_syncApplying)
        QTimer::singleShot(0, [done = std::exchange(m_shutdownDone, {})] { done(); });
}

void RemoteServer::runEnded(const QString &id)
{
    const auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    // Not from inside the launcher's own signal: it goes on the next turn of the loop.
    RunLauncher *launcher = it->second.launcher.release();
    MemorySecretStore *secrets = it->second.secrets.release();
    m_runs.erase(it);
    QTimer::singleShot(0, [launcher, secrets] {
        delete launcher;
        delete secrets;
    });
    maybeShutDown();
}

void RemoteServer::shutdown(std::function<void()> done)
{
    if (m_runs.empty() && !m_syncApplying) {
        done();
        return;
    }
    m_shutdownDone = std::move(done);
    for (auto &[id, run] : m_runs)
        run.launcher->cancel();
}

CatalogScanner &RemoteServer::watchScanner()
{
    if (!m_scanner) {
        m_scanner = std::make_unique<CatalogScanner>();
        QObject::connect(m_scanner.get(), &CatalogScanner::scanFinished, m_scanner.get(),
                         [this](std::shared_ptr<const Catalog> now) {
                             const QJsonArray changes = catalogChanges(*m_sent, *now, m_watchDetail);
                             m_sent = std::move(now);
                             if (!changes.isEmpty())
                                 notify(QStringLiteral("catalog.changed"), {{QStringLiteral("locations"), changes}});
                         });
    }
    return *m_scanner;
}

void RemoteServer::watch(std::shared_ptr<const Catalog> sent)
{
    m_sent = std::move(sent);
    if (m_watching)
        return;
    m_watching = true;
    // After the reply is out: the watch's first scan (its inotify watches, the cache it fills)
    // then competes with nothing the client waits for. A change in between is in that scan's
    // difference from m_sent.
    CatalogScanner &scanner = watchScanner();
    QTimer::singleShot(0, &scanner, [this] { m_scanner->setDataPath(m_dataPath); });
}

// Every method after initialize, in the order `initialize` lists them: one table for the list
// and the dispatch.
struct RemoteServer::Method
{
    QString name;
    Reply (*call)(RemoteServer &server, const QJsonObject &params);
};

const QList<RemoteServer::Method> &RemoteServer::methodTable()
{
    static const QList<Method> table{
        // 1.1: the heartbeat a window measures its round trip with; it does nothing else.
        {QStringLiteral("ping"), [](RemoteServer &, const QJsonObject &) { return Reply::ok(QJsonObject{}); }},
        {QStringLiteral("catalog.list"), [](RemoteServer &s, const QJsonObject &p) { return s.catalogList(p); }},
        {QStringLiteral("tool.read"), [](RemoteServer &s, const QJsonObject &p) { return s.toolRead(p); }},
        // 1.3: the bodies a catalog listed without ("bodies": false), for the tools a window shows.
        {QStringLiteral("tool.bodies"), [](RemoteServer &s, const QJsonObject &p) { return s.toolBodies(p); }},
        {QStringLiteral("tool.save"), [](RemoteServer &s, const QJsonObject &p) { return s.toolSave(p); }},
        {QStringLiteral("lint"), [](RemoteServer &s, const QJsonObject &p) { return s.lint(p); }},
        {QStringLiteral("overrides"), [](RemoteServer &s, const QJsonObject &) { return s.overrides(); }},
        {QStringLiteral("cli.run"), [](RemoteServer &s, const QJsonObject &p) { return s.cliRun(p); }},
        {QStringLiteral("run.start"), [](RemoteServer &s, const QJsonObject &p) { return s.runStart(p); }},
        {QStringLiteral("run.cancel"), [](RemoteServer &s, const QJsonObject &p) { return s.runCancel(p); }},
        {QStringLiteral("templates.list"), [](RemoteServer &s, const QJsonObject &) { return s.templatesList(); }},
        {QStringLiteral("tool.new"), [](RemoteServer &s, const QJsonObject &p) { return s.toolNew(p); }},
        {QStringLiteral("tool.customize"), [](RemoteServer &s, const QJsonObject &p) { return s.toolCustomize(p); }},
        {QStringLiteral("tool.revert"), [](RemoteServer &s, const QJsonObject &p) { return s.toolRevert(p); }},
        {QStringLiteral("tool.import"), [](RemoteServer &s, const QJsonObject &p) { return s.toolImport(p); }},
        {QStringLiteral("tool.export"), [](RemoteServer &s, const QJsonObject &p) { return s.toolExport(p); }},
        {QStringLiteral("tool.explain"), [](RemoteServer &s, const QJsonObject &p) { return s.toolExplain(p); }},
        {QStringLiteral("sync.plan"), [](RemoteServer &s, const QJsonObject &p) { return s.syncPlanOrApply(p, false); }},
        {QStringLiteral("sync.apply"), [](RemoteServer &s, const QJsonObject &p) { return s.syncPlanOrApply(p, true); }},
        {QStringLiteral("sync.compare"), [](RemoteServer &s, const QJsonObject &p) { return s.syncCompare(p); }},
    };
    return table;
}

QStringList RemoteServer::methods()
{
    QStringList names{QStringLiteral("initialize")};
    for (const Method &m : methodTable())
        names.append(m.name);
    return names;
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
    m_currentId = id;
    const Reply reply = dispatch(method.toString(), params.toObject());
    m_currentId = QJsonValue::Undefined;
    if (id.isUndefined() || reply.deferred)
        return {}; // a notification: no reply, even to an error; or one that comes later
    if (!reply.error.isEmpty())
        return rpcErrorLine(id, reply.code, reply.error);
    return reply.rawResult.isEmpty() ? rpcResultLine(id, reply.result) : rpcRawResultLine(id, reply.rawResult);
}

RemoteServer::Reply RemoteServer::dispatch(const QString &method, const QJsonObject &params)
{
    if (method == u"initialize")
        return initialize(params);
    const QList<Method> &table = methodTable();
    const auto it = std::find_if(table.begin(), table.end(), [&method](const Method &m) { return m.name == method; });
    if (it == table.end())
        return Reply::fail(RpcCode::MethodNotFound, QStringLiteral("no method '%1' in protocol %2").arg(method, protocolVersionText()));
    if (!m_initialized)
        return Reply::fail(RpcCode::NotInitialized, QStringLiteral("'%1' before initialize").arg(method));
    return it->call(*this, params);
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
    // The first list reads without the watch's cache: filling it (four more stats a tool, an
    // inotify watch before each read) cost 170 ms of the 700 the window waits for at 10,000
    // tools. The watch's first scan fills it after the reply, and what changed in between is in
    // that scan's difference from what was sent. A later list (a rescan) reads from it.
    ScanCache *cache = watching && m_watching ? watchScanner().cache() : nullptr;
    // A window asks for the detail (bodies and file lists) it shows; the CLI's T is the summary.
    // With "bodies": false (1.3) a window's detail comes without the bodies: it asks for those
    // it shows (tool.bodies), and the catalog is half the bytes to write, pack, send and read.
    const CatalogJson detail = !params.value(QStringLiteral("detail")).toBool() ? CatalogJson::Summary
        : params.value(QStringLiteral("bodies")).toBool(true)                  ? CatalogJson::Detail
                                                                                : CatalogJson::DetailNoBody;
    // Compressed when asked: 10,000 tools are 22 MB of JSON with their bodies and 3.9 MB in
    // zstd, which is what crosses ssh's channel (its window is 2 MB, refilled a round trip later).
    const QJsonValue compress = params.value(QStringLiteral("compress"));
    const QJsonValue stream = params.value(QStringLiteral("stream"));
    if (stream.isDouble() && user.isEmpty() && m_send) {
        // Streamed (1.2): each location goes as catalog.location as soon as it is scanned,
        // written and packed on a thread of its own while the next one is read, so that the
        // wire and the desktop's decoding overlap the scan instead of following it. The reply
        // then says how many were sent. The main thread writes nothing meanwhile: it is here.
        QThreadPool packer;
        packer.setMaxThreadCount(1); // one at a time: they go out in the order they were scanned
        int sent = 0;
        const QByteArray head = "{\"jsonrpc\":\"2.0\",\"method\":\"catalog.location\",\"params\":{\"stream\":"
            + QByteArray::number(stream.toInteger());
        const auto scanned = std::make_shared<const Catalog>(scanDataPath(m_dataPath, cache, [&](const LocationScan &location) {
            ++sent;
            packer.start([this, location, detail, compress, head] {
                m_send(head + (location.scope == Scope::Global ? ",\"scope\":\"global\"" : ",\"scope\":\"user\"")
                       + ",\"location\":" + packCatalogText(locationJsonText(location, detail), compress) + "}}\n");
            });
        }));
        packer.waitForDone();
        if (watching) {
            m_watchDetail = detail;
            watch(scanned);
        }
        return Reply::ok(QJsonObject{{QStringLiteral("data_path"), scanned->dataPath}, {QStringLiteral("locations"), sent}});
    }
    const auto scanned = std::make_shared<const Catalog>(user.isEmpty() ? scanDataPath(m_dataPath, cache) : scanForUser(m_dataPath, user));
    if (watching) {
        m_watchDetail = detail;
        watch(scanned);
    }
    return Reply::okText(packCatalogText(catalogJsonText(*scanned, detail), compress));
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

std::optional<RemoteServer::ToolDir> RemoteServer::toolDirUnderDataPath(const QString &dir, Reply *reply) const
{
    const QString canonical = pathUnderDataPath(dir, reply);
    if (canonical.isEmpty())
        return std::nullopt;
    // Which location holds it: DATA_PATH/tools, or DATA_PATH/<email>/tools.
    const QFileInfo info(canonical);
    ToolDir t{canonical, info.absolutePath(), {}, true};
    const QString globalLocation = QFileInfo(globalToolsPath(m_canonicalData)).canonicalFilePath();
    if (t.location != globalLocation) {
        const QFileInfo locationInfo(t.location);
        t.user = QFileInfo(locationInfo.absolutePath()).fileName();
        t.global = false;
        if (locationInfo.fileName() != u"tools" || QFileInfo(locationInfo.absolutePath()).absolutePath() != m_canonicalData
            || !t.user.contains(u'@')) {
            *reply = Reply::fail(RpcCode::NotFound, QStringLiteral("%1 is not a tool directory of the DATA_PATH").arg(dir));
            return std::nullopt;
        }
    }
    if (!info.isDir()) {
        *reply = Reply::fail(RpcCode::NotFound, QStringLiteral("%1 is not a directory").arg(dir));
        return std::nullopt;
    }
    return t;
}

RemoteServer::Reply RemoteServer::toolRead(const QJsonObject &params)
{
    const QString dir = params.value(QStringLiteral("dir")).toString();
    if (dir.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("tool.read needs \"dir\", a tool directory"));
    Reply reply;
    const std::optional<ToolDir> t = toolDirUnderDataPath(dir, &reply);
    if (!t)
        return reply;
    const QString canonical = t->dir, location = t->location, user = t->user;
    const Scope scope = t->global ? Scope::Global : Scope::User;
    const ToolDirScan scan = scanToolDir(canonical, location, scope, user);
    // "names" (1.1): only these of its files, as a window reads the one it shows.
    const QJsonArray only = params.value(QStringLiteral("names")).toArray();
    const auto wanted = [&only](const QString &name) { return only.isEmpty() || only.contains(name); };
    QJsonArray files;
    for (const QString &name : std::as_const(scan.tool ? scan.tool->files : scan.skipped->files))
        if (!name.endsWith(u'/') && wanted(name))
            files.append(fileJson(canonical, name, m_canonicalData));
    if (scan.skipped) // a dir that does not load: why, and its files (the TOOL.md that is wrong)
        return Reply::ok(QJsonObject{{QStringLiteral("skipped"), skippedJson(*scan.skipped)}, {QStringLiteral("files"), files}});
    // show's JSON text as it is, not parsed back into objects to be written again.
    return Reply::okText(QByteArrayLiteral("{\"files\":") + wireJson(files)
                         + QByteArrayLiteral(",\"tool\":") + showJsonText(*scan.tool) + '}');
}

RemoteServer::Reply RemoteServer::toolBodies(const QJsonObject &params)
{
    const QJsonArray dirs = params.value(QStringLiteral("dirs")).toArray();
    if (dirs.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("tool.bodies needs \"dirs\", tool directories"));
    QList<ToolBody> bodies;
    bodies.reserve(dirs.size());
    for (const QJsonValue &value : dirs) {
        ToolBody &b = bodies.emplace_back();
        b.dir = value.toString();
        Reply reply;
        const std::optional<ToolDir> t = b.dir.isEmpty() ? std::nullopt : toolDirUnderDataPath(b.dir, &reply);
        if (!t) {
            b.error = b.dir.isEmpty() ? QStringLiteral("not a tool directory") : reply.error;
            continue;
        }
        // Read as the catalog reads it, so that the body is the one a scan would have listed.
        const ToolDirScan scan = scanToolDir(t->dir, t->location, t->global ? Scope::Global : Scope::User, t->user);
        if (!scan.tool) {
            b.error = QStringLiteral("%1 does not load as a tool").arg(b.dir);
            continue;
        }
        b.body = scan.tool->body;
        b.bodyLine = scan.tool->bodyLine;
    }
    return Reply::okText(packCatalogText(toolBodiesJsonText(bodies), params.value(QStringLiteral("compress"))));
}

RemoteServer::Reply RemoteServer::toolSave(const QJsonObject &params)
{
    const QString dir = params.value(QStringLiteral("dir")).toString();
    const QJsonObject files = params.value(QStringLiteral("files")).toObject();
    if (dir.isEmpty() || files.isEmpty())
        return Reply::fail(RpcCode::InvalidParams,
                           QStringLiteral("tool.save needs \"dir\" and \"files\": {name: {\"text\" or \"base64\", \"base_sha256\"}}"));
    Reply reply;
    const std::optional<ToolDir> t = toolDirUnderDataPath(dir, &reply);
    if (!t)
        return reply;
    // Through the one save path every editor uses: the version rule and atomic writes.
    Diagnostic openError;
    std::optional<ToolEditSession> session = ToolEditSession::open(t->dir, &openError);
    if (!session)
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("%1 cannot be saved: %2").arg(dir, formatDiagnostic(openError)));
    const QString entryName = QFileInfo(session->entryPath()).fileName();
    std::optional<QByteArray> toolMd, entry;
    for (auto it = files.begin(); it != files.end(); ++it) {
        const QString &name = it.key();
        const QJsonObject file = it.value().toObject();
        if (name != kToolMdFile && name != entryName)
            return Reply::fail(RpcCode::InvalidParams, QStringLiteral("tool.save writes %1 and %2; not '%3'").arg(kToolMdFile, entryName, name));
        const QString path = t->dir + u'/' + name;
        if (QFileInfo(path).isSymLink())
            return Reply::fail(RpcCode::OutsideDataPath, QStringLiteral("%1 is a symlink: the server does not write through it").arg(path));
        // The precondition: the bytes the client read are the bytes the session has now.
        const QByteArray current = name == kToolMdFile ? session->document().bytes() : session->entrySource();
        const bool exists = name == kToolMdFile || QFileInfo::exists(path);
        const QString base = file.value(QStringLiteral("base_sha256")).toString();
        const QString now = exists ? sha256Hex(current) : QString();
        if (base != now)
            return Reply::fail(RpcCode::Conflict,
                               QStringLiteral("%1 changed on the server since it was read; nothing was written (reload or compare)").arg(path));
        QByteArray bytes;
        if (file.contains(QStringLiteral("base64"))) {
            const auto decoded = QByteArray::fromBase64Encoding(file.value(QStringLiteral("base64")).toString().toLatin1(),
                                                                QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded)
                return Reply::fail(RpcCode::InvalidParams, QStringLiteral("%1: base64 that does not decode").arg(name));
            bytes = *decoded;
        } else if (file.value(QStringLiteral("text")).isString()) {
            bytes = file.value(QStringLiteral("text")).toString().toUtf8();
        } else {
            return Reply::fail(RpcCode::InvalidParams, QStringLiteral("%1: \"text\" or \"base64\" is missing").arg(name));
        }
        (name == kToolMdFile ? toolMd : entry) = std::move(bytes);
    }
    if (toolMd) {
        Diagnostic error;
        std::optional<FrontmatterDocument> doc = FrontmatterDocument::fromBytes(*toolMd, &error);
        if (!doc) {
            error.file = session->toolMdPath();
            return Reply::fail(RpcCode::InvalidParams, QStringLiteral("not saved: %1").arg(formatDiagnostic(error)));
        }
        session->document() = std::move(*doc);
    }
    if (entry)
        session->setEntrySource(*entry);
    ToolEditSession::SaveOptions options;
    options.autoBump = params.value(QStringLiteral("auto_bump")).toBool();
    const ToolEditSession::SaveResult result = session->save(options);
    switch (result.status) {
    case ToolEditSession::SaveStatus::NotBumped:
        return Reply::fail(RpcCode::NotBumped, formatDiagnostic(result.diagnostic));
    case ToolEditSession::SaveStatus::Conflict:
        return Reply::fail(RpcCode::Conflict, formatDiagnostic(result.diagnostic));
    case ToolEditSession::SaveStatus::WriteFailed:
        return Reply::fail(RpcCode::WriteFailed, formatDiagnostic(result.diagnostic));
    case ToolEditSession::SaveStatus::Saved:
    case ToolEditSession::SaveStatus::NothingToSave:
        break;
    }
    return Reply::ok(QJsonObject{
        {QStringLiteral("saved"), result.status == ToolEditSession::SaveStatus::Saved},
        {QStringLiteral("version"), session->document().manifest().version},
        {QStringLiteral("files"), QJsonObject{{QString(kToolMdFile), sha256Hex(session->document().bytes())},
                                              {entryName, sha256Hex(session->entrySource())}}}});
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
    return Reply::okText(lintJsonText(*report));
}

RemoteServer::Reply RemoteServer::overrides()
{
    return Reply::okText(overridesJsonText(scanOverrides(m_dataPath)));
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
