#include "types/scriptsyntax.h"

#include "catalog/toolsearch.h"
#include "run/runtime.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace tw::engine {

namespace {

constexpr qint64 kMaxScript = 1024 * 1024;
constexpr int kMaxScripts = 200;

// Reports "<line> <message>" on stdout and exits 1 when the text does not compile.
const char kPythonCheck[] = "import sys\n"
                            "try:\n"
                            "    compile(sys.stdin.buffer.read(), sys.argv[1], 'exec')\n"
                            "except SyntaxError as e:\n"
                            "    print(e.lineno or 0, e.msg)\n"
                            "    sys.exit(1)\n"
                            "except Exception as e:\n"
                            "    print(0, e)\n"
                            "    sys.exit(1)\n";

// Where the checkers are looked for: the system's own, which the sandbox mounts (a pyenv shim
// in a home directory is neither trusted nor there).
const QStringList kSystemBin{QStringLiteral("/usr/bin"), QStringLiteral("/bin")};

QProcessEnvironment cleanEnvironment()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    return env;
}

} // namespace

ScriptLanguage scriptLanguage(const QString &fileName, const QByteArray &head)
{
    if (fileName.endsWith(QLatin1StringView(".sh")) || fileName.endsWith(QLatin1StringView(".bash")))
        return ScriptLanguage::Bash;
    if (fileName.endsWith(QLatin1StringView(".py")))
        return ScriptLanguage::Python;
    if (fileName.contains(u'.') || !head.startsWith("#!"))
        return ScriptLanguage::None;
    const QByteArray shebang = head.left(head.indexOf('\n'));
    static const QRegularExpression bash(QStringLiteral("[/ ](ba)?sh(\\s|$)"));
    static const QRegularExpression python(QStringLiteral("[/ ]python[0-9.]*(\\s|$)"));
    const QString line = QString::fromLatin1(shebang);
    if (python.match(line).hasMatch())
        return ScriptLanguage::Python;
    if (bash.match(line).hasMatch())
        return ScriptLanguage::Bash;
    return ScriptLanguage::None;
}

QStringList toolScripts(const QString &toolDir)
{
    QStringList out;
    for (const QString &path : toolOwnFiles(toolDir, 2, kMaxScript)) {
        if (out.size() == kMaxScripts)
            break;
        QFile f(path);
        if (f.open(QIODevice::ReadOnly) && scriptLanguage(QFileInfo(path).fileName(), f.read(256)) != ScriptLanguage::None)
            out.append(path);
    }
    return out;
}

Diagnostics checkScriptSyntax(const QString &path, const QByteArray &text, ScriptLanguage language)
{
    QString program;
    QStringList args;
    if (language == ScriptLanguage::Bash) {
        program = QStandardPaths::findExecutable(QStringLiteral("bash"), kSystemBin);
        args = {QStringLiteral("--noprofile"), QStringLiteral("--norc"), QStringLiteral("-n")};
    } else if (language == ScriptLanguage::Python) {
        program = QStandardPaths::findExecutable(QStringLiteral("python3"), kSystemBin);
        args = {QStringLiteral("-I"), QStringLiteral("-S"), QStringLiteral("-B"), QStringLiteral("-c"),
                QString::fromLatin1(kPythonCheck), QFileInfo(path).fileName()};
    }
    if (program.isEmpty())
        return {};
    // A parser fed a hostile script is one more program a tool's author attacks: it runs in a
    // sandbox with the system only, as the sandbox's identity, in 512 MB.
    QProcess p;
    if (!sandboxCheckProcess(p, program, args, 512, nullptr))
        return {};
    p.setProcessEnvironment(cleanEnvironment());
    p.setWorkingDirectory(QDir::rootPath()); // nothing relative to read or write
    p.start();
    if (!p.waitForStarted(10000))
        return {};
    p.write(text);
    p.closeWriteChannel();
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(1000);
        return {};
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() == 0)
        return {};
    Diagnostics out;
    if (language == ScriptLanguage::Python) {
        const QString report = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        if (report.isEmpty())
            return {}; // not the check's answer (the sandbox could not start it): unchecked, not wrong
        const qsizetype space = report.indexOf(u' ');
        out.append({QStringLiteral("syntax-error"), Severity::Error,
                    QStringLiteral("Python cannot compile this script: %1").arg(report.mid(space + 1)), path,
                    report.left(space).toInt()});
        return out;
    }
    // bash: "bash: line 3: syntax error near unexpected token `fi'", one finding a line.
    // An unexpected end of file has no line: it is the last one.
    static const QRegularExpression lineRe(QStringLiteral("^\\S*bash: (?:line (\\d+): )?(.*)$"));
    const int lastLine = int(text.count('\n')) + (text.endsWith('\n') || text.isEmpty() ? 0 : 1);
    for (const QString &line : QString::fromUtf8(p.readAllStandardError()).split(u'\n')) {
        const QRegularExpressionMatch m = lineRe.match(line.trimmed());
        // bash follows a message with the line it quotes ("bash: line 3: `fi'"): not a finding.
        if (m.hasMatch() && !m.captured(2).startsWith(u'`'))
            out.append({QStringLiteral("syntax-error"), Severity::Error, QStringLiteral("bash -n: %1").arg(m.captured(2)),
                        path, m.captured(1).isEmpty() ? lastLine : std::min(lastLine, m.captured(1).toInt())});
    }
    if (out.isEmpty())
        out.append({QStringLiteral("syntax-error"), Severity::Error, QStringLiteral("bash -n rejects this script"), path, 0});
    return out;
}

Diagnostics checkToolScripts(const QString &toolDir, const std::atomic_bool *stop)
{
    Diagnostics out;
    for (const QString &path : toolScripts(toolDir)) {
        if (stop && stop->load())
            break;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = f.readAll();
        out += checkScriptSyntax(path, text, scriptLanguage(QFileInfo(path).fileName(), text.left(256)));
    }
    return out;
}

} // namespace tw::engine
