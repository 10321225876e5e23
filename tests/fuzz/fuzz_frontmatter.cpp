// libFuzzer target: the lossless frontmatter editor. Loading and writing back without edits
// gives the same bytes; after edits of a readable file the body bytes are untouched, the result
// parses back to the values set, and every value it did not set reads as before.
#include "authoring/frontmatterdocument.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto doc = tw::engine::FrontmatterDocument::fromBytes(bytes);
    if (!doc)
        return 0;
    if (doc->bytes() != bytes)
        std::abort(); // a round trip without edits must be byte for byte
    const QByteArray body = doc->body();
    tw::engine::Diagnostics before;
    const tw::engine::ToolManifest m = doc->manifest(&before);
    for (const tw::engine::Diagnostic &d : before)
        if (d.severity == tw::engine::Severity::Skip)
            return 0; // the loader would not read it; the editor shows the error instead of editing
    // Edits derived from the input: a version bump and a description, as the editor makes them.
    // The description comes from the body, so that it can be any text (the file's own first
    // bytes are always the fence, which only ever takes the double-quoted style).
    const int version = m.version + 1 + int(size % 7);
    doc->setValue({QStringLiteral("version")}, version);
    QString description = QString::fromUtf8(body.left(60)).simplified();
    if (description.isEmpty())
        description = QStringLiteral("d");
    doc->setValue({QStringLiteral("description")}, description);
    if (doc->body() != body)
        std::abort();
    auto again = tw::engine::FrontmatterDocument::fromBytes(doc->bytes());
    if (!again)
        std::abort(); // an edit must never make the file unreadable
    const tw::engine::ToolManifest after = again->manifest();
    if (after.version != version)
        std::abort();
    if (after.description != description)
        std::abort(); // the description set is the description read
    // What was not edited reads as before (an input's line may move: the description's may
    // take another number of lines).
    auto withoutLines = [](tw::engine::ToolManifest t) {
        t.versionLine = 0;
        for (tw::engine::InputSpec &i : t.inputs)
            i.line = 0;
        return t;
    };
    tw::engine::ToolManifest expected = withoutLines(m);
    expected.version = version;
    expected.versionPresent = true;
    expected.description = description;
    if (withoutLines(after) != expected)
        std::abort();
    return 0;
}
