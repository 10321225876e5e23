#pragma once
// A server's catalog for a window (a CatalogSource, as a local scan is): each time the session
// gets a connection, the whole catalog once (catalog.list with a watch, deflated, with what a
// window shows of each tool), inflated and decoded off the GUI thread; then catalog.changed's
// few tools patched in. A connection that drops keeps the last catalog on screen.

#include "catalog/catalogsource.h"

#include <QJsonArray>
#include <QList>
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

Q_SIGNALS:
    void listFailed(const QString &message);

private:
    void request(RemoteConnection *connection);
    void onNotification(const QString &method, const QJsonObject &params);
    void applyChanges(const QJsonArray &locations);

    RemoteSession *m_session;
    std::shared_ptr<const Catalog> m_catalog;
    bool m_listing = false;
    quint64 m_generation = 0;
    QList<QJsonArray> m_heldChanges; // arrived while the list was decoded; applied after it
    QString m_error;
    QThreadPool m_pool; // one thread: decodes in the order they were asked for
};

} // namespace tw::engine
