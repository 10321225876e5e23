#pragma once
// The frontmatter's YAML read the way the platform reads it: pi's parseFrontmatter hands it to
// the `yaml` npm package's parse() at default options (YAML 1.2, core schema, unique keys, one
// document). libfyaml, a parser that passes the YAML test suite, does the parsing; this file
// adds what the `yaml` package decides beyond the grammar (duplicate keys, a second document,
// aliases, explicit tags, how a key becomes an object key) and resolves values as it does.
// docs/decisions.md "Reading YAML as the platform does" says why libfyaml and not yaml-cpp.

#include "toolmd/yamlnode.h"

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <string_view>

namespace tw::engine {

struct YamlError
{
    std::string message; // in the `yaml` package's words where it has words for it
    int line = 0;        // 0-based, within the YAML text
};

// The tree of `text` (marks 0-based, in bytes, as yaml-cpp's), or nullopt with the reason the
// platform's parser throws. An empty document gives a Null node.
std::optional<YamlNode> readPlatformYaml(std::string_view text, YamlError *error);

// A scalar's (or null's) value as the `yaml` package's toJS gives it, as JSON: plain scalars by
// the core schema, quoted and block scalars as strings, explicit tags as the package resolves
// them (!!binary as Node's Buffer serialises, !!timestamp as a Date does).
QJsonValue platformScalarValue(const YamlNode &node);

// Any node's value as the platform's loader gets it (mappings as objects, lists as arrays).
QJsonValue platformValue(const YamlNode &node);

// The key order of every object in platformValue(node), which QJsonObject sorts away: one list
// per object, depth first (an object's keys, then the objects inside its members in that order,
// arrays item by item), each in JavaScript's own-property order, the order JSON.stringify
// writes: keys that are array indices ("0", "16") ascending, then the others as first inserted.
QList<QStringList> platformKeyOrder(const YamlNode &node);

// The object key a mapping key becomes (String() of a scalar's value; a collection in flow
// style, as the package stringifies it).
QString platformKeyText(const YamlNode &key);

} // namespace tw::engine
