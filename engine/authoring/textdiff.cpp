#include "authoring/textdiff.h"

#include "toolmd/utf8text.h"

#include <QStringList>

#include <dtl/dtl.hpp>

#include <string>
#include <vector>

namespace tw::engine {
namespace {

std::vector<std::string> linesOf(const QString &text)
{
    QString normalized = text;
    normalized.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    if (normalized.endsWith(u'\n'))
        normalized.chop(1);
    std::vector<std::string> lines;
    if (text.isEmpty())
        return lines;
    const QStringList parts = normalized.split(u'\n');
    lines.reserve(size_t(parts.size()));
    for (const QString &p : parts)
        lines.push_back(p.toStdString());
    return lines;
}

} // namespace

QList<DiffRow> sideBySideDiff(const QString &left, const QString &right)
{
    const std::vector<std::string> a = linesOf(left);
    const std::vector<std::string> b = linesOf(right);
    dtl::Diff<std::string> diff(a, b);
    diff.onHuge(); // bounded memory on large inputs
    diff.compose();
    const auto ses = diff.getSes().getSequence();

    QList<DiffRow> rows;
    rows.reserve(qsizetype(std::max(a.size(), b.size())));
    QList<DiffRow> removed, added; // the current hunk
    auto flush = [&] {
        const qsizetype paired = std::min(removed.size(), added.size());
        for (qsizetype i = 0; i < paired; ++i) {
            rows.append({DiffKind::Changed, removed[i].leftLine, added[i].rightLine, removed[i].left, added[i].right});
        }
        for (qsizetype i = paired; i < removed.size(); ++i)
            rows.append(removed[i]);
        for (qsizetype i = paired; i < added.size(); ++i)
            rows.append(added[i]);
        removed.clear();
        added.clear();
    };
    for (const auto &[text, info] : ses) {
        const QString line = utf8Text(text);
        switch (info.type) {
        case dtl::SES_COMMON:
            flush();
            rows.append({DiffKind::Same, int(info.beforeIdx), int(info.afterIdx), line, line});
            break;
        case dtl::SES_DELETE:
            removed.append({DiffKind::Removed, int(info.beforeIdx), 0, line, QString()});
            break;
        case dtl::SES_ADD:
            added.append({DiffKind::Added, 0, int(info.afterIdx), QString(), line});
            break;
        }
    }
    flush();
    return rows;
}

qsizetype changedRowCount(const QList<DiffRow> &rows)
{
    return std::count_if(rows.cbegin(), rows.cend(), [](const DiffRow &r) { return r.kind != DiffKind::Same; });
}

} // namespace tw::engine
