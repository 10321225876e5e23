#pragma once
// A discovered tool directory: registered (ToolRecord) or not (SkippedDir), with its findings.

#include "toolmd/diagnostic.h"
#include "toolmd/toolmanifest.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace tw::engine {

enum class Scope { Global, User };

QString scopeName(Scope scope);

struct ToolRecord
{
    ToolManifest manifest;
    Scope scope = Scope::Global;
    QString user;        // the owning user's email for Scope::User
    QString dir;         // absolute path of the tool directory
    QString dirName;     // its name inside the location (may differ from manifest.name)
    // The entry file the loader takes (index.ts over index.js). Its path and TOOL.md's are made
    // from `dir` when asked, not kept: two strings less for each of a platform's tools.
    enum class Entry : quint8 { None, Ts, Js };
    Entry entry = Entry::None;
    QByteArray body;     // Markdown body, byte for byte
    int bodyLine = 0;
    // The body did not come with the catalog (a server window's, CatalogJson::DetailNoBody): a
    // view that shows it asks its CatalogSource for it (requestBodies), and the catalog changes.
    bool bodyElsewhere = false;
    // The inputs did not come with the catalog either (a window's local catalog: at 101,000 tools
    // they were a third of its memory): `manifest.inputs` is empty until a view that needs them
    // asks (requestBodies brings them with the body) or reads the tool (withDetails).
    bool inputsElsewhere = false;
    QStringList files;   // top-level entries of the tool dir; directories end in '/'
    Diagnostics diagnostics;
    QString shadowedBy;  // within its location: dir of the same-named tool that wins, if any

    QString toolMdPath() const; // dir + "/TOOL.md"
    QString entryPath() const;  // dir + "/index.ts" or "/index.js"; empty without an entry
    QString entryName() const;  // "index.ts", "index.js" or empty
    bool detailsElsewhere() const { return bodyElsewhere || inputsElsewhere; }
    void setEntryName(const QString &fileName); // index.ts or index.js; anything else is none

    friend bool operator==(const ToolRecord &, const ToolRecord &) = default;
};

struct SkippedDir
{
    QString dir;
    QString dirName;
    QString reason;      // the code of the first skip diagnostic
    Diagnostics diagnostics;
    QStringList files;   // top-level entries, as for ToolRecord (empty when unreadable)

    friend bool operator==(const SkippedDir &, const SkippedDir &) = default;
};

// The result of scanning one location (DATA_PATH/tools or DATA_PATH/<email>/tools).
struct LocationScan
{
    QString path;        // absolute path of the location
    Scope scope = Scope::Global;
    QString user;
    bool exists = false;
    QList<ToolRecord> tools;   // byte-wise directory-name order, registration order
    QList<SkippedDir> skipped; // byte-wise directory-name order
    int filesRead = 0;         // files this scan read (TOOL.md and entries); what a cache saves
};

// What scanning one tool directory found: exactly one of the results is set.
struct ToolDirScan
{
    std::optional<ToolRecord> tool;
    std::optional<SkippedDir> skipped;
    int filesRead = 0; // files opened to read their bytes (TOOL.md, the entry); 0 from the cache
};

} // namespace tw::engine
