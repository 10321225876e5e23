#include "authoring/typefixes.h"

#include "toolmd/changedspan.h"
#include "types/entrytypes.h"

#include <QRegularExpression>

namespace tw::engine {

QList<TypeFixSuggestion> typeFixSuggestions(const Diagnostic &diagnostic, const ToolManifest &manifest)
{
    QList<TypeFixSuggestion> out;
    // type-error: "Property 'x' does not exist on type 'Params'. (TS2339)": the code reads a
    // param. Declared in TOOL.md: the entry's own Params lacks it; else TOOL.md does.
    static const QRegularExpression missingOnParams(
        QStringLiteral("^Property '([^']+)' does not exist on type '([A-Za-z_$][A-Za-z0-9_$]*)'\\. \\(TS2339\\)$"));
    // params-type-mismatch: "…Property 'x' is missing in type 'ToolMdParams' but required in type …":
    // the entry's Params wants a param TOOL.md does not declare.
    static const QRegularExpression requiredByEntry(
        QStringLiteral("Property '([^']+)' is missing in type 'ToolMdParams' but required in type"));
    if (diagnostic.code == u"type-error") {
        const QRegularExpressionMatch m = missingOnParams.match(diagnostic.message);
        if (!m.hasMatch())
            return out;
        const QString name = m.captured(1), type = m.captured(2);
        const bool toolMdParams = type == u"ToolMdParams"; // the global Params: TOOL.md's own
        if (manifest.input(name)) {
            // The entry's own type for params lacks an input TOOL.md declares.
            if (!toolMdParams)
                out.append({TypeFixSuggestion::DeclareInParams, name,
                            QStringLiteral("Declare `%1` in %2").arg(name, type), 2339});
        } else if (toolMdParams || type == u"Params") {
            out.append({TypeFixSuggestion::AddInput, name,
                        QStringLiteral("Add input `%1` to TOOL.md").arg(name), 0});
        }
    } else if (diagnostic.code == u"params-type-mismatch") {
        const QRegularExpressionMatch m = requiredByEntry.match(diagnostic.message);
        if (m.hasMatch() && !manifest.input(m.captured(1)))
            out.append({TypeFixSuggestion::AddInput, m.captured(1),
                        QStringLiteral("Add input `%1` to TOOL.md").arg(m.captured(1)), 0});
    }
    return out;
}

bool addInputToToolMd(FrontmatterDocument &document, const QString &name)
{
    ToolManifest m = document.manifest();
    if (m.input(name))
        return false;
    InputSpec in;
    in.name = name;
    in.type = InputType::String;
    in.declaredType = QStringLiteral("string");
    m.inputs.append(in);
    document.applyManifest(m);
    return document.manifest().input(name) != nullptr;
}

QString withDeclaredType(const QString &entry, const QString &fixedEntry, const QString &name, const ToolManifest &manifest)
{
    const InputSpec *in = manifest.input(name);
    if (!in)
        return fixedEntry;
    const auto [head, tail] = changedSpan(entry, fixedEntry);
    const QString inserted = fixedEntry.mid(head, fixedEntry.size() - head - tail);
    const QRegularExpression member(QStringLiteral("\\b%1\\??\\s*:\\s*[^;,\\n}]+").arg(QRegularExpression::escape(name)));
    const QRegularExpressionMatch m = member.match(inserted);
    if (!m.hasMatch())
        return fixedEntry;
    QString declared = name + (in->optional ? QStringLiteral("?: ") : QStringLiteral(": ")) + inputTypeText(manifest, name);
    if (m.captured().endsWith(u' '))
        declared += u' ';
    QString out = fixedEntry;
    out.replace(head + m.capturedStart(), m.capturedLength(), declared);
    return out;
}

} // namespace tw::engine
