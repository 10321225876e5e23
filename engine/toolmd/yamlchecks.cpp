#include "toolmd/yamlchecks.h"

#include <algorithm>

namespace tw::engine {

// The first key that appears twice in one mapping, anywhere in the tree.
std::optional<DuplicateKey> duplicateKey(const YamlNode &node)
{
    if (node.isMap()) {
        // The keys sorted by text (then position): a duplicate is a neighbour. The earliest
        // second occurrence in document order is the one reported.
        std::vector<std::pair<std::string_view, size_t>> keys;
        keys.reserve(node.mapSize());
        for (size_t i = 0; i < node.mapSize(); ++i) {
            if (node.key(i).isScalar())
                keys.emplace_back(node.key(i).scalar, i);
        }
        std::sort(keys.begin(), keys.end());
        std::optional<std::pair<size_t, size_t>> first; // (first, second) map indexes
        for (size_t k = 1; k < keys.size(); ++k) {
            if (keys[k].first == keys[k - 1].first && (!first || keys[k].second < first->second)) {
                size_t j = k - 1; // the first occurrence of this key
                while (j > 0 && keys[j - 1].first == keys[k].first)
                    --j;
                first.emplace(keys[j].second, keys[k].second);
            }
        }
        for (size_t i = 0; i < node.mapSize(); ++i) {
            if (first && i == first->second)
                return DuplicateKey{node.key(i).scalar, node.key(first->first).line, node.key(i).line};
            if (auto d = duplicateKey(node.value(i)))
                return d;
        }
    } else if (node.isSequence()) {
        for (const YamlNode &item : node.items)
            if (auto d = duplicateKey(item))
                return d;
    }
    return std::nullopt;
}

// yaml-cpp folds the next line into a plain scalar even when that line is not indented past
// the scalar's key, and takes a bare word on its own line for a key without a value; the
// platform's parser rejects both ("Implicit map keys need to be followed by map values"). The
// first such line (0-based in `lines`), anywhere in the tree.
std::optional<int> unindentedContinuation(const YamlNode &node, const std::vector<std::string_view> &lines)
{
    if (node.isSequence()) {
        for (const YamlNode &item : node.items)
            if (auto l = unindentedContinuation(item, lines))
                return l;
        return std::nullopt;
    }
    if (!node.isMap())
        return std::nullopt;
    for (size_t i = 0; i < node.mapSize(); ++i) {
        const YamlNode &key = node.key(i), &value = node.value(i);
        // A bare word on a line of its own is taken as a key with no value; it is not one.
        if (node.style != YamlNode::Style::Flow && key.isScalar() && key.isPlain() && key.line >= 0
            && key.line < int(lines.size())) {
            // A plain key is followed, on its line, by `:` and a space or the line's end.
            const std::string_view line = lines[size_t(key.line)];
            size_t after = size_t(key.column) + key.scalar.size();
            while (after < line.size() && (line[after] == ' ' || line[after] == '\t'))
                ++after;
            if (after >= line.size() || line[after] != ':'
                || (after + 1 < line.size() && line[after + 1] != ' ' && line[after + 1] != '\t'))
                return key.line;
        }
        if (value.isScalar() && value.isPlain() && value.line >= 0 && key.line >= 0) {
            const int column = key.column;
            // A value on the lines below its key must be indented past it.
            if (value.line > key.line && value.column <= column)
                return value.line;
            const int end = i + 1 < node.mapSize() ? node.key(i + 1).line : int(lines.size());
            for (int l = value.line + 1; l < end && l < int(lines.size()); ++l) {
                const std::string_view text = lines[size_t(l)];
                const size_t first = text.find_first_not_of(' ');
                if (first == std::string_view::npos || text[first] == '#')
                    continue;
                if (int(first) < column)
                    break; // the enclosing mapping's next line
                if (int(first) == column)
                    return l;
            }
        }
        if (auto l = unindentedContinuation(value, lines))
            return l;
    }
    return std::nullopt;
}

} // namespace tw::engine
