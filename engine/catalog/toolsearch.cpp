#include "catalog/toolsearch.h"

#include <QDir>
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

namespace {

void collectToolFiles(const QString &dir, int depthLeft, qint64 maxSize, const std::atomic_bool *stop, QStringList &out)
{
    const QFileInfoList entries = QDir(dir).entryInfoList(QDir::Files | QDir::Dirs | QDir::Hidden | QDir::System
                                                          | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &info : entries) {
        if (stop && stop->load())
            return;
        if (info.isSymLink())
            continue; // a link may lead out of the tool
        if (info.isDir()) {
            if (depthLeft > 0 && !info.fileName().startsWith(u'.') && info.fileName() != u"node_modules")
                collectToolFiles(info.filePath(), depthLeft - 1, maxSize, stop, out);
        } else if (info.isFile() && info.size() <= maxSize) {
            out.append(info.filePath());
        }
    }
}

} // namespace

QStringList toolOwnFiles(const QString &toolDir, int maxDepth, qint64 maxSize, const std::atomic_bool *stop)
{
    QStringList out;
    collectToolFiles(QDir(toolDir).absolutePath(), maxDepth, maxSize, stop, out);
    out.sort();
    return out;
}

QStringList searchableFiles(const QString &toolDir)
{
    return toolOwnFiles(toolDir, 3, kMaxSearchedFile);
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

QList<SearchHit> searchToolDir(const QString &toolDir, const QRegularExpression &pattern, int maxHits,
                               const std::atomic_bool *stop)
{
    QList<SearchHit> out;
    for (const QString &path : toolOwnFiles(toolDir, 3, kMaxSearchedFile, stop)) {
        if (stop && stop->load())
            break;
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
