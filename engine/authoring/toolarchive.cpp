#include "authoring/toolarchive.h"

#include "catalog/direntries.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <zip.h>

#include <sys/stat.h>

namespace tw::engine {
namespace {

QString zipError(zip_t *za)
{
    return QString::fromUtf8(zip_strerror(za));
}

// Adds `dir` under `prefix` ("tool/"); files are read by libzip when the archive is closed.
QString addTree(zip_t *za, const QString &dir, const QByteArray &prefix)
{
    const auto entries = listDirectory(dir);
    if (!entries)
        return QStringLiteral("cannot read %1").arg(dir);
    for (const DirEntry &e : *entries) {
        if (e.isSymlink)
            continue; // a link could point anywhere on the author's machine
        const QString path = dir + u'/' + e.name;
        const QByteArray name = prefix + e.rawName;
        struct stat st {};
        if (::stat(QFile::encodeName(path).constData(), &st) != 0)
            return QStringLiteral("cannot read %1").arg(path);
        if (e.isDir) {
            const zip_int64_t idx = zip_dir_add(za, QByteArray(name + '/').constData(), ZIP_FL_ENC_UTF_8);
            if (idx < 0)
                return zipError(za);
            zip_file_set_external_attributes(za, zip_uint64_t(idx), 0, ZIP_OPSYS_UNIX, zip_uint32_t(st.st_mode) << 16);
            if (QString err = addTree(za, path, QByteArray(name + '/')); !err.isEmpty())
                return err;
            continue;
        }
        zip_source_t *src = zip_source_file(za, QFile::encodeName(path).constData(), 0, -1);
        if (!src)
            return zipError(za);
        const zip_int64_t idx = zip_file_add(za, name.constData(), src, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
        if (idx < 0) {
            zip_source_free(src);
            return zipError(za);
        }
        zip_file_set_external_attributes(za, zip_uint64_t(idx), 0, ZIP_OPSYS_UNIX, zip_uint32_t(st.st_mode) << 16);
    }
    return {};
}

bool safeRelativePath(const QString &name)
{
    if (name.isEmpty() || name.startsWith(u'/') || name.contains(u'\\') || name.contains(QChar(0)))
        return false;
    for (const QString &part : name.split(u'/', Qt::SkipEmptyParts))
        if (part == u"..")
            return false;
    return true;
}

} // namespace

QString exportToolZip(const QString &toolDir, const QString &zipPath)
{
    int error = 0;
    zip_t *za = zip_open(QFile::encodeName(zipPath).constData(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!za) {
        zip_error_t ze;
        zip_error_init_with_code(&ze, error);
        const QString message = QString::fromUtf8(zip_error_strerror(&ze));
        zip_error_fini(&ze);
        return QStringLiteral("cannot create %1: %2").arg(zipPath, message);
    }
    const QByteArray top = QFile::encodeName(QFileInfo(toolDir).fileName());
    const QString err = addTree(za, toolDir, QByteArray(top + '/'));
    if (!err.isEmpty()) {
        zip_discard(za);
        return err;
    }
    // libzip writes a temporary file and renames it over zipPath: no half-written archive.
    if (zip_close(za) != 0) {
        const QString message = zipError(za);
        zip_discard(za);
        return QStringLiteral("cannot write %1: %2").arg(zipPath, message);
    }
    return {};
}

QString extractZip(const QString &zipPath, const QString &targetDir)
{
    int error = 0;
    zip_t *za = zip_open(QFile::encodeName(zipPath).constData(), ZIP_RDONLY, &error);
    if (!za)
        return QStringLiteral("%1 is not a readable zip archive").arg(zipPath);
    const auto close = qScopeGuard([za] { zip_discard(za); });
    const zip_int64_t count = zip_get_num_entries(za, 0);
    if (count > kMaxArchiveEntries)
        return QStringLiteral("%1 holds %2 entries; at most %3 are accepted").arg(zipPath).arg(count).arg(kMaxArchiveEntries);
    qint64 total = 0;
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st;
        if (zip_stat_index(za, zip_uint64_t(i), 0, &st) != 0)
            return zipError(za);
        const QString name = QString::fromUtf8(st.name);
        if (!safeRelativePath(name))
            return QStringLiteral("%1: the entry '%2' would land outside the tool").arg(zipPath, name);
        zip_uint8_t opsys = 0;
        zip_uint32_t attributes = 0;
        zip_file_get_external_attributes(za, zip_uint64_t(i), 0, &opsys, &attributes);
        const mode_t mode = opsys == ZIP_OPSYS_UNIX ? mode_t(attributes >> 16) : 0;
        if (S_ISLNK(mode))
            return QStringLiteral("%1: the entry '%2' is a symlink; archives with links are refused").arg(zipPath, name);
        total += qint64(st.size);
        if (total > kMaxArchiveBytes)
            return QStringLiteral("%1 unpacks to more than %2 bytes").arg(zipPath).arg(kMaxArchiveBytes);
        const QString out = targetDir + u'/' + name;
        if (name.endsWith(u'/')) {
            if (!QDir().mkpath(out))
                return QStringLiteral("cannot create %1").arg(out);
            continue;
        }
        if (!QDir().mkpath(QFileInfo(out).absolutePath()))
            return QStringLiteral("cannot create %1").arg(QFileInfo(out).absolutePath());
        zip_file_t *zf = zip_fopen_index(za, zip_uint64_t(i), 0);
        if (!zf)
            return zipError(za);
        QByteArray bytes(qsizetype(st.size), Qt::Uninitialized);
        const zip_int64_t read = zip_fread(zf, bytes.data(), st.size);
        zip_fclose(zf);
        if (read != zip_int64_t(st.size))
            return QStringLiteral("%1: '%2' is damaged").arg(zipPath, name);
        QFile f(out);
        if (!f.open(QIODevice::WriteOnly | QIODevice::NewOnly) || f.write(bytes) != bytes.size())
            return QStringLiteral("cannot write %1").arg(out);
        f.close();
        if (mode & S_IXUSR)
            f.setPermissions(f.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther);
    }
    return {};
}

} // namespace tw::engine
