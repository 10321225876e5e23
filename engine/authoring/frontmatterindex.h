#pragma once
// Where each key of the frontmatter's block mappings lies in its lines: the map the lossless
// editor makes its targeted replacements through. Built from the YAML tree the reader already
// made (its marks), so locating a key costs no second parse.

#include "toolmd/yamlnode.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace tw::engine {

// One key of a block mapping and the lines it occupies.
struct FrontmatterEntry
{
    QString key;
    int line = 0;      // the key's line (index into the YAML lines)
    int indent = 0;    // the key's column
    int lastLine = 0;  // last line of its value (trailing blanks and outdented comments excluded)
    int valueEnd = 0;  // the same, except that a block scalar ends where its indentation does
    int valueLine = 0; // where the value starts (the node's mark)
    int valueCol = 0;
    bool isMap = false;
    bool isSeq = false;
    bool isNull = false; // `key:` with nothing after it (such a value has no real mark)
    bool flow = false;   // a map or list written inline: `{...}` / `[...]`
    size_t node = 0;     // the key's index in its mapping node
    QList<FrontmatterEntry> children; // for block maps
};

// The top-level keys of `root` (the tree of `lines`), with their block maps' keys inside.
QList<FrontmatterEntry> indexFrontmatter(const YamlNode &root, const QStringList &lines);
const FrontmatterEntry *findEntry(const QList<FrontmatterEntry> &entries, const QString &key);

bool isBlankOrComment(const QString &line);
int indentOf(const QString &line);
// End (exclusive) of the scalar token starting at `col` of `line`, so a trailing comment stays;
// -1 when it continues on the next line.
int scalarEnd(const QString &line, int col);

} // namespace tw::engine
