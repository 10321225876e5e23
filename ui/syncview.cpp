#include "syncview.h"

#include "syncplanmodel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace tw::ui {

using engine::SyncActionKind;

SyncView::SyncView(QWidget *parent) : QWidget(parent)
{
    m_model = new model::SyncPlanModel(this);
    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    auto *seedLabel = new QLabel(tr("&Seed tools:"), this);
    m_seedEdit = new QLineEdit(this);
    m_seedEdit->setObjectName(QStringLiteral("syncSeedEdit"));
    m_seedEdit->setAccessibleName(tr("Seed tools directory"));
    seedLabel->setBuddy(m_seedEdit);
    m_browse = new QPushButton(tr("&Browse…"), this);
    m_replan = new QPushButton(tr("&Plan Again"), this);
    m_replan->setObjectName(QStringLiteral("syncReplan"));
    m_apply = new QPushButton(tr("&Apply Sync"), this);
    m_apply->setObjectName(QStringLiteral("syncApply"));
    bar->addWidget(seedLabel);
    bar->addWidget(m_seedEdit, 1);
    bar->addWidget(m_browse);
    bar->addWidget(m_replan);
    bar->addWidget(m_apply);
    layout->addLayout(bar);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("syncSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("syncPlanView"));
    m_view->setAccessibleName(tr("Sync plan"));
    m_view->setModel(m_model);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    layout->addWidget(m_view, 1);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("syncProgress"));
    m_progress->setVisible(false);
    layout->addWidget(m_progress);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("syncResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);

    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this, tr("Apply Seed Sync"), question) == QMessageBox::Yes;
    };
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Seed Tools Directory"), seedDir());
        if (!dir.isEmpty())
            setSeedDir(dir);
    });
    // Only a changed path replans: leaving the field by clicking Apply must not disable Apply
    // between the press and the release.
    connect(m_seedEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_seedEdit->text() != m_plannedSeed)
            replan();
    });
    connect(m_replan, &QPushButton::clicked, this, &SyncView::replan);
    connect(m_apply, &QPushButton::clicked, this, &SyncView::apply);
    connect(&m_planWatcher, &QFutureWatcher<QList<engine::SyncAction>>::finished, this, [this] {
        m_model->setPlan(m_planWatcher.result());
        m_view->resizeColumnsToContents();
        showSummary();
        updateButtons();
        Q_EMIT planned();
        if (m_replanPending) {
            m_replanPending = false;
            replan();
        }
    });
    connect(&m_applyWatcher, &QFutureWatcher<engine::SyncResult>::finished, this, [this] {
        const engine::SyncResult result = m_applyWatcher.result();
        int installed = 0, updated = 0;
        for (const engine::SyncAction &a : result.applied)
            (a.action == SyncActionKind::Install ? installed : updated)++;
        QString text = tr("Sync applied: %1 installed, %2 updated.").arg(installed).arg(updated);
        if (!result.errors.isEmpty())
            text += u' ' + tr("%n failed and kept their old version: ", nullptr, int(result.errors.size()))
                + result.errors.join(QStringLiteral("; "));
        m_result->setText(text);
        m_progress->setVisible(false);
        Q_EMIT applied(result);
        replan();
    });
    updateButtons();
}

SyncView::~SyncView()
{
    // The line edit emits editingFinished when it loses focus while being destroyed, after
    // this class's part of the object is gone.
    disconnect(m_seedEdit, nullptr, this, nullptr);
    m_planWatcher.waitForFinished();
    m_applyWatcher.waitForFinished();
}

QString SyncView::seedDir() const { return m_seedEdit->text(); }
QString SyncView::summaryText() const { return m_summary->text(); }
QString SyncView::resultText() const { return m_result->text(); }

void SyncView::setDataPath(const QString &dataPath)
{
    m_dataPath = dataPath;
    replan();
}

void SyncView::setSeedDir(const QString &seedDir)
{
    m_seedEdit->setText(seedDir);
    replan();
}

void SyncView::replan()
{
    if (m_planWatcher.isRunning()) {
        m_replanPending = true;
        return;
    }
    const QString seed = seedDir();
    m_plannedSeed = seed;
    if (m_dataPath.isEmpty() || seed.isEmpty() || !QFileInfo(seed).isDir()) {
        m_model->setPlan({});
        m_summary->setText(seed.isEmpty() ? tr("Choose the seed tools directory (the platform's seed/tools).")
                                          : tr("%1 is not a directory.").arg(seed));
        updateButtons();
        return;
    }
    m_summary->setText(tr("Planning…"));
    const QString data = m_dataPath;
    m_planWatcher.setFuture(QtConcurrent::run([seed, data] { return engine::planSync(seed, data); }));
    updateButtons();
}

void SyncView::apply()
{
    const int changes = m_model->count(SyncActionKind::Install) + m_model->count(SyncActionKind::Update);
    if (changes == 0 || m_applyWatcher.isRunning())
        return;
    const QString question = tr("Install %1 and update %2 tool(s) in %3/tools? Updated directories are replaced whole.")
                                 .arg(m_model->count(SyncActionKind::Install))
                                 .arg(m_model->count(SyncActionKind::Update))
                                 .arg(m_dataPath);
    if (!m_confirm(question))
        return;
    m_progress->setRange(0, changes);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_result->clear();
    const QList<engine::SyncAction> plan = m_model->plan();
    const QString seed = seedDir();
    const QString data = m_dataPath;
    QPointer<QProgressBar> bar(m_progress);
    m_applyWatcher.setFuture(QtConcurrent::run([plan, seed, data, bar] {
        return engine::applySync(plan, seed, data, [bar](int done, int, const QString &) {
            QMetaObject::invokeMethod(bar, [bar, done] {
                if (bar)
                    bar->setValue(done);
            }, Qt::QueuedConnection);
        });
    }));
    updateButtons();
}

void SyncView::showSummary()
{
    QStringList parts;
    auto add = [&](SyncActionKind kind, const QString &words) {
        if (const int n = m_model->count(kind))
            parts.append(words.arg(n));
    };
    add(SyncActionKind::Install, tr("%1 to install"));
    add(SyncActionKind::Update, tr("%1 to update"));
    add(SyncActionKind::SkipEqual, tr("%1 unchanged"));
    add(SyncActionKind::KeepNewer, tr("%1 kept (installed is newer)"));
    QString text = parts.isEmpty() ? tr("The seed directory holds no tools.") : parts.join(QStringLiteral(", ")) + u'.';
    if (const int notBumped = m_model->notBumpedCount())
        text += u' ' + tr("<b>%n tool(s) changed in the seed without a version bump: the sync will skip them.</b>", nullptr, notBumped);
    m_summary->setText(text);
}

void SyncView::updateButtons()
{
    const bool busy = m_planWatcher.isRunning() || m_applyWatcher.isRunning();
    const int changes = m_model->count(SyncActionKind::Install) + m_model->count(SyncActionKind::Update);
    m_apply->setEnabled(!busy && changes > 0);
    m_replan->setEnabled(!busy);
}

} // namespace tw::ui
