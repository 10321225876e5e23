#pragma once
// Per-tool run settings and the integrations a run sees (issue 4; DESIGN.md "Running a tool").
// Both live in QSettings per user; nothing sensitive does: integration tokens and secret
// resource fields are in the keychain under `<user>/resource/<id>` (DESIGN.md "Secrets").

#include "run/runsession.h"

#include <QJsonObject>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <map>

namespace tw::engine {

class SecretStore;

struct ToolRunSettings
{
    bool network = false;
    int timeoutSec = 60;
    bool updateResetsTimeout = false; // when on, a tool that keeps reporting progress is not killed…
    int hardLimitSec = 30 * 60;      // …until this ceiling
    int memoryMb = 512;

    // The ranges of the Run view's fields. load() keeps a hand-edited settings file inside them
    // too: in milliseconds (RunOptions) a larger time would overflow an int.
    static constexpr int kMaxTimeoutSec = 24 * 3600;
    static constexpr int kMaxHardLimitSec = 7 * 24 * 3600;
    static constexpr int kMinMemoryMb = 64;
    static constexpr int kMaxMemoryMb = 64 * 1024;

    static ToolRunSettings load(const QString &user, const QString &tool);
    void save(const QString &user, const QString &tool) const;
};

// What becomes of a run's changes to its data root, per where the tool comes from (QSettings
// group "run"): the user's own tools keep them by default; for tools from others (global
// tools, another's) the GUI asks and the CLI discards: a tool someone else wrote does not plant
// files in a HOME every later run shares unless someone said so.
struct RunChangesSettings
{
    RunChangesPolicy ownTools = RunChangesPolicy::Keep;
    RunChangesPolicy otherTools = RunChangesPolicy::Ask; // the CLI and servers: Discard

    static RunChangesSettings load();
    void save() const;
    // The policy for a run of `tool` for `user`; `canAsk` false (the CLI, a server): Ask is Discard.
    RunChangesPolicy policyFor(const ToolRecord &tool, const QString &user, bool canAsk) const;
};

// One configured resource of Settings → Integrations. OFFICER_RESOURCES is the JSON object
// {id: config}; a resource's `secretFields` are stored in the keychain (one JSON object per
// resource) and merged into its config only in the run's environment.
struct IntegrationResource
{
    QString id;
    QJsonObject config;        // the non-secret fields
    QStringList secretFields;  // names of the fields whose values live in the keychain
};

struct Integrations
{
    QString emailDb;               // host path of the email SQLite DB, mounted at /officer/data/emails.db
    QString searxngUrl;            // PI_SEARXNG_URL
    int browserRelayPort = 0;      // OFFICER_BROWSER_RELAY_PORT (0: not configured)
    // Whether a token was put in the keychain (only the fact is in QSettings, so a run reads
    // the keychain only for what is configured).
    bool apifyToken = false;       // OFFICER_APIFY_TOKEN
    bool browserRelayToken = false; // OFFICER_BROWSER_RELAY_TOKEN
    QList<IntegrationResource> resources;

    // The keychain ids of the integration secrets (besides each resource's own id).
    static inline const QString kApifyId = QStringLiteral("apify");
    static inline const QString kBrowserRelayId = QStringLiteral("browser-relay");

    static Integrations load(const QString &user);
    void save(const QString &user) const;
    // Every keychain key whose value the environment needs.
    QStringList secretKeys(const QString &user) const;
};

// The run options a tool's settings and its user's integrations give (limits, network, the
// email DB); params, environment and secrets come from gatherRunInputs.
RunOptions runOptionsFor(const ToolRunSettings &settings, const Integrations &integrations);

struct IntegrationEnvironment
{
    QProcessEnvironment env;
    QStringList secretValues; // to mask in every pane that shows output
};

// `secrets` maps keychain keys (from secretKeys) to values; missing keys are not configured.
IntegrationEnvironment integrationEnvironment(const Integrations &integrations, const QString &user,
                                              const std::map<QString, QString> &secrets);

} // namespace tw::engine
