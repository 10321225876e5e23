#pragma once
// The tool of the run-pane test and of its benchmark (tests/gui/tst_runpane.cpp,
// tests/bench/bench_runpane.cpp), so that the bench measures the run the test bounds. Mode
// `big`: 10,000 onUpdate snapshots as fast as it can, 5 MB of log and a 20 MB result; `slow`:
// one update after 400 ms, then waits for the abort; `echo`: echoes the sensitive `token` into
// an update, the log and the result. Deterministic, so a test can rebuild what it sent.

#include <QByteArray>

namespace tw::test {

inline const QByteArray kBigOutputToolMd = "---\n"
                                           "name: big_output\n"
                                           "description: Sends a lot of output, slowly or all at once.\n"
                                           "version: 1\n"
                                           "inputs:\n"
                                           "  mode:\n"
                                           "    type: enum\n"
                                           "    values: [big, slow, echo]\n"
                                           "    description: What to do.\n"
                                           "  token:\n"
                                           "    type: string\n"
                                           "    description: A secret echoed everywhere.\n"
                                           "    sensitive: true\n"
                                           "    optional: true\n"
                                           "---\n\n# Big output\n";

inline const QByteArray kBigOutputEntry =
    "export async function execute(_id, params, signal, onUpdate) {\n"
    "  if (params.mode === 'big') {\n"
    "    for (let i = 1; i <= 10000; i++)\n"
    "      onUpdate?.({ content: [{ type: 'text', text: 'done ' + i + ' of 10000\\n' + 'row '.repeat(50) }] });\n"
    "    for (let i = 0; i < 50000; i++) console.log('log line ' + i + ' ' + 'z'.repeat(80));\n"
    "    const parts = [];\n"
    "    for (let i = 0; i < 200000; i++) parts.push('line ' + String(i).padStart(7, '0') + ' ' + 'abcdefghij'.repeat(9) + '\\n');\n"
    "    return { content: [{ type: 'text', text: parts.join('') }] };\n"
    "  }\n"
    "  if (params.mode === 'slow') {\n"
    "    await new Promise((r) => setTimeout(r, 400));\n"
    "    onUpdate?.({ content: [{ type: 'text', text: 'half way' }] });\n"
    "    await new Promise((resolve) => { signal?.addEventListener('abort', resolve); setTimeout(resolve, 60000); });\n"
    "    return { content: [{ type: 'text', text: 'slept' }] };\n"
    "  }\n"
    "  onUpdate?.({ content: [{ type: 'text', text: 'update with ' + params.token }] });\n"
    "  console.log('log with ' + params.token);\n"
    "  return { content: [{ type: 'text', text: 'result with ' + params.token + ' env ' + process.env.OFFICER_APIFY_TOKEN }] };\n"
    "}\n";

} // namespace tw::test
