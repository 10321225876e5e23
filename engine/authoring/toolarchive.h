#pragma once
// Tools as .zip archives (libzip): export a tool directory, extract one safely — no paths
// leaving the target (zip-slip), no symlinks, bounded sizes (zip bombs).

#include <QString>

namespace tw::engine {

inline constexpr qint64 kMaxArchiveBytes = 64 * 1024 * 1024; // uncompressed, all entries
inline constexpr int kMaxArchiveEntries = 10000;

// Writes `toolDir` into `zipPath` under a top-level folder named like the directory, keeping
// file modes. Symlinks are left out. Returns an error line or empty.
QString exportToolZip(const QString &toolDir, const QString &zipPath);

// Extracts `zipPath` into the empty directory `targetDir`. Returns an error line or empty.
QString extractZip(const QString &zipPath, const QString &targetDir);

} // namespace tw::engine
