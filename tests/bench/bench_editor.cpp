// Benchmark: typing in the tool editor, offscreen, on a big tool: a TOOL.md of about 50 KB with
// 40 inputs and a 2,000-line entry file. Each round opens a fresh editor and measures
//   - per keystroke in the form (the description field) and in the raw YAML (an input's
//     description in the middle of the frontmatter): the key handled, the document edited and
//     read, the other views, the status and the Problems updated, and the window laid out and
//     painted — keystroke to repaint; goal: median under 8 ms, the slowest under 50 ms;
//   - the floor: the whole editor painted once as it opened (median of several), what a frame
//     costs in this process on this machine at this moment.
// Keystrokes and the floor are timed on the GUI thread's BusyClock (benchclock.h): wall time
// less the time the thread waited for a CPU, so other processes on a 2-core machine do not count
// (wall-clock figures beside them). Every round types a word and erases it again and must end
// with the bytes it started from. Medians over the rounds are reported and the goals checked on
// them (exit 1 when missed). --quick, what CI runs on a shared machine, checks the per-round
// ratios to the floor instead (their median over the rounds). Its bounds fail the editor that
// read TOOL.md 7 to 12 times per keystroke and rebuilt every view (README "Benchmarks").
//
//   bench_editor [--quick]    --quick: 5 rounds instead of 7

#include "authoring/tooleditsession.h"
#include "benchclock.h"
#include "catalog/locationscanner.h"
#include "benchprocess.h"
#include "editing/tooleditor.h"
#include "toolmd/toolmdreader.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <map>

using namespace tw::bench;

namespace {

constexpr int kInputs = 40;
constexpr int kEntryLines = 2000;

// TOOL.md: 40 inputs of every kind, long descriptions, a Markdown body; about 50 KB.
QByteArray bigToolMd()
{
    QByteArray md = "---\nname: big_tool\nlabel: Big Tool\n"
                    "description: Looks things up in many places at once and reports what it found, with sources.\n"
                    "version: 7\nlanguage: typescript\ninputs:\n";
    const QByteArray filler = "Explains what the agent passes here, in words it can act on, with an example "
                              "of a good value and what happens when it is left out.";
    for (int i = 0; i < kInputs; ++i) {
        const QByteArray n = QByteArray::number(i);
        md += "  input_" + n + ":\n";
        switch (i % 4) {
        case 0: md += "    type: string\n"; break;
        case 1: md += "    type: number\n    optional: true\n    default: " + n + "\n"; break;
        case 2: md += "    type: boolean\n    optional: true\n    default: false\n"; break;
        case 3: md += "    type: enum\n    values: fast,deep,wide\n    default: fast\n"; break;
        }
        md += "    description: Input " + n + ". " + filler + "\n";
    }
    md += "---\n\n# Big Tool\n\n";
    for (int s = 0; md.size() < 50 * 1024; ++s) {
        md += "## Section " + QByteArray::number(s) + "\n\nWhen the agent calls this tool it should pass the inputs "
              "below; each paragraph here is what it reads to learn how. *Emphasis*, `code` and "
              "[links](https://example.com) as real bodies have them.\n\n- one point\n- another point\n\n";
    }
    return md;
}

// index.ts: 2,000 lines that read every input.
QByteArray bigEntry()
{
    QByteArray ts = "export async function execute(_id: string, params: Record<string, unknown>) {\n"
                    "  const parts: string[] = [];\n";
    for (int i = 0; i < kInputs; ++i)
        ts += "  parts.push(String(params.input_" + QByteArray::number(i) + "));\n";
    while (ts.count('\n') < kEntryLines - 3)
        ts += "  if (parts.length > " + QByteArray::number(ts.count('\n')) + ") { parts.reverse(); }\n";
    ts += "  return { content: [{ type: 'text', text: parts.join(', ') }] };\n}\n";
    return ts;
}

struct Round
{
    std::vector<double> keys, keysWall;
    double floor = 0;
    quint64 parses = 0;
    bool unchanged = false; // typing and erasing gave the bytes back
};

// Puts the cursor at the end of the first line of `edit` that contains `text`.
void placeCursor(QPlainTextEdit *edit, const QString &text)
{
    QTextCursor c = edit->textCursor();
    c.setPosition(int(std::max<qsizetype>(0, edit->toPlainText().indexOf(text))));
    c.movePosition(QTextCursor::EndOfLine);
    edit->setTextCursor(c);
    edit->setFocus();
}

Round measureRound(const QString &dir)
{
    Round round;
    auto session = tw::engine::ToolEditSession::open(dir);
    if (!session)
        return round;
    const QByteArray original = session->document().bytes();
    tw::ui::ToolEditor editor(std::move(*session), true);
    editor.resize(1200, 800);
    editor.show();
    if (!QTest::qWaitForWindowExposed(&editor))
        return round;
    QCoreApplication::processEvents();

    // The floor, as the editor opened: after the typing it would carry what the typing left
    // behind (the editor that rebuilt every view on each key painted 3 times slower then).
    std::vector<double> repaints;
    for (int i = 0; i < 15; ++i) {
        BusyClock t;
        t.start();
        const QPixmap frame = editor.grab();
        repaints.push_back(t.elapsedMs());
    }
    round.floor = summarise(repaints).median;

    auto key = [&](QWidget *target, Qt::Key k) {
        BusyClock t;
        t.start();
        QTest::keyClick(target, k, Qt::NoModifier);
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(); // layout and paint
        round.keys.push_back(t.elapsedMs());
        round.keysWall.push_back(t.wallMs());
    };
    const QString word = QStringLiteral("quickly");
    auto typeAndErase = [&](QPlainTextEdit *edit) {
        for (const QChar c : word)
            key(edit, Qt::Key(c.toUpper().unicode()));
        for (qsizetype i = 0; i < word.size(); ++i)
            key(edit, Qt::Key_Backspace);
    };
    const quint64 parsesBefore = tw::engine::parseToolMdCount();
    // Twice each: 56 keystrokes a round, so one preemption moves the median little.
    for (int pass = 0; pass < 2; ++pass) {
        placeCursor(editor.descriptionEdit(), QStringLiteral("Looks things up"));
        typeAndErase(editor.descriptionEdit());
        placeCursor(editor.yamlEdit(), QStringLiteral("description: Input 20."));
        typeAndErase(editor.yamlEdit());
    }
    round.parses = tw::engine::parseToolMdCount() - parsesBefore;
    round.unchanged = editor.session().document().bytes() == original;
    return round;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("TOOLWRIGHT_NO_DIALOGS", "1");
    QTemporaryDir tmp;
    tw::bench::useTemporaryHome(tmp.path());
    QApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const int rounds = quick ? 5 : 7;

    const QString dir = tmp.path() + QStringLiteral("/tools/big_tool");
    QDir().mkpath(dir);
    const QByteArray toolMd = bigToolMd(), entry = bigEntry();
    for (const auto &[name, bytes] : {std::pair{QStringLiteral("TOOL.md"), toolMd}, std::pair{QStringLiteral("index.ts"), entry}}) {
        QFile f(dir + u'/' + name);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
            std::fprintf(stderr, "bench_editor: cannot write %s\n", qPrintable(f.fileName()));
            return 2;
        }
    }

    std::map<QString, std::vector<double>> figures;
    bool ok = true;
    for (int i = 0; i <= rounds; ++i) { // round 0 warms caches and is not counted
        const Round r = measureRound(dir);
        if (r.keys.empty()) {
            std::fprintf(stderr, "bench_editor: the editor did not open\n");
            return 2;
        }
        if (!r.unchanged) {
            std::printf("FAIL: round %d did not end with the bytes it started from\n", i);
            ok = false;
        }
        if (i == 0)
            continue;
        const Timing k = summarise(r.keys);
        const double longest = *std::max_element(r.keys.begin(), r.keys.end());
        figures[QStringLiteral("keymedian")].push_back(k.median);
        figures[QStringLiteral("keywall")].push_back(summarise(r.keysWall).median);
        figures[QStringLiteral("keymax")].push_back(longest);
        figures[QStringLiteral("floor")].push_back(r.floor);
        figures[QStringLiteral("parses")].push_back(double(r.parses) / double(r.keys.size()));
        // Ratios within the round: the same load weighs on the keys and the floor.
        figures[QStringLiteral("keyfloor")].push_back(k.median / r.floor);
        figures[QStringLiteral("maxfloor")].push_back(longest / r.floor);
    }
    // What a keystroke's reading and lint cost on their own (they run on the GUI thread: fast
    // enough there, see the figures).
    std::vector<double> reads, lints;
    for (int i = 0; i < 21; ++i) {
        BusyClock t;
        t.start();
        const auto parse = std::make_shared<const tw::engine::ToolMdParse>(tw::engine::parseToolMd(toolMd, dir + QStringLiteral("/TOOL.md")));
        reads.push_back(t.elapsedMs());
        t.start();
        const tw::engine::Diagnostics d = tw::engine::lintToolParse(dir, *parse, dir + QStringLiteral("/index.ts"), entry);
        lints.push_back(t.elapsedMs());
    }
    auto median = [&](const char *key) { return summarise(figures[QLatin1StringView(key)]).median; };
    std::printf("Editor benchmark: TOOL.md of %lld bytes with %d inputs, entry of %d lines, offscreen, "
                "median of %d rounds\n",
                qlonglong(toolMd.size()), kInputs, kEntryLines, rounds);
    std::printf("%-44s %9.2f ms   (goal < 8; wall clock %.2f ms)\n", "keystroke to repaint, median", median("keymedian"),
                median("keywall"));
    std::printf("%-44s %9.2f ms   (goal < 50)\n", "keystroke to repaint, slowest", median("keymax"));
    std::printf("%-44s %9.2f ms\n", "floor: the whole editor painted", median("floor"));
    std::printf("%-44s %9.2f x\n", "keystroke / floor (median of the rounds)", median("keyfloor"));
    std::printf("%-44s %9.2f x\n", "slowest keystroke / floor", median("maxfloor"));
    std::printf("%-44s %9.2f\n", "TOOL.md readings per keystroke", median("parses"));
    std::printf("%-44s %9.2f ms\n", "one reading of TOOL.md (parseToolMd)", summarise(reads).median);
    std::printf("%-44s %9.2f ms\n", "its lint with the entry (lintToolParse)", summarise(lints).median);

    if (quick) {
        // CI: the ratios to the floor. Bounds measured on the project machine (2 vCPUs, busy with
        // builds): see README "Benchmarks" for what each one fails.
        const double maxKeyRatio = 2.5, maxLongestRatio = 6.0;
        if (median("keyfloor") >= maxKeyRatio) {
            std::printf("FAIL: a keystroke takes %.2fx the floor (bound: %.1fx)\n", median("keyfloor"), maxKeyRatio);
            ok = false;
        }
        if (median("maxfloor") >= maxLongestRatio) {
            std::printf("FAIL: the slowest keystroke takes %.2fx the floor (bound: %.1fx)\n", median("maxfloor"),
                        maxLongestRatio);
            ok = false;
        }
    } else {
        if (median("keymedian") >= 8.0) {
            std::printf("FAIL: a keystroke takes %.2f ms (goal: under 8)\n", median("keymedian"));
            ok = false;
        }
        if (median("keymax") >= 50.0) {
            std::printf("FAIL: the slowest keystroke takes %.2f ms (goal: under 50)\n", median("keymax"));
            ok = false;
        }
    }
    std::printf(ok ? "bench_editor: goals met\n" : "bench_editor: goals missed\n");
    return ok ? 0 : 1;
}
