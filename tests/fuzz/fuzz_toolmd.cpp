// libFuzzer target: the TOOL.md reader on arbitrary bytes. It must never crash, hang or read
// out of bounds; every diagnostic it gives must carry a line inside the file and the file it
// was given; the body it keeps is the file's own last bytes; the YAML's span lies in the file;
// a file that registers no tool says why; and the reading is a function of the bytes (read
// twice, the same result; every fourth input by its size).
#include "toolmd/toolmdreader.h"

#include "fuzzrequire.h"

#include <cstdint>

using tw::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString path = QStringLiteral("/fuzz/TOOL.md");
    const tw::engine::ToolMdParse parse = tw::engine::parseToolMd(bytes, path);
    // Lines as the platform counts them: LF, CRLF and a lone CR each end one (pi 0.73.1).
    const qsizetype lines = bytes.count('\n') + bytes.count('\r') - bytes.count("\r\n") + 1;
    for (const tw::engine::Diagnostic &d : parse.diagnostics) {
        require(d.line >= 0 && d.line <= lines + 1, "a diagnostic's line lies outside the file");
        require(!d.code.isEmpty(), "a diagnostic without a code");
        require(d.file.isEmpty() || d.file == path, "a diagnostic names another file");
    }
    require(parse.manifest || !parse.diagnostics.isEmpty(), "no tool and no reason why");
    require(bytes.endsWith(parse.body), "the body is not the file's own last bytes");
    require(0 <= parse.yamlBegin && parse.yamlBegin <= parse.yamlEnd && parse.yamlEnd <= bytes.size(), "the YAML's span lies outside the file");
    require(parse.bodyLine >= 0 && parse.bodyLine <= lines + 1, "the body's line lies outside the file");

    // A second reading of a deterministic quarter of the inputs (all of them doubled the
    // fuzzer's time for a fixed number of inputs).
    if (size % 4 != 0)
        return 0;
    const tw::engine::ToolMdParse again = tw::engine::parseToolMd(bytes, path);
    require(again.diagnostics == parse.diagnostics && again.body == parse.body && again.bodyLine == parse.bodyLine
                && again.frontmatterEndLine == parse.frontmatterEndLine && again.crlf == parse.crlf
                && again.yamlBegin == parse.yamlBegin && again.yamlEnd == parse.yamlEnd
                && again.manifest.has_value() == parse.manifest.has_value(),
            "two readings of the same bytes differ");
    return 0;
}
