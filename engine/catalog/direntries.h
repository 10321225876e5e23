#pragma once
// Cheap directory listing (one readdir pass, d_type, no QFileInfo per entry) and stat stamps.

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace tw::engine {

struct DirEntry
{
    QByteArray rawName; // bytes as on disk: sorting these gives the platform's byte-wise order
    QString name;
    bool isDir = false;     // after following a symlink
    bool isSymlink = false;
    bool dangling = false;  // a symlink whose target does not exist
};

// Entries of `path` except "." and "..", sorted byte-wise; nullopt when it cannot be read.
std::optional<QList<DirEntry>> listDirectory(const QString &path);

// What identifies a file's content for caching: modification and status-change times, size,
// inode. ctime is in it because no user can set it: a same-size rewrite that puts the old mtime
// back (rsync -t, cp -p, tar, utimensat) still moves ctime (docs/decisions.md "Scan cache").
struct FileStamp
{
    qint64 mtimeNs = -1;
    qint64 ctimeNs = -1;
    qint64 size = -1;
    quint64 inode = 0;
    bool exists = false;
    friend bool operator==(const FileStamp &, const FileStamp &) = default;
};

FileStamp stampOf(const QString &path);

// The clock the kernel stamps files with (CLOCK_REALTIME_COARSE, in ns): read it before taking
// stamps to tell whether a later change could leave them as they are (isRacy).
qint64 fileClockNs();

// True when `stamp` was taken so soon after the file's last change (`takenAtNs`, fileClockNs()
// before the stat) that another change in the same clock tick would leave every field equal —
// git's "racily clean" entries. Such a stamp says nothing about the content.
bool isRacy(const FileStamp &stamp, qint64 takenAtNs);

} // namespace tw::engine
