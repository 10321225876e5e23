#pragma once
// The character-level rules of reading a TOOL.md: which bytes are UTF-8 text, what a plain YAML
// scalar means under the core schema the platform's loader uses, and what a snake_case name is.

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace tw::engine {

// Offset of the first byte that is not valid UTF-8 (NUL counts as invalid), or -1.
qsizetype firstInvalidUtf8(const QByteArray &bytes);

// What a plain (unquoted) scalar means under the YAML 1.2 core schema the platform's loader
// uses: null, a boolean, a number, or else the string itself.
QJsonValue resolvePlainScalar(const QString &text);

// TOOLS.md: "Use snake_case" for names.
bool isSnakeCase(const QString &name);

} // namespace tw::engine
