#pragma once
// The one run path (DESIGN.md "Running a tool"), shared by `toolwright run` and the Run view,
// which only present it. A launch builds the session from the tool's run settings, the user's
// integrations and the runtime choice; when the secret store is locked (the encrypted file)
// and the run needs it, asks its caller to unlock it (never from inside a read); stores the
// typed secrets the caller asked to remember; gathers the inputs (sensitive inputs left empty
// and the integration tokens, from the secret store) into it; asks its caller about each secret
// stored for another definition of the tool (secretbinding.h); starts it; records its events;
// and when it ends writes the masked record to the run history, off the calling thread. Always
// in that order, whoever presents it.

#include "run/runhistory.h"
#include "run/runexecution.h"
#include "run/runinputs.h"
#include "run/runsession.h"
#include "secrets/secretstore.h"

#include <QFutureWatcher>
#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace tw::engine {

struct RunRequest
{
    ToolRecord tool;
    QString dataPath;
    QString user;
    QJsonObject params;    // as given: empty sensitive inputs are filled from the secret store
    QString runtimeChoice; // auto, bwrap, podman, docker
    int timeoutMs = 0;     // above 0: instead of the tool's run settings
    QString source;        // where the tool comes from (toolSource), for the history
    // The user's integrations for this run; unset: this machine's settings for the user (a
    // server is given the desktop's, remote/remoteserver.h).
    std::optional<Integrations> integrations = std::nullopt;
    // Whose secrets and integrations in this machine's store: empty, `user`'s; a run on a
    // server, the server's names for them (remoteSecretUser: `ssh:host/user`).
    QString secretUser = {};
    // What becomes of the run's changes to the data root; unset: Settings (RunChangesSettings),
    // with Ask only when `canAsk` (someone will see the run's Changes tab).
    std::optional<RunChangesPolicy> changes = std::nullopt;
    bool canAsk = false;

    QString keyUser() const { return secretUser.isEmpty() ? user : secretUser; }
};

// Makes the execution of a launched run: the default a RunSession on this machine (the tool's
// run settings, `integrations`, the request's runtime choice).
using RunExecutionFactory = std::function<std::unique_ptr<RunExecution>(const RunRequest &request, const Integrations &integrations)>;

class RunLauncher final : public QObject
{
    Q_OBJECT
public:
    // What to do with a secret stored for another definition of the tool's name.
    enum class HeldAnswer {
        Use,    // use it, and bind it to this tool from now on
        Skip,   // run without it
        Refuse, // do not run (the CLI without --trust-changed)
    };
    using HeldSecretPolicy = std::function<HeldAnswer(const HeldSecret &secret)>;

    // `secrets` must outlive the launch's gathering; `historyPath` empty: no history.
    RunLauncher(RunRequest request, SecretStore &secrets, QString historyPath, QObject *parent = nullptr);
    RunLauncher(RunRequest request, SecretStore &secrets, QString historyPath, const RunExecutionFactory &factory,
                QObject *parent = nullptr);
    ~RunLauncher() override;

    RunExecution *execution() const { return m_execution.get(); }
    // The sandbox session of a run on this machine; null for one on a server.
    RunSession *session() const { return qobject_cast<RunSession *>(m_execution.get()); }
    const RunRequest &request() const { return m_request; }
    // Asked once per held secret, before the start; without a policy a held secret is skipped.
    void setHeldSecretPolicy(HeldSecretPolicy policy) { m_policy = std::move(policy); }
    // Asked once, before anything is read or written, when the secret store is locked
    // (`lockedPath`) and the run needs it. The caller unlocks the store its own way (a dialog,
    // a terminal) and calls `proceed` — also when it could not: then the store's operations
    // fail with "locked" and the run goes on without those secrets (inputsGathered's
    // keychainErrors say so). `proceed` may be called later, from the event loop; calling it
    // after the launcher is gone does nothing. Without a handler a locked store stays locked.
    // Sensitive inputs whose value in the request's params goes to the secret store before the
    // run (the Run view's "remember"), bound to this tool; secretRemembered answers each.
    void setSecretsToRemember(QStringList inputs) { m_remember = std::move(inputs); }
    using UnlockHandler = std::function<void(const QString &lockedPath, std::function<void()> proceed)>;
    void setUnlockHandler(UnlockHandler handler) { m_unlock = std::move(handler); }

    // Unlocks (through the handler) if needed, gathers the inputs, then starts the session;
    // returns at once.
    void launch();
    // Cancels the run: before the inputs arrive, the sandbox never starts (the session still
    // finishes, cancelled, and is recorded); after, the session's cancel.
    void cancel();
    bool isStarted() const { return m_started; }
    bool isWaitingForUnlock() const { return m_waitingForUnlock; }
    // The masked record, once recorded (for a view of the run just done).
    const RunRecord &record() const { return m_record; }
    bool isRecording() const { return m_write != nullptr; }

Q_SIGNALS:
    // The inputs as gathered, before the start (keychain errors, problems to warn about).
    void inputsGathered(const tw::engine::RunInputs &inputs);
    // A secret of `remember` was written to the store (or why not).
    void secretRemembered(const QString &input, const tw::engine::SecretResult &result);
    // The policy refused a held secret: the session never starts.
    void refused(const QString &message);
    // After the session finished, from the event loop: the record as written (`id` > 0), or
    // why it was not (`id` 0 and no error: no history was asked for).
    void recorded(const tw::engine::RunRecord &record, qint64 id, const QString &error);

private:
    bool needsSecretStore() const;
    void rememberAndGather();
    void onGathered(RunInputs inputs);
    void onFinished(const RunOutcome &outcome);

    RunRequest m_request;
    // The user's integrations, read once: the run options, the question whether the store is
    // needed and the gathered tokens all see the same settings.
    Integrations m_integrations;
    SecretStore &m_secrets;
    QString m_historyPath;
    HeldSecretPolicy m_policy;
    UnlockHandler m_unlock;
    QStringList m_remember;
    std::unique_ptr<RunExecution> m_execution;
    RunRecordBuilder m_builder;
    RunRecord m_record;
    struct Written
    {
        RunRecord record;
        qint64 id = 0; // 0: no history asked for, or not written (`error` says why)
        QString error;
    };
    QFutureWatcher<Written> *m_write = nullptr;
    bool m_started = false;
    bool m_waitingForUnlock = false;
    bool m_cancelRequested = false;
};


} // namespace tw::engine
