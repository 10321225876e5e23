#pragma once
// Search across the files of many tools (issue 26, Ctrl+Shift+F): which files of a tool are
// searched and what matches in one file's text. The window's Find in Tools pane runs it off the
// GUI thread, tool after tool, and shows hits as they come.

#include <QByteArray>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <atomic>
#include <optional>

namespace tw::engine {

struct SearchQuery
{
    QString text;
    bool caseSensitive = false;
    bool regularExpression = false;
    bool wholeWord = false;
};

struct SearchHit
{
    QString file;     // absolute path
    int line = 0;     // 1-based
    int column = 0;   // 1-based, UTF-16 code units
    int length = 0;   // of the match, UTF-16 code units
    QString lineText; // the line, without its end (cut at 400 characters)

    friend bool operator==(const SearchHit &, const SearchHit &) = default;
};

// The query as a pattern; nullopt with `error` for an empty text or an invalid expression.
std::optional<QRegularExpression> searchPattern(const SearchQuery &query, QString *error = nullptr);

// A tool's own files, in path order: regular files up to `maxDepth` directories down, not in
// node_modules or a hidden directory (neither is walked), not a symlink (a link may lead out of
// the tool), at most `maxSize` bytes each. `stop`, when set, ends the walk early.
QStringList toolOwnFiles(const QString &toolDir, int maxDepth, qint64 maxSize, const std::atomic_bool *stop = nullptr);

// A tool directory's files to search: toolOwnFiles() four levels down, at most 1 MiB each.
QStringList searchableFiles(const QString &toolDir);

// Every line of `bytes` that matches (its first match on the line); none for binary text (a
// NUL byte in its first 8 KiB). At most `maxHits`.
QList<SearchHit> searchText(const QString &file, const QByteArray &bytes, const QRegularExpression &pattern,
                            int maxHits = 1000);

// searchableFiles() of `toolDir`, each read and searched; `stop`, when set, ends it between files.
QList<SearchHit> searchToolDir(const QString &toolDir, const QRegularExpression &pattern, int maxHits = 1000,
                               const std::atomic_bool *stop = nullptr);

} // namespace tw::engine
