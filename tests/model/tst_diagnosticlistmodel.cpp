// The Problems table: every diagnostic and skip reason across the catalog.

#include "catalog/catalog.h"
#include "diagnosticlistmodel.h"
#include "testpaths.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace tw::engine;
using namespace tw::model;

class TestDiagnosticListModel final : public QObject
{
    Q_OBJECT
    static QStringList codes(const DiagnosticListModel &model)
    {
        QStringList codes;
        for (int r = 0; r < model.rowCount(); ++r)
            codes.append(model.index(r, DiagnosticListModel::CodeColumn).data().toString());
        return codes;
    }

private Q_SLOTS:
    // Every kind of finding in the fixture has its row.
    void hasARowFor_data()
    {
        QTest::addColumn<QString>("code");
        for (const char *c : {"yaml-syntax", "missing-tool-md", "missing-entry", "console-output", "duplicate-name"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void hasARowFor()
    {
        QFETCH(QString, code);
        DiagnosticListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCatalog(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"))));
        QVERIFY2(codes(model).contains(code), qPrintable(code));
    }

    void rows()
    {
        DiagnosticListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCatalog(scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath"))));
        const QStringList codes = TestDiagnosticListModel::codes(model);
        QCOMPARE(model.count(Severity::Skip), 3); // broken_yaml, notatool (two reasons)
        QCOMPARE(model.count(Severity::Error), 0);
        const int yaml = int(codes.indexOf(QStringLiteral("yaml-syntax")));
        const QModelIndex where = model.index(yaml, DiagnosticListModel::LocationColumn);
        QVERIFY(where.data().toString().startsWith(QStringLiteral("TOOL.md:")));
        QVERIFY(where.data(DiagnosticListModel::ToolDirRole).toString().endsWith(QStringLiteral("/broken_yaml")));
        QVERIFY(where.data(DiagnosticListModel::LineRole).toInt() > 0);
        const int log = int(codes.indexOf(QStringLiteral("console-output")));
        QCOMPARE(model.index(log, DiagnosticListModel::ToolColumn).data().toString(), QStringLiteral("todo (alice@example.com)"));
    }

    void editorFindingsFollowTheCatalog()
    {
        // An open editor's TypeScript findings: after the catalog's rows, replaced per tool, kept
        // across a rescan, gone when the editor closes.
        DiagnosticListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Catalog catalog = scanDataPath(QString(TW_FIXTURES_DIR + QStringLiteral("/datapath")));
        model.setCatalog(catalog);
        const int scanned = model.rowCount();
        const auto finding = [](const QString &code, int line) {
            return Diagnostic{code, Severity::Error, QStringLiteral("m"), QStringLiteral("/d/a/index.ts"), line};
        };
        model.setEditorDiagnostics(QStringLiteral("/d/a"), QStringLiteral("a"), QStringLiteral("global"),
                                   {finding(QStringLiteral("type-error"), 1), finding(QStringLiteral("syntax-error"), 2)});
        model.setEditorDiagnostics(QStringLiteral("/d/b"), QStringLiteral("b"), QStringLiteral("u@x"),
                                   {finding(QStringLiteral("result-type-mismatch"), 3)});
        QCOMPARE(model.rowCount(), scanned + 3);
        QCOMPARE(model.count(Severity::Error), 3);
        model.setEditorDiagnostics(QStringLiteral("/d/a"), QStringLiteral("a"), QStringLiteral("global"),
                                   {finding(QStringLiteral("params-type-mismatch"), 4)});
        QCOMPARE(codes(model).mid(scanned), (QStringList{QStringLiteral("result-type-mismatch"), QStringLiteral("params-type-mismatch")}));
        QCOMPARE(model.index(scanned, DiagnosticListModel::ToolColumn).data().toString(), QStringLiteral("b (u@x)"));
        model.setCatalog(catalog);
        QCOMPARE(model.rowCount(), scanned + 2);
        model.setEditorDiagnostics(QStringLiteral("/d/b"), {}, {}, {});
        model.setEditorDiagnostics(QStringLiteral("/d/a"), {}, {}, {});
        QCOMPARE(model.rowCount(), scanned);
    }
};

QTEST_GUILESS_MAIN(TestDiagnosticListModel)
#include "tst_diagnosticlistmodel.moc"
