#include "remote/remotecatalog.h"

#include "remote/catalogwire.h"
#include "remote/remotesession.h"

#include <QtConcurrent/QtConcurrentRun>

namespace tw::engine {

namespace {

struct Decoded
{
    std::shared_ptr<const Catalog> catalog;
    QString error;
};

Decoded decode(const QJsonValue &result)
{
    const std::optional<QByteArray> text = catalogListText(result);
    if (!text)
        return {nullptr, QStringLiteral("the server's catalog could not be read (not JSON, or not unpackable)")};
    QString error;
    std::optional<Catalog> catalog = catalogFromJsonText(*text, &error);
    if (!catalog)
        return {nullptr, error};
    return {std::make_shared<const Catalog>(std::move(*catalog)), {}};
}

struct DecodedLocation
{
    std::optional<LocationScan> location;
    QString error;
};

DecodedLocation decodeLocation(const QJsonValue &packed, Scope scope)
{
    const std::optional<QByteArray> text = unpackedText(packed);
    if (!text)
        return {std::nullopt, QStringLiteral("a location of the server's catalog could not be read (not JSON, or not unpackable)")};
    QString error;
    std::optional<LocationScan> location = locationFromJsonText(*text, scope, &error);
    return {std::move(location), error};
}

} // namespace

RemoteCatalog::RemoteCatalog(RemoteSession *session, QObject *parent) : CatalogSource(parent), m_session(session)
{
    m_pool.setMaxThreadCount(1);
    connect(m_session, &RemoteSession::connected, this, &RemoteCatalog::request);
    connect(m_session, &RemoteSession::notificationReceived, this, &RemoteCatalog::onNotification);
    connect(m_session, &RemoteSession::stateChanged, this, [this](RemoteSession::State state) {
        if (state != RemoteSession::State::Connected && m_listing) {
            m_listing = false; // the list died with its connection; the next one asks again
            ++m_generation;
            m_heldChanges.clear();
        }
    });
    if (RemoteConnection *c = m_session->connection())
        request(c);
}

RemoteCatalog::~RemoteCatalog()
{
    ++m_generation;
    m_pool.waitForDone();
}

QString RemoteCatalog::dataPath() const
{
    return m_catalog ? m_catalog->dataPath : m_session->target().path;
}

void RemoteCatalog::rescan()
{
    if (RemoteConnection *c = m_session->connection())
        request(c);
}

void RemoteCatalog::request(RemoteConnection *connection)
{
    const quint64 generation = ++m_generation;
    m_listing = true;
    m_heldChanges.clear();
    m_error.clear();
    m_partial = Catalog();
    m_received = 0;
    m_receivedGlobal = false;
    m_streamError.clear();
    Q_EMIT scanStarted();
    // With a watch: the server then sends catalog.changed with what changed since this list.
    // From a 1.2 server: zstd (a third of zlib's time on both sides), location by location.
    const bool streamed = connection->serverBanner().minor >= 2;
    const bool bodiesElsewhere = connection->serverBanner().minor >= 3;
    // From a 1.3 server without the bodies: a view asks for those it shows (requestBodies), and
    // the catalog is half the bytes to pack, send and read.
    QJsonObject params{{QStringLiteral("watch"), true}, {QStringLiteral("detail"), true}};
    params.insert(QStringLiteral("compress"), streamed ? QJsonValue(QStringLiteral("zstd")) : QJsonValue(true));
    if (streamed)
        params.insert(QStringLiteral("stream"), qint64(generation));
    if (bodiesElsewhere)
        params.insert(QStringLiteral("bodies"), false);
    connection->call(QStringLiteral("catalog.list"), params, [this, generation, streamed, guard = QPointer<RemoteCatalog>(this)](const RpcResult &reply) {
        if (!guard || generation != m_generation)
            return;
        if (!reply.ok()) {
            m_listing = false;
            m_error = reply.message;
            Q_EMIT listFailed(reply.message);
            return;
        }
        if (streamed) {
            // Once the locations sent before the reply are decoded: the pool takes one task at a
            // time, in order, and their continuations reach this thread in the same order.
            QtConcurrent::run(&m_pool, [] {}).then(this, [this, generation, result = reply.result.toObject()] {
                finishStream(generation, result);
            });
            return;
        }
        // 10,000 tools are 100 ms to unpack and decode: not on the GUI thread.
        QtConcurrent::run(&m_pool, decode, reply.result).then(this, [this, generation](const Decoded &decoded) {
            if (generation != m_generation)
                return;
            if (!decoded.catalog) {
                m_listing = false;
                m_error = decoded.error;
                Q_EMIT listFailed(decoded.error);
                return;
            }
            Q_EMIT locationScanned(decoded.catalog->global);
            for (const LocationScan &user : decoded.catalog->users)
                Q_EMIT locationScanned(user);
            listed(decoded.catalog);
        });
    });
}

void RemoteCatalog::onLocation(const QJsonObject &params)
{
    if (!m_listing || params.value(QStringLiteral("stream")).toInteger(-1) != qint64(m_generation))
        return; // a list this one replaced
    const Scope scope = params.value(QStringLiteral("scope")).toString() == u"global" ? Scope::Global : Scope::User;
    const quint64 generation = m_generation;
    QtConcurrent::run(&m_pool, decodeLocation, params.value(QStringLiteral("location")), scope)
        .then(this, [this, generation](const DecodedLocation &decoded) {
            if (generation != m_generation)
                return;
            if (!decoded.location) {
                if (m_streamError.isEmpty())
                    m_streamError = decoded.error;
                return;
            }
            ++m_received;
            if (decoded.location->scope == Scope::Global) {
                m_receivedGlobal = true;
                m_partial.global = *decoded.location;
            } else {
                m_partial.users.append(*decoded.location);
            }
            Q_EMIT locationScanned(*decoded.location);
        });
}

void RemoteCatalog::finishStream(quint64 generation, const QJsonObject &reply)
{
    if (generation != m_generation)
        return;
    QString error = m_streamError;
    const qint64 sent = reply.value(QStringLiteral("locations")).toInteger(-1);
    if (error.isEmpty() && (!reply.value(QStringLiteral("data_path")).isString() || sent != m_received || !m_receivedGlobal))
        error = QStringLiteral("the server's catalog came incomplete: %1 of %2 locations").arg(m_received).arg(sent);
    if (!error.isEmpty()) {
        m_listing = false;
        m_partial = Catalog();
        m_error = error;
        Q_EMIT listFailed(error);
        return;
    }
    m_partial.dataPath = reply.value(QStringLiteral("data_path")).toString();
    listed(std::make_shared<const Catalog>(std::exchange(m_partial, Catalog())));
}

void RemoteCatalog::listed(const std::shared_ptr<const Catalog> &catalog)
{
    m_listing = false;
    m_catalog = catalog;
    const QList<QJsonArray> held = std::exchange(m_heldChanges, {});
    if (held.isEmpty())
        Q_EMIT scanFinished(m_catalog);
    for (const QJsonArray &changes : held)
        applyChanges(changes);
}

void RemoteCatalog::requestBodies(const QStringList &toolDirs)
{
    RemoteConnection *c = m_session->connection();
    if (!c)
        return;
    QStringList dirs;
    for (const QString &dir : toolDirs)
        if (!m_bodyRequests.contains(dir)) {
            m_bodyRequests.insert(dir);
            dirs.append(dir);
        }
    if (dirs.isEmpty())
        return;
    const QJsonObject params{{QStringLiteral("dirs"), QJsonArray::fromStringList(dirs)}, {QStringLiteral("compress"), QStringLiteral("zstd")}};
    c->call(QStringLiteral("tool.bodies"), params, [this, dirs, guard = QPointer<RemoteCatalog>(this)](const RpcResult &reply) {
        if (!guard)
            return;
        for (const QString &dir : dirs)
            m_bodyRequests.remove(dir);
        // Not read (a tool gone, a connection lost): its record stays as it is; the next list or
        // change brings the tool as it is then, and a view that shows it asks again.
        const std::optional<QByteArray> text = reply.ok() ? unpackedText(reply.result) : std::nullopt;
        const std::optional<QList<ToolBody>> bodies = text ? toolBodiesFromJsonText(*text) : std::nullopt;
        if (bodies && m_catalog && !m_listing) // a list on its way brings the tools again
            putBodies(m_catalog, *bodies);
    });
}

void RemoteCatalog::onNotification(const QString &method, const QJsonObject &params)
{
    if (method == u"catalog.location") {
        onLocation(params);
        return;
    }
    if (method != u"catalog.changed")
        return;
    const QJsonArray locations = params.value(QStringLiteral("locations")).toArray();
    if (m_listing)
        m_heldChanges.append(locations);
    else if (m_catalog)
        applyChanges(locations);
}

void RemoteCatalog::applyChanges(const QJsonArray &locations)
{
    // A change is a few tools: patched here; the rest of the catalog is shared, not copied.
    Catalog next = *m_catalog;
    QList<LocationScan> changed;
    applyCatalogChanges(next, locations, &changed);
    m_catalog = std::make_shared<const Catalog>(std::move(next));
    for (const LocationScan &location : changed)
        Q_EMIT locationScanned(location);
    Q_EMIT scanFinished(m_catalog);
}

} // namespace tw::engine
