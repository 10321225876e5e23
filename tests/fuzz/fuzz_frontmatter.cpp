// libFuzzer target: the lossless frontmatter editor. Loading and writing back without edits
// gives the same bytes; after edits of a readable file the body bytes are untouched and the
// result parses back to the values set.
#include "frontmatterdocument.h"

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
    const int version = m.version + 1 + int(size % 7);
    doc->setValue({QStringLiteral("version")}, version);
    const QString description = QString::fromUtf8(bytes.left(40)).simplified();
    doc->setValue({QStringLiteral("description")}, description.isEmpty() ? QStringLiteral("d") : description);
    if (doc->body() != body)
        std::abort();
    auto again = tw::engine::FrontmatterDocument::fromBytes(doc->bytes());
    if (!again)
        std::abort(); // an edit must never make the file unreadable
    const tw::engine::ToolManifest after = again->manifest();
    if (after.version != version)
        std::abort();
    return 0;
}
