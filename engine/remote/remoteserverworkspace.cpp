// RemoteServer's methods on whole tool directories (new, customize, revert, import, export,
// explain) and the seed sync: each the engine's own operation, as the GUI and CLI do it here.

#include "remote/remoteserver.h"

#include "authoring/toolarchive.h"
#include "authoring/toolworkspace.h"
#include "catalog/catalog.h"
#include "catalog/catalogjson.h"
#include "catalog/toolexplanation.h"
#include "sync/seedsync.h"
#include "toolmd/toollayout.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QFutureWatcher>
#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

bool RemoteServer::validUser(const QString &user, Reply *reply) const
{
    if (isUserDirectoryName(user))
        return true;
    *reply = Reply::fail(RpcCode::InvalidParams, QStringLiteral("'%1' is not a user (a directory name with an @ under the DATA_PATH)").arg(user));
    return false;
}

RemoteServer::Reply RemoteServer::templatesList()
{
    return Reply::ok(QJsonObject{{QStringLiteral("templates"), QJsonArray::fromStringList(templateIds())}});
}

RemoteServer::Reply RemoteServer::toolNew(const QJsonObject &params)
{
    const QString user = params.value(QStringLiteral("user")).toString();
    const QString name = params.value(QStringLiteral("name")).toString();
    const QString id = params.value(QStringLiteral("template")).toString(QStringLiteral("minimal"));
    Reply reply;
    if (!validUser(user, &reply))
        return reply;
    if (!templateIds().contains(id))
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("no template '%1' (%2)").arg(id, templateIds().join(u", ")));
    const Catalog catalog = scanForUser(m_dataPath, user);
    if (const QString problem = newToolNameProblem(catalog, user, name); !problem.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, problem);
    const WorkspaceResult r = createToolFromTemplate(catalog, user, id, name, params.value(QStringLiteral("label")).toString(),
                                                     params.value(QStringLiteral("description")).toString());
    if (!r.ok())
        return Reply::fail(RpcCode::WriteFailed, r.error);
    return Reply::ok(QJsonObject{{QStringLiteral("dir"), r.dir}});
}

RemoteServer::Reply RemoteServer::toolCustomize(const QJsonObject &params)
{
    const QString user = params.value(QStringLiteral("user")).toString();
    Reply reply;
    if (!validUser(user, &reply))
        return reply;
    const std::optional<ToolDir> t = toolDirUnderDataPath(params.value(QStringLiteral("dir")).toString(), &reply);
    if (!t)
        return reply;
    if (!t->global)
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("%1 is a user's tool: only a global tool is customized").arg(t->dir));
    const WorkspaceResult r = customizeTool(scanForUser(m_dataPath, user), user, t->dir);
    if (!r.ok())
        return Reply::fail(RpcCode::WriteFailed, r.error);
    return Reply::ok(QJsonObject{{QStringLiteral("dir"), r.dir}});
}

RemoteServer::Reply RemoteServer::toolRevert(const QJsonObject &params)
{
    Reply reply;
    const std::optional<ToolDir> t = toolDirUnderDataPath(params.value(QStringLiteral("dir")).toString(), &reply);
    if (!t)
        return reply;
    if (t->global)
        return Reply::fail(RpcCode::InvalidParams,
                           QStringLiteral("%1 is a global tool: revert removes a user's copy, never a global tool").arg(t->dir));
    bool trashed = false;
    if (const QString error = removeToolDir(t->dir, &trashed); !error.isEmpty())
        return Reply::fail(RpcCode::WriteFailed, error);
    return Reply::ok(QJsonObject{{QStringLiteral("removed"), t->dir}, {QStringLiteral("trashed"), trashed}});
}

RemoteServer::Reply RemoteServer::toolImport(const QJsonObject &params)
{
    const QString user = params.value(QStringLiteral("user")).toString();
    Reply reply;
    if (!validUser(user, &reply))
        return reply;
    const auto zip = QByteArray::fromBase64Encoding(params.value(QStringLiteral("zip_base64")).toString().toLatin1(),
                                                    QByteArray::AbortOnBase64DecodingErrors);
    if (!zip || zip.decoded.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("tool.import needs \"zip_base64\", a .zip holding one tool"));
    // The archive is written where only this process looks, then imported as a local .zip is.
    QTemporaryDir staging;
    const QString name = QFileInfo(params.value(QStringLiteral("name")).toString(QStringLiteral("tool.zip"))).fileName();
    const QString path = staging.filePath(name.endsWith(u".zip") ? name : name + QStringLiteral(".zip"));
    QFile f(path);
    if (!staging.isValid() || !f.open(QIODevice::WriteOnly) || f.write(zip.decoded) != zip.decoded.size())
        return Reply::fail(RpcCode::WriteFailed, QStringLiteral("cannot stage the archive on the server: %1").arg(f.errorString()));
    f.close();
    const WorkspaceResult r = importTool(scanForUser(m_dataPath, user), user, path);
    if (!r.ok())
        return Reply::fail(RpcCode::InvalidParams, r.error);
    return Reply::ok(QJsonObject{{QStringLiteral("dir"), r.dir}});
}

RemoteServer::Reply RemoteServer::toolExport(const QJsonObject &params)
{
    Reply reply;
    const std::optional<ToolDir> t = toolDirUnderDataPath(params.value(QStringLiteral("dir")).toString(), &reply);
    if (!t)
        return reply;
    QTemporaryDir staging;
    const QString zipPath = staging.filePath(QFileInfo(t->dir).fileName() + QStringLiteral(".zip"));
    if (const QString error = exportToolZip(t->dir, zipPath); !error.isEmpty())
        return Reply::fail(RpcCode::WriteFailed, error);
    QFile f(zipPath);
    if (!f.open(QIODevice::ReadOnly))
        return Reply::fail(RpcCode::WriteFailed, f.errorString());
    return Reply::ok(QJsonObject{{QStringLiteral("name"), QFileInfo(zipPath).fileName()},
                                 {QStringLiteral("zip_base64"), QString::fromLatin1(f.readAll().toBase64())}});
}

RemoteServer::Reply RemoteServer::toolExplain(const QJsonObject &params)
{
    const QString user = params.value(QStringLiteral("user")).toString();
    const QString name = params.value(QStringLiteral("name")).toString();
    Reply reply;
    if (!user.isEmpty() && !validUser(user, &reply))
        return reply;
    if (name.isEmpty())
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("tool.explain needs \"name\""));
    const ToolExplanation e = explainTool(user.isEmpty() ? scanDataPath(m_dataPath) : scanForUser(m_dataPath, user), user, name);
    QJsonArray registrations, notLoaded;
    for (const Registration &r : e.registrations)
        registrations.append(QJsonObject{{QStringLiteral("order"), r.order}, {QStringLiteral("wins"), r.wins},
                                         {QStringLiteral("tool"), toolJson(r.tool)}});
    for (const SkippedDir &s : e.notLoaded)
        notLoaded.append(skippedJson(s));
    return Reply::ok(QJsonObject{{QStringLiteral("name"), e.name}, {QStringLiteral("user"), e.user},
                                 {QStringLiteral("registrations"), registrations}, {QStringLiteral("not_loaded"), notLoaded},
                                 {QStringLiteral("lines"), QJsonArray::fromStringList(e.lines)}});
}

RemoteServer::Reply RemoteServer::syncPlanOrApply(const QJsonObject &params, bool apply)
{
    // The seed checkout lives on the server, as the DATA_PATH does.
    Reply refused;
    const QString seed = checkedSeed(params.value(QStringLiteral("seed")), &refused);
    if (seed.isEmpty())
        return refused;
    const SyncPlan planned = planSeedSync(seed, m_dataPath);
    if (!planned.seed.ok())
        return Reply::fail(RpcCode::InvalidParams, planned.seed.error);
    QJsonObject result = syncPlanDetailJson(planned);
    result.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(syncPlanWarnings(planned)));
    if (!apply)
        return Reply::ok(result);
    // Applied on a thread of its own: a seed of many tools takes longer than the client's
    // heartbeat waits, and the pings (and everything else) are answered meanwhile. One apply at
    // a time; the end of input waits for it. Each directory is staged and swapped in by rename
    // (applySync): a cut connection leaves each tool old or new, never half.
    if (m_syncApplying)
        return Reply::fail(RpcCode::InvalidRequest, QStringLiteral("a sync is being applied on this connection; wait for its answer"));
    m_syncApplying = true;
    const QJsonValue id = m_currentId;
    QObject *context = m_context.get();
    auto *watcher = new QFutureWatcher<SyncResult>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [this, watcher, id, result]() mutable {
        const SyncResult done = watcher->result();
        watcher->deleteLater();
        m_syncApplying = false;
        result.insert(QStringLiteral("errors"), QJsonArray::fromStringList(done.errors));
        replyLater(id, Reply::ok(result));
        maybeShutDown();
    });
    const QList<SyncAction> actions = planned.actions;
    const QString seedTools = planned.seed.path, data = m_dataPath;
    m_syncFuture = QtConcurrent::run([this, context, actions, seedTools, data] {
        return applySync(actions, seedTools, data, [this, context](int n, int total, const QString &dir) {
            QMetaObject::invokeMethod(context, [this, n, total, dir] {
                notify(QStringLiteral("sync.progress"),
                       {{QStringLiteral("done"), n}, {QStringLiteral("total"), total}, {QStringLiteral("dir"), dir}});
            }, Qt::QueuedConnection);
        });
    });
    watcher->setFuture(m_syncFuture);
    return Reply::later();
}

RemoteServer::Reply RemoteServer::syncCompare(const QJsonObject &params)
{
    // One tool of the plan, installed against its seed, as the Seed Sync view compares them:
    // the files compareTreesForView picks, each side's bytes (2 MB at most, as the view diffs).
    const QString seedArg = params.value(QStringLiteral("seed")).toString();
    const QString dir = params.value(QStringLiteral("dir")).toString();
    if (dir.isEmpty() || dir == u"." || dir == u".." || dir.contains(u'/'))
        return Reply::fail(RpcCode::InvalidParams, QStringLiteral("sync.compare needs \"dir\", a directory name of the seed's tools"));
    Reply refused;
    const QString seedPath = checkedSeed(seedArg, &refused);
    if (seedPath.isEmpty())
        return refused;
    const SeedToolsDir seed = resolveSeedToolsDir(seedPath);
    if (!seed.ok())
        return Reply::fail(RpcCode::InvalidParams, seed.error);
    const QString installedDir = globalToolsPath(m_dataPath) + u'/' + dir;
    const QString seedDir = seed.path + u'/' + dir;
    // Each side's files are read only inside its own tool directory, and that directory only
    // inside its tools directory: a seed or installed tool that is a link elsewhere (itself, or
    // a file in it) does not make the server send other files.
    const auto inside = [](const QString &toolDir, const QString &toolsDir) {
        const QString canonical = QFileInfo(toolDir).canonicalFilePath();
        const QString parent = QFileInfo(toolsDir).canonicalFilePath();
        return !parent.isEmpty() && canonical.startsWith(parent + u'/') && !canonical.mid(parent.size() + 1).contains(u'/')
            ? canonical
            : QString();
    };
    const QString installedRoot = inside(installedDir, globalToolsPath(m_dataPath));
    const QString seedRoot = inside(seedDir, seed.path);
    const auto side = [](const QString &root, const QString &toolDir, const QString &path, const QString &words) -> QJsonValue {
        const QString canonical = QFileInfo(toolDir + u'/' + path).canonicalFilePath();
        if (root.isEmpty() || !canonical.startsWith(root + u'/'))
            return QJsonObject{{QStringLiteral("name"), path},
                               {QStringLiteral("error"), QStringLiteral("a link leaving %1: not read").arg(words)}};
        return serverFileJson(toolDir, path, root, words, 2 * 1024 * 1024);
    };
    QJsonArray files;
    for (const TreeFileComparison &f : compareTreesForView(installedDir, seedDir)) {
        QJsonObject o{{QStringLiteral("path"), f.path},
                      {QStringLiteral("in_installed"), f.inLeft},
                      {QStringLiteral("in_seed"), f.inRight},
                      {QStringLiteral("differs"), f.differs}};
        if (f.inLeft)
            o.insert(QStringLiteral("installed"), side(installedRoot, installedDir, f.path, QStringLiteral("the installed tool")));
        if (f.inRight)
            o.insert(QStringLiteral("seed"), side(seedRoot, seedDir, f.path, QStringLiteral("the seed's tool")));
        files.append(o);
    }
    return Reply::ok(QJsonObject{{QStringLiteral("files"), files}});
}

QString RemoteServer::checkedSeed(const QJsonValue &value, Reply *reply) const
{
    const QString seed = value.toString();
    const QString canonical = seed.isEmpty() ? QString() : QFileInfo(seed).canonicalFilePath();
    if (canonical.isEmpty() || !QFileInfo(canonical).isDir()) {
        *reply = Reply::fail(RpcCode::NotFound, QStringLiteral("the seed dir '%1' does not exist on the server").arg(seed));
        return {};
    }
    // A user's data root is written by that user's runs: a seed there (or reached through a
    // link there) is a tool's choice of what the server reads.
    const QString data = QFileInfo(m_dataPath).canonicalFilePath();
    if (!data.isEmpty() && canonical.startsWith(data + u'/') && isUserDirectoryName(canonical.mid(data.size() + 1).section(u'/', 0, 0))) {
        *reply = Reply::fail(RpcCode::InvalidParams,
                             QStringLiteral("the seed dir '%1' lies in a user's data root, which that user's runs write: a seed "
                                            "is a checkout of the platform's repository, outside every data root")
                                 .arg(seed));
        return {};
    }
    return canonical;
}

} // namespace tw::engine
