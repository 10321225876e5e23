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

// The email of user number `index` in a generated tree.
QString benchUserEmail(int index);

} // namespace tw::bench
