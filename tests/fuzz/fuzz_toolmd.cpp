// libFuzzer target: the TOOL.md reader on arbitrary bytes. It must never crash, hang or read
// out of bounds, and every diagnostic it gives must carry a line inside the file.
#include "toolmd/toolmdreader.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const tw::engine::ToolMdParse parse = tw::engine::parseToolMd(bytes, QStringLiteral("/fuzz/TOOL.md"));
    // Lines as the platform counts them: LF, CRLF and a lone CR each end one (pi 0.73.1).
    const qsizetype lines = bytes.count('\n') + bytes.count('\r') - bytes.count("\r\n") + 1;
    for (const tw::engine::Diagnostic &d : parse.diagnostics)
        if (d.line < 0 || d.line > lines + 1 || d.code.isEmpty())
            std::abort();
    return 0;
}
