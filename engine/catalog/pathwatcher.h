#pragma once
// Watches directories for changes to what they hold (inotify): a file in one written, created,
// removed, renamed or re-permissioned, or the directory itself going. One watch per directory
// covers the files in it, so a catalog of 10,000 tools needs 10,000 watches, not 30,000, and
// the watched set is kept in hashes: QFileSystemWatcher checks each added path against lists
// of every watched one, which at that size took seconds.

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QSet>
#include <QString>

class QSocketNotifier;

namespace tw::engine {

class PathWatcher final : public QObject
{
    Q_OBJECT
public:
    explicit PathWatcher(QObject *parent = nullptr);
    ~PathWatcher() override;
    Q_DISABLE_COPY_MOVE(PathWatcher)

    // Watches exactly `dirs` from now on: adds the new ones, drops the ones not in it.
    // Directories that cannot be watched (gone, or the inotify limit reached) are left out.
    // Thread-safe (a scan sets its watches on its own thread); the signal comes on the
    // watcher's thread.
    void setDirectories(const QSet<QString> &dirs);
    void clear() { setDirectories({}); }
    // Adds `dir` (kept until a setDirectories without it). A scan calls it before it reads the
    // directory: a change after the read is then always reported. Thread-safe.
    void addDirectory(const QString &dir);
    qsizetype size() const;
    bool isWatching(const QString &dir) const;

Q_SIGNALS:
    void directoryChanged(const QString &dir);

private:
    void readEvents();
    void addLocked(const QString &dir);

    mutable QMutex m_mutex; // guards the hashes
    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr;
    QHash<int, QString> m_byWatch;
    QHash<QString, int> m_byPath;
    bool m_limitWarned = false;
};

} // namespace tw::engine
