// The Sync view offscreen: the plan with the not-bumped tool highlighted, Apply with a
// confirmation, progress and a result, then a plan with nothing left to do.

#include "catalog.h"
#include "fixture.h"
#include "syncplanmodel.h"
#include "syncview.h"

#include <QApplication>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using test::makeTool;
using test::readFile;
using test::toolMd;

class TestSyncView final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_seed, m_data;

private Q_SLOTS:
    void init()
    {
        m_seed = m_tmp.path() + QStringLiteral("/seed");
        m_data = m_tmp.path() + QStringLiteral("/data");
        QDir(m_seed).removeRecursively();
        QDir(m_data).removeRecursively();
        makeTool(m_seed, QStringLiteral("fresh"), toolMd("fresh", 1));
        makeTool(m_seed, QStringLiteral("bumped"), toolMd("bumped", 2));
        makeTool(m_seed, QStringLiteral("forgot"), toolMd("forgot", 1) + "new docs\n");
        makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("bumped"), toolMd("bumped", 1));
        makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("forgot"), toolMd("forgot", 1));
    }

    void planThenApply()
    {
        ui::SyncView view;
        QStringList questions;
        view.setConfirmation([&](const QString &q) {
            questions.append(q);
            return true;
        });
        QSignalSpy planned(&view, &ui::SyncView::planned);
        view.setDataPath(m_data);
        view.setSeedDir(m_seed);
        view.show();
        QTRY_VERIFY(!planned.isEmpty() && view.planModel()->rowCount() == 3);
        QVERIFY(view.summaryText().contains(QStringLiteral("1 to install")));
        QVERIFY(view.summaryText().contains(QStringLiteral("without a version bump")));
        const QModelIndex forgot = view.planModel()->index(1, 0); // bumped, forgot, fresh
        QCOMPARE(forgot.data().toString(), QStringLiteral("forgot"));
        QVERIFY(forgot.data(model::SyncPlanModel::ContentDiffersRole).toBool());
        QVERIFY(view.applyButton()->isEnabled());

        QSignalSpy applied(&view, &ui::SyncView::applied);
        // Leaving the seed field by clicking Apply must still apply.
        view.activateWindow();
        view.findChild<QLineEdit *>(QStringLiteral("syncSeedEdit"))->setFocus();
        QTest::mouseClick(view.applyButton(), Qt::LeftButton);
        QTRY_COMPARE(applied.size(), 1);
        QCOMPARE(questions.size(), 1);
        QVERIFY(questions.first().contains(QStringLiteral("Install 1 and update 1")));
        QVERIFY(view.resultText().contains(QStringLiteral("1 installed, 1 updated")));
        QVERIFY(!view.progressBar()->isVisible());
        QCOMPARE(readFile(m_data + QStringLiteral("/tools/bumped/TOOL.md")), toolMd("bumped", 2));
        QVERIFY(QFile::exists(m_data + QStringLiteral("/tools/fresh/TOOL.md")));
        QCOMPARE(readFile(m_data + QStringLiteral("/tools/forgot/TOOL.md")), toolMd("forgot", 1)); // skipped, as the platform would
        // The view plans again: nothing left to install or update.
        QTRY_VERIFY(!view.applyButton()->isEnabled() && view.planModel()->count(engine::SyncActionKind::Update) == 0
                    && view.planModel()->count(engine::SyncActionKind::Install) == 0);
    }

    void declinedConfirmationChangesNothing()
    {
        ui::SyncView view;
        view.setConfirmation([](const QString &) { return false; });
        QSignalSpy planned(&view, &ui::SyncView::planned);
        view.setDataPath(m_data);
        view.setSeedDir(m_seed);
        QTRY_VERIFY(view.planModel()->rowCount() == 3);
        view.apply();
        QTest::qWait(100);
        QVERIFY(!QFile::exists(m_data + QStringLiteral("/tools/fresh/TOOL.md")));
        QVERIFY(view.resultText().isEmpty());
    }

    void missingSeedDir()
    {
        ui::SyncView view;
        view.setDataPath(m_data);
        view.setSeedDir(m_tmp.path() + QStringLiteral("/nope"));
        QVERIFY(view.summaryText().contains(QStringLiteral("is not a directory")));
        QVERIFY(!view.applyButton()->isEnabled());
    }
};

QTEST_MAIN(TestSyncView)
#include "tst_syncview.moc"
