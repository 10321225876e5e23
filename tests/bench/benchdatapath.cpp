#include "benchdatapath.h"

#include <QDir>
#include <QFile>
#include <QStringBuilder>

namespace tw::bench {
namespace {

// A small deterministic generator (xorshift), so every run writes the same tree.
struct Random
{
    quint32 state;
    quint32 next()
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    }
    int below(int n) { return int(next() % quint32(n)); }
};

const char *const kWords[] = {"fetch", "the", "report", "for", "a", "given", "account", "and", "return", "its",
                              "summary", "as", "plain", "text", "with", "totals", "per", "month", "when", "asked",
                              "search", "index", "files", "matching", "pattern", "under", "workspace", "limit",
                              "results", "sorted", "by", "date", "newest", "first", "skip", "hidden", "entries"};

QString sentence(Random &r, int words)
{
    QString s;
    for (int i = 0; i < words; ++i) {
        if (i)
            s += u' ';
        s += QLatin1StringView(kWords[r.below(int(std::size(kWords)))]);
    }
    s[0] = s[0].toUpper();
    return s + u'.';
}

QString toolMd(Random &r, const QString &name, int version)
{
    static const char *const types[] = {"string", "number", "boolean", "enum"};
    QString md = u"---\nname: " % name % u"\nlabel: " % name.toUpper() % u"\ndescription: " % sentence(r, 14 + r.below(10))
                 % u"\nversion: " % QString::number(version) % u"\nlanguage: typescript\ninputs:\n";
    const int inputs = 2 + r.below(5);
    for (int i = 0; i < inputs; ++i) {
        const char *type = types[r.below(4)];
        md += u"  param_" % QString::number(i) % u":\n    type: " % QLatin1StringView(type) % u"\n    description: "
              % sentence(r, 6 + r.below(8)) % u'\n';
        if (qstrcmp(type, "enum") == 0)
            md += QStringLiteral("    values: [fast, balanced, thorough]\n");
        if (i > 0 && r.below(2) == 0) {
            md += QStringLiteral("    optional: true\n");
            if (qstrcmp(type, "number") == 0)
                md += QStringLiteral("    default: 10\n");
        }
    }
    md += u"---\n\n# " % name % u"\n\n" % sentence(r, 30) % u' ' % sentence(r, 25) % u"\n\n## Usage\n\n";
    for (int i = 0; i < 4; ++i)
        md += u"- " % sentence(r, 10 + r.below(10)) % u'\n';
    md += u"\n## Examples\n\n```\n" % name % u" param_0=\"value\"\n```\n\n## Error Handling\n\n" % sentence(r, 40)
          % u'\n';
    return md;
}

QString indexTs(int inputs)
{
    QString ts = QStringLiteral("export async function execute(toolCallId: string, params: any, signal?: AbortSignal,\n"
                                "                              onUpdate?: (u: any) => void) {\n  try {\n");
    for (int i = 0; i < inputs; ++i)
        ts += u"    const p" % QString::number(i) % u" = params.param_" % QString::number(i) % u";\n";
    ts += QStringLiteral("    onUpdate?.({ content: [{ type: 'text', text: 'working' }] });\n"
                         "    return { content: [{ type: 'text', text: JSON.stringify({ toolCallId }) }] };\n"
                         "  } catch (e) {\n"
                         "    return { content: [{ type: 'text', text: String(e) }], isError: true };\n"
                         "  }\n}\n");
    return ts;
}

qint64 writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    return f.write(text.toUtf8());
}

qint64 writeTool(Random &r, const QString &dir, const QString &name, int version)
{
    QDir().mkpath(dir);
    const QString md = toolMd(r, name, version);
    return writeFile(dir + QStringLiteral("/TOOL.md"), md) + writeFile(dir + QStringLiteral("/index.ts"), indexTs(int(md.count(QStringLiteral("  param_")))));
}

QString toolName(int n) { return QStringLiteral("tool_%1").arg(n, 5, 10, QLatin1Char('0')); }

} // namespace

QString benchUserEmail(int index) { return QStringLiteral("user%1@example.com").arg(index, 4, 10, QLatin1Char('0')); }

qint64 writeDataPath(const QString &root, const DataPathShape &shape)
{
    Random r{0x2545F491u};
    qint64 bytes = 0;
    for (int g = 0; g < shape.globals; ++g)
        bytes += writeTool(r, root + QStringLiteral("/tools/") + toolName(g), toolName(g), 2 + g % 3);
    for (int u = 0; u < shape.users; ++u) {
        const QString userTools = root + u'/' + benchUserEmail(u) + QStringLiteral("/tools/");
        for (int k = 0; k < shape.toolsPerUser; ++k) {
            // Every third tool overrides a global one; the rest are the user's own.
            const int n = k % 3 == 0 && shape.globals > 0 ? (u * 7 + k) % shape.globals
                                                          : shape.globals + u * shape.toolsPerUser + k;
            bytes += writeTool(r, userTools + toolName(n), toolName(n), 1 + k % 4);
        }
    }
    return bytes;
}

qint64 prepareDataPath(const QString &root, const DataPathShape &shape)
{
    const QByteArray mark = QByteArray::number(shape.globals) + ' ' + QByteArray::number(shape.users) + ' '
                            + QByteArray::number(shape.toolsPerUser) + '\n';
    QDir dir(root);
    QFile complete(dir.filePath(QStringLiteral(".complete")));
    if (complete.open(QIODevice::ReadOnly) && complete.readAll() == mark)
        return 0;
    complete.close();
    const bool ours = complete.exists() || dir.exists(QStringLiteral(".generating"));
    if (!ours && dir.exists(QStringLiteral("tools")))
        return 0; // a DATA_PATH of someone's own (--keep): used as it is, never removed
    if (!ours && dir.exists() && !dir.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        qFatal("%s is neither empty nor a DATA_PATH; not writing a generated one there", qPrintable(root));
    if (ours)
        dir.removeRecursively();
    QDir().mkpath(root);
    QFile generating(dir.filePath(QStringLiteral(".generating")));
    if (!generating.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(generating.fileName()));
    generating.close();
    const qint64 bytes = writeDataPath(root, shape);
    if (!complete.open(QIODevice::WriteOnly) || complete.write(mark) != mark.size())
        qFatal("cannot write %s", qPrintable(complete.fileName()));
    complete.close();
    generating.remove();
    return bytes;
}

} // namespace tw::bench
