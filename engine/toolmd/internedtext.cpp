#include "toolmd/internedtext.h"

#include <QMutex>
#include <QSet>

namespace tw::engine {

namespace {

constexpr qsizetype kMaxInternedChars = 40;

struct Pool
{
    QMutex mutex;
    QSet<QString> texts;
};

Pool &pool()
{
    static Pool p;
    return p;
}

} // namespace

QString internedText(const QString &text)
{
    if (text.isEmpty() || text.size() > kMaxInternedChars)
        return text;
    Pool &p = pool();
    const QMutexLocker lock(&p.mutex);
    if (const auto it = p.texts.constFind(text); it != p.texts.cend())
        return *it;
    p.texts.insert(text);
    return text;
}

} // namespace tw::engine
