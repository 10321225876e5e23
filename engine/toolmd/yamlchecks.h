#pragma once
// What the platform's YAML parser (the `yaml` npm package) rejects in a tree that yaml-cpp and
// the fast reader both build without complaint: the reader turns each into `yaml-syntax`.

#include "toolmd/yamlnode.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::engine {

struct DuplicateKey
{
    std::string key;
    int firstLine = 0, secondLine = 0; // 0-based, within the YAML text
};

// The first key that appears twice in one mapping, anywhere in the tree ("Map keys must be
// unique").
std::optional<DuplicateKey> duplicateKey(const YamlNode &node);

// A line folded into a plain scalar though not indented past its key, or a bare word taken for
// a key without a value ("Implicit map keys need to be followed by map values"): the first such
// line (0-based in `lines`, the YAML text's lines), anywhere in the tree.
std::optional<int> unindentedContinuation(const YamlNode &node, const std::vector<std::string_view> &lines);

} // namespace tw::engine
