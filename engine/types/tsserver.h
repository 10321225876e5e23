#pragma once
// One TypeScript server (Debian's node-typescript `tsserver`) spoken to over its stdio protocol:
// requests are JSON lines, replies and events come back framed by a `Content-Length` header.
// Nothing of the tool runs in it: the server reads files and answers; the project it checks is
// made of files opened with their text (docs/decisions.md "TypeScript that knows TOOL.md").
// The server runs in a bubblewrap sandbox (sandboxCheckProcess: the sandbox identity, the
// read-only system, no network, its address space capped, the system call filter): besides the
// system (with Debian's TypeScript and an installed Toolwright's Node types under /usr) it sees
// its mirror at /toolwright — a directory of Toolwright's where each project copies its tool's
// source files (ToolTypeProject), and TypeScript and the Node types too when they lie outside
// /usr (a build tree, a test's TypeScript). So what a type error can quote is the tool's own
// files, never a host file an import or a link names. hostPath() turns a path the server names
// back into the host's.
// Replies are matched to requests by their sequence number and handed to the request's
// callback; a server that exits or sends a frame it cannot have meant fails what is pending,
// with the reason. The object may live on any thread with an event loop; the CLI, which has
// none running, waits with waitForReplies() (blocking reads, no nested event loop).

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>

#include <functional>

namespace tw::engine {

class TsServer final : public QObject
{
    Q_OBJECT
public:
    // The server's V8 heap, at most (node --max-old-space-size), and its whole address space
    // (node and tsserver reserve about 1.1 GB before checking anything).
    static constexpr int kMaxHeapMb = 1536;
    static constexpr int kMaxAddressSpaceMb = kMaxHeapMb + 1536;
    // Where the server sees its mirror, and in it the projects, and TypeScript's lib directory
    // and the vendored Node types (node_modules with @types/node and undici-types) when they
    // were copied there.
    static constexpr QLatin1StringView kMirrorRoot{"/toolwright"};
    static constexpr QLatin1StringView kProjectsRoot{"/toolwright/projects"};
    static constexpr QLatin1StringView kTypeScriptLib{"/toolwright/typescript/lib"};
    static constexpr QLatin1StringView kNodeModules{"/toolwright/node_modules"};
    // The reply as tsserver sent it (`success`, `body`, `message`), or on failure `success`
    // false and a `message` of ours.
    using Callback = std::function<void(const QJsonObject &reply)>;

    explicit TsServer(QObject *parent = nullptr);
    ~TsServer() override;
    Q_DISABLE_COPY_MOVE(TsServer)

    // Where node and tsserver.js are: TOOLWRIGHT_TSSERVER names tsserver.js (tests point it at
    // a missing file), else Debian's /usr/share/nodejs/typescript/lib/tsserver.js. Empty when
    // either is missing; `why` then says what to install.
    static QString serverScript(QString *why = nullptr);
    static QString nodeProgram();
    // The vendored Node types' node_modules on the host (share/toolwright/resources/typescript),
    // empty when they are not installed.
    static QString hostNodeModules();

    // A project's directory as the server sees it (under kProjectsRoot; `name` unique among the
    // server's projects), and where the server names a path of its own: the host's path of it
    // (a project file → the mirror, TypeScript's and Node's declarations → their host files).
    static QString projectDir(const QString &name) { return kProjectsRoot + u'/' + name; }
    QString hostPath(const QString &serverPath) const;
    // The mirror on the host (made by the first start(); empty before).
    QString mirrorDir() const { return m_mirror; }
    // The Node types' root as the server sees it (typeRoots), empty without them.
    QString nodeTypesRoot() const { return m_modules.isEmpty() ? QString() : m_modules + QStringLiteral("/@types"); }

    // Starts the server (asynchronously: requests sent before it runs are written once it
    // does). False, with errorString(), when node or tsserver is missing.
    bool start();
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    QString errorString() const { return m_error; }
    qint64 processId() const { return m_process.processId(); }

    // Sends one request; `callback` (may be empty) gets the reply. Returns the sequence number.
    int send(const QString &command, const QJsonObject &arguments, Callback callback = {});
    int pendingCount() const { return int(m_pending.size()); }

    // Blocks until every request sent so far has its reply (or the server died, or `msecs`
    // passed): for the CLI, which has no event loop running. False on timeout or death.
    bool waitForReplies(int msecs);

    // The memory the server's processes (the sandbox and node in it) hold now (VmRSS, bytes);
    // 0 when not running.
    qint64 residentBytes() const;

Q_SIGNALS:
    void eventReceived(const QString &event, const QJsonObject &body);
    void stopped(const QString &reason); // the server exited or was stopped; pending requests failed

private:
    bool makeMirror(const QString &script);
    void readReplies();
    void handleMessage(const QByteArray &json);
    void failPending(const QString &reason);

    QProcess m_process;
    QByteArray m_buffer;
    QByteArray m_unsent; // requests sent before the process started
    QHash<int, Callback> m_pending;
    int m_nextSeq = 1;
    QString m_error;
    QString m_mirror;
    QString m_hostLib;      // TypeScript's lib directory on the host
    QString m_lib;          // and as the server sees it
    QString m_hostModules;  // the Node types' node_modules on the host
    QString m_modules;      // and as the server sees it
    bool m_stopping = false;
};

} // namespace tw::engine
