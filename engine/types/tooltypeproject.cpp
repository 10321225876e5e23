#include "types/tooltypeproject.h"

#include "toolmd/changedspan.h"
#include "types/tsserver.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QScopeGuard>

#include <memory>
#include <optional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tw::engine {

namespace {


constexpr qint64 kMirrorFileBytes = 1024 * 1024;
constexpr qint64 kMirrorTotalBytes = 16 * 1024 * 1024;
constexpr int kMirrorFiles = 2000;
constexpr int kMirrorDepth = 16;

bool mirroredName(const QString &name)
{
    static const QRegularExpression source(QStringLiteral("\\.(?:[cm]?[jt]sx?|json)\\z"));
    if (name == u"package.json" || name.startsWith(QLatin1StringView("tsconfig")) || name.startsWith(QLatin1StringView("jsconfig")))
        return false;
    return source.match(name).hasMatch();
}

// The bytes of a regular file reached through no link, at most kMirrorFileBytes; nullopt else.
std::optional<QByteArray> readPlainFile(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    const auto closeFd = qScopeGuard([fd] { ::close(fd); });
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMirrorFileBytes)
        return std::nullopt;
    QByteArray bytes(qsizetype(st.st_size), Qt::Uninitialized);
    qsizetype got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + got, size_t(bytes.size() - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += n;
    }
    bytes.truncate(got);
    return bytes;
}

// What the checker assumes of the runtime: Node's ES2022 with Node's types, ES modules as the
// bundler reads them, strict null and function checks (where `params.max_results` may be
// undefined), no demand for annotations (plain JavaScript-style code is not an error).
QJsonObject compilerOptions(const QString &types)
{
    QJsonObject o{{QStringLiteral("strict"), true},
                  {QStringLiteral("noImplicitAny"), false},
                  {QStringLiteral("useUnknownInCatchVariables"), false},
                  {QStringLiteral("target"), QStringLiteral("ES2022")},
                  {QStringLiteral("module"), QStringLiteral("ESNext")},
                  {QStringLiteral("moduleResolution"), QStringLiteral("Node")},
                  {QStringLiteral("lib"), QJsonArray{QStringLiteral("lib.es2022.d.ts")}},
                  {QStringLiteral("allowJs"), true},
                  {QStringLiteral("checkJs"), false},
                  {QStringLiteral("noEmit"), true},
                  {QStringLiteral("esModuleInterop"), true},
                  {QStringLiteral("allowSyntheticDefaultImports"), true},
                  {QStringLiteral("resolveJsonModule"), true},
                  {QStringLiteral("skipLibCheck"), true},
                  {QStringLiteral("forceConsistentCasingInFileNames"), true}};
    o.insert(QStringLiteral("typeRoots"), types.isEmpty() ? QJsonArray{} : QJsonArray{types});
    o.insert(QStringLiteral("types"), types.isEmpty() ? QJsonArray{} : QJsonArray{QStringLiteral("node")});
    return o;
}

QJsonObject at(const QString &file, TextPosition p)
{
    return {{QStringLiteral("file"), file}, {QStringLiteral("line"), p.line}, {QStringLiteral("offset"), p.offset}};
}

bool succeeded(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("success")).toBool();
}

TextPosition positionOf(const QJsonObject &location)
{
    return {location.value(QStringLiteral("line")).toInt(), location.value(QStringLiteral("offset")).toInt()};
}

} // namespace

int mirrorToolSources(const QString &toolDir, const QString &mirrorDir, QHash<QString, QPair<qint64, qint64>> &copied)
{
    QHash<QString, QPair<qint64, qint64>> seen;
    qint64 total = 0;
    int refreshed = 0;
    // Depth first by hand, no link followed: QFileInfo::isDir() would follow one.
    QList<QPair<QString, int>> folders{{QString(), 0}};
    while (!folders.isEmpty() && seen.size() < kMirrorFiles) {
        const auto [folder, depth] = folders.takeLast();
        const QDir dir(folder.isEmpty() ? toolDir : toolDir + u'/' + folder);
        const QFileInfoList entries =
            dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &entry : entries) {
            const QString name = entry.fileName();
            const QString rel = folder.isEmpty() ? name : folder + u'/' + name;
            if (entry.isSymLink() || name.startsWith(u'.'))
                continue;
            if (entry.isDir()) {
                if (name != u"node_modules" && depth + 1 < kMirrorDepth)
                    folders.append({rel, depth + 1});
                continue;
            }
            if (!entry.isFile() || !mirroredName(name) || (folder.isEmpty() && (name == u"index.ts" || name == u"index.js")))
                continue;
            if (seen.size() >= kMirrorFiles || entry.size() > kMirrorFileBytes || total + entry.size() > kMirrorTotalBytes)
                continue;
            const QPair<qint64, qint64> stamp{entry.size(), entry.lastModified().toMSecsSinceEpoch()};
            const QString target = mirrorDir + u'/' + rel;
            if (copied.value(rel) == stamp && QFileInfo::exists(target)) {
                seen.insert(rel, stamp);
                total += stamp.first;
                continue;
            }
            const std::optional<QByteArray> bytes = readPlainFile(entry.filePath());
            if (!bytes || total + bytes->size() > kMirrorTotalBytes)
                continue;
            QDir().mkpath(QFileInfo(target).path());
            // Replaced whole: the server never reads a half-written copy.
            QFile out(target + QStringLiteral(".tw-part"));
            if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(*bytes) != bytes->size() || !out.flush()) {
                out.remove();
                continue;
            }
            out.close();
            ::rename(QFile::encodeName(out.fileName()).constData(), QFile::encodeName(target).constData());
            seen.insert(rel, stamp);
            total += bytes->size();
            ++refreshed;
        }
    }
    for (auto it = copied.cbegin(); it != copied.cend(); ++it)
        if (!seen.contains(it.key()))
            QFile::remove(mirrorDir + u'/' + it.key());
    copied = std::move(seen);
    return refreshed;
}

TextPosition textPosition(const QString &text, qsizetype index)
{
    index = std::clamp<qsizetype>(index, 0, text.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < index; ++i) {
        if (text[i] == u'\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return {line, int(index - lineStart) + 1};
}

qsizetype textIndex(const QString &text, TextPosition position)
{
    qsizetype i = 0;
    for (int line = 1; line < position.line && i < text.size(); ++i)
        if (text[i] == u'\n')
            ++line;
    return std::min(text.size(), i + std::max(0, position.offset - 1));
}

ToolTypeProject::ToolTypeProject(TsServer &server, QString virtualDir)
    : m_server(server)
    , m_dir(std::move(virtualDir))
{
}

ToolTypeProject::~ToolTypeProject()
{
    if (const QString mirror = m_server.hostPath(m_dir); mirror != m_dir)
        QDir(mirror).removeRecursively();
    if (!m_opened)
        return;
    for (const QString &file : {virtualEntry(), virtualPath(kTypesDeclarationFile)})
        m_server.send(QStringLiteral("close"), {{QStringLiteral("file"), file}});
}

QString ToolTypeProject::virtualPath(QLatin1StringView name) const
{
    return m_dir + u'/' + name;
}

QString ToolTypeProject::virtualEntry() const
{
    // index.ts for a JavaScript entry too: parsed as TypeScript (JavaScript's syntax is its) so
    // that the appended checks can be typed; its type errors are not reported (checkJs is off
    // on the platform, and so here).
    return m_dir + QStringLiteral("/index.ts");
}

int ToolTypeProject::entryLines(const QString &entry)
{
    return int(typeScriptText(entry).count(u'\n')) + 1;
}

QString ToolTypeProject::checkedText(const QString &entry)
{
    return typeScriptText(entry) + u'\n' + QString::fromUtf8(entryChecks());
}

QString typeScriptText(const QString &text)
{
    // TypeScript ends a line at a lone CR and at U+2028/U+2029 too; Scintilla and our line
    // counting end them at LF (and CR). The same length, so every index stays where it was.
    QString out = text;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const char16_t c = out[i].unicode();
        if (c == u'\r' && (i + 1 == out.size() || out[i + 1] != u'\n'))
            out[i] = u'\n';
        else if (c == 0x2028 || c == 0x2029)
            out[i] = u' ';
    }
    return out;
}

void ToolTypeProject::setSource(const ToolTypeSource &source)
{
    // A keystroke in the entry leaves TOOL.md as it was: its declarations are not made again.
    const bool sameManifest = m_opened && source.manifest == m_source.manifest;
    ToolDeclarations declarations = sameManifest ? ToolDeclarations{} : toolDeclarations(source.manifest);
    const QString dts = sameManifest ? m_declarations : QString::fromUtf8(declarations.text);
    if (m_opened && source.toolDir != m_source.toolDir) {
        // Another directory (a tool renamed): other files, open afresh.
        for (const QString &file : {virtualEntry(), virtualPath(kTypesDeclarationFile)})
            m_server.send(QStringLiteral("close"), {{QStringLiteral("file"), file}});
        m_opened = false;
    }
    if (source.toolDir != m_source.toolDir) {
        if (const QString mirror = m_server.hostPath(m_dir); mirror != m_dir)
            QDir(mirror).removeRecursively();
        m_mirrored.clear();
        m_source.toolDir = source.toolDir;
    }
    mirrorSources();
    if (!m_opened) {
        m_server.send(QStringLiteral("compilerOptionsForInferredProjects"),
                      {{QStringLiteral("options"), compilerOptions(m_server.nodeTypesRoot())},
                       {QStringLiteral("projectRootPath"), m_dir}});
        const auto open = [this](const QString &file, const QString &text) {
            m_server.send(QStringLiteral("open"), {{QStringLiteral("file"), file},
                                                   {QStringLiteral("fileContent"), text},
                                                   {QStringLiteral("projectRootPath"), m_dir},
                                                   {QStringLiteral("scriptKindName"), QStringLiteral("TS")}});
        };
        open(virtualPath(kTypesDeclarationFile), dts);
        open(virtualEntry(), checkedText(source.entry));
        m_opened = true;
    } else {
        sendText(virtualPath(kTypesDeclarationFile), m_declarations, dts);
        sendText(virtualEntry(), checkedText(m_source.entry), checkedText(source.entry));
    }
    m_source = source;
    m_javaScript = QFileInfo(source.entryPath).fileName() == u"index.js";
    if (!sameManifest) {
        m_declarations = dts;
        m_inputAtLine = std::move(declarations.inputAtLine);
    }
}

void ToolTypeProject::mirrorSources()
{
    // A server's tool has no directory here; a project outside the server's mirror copies nothing.
    const QString mirror = m_server.hostPath(m_dir);
    if (!m_source.toolDir.isEmpty() && mirror != m_dir)
        mirrorToolSources(m_source.toolDir, mirror, m_mirrored);
}

void ToolTypeProject::sendText(const QString &file, const QString &before, const QString &after)
{
    if (before == after)
        return;
    const auto [head, tail] = changedSpan(before, after);
    const TextPosition from = textPosition(before, head);
    const TextPosition to = textPosition(before, before.size() - tail);
    m_server.send(QStringLiteral("change"), {{QStringLiteral("file"), file},
                                             {QStringLiteral("line"), from.line},
                                             {QStringLiteral("offset"), from.offset},
                                             {QStringLiteral("endLine"), to.line},
                                             {QStringLiteral("endOffset"), to.offset},
                                             {QStringLiteral("insertString"), after.mid(head, after.size() - head - tail)}});
}

void ToolTypeProject::check(QObject *context, DiagnosticsCallback done)
{
    struct Pending
    {
        Diagnostics syntax, types;
        QJsonArray semantic;
        int executeLine = 0;
        QString error;
        int left = 3;
    };
    auto pending = std::make_shared<Pending>();
    const QPointer<QObject> guard(context);
    const QString entryPath = m_source.entryPath;
    const int lastLine = entryLines(m_source.entry);
    const bool javaScript = m_javaScript;
    const bool remote = m_source.toolDir.isEmpty();
    const auto finish = [pending, guard, done, entryPath, lastLine, javaScript, remote] {
        if (--pending->left > 0 || !guard)
            return;
        Diagnostics all = pending->syntax;
        if (!javaScript) {
            for (const Diagnostic &d : typeScriptDiagnostics(pending->semantic, QStringLiteral("type-error"), entryPath, lastLine)) {
                // A server's tool has no directory here: its other files cannot be read, which
                // says nothing about the tool.
                if (remote && d.message.endsWith(QLatin1StringView("(TS2307)"))
                    && (d.message.contains(QLatin1StringView("'./")) || d.message.contains(QLatin1StringView("'../"))))
                    continue;
                all.append(d);
            }
        }
        // With the entry unparsable, what its checks say is noise.
        if (pending->syntax.isEmpty())
            all += executeCheckDiagnostics(pending->semantic, lastLine + 1, entryPath, pending->executeLine);
        done(all, pending->error);
    };
    const auto failed = [pending](const QJsonObject &reply) {
        if (!succeeded(reply) && pending->error.isEmpty())
            pending->error = reply.value(QStringLiteral("message")).toString();
        return !succeeded(reply);
    };
    const QString entry = virtualEntry();
    const QJsonObject file{{QStringLiteral("file"), entry}};
    m_server.send(QStringLiteral("syntacticDiagnosticsSync"), file, [=](const QJsonObject &reply) {
        if (!failed(reply))
            pending->syntax = typeScriptDiagnostics(reply.value(QStringLiteral("body")).toArray(),
                                                    QStringLiteral("syntax-error"), entryPath, lastLine);
        finish();
    });
    m_server.send(QStringLiteral("semanticDiagnosticsSync"), file, [=](const QJsonObject &reply) {
        if (!failed(reply))
            pending->semantic = reply.value(QStringLiteral("body")).toArray();
        finish();
    });
    // Where execute is declared (the checks' findings are put there): an exported name of the
    // entry's called execute. (TypeScript 4.8's definition of an imported name is the import.)
    m_server.send(QStringLiteral("navto"),
                  {{QStringLiteral("file"), entry}, {QStringLiteral("searchValue"), QStringLiteral("execute")},
                   {QStringLiteral("currentFileOnly"), true}},
                  [=](const QJsonObject &reply) {
                      for (const QJsonValue &v : reply.value(QStringLiteral("body")).toArray()) {
                          const QJsonObject item = v.toObject();
                          if (item.value(QStringLiteral("name")).toString() == u"execute"
                              && item.value(QStringLiteral("file")).toString() == entry
                              && item.value(QStringLiteral("kindModifiers")).toString().contains(QLatin1StringView("export"))) {
                              pending->executeLine = positionOf(item.value(QStringLiteral("start")).toObject()).line;
                              break;
                          }
                      }
                      finish();
                  });
}

void ToolTypeProject::complete(TextPosition position, QObject *context,
                               std::function<void(const QList<TypeCompletion> &)> done)
{
    const QPointer<QObject> guard(context);
    QHash<QString, QString> descriptions;
    for (const InputSpec &in : m_source.manifest.inputs)
        descriptions.insert(in.name, in.description);
    QJsonObject args = at(virtualEntry(), position);
    args.insert(QStringLiteral("includeExternalModuleExports"), false);
    m_server.send(QStringLiteral("completionInfo"), args, [guard, done, descriptions](const QJsonObject &reply) {
        if (!guard)
            return;
        QList<TypeCompletion> out;
        const QJsonObject body = reply.value(QStringLiteral("body")).toObject();
        const bool member = body.value(QStringLiteral("isMemberCompletion")).toBool();
        QList<std::pair<QString, TypeCompletion>> sorted;
        for (const QJsonValue &v : body.value(QStringLiteral("entries")).toArray()) {
            const QJsonObject e = v.toObject();
            const QString kind = e.value(QStringLiteral("kind")).toString();
            if (kind == u"warning")
                continue; // JavaScript's "every identifier in the file": noise, not completions
            TypeCompletion c;
            c.name = e.value(QStringLiteral("name")).toString();
            c.kind = kind;
            c.optional = e.value(QStringLiteral("kindModifiers")).toString().contains(QLatin1StringView("optional"));
            if (member && kind == u"property")
                c.description = descriptions.value(c.name);
            sorted.append({e.value(QStringLiteral("sortText")).toString(), c});
        }
        std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first < b.first : a.second.name < b.second.name;
        });
        for (auto &s : sorted)
            out.append(std::move(s.second));
        done(out);
    });
}

void ToolTypeProject::quickInfo(TextPosition position, QObject *context, std::function<void(const QString &)> done)
{
    const QPointer<QObject> guard(context);
    m_server.send(QStringLiteral("quickinfo"), at(virtualEntry(), position), [guard, done](const QJsonObject &reply) {
        if (!guard)
            return;
        const QJsonObject body = reply.value(QStringLiteral("body")).toObject();
        QString text = body.value(QStringLiteral("displayString")).toString();
        const QJsonValue doc = body.value(QStringLiteral("documentation"));
        QString documentation = doc.toString();
        if (doc.isArray())
            for (const QJsonValue &part : doc.toArray())
                documentation += part.toObject().value(QStringLiteral("text")).toString();
        if (!documentation.isEmpty())
            text += QStringLiteral("\n\n") + documentation;
        done(succeeded(reply) ? text : QString());
    });
}

void ToolTypeProject::definition(TextPosition position, QObject *context,
                                 std::function<void(const TypeDefinition &)> done)
{
    const QPointer<QObject> guard(context);
    const QString entry = virtualEntry(), declarations = virtualPath(kTypesDeclarationFile);
    const QString virtualDir = m_dir, toolDir = m_source.toolDir, entryPath = m_source.entryPath;
    const TsServer *server = &m_server; // the callback is the server's: it lives while this runs
    const QHash<int, QString> inputAtLine = m_inputAtLine;
    QHash<QString, int> inputLines;
    for (const InputSpec &in : m_source.manifest.inputs)
        inputLines.insert(in.name, in.line);
    m_server.send(QStringLiteral("definition"), at(entry, position), [=](const QJsonObject &reply) {
        if (!guard)
            return;
        TypeDefinition d;
        const QJsonArray body = reply.value(QStringLiteral("body")).toArray();
        if (!body.isEmpty()) {
            const QJsonObject first = body.first().toObject();
            const QString file = first.value(QStringLiteral("file")).toString();
            const int line = positionOf(first.value(QStringLiteral("start")).toObject()).line;
            if (file == entry) {
                d = {TypeDefinition::Entry, entryPath, line, {}};
            } else if (file == declarations) {
                if (const QString input = inputAtLine.value(line); !input.isEmpty())
                    d = {TypeDefinition::Input, {}, inputLines.value(input), input};
            } else if (!toolDir.isEmpty() && file.startsWith(toolDir + u'/')) {
                d = {TypeDefinition::ToolFile, file, line, {}};
            } else if (file.startsWith(virtualDir + u'/')) {
                // A file of the tool's reached through rootDirs under the virtual name.
                if (!toolDir.isEmpty())
                    d = {TypeDefinition::ToolFile, toolDir + file.mid(virtualDir.size()), line, {}};
            } else {
                d = {TypeDefinition::Library, server->hostPath(file), line, {}};
            }
        }
        done(d);
    });
}

void ToolTypeProject::fixes(TextPosition from, TextPosition to, int code, QObject *context,
                            std::function<void(const QList<TypeFix> &)> done)
{
    const QPointer<QObject> guard(context);
    const QString entry = virtualEntry();
    // Positions are read in the text as TypeScript has it; edits applied to the text as it is
    // (the same length: typeScriptText()).
    const QString text = checkedText(m_source.entry);
    const QString original = m_source.entry + text.mid(m_source.entry.size());
    const qsizetype entryLength = m_source.entry.size();
    m_server.send(QStringLiteral("getCodeFixes"),
                  {{QStringLiteral("file"), entry},
                   {QStringLiteral("startLine"), from.line},
                   {QStringLiteral("startOffset"), from.offset},
                   {QStringLiteral("endLine"), to.line},
                   {QStringLiteral("endOffset"), to.offset},
                   {QStringLiteral("errorCodes"), QJsonArray{code}}},
                  [guard, done, entry, text, original, entryLength](const QJsonObject &reply) {
                      if (!guard)
                          return;
                      QList<TypeFix> out;
                      for (const QJsonValue &v : reply.value(QStringLiteral("body")).toArray()) {
                          const QJsonObject fix = v.toObject();
                          // Edits in the entry alone (a fix that reaches another file is not offered).
                          QList<std::tuple<qsizetype, qsizetype, QString>> edits;
                          bool elsewhere = false;
                          for (const QJsonValue &c : fix.value(QStringLiteral("changes")).toArray()) {
                              const QJsonObject change = c.toObject();
                              if (change.value(QStringLiteral("fileName")).toString() != entry) {
                                  elsewhere = true;
                                  continue;
                              }
                              for (const QJsonValue &t : change.value(QStringLiteral("textChanges")).toArray()) {
                                  const QJsonObject e = t.toObject();
                                  edits.append({textIndex(text, positionOf(e.value(QStringLiteral("start")).toObject())),
                                                textIndex(text, positionOf(e.value(QStringLiteral("end")).toObject())),
                                                e.value(QStringLiteral("newText")).toString()});
                              }
                          }
                          const bool valid = std::all_of(edits.cbegin(), edits.cend(), [&](const auto &e) {
                              return std::get<0>(e) <= std::get<1>(e) && std::get<1>(e) <= text.size();
                          });
                          if (elsewhere || edits.isEmpty() || !valid)
                              continue;
                          // TypeScript sends a file's edits in order, none overlapping: applied from
                          // the last, each index still means what it meant.
                          QString fixed = original;
                          qsizetype length = entryLength;
                          bool inChecks = false;
                          for (auto e = edits.crbegin(); e != edits.crend(); ++e) {
                              const auto &[start, end, newText] = *e;
                              inChecks = inChecks || end > entryLength;
                              fixed.replace(start, end - start, newText);
                              length += newText.size() - (end - start);
                          }
                          if (!inChecks) // the checks Toolwright appended are not the author's to fix
                              out.append({fix.value(QStringLiteral("description")).toString(), fixed.left(length)});
                      }
                      done(out);
                  });
}

} // namespace tw::engine
