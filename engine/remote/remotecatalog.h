#pragma once
// A server's catalog for a window (a CatalogSource, as a local scan is): each time the session
// gets a connection, the whole catalog once (catalog.list with a watch, packed, with what a
// window shows of each tool), unpacked and decoded off the GUI thread; then catalog.changed's
// few tools patched in. A connection that drops keeps the last catalog on screen. From a 1.2
// server the catalog comes location by location as the server scans them (catalog.location),
// each handed to the views as it is decoded, as a local scan hands them over; from a 1.3 server
// without the bodies, which come for the tools a view shows (requestBodies).

#include "catalog/catalogjson.h"
#include "catalog/catalogsource.h"

#include <QJsonArray>
#include <QList>
#include <QSet>
#include <QThreadPool>

namespace tw::engine {

class RemoteConnection;
class RemoteSession;

class RemoteCatalog final : public CatalogSource
{
    Q_OBJECT
public:
    explicit RemoteCatalog(RemoteSession *session, QObject *parent = nullptr);
    ~RemoteCatalog() override;

    QString dataPath() const override;
    std::shared_ptr<const Catalog> catalog() const override { return m_catalog; }
    bool isScanning() const override { return m_listing; }
    bool isLocal() const override { return false; }
    RemoteSession *session() const { return m_session; }
    // Why the last catalog.list failed (empty when it did not).
    QString error() const { return m_error; }

    void rescan() override; // the whole catalog again, when connected
    // One tool.bodies for them all, the bodies put into the catalog as one change (a tool asked
    // for while its body is on its way is not asked again).
    void requestBodies(const QStringList &toolDirs) override;

Q_SIGNALS:
    void listFailed(const QString &message);

private:
    void request(RemoteConnection *connection);
    void onNotification(const QString &method, const QJsonObject &params);
    void onLocation(const QJsonObject &params);
    void finishStream(quint64 generation, const QJsonObject &reply);
    void listed(const std::shared_ptr<const Catalog> &catalog);
    void applyChanges(const QJsonArray &locations);

    RemoteSession *m_session;
    std::shared_ptr<const Catalog> m_catalog;
    bool m_listing = false;
    quint64 m_generation = 0;
    QList<QJsonArray> m_heldChanges; // arrived while the list was decoded; applied after it
    QString m_error;
    QThreadPool m_pool; // one thread: decodes in the order they were asked for
    // A streamed list's locations as they are decoded, and the first fault among them.
    Catalog m_partial;
    int m_received = 0;
    bool m_receivedGlobal = false;
    QString m_streamError;
    QSet<QString> m_bodyRequests; // tool dirs whose body is asked for
};

} // namespace tw::engine
