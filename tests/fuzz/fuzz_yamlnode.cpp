// libFuzzer target: the fast frontmatter reader against yaml-cpp and the platform reader.
// Wherever readSimpleYaml gives a tree, yaml-cpp must read the same text (with a sentinel line
// after it) to exactly the same tree: kinds, scalars, tags, styles and marks, which the editor
// locates keys by. And the platform reader (libfyaml with the `yaml` package's rules) must load
// it too, to the same values, unless a key repeats (both readers then refuse the file).
// An input that starts with a `---` line is taken as a TOOL.md and its frontmatter is used.
#include "toolmd/platformyaml.h"
#include "toolmd/toolmdreader.h"
#include "toolmd/yamlchecks.h"
#include "toolmd/yamlnode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using tw::engine::YamlNode;

namespace {

void print(const YamlNode &n, int depth)
{
    std::fprintf(stderr, "%*skind=%d style=%d tag=%s mark=%d:%d scalar=[%s]\n", depth * 2, "", int(n.kind),
                 int(n.style), n.tag.c_str(), n.line, n.column, n.scalar.c_str());
    for (const YamlNode &c : n.items)
        print(c, depth + 1);
}

// Values as JSON text, NaN spelled so that it equals itself.
QByteArray valueText(const YamlNode &node)
{
    const QJsonValue v = tw::engine::platformValue(node);
    if (v.isDouble() && std::isnan(v.toDouble()))
        return "NaN";
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string text(reinterpret_cast<const char *>(data), size);
    if (text.starts_with("---\n")) {
        const size_t close = text.find("\n---\n", 3);
        text = close == std::string::npos ? text.substr(4) : text.substr(4, close - 3);
    }
    // What the reader hands over: valid UTF-8 without NUL or CR.
    const QByteArray bytes = QByteArray::fromStdString(text);
    const std::string sentinel = "__toolwright_end_of_frontmatter__";
    // The sentinel key itself in the text is the one thing the two readings may see differently.
    if (tw::engine::firstInvalidUtf8(bytes) >= 0 || text.find('\r') != std::string::npos
        || text.find(sentinel) != std::string::npos)
        return 0;
    const std::optional<YamlNode> fast = tw::engine::readSimpleYaml(text);
    if (!fast)
        return 0;
    YamlNode slow;
    try {
        YAML::Node root = YAML::Load(text + "\n" + sentinel + ": 0\n");
        if (!root.IsMap() || !root[sentinel]) {
            std::fprintf(stderr, "the fast reader accepted what yaml-cpp does not read as a mapping\n");
            std::abort();
        }
        root.remove(sentinel);
        slow = tw::engine::toYamlNode(root);
    } catch (const YAML::Exception &e) {
        std::fprintf(stderr, "the fast reader accepted what yaml-cpp rejects: %s\n", e.what());
        print(*fast, 0);
        std::abort();
    }
    if (!(slow == *fast)) {
        std::fprintf(stderr, "the trees differ\n--- yaml-cpp:\n");
        print(slow, 0);
        std::fprintf(stderr, "--- fast reader:\n");
        print(*fast, 0);
        std::abort();
    }
    if (tw::engine::duplicateKey(*fast))
        return 0;
    tw::engine::YamlError error;
    const std::optional<YamlNode> platform = tw::engine::readPlatformYaml(text, &error);
    if (!platform) {
        std::fprintf(stderr, "the fast reader accepted what the platform reader rejects (line %d: %s)\n", error.line,
                     error.message.c_str());
        std::abort();
    }
    if (valueText(*platform) != valueText(*fast)) {
        std::fprintf(stderr, "the values differ:\nplatform: %s\nfast:     %s\n", valueText(*platform).constData(),
                     valueText(*fast).constData());
        std::abort();
    }
    return 0;
}
