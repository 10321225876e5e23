#pragma once
// Syntax checks of a tool's bash and Python scripts (issue 26): `bash -n` and Python's
// compile(), each given the script on stdin, so neither runs a line of it, writes a .pyc or
// reads a startup file (--noprofile --norc, no BASH_ENV; python3 -I -S). No sandbox is needed
// for a parser that executes nothing; the scripts are read as the user who runs Toolwright.

#include "toolmd/diagnostic.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <atomic>

namespace tw::engine {

enum class ScriptLanguage { None, Bash, Python };

// By name (.sh, .bash, .py) or, for a name without one of those, by its `#!` line.
ScriptLanguage scriptLanguage(const QString &fileName, const QByteArray &head);

// The scripts of a tool directory to check: its files up to three levels down (not
// node_modules or hidden directories, at most 200, each at most 1 MiB), in name order.
QStringList toolScripts(const QString &toolDir);

// `syntax-error` diagnostics for one script (empty when it parses or its checker is missing).
Diagnostics checkScriptSyntax(const QString &path, const QByteArray &text, ScriptLanguage language);

// Every script of the tool directory, checked; `stop`, when set, ends it between scripts (an
// editor closed meanwhile).
Diagnostics checkToolScripts(const QString &toolDir, const std::atomic_bool *stop = nullptr);

} // namespace tw::engine
