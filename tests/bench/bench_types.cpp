// Benchmark: TypeScript in the tool editor (issue 26), offscreen, on a 2,000-line entry checked
// against a TOOL.md of 40 inputs, through the real tsserver and the editor's own path
// (ToolEditor, EntryTypeAssist, the window's TypeService on its thread). Each round
//   - types a statement with a type error into `execute` (or erases it again), key by key, and
//     times the last keystroke to the findings on screen (the editor waits 200 ms after the last
//     key, then asks): goal ≤ 500 ms;
//   - types `params.` and times the '.' to the completion list shown: goal ≤ 150 ms;
//   - watches the GUI thread's event loop while the server works (a 2 ms timer's longest gap):
//     goal: never over 50 ms;
// and the floor, measured in the same run: the same check asked of a tsserver directly (one
// change, syntactic and semantic diagnostics), blocking, with nothing of Toolwright around it.
// The tsserver's resident memory is reported. Medians over the rounds; exit 1 when a goal is
// missed. --quick (CI, a shared 2-core machine, 5 rounds) checks looser bounds: README
// "Benchmarks" says what each catches.
//
//   bench_types [--quick]

#include "benchclock.h"
#include "benchprocess.h"
#include "editing/entrytypeassist.h"
#include "editing/tooleditor.h"
#include "toolmd/toolmdreader.h"
#include "types/tooltypeproject.h"
#include "types/tsserver.h"
#include "types/typechecker.h"
#include "types/typeservice.h"

#include <Qsci/qsciscintilla.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <map>

using namespace tw;
using namespace tw::bench;

namespace {

constexpr int kInputs = 40;
constexpr int kEntryLines = 2000;

QByteArray bigToolMd()
{
    QByteArray md = "---\nname: big_tool\ndescription: Looks things up in many places at once.\nversion: 7\ninputs:\n";
    for (int i = 0; i < kInputs; ++i) {
        const QByteArray n = QByteArray::number(i);
        md += "  input_" + n + ":\n";
        switch (i % 4) {
        case 0: md += "    type: string\n"; break;
        case 1: md += "    type: number\n    optional: true\n"; break;
        case 2: md += "    type: boolean\n    optional: true\n"; break;
        case 3: md += "    type: enum\n    values: fast,deep,wide\n"; break;
        }
        md += "    description: What input " + n + " is for, in words the agent can act on.\n";
    }
    return md + "---\n# Big tool\n\nLooks things up.\n";
}

// A 2,000-line entry that checks clean: helpers of every shape, then execute reading params.
QByteArray bigEntry()
{
    QByteArray e = "import { readFileSync } from 'node:fs';\nimport { join } from 'node:path';\n\n"
                   "function ok(text: string): ToolResult {\n  return { content: [{ type: 'text', text }] };\n}\n\n";
    int lines = 7;
    for (int i = 0; lines < kEntryLines - 12; ++i) {
        const QByteArray n = QByteArray::number(i);
        e += "interface Record" + n + " {\n  id: number;\n  name: string;\n  tags: string[];\n}\n\n"
             "export function summarise" + n + "(items: Record" + n + "[], limit = 10): string {\n"
             "  const picked = items.filter((r) => r.tags.length > 0).slice(0, limit);\n"
             "  const names = picked.map((r) => `${r.id}: ${r.name}`);\n"
             "  return names.join('\\n') || join('none', String(readFileSync.length));\n}\n\n";
        lines += 13;
    }
    e += "export async function execute(_id: string, params: Params, _signal?: AbortSignal, onUpdate?: OnUpdate): Promise<ToolResult> {\n"
         "  onUpdate?.({ content: [{ type: 'text', text: 'working' }] });\n"
         "  const mode = params.input_3;\n"
         "  const limit = params.input_1 ?? 10;\n"
         "  // typed here\n"
         "  return ok(`${params.input_0} ${mode} ${limit} ${summarise0([], limit)}`);\n"
         "}\n";
    return e;
}

// The longest gap between ticks of a 2 ms timer while it runs: how long the event loop stalled.
class StallWatch final : public QObject
{
public:
    StallWatch()
    {
        m_timer.setInterval(2);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            m_longest = std::max(m_longest, double(m_last.nsecsElapsed()) / 1e6);
            m_last.start();
        });
    }
    void start()
    {
        m_longest = 0;
        m_last.start();
        m_timer.start();
    }
    double stop()
    {
        m_timer.stop();
        return m_longest;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_last;
    double m_longest = 0;
};

bool waitFor(QSignalSpy &spy, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (spy.isEmpty() && t.elapsed() < timeoutMs)
        QTest::qWait(1);
    return !spy.isEmpty();
}

// The floor: the same check asked of a tsserver directly, blocking.
double rawCheckMs(const QString &dir, const QByteArray &toolMd, const QByteArray &entry)
{
    engine::TsServer server;
    if (!server.start())
        return -1;
    engine::ToolTypeProject project(server, engine::TsServer::projectDir(QStringLiteral("bench-floor")));
    const engine::ToolManifest manifest = engine::parseToolMd(toolMd, dir + QStringLiteral("/TOOL.md")).manifest.value_or(engine::ToolManifest{});
    engine::ToolTypeSource source{manifest, dir, dir + QStringLiteral("/index.ts"), QString::fromUtf8(entry)};
    project.setSource(source);
    QObject context;
    project.check(&context, [](const engine::Diagnostics &, const QString &) {});
    server.waitForReplies(60000); // the program made once, as the editor's first check does
    std::vector<double> times;
    for (int i = 0; i < 9; ++i) {
        // As a round does: the statement with its error typed in, then erased.
        const QString typed = QStringLiteral("const wrong: number = params.input_0;\n  // typed here");
        if (i % 2 == 0)
            source.entry.replace(QStringLiteral("// typed here"), typed);
        else
            source.entry.replace(typed, QStringLiteral("// typed here"));
        QElapsedTimer t;
        t.start();
        project.setSource(source);
        project.check(&context, [](const engine::Diagnostics &, const QString &) {});
        server.waitForReplies(60000);
        times.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    return summarise(times).median;
}

struct Round
{
    double diagnostics = 0; // last key to findings shown, ms
    double completion = 0;  // '.' to list shown, ms
    double stall = 0;       // longest event-loop gap while the server worked, ms
    bool found = false;     // the typed error was reported (and gone when erased)
};

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("TOOLWRIGHT_NO_DIALOGS", "1");
    QTemporaryDir tmp;
    useTemporaryHome(tmp.path());
    QApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const int rounds = quick ? 5 : 7;

    const QString dir = tmp.path() + QStringLiteral("/tools/big_tool");
    QDir().mkpath(dir);
    const QByteArray toolMd = bigToolMd(), entry = bigEntry();
    for (const auto &[name, bytes] : {std::pair{QStringLiteral("TOOL.md"), toolMd}, std::pair{QStringLiteral("index.ts"), entry}}) {
        QFile f(dir + u'/' + name);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
            std::fprintf(stderr, "bench_types: cannot write %s\n", qPrintable(f.fileName()));
            return 2;
        }
    }
    engine::TypeService service;
    if (!service.available()) {
        std::fprintf(stderr, "bench_types: %s\n", qPrintable(service.unavailableReason()));
        return 2;
    }
    auto session = engine::ToolEditSession::open(dir);
    if (!session) {
        std::fprintf(stderr, "bench_types: the tool did not open\n");
        return 2;
    }
    ui::ToolEditor editor(std::move(*session), true);
    editor.resize(1200, 800);
    editor.show();
    ui::EntryTypeAssist *assist = nullptr;
    QElapsedTimer firstCheck;
    firstCheck.start();
    editor.setTypeService(&service);
    assist = editor.typeAssist();
    {
        QSignalSpy checked(assist, &ui::EntryTypeAssist::checkFinished);
        if (!waitFor(checked, 120000) || !assist->diagnostics().isEmpty()) {
            std::fprintf(stderr, "bench_types: the entry did not check clean (%lld findings)\n",
                         qlonglong(assist->diagnostics().size()));
            for (const engine::Diagnostic &d : assist->diagnostics())
                std::fprintf(stderr, "  %s\n", qPrintable(engine::formatDiagnostic(d)));
            return 2;
        }
    }
    const double firstMs = double(firstCheck.nsecsElapsed()) / 1e6;
    QsciScintilla *text = editor.entryEdit();
    const int typedLine = int(text->text().split(u'\n').indexOf(QStringLiteral("  // typed here")));
    StallWatch stalls;
    const QString statement = QStringLiteral("const wrong: number = params.input_0;");

    std::map<QString, std::vector<double>> figures;
    bool ok = true;
    for (int i = 0; i <= rounds; ++i) { // round 0 warms up and is not counted
        Round r;
        // Findings: type the error (or, with it there, erase it) and time the last key to them.
        text->setFocus();
        const bool erase = i % 2 == 1;
        text->setCursorPosition(typedLine, 0);
        QSignalSpy checked(assist, &ui::EntryTypeAssist::checkFinished);
        if (!erase) {
            QTest::keyClick(text, Qt::Key_Return);
            text->setCursorPosition(typedLine, 0);
            QTest::keyClicks(text, statement);
        } else {
            text->setCursorPosition(typedLine, int(statement.size()));
            for (int k = 0; k <= statement.size(); ++k)
                QTest::keyClick(text, Qt::Key_Backspace);
        }
        checked.clear(); // a check that began before the last key is for older text
        QElapsedTimer sinceLastKey;
        sinceLastKey.start();
        stalls.start();
        bool answered = false;
        while (sinceLastKey.elapsed() < 60000) {
            if (waitFor(checked, 60000) && !assist->isChecking()) {
                answered = true;
                break;
            }
        }
        r.diagnostics = double(sinceLastKey.nsecsElapsed()) / 1e6;
        r.stall = stalls.stop();
        const bool hasError = std::any_of(assist->diagnostics().cbegin(), assist->diagnostics().cend(),
                                          [](const engine::Diagnostic &d) { return d.code == u"type-error"; });
        r.found = answered && hasError == !erase;

        // Completion: `params.` on a line of its own; the '.' opens the list.
        text->setCursorPosition(typedLine, 0);
        QTest::keyClick(text, Qt::Key_Return);
        text->setCursorPosition(typedLine, 0);
        QTest::keyClicks(text, QStringLiteral("params"));
        QSignalSpy shown(assist, &ui::EntryTypeAssist::completionShown);
        QElapsedTimer sinceDot;
        sinceDot.start();
        stalls.start();
        QTest::keyClick(text, Qt::Key_Period);
        const bool listed = waitFor(shown, 60000) && assist->lastCompletions().size() == kInputs;
        r.completion = double(sinceDot.nsecsElapsed()) / 1e6;
        r.stall = std::max(r.stall, stalls.stop());
        QTest::keyClick(text, Qt::Key_Escape);
        for (int k = 0; k < 8; ++k) // "params." and its line
            QTest::keyClick(text, Qt::Key_Backspace);
        if (!r.found || !listed) {
            std::printf("FAIL: round %d: %s\n", i, !r.found ? "the findings did not follow the text" : "completion did not list the 40 inputs");
            ok = false;
        }
        if (i == 0)
            continue;
        figures[QStringLiteral("diagnostics")].push_back(r.diagnostics);
        figures[QStringLiteral("completion")].push_back(r.completion);
        figures[QStringLiteral("stall")].push_back(r.stall);
    }
    qint64 rss = 0;
    {
        QObject context;
        bool got = false;
        service.residentBytes(&context, [&](qint64 bytes) {
            rss = bytes;
            got = true;
        });
        QElapsedTimer t;
        t.start();
        while (!got && t.elapsed() < 5000)
            QTest::qWait(5);
    }
    const double floor = rawCheckMs(dir, toolMd, entry);
    auto median = [&](const char *key) { return summarise(figures[QLatin1StringView(key)]).median; };
    auto longest = [&](const char *key) {
        const auto &v = figures[QLatin1StringView(key)];
        return *std::max_element(v.begin(), v.end());
    };
    const double checkAfterDelay = median("diagnostics") - ui::EntryTypeAssist::kCheckDelayMs;
    std::printf("TypeScript benchmark: entry of %d lines, TOOL.md of %d inputs, the real tsserver, median of %d rounds\n",
                kEntryLines, kInputs, rounds);
    std::printf("%-50s %9.1f ms   (goal <= 500; %d ms of it the editor's wait for the last key)\n",
                "last keystroke to findings, median", median("diagnostics"), ui::EntryTypeAssist::kCheckDelayMs);
    std::printf("%-50s %9.1f ms\n", "last keystroke to findings, slowest", longest("diagnostics"));
    std::printf("%-50s %9.1f ms   (goal <= 150)\n", "'.' to completion list, median", median("completion"));
    std::printf("%-50s %9.1f ms\n", "'.' to completion list, slowest", longest("completion"));
    std::printf("%-50s %9.1f ms   (goal <= 50)\n", "longest event-loop stall while the server works", longest("stall"));
    std::printf("%-50s %9.1f ms\n", "floor: the same check asked of tsserver directly", floor);
    std::printf("%-50s %9.2f x\n", "findings after the wait / floor", floor > 0 ? checkAfterDelay / floor : 0.0);
    std::printf("%-50s %9.1f ms\n", "first check (server start, program made)", firstMs);
    std::printf("%-50s %9.1f MB\n", "tsserver resident memory", double(rss) / 1e6);

    // The goals (full run) or CI's bounds (--quick on a shared machine with builds around it).
    const double maxDiagnostics = quick ? 1500 : 500, maxCompletion = quick ? 600 : 150, maxStall = quick ? 150 : 50;
    if (median("diagnostics") > maxDiagnostics) {
        std::printf("FAIL: findings %.1f ms after the last key (bound %.0f)\n", median("diagnostics"), maxDiagnostics);
        ok = false;
    }
    if (median("completion") > maxCompletion) {
        std::printf("FAIL: completion %.1f ms after the '.' (bound %.0f)\n", median("completion"), maxCompletion);
        ok = false;
    }
    if (longest("stall") > maxStall) {
        std::printf("FAIL: the event loop stalled %.1f ms (bound %.0f)\n", longest("stall"), maxStall);
        ok = false;
    }
    return ok ? 0 : 1;
}
