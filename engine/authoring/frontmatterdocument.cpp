#include "authoring/frontmatterdocument.h"

#include "authoring/frontmatterindex.h"
#include "authoring/yamlwriter.h"
#include "toolmd/toolmdreader.h"
#include "toolmd/toollayout.h"
#include "toolmd/utf8text.h"

#include <QJsonArray>
#include <QLoggingCategory>

#include <yaml-cpp/yaml.h>

#include <algorithm>

Q_LOGGING_CATEGORY(lcEdit, "tw.engine.edit", QtWarningMsg)

namespace tw::engine {
namespace {

// Canonical key orders: where a missing key is inserted.
const QStringList kTopOrder = {QStringLiteral("name"), QStringLiteral("label"), QStringLiteral("description"),
                               QStringLiteral("version"), QStringLiteral("language"), QStringLiteral("inputs")};
const QStringList kInputOrder = {QStringLiteral("type"), QStringLiteral("description"), QStringLiteral("optional"),
                                 QStringLiteral("sensitive"), QStringLiteral("values"), QStringLiteral("default")};

QJsonValue topValue(const ToolManifest &m, const QString &key)
{
    if (key == u"name")
        return m.name;
    if (key == u"label")
        return m.label;
    if (key == u"description")
        return m.description;
    if (key == u"version")
        return m.version;
    if (key == u"language")
        return m.language;
    return QJsonValue::Undefined;
}

bool sameInputs(const QList<InputSpec> &a, const QList<InputSpec> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const InputSpec &x = a[i], &y = b[i];
        if (x.name != y.name || x.type != y.type || x.description != y.description || x.optional != y.optional
            || x.sensitive != y.sensitive || x.values != y.values || x.defaultValue != y.defaultValue)
            return false;
    }
    return true;
}

QStringList mismatchedKeys(const ToolManifest &have, const ToolManifest &want)
{
    QStringList keys;
    for (const QString &k : {QStringLiteral("name"), QStringLiteral("label"), QStringLiteral("description"),
                             QStringLiteral("language")}) {
        if (topValue(have, k) != topValue(want, k))
            keys.append(k);
    }
    if (have.version != want.version || !have.versionPresent)
        keys.append(QStringLiteral("version"));
    if (!sameInputs(have.inputs, want.inputs))
        keys.append(QStringLiteral("inputs"));
    return keys;
}

// The first explicit tag (`!foo`, `!!str`) of the document, or "". A tag can put a value's
// content on the line after its key, where the editor's line model does not look for it: such a
// file is linted, not edited.
std::string firstExplicitTag(const YamlNode &node)
{
    if (!node.tag.empty() && node.tag != "?" && node.tag != "!")
        return node.tag;
    for (const YamlNode &item : node.items) // a mapping's keys and values, a sequence's items
        if (std::string t = firstExplicitTag(item); !t.empty())
            return t;
    return {};
}

// The node at `path` below `root`, through mappings.
const YamlNode *nodeAt(const YamlNode &root, const QStringList &path)
{
    const YamlNode *node = &root;
    for (const QString &k : path) {
        if (!node->isMap())
            return nullptr;
        const std::string key = k.toStdString();
        const YamlNode *next = nullptr;
        for (size_t i = 0; i < node->mapSize() && !next; ++i)
            if (node->key(i).isScalar() && node->key(i).scalar == key)
                next = &node->value(i);
        if (!next)
            return nullptr;
        node = next;
    }
    return node;
}

} // namespace

std::optional<FrontmatterDocument> FrontmatterDocument::fromBytes(const QByteArray &bytes, Diagnostic *error)
{
    // One read: the split, the tree and the manifest all come from it, and it stays the
    // document's parse until the first change.
    ToolMdParse parse = parseToolMd(bytes, kToolMdFile);
    for (const Diagnostic &d : parse.diagnostics) {
        if (d.severity == Severity::Skip && d.code != u"name-missing") {
            if (error)
                *error = d;
            return std::nullopt;
        }
    }
    // A fence the platform accepts only by a quirk: the YAML may begin on the opening line, the
    // body after the closing dashes, or keys the author meant as frontmatter may be body text.
    // Saving such a file keeps or spreads the quirk; it is linted, not edited, until fixed.
    for (const Diagnostic &d : parse.diagnostics) {
        if (d.code == u"fence-irregular" || d.code == u"frontmatter-cut-short") {
            if (error) {
                *error = d;
                error->severity = Severity::Error;
                error->message += QStringLiteral(". The editor does not edit such a file: fix the line first");
            }
            return std::nullopt;
        }
    }
    FrontmatterDocument doc;
    const qsizetype firstEnd = parse.yamlBegin - 1; // the opening fence's line break
    const qsizetype fenceStart = parse.yamlEnd;
    doc.m_prefix = bytes.left(parse.yamlBegin);
    const qsizetype bodyStart = bytes.size() - parse.body.size();
    doc.m_closingFence = bytes.mid(fenceStart, bodyStart - fenceStart);
    doc.m_body = parse.body;
    QByteArray yaml = bytes.mid(parse.yamlBegin, fenceStart - parse.yamlBegin);
    if (yaml.startsWith("\xEF\xBB\xBF")) {
        // A BOM right after the fence belongs to no line (both parsers skip it): it stays where it is.
        doc.m_prefix += yaml.left(3);
        yaml.remove(0, 3);
    }
    // Line endings stay as they are: all CRLF is written back as CRLF; in a file that mixes
    // them each line keeps its own (the CR stays in the line's text). A CR that ends no line
    // is a line break to YAML but not to an editor: such a file is not edited.
    // Control characters (other than tab) and a BOM inside the text are legal to YAML in places,
    // but an editor cannot show them faithfully: such a file is linted, not edited.
    for (qsizetype i = 0; i < yaml.size(); ++i) {
        const uchar c = uchar(yaml[i]);
        const bool control = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
        const bool innerBom = c == 0xEF && yaml.mid(i, 3) == "\xEF\xBB\xBF";
        if (control || innerBom) {
            if (error)
                *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                          control ? QStringLiteral("a control character (0x%1) in the frontmatter; the editor does not edit such a file")
                                        .arg(c, 2, 16, QLatin1Char('0'))
                                  : QStringLiteral("a byte order mark inside the frontmatter; the editor does not edit such a file"),
                          QString(), int(bytes.left(firstEnd + 1 + i).count('\n')) + 1};
            return std::nullopt;
        }
    }
    if (const std::string tag = parse.yaml ? firstExplicitTag(*parse.yaml) : std::string(); !tag.empty()) {
        if (error) {
            // yaml-cpp's mark of a tagged node is its content's; the line holding the `!` is the one to show.
            const qsizetype bang = yaml.indexOf(u'!');
            *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                      QStringLiteral("a YAML tag (%1) in the frontmatter; the editor does not edit such a file")
                          .arg(QString::fromStdString(tag)),
                      QString(), int(bytes.left(firstEnd + 1 + std::max<qsizetype>(bang, 0)).count('\n')) + 1};
        }
        return std::nullopt;
    }
    const qsizetype crlf = yaml.count("\r\n");
    if (yaml.count('\r') != crlf) {
        if (error) {
            const qsizetype at = [&] {
                for (qsizetype i = 0; i < yaml.size(); ++i)
                    if (yaml[i] == '\r' && (i + 1 == yaml.size() || yaml[i + 1] != '\n'))
                        return i;
                return qsizetype(0);
            }();
            *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                      QStringLiteral("a carriage return inside a line of the frontmatter; the editor needs each line to end "
                                     "with LF or CRLF"),
                      QString(), int(bytes.left(firstEnd + 1 + at).count('\n')) + 1};
        }
        return std::nullopt;
    }
    doc.m_crlf = yaml.isEmpty() ? parse.crlf : crlf > 0 && crlf == yaml.count('\n');
    QString text = QString::fromUtf8(yaml);
    if (doc.m_crlf)
        text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    if (text.endsWith(u'\n'))
        text.chop(1);
    doc.m_lines = text.isEmpty() && yaml.isEmpty() ? QStringList() : text.split(u'\n');
    if (doc.bytes() == bytes) // always, as fuzz_frontmatter checks; else it is read again
        doc.m_parse = std::make_shared<const ToolMdParse>(std::move(parse));
    return doc;
}

QByteArray FrontmatterDocument::bytes() const
{
    const QByteArray eol = m_crlf ? "\r\n" : "\n";
    QByteArray out = m_prefix;
    for (const QString &l : m_lines)
        out += l.toUtf8() + eol;
    return out + m_closingFence + m_body;
}

QString FrontmatterDocument::yamlText() const
{
    return m_lines.isEmpty() ? QString() : m_lines.join(u'\n') + u'\n';
}

bool FrontmatterDocument::setYamlText(const QString &yaml, Diagnostic *error)
{
    QString text = yaml;
    text.remove(u'\r');
    if (text.endsWith(u'\n'))
        text.chop(1);
    const QStringList lines = text.isEmpty() ? QStringList() : text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        // The platform ends the frontmatter at the first line that starts with `---` (pi 0.73.1).
        if (lines[i].startsWith(u"---")) {
            if (error)
                *error = {QStringLiteral("yaml-syntax"), Severity::Error,
                          QStringLiteral("a line starting with `---` would end the frontmatter"), QString(), int(i) + 2};
            return false;
        }
    }
    FrontmatterDocument probe = *this;
    probe.m_lines = lines;
    probe.changed();
    // The probe's parse is the one the text gets: typing YAML reads it once.
    std::shared_ptr<const ToolMdParse> parse = probe.parse();
    for (const Diagnostic &d : parse->diagnostics) {
        if (d.severity == Severity::Skip && d.code != u"name-missing") {
            if (error)
                *error = d;
            return false;
        }
    }
    m_lines = lines;
    m_parse = std::move(parse);
    return true;
}

void FrontmatterDocument::setBody(const QByteArray &body)
{
    if (body == m_body)
        return;
    m_body = body;
    changed();
}

std::shared_ptr<const ToolMdParse> FrontmatterDocument::parse() const
{
    if (!m_parse)
        m_parse = std::make_shared<const ToolMdParse>(parseToolMd(bytes(), kToolMdFile));
    return m_parse;
}

ToolManifest FrontmatterDocument::manifest(Diagnostics *diagnostics) const
{
    const std::shared_ptr<const ToolMdParse> p = parse();
    if (diagnostics)
        *diagnostics = p->diagnostics;
    return p->manifest.value_or(ToolManifest{});
}

std::shared_ptr<const YamlNode> FrontmatterDocument::yamlTree() const
{
    if (std::shared_ptr<const ToolMdParse> p = parse(); p->yaml)
        return std::shared_ptr<const YamlNode>(p, p->yaml.get());
    // Text the reader refuses (a quoted string left open at the end, a file over the size
    // limit): where yaml-cpp still reads it, its keys are found in yaml-cpp's tree.
    try {
        return std::make_shared<const YamlNode>(toYamlNode(YAML::Load(m_lines.join(u'\n').toStdString())));
    } catch (const YAML::Exception &) {
        return nullptr;
    }
}

bool FrontmatterDocument::trySetValue(const QStringList &path, const QJsonValue &value)
{
    const std::shared_ptr<const YamlNode> tree = yamlTree();
    if (!tree || (!tree->isMap() && !tree->isNull()))
        return false;
    const YamlNode &root = *tree;
    const QList<FrontmatterEntry> top = indexFrontmatter(root, m_lines);

    // Walk to the parent map of the last path element.
    const QList<FrontmatterEntry> *siblings = &top;
    const FrontmatterEntry *parent = nullptr;
    for (qsizetype i = 0; i + 1 < path.size(); ++i) {
        parent = findEntry(*siblings, path[i]);
        if (!parent || !parent->isMap || parent->flow)
            return false; // a missing or inline parent: the caller re-emits
        siblings = &parent->children;
    }
    const QString &key = path.last();
    const FrontmatterEntry *entry = findEntry(*siblings, key);
    const QStringList &order = path.size() == 1 ? kTopOrder : kInputOrder;

    if (value.isUndefined()) {
        if (entry) {
            m_lines.remove(entry->line, entry->valueEnd - entry->line + 1);
            changed();
        }
        return true;
    }
    if (entry) {
        const QString &line = m_lines[entry->line];
        // `key:` with no value (null), perhaps a comment after it: the value goes after the colon
        // (found by fuzz_frontmatter: it went to a line of its own, unindented).
        const qsizetype colon = line.indexOf(u':', entry->indent);
        const QString rest = colon >= 0 ? line.mid(colon + 1).trimmed() : QString();
        if (entry->isNull && entry->lastLine == entry->line && (rest.isEmpty() || rest.startsWith(u'#'))
            && !(value.isString() && value.toString().contains(u'\n'))) {
            if (colon >= 0) {
                m_lines[entry->line] = line.left(colon + 1) + u' ' + yamlScalar(value, QChar())
                    + (rest.isEmpty() ? QString() : u' ' + rest);
                changed();
                return true;
            }
        }
        const bool inlineScalar = !entry->isMap && !entry->isSeq && entry->valueLine == entry->line
            && entry->lastLine == entry->line;
        const bool inlineFlowSeq = entry->isSeq && entry->flow && entry->lastLine == entry->line;
        const QChar first = entry->valueCol < line.size() ? line[entry->valueCol] : QChar();
        const bool blockScalar = first == u'|' || first == u'>';
        if ((inlineScalar || inlineFlowSeq) && !blockScalar && !(value.isString() && value.toString().contains(u'\n'))) {
            const int end = scalarEnd(line, entry->valueCol);
            if (end < 0)
                return false;
            // Keep quotes the author chose; drop quotes the old value merely needed (a transient
            // trailing space while typing must not make quoting stick).
            QChar quote = first == u'"' || first == u'\'' ? first : QChar();
            if (!quote.isNull()) {
                const YamlNode *node = nodeAt(root, path);
                if (node && node->isScalar() && !plainIsSafe(utf8Text(node->scalar)))
                    quote = QChar();
            }
            m_lines[entry->line] = line.left(entry->valueCol) + yamlScalar(value, quote) + line.mid(end);
            changed();
            return true;
        }
        if (blockScalar && value.isString() && rewriteBlockScalar(m_lines, *entry, path, value.toString())) {
            changed();
            return true;
        }
        // Multi-line values: the entry is written anew, in place.
        const QStringList fresh = emitEntry(key, value, entry->indent, first == u'"' ? first : QChar());
        m_lines.remove(entry->line, entry->valueEnd - entry->line + 1);
        for (qsizetype k = 0; k < fresh.size(); ++k)
            m_lines.insert(entry->line + k, fresh[k]);
        changed();
        return true;
    }

    // A new key: after the nearest existing key that precedes it in the canonical order.
    int indent = parent ? (parent->children.isEmpty() ? parent->indent + 2 : parent->children.first().indent) : 0;
    int at = parent ? parent->lastLine + 1 : (top.isEmpty() ? int(m_lines.size()) : top.first().line);
    if (parent && parent->children.isEmpty() && parent->valueLine == parent->line
        && parent->valueCol < m_lines[parent->line].size())
        return false; // `key: null` or similar: re-emit
    for (qsizetype i = order.indexOf(key) - 1; i >= 0; --i) {
        if (const FrontmatterEntry *before = findEntry(*siblings, order[i])) {
            at = before->lastLine + 1;
            indent = before->indent;
            break;
        }
    }
    if (order.indexOf(key) < 0 && !siblings->isEmpty()) {
        at = siblings->last().lastLine + 1;
        indent = siblings->last().indent;
    }
    const QStringList fresh = emitEntry(key, value, indent);
    for (qsizetype k = 0; k < fresh.size(); ++k)
        m_lines.insert(at + k, fresh[k]);
    changed();
    return true;
}

void FrontmatterDocument::setValue(const QStringList &path, const QJsonValue &value)
{
    const QStringList before = m_lines;
    const bool readable = parse()->yaml != nullptr;
    bool placed = trySetValue(path, value);
    // An edit in place that the reader refuses where the text read before (a key after an
    // entry whose indentation the reader forgives, a value column the index got wrong: both
    // found by fuzz_frontmatter) is undone; a top-level key is then written anew.
    if (placed && readable && !parse()->yaml) {
        m_lines = before;
        changed();
        placed = false;
    }
    if (!placed && path.size() == 1) {
        // The targeted edit could not be placed: write the whole top-level key anew.
        ToolManifest target = manifest();
        if (path.size() == 1 && path.first() != u"inputs") {
            if (path.first() == u"version")
                target.version = value.toInt();
            else if (path.first() == u"name")
                target.name = value.toString();
            else if (path.first() == u"label")
                target.label = value.toString();
            else if (path.first() == u"description")
                target.description = value.toString();
            else if (path.first() == u"language")
                target.language = value.toString();
        }
        reemitTopLevel(path.first(), target);
    }
}

void FrontmatterDocument::reemitTopLevel(const QString &key, const ToolManifest &target)
{
    ++m_reemitted;
    qCDebug(lcEdit) << "re-emitting" << key;
    QStringList fresh;
    if (key == u"inputs") {
        if (!target.inputs.isEmpty()) {
            fresh.append(QStringLiteral("inputs:"));
            for (const InputSpec &in : target.inputs)
                fresh += emitInput(in, 2);
        }
    } else {
        fresh = emitEntry(key, key == u"version" ? QJsonValue(target.version) : topValue(target, key), 0);
    }
    const std::shared_ptr<const YamlNode> tree = yamlTree();
    const QList<FrontmatterEntry> top = tree ? indexFrontmatter(*tree, m_lines) : QList<FrontmatterEntry>();
    int at = int(m_lines.size());
    if (const FrontmatterEntry *e = findEntry(top, key)) {
        at = e->line;
        m_lines.remove(e->line, e->valueEnd - e->line + 1);
    } else {
        for (qsizetype i = kTopOrder.indexOf(key) - 1; i >= 0; --i) {
            if (const FrontmatterEntry *before = findEntry(top, kTopOrder[i])) {
                at = before->lastLine + 1;
                break;
            }
        }
    }
    for (qsizetype k = 0; k < fresh.size(); ++k)
        m_lines.insert(at + k, fresh[k]);
    changed();
    // Where the reader refuses the text with the key there (after a line it forgives only as
    // the last of the frontmatter, such as one beginning with `%`: found by fuzz_frontmatter),
    // the key goes first instead, before every line it could upset.
    if (tree && at > 0 && !parse()->yaml) {
        m_lines.remove(at, fresh.size());
        for (qsizetype k = 0; k < fresh.size(); ++k)
            m_lines.insert(k, fresh[k]);
        changed();
    }
}

void FrontmatterDocument::applyInputs(const ToolManifest &current, const ToolManifest &target)
{
    QStringList have, want;
    for (const InputSpec &in : current.inputs)
        have.append(in.name);
    for (const InputSpec &in : target.inputs)
        want.append(in.name);
    if (want.isEmpty()) {
        if (!have.isEmpty())
            setValue({QStringLiteral("inputs")}, QJsonValue::Undefined);
        return;
    }
    if (have != want) {
        // Structure changed: rebuild the inputs block from the kept inputs' own text (comments,
        // quoting and all) and new blocks for new inputs; properties are edited afterwards.
        const std::shared_ptr<const YamlNode> tree = yamlTree();
        if (!tree) {
            reemitTopLevel(QStringLiteral("inputs"), target);
            return;
        }
        const QList<FrontmatterEntry> top = indexFrontmatter(*tree, m_lines);
        const FrontmatterEntry *inputs = findEntry(top, QStringLiteral("inputs"));
        if (!inputs || !inputs->isMap || inputs->flow || inputs->children.isEmpty()) {
            reemitTopLevel(QStringLiteral("inputs"), target);
            return;
        }
        const int indent = inputs->children.first().indent;
        // Each input moves with the comment and blank lines leading up to it.
        auto textOf = [&](const QString &name) -> std::optional<QStringList> {
            const QList<FrontmatterEntry> &kids = inputs->children;
            for (qsizetype i = 0; i < kids.size(); ++i) {
                if (kids[i].key != name)
                    continue;
                const int from = i == 0 ? inputs->line + 1 : kids[i - 1].lastLine + 1;
                return m_lines.mid(from, kids[i].lastLine - from + 1);
            }
            return std::nullopt;
        };
        QStringList block{m_lines[inputs->line]};
        for (const InputSpec &in : target.inputs)
            block += textOf(in.name).value_or(emitInput(in, indent));
        block += m_lines.mid(inputs->children.last().lastLine + 1, inputs->lastLine - inputs->children.last().lastLine);
        m_lines.remove(inputs->line, inputs->lastLine - inputs->line + 1);
        for (qsizetype k = 0; k < block.size(); ++k)
            m_lines.insert(inputs->line + k, block[k]);
        changed();
    }
    const ToolManifest now = manifest();
    bool placed = true;
    auto edit = [&](const QStringList &path, const QJsonValue &value) { placed = placed && trySetValue(path, value); };
    for (qsizetype i = 0; i < target.inputs.size() && i < now.inputs.size() && placed; ++i) {
        const InputSpec &a = now.inputs[i];
        const InputSpec &b = target.inputs[i];
        const QStringList base{QStringLiteral("inputs"), b.name};
        if (a.type != b.type)
            edit(base + QStringList{QStringLiteral("type")}, inputTypeName(b.type));
        if (a.description != b.description)
            edit(base + QStringList{QStringLiteral("description")}, b.description);
        if (a.optional != b.optional)
            edit(base + QStringList{QStringLiteral("optional")}, b.optional);
        if (a.sensitive != b.sensitive)
            edit(base + QStringList{QStringLiteral("sensitive")}, b.sensitive);
        if (a.values != b.values || a.hasValues != b.hasValues) {
            QJsonValue v = QJsonValue::Undefined;
            if (b.hasValues || !b.values.isEmpty()) {
                // Keep the way the values were written: a list stays a list.
                const std::shared_ptr<const YamlNode> tree = yamlTree();
                const YamlNode *values = tree ? nodeAt(*tree, {QStringLiteral("inputs"), b.name, QStringLiteral("values")}) : nullptr;
                const bool wasList = values && values->isSequence();
                v = wasList ? QJsonValue(QJsonArray::fromStringList(b.values)) : QJsonValue(b.values.join(u','));
            }
            edit(base + QStringList{QStringLiteral("values")}, v);
        }
        if (a.defaultValue != b.defaultValue)
            edit(base + QStringList{QStringLiteral("default")}, b.defaultValue);
    }
}

void FrontmatterDocument::applyManifest(const ToolManifest &target)
{
    const ToolManifest current = manifest();
    if (current.name != target.name)
        setValue({QStringLiteral("name")}, target.name);
    // An absent label means the name; write one only when it says something else.
    if (current.label != target.label)
        setValue({QStringLiteral("label")},
                 target.label == target.name ? QJsonValue(QJsonValue::Undefined) : QJsonValue(target.label));
    if (current.description != target.description)
        setValue({QStringLiteral("description")}, target.description);
    if (current.version != target.version || (!current.versionPresent && target.versionPresent))
        setValue({QStringLiteral("version")}, target.version);
    if (current.language != target.language)
        setValue({QStringLiteral("language")}, target.language);
    applyInputs(current, target);

    // Verify; whatever a targeted edit got wrong is written anew, key by key.
    ToolManifest result = manifest();
    for (const QString &key : mismatchedKeys(result, target)) {
        if (key == u"version" && !target.versionPresent && !result.versionPresent)
            continue;
        if (key == u"label" && target.label == target.name && result.label == result.name)
            continue;
        reemitTopLevel(key, target);
    }
}

} // namespace tw::engine