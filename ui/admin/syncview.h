#pragma once
// The admin's Sync view: what the next server start's seed sync will do to DATA_PATH/tools,
// with the tools whose seed changed without a version bump highlighted, and Apply. Selecting a
// row compares the installed tool with its seed, file by file, so an un-bumped change is seen.
// The seed folder may be the seed root (its tools/ is used, and the view says so); a folder
// that is neither is refused with the reason (engine::resolveSeedToolsDir).

#include "remote/remotesession.h"
#include "sync/seedsync.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace tw::model {
class SyncPlanModel;
}

namespace tw::ui {

class ToolDiffPane;

class SyncView final : public QWidget
{
    Q_OBJECT
public:
    explicit SyncView(QWidget *parent = nullptr);
    ~SyncView() override;

    void setDataPath(const QString &dataPath);
    // A server window's Seed Sync: the seed is a folder on the server; the plan, the apply and
    // each tool's comparison are `sync.plan`, `sync.apply` and `sync.compare` over `session`.
    void setServer(engine::RemoteSession *session);
    bool isServer() const { return m_server != nullptr; }
    bool isBusy() const;
    // `remember`: whether it is the seed dir to offer next time (false for a --seed given on
    // the command line, which is for this session, as --data is).
    void setSeedDir(const QString &seedDir, bool remember = true);
    QString seedDir() const;
    // The directory whose subdirectories the plan shown was made from: seedDir() or its tools/.
    QString plannedToolsDir() const { return m_plannedToolsDir; }
    QString rememberedSeedDir() const { return m_rememberedSeed; }
    void replan();
    // Asks first (MessageBox, whose seam answers in tests), then applies the plan.
    void apply();

    QTableView *planView() const { return m_view; }
    model::SyncPlanModel *planModel() const { return m_model; }
    QPushButton *applyButton() const { return m_apply; }
    QProgressBar *progressBar() const { return m_progress; }
    ToolDiffPane *diffPane() const { return m_diff; }
    QString summaryText() const;
    QString resultText() const;

Q_SIGNALS:
    void planned();
    void applied(const tw::engine::SyncResult &result);

private:
    void showPlan(const engine::SyncPlan &plan);
    void showApplied(const engine::SyncResult &result);
    void planOnServer(const QString &seed);
    void applyOnServer(int changes);
    void compareOnServer(const engine::SyncAction &a);
    // The comparison of `a`'s files; each side's file is read at its prefix + path (a path
    // here, or a name the server's reply is read by).
    void showComparison(const engine::SyncAction &a, const QList<engine::TreeFileComparison> &files,
                        const QString &installedPrefix, const QString &seedPrefix);
    void showSummary();
    void updateButtons();
    void showRow(const QModelIndex &index);

    QString m_dataPath;
    model::SyncPlanModel *m_model = nullptr;
    QLineEdit *m_seedEdit = nullptr;
    QPushButton *m_browse = nullptr;
    QPushButton *m_replan = nullptr;
    QPushButton *m_apply = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_result = nullptr;
    QProgressBar *m_progress = nullptr;
    ToolDiffPane *m_diff = nullptr;
    QFutureWatcher<engine::SyncPlan> m_planWatcher;
    QFutureWatcher<engine::SyncResult> m_applyWatcher;
    bool m_replanPending = false;
    QString m_plannedSeed;
    QString m_plannedToolsDir; // empty while there is no plan
    QString m_seedNote;        // the seed root used, and what was skipped, before the counts
    QString m_rememberedSeed;
    QString m_shownDir; // the row whose comparison is shown, kept across a new plan
    QPointer<engine::RemoteSession> m_server;
    bool m_serverPlanning = false, m_serverApplying = false;
    quint64 m_compareRequest = 0; // the comparison asked for last: older replies are dropped
};

} // namespace tw::ui
