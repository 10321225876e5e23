#include "types/typechecker.h"

#include "toolmd/entryscanner.h"
#include "types/scriptsyntax.h"
#include "types/tooltypeproject.h"
#include "types/tsserver.h"

#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <cerrno>
#include <cstring>
#include <optional>

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace tw::engine {

namespace {
constexpr int kToolTimeoutMs = 120000;

// The entry's bytes as its tool holds them: a regular file of at most 4 MiB, reached from the
// tool's directory without leaving it (openat2 RESOLVE_BENEATH: a link may point within the
// tool, never out of it, and nothing is swapped in between a check and the read). A type error
// quotes what it reads, and `lint --types` runs as whoever runs it, root included: an entry that
// is a link to ~/.ssh/id_rsa was read and its words printed (issue 39's hostile review).
std::optional<QByteArray> readEntryBeneath(const QString &toolDir, const QString &entryName, QString *why)
{
    const int dir = ::open(QFile::encodeName(toolDir).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) {
        *why = QStringLiteral("its directory cannot be opened");
        return std::nullopt;
    }
    const auto closeDir = qScopeGuard([dir] { ::close(dir); });
    open_how how{};
    how.flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
    const int fd = int(::syscall(SYS_openat2, dir, QFile::encodeName(entryName).constData(), &how, sizeof how));
    if (fd < 0) {
        *why = errno == EXDEV ? QStringLiteral("it is a link that leaves the tool's directory")
                              : QStringLiteral("it cannot be opened (%1)").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return std::nullopt;
    }
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxEntryScanBytes) {
        *why = QStringLiteral("it is not a regular file of at most 4 MiB");
        return std::nullopt;
    }
    QFile f;
    if (!f.open(fd, QIODevice::ReadOnly, QFileDevice::DontCloseHandle)) {
        *why = QStringLiteral("it cannot be read");
        return std::nullopt;
    }
    return f.read(kMaxEntryScanBytes);
}
} // namespace

TypeChecker::TypeChecker() = default;
TypeChecker::~TypeChecker() = default;

bool TypeChecker::start(QString *error)
{
    m_server = std::make_unique<TsServer>();
    if (!m_server->start()) {
        if (error)
            *error = m_server->errorString();
        return false;
    }
    return true;
}

Diagnostics TypeChecker::check(const ToolRecord &tool)
{
    Diagnostics out;
    const QString entryPath = tool.entryPath();
    if (m_server && !m_server->isRunning())
        m_server->start(); // it died on an earlier tool: each tool gets a server that runs
    QString why;
    const std::optional<QByteArray> entry = readEntryBeneath(tool.dir, QFileInfo(entryPath).fileName(), &why);
    if (!entry) {
        out.append({QStringLiteral("types-unchecked"), Severity::Error,
                    QStringLiteral("the entry's types were not checked: %1").arg(why), entryPath, 0});
    } else if (m_server) {
        ToolTypeProject project(*m_server, TsServer::projectDir(QString::number(++m_next)));
        project.setSource({tool.manifest, tool.dir, entryPath, QString::fromUtf8(*entry)});
        QString failure;
        bool done = false;
        QObject context;
        project.check(&context, [&](const Diagnostics &diagnostics, const QString &error) {
            out = diagnostics;
            failure = error;
            done = true;
        });
        if (!m_server->waitForReplies(kToolTimeoutMs) || !done) {
            failure = m_server->isRunning() ? QStringLiteral("TypeScript took over two minutes")
                                            : m_server->errorString();
            // A server still busy with this tool would hold up every tool after it: a new one.
            m_server = std::make_unique<TsServer>();
            m_server->start();
        }
        if (!failure.isEmpty())
            out.append({QStringLiteral("types-unchecked"), Severity::Error,
                        QStringLiteral("the entry's types were not checked: %1").arg(failure), entryPath, 0});
    }
    out += checkToolScripts(tool.dir);
    return out;
}

} // namespace tw::engine
