#include "toolmd/yamlnode.h"

#include <yaml-cpp/yaml.h>

#include <QtGlobal>

#include <algorithm>
#include <cstring>

namespace tw::engine {

YamlNode toYamlNode(const YAML::Node &node)
{
    YamlNode out;
    out.tag = node.Tag();
    out.line = node.Mark().line;
    out.column = node.Mark().column;
    switch (node.Style()) {
    case YAML::EmitterStyle::Block: out.style = YamlNode::Style::Block; break;
    case YAML::EmitterStyle::Flow: out.style = YamlNode::Style::Flow; break;
    case YAML::EmitterStyle::Default: break;
    }
    switch (node.Type()) {
    case YAML::NodeType::Scalar:
        out.kind = YamlNode::Kind::Scalar;
        out.scalar = node.Scalar();
        break;
    case YAML::NodeType::Sequence:
        out.kind = YamlNode::Kind::Sequence;
        out.items.reserve(node.size());
        for (const YAML::Node &item : node)
            out.items.push_back(toYamlNode(item));
        break;
    case YAML::NodeType::Map:
        out.kind = YamlNode::Kind::Map;
        out.items.reserve(2 * node.size());
        for (const auto &kv : node) {
            out.items.push_back(toYamlNode(kv.first));
            out.items.push_back(toYamlNode(kv.second));
        }
        break;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        break;
    }
    return out;
}

namespace {

// Characters that cannot start a plain scalar, or that this reader leaves to yaml-cpp.
bool isIndicator(char c)
{
    switch (c) {
    case '-': case '?': case ':': case ',': case '[': case ']': case '{': case '}': case '#':
    case '&': case '*': case '!': case '|': case '>': case '\'': case '"': case '%': case '@': case '`':
        return true;
    default:
        return false;
    }
}

// Only spaces and then, optionally, a comment (which must follow a space).
bool onlyComment(std::string_view rest)
{
    const size_t first = rest.find_first_not_of(' ');
    return first == std::string_view::npos || (rest[first] == '#' && first > 0);
}

YamlNode scalarNode(std::string_view text, const char *tag, int line, int column)
{
    YamlNode n;
    n.line = line;
    n.column = column;
    // yaml-cpp makes a plain ~, null, Null or NULL a null node (with no tag) where it stands.
    if (tag[0] == '?' && (text == "~" || text == "null" || text == "Null" || text == "NULL"))
        return n;
    n.kind = YamlNode::Kind::Scalar;
    n.tag = tag;
    n.scalar.assign(text);
    return n;
}

// A plain scalar filling `text` up to a comment; nullopt where yaml-cpp's rules get subtle.
std::optional<std::string_view> plainScalar(std::string_view text)
{
    if (text.empty() || (isIndicator(text[0]) && !(text[0] == '-' && text.size() > 1 && text[1] != ' ')))
        return std::nullopt;
    size_t end = text.size();
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '#' && text[i - 1] == ' ') { // i > 0: text[0] is not '#'
            end = i;
            break;
        }
        if (c == ':' && (i + 1 == text.size() || text[i + 1] == ' '))
            return std::nullopt; // a second mapping value on the line: an error, yaml-cpp's to report
    }
    while (end > 0 && text[end - 1] == ' ')
        --end;
    return text.substr(0, end);
}

// A value after `key: ` or `- `: a scalar, a quoted scalar or a flow sequence, complete on the
// line. `empty` is set when the line holds no value (the value is below, or null).
bool readValue(std::string_view text, int line, int column, YamlNode &out, bool &empty)
{
    empty = false;
    if (text.empty() || text[0] == '#') {
        empty = true;
        return true;
    }
    const char c = text[0];
    if (c == '"' || c == '\'') {
        const size_t close = text.find(c, 1);
        if (close == std::string_view::npos)
            return false;
        const std::string_view inner = text.substr(1, close - 1);
        // Escapes and '' are left to yaml-cpp, as is a quote followed by another.
        if ((c == '"' && inner.find('\\') != std::string_view::npos) || !onlyComment(text.substr(close + 1))
            || (close + 1 < text.size() && text[close + 1] == c))
            return false;
        out = scalarNode(inner, "!", line, column);
        return true;
    }
    if (c == '[') {
        const size_t close = text.find(']');
        if (close == std::string_view::npos || !onlyComment(text.substr(close + 1)))
            return false;
        out = YamlNode();
        out.kind = YamlNode::Kind::Sequence;
        out.style = YamlNode::Style::Flow;
        out.tag = "?";
        out.line = line;
        out.column = column;
        const std::string_view inner = text.substr(1, close - 1);
        if (inner.find_first_not_of(' ') == std::string_view::npos)
            return true; // []
        size_t from = 0;
        while (from <= inner.size()) {
            size_t comma = inner.find(',', from);
            if (comma == std::string_view::npos)
                comma = inner.size();
            std::string_view item = inner.substr(from, comma - from);
            const size_t lead = item.find_first_not_of(' ');
            if (lead == std::string_view::npos)
                return false; // an empty item: [a,,b] or a trailing comma
            const size_t tail = item.find_last_not_of(' ');
            item = item.substr(lead, tail - lead + 1);
            for (const char ch : item) {
                if (isIndicator(ch) && ch != '-')
                    return false;
            }
            if (item[0] == '-')
                return false;
            out.items.push_back(scalarNode(item, "?", line, column + 1 + int(from + lead)));
            from = comma + 1;
        }
        return true;
    }
    const std::optional<std::string_view> plain = plainScalar(text);
    if (!plain)
        return false;
    out = scalarNode(*plain, "?", line, column);
    return true;
}

struct Open
{
    YamlNode *node;
    int indent;
    bool compact;        // a sequence at its key's own indentation
    bool pending = false; // a map whose last key has no value yet
};

// Tabs, control characters, and the characters YAML treats as breaks or does not allow
// (NEL and the C1 range, a BOM, U+2028/2029, U+FFFE/FFFF): all left to yaml-cpp.
bool hasUnusualCharacter(std::string_view text)
{
    constexpr quint64 ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    for (size_t i = 0; i < text.size(); ++i) {
        // Eight plain ASCII bytes at a time: no high bit, nothing below 0x20, no DEL.
        if (i + 8 <= text.size()) {
            quint64 w;
            std::memcpy(&w, text.data() + i, 8);
            const quint64 below20 = (w - ones * 0x20) & ~w & highs;
            const quint64 del = ((w ^ (ones * 0x7F)) - ones) & ~(w ^ (ones * 0x7F)) & highs;
            if (!(w & highs) && !below20 && !del) {
                i += 7;
                continue;
            }
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7F)
            return true;
        if (c >= 0x80) {
            const auto c1 = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
            const auto c2 = i + 2 < text.size() ? static_cast<unsigned char>(text[i + 2]) : 0;
            if ((c == 0xC2 && c1 < 0xA0) || (c == 0xEF && c1 == 0xBB && c2 == 0xBF)
                || (c == 0xE2 && c1 == 0x80 && (c2 == 0xA8 || c2 == 0xA9)) || (c == 0xEF && c1 == 0xBF && c2 >= 0xBE))
                return true;
        }
    }
    return false;
}

} // namespace

std::optional<YamlNode> readSimpleYaml(std::string_view text)
{
    if (hasUnusualCharacter(text))
        return std::nullopt;
    YamlNode root;
    std::vector<Open> stack;
    // Where yaml-cpp puts a null value: at the next token.
    auto settle = [&](Open &open, int line, int column) {
        if (open.pending) {
            YamlNode &value = open.node->items.back();
            value.line = line;
            value.column = column;
            open.pending = false;
        }
    };

    int line = -1;
    for (size_t from = 0; from <= text.size();) {
        size_t nl = text.find('\n', from);
        if (nl == std::string_view::npos)
            nl = text.size();
        const std::string_view l = text.substr(from, nl - from);
        from = nl + 1;
        ++line;
        const size_t first = l.find_first_not_of(' ');
        if (first == std::string_view::npos || l[first] == '#')
            continue;
        // A document marker (`---` or `...` at the line's start, then a space or the end) ends
        // or starts a YAML document: not a key. Left to yaml-cpp (fuzz_yamlnode: `... -:`).
        if (first == 0 && (l.starts_with("---") || l.starts_with("...")) && (l.size() == 3 || l[3] == ' '))
            return std::nullopt;
        const int n = int(first);
        const bool item = l[first] == '-' && (first + 1 == l.size() || l[first + 1] == ' ');

        if (stack.empty()) {
            if (n != 0 || item)
                return std::nullopt;
            root.kind = YamlNode::Kind::Map;
            root.style = YamlNode::Style::Block;
            root.tag = "?";
            root.line = line;
            root.items.reserve(16);
            stack.push_back({&root, 0, false});
        }
        for (;;) {
            Open &top = stack.back();
            if (n > top.indent || (n == top.indent && item && top.pending && top.node->isMap())) {
                if (!top.pending)
                    return std::nullopt; // deeper without a key above it: a continuation line
                YamlNode &child = top.node->items.back();
                child.kind = item ? YamlNode::Kind::Sequence : YamlNode::Kind::Map;
                child.style = YamlNode::Style::Block;
                child.tag = "?";
                child.line = line;
                child.column = n;
                const bool compact = n == top.indent;
                child.items.reserve(16);
                top.pending = false;
                stack.push_back({&child, n, compact});
                break;
            }
            if (n < top.indent || (top.node->isSequence() && !item)) {
                if (n == top.indent && !top.compact)
                    return std::nullopt;
                settle(top, line, n);
                stack.pop_back();
                if (stack.empty())
                    return std::nullopt;
                continue;
            }
            if (top.node->isMap() == item)
                return std::nullopt;
            settle(top, line, n);
            break;
        }

        Open &top = stack.back();
        YamlNode value;
        bool empty = false;
        if (item) {
            size_t at = first + 1;
            while (at < l.size() && l[at] == ' ')
                ++at;
            if (!readValue(l.substr(at), line, int(at), value, empty) || empty)
                return std::nullopt;
            top.node->items.push_back(std::move(value));
            continue;
        }
        // key: value — a plain key, ended by the first `:` before a space or the line's end.
        size_t colon = first;
        for (;; ++colon) {
            if (colon >= l.size())
                return std::nullopt; // a bare word: yaml-cpp's to judge
            const char c = l[colon];
            if (c == ':' && (colon + 1 == l.size() || l[colon + 1] == ' '))
                break;
            if (c == '#' || c == ',' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' || c == '\'')
                return std::nullopt;
        }
        const std::string_view key = l.substr(first, colon - first);
        // YAML caps an implicit key at 1024 characters (yaml-cpp and the platform's parser both
        // refuse a longer one); long keys are left to yaml-cpp to judge.
        if (key.empty() || isIndicator(key[0]) || key.back() == ' ' || key.size() >= 1024)
            return std::nullopt;
        size_t at = colon + 1;
        while (at < l.size() && l[at] == ' ')
            ++at;
        if (!readValue(l.substr(at), line, int(at), value, empty))
            return std::nullopt;
        top.node->items.push_back(scalarNode(key, "?", line, n));
        if (empty) {
            top.node->items.emplace_back(); // null until a deeper line makes it a map or sequence
            top.pending = true;
        } else {
            top.node->items.push_back(std::move(value));
        }
    }
    if (stack.empty())
        return std::nullopt; // nothing but comments: yaml-cpp's null document
    // A null at the very end sits where the reader's sentinel line follows the text.
    const int end = int(std::count(text.begin(), text.end(), '\n')) + 1;
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
        settle(*it, end, 0);
    return root;
}

} // namespace tw::engine
