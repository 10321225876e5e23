#pragma once
// The YAML tree the TOOL.md reader walks, the way yaml-cpp reports it (kind, tag, style and
// 0-based line/column marks), built by the platform reader (platformyaml.h, libfyaml) or, for
// the plain frontmatter nearly every tool has, by a one-pass reader of that subset that is tens
// of times faster. The fast reader gives up (nullopt) on anything outside the subset, and the
// caller falls back to the platform reader; fuzz_yamlnode checks that the fast reader's tree is
// yaml-cpp's (the editor's checks still read with yaml-cpp) and its values the platform reader's.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace YAML {
class Node;
}

namespace tw::engine {

struct YamlNode
{
    enum class Kind { Null, Scalar, Sequence, Map };
    enum class Style { Default, Block, Flow }; // yaml-cpp's EmitterStyle for maps and sequences

    Kind kind = Kind::Null;
    Style style = Style::Default;
    std::string tag;    // "?" plain or untagged, "!" quoted, else an explicit tag
    std::string scalar; // the scalar's value
    // The anchor a node carries (`&a`) and, for a copy an alias made, that it is one (`*a`): the
    // platform spells a collection used as a key with them. Only the platform reader sets them.
    std::string anchor;
    bool alias = false;
    int line = 0, column = 0;
    // Sequence: the items. Map: key, value, key, value, … in document order.
    std::vector<YamlNode> items;

    bool isNull() const { return kind == Kind::Null; }
    bool isScalar() const { return kind == Kind::Scalar; }
    bool isSequence() const { return kind == Kind::Sequence; }
    bool isMap() const { return kind == Kind::Map; }
    bool isPlain() const { return tag == "?"; }
    bool isQuoted() const { return tag == "!"; }
    size_t mapSize() const { return items.size() / 2; }
    const YamlNode &key(size_t i) const { return items[2 * i]; }
    const YamlNode &value(size_t i) const { return items[2 * i + 1]; }

    friend bool operator==(const YamlNode &, const YamlNode &) = default;
};

// The tree yaml-cpp built.
YamlNode toYamlNode(const YAML::Node &node);

// The fast reader: block mappings and sequences by indentation, one-line plain and quoted
// scalars, one-line flow sequences of scalars, comments. Nullopt for anything else.
std::optional<YamlNode> readSimpleYaml(std::string_view text);

} // namespace tw::engine
