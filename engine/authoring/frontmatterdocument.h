#pragma once
// A TOOL.md edited without loss: changes are targeted text replacements located through the
// YAML parse, so untouched keys, key order, unknown keys, comments, quoting and block styles,
// the body bytes and the file's line endings stay exactly as they were. Each edit is verified
// by parsing the result; where a targeted edit cannot express it, only the affected key is
// re-emitted (DESIGN.md "Editing without loss"). The document keeps the parse of its bytes
// (manifest, diagnostics and YAML tree) from one change to the next: reading the manifest and
// locating keys cost no further parse, and each change is read once.

#include "toolmd/toolmdreader.h"

#include <QByteArray>
#include <QJsonValue>
#include <QStringList>

#include <memory>
#include <optional>

namespace tw::engine {

class FrontmatterDocument final
{
public:
    // nullopt (with the reason in `error`) when the bytes have no readable frontmatter.
    static std::optional<FrontmatterDocument> fromBytes(const QByteArray &bytes, Diagnostic *error = nullptr);

    QByteArray bytes() const;           // the whole file, as it would be written
    QByteArray body() const { return m_body; }
    void setBody(const QByteArray &body);
    bool usesCrlf() const { return m_crlf; }

    // The frontmatter YAML between the fences (LF line endings), for a raw YAML view.
    QString yamlText() const;
    // Replaces the frontmatter YAML as typed; refused (with the problem) when it is not valid.
    bool setYamlText(const QString &yaml, Diagnostic *error = nullptr);

    // TOOL.md as the platform reads bytes() (diagnostics labelled "TOOL.md"): read once per
    // change, on first use, and shared, so a caller may keep it past the next change.
    std::shared_ptr<const ToolMdParse> parse() const;
    // The manifest as the current text parses (diagnostics of the parse in `diagnostics`).
    ToolManifest manifest(Diagnostics *diagnostics = nullptr) const;

    // Makes the frontmatter say `target`, touching only what differs from manifest().
    void applyManifest(const ToolManifest &target);
    // One value: path {"version"} or {"inputs", "query", "type"}. Undefined removes the key.
    void setValue(const QStringList &path, const QJsonValue &value);

    // How many keys had to be re-emitted whole since loading (0 when every edit was targeted).
    int reemittedKeys() const { return m_reemitted; }

private:
    FrontmatterDocument() = default;
    void changed() { m_parse.reset(); } // after every change of the lines or the body
    std::shared_ptr<const YamlNode> yamlTree() const;
    bool trySetValue(const QStringList &path, const QJsonValue &value);
    void reemitTopLevel(const QString &key, const ToolManifest &target);
    void applyInputs(const ToolManifest &current, const ToolManifest &target);

    QByteArray m_prefix;       // BOM (if any) and the opening fence line, with its line ending
    QStringList m_lines;       // frontmatter YAML lines, without line endings
    QByteArray m_closingFence; // the closing fence line with its line ending
    QByteArray m_body;
    bool m_crlf = false;
    int m_reemitted = 0;
    mutable std::shared_ptr<const ToolMdParse> m_parse; // of bytes(); null once they changed
};

} // namespace tw::engine
