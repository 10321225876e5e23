#pragma once
// A TOOL.md edited without loss: changes are targeted text replacements located through the
// YAML parse, so untouched keys, key order, unknown keys, comments, quoting and block styles,
// the body bytes and the file's line endings stay exactly as they were. Each edit is verified
// by parsing the result; where a targeted edit cannot express it, only the affected key is
// re-emitted (DESIGN.md "Editing without loss").

#include "toolmd/diagnostic.h"
#include "toolmd/toolmanifest.h"

#include <QByteArray>
#include <QJsonValue>
#include <QStringList>

#include <optional>

namespace tw::engine {

class FrontmatterDocument final
{
public:
    // nullopt (with the reason in `error`) when the bytes have no readable frontmatter.
    static std::optional<FrontmatterDocument> fromBytes(const QByteArray &bytes, Diagnostic *error = nullptr);

    QByteArray bytes() const;           // the whole file, as it would be written
    QByteArray body() const { return m_body; }
    void setBody(const QByteArray &body) { m_body = body; }
    bool usesCrlf() const { return m_crlf; }

    // The frontmatter YAML between the fences (LF line endings), for a raw YAML view.
    QString yamlText() const;
    // Replaces the frontmatter YAML as typed; refused (with the problem) when it is not valid.
    bool setYamlText(const QString &yaml, Diagnostic *error = nullptr);

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
    bool trySetValue(const QStringList &path, const QJsonValue &value);
    void reemitTopLevel(const QString &key, const ToolManifest &target);
    void applyInputs(const ToolManifest &current, const ToolManifest &target);

    QByteArray m_prefix;       // BOM (if any) and the opening fence line, with its line ending
    QStringList m_lines;       // frontmatter YAML lines, without line endings
    QByteArray m_closingFence; // the closing fence line with its line ending
    QByteArray m_body;
    bool m_crlf = false;
    int m_reemitted = 0;
};

// A scalar as YAML text in a given style: plain when it stays the same value, else quoted.
QString yamlScalar(const QJsonValue &value, QChar preferredQuote = QChar());

} // namespace tw::engine
