#pragma once
// One tool as a project of its own in a TsServer: the entry (with the text being edited and the
// checks of execute appended) and the declarations made from its TOOL.md, opened under a virtual directory
// that exists nowhere, with fixed compiler options. So no tsconfig.json of the tool's or of a
// folder above it changes the check (tsserver looks for one only up to the project's root, the
// virtual directory), nothing is written anywhere, and a server's tool (no local directory)
// checks alike. The directory is the server's (TsServer::projectDir): the tool's other source
// files are copied into the server's mirror there (mirrorToolSources), so the entry's relative
// imports resolve as the bundler resolves them while the server, in its sandbox, reads nothing
// of the host — not a file outside the tool an import names, not the target of a link.
// Edits reach the server as the smallest change that turns the old text into the new.
// Replies come through callbacks guarded by `context`: a project's owner that is gone gets none.

#include "toolmd/diagnostic.h"
#include "toolmd/toolmanifest.h"
#include "types/entrytypes.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace tw::engine {

class TsServer;

struct ToolTypeSource
{
    ToolManifest manifest;
    QString toolDir;   // the tool's real directory; empty for a server's tool (imports unresolved)
    QString entryPath; // the path diagnostics name (the real entry file)
    QString entry;     // the entry's text as edited
};

struct TypeCompletion
{
    QString name;
    QString kind;        // TypeScript's: property, method, function, var, keyword, …
    QString description; // for a declared input: its TOOL.md description
    bool optional = false;
};

struct TypeDefinition
{
    enum Kind { None, Entry, Input, ToolFile, Library } kind = None;
    QString file;  // Entry: the entry path; ToolFile: the real file; Library: TypeScript's file
    int line = 0;  // 1-based; for Input, the input's line in TOOL.md (0 when unknown)
    QString input; // Input: the input's name
};

// An edit TypeScript offers for a diagnostic, applied to the entry's text.
struct TypeFix
{
    QString description;
    QString entry; // the entry's whole text after the fix
};

class ToolTypeProject final
{
public:
    // `virtualDir` must be unique among the server's projects.
    ToolTypeProject(TsServer &server, QString virtualDir);
    ~ToolTypeProject(); // closes its files in the server
    Q_DISABLE_COPY_MOVE(ToolTypeProject)

    // The first call opens the files; later ones send what changed.
    void setSource(const ToolTypeSource &source);
    const ToolTypeSource &source() const { return m_source; }

    // Everything TypeScript finds in the source set last: syntax-error and type-error in the
    // entry, and the checks of execute (params-type-mismatch, result-type-mismatch,
    // execute-signature-mismatch) at its line. `ok` false with `error` when the server failed.
    using DiagnosticsCallback = std::function<void(const Diagnostics &diagnostics, const QString &error)>;
    void check(QObject *context, DiagnosticsCallback done);

    // At a 1-based line and UTF-16 column of the entry.
    void complete(TextPosition at, QObject *context, std::function<void(const QList<TypeCompletion> &)> done);
    void quickInfo(TextPosition at, QObject *context, std::function<void(const QString &)> done);
    void definition(TextPosition at, QObject *context, std::function<void(const TypeDefinition &)> done);
    // TypeScript's fixes for the error `code` spanning [from, to) in the entry.
    void fixes(TextPosition from, TextPosition to, int code, QObject *context,
               std::function<void(const QList<TypeFix> &)> done);

    QString virtualEntry() const;

private:
    void mirrorSources();
    QString virtualPath(QLatin1StringView name) const;
    static int entryLines(const QString &entry);
    static QString checkedText(const QString &entry); // the entry with the checks appended
    void sendText(const QString &file, const QString &before, const QString &after);

    TsServer &m_server;
    QString m_dir;
    ToolTypeSource m_source;
    QString m_declarations;
    QHash<int, QString> m_inputAtLine;
    bool m_javaScript = false; // index.js: syntax and the checks only
    bool m_opened = false;
    QHash<QString, QPair<qint64, qint64>> m_mirrored; // a copied file's path in the tool → its size and mtime
};

// What a tool's type check may read of its directory: regular files (no link, no device) of
// TypeScript, JavaScript and JSON, outside hidden folders and node_modules, never a tsconfig,
// jsconfig or package.json (they would configure the check), never the top-level index.ts or
// index.js (the entry is the project's own, as edited), at most 1 MiB each, 2,000 files and
// 16 MiB in all, 16 folders deep. Copied into `mirrorDir` (made as needed); a file already
// there with the size and modification time in `copied` is not copied again, a file no longer
// in the tool is removed. Returns the files copied or refreshed.
int mirrorToolSources(const QString &toolDir, const QString &mirrorDir, QHash<QString, QPair<qint64, qint64>> &copied);

// `text` as TypeScript counts its lines, in ours: a lone CR made LF, U+2028/U+2029 spaces (the
// same length, so indices agree).
QString typeScriptText(const QString &text);

// The 1-based line and UTF-16 column of `index` in `text`, and back.
TextPosition textPosition(const QString &text, qsizetype index);
qsizetype textIndex(const QString &text, TextPosition position);

} // namespace tw::engine
