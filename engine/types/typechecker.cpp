#include "types/typechecker.h"

#include "toolmd/entryscanner.h"
#include "types/scriptsyntax.h"
#include "types/tooltypeproject.h"
#include "types/tsserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace tw::engine {

namespace {
constexpr int kToolTimeoutMs = 120000;
}

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
    QFile f(entryPath);
    if (m_server && !m_server->isRunning())
        m_server->start(); // it died on an earlier tool: each tool gets a server that runs
    const QFileInfo info(entryPath);
    if (!info.isFile() || info.size() > kMaxEntryScanBytes) {
        // As the scan reads entries: a regular file of at most 4 MiB (no device, no FIFO).
        out.append({QStringLiteral("types-unchecked"), Severity::Error,
                    QStringLiteral("the entry's types were not checked: it is not a regular file of at most 4 MiB"),
                    entryPath, 0});
    } else if (m_server && f.open(QIODevice::ReadOnly)) {
        ToolTypeProject project(*m_server, TsServer::projectDir(QString::number(++m_next)));
        project.setSource({tool.manifest, tool.dir, entryPath, QString::fromUtf8(f.readAll())});
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
