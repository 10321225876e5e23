// `toolwright run`: presents the one run path (engine/run/runlauncher.h) on a terminal or as JSON events.

#include "common.h"

#include "catalog/catalog.h"
#include "catalog/overrideresolver.h"
#include "run/runinputs.h"
#include "run/runlauncher.h"
#include "run/runsettings.h"
#include "run/runtime.h"
#include "sync/datapaths.h"
#include "toolmd/toollayout.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>

#include <fcntl.h>
#include <unistd.h>

namespace tw::app::cli {

using namespace tw::engine;

namespace {

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

} // namespace

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

void warnSensitiveOnCommandLine(const ToolRecord &tool, const QJsonObject &params)
{
    for (const InputSpec &spec : tool.manifest.inputs) {
        const QJsonValue v = params.value(spec.name);
        if (spec.sensitive && !v.isUndefined() && !v.isNull() && v != QJsonValue(QString()))
            err(QStringLiteral("toolwright: warning: --params puts the sensitive input %1 on the command line, where every "
                               "process can read it; give it in a file (--params @FILE) or store it with "
                               "`toolwright secret set %2 %1`\n")
                    .arg(spec.name, tool.manifest.name));
    }
}

void warnAboutInputs(const ToolRecord &tool, const RunInputs &inputs)
{
    for (const QString &e : std::as_const(inputs.keychainErrors))
        err(QStringLiteral("toolwright: warning: keychain: %1\n").arg(e));
    // Problems are warnings, not refusals: a tester may send a wrong value on purpose to see
    // how the tool handles it.
    for (const ParamProblem &p : checkParams(tool.manifest, inputs.params))
        err(QStringLiteral("toolwright: warning: %1%2\n")
                .arg(p.message, p.kind == ParamProblem::Kind::Required
                                    ? QStringLiteral(" (give it in --params, or store a sensitive one with `toolwright secret set`)")
                                    : QString()));
}

void printRunEvent(const RunEvent &e, bool json)
{
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
    case RunEvent::Kind::Update: writeWhole(stdout, QStringLiteral("… ") + terminalSafe(eventContentText(e)) + u'\n'); break;
    case RunEvent::Kind::Log: err(terminalSafe(e.text) + u'\n'); break;
    case RunEvent::Kind::ProtocolError: err(QStringLiteral("toolwright: ") + terminalSafe(e.message) + u'\n'); break;
    case RunEvent::Kind::Result:
    case RunEvent::Kind::Error: break; // reported with the outcome
    }
    std::fflush(stdout);
}

// A tool's text on a terminal: its control characters shown, never obeyed (no OSC title or
// clipboard sequence, no cursor move or carriage return that hides a line), and no invisible
// or direction-changing character (Unicode's format characters, line and paragraph
// separators). Tabs and newlines stay, but a line of the tool's that starts like one of
// Toolwright's own ("toolwright:") is marked as the tool's.
QString terminalSafe(const QString &text, bool keepNewlines)
{
    QString out;
    out.reserve(text.size());
    bool lineStart = true;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const char16_t u = c.unicode();
        if (lineStart && text.mid(i, 10).compare(QLatin1StringView("toolwright"), Qt::CaseInsensitive) == 0)
            out += QStringLiteral("[tool] ");
        lineStart = false;
        if ((u == u'\n' && keepNewlines) || u == u'\t') {
            out += c;
            lineStart = u == u'\n';
        } else if (u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0)) {
            out += QStringLiteral("\\x%1").arg(int(u), 2, 16, QLatin1Char('0'));
        } else if (c.category() == QChar::Other_Format || c.category() == QChar::Separator_Line
                   || c.category() == QChar::Separator_Paragraph) {
            out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

// The run's changes to the data root, on stderr: what was written and whether it stayed.
void printChanges(const RunOutcome &r)
{
    if (!r.changesReviewed || (r.changes.isEmpty() && r.changes.error.isEmpty() && r.changesError.isEmpty()))
        return;
    const int shown = 20;
    err(QStringLiteral("toolwright: the run %1 %2 %3 to the data root (%4 bytes)%5:\n")
            .arg(r.changesKept                                                ? QStringLiteral("kept")
                 : !r.changesError.isEmpty()                                     ? QStringLiteral("could not keep all")
                                                                                  : QStringLiteral("discarded"))
            .arg(r.changes.items.size())
            .arg(r.changes.items.size() == 1 ? QStringLiteral("change") : QStringLiteral("changes"))
            .arg(r.changes.bytes)
            .arg(r.changes.autoloadCount() ? QStringLiteral(", %1 loaded by programs by themselves").arg(r.changes.autoloadCount())
                                           : QString()));
    for (qsizetype i = 0; i < r.changes.items.size() && i < shown; ++i) {
        const RunChange &c = r.changes.items[i];
        err(QStringLiteral("  %1 %2%3%4\n")
                .arg(runChangeKindName(c.kind), -8)
                .arg(terminalSafe(c.path, false), c.autoload ? QStringLiteral("  (autoload)") : QString(),
                     c.why.isEmpty() ? QString() : QStringLiteral("  (") + terminalSafe(c.why, false) + u')'));
    }
    if (r.changes.items.size() > shown)
        err(QStringLiteral("  … and %1 more (--json lists them all)\n").arg(r.changes.items.size() - shown));
    for (const QString &e : {r.changes.error, r.changesError})
        if (!e.isEmpty())
            err(QStringLiteral("toolwright: %1\n").arg(e));
}

int printRunOutcome(const RunOutcome &r, const QString &runtime, bool json)
{
    const int exitCode = r.state == RunState::Result ? 0 : r.state == RunState::Failed ? 2 : 1;
    if (json) {
        printJson(QJsonDocument(QJsonObject{{QStringLiteral("type"), QStringLiteral("exit")},
                                            {QStringLiteral("state"), runStateName(r.state)},
                                            {QStringLiteral("code"), exitCode},
                                            {QStringLiteral("duration_ms"), r.durationMs},
                                            {QStringLiteral("runtime"), runtime},
                                            {QStringLiteral("message"), r.message},
                                            {QStringLiteral("network"), r.network},
                                            {QStringLiteral("limits"), limitsJson(r)},
                                            {QStringLiteral("changes"), changesJson(r)}}));
    } else if (r.state == RunState::Result || r.state == RunState::ToolError) {
        printChanges(r);
        writeWhole(stdout, terminalSafe(outcomeText(r)) + u'\n');
        if (r.state == RunState::ToolError)
            err(QStringLiteral("toolwright: the tool reported an error (isError)\n"));
    } else {
        printChanges(r);
        err(QStringLiteral("toolwright: run %1: %2\n").arg(runStateName(r.state), terminalSafe(r.message)));
    }
    std::fflush(stdout);
    return exitCode;
}

int cmdRun(const QStringList &args)
{
    Options o;
    QString error, dataPath;
    if (!o.parse(args, {o.data, o.user, o.json, o.params, o.runtime, o.timeout, o.changes, o.trustChanged, o.store, o.passphraseFd, o.remoteCommand}, &error))
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
    std::optional<RunChangesPolicy> changes;
    if (o.parser.isSet(o.changes)) {
        const QString v = o.parser.value(o.changes);
        changes = runChangesPolicyFromName(v);
        if (!changes || *changes == RunChangesPolicy::Ask) // no one to ask here
            return usageError(QStringLiteral("--changes is keep or discard, not '%1'").arg(v));
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
    if (RemoteTarget::looksRemote(o.parser.value(o.data))) {
        return runOnServer(o, pos.first(), params, int(timeoutSec * 1000), paramsOnCommandLine);
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
    if (paramsOnCommandLine)
        warnSensitiveOnCommandLine(tool, params);
    const QString runtimeName = o.parser.isSet(o.runtime) ? o.parser.value(o.runtime) : RuntimeConfig::load().preferred;
    if (!runtimeChoices().contains(runtimeName))
        return usageError(QStringLiteral("unknown runtime '%1' (auto, bwrap, podman, docker)").arg(runtimeName));

    ConfiguredSecretStore keychain;
    if (!openSecretStore(o, &keychain, &error))
        return usageError(error);
    // The one run path (engine/run/runlauncher.h); this function presents it.
    RunRequest request{tool, catalog.dataPath, user, params, runtimeName, int(timeoutSec * 1000), toolSource(catalog, tool)};
    request.changes = changes;
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
    QObject::connect(&launcher, &RunLauncher::inputsGathered, &launcher,
                     [&](const RunInputs &inputs) { warnAboutInputs(tool, inputs); });
    const bool json = o.parser.isSet(o.json);
    QObject::connect(&session, &RunSession::eventReceived, &session, [json](const RunEvent &e) { printRunEvent(e, json); });
    watchTerminationSignals(&session, [&session](int signal) {
        err(QStringLiteral("toolwright: SIG%1: cancelling the run\n").arg(QString::fromLatin1(sigabbrev_np(signal))));
        session.cancel();
    });
    RunOutcome outcome;
    QObject::connect(&session, &RunSession::finished, &session, [&](const RunOutcome &r) { outcome = r; });
    // The outcome is told once the history has it (or says why not).
    QObject::connect(&launcher, &RunLauncher::recorded, &launcher, [&](const RunRecord &, qint64 id, const QString &historyError) {
        if (id <= 0)
            err(QStringLiteral("toolwright: warning: run history: %1\n").arg(historyError));
        exitCode = printRunOutcome(outcome, session.runtimeName(), json);
        QCoreApplication::exit(exitCode);
    });
    QTimer::singleShot(0, &launcher, &RunLauncher::launch);
    QCoreApplication::exec();
    return exitCode;
}

} // namespace tw::app::cli
