// The bundled seed tools are the embedded default's content: each lints clean.

#include "catalog/locationscanner.h"
#include "testpaths.h"

#include <QTest>

using namespace tw::engine;

class TestSeedTools final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void lintClean()
    {
        const LocationScan scan = scanLocation(QString(TW_SOURCE_DIR + QStringLiteral("/seed/tools")), Scope::Global, QString());
        QVERIFY(scan.skipped.isEmpty());
        QVERIFY(scan.tools.size() >= 5);
        for (const ToolRecord &t : scan.tools) {
            QVERIFY2(t.diagnostics.isEmpty(), qPrintable(t.manifest.name + QStringLiteral(": ")
                                                          + (t.diagnostics.isEmpty() ? QString() : formatDiagnostic(t.diagnostics.first()))));
            QVERIFY(t.manifest.versionPresent);
            QVERIFY(!t.manifest.inputs.isEmpty());
            QCOMPARE(t.manifest.name, t.dirName);
        }
    }

    void coversTheKindsOfTool()
    {
        const LocationScan scan = scanLocation(QString(TW_SOURCE_DIR + QStringLiteral("/seed/tools")), Scope::Global, QString());
        bool sensitive = false, enumInput = false, numberInput = false, booleanInput = false;
        for (const ToolRecord &t : scan.tools) {
            for (const InputSpec &in : t.manifest.inputs) {
                sensitive |= in.sensitive;
                enumInput |= in.type == InputType::Enum;
                numberInput |= in.type == InputType::Number;
                booleanInput |= in.type == InputType::Boolean;
            }
        }
        QVERIFY(sensitive && enumInput && numberInput && booleanInput);
    }
};

QTEST_GUILESS_MAIN(TestSeedTools)
#include "tst_seedtools.moc"
