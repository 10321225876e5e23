// `toolwright lint`: prints what engine::lintPaths reports, with the agent's budget
// (engine::checkAgentBudget, agent-budget-exceeded) over the tools it found.

#include "common.h"

#include "agent/agentview.h"
#include "catalog/catalogjson.h"
#include "catalog/lint.h"

namespace tw::app::cli {

using namespace tw::engine;

int cmdLint(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.json, o.since, o.budget}, &error))
        return usageError(error);
    const QStringList paths = o.parser.positionalArguments();
    if (paths.isEmpty())
        return usageError(QStringLiteral("lint needs at least one PATH (a tool dir, a tools dir or a DATA_PATH)"));
    int budget = 0;
    if (!agentBudget(o, &budget, &error))
        return usageError(error);
    std::optional<LintReport> report = lintPaths(paths, o.parser.value(o.since), &error);
    if (!report)
        return usageError(error);
    report->warnings += checkAgentBudget(report->tools, budget);
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

} // namespace tw::app::cli
