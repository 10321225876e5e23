#pragma once
// Writes a realistic DATA_PATH for the benchmarks: G global tools and U users × T tools each,
// TOOL.md files of typical size (2–6 inputs, a Markdown body of a few sections) with an
// index.ts each; every third user tool overrides a global one. Deterministic for a given shape.

#include <QString>

namespace tw::bench {

struct DataPathShape
{
    int globals = 1000;
    int users = 100;
    int toolsPerUser = 90;
};

// Writes the tree under `root` (which must exist and be empty); returns the bytes written.
qint64 writeDataPath(const QString &root, const DataPathShape &shape);

// Makes `root` hold the tree for `shape`, reusing the one an earlier run finished there (it left
// a `.complete` mark naming the shape); a generated tree of another shape, or one a killed run
// left half written, is removed and written anew. A DATA_PATH of one's own (no marks, a `tools`
// dir) is used as it is. Returns the bytes written, 0 when an existing tree is used.
qint64 prepareDataPath(const QString &root, const DataPathShape &shape);

// The email of user number `index` in a generated tree.
QString benchUserEmail(int index);

} // namespace tw::bench
