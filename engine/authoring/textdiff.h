#pragma once
// A side-by-side line diff of two texts (libdtl's O(NP) algorithm), as aligned rows.

#include <QList>
#include <QString>

namespace tw::engine {

enum class DiffKind { Same, Removed, Added, Changed };

struct DiffRow
{
    DiffKind kind = DiffKind::Same;
    int leftLine = 0;  // 1-based; 0 where the row has no left side
    int rightLine = 0;
    QString left;
    QString right;
    friend bool operator==(const DiffRow &, const DiffRow &) = default;
};

// Rows pair removed and added lines of one hunk as Changed, in order.
QList<DiffRow> sideBySideDiff(const QString &left, const QString &right);

// Number of rows that are not Same.
qsizetype changedRowCount(const QList<DiffRow> &rows);

} // namespace tw::engine
