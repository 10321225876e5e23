// Past runs as a table: read off the GUI thread, newest first, one tool or all, states shown.

#include "runhistorymodel.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;

class TestRunHistoryModel final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsTheHistory()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        {
            engine::RunHistory h(path);
            for (const auto &[tool, state] : {std::pair{QStringLiteral("a"), engine::RunState::Result},
                                              std::pair{QStringLiteral("b"), engine::RunState::Timeout},
                                              std::pair{QStringLiteral("a"), engine::RunState::Cancelled}}) {
                engine::RunRecordBuilder b(tool, QStringLiteral("u@x"), QStringLiteral("bwrap"), {});
                engine::RunOutcome o;
                o.state = state;
                o.durationMs = 1500;
                QVERIFY(h.add(b.finish(o)) > 0);
                QTest::qWait(2); // distinct start times
            }
        }
        model::RunHistoryModel m(path);
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reloaded(&m, &model::RunHistoryModel::reloaded);
        m.reload();
        QVERIFY(reloaded.wait(5000));
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.index(0, model::RunHistoryModel::StateColumn).data().toString(), QStringLiteral("cancelled"));
        // The state in its tone, as the run pane and the record view show it: a cancelled run is
        // the tester's doing (a warning), a timeout an error, a result in the default text.
        QCOMPARE(m.index(0, model::RunHistoryModel::StateColumn).data(Qt::ForegroundRole).value<QBrush>().color(),
                 model::toneColor(model::Tone::Warning));
        QCOMPARE(m.index(1, model::RunHistoryModel::StateColumn).data(Qt::ForegroundRole).value<QBrush>().color(),
                 model::toneColor(model::Tone::Error));
        QVERIFY(!m.index(2, model::RunHistoryModel::StateColumn).data(Qt::ForegroundRole).isValid());
        QCOMPARE(m.index(0, model::RunHistoryModel::DurationColumn).data().toString(), QStringLiteral("1.50 s"));
        QCOMPARE(m.index(2, model::RunHistoryModel::ToolColumn).data().toString(), QStringLiteral("a"));
        QVERIFY(m.index(0, 0).data(model::RunHistoryModel::RunIdRole).toLongLong() > 0);
        m.reload(QStringLiteral("b"));
        QVERIFY(reloaded.wait(5000));
        QCOMPARE(m.rowCount(), 1);
        QCOMPARE(m.index(0, model::RunHistoryModel::StateColumn).data().toString(), QStringLiteral("timeout"));
        // Two reloads in a row: the second is not lost.
        m.reload(QStringLiteral("a"));
        m.reload(QString());
        QTRY_COMPARE(m.rowCount(), 3);
    }
};

QTEST_GUILESS_MAIN(TestRunHistoryModel)
#include "tst_runhistorymodel.moc"
