#pragma once
// Where two texts differ, as one span: the length of their common head and of their common
// tail (not overlapping). An edit sent to another view or process is then the smallest
// replacement that turns the first text into the second (the editor's views, tsserver).

#include <QStringView>

#include <algorithm>

namespace tw::engine {

struct ChangedSpan
{
    qsizetype head = 0; // characters both texts begin with
    qsizetype tail = 0; // characters both texts end with, after the head
};

inline ChangedSpan changedSpan(QStringView before, QStringView after)
{
    ChangedSpan span;
    const qsizetype common = std::min(before.size(), after.size());
    while (span.head < common && before[span.head] == after[span.head])
        ++span.head;
    while (span.tail < common - span.head && before[before.size() - 1 - span.tail] == after[after.size() - 1 - span.tail])
        ++span.tail;
    return span;
}

} // namespace tw::engine
