#include "catalog/toolchecks.h"

#include "toolmd/toollayout.h"

#include <QSet>

#include <algorithm>

namespace tw::engine {

bool isSecretFileName(const QString &name)
{
    static const QSet<QString> exact = {QStringLiteral(".env"), QStringLiteral("credentials.json"),
                                        QStringLiteral("id_rsa"), QStringLiteral("id_dsa"),
                                        QStringLiteral("id_ecdsa"), QStringLiteral("id_ed25519"),
                                        QStringLiteral(".npmrc"), QStringLiteral(".netrc"),
                                        QStringLiteral("secrets.json"), QStringLiteral("token.json")};
    if (exact.contains(name))
        return true;
    if (name.startsWith(QStringLiteral(".env.")) && name != u".env.example" && name != u".env.sample")
        return true;
    for (const char *suffix : {".pem", ".key", ".p12", ".pfx", ".keystore", ".jks"}) {
        if (name.endsWith(QLatin1StringView(suffix)))
            return true;
    }
    return false;
}

bool isInterruptedSave(const QString &name)
{
    for (const QString &file : {kToolMdFile, kEntryTsFile, kEntryJsFile}) {
        const QString saved = file + u'.';
        if (name.size() != saved.size() + 6 || !name.startsWith(saved))
            continue;
        const QStringView suffix = QStringView(name).mid(saved.size());
        return std::all_of(suffix.begin(), suffix.end(), [](QChar c) {
            return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
        });
    }
    return false;
}

Diagnostics checkBundle(const QList<DirEntry> &entries, const QString &dir)
{
    static const QSet<QString> unnecessaryFiles = {QStringLiteral("package.json"), QStringLiteral("package-lock.json"),
                                                   QStringLiteral("tsconfig.json"), QStringLiteral("yarn.lock"),
                                                   QStringLiteral("pnpm-lock.yaml")};
    static const QSet<QString> unnecessaryDirs = {QStringLiteral("node_modules"), QStringLiteral("test"),
                                                  QStringLiteral("tests"), QStringLiteral("__tests__"),
                                                  QStringLiteral("spec")};
    Diagnostics out;
    for (const DirEntry &e : entries) {
        const QString path = dir + u'/' + e.name;
        if (e.isDir ? unnecessaryDirs.contains(e.name) : unnecessaryFiles.contains(e.name)) {
            out.append({QStringLiteral("unnecessary-file"), Severity::Info,
                        QStringLiteral("%1 is not needed: the tool-loader reads only TOOL.md and the entry file")
                            .arg(e.isDir ? e.name + u'/' : e.name),
                        path, 0});
        }
        if (!e.isDir && isInterruptedSave(e.name)) {
            out.append({QStringLiteral("unnecessary-file"), Severity::Info,
                        QStringLiteral("%1 looks like the temporary file of a save that was interrupted; "
                                       "the tool is intact, delete it")
                            .arg(e.name),
                        path, 0});
        }
        if (!e.isDir && isSecretFileName(e.name)) {
            out.append({QStringLiteral("secret-file-bundled"), Severity::Warning,
                        QStringLiteral("%1 looks like a credentials file; tools are mounted into every "
                                       "container, keep secrets in Settings → Integrations")
                            .arg(e.name),
                        path, 0});
        }
    }
    return out;
}

Diagnostics checkParams(const ToolManifest &m, const EntryScan &entry, const QString &toolMdPath, const QString &entryPath)
{
    Diagnostics out;
    if (!entry.paramsAnalyzable)
        return out;
    QSet<QString> read;
    for (const ParamRead &r : entry.paramsRead)
        read.insert(r.name);
    for (const InputSpec &in : m.inputs) {
        if (!read.contains(in.name)) {
            out.append({QStringLiteral("inputs-unused"), Severity::Warning,
                        QStringLiteral("input '%1' is declared but execute never reads params.%1").arg(in.name),
                        toolMdPath, in.line});
        }
    }
    QSet<QString> reported;
    for (const ParamRead &r : entry.paramsRead) {
        if (!m.input(r.name) && !reported.contains(r.name)) {
            reported.insert(r.name);
            out.append({QStringLiteral("param-undeclared"), Severity::Warning,
                        QStringLiteral("execute reads params.%1, which TOOL.md does not declare; the agent will never pass it")
                            .arg(r.name),
                        entryPath, r.line});
        }
    }
    return out;
}

} // namespace tw::engine
