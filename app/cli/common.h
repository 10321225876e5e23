#pragma once
// What every subcommand of the CLI shares (app/cli/<command>.cpp): printing, usage errors, the
// option parser, the data path and the secret store as the command line chooses them.

#include "remote/remoteconnection.h"
#include "secrets/configuredsecretstore.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QStringList>

#include <cstdio>
#include <functional>
#include <optional>

namespace tw::engine {
struct RunEvent;
struct RunInputs;
struct RunOutcome;
struct ToolRecord;
} // namespace tw::engine

namespace tw::app::cli {

void out(const QString &text);
void err(const QString &text);
// `text` whole, NUL bytes included (out and err stop at the first), then flushed: a tool's
// output, or what a server's command printed.
void writeWhole(FILE *stream, const QString &text);
// JSON text the engine wrote (catalogjson.h), as it is, on a line of its own.
void printJsonText(const QByteArray &text);
// A piece of a text streamed to stdout as it is written (a catalogjson.h JsonSink).
void writeStdout(QByteArrayView piece);
// A command that prints as it goes gathers its lines in `text`: printed (and emptied) once
// long, so that nothing of a platform's size is held whole.
void outWhenLong(QString &text);
void printJson(const QJsonDocument &doc);
// Prints `toolwright: <reason>` and returns the usage exit code, 2.
int usageError(const QString &reason);
QString usageText();

// A parser for one subcommand: parse() takes the options it accepts and says what is wrong.
struct Options
{
    QCommandLineParser parser;
    QCommandLineOption data{QStringLiteral("data"), QStringLiteral("DATA_PATH to use."), QStringLiteral("DIR")};
    QCommandLineOption user{QStringLiteral("user"), QStringLiteral("User whose effective tools to show."),
                            QStringLiteral("EMAIL")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Machine-readable output.")};
    QCommandLineOption seed{QStringLiteral("seed"), QStringLiteral("Seed tools directory."), QStringLiteral("DIR")};
    QCommandLineOption dryRun{QStringLiteral("dry-run"), QStringLiteral("Only show the plan.")};
    QCommandLineOption since{QStringLiteral("since"), QStringLiteral("Git revision to check version bumps against."),
                             QStringLiteral("REV")};
    QCommandLineOption types{QStringLiteral("types"),
                             QStringLiteral("Also check each entry with TypeScript against its TOOL.md, and bash/Python scripts' syntax.")};
    QCommandLineOption to{QStringLiteral("to"), QStringLiteral("The new version."), QStringLiteral("N")};
    QCommandLineOption params{QStringLiteral("params"), QStringLiteral("Input values: a JSON object or @file."),
                              QStringLiteral("JSON")};
    QCommandLineOption runtime{QStringLiteral("runtime"), QStringLiteral("auto, bwrap, podman or docker (default: Settings → Runtime)."),
                               QStringLiteral("NAME")};
    QCommandLineOption timeout{QStringLiteral("timeout"), QStringLiteral("Seconds before the run is stopped (default: the tool's run settings)."),
                               QStringLiteral("SEC")};
    QCommandLineOption changes{QStringLiteral("changes"),
                               QStringLiteral("What becomes of what the run wrote in its user's data root: keep or discard "
                                              "(default: keep for the user's own tools, discard for tools from others)."),
                               QStringLiteral("keep|discard")};
    QCommandLineOption trustChanged{QStringLiteral("trust-changed"),
                                    QStringLiteral("Use stored secrets for a tool that is not the one they were stored for (and bind them to it).")};

    QCommandLineOption remoteCommand{QStringLiteral("remote-command"),
                                     QStringLiteral("With --data ssh://…: what ssh runs on the server (default: toolwright serve --stdio)."),
                                     QStringLiteral("CMD")};

    QCommandLineOption budget{QStringLiteral("budget"), QStringLiteral("Tokens a tool may cost the agent before agent-budget-exceeded (default: Settings → Agent, 2000)."),
                              QStringLiteral("TOKENS")};

    QCommandLineOption store{QStringLiteral("store"), QStringLiteral("Where secrets live: keychain or file (default: Settings → Secrets)."),
                             QStringLiteral("STORE")};
    QCommandLineOption passphraseFd{QStringLiteral("passphrase-fd"),
                                    QStringLiteral("Read the encrypted secret file's passphrase from this file descriptor."),
                                    QStringLiteral("N")};

    Options() { parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions); }

    bool parse(const QStringList &args, const QList<QCommandLineOption> &options, QString *error)
    {
        parser.addOptions(options);
        if (!parser.parse(QStringList{QStringLiteral("toolwright")} + args)) {
            *error = parser.errorText();
            return false;
        }
        return true;
    }
};

// engine::openDataPath of --data (the one rule the GUI shares); its warnings go to stderr.
bool openDataPath(const Options &o, QString *dataPath, QString *error);
// --budget, else Settings → Agent (engine::agentBudgetTokens()); false with `error` when not a
// positive number.
bool agentBudget(const Options &o, int *tokens, QString *error);
// Reads one line from the terminal with echo off, so a typed secret is not shown.
QByteArray readHiddenLine(const QString &prompt);
// The secret store --store and --passphrase-fd choose (else Settings → Secrets), unlocked as
// the command line allows.
bool openSecretStore(const Options &o, engine::ConfiguredSecretStore *store, QString *error);

int cmdList(const QStringList &args);
int cmdShow(const QStringList &args);
int cmdLint(const QStringList &args);
int cmdBump(const QStringList &args);
int cmdRun(const QStringList &args);
int cmdSecret(const QStringList &args);
int cmdOverrides(const QStringList &args);
int cmdSync(const QStringList &args);
int cmdAgent(const QStringList &args);
int cmdServe(const QStringList &args);

// How a run is shown (run.cpp), for a run here and one on a server alike: each event, and the
// outcome (returns the exit code).
void printRunEvent(const engine::RunEvent &event, bool json);
int printRunOutcome(const engine::RunOutcome &outcome, const QString &runtime, bool json);
// A tool's text made safe for a terminal: control and invisible characters shown escaped, never
// obeyed, and a line that starts like Toolwright's own marked "[tool] " (newlines kept unless
// `keepNewlines` is false, for one-line names).
QString terminalSafe(const QString &text, bool keepNewlines = true);
// Calls `onSignal` (on the event loop) for each SIGINT, SIGTERM or SIGHUP from now on.
void watchTerminationSignals(QObject *context, const std::function<void(int)> &onSignal);
// The warnings of gathered inputs: a keychain that could not be read, a missing or wrong value.
void warnAboutInputs(const engine::ToolRecord &tool, const engine::RunInputs &inputs);
// The warning for a sensitive input given on the command line (--params JSON).
void warnSensitiveOnCommandLine(const engine::ToolRecord &tool, const QJsonObject &params);

// `run NAME --data ssh://…` (remoterun.cpp): the tool runs on the server, with this desktop's
// secrets for that server sent inside the request.
int runOnServer(const Options &o, const QString &name, const QJsonObject &params, int timeoutMs, bool paramsOnCommandLine);
// The tool NAME is for USER on the server, read as the server reads it; false with the reason
// printed.
bool serverTool(engine::RemoteConnection &connection, const QString &name, const QString &user, engine::ToolRecord *tool);
// The ssh settings for a command: `remoteCommand` (--remote-command), else
// $TOOLWRIGHT_REMOTE_COMMAND; $TOOLWRIGHT_SSH_CONFIG; who answers ssh's prompts (the terminal,
// else Toolwright's dialog on a display, else nobody: BatchMode).
engine::SshSettings sshSettingsFor(const QString &remoteCommand);

// The value of `--data` when it names a server (`ssh://…`), else nullopt.
std::optional<QString> remoteDataArgument(const QStringList &args);
// `command` with `args` run by the server's toolwright over ssh (cli/remote.cpp).
int cmdRemote(const QString &command, const QStringList &args, const QString &url);

} // namespace tw::app::cli
