#include "direntries.h"

#include <QFile>

#include <algorithm>

#include <dirent.h>
#include <sys/stat.h>

namespace tw::engine {

std::optional<QList<DirEntry>> listDirectory(const QString &path)
{
    const QByteArray encoded = QFile::encodeName(path);
    DIR *dir = ::opendir(encoded.constData());
    if (!dir)
        return std::nullopt;
    QList<DirEntry> entries;
    while (const dirent *ent = ::readdir(dir)) {
        const QByteArray raw(ent->d_name);
        if (raw == "." || raw == "..")
            continue;
        DirEntry e;
        e.rawName = raw;
        e.name = QFile::decodeName(raw);
        unsigned char type = ent->d_type;
        struct stat st {};
        if (type == DT_UNKNOWN || type == DT_LNK) {
            const QByteArray full = encoded + '/' + raw;
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
        entries.append(std::move(e));
    }
    ::closedir(dir);
    std::sort(entries.begin(), entries.end(),
              [](const DirEntry &a, const DirEntry &b) { return a.rawName < b.rawName; });
    return entries;
}

FileStamp stampOf(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    return {qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, qint64(st.st_size),
            quint64(st.st_ino), true};
}

} // namespace tw::engine
