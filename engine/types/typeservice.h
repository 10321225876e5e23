#pragma once
// TypeScript for a window (issue 26): one tsserver, started on first use, driven from a thread
// of its own so that the GUI thread never parses a reply or waits on the server. Callers hold a
// project per open tool (an id) and ask through it; every answer comes back on the caller's
// thread, to a callback guarded by a context object (KeePassXC's runThenCallback): an editor
// closed meanwhile gets nothing. Where node or TypeScript is missing, available() says why and
// every request answers at once with nothing found.

#include "types/tooltypeproject.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <functional>

namespace tw::engine {

class TypeServiceWorker;

class TypeService final : public QObject
{
    Q_OBJECT
public:
    explicit TypeService(QObject *parent = nullptr);
    ~TypeService() override;
    Q_DISABLE_COPY_MOVE(TypeService)

    // Whether TypeScript is there to start (checked once, without starting it).
    bool available() const { return m_unavailable.isEmpty(); }
    QString unavailableReason() const { return m_unavailable; }

    int openProject();
    void closeProject(int project);
    void setSource(int project, const ToolTypeSource &source);

    void check(int project, QObject *context, ToolTypeProject::DiagnosticsCallback done);
    void complete(int project, TextPosition at, QObject *context, std::function<void(const QList<TypeCompletion> &)> done);
    void quickInfo(int project, TextPosition at, QObject *context, std::function<void(const QString &)> done);
    void definition(int project, TextPosition at, QObject *context, std::function<void(const TypeDefinition &)> done);
    void fixes(int project, TextPosition from, TextPosition to, int code, QObject *context,
               std::function<void(const QList<TypeFix> &)> done);

    // The server's resident memory (bytes; 0 before it starts), read on its thread: for the
    // benchmark and the status line.
    void residentBytes(QObject *context, std::function<void(qint64)> done);

Q_SIGNALS:
    void serverStopped(const QString &reason); // it died; the next request starts it again

private:
    // Runs `work` on the server's thread; `work` gets the worker.
    void post(std::function<void(TypeServiceWorker &)> work);
    // Hands `deliver` back to this thread, run only while `context` lives.
    template<typename Result>
    std::function<void(const Result &)> back(QObject *context, std::function<void(const Result &)> done);

    QThread m_thread;
    TypeServiceWorker *m_worker = nullptr; // lives on m_thread
    QString m_unavailable;
    int m_nextProject = 0;
};

} // namespace tw::engine
