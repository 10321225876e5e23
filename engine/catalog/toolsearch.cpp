#include "catalog/toolsearch.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace tw::engine {

namespace {
constexpr qint64 kMaxSearchedFile = 1024 * 1024;
constexpr int kMaxLineShown = 400;
} // namespace

std::optional<QRegularExpression> searchPattern(const SearchQuery &query, QString *error)
{
    if (query.text.isEmpty()) {
        if (error)
            *error = QStringLiteral("nothing to search for");
        return std::nullopt;
    }
    QString source = query.regularExpression ? query.text : QRegularExpression::escape(query.text);
    if (query.wholeWord)
        source = QStringLiteral("\\b(?:%1)\\b").arg(source);
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (!query.caseSensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    QRegularExpression pattern(source, options);
    if (!pattern.isValid()) {
        if (error)
            *error = QStringLiteral("not a regular expression: %1 (at %2)").arg(pattern.errorString()).arg(pattern.patternErrorOffset());
        return std::nullopt;
    }
    pattern.optimize();
    return pattern;
}

QStringList searchableFiles(const QString &toolDir)
{
    QStringList out;
    const QString root = QDir(toolDir).absolutePath();
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = path.mid(root.size() + 1);
        if (relative.count(u'/') > 3 || relative.startsWith(QLatin1StringView("node_modules/"))
            || relative.contains(QLatin1StringView("/node_modules/")) || relative.contains(QLatin1StringView("/."))
            || (relative.startsWith(u'.') && relative.contains(u'/')))
            continue;
        const QFileInfo info = it.fileInfo();
        if (info.isSymLink() || !info.isFile() || info.size() > kMaxSearchedFile)
            continue;
        out.append(path);
    }
    out.sort();
    return out;
}

QList<SearchHit> searchText(const QString &file, const QByteArray &bytes, const QRegularExpression &pattern, int maxHits)
{
    QList<SearchHit> out;
    if (bytes.left(8192).contains('\0'))
        return out;
    const QString text = QString::fromUtf8(bytes);
    qsizetype start = 0;
    int line = 1;
    while (start <= text.size() && out.size() < maxHits) {
        qsizetype end = text.indexOf(u'\n', start);
        if (end < 0)
            end = text.size();
        QStringView lineView = QStringView(text).mid(start, end - start);
        if (lineView.endsWith(u'\r'))
            lineView.chop(1);
        const QRegularExpressionMatch m = pattern.match(lineView);
        if (m.hasMatch() && m.capturedLength() > 0)
            out.append({file, line, int(m.capturedStart()) + 1, int(m.capturedLength()),
                        lineView.left(kMaxLineShown).toString()});
        if (end == text.size())
            break;
        start = end + 1;
        ++line;
    }
    return out;
}

QList<SearchHit> searchToolDir(const QString &toolDir, const QRegularExpression &pattern, int maxHits)
{
    QList<SearchHit> out;
    for (const QString &path : searchableFiles(toolDir)) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        out += searchText(path, f.readAll(), pattern, maxHits - int(out.size()));
        if (out.size() >= maxHits)
            break;
    }
    return out;
}

} // namespace tw::engine
