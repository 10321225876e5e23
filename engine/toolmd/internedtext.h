#pragma once
// One copy of the short texts a platform's tools repeat — input names ("query", "limit"), their
// types, the language — shared by every record that has them (QString is implicitly shared). At 101,000 tools each was a string of its own per tool
// (issue 25). Thread-safe: the scan's threads intern as they parse.

#include <QString>

namespace tw::engine {

// `text` itself, or an equal string already interned. Texts longer than a name are returned as
// they are (a description is the tool's own).
QString internedText(const QString &text);

} // namespace tw::engine
