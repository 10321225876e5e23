#pragma once
// The server side of the remote protocol (DESIGN.md "Remote servers"): JSON-RPC 2.0 requests
// over one DATA_PATH, answered with the engine and the CLI's JSON shapes. It takes one message
// (a line without its newline) and gives the reply line; `toolwright serve --stdio` moves the
// lines, so this class is tested without a process.
//
// Methods (protocol 1.0): initialize, catalog.list (with a watch: catalog.changed), tool.read,
// tool.save, tool.new, tool.customize, tool.revert, tool.import, tool.export, tool.explain,
// templates.list, sync.plan, sync.apply (with sync.progress), lint, overrides, cli.run,
// run.start (then run.event and run.finished), run.cancel.
// Each path a request names must lie under the served DATA_PATH (after resolving symlinks).

#include "catalog/catalogjson.h"
#include "remote/protocol.h"
#include "sync/seedsync.h"

#include <QByteArray>
#include <QFuture>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <map>
#include <optional>
#include <memory>

namespace tw::engine {

class CatalogScanner;
class MemorySecretStore;
class RunLauncher;
struct Catalog;

// What changed between two catalogs of one DATA_PATH, as `catalog.changed` carries it: per
// location that changed, the tools and skipped dirs that are new or different (whole, in
// list's shapes) and the dirs that went; a location that went is `{"path", "gone": true}`.
// Empty when nothing did.
QJsonArray catalogChanges(const Catalog &before, const Catalog &after, CatalogJson detail = CatalogJson::Summary);

// One file of `dir` as the server's methods send it: {name, size, sha256, text | base64} or
// {name, error} / {name, size, too_large}. A symlink whose target leaves `canonicalRoot` is not
// read (`rootWords` names the root in the error).
QJsonObject serverFileJson(const QString &dir, const QString &name, const QString &canonicalRoot, const QString &rootWords,
                           qint64 maxBytes);

class RemoteServer final
{
public:
    explicit RemoteServer(QString dataPath);
    ~RemoteServer();
    RemoteServer(const RemoteServer &) = delete;
    RemoteServer &operator=(const RemoteServer &) = delete;

    // Where notifications go (a line each, with its newline), as they happen: `catalog.list`
    // with `"watch": true` sends `catalog.changed` from then on. Without it, nothing is watched.
    using Send = std::function<void(const QByteArray &line)>;
    void setSend(Send send) { m_send = std::move(send); }

    // The reply line (with its newline) to one message; empty for a notification (no id).
    QByteArray handle(QByteArrayView line);

    // The toolwright binary cli.run starts for a command (`toolwright serve` gives its own).
    void setCliProgram(QString program) { m_cliProgram = std::move(program); }
    // The subcommands cli.run runs: those that read or change the DATA_PATH and need nothing of
    // the desktop (no secret, no terminal).
    static QStringList cliCommands();

    // Cancels every run this connection started and calls `done` once each has ended and been
    // recorded and a sync.apply in progress has finished (at once when there is none): the end of
    // input ends them all, leaving no process or container behind and no tool half copied.
    void shutdown(std::function<void()> done);
    qsizetype runningCount() const { return qsizetype(m_runs.size()); }

    bool initialized() const { return m_initialized; }
    const QString &dataPath() const { return m_dataPath; }

    // The methods this server answers, as `initialize` lists them in its capabilities.
    static QStringList methods();

private:
    struct Reply
    {
        QJsonValue result;
        RpcCode code = RpcCode::InternalError;
        QString error;        // set: an error reply
        QByteArray rawResult; // set: the result as compact JSON text, written as it is
        bool deferred = false; // the method answers later, through the Send (replyLater)

        static Reply ok(QJsonValue result) { return {std::move(result), RpcCode::InternalError, {}, {}}; }
        static Reply okText(QByteArray json) { return {{}, RpcCode::InternalError, {}, std::move(json)}; }
        static Reply fail(RpcCode code, QString message) { return {{}, code, std::move(message), {}}; }
        static Reply later() { return {{}, RpcCode::InternalError, {}, {}, true}; }
    };
    struct Method;
    static const QList<Method> &methodTable();
    Reply dispatch(const QString &method, const QJsonObject &params);
    Reply initialize(const QJsonObject &params);
    Reply catalogList(const QJsonObject &params);
    Reply toolRead(const QJsonObject &params);
    Reply toolBodies(const QJsonObject &params);
    Reply toolSave(const QJsonObject &params);
    Reply lint(const QJsonObject &params);
    Reply overrides();
    Reply cliRun(const QJsonObject &params);
    Reply runStart(const QJsonObject &params);
    // remoteserverworkspace.cpp: whole tool directories and the seed sync.
    Reply templatesList();
    Reply toolNew(const QJsonObject &params);
    Reply toolCustomize(const QJsonObject &params);
    Reply toolRevert(const QJsonObject &params);
    Reply toolImport(const QJsonObject &params);
    Reply toolExport(const QJsonObject &params);
    Reply toolExplain(const QJsonObject &params);
    Reply syncPlanOrApply(const QJsonObject &params, bool apply);
    Reply syncCompare(const QJsonObject &params);
    // `user` when it is a user of this DATA_PATH's layout (a name with @), else `reply` the error.
    bool validUser(const QString &user, Reply *reply) const;
    // The seed a client names for sync.plan, sync.apply and sync.compare: an existing directory
    // outside every user's data root (which runs write), its canonical path; else fails `reply`.
    QString checkedSeed(const QJsonValue &seed, Reply *reply) const;
    Reply runCancel(const QJsonObject &params);
    void notify(const QString &method, const QJsonObject &params);
    // The reply to the request `id` that dispatch() deferred (nothing for a notification).
    void replyLater(const QJsonValue &id, const Reply &reply);
    void runEnded(const QString &id);
    void maybeShutDown(); // the end of input was seen: done once no run and no sync is left
    // `path` resolved, when it lies under the DATA_PATH; else empty with `reply` the error.
    QString pathUnderDataPath(const QString &path, Reply *reply) const;
    // `dir` resolved, when it is a tool directory of a location of the DATA_PATH (global, or an
    // `<email>/tools`); else empty with `reply` the error.
    struct ToolDir
    {
        QString dir, location, user;
        bool global = true;
    };
    std::optional<ToolDir> toolDirUnderDataPath(const QString &dir, Reply *reply) const;

    QString m_dataPath;      // absolute, as given
    QString m_canonicalData; // symlinks resolved, for the containment check
    CatalogScanner &watchScanner(); // made on the first watch, started by watch()
    void watch(std::shared_ptr<const Catalog> sent);

    QString m_cliProgram;
    Send m_send;
    std::unique_ptr<CatalogScanner> m_scanner; // the watch: rescans on change
    bool m_watching = false;
    std::shared_ptr<const Catalog> m_sent;     // the catalog as the client has it
    CatalogJson m_watchDetail = CatalogJson::Summary; // what catalog.changed carries of a tool
    struct Run
    {
        std::unique_ptr<MemorySecretStore> secrets; // what the client sent for this run, nothing else
        std::unique_ptr<RunLauncher> launcher;
    };
    std::map<QString, Run> m_runs; // by run id
    quint64 m_nextRun = 1;
    std::function<void()> m_shutdownDone;
    bool m_initialized = false;
    QJsonValue m_currentId;          // of the request being dispatched
    bool m_syncApplying = false;     // a sync.apply is copying on its thread
    QFuture<SyncResult> m_syncFuture;
    std::unique_ptr<QObject> m_context = std::make_unique<QObject>(); // posts a thread's results to the loop
};

} // namespace tw::engine
