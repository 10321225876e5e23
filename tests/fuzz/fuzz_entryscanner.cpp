// libFuzzer target: the JS/TS entry scanner (tokenizer with comments, strings, nested template
// literals and regex literals) on arbitrary source. Besides never crashing: its diagnostics and
// execute's line lie in the file and name it, a named execute has a line, the params it lists
// as read have names, and the scan is a function of the bytes (scanned twice, the same result;
// every fourth input by its size).
#include "toolmd/entryscanner.h"

#include "fuzzrequire.h"

#include <cstdint>

using tw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray source(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString path = QStringLiteral("/fuzz/index.ts");
    const tw::engine::EntryScan scan = tw::engine::scanEntry(source, path);
    const qsizetype lines = source.count('\n') + 1;
    for (const tw::engine::Diagnostic &d : scan.diagnostics) {
        require(d.line >= 0 && d.line <= lines + 1, "a diagnostic's line lies outside the file");
        require(!d.code.isEmpty(), "a diagnostic without a code");
        require(d.file.isEmpty() || d.file == path, "a diagnostic names another file");
    }
    require(scan.executeLine >= 0 && scan.executeLine <= lines, "execute's line lies outside the file");
    require(!scan.hasNamedExecute || scan.executeLine >= 1, "a named execute without a line");
    for (const tw::engine::ParamRead &read : scan.paramsRead)
        require(!read.name.isEmpty() && read.line >= 1 && read.line <= lines, "a params read without a name or outside the file");

    // A second scan of a deterministic quarter of the inputs (all of them doubled the fuzzer's
    // time for a fixed number of inputs).
    if (size % 4 != 0)
        return 0;
    const tw::engine::EntryScan again = tw::engine::scanEntry(source, path);
    require(again.diagnostics == scan.diagnostics && again.hasNamedExecute == scan.hasNamedExecute
                && again.executeLine == scan.executeLine && again.paramsAnalyzable == scan.paramsAnalyzable
                && again.paramsRead.size() == scan.paramsRead.size(),
            "two scans of the same bytes differ");
    return 0;
}
