// libFuzzer target: the runner event parser, fed the input in chunks whose sizes come from the
// input itself, on both streams. Whatever arrives, every byte ends up in an event or a log line
// and nothing crashes.
#include "runeventparser.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    tw::engine::RunEventParser parser(QByteArrayLiteral("f00d"));
    const QByteArray bytes(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    const qsizetype step = 1 + data[0] % 61;
    qsizetype events = 0;
    for (qsizetype at = 0; at < bytes.size(); at += step) {
        const auto stream = (at / step) % 3 == 2 ? tw::engine::RunEvent::Stream::Stderr : tw::engine::RunEvent::Stream::Stdout;
        for (const tw::engine::RunEvent &e : parser.feed(bytes.mid(at, step), stream)) {
            ++events;
            (void)tw::engine::contentText(e.content);
        }
    }
    events += parser.finish().size();
    if (events > bytes.size() + 2)
        std::abort(); // never more events than lines
    return 0;
}
