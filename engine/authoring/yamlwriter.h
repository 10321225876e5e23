#pragma once
// Values written as YAML text for the lossless frontmatter editor: a scalar in a style that keeps
// its value (plain, single- or double-quoted), a block scalar rewritten in its own style and
// width, and whole `key: value` entries and inputs for keys that are written anew.

#include "authoring/frontmatterindex.h"
#include "toolmd/toolmanifest.h"

#include <QJsonValue>
#include <QStringList>

namespace tw::engine {

// A scalar as YAML text in a given style: plain when it stays the same value, else quoted.
QString yamlScalar(const QJsonValue &value, QChar preferredQuote = QChar());
// Whether `s` written plain reads back as the same string.
bool plainIsSafe(const QString &s);
// `key: value` lines at `indent` (a multi-line string as a literal block where one says it).
QStringList emitEntry(const QString &key, const QJsonValue &value, int indent, QChar quote = QChar());
// An input's whole block at `indent`.
QStringList emitInput(const InputSpec &in, int indent);
// Writes `value` into the block scalar of `entry` (at `path`) in the block's own style; false,
// and `doc` unchanged, when that style cannot say it exactly.
bool rewriteBlockScalar(QStringList &doc, const FrontmatterEntry &entry, const QStringList &path, const QString &value);

} // namespace tw::engine
