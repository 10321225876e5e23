#include "cli.h"

#include "catalog.h"
#include "catalogjson.h"
#include "datapaths.h"
#include "lint.h"
#include "locationscanner.h"
#include "overrideresolver.h"
#include "runhistory.h"
#include "runinputs.h"
#include "runlauncher.h"
#include "runsession.h"
#include "runsettings.h"
#include "sandboxpaths.h"
#include "secretbackend.h"
#include "secretbinding.h"
#include "secretfile.h"
#include "secretstore.h"
#include "seedsync.h"
#include "tooleditsession.h"
#include "toolmdreader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSocketNotifier>

#include <cstdio>
#include <iostream>
#include <string>

#include <csignal>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace tw::app {
namespace {

using namespace tw::engine;

const QStringList kSubcommands = {QStringLiteral("list"), QStringLiteral("show"), QStringLiteral("lint"),
                                  QStringLiteral("overrides"), QStringLiteral("sync"), QStringLiteral("bump"),
                                  QStringLiteral("run"), QStringLiteral("secret"), QStringLiteral("help")};

void out(const QString &text) { std::fputs(text.toUtf8().constData(), stdout); }
void err(const QString &text) { std::fputs(text.toUtf8().constData(), stderr); }

// JSON text the engine wrote (catalogjson.h), as it is, on a line of its own.
void printJsonText(const QByteArray &text)
{
    std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    std::fputc('\n', stdout);
}

void printJson(const QJsonDocument &doc) { printJsonText(doc.toJson(QJsonDocument::Compact)); }

int usageError(const QString &reason)
{
    err(QStringLiteral("toolwright: ") + reason + u'\n');
    return 2;
}

QString usageText()
{
    return QStringLiteral(
        "Usage:\n"
        "  toolwright [--data DIR] [--user EMAIL] [--seed DIR] [--view NAME] [--color-scheme light|dark]   start the GUI\n"
        "  toolwright list  [--data DIR] [--user EMAIL] [--json]\n"
        "  toolwright show  NAME [--data DIR] [--user EMAIL] [--json]\n"
        "  toolwright lint  PATH... [--since REV] [--json]\n"
        "  toolwright overrides [--data DIR] [--json]\n"
        "  toolwright sync  --seed DIR [--data DIR] [--dry-run] [--json]\n"
        "  toolwright bump  DIR [--to N]\n"
        "  toolwright run   NAME [--data DIR] [--user EMAIL] [--params JSON|@file] [--runtime auto|bwrap|podman|docker] [--timeout SEC] [--trust-changed] [--json]\n"
        "  toolwright secret set|get|delete TOOL INPUT [--user EMAIL] [--data DIR]   (the value on stdin for set)\n"
        "  toolwright secret status                     which secret store is in use, and whether it works\n"
        "  run and secret take [--store keychain|file] [--passphrase-fd N] (default: Settings → Secrets)\n"
        "  toolwright --version\n"
        "--data defaults to $DATA_PATH, then the embedded default data dir.\n"
        "Exit codes: 0 ok, 1 the thing checked reported failure, 2 usage or environment error.\n");
}

// A parser for one subcommand. Returns false (with the exit code in `code`) on bad usage.
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
    QCommandLineOption to{QStringLiteral("to"), QStringLiteral("The new version."), QStringLiteral("N")};
    QCommandLineOption params{QStringLiteral("params"), QStringLiteral("Input values: a JSON object or @file."),
                              QStringLiteral("JSON")};
    QCommandLineOption runtime{QStringLiteral("runtime"), QStringLiteral("auto, bwrap, podman or docker (default: Settings → Runtime)."),
                               QStringLiteral("NAME")};
    QCommandLineOption timeout{QStringLiteral("timeout"), QStringLiteral("Seconds before the run is stopped (default: the tool's run settings)."),
                               QStringLiteral("SEC")};
    QCommandLineOption trustChanged{QStringLiteral("trust-changed"),
                                    QStringLiteral("Use stored secrets for a tool that is not the one they were stored for (and bind them to it).")};

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

// --data / $DATA_PATH / embedded default; the embedded default is prepared on first use.
bool openDataPath(const Options &o, QString *dataPath, QString *error)
{
    const QString explicitPath = o.parser.value(o.data);
    const bool embedded = explicitPath.isEmpty() && qEnvironmentVariableIsEmpty("DATA_PATH");
    *dataPath = resolveDataPath(explicitPath);
    if (embedded) {
        const QStringList problems = prepareEmbeddedDataPath(*dataPath, defaultUserEmail());
        for (const QString &p : problems)
            err(QStringLiteral("toolwright: warning: ") + p + u'\n');
    }
    if (!QFileInfo(*dataPath).isDir()) {
        *error = QStringLiteral("data dir %1 does not exist").arg(*dataPath);
        return false;
    }
    return true;
}

QString badges(const ToolRecord &t, const ToolRecord *overridden)
{
    QStringList b;
    if (overridden)
        b.append(QStringLiteral("shadows global v%1").arg(overridden->manifest.version));
    int errors = 0, warnings = 0;
    for (const Diagnostic &d : t.diagnostics) {
        errors += d.severity == Severity::Error;
        warnings += d.severity == Severity::Warning;
    }
    if (errors)
        b.append(QStringLiteral("%1 error(s)").arg(errors));
    if (warnings)
        b.append(QStringLiteral("%1 warning(s)").arg(warnings));
    return b.join(QStringLiteral(", "));
}

int cmdList(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json}, &error))
        return usageError(error);
    if (!o.parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("list takes no arguments (got %1)").arg(o.parser.positionalArguments().first()));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QString user = o.parser.value(o.user);
    const Catalog catalog = scanForUser(dataPath, user);
    if (!user.isEmpty() && !catalog.userLocation(user))
        err(QStringLiteral("toolwright: warning: %1 has no user directory in %2; showing global tools\n").arg(user, dataPath));
    const EffectiveSet set = resolveEffective(catalog, user);
    if (o.parser.isSet(o.json)) {
        printJsonText(effectiveSetJsonText(catalog.dataPath, set));
        return 0;
    }
    qsizetype width = 4;
    for (const EffectiveTool &e : set.tools)
        width = std::max(width, e.tool.manifest.name.size());
    out(QStringLiteral("%1  %2  %3  %4\n").arg(QStringLiteral("NAME"), -int(width)).arg(QStringLiteral("VERSION"), -7)
            .arg(QStringLiteral("SCOPE"), -6).arg(QStringLiteral("LABEL")));
    for (const EffectiveTool &e : set.tools) {
        const QString extra = badges(e.tool, e.overridden ? &*e.overridden : nullptr);
        out(QStringLiteral("%1  %2  %3  %4%5\n")
                .arg(e.tool.manifest.name, -int(width))
                .arg(e.tool.manifest.version, -7)
                .arg(scopeName(e.tool.scope), -6)
                .arg(e.tool.manifest.label, extra.isEmpty() ? QString() : QStringLiteral("  [") + extra + u']'));
    }
    for (const ShadowedTool &s : set.shadowed)
        out(QStringLiteral("shadowed: %1 (%2) by %3\n").arg(s.tool.manifest.name, s.tool.dir, s.shadowedBy));
    for (const SkippedDir &s : set.skipped) {
        const QString why = s.diagnostics.isEmpty() ? s.reason : s.diagnostics.first().message;
        out(QStringLiteral("skipped: %1: %2 [%3]\n").arg(s.dir, why, s.reason));
    }
    return 0;
}

const char *requiredness(const InputSpec &in) { return in.optional ? "optional" : "required"; }

int cmdShow(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() != 1)
        return usageError(QStringLiteral("show needs exactly one tool NAME"));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QString user = o.parser.value(o.user);
    const Catalog catalog = scanForUser(dataPath, user);
    const EffectiveSet set = resolveEffective(catalog, user);
    const EffectiveTool *it = set.find(pos.first());
    if (!it) {
        err(QStringLiteral("toolwright: no tool named '%1' for %2 in %3\n")
                .arg(pos.first(), user.isEmpty() ? QStringLiteral("the global tools") : user, catalog.dataPath));
        return 1;
    }
    const ToolRecord &t = it->tool;
    const ToolRecord *overridden = it->overridden ? &*it->overridden : nullptr;
    if (o.parser.isSet(o.json)) {
        printJsonText(showJsonText(t, overridden));
        return 0;
    }
    const ToolManifest &m = t.manifest;
    QString text = QStringLiteral("%1 (%2) v%3, %4 tool%5\n")
                       .arg(m.label, m.name).arg(m.version)
                       .arg(scopeName(t.scope), t.user.isEmpty() ? QString() : QStringLiteral(" of ") + t.user);
    if (overridden)
        text += QStringLiteral("overrides global v%1 at %2\n").arg(overridden->manifest.version).arg(overridden->dir);
    text += QStringLiteral("dir: %1\nentry: %2\nlanguage: %3\n\n%4\n").arg(t.dir, t.entryName(), m.language, m.description);
    if (!m.inputs.isEmpty()) {
        text += QStringLiteral("\nInputs:\n");
        for (const InputSpec &in : m.inputs) {
            text += QStringLiteral("  %1: %2, %3").arg(in.name, inputTypeName(in.type), QLatin1StringView(requiredness(in)));
            if (in.sensitive)
                text += QStringLiteral(", sensitive");
            if (in.hasValues)
                text += QStringLiteral(", values: ") + in.values.join(u',');
            if (!in.defaultValue.isUndefined())
                text += QStringLiteral(", default: ") + compactJsonText(in.defaultValue);
            text += QStringLiteral(" — ") + in.description + u'\n';
        }
    }
    if (!t.diagnostics.isEmpty()) {
        text += QStringLiteral("\nDiagnostics:\n");
        for (const Diagnostic &d : t.diagnostics)
            text += QStringLiteral("  ") + formatDiagnostic(d) + u'\n';
    }
    text += QStringLiteral("\n") + QString::fromUtf8(t.body);
    if (!text.endsWith(u'\n'))
        text += u'\n';
    out(text);
    return 0;
}

int cmdLint(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.json, o.since}, &error))
        return usageError(error);
    const QStringList paths = o.parser.positionalArguments();
    if (paths.isEmpty())
        return usageError(QStringLiteral("lint needs at least one PATH (a tool dir, a tools dir or a DATA_PATH)"));
    const std::optional<LintReport> report = lintPaths(paths, o.parser.value(o.since), &error);
    if (!report)
        return usageError(error);
    const int exitCode = report->passed() ? 0 : 1;
    if (o.parser.isSet(o.json)) {
        printJsonText(lintJsonText(*report));
        return exitCode;
    }
    QString text;
    for (const LintSkip &s : report->skipped)
        for (const Diagnostic &d : s.dir.diagnostics)
            text += formatDiagnostic(d) + u'\n';
    for (const ToolRecord &t : report->tools)
        for (const Diagnostic &d : t.diagnostics)
            text += formatDiagnostic(d) + u'\n';
    text += QStringLiteral("%1 tool(s): %2 error(s), %3 warning(s), %4 info, %5 skipped director%6\n")
                .arg(report->tools.size()).arg(report->errors).arg(report->warnings).arg(report->infos)
                .arg(report->skipped.size())
                .arg(report->skipped.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"));
    out(text);
    return exitCode;
}

int cmdBump(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.to}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() != 1)
        return usageError(QStringLiteral("bump needs exactly one tool DIR"));
    const QString dir = QDir::cleanPath(QFileInfo(pos.first()).absoluteFilePath());
    if (!QFileInfo(dir + QStringLiteral("/TOOL.md")).isFile())
        return usageError(QStringLiteral("%1 has no TOOL.md").arg(dir));
    Diagnostic problem;
    std::optional<ToolEditSession> session = ToolEditSession::open(dir, &problem);
    if (!session)
        return usageError(formatDiagnostic(problem));
    const ToolManifest m = session->document().manifest();
    int target = m.version + 1;
    if (o.parser.isSet(o.to)) {
        bool ok = false;
        target = o.parser.value(o.to).toInt(&ok);
        if (!ok)
            return usageError(QStringLiteral("--to needs a whole number, not '%1'").arg(o.parser.value(o.to)));
        if (target <= m.version)
            return usageError(QStringLiteral("--to %1 is not above the current version %2").arg(target).arg(m.version));
    }
    // Touches only the `version:` line (or adds one after `description`).
    session->document().setValue({QStringLiteral("version")}, target);
    const ToolEditSession::SaveResult result = session->save();
    if (result.status != ToolEditSession::SaveStatus::Saved)
        return usageError(formatDiagnostic(result.diagnostic));
    out(QStringLiteral("%1: version %2 → %3\n").arg(m.name).arg(m.versionPresent ? QString::number(m.version) : QStringLiteral("none")).arg(target));
    return 0;
}

// Reads one line from the terminal with echo off, so a typed secret is not shown.
QByteArray readHiddenLine(const QString &prompt)
{
    err(prompt);
    termios old{};
    const bool tty = ::tcgetattr(STDIN_FILENO, &old) == 0;
    if (tty) {
        termios quiet = old;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    std::string line;
    std::getline(std::cin, line);
    if (tty)
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
    err(QStringLiteral("\n"));
    return QByteArray::fromStdString(line);
}

// The secret store of --store (else the settings); the encrypted file is unlocked with the
// passphrase from --passphrase-fd, else asked for on the terminal. False with a usage error.
bool openSecretStore(const Options &o, ConfiguredSecretStore *store, QString *error)
{
    if (o.parser.isSet(o.store)) {
        const QString s = o.parser.value(o.store);
        if (s != u"keychain" && s != u"file") {
            *error = QStringLiteral("unknown secret store '%1' (keychain, file)").arg(s);
            return false;
        }
        store->overrideKind(s == u"file" ? SecretStoreConfig::Kind::File : SecretStoreConfig::Kind::Keychain);
    }
    if (store->kind() != SecretStoreConfig::Kind::File)
        return true;
    EncryptedFileSecretStore &file = store->file();
    QByteArray passphrase;
    if (o.parser.isSet(o.passphraseFd)) {
        bool ok = false;
        const int fd = o.parser.value(o.passphraseFd).toInt(&ok);
        QFile in;
        if (!ok || fd < 0 || !in.open(fd, QIODevice::ReadOnly)) {
            *error = QStringLiteral("--passphrase-fd needs an open file descriptor");
            return false;
        }
        passphrase = in.readLine(4096);
        while (passphrase.endsWith('\n') || passphrase.endsWith('\r'))
            passphrase.chop(1);
    } else if (::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO)) {
        passphrase = readHiddenLine(file.exists() ? QStringLiteral("Passphrase for %1: ").arg(file.path())
                                                  : QStringLiteral("New passphrase for %1: ").arg(file.path()));
    } else {
        *error = QStringLiteral("the encrypted secret file %1 needs its passphrase: give --passphrase-fd N, or run from a terminal")
                     .arg(file.path());
        return false;
    }
    const bool ok = file.unlock(QString::fromUtf8(passphrase), error);
    passphrase.fill('\0');
    return ok;
}

// toolwright secret status: the store in use and whether it can work here. Exit 1 when not.
int secretStatus(const Options &o)
{
    ConfiguredSecretStore store;
    QString error;
    if (o.parser.isSet(o.store) || o.parser.isSet(o.passphraseFd)) {
        if (!openSecretStore(o, &store, &error))
            return usageError(error);
    }
    out(QStringLiteral("store: %1\n").arg(store.describe()));
    const KeychainBackend backend = detectKeychainBackend();
    out(QStringLiteral("keychain backend: %1\n").arg(backend.available() ? backend.description : QStringLiteral("none — ") + backend.problem));
    out(QStringLiteral("encrypted file: %1%2\n").arg(store.file().path(), store.file().exists() ? QString() : QStringLiteral(" (not created)")));
    return store.kind() == SecretStoreConfig::Kind::Keychain && !backend.available() ? 1 : 0;
}

// SIGINT, SIGTERM and SIGHUP during a run: the handler only writes the signal's number to a
// pipe; the event loop reads it and cancels the run the normal way (the tool's signal, then
// the sandbox killed, the container removed, a "cancelled" history row).
int g_signalPipe[2] = {-1, -1};

void forwardSignal(int signal)
{
    const int saved = errno;
    const char byte = char(signal);
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &byte, 1);
    errno = saved;
}

// Calls `onSignal` (on the event loop) for each SIGINT, SIGTERM or SIGHUP from now on.
void watchTerminationSignals(QObject *context, const std::function<void(int)> &onSignal)
{
    if (g_signalPipe[0] < 0 && ::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    struct sigaction action{};
    action.sa_handler = forwardSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
        ::sigaction(sig, &action, nullptr);
    auto *notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, context);
    QObject::connect(notifier, &QSocketNotifier::activated, context, [onSignal] {
        char byte = 0;
        while (::read(g_signalPipe[0], &byte, 1) == 1)
            onSignal(int(byte));
    });
}

int cmdRun(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json, o.params, o.runtime, o.timeout, o.trustChanged, o.store, o.passphraseFd}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() != 1)
        return usageError(QStringLiteral("run needs exactly one tool NAME"));
    double timeoutSec = 0;
    if (o.parser.isSet(o.timeout)) {
        bool ok = false;
        timeoutSec = o.parser.value(o.timeout).toDouble(&ok);
        if (!ok || timeoutSec <= 0)
            return usageError(QStringLiteral("--timeout needs a positive number of seconds"));
    }
    QJsonObject params;
    bool paramsOnCommandLine = false;
    if (o.parser.isSet(o.params)) {
        QByteArray text = o.parser.value(o.params).toUtf8();
        QString paramsFile;
        paramsOnCommandLine = !text.startsWith('@');
        if (text.startsWith('@')) {
            paramsFile = QString::fromUtf8(text.mid(1));
            QFile f(paramsFile);
            if (!f.open(QIODevice::ReadOnly))
                return usageError(QStringLiteral("cannot read %1").arg(f.fileName()));
            text = f.readAll();
        }
        QString parseError;
        if (!parseParamsJson(QString::fromUtf8(text), &params, &parseError))
            return usageError(QStringLiteral("--params must be a JSON object (%1%2)").arg(paramsFile.isEmpty() ? QString() : paramsFile + QStringLiteral(": "), parseError));
    }
    const bool embedded = o.parser.value(o.data).isEmpty() && qEnvironmentVariableIsEmpty("DATA_PATH");
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    // The platform never runs a tool without a user: every run sees exactly one user's data root.
    const QString user = o.parser.isSet(o.user) ? o.parser.value(o.user) : embedded ? defaultUserEmail() : QString();
    if (user.isEmpty()) {
        const QStringList users = userDirectories(dataPath);
        return usageError(QStringLiteral("run needs --user EMAIL: a tool always runs for one user, and sees that user's data "
                                         "root only (users in %1: %2)")
                              .arg(dataPath, users.isEmpty() ? QStringLiteral("none") : users.join(QStringLiteral(", "))));
    }
    if (!isUserDirectoryName(user))
        return usageError(QStringLiteral("'%1' is not a user (a user is a directory name with an @ under DATA_PATH)").arg(user));
    const Catalog catalog = scanForUser(dataPath, user);
    const EffectiveSet set = resolveEffective(catalog, user);
    const EffectiveTool *it = set.find(pos.first());
    if (!it)
        return usageError(QStringLiteral("no tool named '%1' for %2").arg(pos.first(), user));
    const ToolRecord tool = it->tool;
    // As `secret set` says of its value: a secret on the command line is seen by every process
    // (ps, /proc/PID/cmdline). A warning, not a refusal: a tester may do it on purpose.
    if (paramsOnCommandLine) {
        for (const InputSpec &spec : tool.manifest.inputs) {
            const QJsonValue v = params.value(spec.name);
            if (spec.sensitive && !v.isUndefined() && !v.isNull() && v != QJsonValue(QString()))
                err(QStringLiteral("toolwright: warning: --params puts the sensitive input %1 on the command line, where every "
                                   "process can read it; give it in a file (--params @FILE) or store it with "
                                   "`toolwright secret set %2 %1`\n")
                        .arg(spec.name, tool.manifest.name));
        }
    }
    const QString runtimeName = o.parser.isSet(o.runtime) ? o.parser.value(o.runtime) : RuntimeConfig::load().preferred;
    if (!QStringList{QStringLiteral("auto"), QStringLiteral("bwrap"), QStringLiteral("podman"), QStringLiteral("docker")}.contains(runtimeName))
        return usageError(QStringLiteral("unknown runtime '%1' (auto, bwrap, podman, docker)").arg(runtimeName));

    ConfiguredSecretStore keychain;
    if (!openSecretStore(o, &keychain, &error))
        return usageError(error);
    // The one run path (engine/runlauncher.h); this function presents it.
    RunRequest request{tool, catalog.dataPath, user, params, runtimeName, int(timeoutSec * 1000), toolSource(catalog, tool)};
    RunLauncher launcher(std::move(request), keychain, RunHistory::defaultPath());
    RunSession &session = *launcher.session();
    const bool trustChanged = o.parser.isSet(o.trustChanged);
    launcher.setHeldSecretPolicy([trustChanged](const HeldSecret &) {
        return trustChanged ? RunLauncher::HeldAnswer::Use : RunLauncher::HeldAnswer::Refuse;
    });
    int exitCode = 2;
    QObject::connect(&launcher, &RunLauncher::refused, &launcher, [&](const QString &message) {
        exitCode = usageError(message + QStringLiteral("; run with --trust-changed to use it (and bind it to this tool)"));
        QCoreApplication::exit(exitCode);
    });
    QObject::connect(&launcher, &RunLauncher::inputsGathered, &launcher, [&](const RunInputs &inputs) {
        for (const QString &e : std::as_const(inputs.keychainErrors))
            err(QStringLiteral("toolwright: warning: keychain: %1\n").arg(e));
        // Problems are warnings, not refusals: a tester may send a wrong value on purpose to see
        // how the tool handles it.
        for (const ParamProblem &p : checkParams(tool.manifest, inputs.params))
            err(QStringLiteral("toolwright: warning: %1%2\n")
                    .arg(p.message, p.kind == ParamProblem::Kind::Required
                                        ? QStringLiteral(" (give it in --params, or store a sensitive one with `toolwright secret set`)")
                                        : QString()));
    });
    const bool json = o.parser.isSet(o.json);
    // A tool's text is data: written whole, NUL bytes included (fputs would stop at the first).
    const auto outAll = [](const QString &text) {
        const QByteArray bytes = text.toUtf8();
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    };
    QObject::connect(&session, &RunSession::eventReceived, &session, [&, json](const RunEvent &e) {
        if (json) {
            // DESIGN.md: stdout carries the runner events and the exit event only; the tool's
            // own output lines go to stderr. Update frames pass through with their "count".
            if (e.kind == RunEvent::Kind::Log)
                err(e.text + u'\n');
            else if (e.kind == RunEvent::Kind::ProtocolError)
                printJson(QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("protocol-error")},
                                                    {QStringLiteral("message"), e.message}}));
            else if (e.json.isEmpty()) // an error of the parser's own (an event dropped as too large)
                printJson(QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("error")},
                                                    {QStringLiteral("message"), e.message}}));
            else
                printJson(QJsonDocument(e.json));
            std::fflush(stdout);
            return;
        }
        switch (e.kind) {
        case RunEvent::Kind::Update: outAll(QStringLiteral("… ") + eventContentText(e) + u'\n'); break;
        case RunEvent::Kind::Log: err(e.text + u'\n'); break;
        case RunEvent::Kind::ProtocolError: err(QStringLiteral("toolwright: ") + e.message + u'\n'); break;
        case RunEvent::Kind::Result:
        case RunEvent::Kind::Error: break; // reported with the outcome
        }
        std::fflush(stdout);
    });
    watchTerminationSignals(&session, [&session](int signal) {
        err(QStringLiteral("toolwright: SIG%1: cancelling the run\n").arg(QString::fromLatin1(sigabbrev_np(signal))));
        session.cancel();
    });
    RunOutcome outcome;
    QObject::connect(&session, &RunSession::finished, &session, [&](const RunOutcome &r) { outcome = r; });
    // The outcome is told once the history has it (or says why not).
    QObject::connect(&launcher, &RunLauncher::recorded, &launcher, [&](const RunRecord &, qint64 id, const QString &historyError) {
        const RunOutcome &r = outcome;
        exitCode = r.state == RunState::Result ? 0 : r.state == RunState::Failed ? 2 : 1;
        if (id <= 0)
            err(QStringLiteral("toolwright: warning: run history: %1\n").arg(historyError));
        if (json) {
            printJson(QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("exit")},
                                                {QStringLiteral("state"), runStateName(r.state)},
                                                {QStringLiteral("code"), exitCode},
                                                {QStringLiteral("duration_ms"), r.durationMs},
                                                {QStringLiteral("runtime"), session.runtimeName()},
                                                {QStringLiteral("message"), r.message},
                                                {QStringLiteral("network"), r.network},
                                                {QStringLiteral("limits"), limitsJson(r)}}));
        } else if (r.state == RunState::Result || r.state == RunState::ToolError) {
            outAll(outcomeText(r) + u'\n');
            if (r.state == RunState::ToolError)
                err(QStringLiteral("toolwright: the tool reported an error (isError)\n"));
        } else {
            err(QStringLiteral("toolwright: run %1: %2\n").arg(runStateName(r.state), r.message));
        }
        std::fflush(stdout);
        QCoreApplication::exit(exitCode);
    });
    QTimer::singleShot(0, &launcher, &RunLauncher::launch);
    QCoreApplication::exec();
    return exitCode;
}

// The tool `secret set` binds a secret to (secretbinding.h): NAME among USER's tools in --data,
// else $DATA_PATH, else the embedded default data dir if it exists (it is not created for this).
bool toolForSecret(const Options &o, const QString &user, const QString &name, ToolRecord *tool)
{
    const QString dataPath = resolveDataPath(o.parser.value(o.data));
    if (!QFileInfo(dataPath).isDir())
        return false;
    const EffectiveSet set = resolveEffective(scanForUser(dataPath, user), user);
    const EffectiveTool *found = set.find(name);
    if (found)
        *tool = found->tool;
    return found;
}

// toolwright secret set|get|delete TOOL INPUT [--user EMAIL] [--data DIR]: the keychain entry of
// DESIGN.md "Secrets". The value is read from stdin for `set` (never an argument), printed by
// `get`; `set` binds it to the tool TOOL is for USER now, `delete` removes that binding too.
int cmdSecret(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.user, o.data, o.store, o.passphraseFd}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() == 1 && pos[0] == u"status")
        return secretStatus(o);
    const QStringList verbs = {QStringLiteral("set"), QStringLiteral("get"), QStringLiteral("delete")};
    if (pos.size() == 4 && pos[0] == u"set")
        return usageError(QStringLiteral("usage: toolwright secret set TOOL INPUT: the value is read from stdin, never "
                                         "taken from the command line (where every process could see it)"));
    if (pos.size() != 3 || !verbs.contains(pos[0]))
        return usageError(QStringLiteral("usage: toolwright secret set|get|delete TOOL INPUT [--user EMAIL]"));
    for (const QString &part : {pos[1], pos[2]}) {
        if (part.isEmpty() || part.contains(u'/'))
            return usageError(QStringLiteral("'%1' is not a tool or input name").arg(part));
    }
    const QString user = o.parser.isSet(o.user) ? o.parser.value(o.user) : defaultUserEmail();
    if (user.isEmpty() || user.contains(u'/'))
        return usageError(QStringLiteral("'%1' is not a user").arg(user));
    const QString key = secretKey(user, pos[1], pos[2]);
    ConfiguredSecretStore keychain;
    if (!openSecretStore(o, &keychain, &error))
        return usageError(error);
    const QString where = keychain.kind() == SecretStoreConfig::Kind::File
        ? QStringLiteral("encrypted file %1, key %2").arg(keychain.file().path(), key)
        : QStringLiteral("keychain (service %1, key %2)").arg(kKeychainService, key);
    SecretResult r;
    if (pos[0] == u"set") {
        QByteArray value;
        if (::isatty(STDIN_FILENO)) {
            value = readHiddenLine(QStringLiteral("Value for %1 (not shown): ").arg(key));
        } else {
            QFile in;
            if (!in.open(stdin, QIODevice::ReadOnly))
                return usageError(QStringLiteral("cannot read the value from stdin"));
            value = in.readAll();
        }
        if (value.endsWith('\n'))
            value.chop(1); // `echo token | toolwright secret set …` stores the token alone
        if (value.endsWith('\r'))
            value.chop(1);
        if (value.isEmpty())
            return usageError(QStringLiteral("no value on stdin (pipe it in: toolwright secret set TOOL INPUT < file)"));
        r = keychain.writeNow(key, QString::fromUtf8(value));
        ToolRecord tool;
        if (r.ok() && toolForSecret(o, user, pos[1], &tool)) {
            SecretBinding::record(key, tool);
        } else if (r.ok()) {
            SecretBinding::forget(key);
            err(QStringLiteral("toolwright: note: no tool %1 for %2 in %3: the secret is bound to no tool yet (the global %1 "
                               "takes it at its first run; a user's copy asks first)\n")
                    .arg(pos[1], user, resolveDataPath(o.parser.value(o.data))));
        }
    } else if (pos[0] == u"get") {
        r = keychain.readNow(key);
        if (r.ok()) {
            out(r.value + u'\n');
            return 0;
        }
    } else {
        r = keychain.removeNow(key);
        if (r.ok())
            SecretBinding::forget(key);
    }
    if (r.status == SecretResult::Status::NotFound) {
        err(QStringLiteral("toolwright: no secret stored for %1\n").arg(key));
        return 1;
    }
    if (!r.ok())
        return usageError(QStringLiteral("%1: %2").arg(where, r.error));
    return 0;
}

int cmdOverrides(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.json}, &error))
        return usageError(error);
    if (!o.parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("overrides takes no arguments"));
    if (!openDataPath(o, &dataPath, &error))
        return usageError(error);
    const QList<OverrideRow> rows = resolveOverrides(scanDataPath(dataPath));
    if (o.parser.isSet(o.json)) {
        printJson(QJsonDocument(overridesJson(rows)));
        return 0;
    }
    QString text;
    for (const OverrideRow &r : rows) {
        text += r.name + (r.global ? QStringLiteral(": global v%1").arg(r.global->manifest.version)
                                   : QStringLiteral(": user-only"));
        for (const ToolRecord &u : r.users)
            text += QStringLiteral(", %1 v%2").arg(u.user).arg(u.manifest.version);
        text += u'\n';
    }
    out(text);
    return 0;
}

int cmdSync(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.seed, o.data, o.dryRun, o.json}, &error))
        return usageError(error);
    if (!o.parser.isSet(o.seed))
        return usageError(QStringLiteral("sync needs --seed DIR"));
    const QString seed = QDir::cleanPath(QFileInfo(o.parser.value(o.seed)).absoluteFilePath());
    if (!QFileInfo(seed).isDir())
        return usageError(QStringLiteral("seed dir %1 does not exist").arg(seed));
    dataPath = resolveDataPath(o.parser.value(o.data));
    if (!QFileInfo(dataPath).isDir())
        return usageError(QStringLiteral("data dir %1 does not exist").arg(dataPath));
    const QList<SyncAction> plan = planSync(seed, dataPath);
    SyncResult result;
    if (!o.parser.isSet(o.dryRun))
        result = applySync(plan, seed, dataPath);
    if (o.parser.isSet(o.json)) {
        QJsonArray actions;
        for (const SyncAction &a : plan) {
            actions.append(QJsonObject{{QStringLiteral("dir"), a.dir},
                                       {QStringLiteral("action"), syncActionName(a.action)},
                                       {QStringLiteral("seed_version"), a.seedVersion},
                                       {QStringLiteral("target_version"),
                                        a.targetVersion ? QJsonValue(*a.targetVersion) : QJsonValue(QJsonValue::Null)}});
        }
        printJson(QJsonDocument(QJsonObject{{QStringLiteral("actions"), actions}}));
    } else {
        QString text;
        for (const SyncAction &a : plan) {
            text += QStringLiteral("%1  %2  seed v%3, installed %4: %5\n")
                        .arg(syncActionName(a.action), -10).arg(a.dir).arg(a.seedVersion)
                        .arg(a.targetVersion ? QStringLiteral("v%1").arg(*a.targetVersion) : QStringLiteral("none"),
                             syncActionReason(a));
        }
        out(text);
    }
    for (const SyncAction &a : plan) {
        for (const Diagnostic &d : a.notes)
            err(QStringLiteral("toolwright: warning: ") + formatDiagnostic(d) + u'\n');
        if (a.contentDiffers)
            err(QStringLiteral("toolwright: warning: %1: the seed changed but version %2 was not bumped; "
                               "the sync skips it [version-not-bumped]\n").arg(a.dir).arg(a.seedVersion));
    }
    for (const QString &e : result.errors)
        err(QStringLiteral("toolwright: sync: ") + e + u'\n');
    return result.errors.isEmpty() ? 0 : 1;
}

} // namespace

bool isCliInvocation(const QStringList &args)
{
    if (args.isEmpty())
        return false;
    // A first word that is not an option is a subcommand (unknown ones get a usage error);
    // options alone (`--data DIR`) belong to the GUI.
    const QString &first = args.first();
    return !first.startsWith(u'-') || first == u"--version" || first == u"-v" || first == u"--help" || first == u"-h";
}

int runCli(const QStringList &args)
{
    const QString cmd = args.first();
    const QStringList rest = args.mid(1);
    if (cmd == u"--version" || cmd == u"-v") {
        out(QStringLiteral("toolwright " TOOLWRIGHT_VERSION "\n"));
        return 0;
    }
    if (cmd == u"--help" || cmd == u"-h" || cmd == u"help") {
        out(usageText());
        return 0;
    }
    if (cmd == u"list")
        return cmdList(rest);
    if (cmd == u"show")
        return cmdShow(rest);
    if (cmd == u"lint")
        return cmdLint(rest);
    if (cmd == u"overrides")
        return cmdOverrides(rest);
    if (cmd == u"bump")
        return cmdBump(rest);
    if (cmd == u"run")
        return cmdRun(rest);
    if (cmd == u"sync")
        return cmdSync(rest);
    if (cmd == u"secret")
        return cmdSecret(rest);
    if (kSubcommands.contains(cmd))
        return usageError(QStringLiteral("'%1' is not available in this build yet").arg(cmd));
    return usageError(QStringLiteral("unknown command '%1'; see toolwright --help").arg(cmd));
}

} // namespace tw::app
