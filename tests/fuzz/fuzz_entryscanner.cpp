// libFuzzer target: the JS/TS entry scanner (tokenizer with comments, strings, nested template
// literals and regex literals) on arbitrary source.
#include "toolmd/entryscanner.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray source(reinterpret_cast<const char *>(data), qsizetype(size));
    const tw::engine::EntryScan scan = tw::engine::scanEntry(source, QStringLiteral("/fuzz/index.ts"));
    const qsizetype lines = source.count('\n') + 1;
    for (const tw::engine::Diagnostic &d : scan.diagnostics)
        if (d.line < 0 || d.line > lines + 1)
            std::abort();
    return 0;
}
