// `toolwright agent --json` against the real pi coding agent (tests/reference/agent-view.mjs: a
// tool-loader written from TOOLS.md inside pi's own extension system), byte for byte: every tool
// of the lint fixtures and the bundled seed tools, per user an effective set with overrides and
// a name registered twice in one location, and mapping defaults in JavaScript's key order.

#include "fixture.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kFixtures = TW_FIXTURES_DIR;

struct Output
{
    bool finished = false;
    int code = -1;
    QByteArray out, err;
};

Output start(const QString &program, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DATA_PATH"));
    env.remove(QStringLiteral("PI_TOOLS_DIRS"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    // An upper bound for a loaded machine: pi starts in about 2 s.
    if (!p.waitForFinished(180000))
        return {};
    return {true, p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// The first line where the two differ, so that a failure names it rather than dumping both.
void compareLines(const QByteArray &toolwright, const QByteArray &pi)
{
    const QList<QByteArray> a = toolwright.split('\n'), b = pi.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        const QByteArray x = i < a.size() ? a[i] : QByteArray("<end>");
        const QByteArray y = i < b.size() ? b[i] : QByteArray("<end>");
        if (x != y) {
            qWarning("line %lld differs", static_cast<long long>(i + 1));
            QCOMPARE(x, y);
        }
    }
    QCOMPARE(toolwright, pi);
}

} // namespace

class TestAgentView final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_data; // the lint fixtures and the seed tools as one DATA_PATH's global tools
    QTemporaryDir m_fences; // tests/data's fence cases (CRLF, lone CR, BOM, odd fences, empty bodies)
    QTemporaryDir m_defaults; // mapping defaults whose file order is not the sorted order

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_data.isValid());
        const QString tools = m_data.path() + QStringLiteral("/tools");
        int copied = 0;
        for (const QString &root : QStringList{kFixtures + QStringLiteral("/lint"), QString(TW_SOURCE_DIR + QStringLiteral("/seed/tools"))}) {
            const QStringList dirs = QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
            for (const QString &dir : dirs) {
                QVERIFY2(tw::test::copyTree(root + u'/' + dir, tools + u'/' + dir), qPrintable(dir));
                ++copied;
            }
        }
        QVERIFY(copied >= 15);

        // The platform-reading cases are TOOL.md files alone; each gets an entry so that it is a
        // tool wherever its TOOL.md loads.
        const QString fences = QString(TW_SOURCE_DIR + QStringLiteral("/tests/data/platform-reading/fences"));
        const QStringList cases = QDir(fences).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY2(cases.size() >= 40, qPrintable(fences));
        for (const QString &dir : cases) {
            const QString to = m_fences.path() + QStringLiteral("/tools/") + dir;
            QVERIFY(tw::test::copyTree(fences + u'/' + dir, to));
            if (!QFile::exists(to + QStringLiteral("/index.ts")))
                tw::test::writeFile(to + QStringLiteral("/index.js"), tw::test::kGoodEntry);
        }

        // JSON.stringify writes an object's keys in JavaScript's order: array-index keys first,
        // ascending ("007" is the number 7, "01" and "4294967295" are no indices), then the rest
        // in file order (`__proto__` is an own key). Block style only, for the fast reader:
        QVERIFY(m_defaults.isValid());
        const QString defaults = m_defaults.path() + QStringLiteral("/tools");
        tw::test::makeTool(defaults, QStringLiteral("block_defaults"),
                           tw::test::toolMd("block_defaults", 1,
                                            "inputs:\n"
                                            "  layout:\n"
                                            "    type: string\n"
                                            "    optional: true\n"
                                            "    default:\n"
                                            "      zeta: 1\n"
                                            "      16: sixteen\n"
                                            "      alpha:\n"
                                            "        beta: b\n"
                                            "        3: three\n"
                                            "        0: zero\n"
                                            "        aa: [3, 1]\n"
                                            "      2: two\n"
                                            "      007: seven\n"
                                            "      4294967295: no index\n"
                                            "      4294967294: the last index\n"
                                            "      1e3: a thousand\n"
                                            "      __proto__: own\n"
                                            "      middle: m\n"));
        // Flow style, quoted keys, mappings in a sequence in a mapping, and a Buffer: libfyaml.
        tw::test::makeTool(defaults, QStringLiteral("flow_defaults"),
                           tw::test::toolMd("flow_defaults", 1,
                                            "inputs:\n"
                                            "  nested:\n"
                                            "    type: string\n"
                                            "    default:\n"
                                            "      list:\n"
                                            "        - name: first\n"
                                            "          \"3\": three\n"
                                            "          beta: b\n"
                                            "          \"0\": zero\n"
                                            "        - {z: 1, y: {b: 2, a: 1, \"1\": one}}\n"
                                            "        - plain\n"
                                            "      \"01\": no index\n"
                                            "      -1: no index\n"
                                            "      zed: {q: 1, p: 2}\n"
                                            "      \"10\": ten\n"
                                            "      \"9\": nine\n"
                                            "  sequence:\n"
                                            "    type: string\n"
                                            "    default: [{b: 1, a: 2}, [{d: 1, c: 2}]]\n"
                                            "  bytes:\n"
                                            "    type: string\n"
                                            "    default: !!binary aGk=\n"));
    }

    void sameAsPi_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("lint fixtures and seed tools") << QStringList{QStringLiteral("--data"), m_data.path()};
        QTest::newRow("over a small budget")
            << QStringList{QStringLiteral("--data"), m_data.path(), QStringLiteral("--budget"), QStringLiteral("120")};
        QTest::newRow("fence cases") << QStringList{QStringLiteral("--data"), m_fences.path()};
        const QString datapath = kFixtures + QStringLiteral("/datapath");
        QTest::newRow("global tools") << QStringList{QStringLiteral("--data"), datapath};
        // alice overrides greet (description, body and a parameter added) and adds todo.
        QTest::newRow("alice's overrides")
            << QStringList{QStringLiteral("--data"), datapath, QStringLiteral("--user"), QStringLiteral("alice@example.com")};
        // bob overrides weather and registers `dup` twice (the later directory wins).
        QTest::newRow("bob's duplicate")
            << QStringList{QStringLiteral("--data"), datapath, QStringLiteral("--user"), QStringLiteral("bob@example.com")};
        QTest::newRow("mapping defaults in JavaScript's key order") << QStringList{QStringLiteral("--data"), m_defaults.path()};
    }

    void sameAsPi()
    {
        QFETCH(QStringList, args);
        const Output tw = start(TW_BINARY, QStringList{QStringLiteral("agent"), QStringLiteral("--json")} + args);
        QVERIFY2(tw.finished && tw.code == 0, tw.err.constData());
        const Output pi = start(QStringLiteral(TW_REFERENCE_NODE),
                                QStringList{QStringLiteral(TW_PLATFORM_REFERENCE_DIR "/agent-view.mjs")} + args);
        QVERIFY2(pi.finished && pi.code == 0, pi.err.constData());
        QVERIFY(pi.out.contains("\"registration\""));
        compareLines(tw.out, pi.out);
    }
};

QTEST_GUILESS_MAIN(TestAgentView)
#include "tst_agentview.moc"
