#pragma once
// Where the build put what the tests use — the source tree, the fixtures, the built toolwright —
// read at run time from tw-test-paths.json beside the test executable (tests/CMakeLists.txt
// writes it), not compiled in: a test's object is then the same from any clone, and the compiler
// cache finds it there (cmake/CompilerCache.cmake).

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cstdio>
#include <cstdlib>

namespace tw::test {

inline QString buildPath(const char *key)
{
    static const QJsonObject paths = [] {
        const QString dir = QFileInfo(QFile::symLinkTarget(QStringLiteral("/proc/self/exe"))).absolutePath();
        QFile file(dir + QStringLiteral("/tw-test-paths.json"));
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "%s: %s (the build writes it beside the tests)\n", qPrintable(file.fileName()),
                         qPrintable(file.errorString()));
            std::abort();
        }
        return QJsonDocument::fromJson(file.readAll()).object();
    }();
    const QString value = paths.value(QLatin1StringView(key)).toString();
    if (value.isEmpty()) {
        std::fprintf(stderr, "tw-test-paths.json has no \"%s\"\n", key);
        std::abort();
    }
    return value;
}

} // namespace tw::test

#define TW_FIXTURES_DIR (::tw::test::buildPath("fixtures"))
#define TW_SOURCE_DIR (::tw::test::buildPath("source"))
#define TW_BINARY (::tw::test::buildPath("binary"))
