#include "catalog/direntries.h"

#include <QFile>
#include <QScopeGuard>

#include <algorithm>
#include <cerrno>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace tw::engine {

namespace {

// One entry; d_type is trusted, and only an unknown type or a symlink costs a stat.
DirEntry entryFor(const QByteArray &encodedDir, const QByteArray &raw, unsigned char type)
{
    DirEntry e;
    e.rawName = raw;
    e.name = QFile::decodeName(raw);
    struct stat st {};
    if (type == DT_UNKNOWN || type == DT_LNK) {
        const QByteArray full = encodedDir + '/' + raw;
        if (type == DT_UNKNOWN && ::lstat(full.constData(), &st) == 0 && S_ISLNK(st.st_mode))
            type = DT_LNK;
        if (type == DT_LNK) {
            e.isSymlink = true;
            if (::stat(full.constData(), &st) == 0)
                e.isDir = S_ISDIR(st.st_mode);
            else
                e.dangling = true;
        } else if (::stat(full.constData(), &st) == 0) {
            e.isDir = S_ISDIR(st.st_mode);
        }
    } else {
        e.isDir = type == DT_DIR;
    }
    return e;
}

} // namespace

std::optional<QList<DirEntry>> listDirectory(const QString &path)
{
    const QByteArray encoded = QFile::encodeName(path);
    const int fd = ::open(encoded.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    // getdents64 into a buffer on the stack, not opendir(): its 32 KiB buffer, allocated and
    // freed once per tool directory on the scan threads, kept growing their malloc arenas
    // (an mprotect and fresh pages each time; 7% of `list` at 1,000 tools).
    alignas(8) char buffer[8192];
    QList<DirEntry> entries;
    for (;;) {
        const ssize_t n = ::getdents64(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return std::nullopt;
        if (n == 0)
            break;
        for (ssize_t at = 0; at < n;) {
            const auto *ent = reinterpret_cast<const dirent64 *>(buffer + at);
            at += ent->d_reclen;
            const QByteArray raw(ent->d_name);
            if (raw == "." || raw == "..")
                continue;
            entries.append(entryFor(encoded, raw, ent->d_type));
        }
    }
    std::sort(entries.begin(), entries.end(),
              [](const DirEntry &a, const DirEntry &b) { return a.rawName < b.rawName; });
    return entries;
}

FileStamp stampOf(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    return {qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
            qint64(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec, qint64(st.st_size), quint64(st.st_ino), true};
}

qint64 fileClockNs()
{
    timespec now {};
    ::clock_gettime(CLOCK_REALTIME_COARSE, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

bool isRacy(const FileStamp &stamp, qint64 takenAtNs)
{
    if (!stamp.exists)
        return false;
    // Linux stamps files from the coarse clock (one tick: 1-10 ms): a change after the stamp was
    // taken gets a ctime of at least takenAtNs, so a ctime below it is told apart from any later
    // one. A file system that keeps whole seconds (a ctime without nanoseconds: FAT, some network
    // file systems) needs its granularity as margin; two seconds cover FAT's mtime.
    const qint64 margin = stamp.ctimeNs % 1000000000 == 0 ? qint64(2000000000) : 0;
    return stamp.ctimeNs + margin >= takenAtNs;
}

} // namespace tw::engine
