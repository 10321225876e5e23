#pragma once
// Everything a run needs besides the tool: its params with sensitive inputs left empty filled
// from the keychain, the integration environment, and the list of secret values to mask
// (DESIGN.md "Running a tool" step 1). Gathered asynchronously, as the keychain answers.

#include "run/runsettings.h"
#include "secrets/secretbinding.h"
#include "toolmd/toolmanifest.h"
#include "toolmd/toolrecord.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QProcessEnvironment>

#include <functional>

namespace tw::engine {

class SecretStore;

// A stored secret that was stored for another definition of the tool's name (secretbinding.h):
// read, but not in the params until the user says to use it.
struct HeldSecret
{
    QString input;
    QString key;   // its secret key
    QString value;
    BindingCheck check; // what changed, and the question to ask
};

struct RunInputs
{
    QJsonObject params;
    QProcessEnvironment env;    // integration variables (secrets only here)
    // The integration tokens read, by their key in the store (a run on a server sends them
    // under the server's keys; remote/remoterunexecution.h).
    QHash<QString, QString> integrationSecrets;
    QStringList secretValues;   // every secret value the run may print
    QStringList missing;        // required inputs still without a value (held secrets included)
    QStringList keychainErrors; // a keychain that could not be read, with the key
    QList<HeldSecret> held;     // stored for another definition of the tool: ask before using
    bool ok() const { return missing.isEmpty(); }

    // The user accepted a held secret: it fills its input, is masked, and is bound to `tool`
    // from now on.
    void useHeld(const HeldSecret &secret, const ToolRecord &tool);
};

// Sensitive inputs given in `params` are used as given; empty or absent ones come from the
// keychain — when the stored value was stored for this definition of the tool (a secret stored
// before bindings were recorded is adopted by the global tool); otherwise it is held, not used.
// A required input with neither a value nor a default is reported in `missing`.
void gatherRunInputs(SecretStore &store, const QString &user, const ToolRecord &tool, const QJsonObject &params,
                     const Integrations &integrations, QObject *context, std::function<void(const RunInputs &)> done);

// The params with every sensitive input's value replaced by the marker (for history, the raw
// view, presets and "copy as command").
QJsonObject maskedParams(const ToolManifest &tool, const QJsonObject &params);
// The params without sensitive inputs at all (what may be remembered or put on a command line).
QJsonObject withoutSensitive(const ToolManifest &tool, const QJsonObject &params);

// What is wrong with a params object for this tool, one entry per problem (all of them, not
// the first): a param that is no input, a value of the wrong type or outside an enum's values,
// a required input without a value. `stored` names the sensitive inputs the keychain holds,
// which count as given.
struct ParamProblem
{
    enum class Kind { Syntax, NotAnInput, Required, Null, WrongType, NotInValues };
    QString input;   // empty for a syntax error of the whole params object
    QString message; // names the field
    Kind kind = Kind::WrongType;
};
QList<ParamProblem> checkParams(const ToolManifest &tool, const QJsonObject &params, const QStringList &stored = {});

// A params object typed as JSON (the run form's raw mode, `--params`): a syntax error says
// where ("line 3, column 12: …"); text that is no object says so. Empty text is `{}`.
bool parseParamsJson(const QString &text, QJsonObject *params, QString *error);

// A word for a POSIX shell: as is when it is plain, else in single quotes.
QString shellQuote(const QString &word);
// The words of a line as a POSIX shell splits them (single and double quotes, backslashes;
// no expansion): the inverse of joining shellQuote()d words. `error` gets an unclosed quote.
QStringList splitShellWords(const QString &line, QString *error = nullptr);
// The `toolwright run` line equivalent to a run (DESIGN.md CLI); the params go in a file, so
// the line holds no values at all.
QString runCommandLine(const QString &tool, const QString &dataPath, const QString &user, const QString &runtime,
                       const QString &paramsFile);

} // namespace tw::engine
