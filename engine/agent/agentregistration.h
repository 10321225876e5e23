#pragma once
// What the platform's tool-loader registers with the pi coding agent for one tool, built the way
// TOOLS.md says (name, label, description, the TypeBox parameter schema of "Input Types") and
// mapped onto pi's ToolDefinition as docs/decisions.md "What the agent sees" records: the model
// is sent the description with the body after a blank line; the description alone is the tool's
// line in the system prompt's "Available tools" (pi's promptSnippet).

#include "agent/jsonstringify.h"
#include "toolmd/toolrecord.h"

#include <QString>

namespace tw::engine {

struct AgentRegistration
{
    QString name;
    QString label;
    QString description;   // what the model is sent: the description, a blank line, the body
    QString promptSnippet; // the frontmatter description, as given to pi
    JsValue parameters;    // Type.Object(...) as TypeBox 1.4 emits it
    // The parts, for sizes and for the difference an override makes.
    QString toolDescription; // the frontmatter description
    QString body;            // the body as pi reads it (line ends LF, trimmed)

    // pi's ToolDefinition fields in the order the tool-loader sets them.
    JsValue json() const;
    // The tool's line in the system prompt ("- name: snippet"), empty when pi shows none.
    QString promptLine() const;

    friend bool operator==(const AgentRegistration &, const AgentRegistration &) = default;
};

// What one tool costs every agent session: the characters of its name, the description the
// model is sent (with the body), the compact parameter schema and its prompt line, in UTF-16
// code units as JavaScript counts them; tokens estimated at 4 characters each, rounded up.
struct AgentSize
{
    qsizetype chars = 0;
    qsizetype tokens = 0;
};

AgentRegistration agentRegistration(const ToolRecord &tool);
AgentSize agentSize(const AgentRegistration &registration);
qsizetype estimateTokens(qsizetype chars);

// TOOLS.md "Input Types" through TypeBox: Type.String/Number/Boolean, an enum as Type.Union of
// Type.Literal, description and default as options, optional inputs left out of `required`.
JsValue parameterSchema(const ToolManifest &manifest);
// The body as pi's parseFrontmatter gives it: CRLF and lone CR made LF, trimmed as String.trim().
QString platformBody(const QByteArray &body);
// pi's _normalizePromptSnippet: line breaks and runs of whitespace made one space, trimmed.
QString normalizedPromptSnippet(const QString &text);

} // namespace tw::engine
