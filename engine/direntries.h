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

// What identifies a file's content for caching: modification time, size, inode.
struct FileStamp
{
    qint64 mtimeNs = -1;
    qint64 size = -1;
    quint64 inode = 0;
    bool exists = false;
    friend bool operator==(const FileStamp &, const FileStamp &) = default;
};

FileStamp stampOf(const QString &path);

} // namespace tw::engine
