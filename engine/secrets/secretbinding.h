#pragma once
// Which tool definition a stored secret is for. Secrets are keyed by tool *name*
// (`<user>/<tool>/<input>`, DESIGN.md "Secrets"), and a name can come to mean another tool: a
// user's copy that now overrides the global one, planted by a hostile tool or not. So the
// definition a secret was stored for — scope and tool directory, no secret — is recorded beside
// it in QSettings (`secretBindings/<secret key>`), and a run that would fill an input from the
// store for another definition asks first (docs/decisions.md "Secrets are bound to a tool").

#include "toolmd/toolrecord.h"

#include <QString>

namespace tw::engine {

// "global:<dir>" or "user:<dir>", dir the tool directory's absolute path.
QString toolDefinition(const ToolRecord &tool);

struct SecretBinding
{
    QString definition; // toolDefinition() of the tool it was stored for; empty when none is recorded
    int version = 0;    // that tool's version then, to name it in the question

    bool isRecorded() const { return !definition.isEmpty(); }

    static SecretBinding load(const QString &secretKey);
    // Binds the secret under `secretKey` to `tool` (after storing it, or when the user accepts
    // the stored value for a changed tool).
    static void record(const QString &secretKey, const ToolRecord &tool);
    // For a secret removed, or stored for no tool that could be found.
    static void forget(const QString &secretKey);
};

// Whether a stored secret may fill `input` of `tool` without asking.
struct BindingCheck
{
    enum class Verdict {
        Matches, // stored for this very definition
        Adopt,   // none recorded (stored before bindings existed) and this is the global tool:
                 // bind it to it and use it
        Changed, // stored for another definition of this name
        Unbound, // none recorded and this is a user's copy: it might not be the tool it was stored for
    };
    Verdict verdict = Verdict::Matches;
    // For Changed and Unbound, what changed, in one sentence without a final stop:
    // "hmac_sign is now your copy v99 (user), not global v1".
    QString change;
    // The question a front end asks: "<change> — use the stored signing_key?"
    QString question;

    bool needsConsent() const { return verdict == Verdict::Changed || verdict == Verdict::Unbound; }
};

BindingCheck checkSecretBinding(const SecretBinding &stored, const ToolRecord &tool, const QString &input);

} // namespace tw::engine
