#include "admin/syncview.h"

#include "browsing/tooldiffpane.h"
#include "catalog/catalog.h"
#include "syncplanmodel.h"
#include "remote/syncwire.h"
#include "toolmd/toollayout.h"
#include "widgets/messagebox.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace tw::ui {

using engine::SyncActionKind;

namespace {

// Beyond this many files a tool's comparison shows its changed files and TOOL.md only.
constexpr qsizetype kMaxComparedFiles = 40;

} // namespace

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
    m_browse->setObjectName(QStringLiteral("syncBrowse"));
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
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("syncSplitter"));
    split->addWidget(m_view);
    m_diff = new ToolDiffPane(split);
    m_diff->setObjectName(QStringLiteral("syncDiff"));
    m_diff->tabs()->setObjectName(QStringLiteral("syncDiffTabs"));
    m_diff->showMessage(tr("Select a tool to compare the installed version with its seed."));
    split->addWidget(m_diff);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    m_diff->shareSplitterWith(split, m_view);
    layout->addWidget(split, 1);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("syncProgress"));
    m_progress->setVisible(false);
    layout->addWidget(m_progress);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("syncResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);

    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Seed Tools Directory"), seedDir());
        if (!dir.isEmpty())
            setSeedDir(dir);
    });
    // Only a changed path replans: leaving the field by clicking Apply must not disable Apply
    // between the press and the release.
    connect(m_seedEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_seedEdit->text() != m_plannedSeed) {
            m_rememberedSeed = m_seedEdit->text(); // typed: the user's choice
            replan();
        }
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (current.isValid())
            showRow(current);
    });
    connect(m_replan, &QPushButton::clicked, this, &SyncView::replan);
    connect(m_apply, &QPushButton::clicked, this, &SyncView::apply);
    connect(&m_planWatcher, &QFutureWatcher<engine::SyncPlan>::finished, this, [this] { showPlan(m_planWatcher.result()); });
    connect(&m_applyWatcher, &QFutureWatcher<engine::SyncResult>::finished, this, [this] { showApplied(m_applyWatcher.result()); });
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

void SyncView::showPlan(const engine::SyncPlan &plan)
{
    m_model->setPlan(plan.actions);
    m_plannedToolsDir = plan.seed.path;
    m_seedNote.clear();
    if (plan.seed.fromSeedRoot)
        m_seedNote = tr("%1 is the seed root: its tools folder is used.").arg(m_plannedSeed);
    if (!plan.skipped.isEmpty()) {
        QStringList dirs;
        for (const engine::SyncSkip &skip : plan.skipped)
            dirs.append(skip.dir);
        m_seedNote += (m_seedNote.isEmpty() ? QString() : QStringLiteral(" "))
            + tr("Skipped, as they hold no TOOL.md: %1.").arg(dirs.join(QStringLiteral(", ")));
    }
    m_view->resizeColumnsToContents();
    // The row that was being compared stays selected, compared anew against the new plan;
    // else the first change the sync would skip is shown, as that is what to look at.
    int keep = -1;
    for (int r = 0; r < m_model->rowCount() && keep < 0; ++r)
        if (m_model->plan()[r].dir == m_shownDir)
            keep = r;
    for (int r = 0; r < m_model->rowCount() && keep < 0; ++r)
        if (m_model->plan()[r].contentDiffers)
            keep = r;
    if (keep >= 0)
        m_view->setCurrentIndex(m_model->index(keep, 0));
    else
        m_diff->showMessage(tr("Select a tool to compare the installed version with its seed."));
    if (plan.seed.ok())
        showSummary();
    else
        m_summary->setText(tr("%1 is neither the seed's tools folder (no subfolder holds a TOOL.md) nor the seed root "
                              "(it has no tools folder): choose the platform's seed or seed/tools.")
                               .arg(m_plannedSeed));
    updateButtons();
    Q_EMIT planned();
    if (m_replanPending) {
        m_replanPending = false;
        replan();
    }
}

void SyncView::showApplied(const engine::SyncResult &result)
{
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
}

QString SyncView::seedDir() const { return m_seedEdit->text(); }
QString SyncView::summaryText() const { return m_summary->text(); }
QString SyncView::resultText() const { return m_result->text(); }

void SyncView::setDataPath(const QString &dataPath)
{
    m_dataPath = dataPath;
    replan();
}

void SyncView::setSeedDir(const QString &seedDir, bool remember)
{
    if (remember)
        m_rememberedSeed = seedDir;
    m_seedEdit->setText(seedDir);
    replan();
}

void SyncView::showRow(const QModelIndex &index)
{
    const engine::SyncAction &a = m_model->plan().at(index.row());
    m_shownDir = a.dir;
    if (m_server) {
        compareOnServer(a);
        return;
    }
    const QString installed = engine::globalToolsPath(m_dataPath) + u'/' + a.dir;
    const QString seed = m_plannedToolsDir + u'/' + a.dir;
    const QList<engine::TreeFileComparison> files = engine::compareTreesForView(installed, seed, kMaxComparedFiles);
    showComparison(a, files, installed + u'/', seed + u'/');
}

void SyncView::showComparison(const engine::SyncAction &a, const QList<engine::TreeFileComparison> &files,
                              const QString &installedPrefix, const QString &seedPrefix)
{
    const QString installedVersion = a.targetVersion ? tr("v%1").arg(*a.targetVersion) : QString();
    const QString seedVersion = tr("v%1").arg(a.seedVersion);
    QList<ToolDiffPane::File> shown;
    for (const engine::TreeFileComparison &f : std::as_const(files)) {
        const QString file = a.dir + u'/' + f.path;
        shown.append({f.path, f.inLeft ? installedPrefix + f.path : QString(), f.inRight ? seedPrefix + f.path : QString(),
                      !a.targetVersion ? tr("Installed — %1 is not installed").arg(a.dir)
                          : f.inLeft   ? tr("Installed — %1 (%2)").arg(file, installedVersion)
                                       : tr("Installed — no %1").arg(file),
                      f.inRight ? tr("Seed — %1 (%2)").arg(file, seedVersion) : tr("Seed — no %1").arg(file)});
    }
    if (shown.isEmpty())
        m_diff->showMessage(tr("%1 holds no files, installed or in the seed.").arg(a.dir));
    else
        m_diff->showFiles(shown);
}

void SyncView::replan()
{
    if (m_planWatcher.isRunning()) {
        m_replanPending = true;
        return;
    }
    const QString seed = seedDir();
    m_plannedSeed = seed;
    if (m_server && !seed.isEmpty()) {
        planOnServer(seed);
        return;
    }
    if (m_dataPath.isEmpty() || seed.isEmpty() || !QFileInfo(seed).isDir()) {
        m_model->setPlan({});
        m_plannedToolsDir.clear();
        m_seedNote.clear();
        m_summary->setText(seed.isEmpty() ? tr("Choose the seed tools directory (the platform's seed/tools).")
                                          : tr("%1 is not a directory.").arg(seed));
        updateButtons();
        return;
    }
    m_summary->setText(tr("Planning…"));
    const QString data = m_dataPath;
    m_planWatcher.setFuture(QtConcurrent::run([seed, data] { return engine::planSeedSync(seed, data); }));
    updateButtons();
}

void SyncView::apply()
{
    const int changes = m_model->count(SyncActionKind::Install) + m_model->count(SyncActionKind::Update);
    if (changes == 0 || isBusy())
        return;
    const QString question = tr("Install %1 and update %2 of the seed's tools in %3/tools? Updated directories are replaced whole.")
                                 .arg(m_model->count(SyncActionKind::Install))
                                 .arg(m_model->count(SyncActionKind::Update))
                                 .arg(m_dataPath);
    if (MessageBox::ask(this, tr("Apply Seed Sync"), question, {tr("&Apply Sync"), tr("Cancel")}) != 0)
        return;
    m_progress->setRange(0, changes);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_result->clear();
    if (m_server) {
        applyOnServer(changes);
        return;
    }
    const QList<engine::SyncAction> plan = m_model->plan();
    const QString seed = m_plannedToolsDir; // the seed root's tools/ when the root was chosen
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
        text += u' ' + tr("<b>%n tools changed in the seed without a version bump: the sync will skip them.</b>", nullptr, notBumped);
    if (!m_seedNote.isEmpty())
        text = m_seedNote + u' ' + text;
    m_summary->setText(text);
}

bool SyncView::isBusy() const
{
    return m_planWatcher.isRunning() || m_applyWatcher.isRunning() || m_serverPlanning || m_serverApplying;
}

void SyncView::setServer(engine::RemoteSession *session)
{
    m_server = session;
    m_browse->hide(); // a file dialog would browse this machine, not the server
    m_seedEdit->setPlaceholderText(tr("The seed's folder on the server (the platform's seed or seed/tools)"));
    m_seedEdit->setToolTip(tr("A path on %1").arg(session->target().displayHost()));
    connect(session, &engine::RemoteSession::connected, this, [this] {
        if (!seedDir().isEmpty())
            replan(); // what the server holds now
    });
    connect(session, &engine::RemoteSession::notificationReceived, this, [this](const QString &method, const QJsonObject &p) {
        if (method == u"sync.progress" && m_serverApplying)
            m_progress->setValue(p.value(QStringLiteral("done")).toInt());
    });
    replan();
}

void SyncView::planOnServer(const QString &seed)
{
    engine::RemoteConnection *connection = m_server->connection();
    if (!connection) {
        m_summary->setText(tr("Not connected: the plan is made when the connection is back."));
        updateButtons();
        return;
    }
    if (m_serverPlanning) {
        m_replanPending = true;
        return;
    }
    m_serverPlanning = true;
    m_summary->setText(tr("Planning on %1…").arg(m_server->target().displayHost()));
    updateButtons();
    // One plan in flight at a time (a replan meanwhile asks again when it is in): its reply is
    // always shown.
    QPointer<SyncView> self(this);
    connection->call(QStringLiteral("sync.plan"), {{QStringLiteral("seed"), seed}}, [self, seed](const engine::RpcResult &r) {
        if (!self)
            return;
        self->m_serverPlanning = false;
        QString error = r.ok() ? QString() : r.message;
        std::optional<engine::SyncPlan> plan;
        if (r.ok())
            plan = engine::syncPlanFromJson(r.result.toObject(), &error);
        if (!plan) {
            self->m_model->setPlan({});
            self->m_plannedToolsDir.clear();
            self->m_summary->setText(tr("%1: %2").arg(seed, error));
            self->m_diff->showMessage(tr("Select a tool to compare the installed version with its seed."));
            self->updateButtons();
            Q_EMIT self->planned();
            if (std::exchange(self->m_replanPending, false))
                self->replan();
            return;
        }
        self->showPlan(*plan);
    });
}

void SyncView::applyOnServer(int changes)
{
    engine::RemoteConnection *connection = m_server->connection();
    if (!connection) {
        m_progress->setVisible(false);
        m_result->setText(tr("Not connected: nothing was applied."));
        return;
    }
    m_serverApplying = true;
    updateButtons();
    QPointer<SyncView> self(this);
    connection->call(QStringLiteral("sync.apply"), {{QStringLiteral("seed"), m_plannedSeed}},
                     [self, changes](const engine::RpcResult &r) {
                         if (!self)
                             return;
                         self->m_serverApplying = false;
                         if (!r.ok()) {
                             // A reply lost with the connection: the server applied each tool
                             // whole or not at all; the next plan says which.
                             self->m_progress->setVisible(false);
                             self->m_result->setText(tr("The sync on the server did not answer: %1. Each tool is either "
                                                        "its old or its new version; the plan shows which.")
                                                         .arg(r.message));
                             self->updateButtons();
                             self->replan();
                             return;
                         }
                         self->m_progress->setValue(changes);
                         self->showApplied(engine::syncResultFromJson(r.result.toObject()));
                     });
}

void SyncView::compareOnServer(const engine::SyncAction &a)
{
    engine::RemoteConnection *connection = m_server->connection();
    if (!connection) {
        m_diff->showMessage(tr("Not connected: the comparison is read from the server."));
        return;
    }
    m_diff->showMessage(tr("Reading %1 from the server…").arg(a.dir));
    QPointer<SyncView> self(this);
    const quint64 request = ++m_compareRequest;
    connection->call(QStringLiteral("sync.compare"), {{QStringLiteral("seed"), m_plannedSeed}, {QStringLiteral("dir"), a.dir}},
                     [self, request, a](const engine::RpcResult &r) {
                         if (!self || request != self->m_compareRequest || self->m_shownDir != a.dir)
                             return;
                         if (!r.ok()) {
                             self->m_diff->showMessage(tr("Could not compare %1: %2").arg(a.dir, r.message));
                             return;
                         }
                         // The bytes came with the reply: the pane reads them from here, by a
                         // name that is no path of this machine.
                         auto sides = std::make_shared<QHash<QString, std::pair<QByteArray, QString>>>();
                         QList<engine::TreeFileComparison> files;
                         for (const engine::SyncComparedFile &f : engine::syncComparedFilesFromJson(r.result.toObject())) {
                             files.append(f.comparison);
                             sides->insert(QStringLiteral("installed:") + f.comparison.path, {f.installed, f.installedError});
                             sides->insert(QStringLiteral("seed:") + f.comparison.path, {f.seed, f.seedError});
                         }
                         self->m_diff->setFileReader([sides](const QString &path, FileReply reply) {
                             const auto it = sides->constFind(path);
                             if (it == sides->cend())
                                 reply({}, tr("not sent by the server"));
                             else
                                 reply(it->first, it->second);
                         });
                         self->showComparison(a, files, QStringLiteral("installed:"), QStringLiteral("seed:"));
                     });
}

void SyncView::updateButtons()
{
    const bool busy = isBusy();
    const int changes = m_model->count(SyncActionKind::Install) + m_model->count(SyncActionKind::Update);
    m_apply->setEnabled(!busy && changes > 0);
    m_replan->setEnabled(!busy);
}

} // namespace tw::ui
