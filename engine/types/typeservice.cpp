#include "types/typeservice.h"

#include "types/tsserver.h"
#include "types/typechecker.h"

#include <QMetaObject>

#include <map>
#include <memory>

namespace tw::engine {

// The server and the projects, on the service's thread.
class TypeServiceWorker final : public QObject
{
    Q_OBJECT
public:
    explicit TypeServiceWorker(TypeService *service)
        : m_service(service)
    {
    }

    ToolTypeProject *project(int id)
    {
        ensureStarted();
        auto it = m_projects.find(id);
        if (it == m_projects.end()) {
            const QString dir = TsServer::projectDir(QString::number(id));
            it = m_projects.emplace(id, std::make_unique<ToolTypeProject>(*m_server, dir)).first;
        }
        return it->second.get();
    }

    void close(int id) { m_projects.erase(id); }

    qint64 residentBytes() const { return m_server ? m_server->residentBytes() : 0; }

    ~TypeServiceWorker() override
    {
        m_projects.clear();
        m_server.reset();
    }

private:
    void ensureStarted()
    {
        if (m_server && m_server->isRunning())
            return;
        if (m_server) {
            // It died: the projects it held are gone with it; they open again on their next source.
            m_projects.clear();
        } else {
            m_server = std::make_unique<TsServer>();
            QObject::connect(m_server.get(), &TsServer::stopped, this, [this](const QString &reason) {
                QMetaObject::invokeMethod(m_service, [service = m_service, reason] { Q_EMIT service->serverStopped(reason); });
            });
        }
        m_server->start();
    }

    TypeService *m_service;
    std::unique_ptr<TsServer> m_server;
    std::map<int, std::unique_ptr<ToolTypeProject>> m_projects;
};

TypeService::TypeService(QObject *parent)
    : QObject(parent)
{
    TsServer::serverScript(&m_unavailable);
    m_thread.setObjectName(QStringLiteral("tw-typescript"));
    m_worker = new TypeServiceWorker(this);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

TypeService::~TypeService()
{
    // The worker (and the server process with it) is deleted on its own thread as the thread
    // finishes (QThread runs the deferred deletes then).
    m_thread.quit();
    m_thread.wait();
    m_worker = nullptr;
}

void TypeService::post(std::function<void(TypeServiceWorker &)> work)
{
    if (!available())
        return;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, work = std::move(work)] { work(*worker); });
}

template<typename Result>
std::function<void(const Result &)> TypeService::back(QObject *context, std::function<void(const Result &)> done)
{
    QPointer<QObject> guard(context);
    return [this, guard, done = std::move(done)](const Result &result) {
        // On the worker's thread: queue to this object's thread, check the context there.
        QMetaObject::invokeMethod(this, [guard, done, result] {
            if (guard)
                done(result);
        });
    };
}

int TypeService::openProject()
{
    return ++m_nextProject;
}

void TypeService::closeProject(int project)
{
    post([project](TypeServiceWorker &w) { w.close(project); });
}

void TypeService::setSource(int project, const ToolTypeSource &source)
{
    post([project, source](TypeServiceWorker &w) { w.project(project)->setSource(source); });
}

void TypeService::check(int project, QObject *context, ToolTypeProject::DiagnosticsCallback done)
{
    if (!available()) {
        done({}, m_unavailable);
        return;
    }
    using Pair = std::pair<Diagnostics, QString>;
    auto deliver = back<Pair>(context, [done](const Pair &p) { done(p.first, p.second); });
    post([project, deliver](TypeServiceWorker &w) {
        w.project(project)->check(&w, [deliver](const Diagnostics &d, const QString &error) { deliver({d, error}); });
    });
}

void TypeService::complete(int project, TextPosition at, QObject *context,
                           std::function<void(const QList<TypeCompletion> &)> done)
{
    if (!available()) {
        done(QList<TypeCompletion>{}); // nothing found: there is no TypeScript to ask
        return;
    }
    auto deliver = back<QList<TypeCompletion>>(context, std::move(done));
    post([project, at, deliver](TypeServiceWorker &w) { w.project(project)->complete(at, &w, deliver); });
}

void TypeService::quickInfo(int project, TextPosition at, QObject *context, std::function<void(const QString &)> done)
{
    if (!available()) {
        done(QString()); // nothing found: there is no TypeScript to ask
        return;
    }
    auto deliver = back<QString>(context, std::move(done));
    post([project, at, deliver](TypeServiceWorker &w) { w.project(project)->quickInfo(at, &w, deliver); });
}

void TypeService::definition(int project, TextPosition at, QObject *context,
                             std::function<void(const TypeDefinition &)> done)
{
    if (!available()) {
        done(TypeDefinition{}); // nothing found: there is no TypeScript to ask
        return;
    }
    auto deliver = back<TypeDefinition>(context, std::move(done));
    post([project, at, deliver](TypeServiceWorker &w) { w.project(project)->definition(at, &w, deliver); });
}

void TypeService::fixes(int project, TextPosition from, TextPosition to, int code, QObject *context,
                        std::function<void(const QList<TypeFix> &)> done)
{
    if (!available()) {
        done(QList<TypeFix>{}); // nothing found: there is no TypeScript to ask
        return;
    }
    auto deliver = back<QList<TypeFix>>(context, std::move(done));
    post([project, from, to, code, deliver](TypeServiceWorker &w) { w.project(project)->fixes(from, to, code, &w, deliver); });
}

void TypeService::residentBytes(QObject *context, std::function<void(qint64)> done)
{
    if (!available()) {
        done(0); // nothing found: there is no TypeScript to ask
        return;
    }
    auto deliver = back<qint64>(context, std::move(done));
    post([deliver](TypeServiceWorker &w) { deliver(w.residentBytes()); });
}

} // namespace tw::engine

#include "typeservice.moc"
