#pragma once
// What the platform's YAML parser (the `yaml` npm package) rejects in a tree the fast reader
// builds without complaint: the reader turns it into `yaml-syntax`.

#include "toolmd/yamlnode.h"

#include <optional>
#include <string>

namespace tw::engine {

struct DuplicateKey
{
    std::string key;
    int firstLine = 0, secondLine = 0; // 0-based, within the YAML text
};

// The first key that appears twice in one mapping, anywhere in the tree ("Map keys must be
// unique").
std::optional<DuplicateKey> duplicateKey(const YamlNode &node);

} // namespace tw::engine
