#include "run/runsettings.h"

#include "secrets/secretstore.h"

#include <QJsonDocument>
#include <QSettings>

#include <algorithm>

namespace tw::engine {

namespace {

// QSettings treats '/' as a group separator; an email has none, a tool name is snake_case.
QString toolGroup(const QString &user, const QString &tool)
{
    return QStringLiteral("toolRuns/") + user + u'/' + tool;
}

} // namespace

ToolRunSettings ToolRunSettings::load(const QString &user, const QString &tool)
{
    QSettings s;
    s.beginGroup(toolGroup(user, tool));
    ToolRunSettings r;
    r.network = s.value(QStringLiteral("network"), r.network).toBool();
    r.timeoutSec = std::clamp(s.value(QStringLiteral("timeoutSec"), r.timeoutSec).toInt(), 1, kMaxTimeoutSec);
    r.updateResetsTimeout = s.value(QStringLiteral("updateResetsTimeout"), r.updateResetsTimeout).toBool();
    r.hardLimitSec = std::clamp(s.value(QStringLiteral("hardLimitSec"), r.hardLimitSec).toInt(), r.timeoutSec, kMaxHardLimitSec);
    r.memoryMb = std::clamp(s.value(QStringLiteral("memoryMb"), r.memoryMb).toInt(), kMinMemoryMb, kMaxMemoryMb);
    return r;
}

void ToolRunSettings::save(const QString &user, const QString &tool) const
{
    QSettings s;
    s.beginGroup(toolGroup(user, tool));
    s.setValue(QStringLiteral("network"), network);
    s.setValue(QStringLiteral("timeoutSec"), timeoutSec);
    s.setValue(QStringLiteral("updateResetsTimeout"), updateResetsTimeout);
    s.setValue(QStringLiteral("hardLimitSec"), hardLimitSec);
    s.setValue(QStringLiteral("memoryMb"), memoryMb);
}

RunOptions runOptionsFor(const ToolRunSettings &settings, const Integrations &integrations)
{
    RunOptions o;
    o.network = settings.network;
    o.timeoutMs = settings.timeoutSec * 1000;
    o.updateResetsTimeout = settings.updateResetsTimeout;
    o.hardLimitMs = settings.hardLimitSec * 1000;
    o.memoryMb = settings.memoryMb;
    const RuntimeConfig runtime = RuntimeConfig::load();
    o.writeCapMb = runtime.writeCapMb;
    o.writeCapFiles = runtime.writeCapFiles;
    o.emailDb = integrations.emailDb;
    return o;
}

Integrations Integrations::load(const QString &user)
{
    QSettings s;
    s.beginGroup(QStringLiteral("integrations/") + user);
    Integrations i;
    i.emailDb = s.value(QStringLiteral("emailDb")).toString();
    i.searxngUrl = s.value(QStringLiteral("searxngUrl")).toString();
    i.browserRelayPort = s.value(QStringLiteral("browserRelayPort"), 0).toInt();
    i.apifyToken = s.value(QStringLiteral("apifyToken"), false).toBool();
    i.browserRelayToken = s.value(QStringLiteral("browserRelayToken"), false).toBool();
    const int n = s.beginReadArray(QStringLiteral("resources"));
    for (int k = 0; k < n; ++k) {
        s.setArrayIndex(k);
        IntegrationResource r;
        r.id = s.value(QStringLiteral("id")).toString();
        r.config = QJsonDocument::fromJson(s.value(QStringLiteral("config")).toByteArray()).object();
        r.secretFields = s.value(QStringLiteral("secretFields")).toStringList();
        if (!r.id.isEmpty())
            i.resources << r;
    }
    s.endArray();
    return i;
}

void Integrations::save(const QString &user) const
{
    QSettings s;
    s.beginGroup(QStringLiteral("integrations/") + user);
    s.setValue(QStringLiteral("emailDb"), emailDb);
    s.setValue(QStringLiteral("searxngUrl"), searxngUrl);
    s.setValue(QStringLiteral("browserRelayPort"), browserRelayPort);
    s.setValue(QStringLiteral("apifyToken"), apifyToken);
    s.setValue(QStringLiteral("browserRelayToken"), browserRelayToken);
    s.remove(QStringLiteral("resources"));
    s.beginWriteArray(QStringLiteral("resources"), int(resources.size()));
    for (int k = 0; k < resources.size(); ++k) {
        s.setArrayIndex(k);
        QJsonObject plain = resources[k].config;
        for (const QString &f : resources[k].secretFields)
            plain.remove(f); // a secret field never reaches the settings file
        s.setValue(QStringLiteral("id"), resources[k].id);
        s.setValue(QStringLiteral("config"), QJsonDocument(plain).toJson(QJsonDocument::Compact));
        s.setValue(QStringLiteral("secretFields"), resources[k].secretFields);
    }
    s.endArray();
}

QStringList Integrations::secretKeys(const QString &user) const
{
    QStringList keys;
    if (apifyToken)
        keys << resourceSecretKey(user, kApifyId);
    if (browserRelayToken)
        keys << resourceSecretKey(user, kBrowserRelayId);
    for (const IntegrationResource &r : resources) {
        if (!r.secretFields.isEmpty())
            keys << resourceSecretKey(user, r.id);
    }
    return keys;
}

IntegrationEnvironment integrationEnvironment(const Integrations &integrations, const QString &user,
                                              const std::map<QString, QString> &secrets)
{
    IntegrationEnvironment out;
    auto secret = [&](const QString &key) {
        const auto it = secrets.find(key);
        return it == secrets.end() ? QString() : it->second;
    };
    QJsonObject resources;
    for (const IntegrationResource &r : integrations.resources) {
        QJsonObject config = r.config;
        if (!r.secretFields.isEmpty()) {
            const QJsonObject hidden = QJsonDocument::fromJson(secret(resourceSecretKey(user, r.id)).toUtf8()).object();
            for (auto it = hidden.begin(); it != hidden.end(); ++it) {
                config.insert(it.key(), it.value());
                if (it.value().isString())
                    out.secretValues << it.value().toString();
            }
        }
        resources.insert(r.id, config);
    }
    out.env.insert(QStringLiteral("OFFICER_RESOURCES"), QString::fromUtf8(QJsonDocument(resources).toJson(QJsonDocument::Compact)));
    if (!integrations.searxngUrl.isEmpty())
        out.env.insert(QStringLiteral("PI_SEARXNG_URL"), integrations.searxngUrl);
    const QString apify = secret(resourceSecretKey(user, Integrations::kApifyId));
    if (!apify.isEmpty()) {
        out.env.insert(QStringLiteral("OFFICER_APIFY_TOKEN"), apify);
        out.secretValues << apify;
    }
    if (integrations.browserRelayPort > 0)
        out.env.insert(QStringLiteral("OFFICER_BROWSER_RELAY_PORT"), QString::number(integrations.browserRelayPort));
    const QString relay = secret(resourceSecretKey(user, Integrations::kBrowserRelayId));
    if (!relay.isEmpty()) {
        out.env.insert(QStringLiteral("OFFICER_BROWSER_RELAY_TOKEN"), relay);
        out.secretValues << relay;
    }
    return out;
}

RunChangesSettings RunChangesSettings::load()
{
    QSettings s;
    s.beginGroup(QStringLiteral("run"));
    RunChangesSettings c;
    const auto read = [&s](const QString &key, RunChangesPolicy fallback) {
        return runChangesPolicyFromName(s.value(key).toString()).value_or(fallback);
    };
    c.ownTools = read(QStringLiteral("changesOwnTools"), c.ownTools);
    c.otherTools = read(QStringLiteral("changesOtherTools"), c.otherTools);
    return c;
}

void RunChangesSettings::save() const
{
    QSettings s;
    s.beginGroup(QStringLiteral("run"));
    s.setValue(QStringLiteral("changesOwnTools"), runChangesPolicyName(ownTools));
    s.setValue(QStringLiteral("changesOtherTools"), runChangesPolicyName(otherTools));
}

RunChangesPolicy RunChangesSettings::policyFor(const ToolRecord &tool, const QString &user, bool canAsk) const
{
    const RunChangesPolicy policy = tool.scope == Scope::User && tool.user == user ? ownTools : otherTools;
    return policy == RunChangesPolicy::Ask && !canAsk ? RunChangesPolicy::Discard : policy;
}

} // namespace tw::engine
