#include "toolmd/yamlchecks.h"

#include "toolmd/platformyaml.h"

#include <algorithm>
#include <cmath>

namespace tw::engine {
namespace {

// A key's value as the `yaml` package compares keys (scalars of the same type and value are
// equal: `1` and `01` are, `1` and `"1"` are not; NaN equals nothing), as a sortable text.
std::optional<std::string> keyIdentity(const YamlNode &key)
{
    if (key.isNull())
        return std::string("n");
    if (!key.isScalar())
        return std::nullopt; // a collection equals no other key
    // Nearly every key is a word: a string without resolving it.
    const char c = key.scalar.empty() ? '\0' : key.scalar[0];
    if (key.isQuoted() || (key.isPlain() && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
                           && std::string_view("nNtTfF").find(c) == std::string_view::npos))
        return 's' + key.scalar;
    const QJsonValue v = platformScalarValue(key);
    switch (v.type()) {
    case QJsonValue::Null: return std::string("n");
    case QJsonValue::Bool: return std::string(v.toBool() ? "b1" : "b0");
    case QJsonValue::Double:
        if (std::isnan(v.toDouble()))
            return std::nullopt;
        return 'd' + QByteArray::number(v.toDouble(), 'g', 17).toStdString();
    case QJsonValue::String: return 's' + v.toString().toStdString();
    default: return std::nullopt; // a Buffer or a Date: an object, equal to no other
    }
}

} // namespace

// The first key that appears twice in one mapping, anywhere in the tree.
std::optional<DuplicateKey> duplicateKey(const YamlNode &node)
{
    if (node.isMap()) {
        // The keys sorted by value (then position): a duplicate is a neighbour. The earliest
        // second occurrence in document order is the one reported. Keys are equal as the
        // `yaml` package compares them: scalars of the same type and value (`1` and `01` are,
        // `1` and `"1"` are not; NaN equals nothing).
        std::vector<std::pair<std::string, size_t>> keys;
        keys.reserve(node.mapSize());
        for (size_t i = 0; i < node.mapSize(); ++i) {
            if (std::optional<std::string> id = keyIdentity(node.key(i)))
                keys.emplace_back(std::move(*id), i);
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

} // namespace tw::engine
