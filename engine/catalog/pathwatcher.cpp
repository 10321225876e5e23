#include "catalog/pathwatcher.h"

#include <QFile>
#include <QLoggingCategory>
#include <QSocketNotifier>

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

Q_LOGGING_CATEGORY(lcWatch, "tw.engine.watch", QtWarningMsg)

namespace tw::engine {

namespace {
constexpr uint32_t kMask = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE
                           | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR;
}

PathWatcher::PathWatcher(QObject *parent) : QObject(parent)
{
    m_fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (m_fd < 0) {
        qCWarning(lcWatch) << "inotify is not available:" << std::strerror(errno) << "- changes on disk need a manual rescan";
        return;
    }
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &PathWatcher::readEvents);
}

PathWatcher::~PathWatcher()
{
    if (m_fd >= 0)
        ::close(m_fd); // drops every watch
}

qsizetype PathWatcher::size() const
{
    const QMutexLocker lock(&m_mutex);
    return m_byPath.size();
}

bool PathWatcher::isWatching(const QString &dir) const
{
    const QMutexLocker lock(&m_mutex);
    return m_byPath.contains(dir);
}

void PathWatcher::setDirectories(const QSet<QString> &dirs)
{
    if (m_fd < 0)
        return;
    const QMutexLocker lock(&m_mutex);
    for (auto it = m_byPath.begin(); it != m_byPath.end();) {
        if (dirs.contains(it.key())) {
            ++it;
            continue;
        }
        ::inotify_rm_watch(m_fd, it.value());
        m_byWatch.remove(it.value());
        it = m_byPath.erase(it);
    }
    for (const QString &dir : dirs)
        addLocked(dir);
}

void PathWatcher::addDirectory(const QString &dir)
{
    if (m_fd < 0)
        return;
    const QMutexLocker lock(&m_mutex);
    addLocked(dir);
}

void PathWatcher::addLocked(const QString &dir)
{
    if (dir.isEmpty() || m_byPath.contains(dir))
        return;
    const int wd = ::inotify_add_watch(m_fd, QFile::encodeName(dir).constData(), kMask);
    if (wd < 0) {
        if (errno == ENOSPC && !m_limitWarned) {
            m_limitWarned = true;
            qCWarning(lcWatch) << "the inotify watch limit is reached at" << m_byPath.size()
                               << "directories (fs.inotify.max_user_watches); the rest are not watched";
        }
        return; // gone already, or not a directory: nothing to watch
    }
    // Two paths can name one directory (a symlinked tool): the watch reports the first.
    if (!m_byWatch.contains(wd))
        m_byWatch.insert(wd, dir);
    m_byPath.insert(dir, wd);
}

void PathWatcher::readEvents()
{
    alignas(inotify_event) char buffer[16384];
    QSet<QString> changed;
    QMutexLocker lock(&m_mutex);
    for (;;) {
        const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
        if (n <= 0)
            break;
        for (ssize_t at = 0; at < n;) {
            inotify_event event;
            std::memcpy(&event, buffer + at, sizeof event);
            if (event.mask & IN_Q_OVERFLOW) {
                // Events were lost: say every directory changed, the scanner rescans once.
                for (const QString &dir : std::as_const(m_byWatch))
                    changed.insert(dir);
            } else if (const auto it = m_byWatch.constFind(event.wd); it != m_byWatch.cend()) {
                changed.insert(it.value());
                if (event.mask & IN_IGNORED) { // the directory is gone; its watch with it
                    m_byPath.remove(it.value());
                    m_byWatch.remove(event.wd);
                }
            }
            at += ssize_t(sizeof(inotify_event) + event.len);
        }
    }
    lock.unlock();
    for (const QString &dir : std::as_const(changed))
        Q_EMIT directoryChanged(dir);
}

} // namespace tw::engine
