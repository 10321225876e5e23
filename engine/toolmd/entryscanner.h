#pragma once
// Checks an index.ts/index.js for the "Common Mistakes" of TOOLS.md with a tokenizer that
// knows comments, strings, template literals and regular expressions — not a grep.

#include "toolmd/diagnostic.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace tw::engine {

struct ParamRead
{
    QString name;
    int line = 0;
};

struct EntryScan
{
    Diagnostics diagnostics;
    bool hasNamedExecute = false;
    int executeLine = 0;
    // Best effort: the fields of execute's `params` that the code reads. Only meaningful when
    // paramsAnalyzable (params is never passed on whole, spread or re-assigned).
    QList<ParamRead> paramsRead;
    bool paramsAnalyzable = false;
};

// Entry files larger than this are not scanned (reported as info); 4 MiB of source is no tool.
inline constexpr qint64 kMaxEntryScanBytes = 4 * 1024 * 1024;

EntryScan scanEntry(const QByteArray &source, const QString &filePath);

} // namespace tw::engine
