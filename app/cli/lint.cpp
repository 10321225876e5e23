// `toolwright lint`: prints what engine::lintPathsEach reports, as it reports it, with the agent's
// budget (engine::checkAgentBudget, agent-budget-exceeded) over each tool it finds.

#include "common.h"

#include "agent/agentview.h"
#include "catalog/catalogjson.h"
#include "catalog/lint.h"
#include "types/typechecker.h"

namespace tw::app::cli {

using namespace tw::engine;

int cmdLint(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.json, o.since, o.budget, o.types}, &error))
        return usageError(error);
    const QStringList paths = o.parser.positionalArguments();
    if (paths.isEmpty())
        return usageError(QStringLiteral("lint needs at least one PATH (a tool dir, a tools dir or a DATA_PATH)"));
    int budget = 0;
    if (!agentBudget(o, &budget, &error))
        return usageError(error);
    // --types: TypeScript (and bash, python3) started once for the whole lint; without it the
    // lint is told, not skipped silently.
    std::optional<TypeChecker> types;
    if (o.parser.isSet(o.types)) {
        types.emplace();
        if (!types->start(&error))
            return usageError(QStringLiteral("lint --types: ") + error);
    }
    // Printed as found (memory flat however many tools: issue 25); the skipped directories,
    // which JSON puts after the tools, are the few kept.
    const bool json = o.parser.isSet(o.json);
    std::optional<LintJsonStream> stream;
    if (json)
        stream.emplace(writeStdout);
    QList<LintSkip> skipped;
    QString text;
    const auto printDiagnostics = [&text](const Diagnostics &diagnostics) {
        for (const Diagnostic &d : diagnostics)
            text += formatDiagnostic(d) + u'\n';
        outWhenLong(text);
    };
    const std::optional<LintCounts> counts = lintPathsEach(
        paths, o.parser.value(o.since), &error,
        [&](ToolRecord &tool) {
            checkAgentBudget(tool, budget);
            if (types)
                tool.diagnostics += types->check(tool);
            if (stream)
                stream->tool(tool);
            else
                printDiagnostics(tool.diagnostics);
        },
        [&](const LintSkip &s) {
            skipped.append(s);
            if (!stream)
                printDiagnostics(s.dir.diagnostics);
        });
    if (!counts)
        return usageError(error);
    const int exitCode = counts->passed() ? 0 : 1;
    if (stream) {
        stream->finish(skipped, *counts);
        std::fputc('\n', stdout);
        return exitCode;
    }
    text += QStringLiteral("%1 tool(s): %2 error(s), %3 warning(s), %4 info, %5 skipped director%6\n")
                .arg(counts->tools).arg(counts->errors).arg(counts->warnings).arg(counts->infos)
                .arg(skipped.size())
                .arg(skipped.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"));
    out(text);
    return exitCode;
}

} // namespace tw::app::cli
