#pragma once
// The Run view: a tool's generated input form with presets and its run settings on the left;
// one live progress pane per run (several at once) and the run history on the right. A run
// follows DESIGN.md "Running a tool": the form's params, sensitive inputs left empty filled
// from the keychain, the integrations' environment, the tool's run settings, the runtime.
// Past runs open beside the live ones, read-only (RunRecordView), and two of them compare side
// by side (RunCompareView). With no tool chosen the left side says how to choose one.
//
// The view arranges its parts and presents the one run path (RunLauncher, as `toolwright run`):
// RunPresetBar, RunInputsEditor (form or JSON) and RunSettingsBox on the left, RunTabs (the
// panes and past runs) and RunHistoryPanel on the right, SecretFilePrompt for a locked file.

#include "catalog/catalog.h"
#include "remote/remotesession.h"
#include "run/runhistory.h"
#include "run/runinputs.h"
#include "tones.h"
#include "toolmd/toolrecord.h"

#include <QKeySequence>
#include <QPointer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace tw::engine {
class SecretStore;
}
namespace tw::model {
class RunHistoryModel;
}

namespace tw::ui {

class RunCompareView;
class RunForm;
class RunHistoryPanel;
class RunInputsEditor;
class RunPane;
class RunPresetBar;
class RunRecordView;
class RunSettingsBox;
class RunTabs;

class RunView final : public QWidget
{
    Q_OBJECT
public:
    // `secrets` must outlive the view; `historyPath` is the SQLite file of past runs.
    RunView(engine::SecretStore &secrets, const QString &historyPath, QWidget *parent = nullptr);
    ~RunView() override;

    // The catalog tools are resolved in (for re-runs from the history). A new catalog reloads
    // the shown tool's form from it — after its runs end, never under them. A tool that no
    // longer loads keeps its error in view and Run disabled; the view never falls back to the
    // global copy of an overridden tool on its own.
    void setCatalog(std::shared_ptr<const engine::Catalog> catalog);
    bool isReloadPending() const { return m_reloadPending; }
    bool toolFailsToLoad() const { return m_toolBroken; }
    QLabel *noticeLabel() const { return m_notice; }
    // Shows `tool`'s form for `user` (the user whose data root the run sees).
    void setTool(const engine::ToolRecord &tool, const QString &user);
    // Resolves `name` among `user`'s effective tools in the catalog; false if there is none.
    bool showTool(const QString &name, const QString &user);
    bool hasTool() const { return m_hasTool; }
    const engine::ToolRecord &tool() const { return m_tool; }
    QString user() const { return m_user; }

    // Validates the form (or the JSON editor) and starts a run in a new pane; null when the
    // params have problems.
    RunPane *run();
    // The JSON editor for the whole params object instead of the form. Switching back is
    // refused (false) while the JSON has problems the form cannot show.
    bool setJsonMode(bool on);
    bool isJsonMode() const;
    // The params the JSON editor holds, sensitive markers resolved; `problems` gets every
    // problem, each naming its field.
    QJsonObject jsonParams(QList<engine::ParamProblem> *problems) const;
    // Loads a past run's inputs into the form (its tool first), sensitive ones left to the keychain.
    bool loadFromHistory(qint64 runId);
    bool rerun(qint64 runId); // loadFromHistory + run
    // A past run in full, in a tab beside the live runs; the form is left alone. Null if absent.
    RunRecordView *openHistoryRun(qint64 runId);
    // Two past runs' results and inputs side by side, the older on the left. Null if one is absent.
    RunCompareView *compareHistoryRuns(qint64 a, qint64 b);
    // The history rows selected, newest first.
    QList<qint64> selectedRuns() const;

    // A server window's Run view: runs go to `session`'s server (run.start over its connection,
    // RemoteRunExecution) with this desktop's secrets under the server's names; the run settings
    // are the server's (the settings box gives way to a note saying so). `dataLocation` is the
    // ssh:// address for "Copy as Command".
    void setServer(engine::RemoteSession *session, const QString &dataLocation);
    bool isServer() const { return m_server != nullptr; }
    QLabel *serverNote() const { return m_serverNote; }

    // The window's shortcuts that bring a tool here, named by the empty state.
    void setOpenShortcuts(const QKeySequence &browse, const QKeySequence &run);

    // Presets of the current tool.
    void savePreset(const QString &name);
    bool loadPreset(const QString &name);
    void deletePreset(const QString &name);
    QStringList presetNames() const;

    // For tests and the main window.
    RunForm *form() const;
    QTabWidget *runTabs() const;
    RunPane *pane(int index) const;
    int runningCount() const;
    QPushButton *runButton() const { return m_runButton; }
    // Whether the catalog has arrived (a run needs it: the DATA_PATH and the tool's source).
    bool hasCatalog() const { return m_catalog != nullptr; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *emptyStateLabel() const { return m_emptyState; }
    QCheckBox *jsonToggle() const;
    QPlainTextEdit *jsonEditor() const;
    QLabel *jsonProblemsLabel() const;
    QComboBox *presetCombo() const;
    QComboBox *runtimeCombo() const;
    QComboBox *userPicker() const { return m_userPicker; }
    QSpinBox *timeoutBox() const;
    QCheckBox *networkBox() const;
    QCheckBox *updateResetsBox() const;
    QSpinBox *hardLimitBox() const;
    QSpinBox *memoryBox() const;
    QTableView *historyView() const;
    model::RunHistoryModel *historyModel() const;

Q_SIGNALS:
    void runStarted(tw::ui::RunPane *pane);
    void runRecorded(qint64 id); // a finished run is in the history
    void storedSecretsChanged();

private:
    QWidget *makeToolPage();
    QLayout *makeUserRow(QWidget *parent);
    QLayout *makeRunRow(QWidget *parent);
    void say(const QString &text, model::Tone tone); // the message under the form, in its tone; empty: none
    void showEmptyState();
    void refreshStoredSecrets();
    void forgetSecret(const QString &input);
    void reloadToolFromCatalog();
    void showToolBroken(const engine::SkippedDir *skipped);
    bool toolIsRunning() const;
    void showToolTitle();
    void reloadHistory();
    void fillUserPicker();
    void chooseUser(const QString &user);
    RunPane *launch(const QJsonObject &params);

    engine::SecretStore &m_secrets;
    QString m_historyPath;
    QPointer<engine::RemoteSession> m_server;
    QString m_serverLocation;
    QLabel *m_serverNote = nullptr;
    // Whose secrets in this desktop's store: the run's user, or on a server its name there.
    QString keyUser() const;
    std::shared_ptr<const engine::Catalog> m_catalog;
    engine::ToolRecord m_tool;
    QString m_user;
    QComboBox *m_userPicker = nullptr;
    bool m_hasTool = false;
    bool m_reloadPending = false;
    bool m_toolBroken = false;

    QStackedWidget *m_leftStack = nullptr; // the empty state, or the tool's page
    QLabel *m_emptyState = nullptr;
    QKeySequence m_browseKey{Qt::CTRL | Qt::Key_1};
    QKeySequence m_runKey{Qt::CTRL | Qt::Key_R};
    QLabel *m_title = nullptr;
    QLabel *m_message = nullptr;
    QLabel *m_notice = nullptr; // the tool's state on disk: reload pending, reloaded, broken
    RunPresetBar *m_presetBar = nullptr;
    RunInputsEditor *m_inputs = nullptr;
    RunSettingsBox *m_settings = nullptr;
    QPushButton *m_runButton = nullptr;
    QList<QWidget *> m_toolControls; // enabled once a tool is chosen
    RunTabs *m_runs = nullptr;
    RunHistoryPanel *m_historyPanel = nullptr;
};

} // namespace tw::ui
