// A finding's severities, their order and the compiler-style line the CLI and the editor print.

#include "toolmd/diagnostic.h"

#include <QTest>

using namespace tw::engine;

namespace {

Diagnostic diag(Severity severity, const QString &file = QStringLiteral("/d/t/TOOL.md"), int line = 3)
{
    return {QStringLiteral("some-code"), severity, QStringLiteral("what is wrong"), file, line};
}

} // namespace

class TestDiagnostic final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The names are the CLI's JSON "severity" values (DESIGN.md D), other programs parse them.
    void severityNames()
    {
        QCOMPARE(severityName(Severity::Info), QStringLiteral("info"));
        QCOMPARE(severityName(Severity::Warning), QStringLiteral("warning"));
        QCOMPARE(severityName(Severity::Error), QStringLiteral("error"));
        QCOMPARE(severityName(Severity::Skip), QStringLiteral("skip"));
    }

    void worstSeverity_data()
    {
        QTest::addColumn<QList<Severity>>("severities");
        QTest::addColumn<Severity>("worst");
        QTest::addColumn<bool>("problems");
        QTest::newRow("none") << QList<Severity>{} << Severity::Info << false;
        QTest::newRow("infos only") << QList<Severity>{Severity::Info, Severity::Info} << Severity::Info << false;
        QTest::newRow("a warning") << QList<Severity>{Severity::Info, Severity::Warning} << Severity::Warning << true;
        QTest::newRow("error after warning") << QList<Severity>{Severity::Warning, Severity::Error, Severity::Info}
                                             << Severity::Error << true;
        // A skip is worse than any error: the directory is not a tool at all.
        QTest::newRow("skip first") << QList<Severity>{Severity::Skip, Severity::Error} << Severity::Skip << true;
        QTest::newRow("skip last") << QList<Severity>{Severity::Error, Severity::Skip} << Severity::Skip << true;
    }
    void worstSeverity()
    {
        QFETCH(QList<Severity>, severities);
        QFETCH(Severity, worst);
        QFETCH(bool, problems);
        Diagnostics ds;
        for (Severity s : severities)
            ds.append(diag(s));
        QCOMPARE(tw::engine::worstSeverity(ds), worst);
        QCOMPARE(hasProblems(ds), problems);
    }

    void format_data()
    {
        QTest::addColumn<Diagnostic>("diagnostic");
        QTest::addColumn<QString>("line");
        QTest::newRow("file and line") << diag(Severity::Error)
                                       << QStringLiteral("/d/t/TOOL.md:3: error: what is wrong [some-code]");
        QTest::newRow("file, no line") << diag(Severity::Warning, QStringLiteral("/d/t/index.ts"), 0)
                                       << QStringLiteral("/d/t/index.ts: warning: what is wrong [some-code]");
        QTest::newRow("about a directory") << diag(Severity::Skip, QString(), 0)
                                           << QStringLiteral("skip: what is wrong [some-code]");
        QTest::newRow("info") << diag(Severity::Info, QStringLiteral("/d/t/package.json"), 0)
                              << QStringLiteral("/d/t/package.json: info: what is wrong [some-code]");
    }
    void format()
    {
        QFETCH(Diagnostic, diagnostic);
        QFETCH(QString, line);
        QCOMPARE(formatDiagnostic(diagnostic), line);
    }

    // Equality (the scan cache's records and the tests compare with it) covers every field.
    void equality()
    {
        const Diagnostic d = diag(Severity::Error);
        QCOMPARE(d, diag(Severity::Error));
        Diagnostic other = d;
        other.code = QStringLiteral("other-code");
        QVERIFY(!(other == d));
        other = d;
        other.severity = Severity::Warning;
        QVERIFY(!(other == d));
        other = d;
        other.message += u'.';
        QVERIFY(!(other == d));
        other = d;
        other.file.clear();
        QVERIFY(!(other == d));
        other = d;
        other.line = 4;
        QVERIFY(!(other == d));
    }
};

QTEST_GUILESS_MAIN(TestDiagnostic)
#include "tst_diagnostic.moc"
