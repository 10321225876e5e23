#include "remote/runwire.h"

#include <QJsonArray>

#include <array>
#include <utility>

namespace tw::engine {
namespace {

constexpr std::array kKinds{std::pair{RunEvent::Kind::Update, "update"}, std::pair{RunEvent::Kind::Result, "result"},
                            std::pair{RunEvent::Kind::Error, "error"}, std::pair{RunEvent::Kind::Log, "log"},
                            std::pair{RunEvent::Kind::ProtocolError, "protocol-error"}};

QString s(const char *text) { return QString::fromLatin1(text); }

} // namespace

std::optional<RunState> runStateFromName(const QString &name)
{
    for (RunState st : {RunState::Result, RunState::ToolError, RunState::Error, RunState::Timeout, RunState::Cancelled,
                        RunState::Failed, RunState::OutOfMemory, RunState::WriteLimit})
        if (runStateName(st) == name)
            return st;
    return std::nullopt;
}

QJsonObject runEventToJson(const RunEvent &e)
{
    QString kind;
    for (const auto &[k, name] : kKinds)
        if (k == e.kind)
            kind = s(name);
    QJsonObject o{{s("kind"), kind}, {s("stream"), e.stream == RunEvent::Stream::Stdout ? s("stdout") : s("stderr")}};
    switch (e.kind) {
    case RunEvent::Kind::Update:
        o.insert(s("content"), e.content);
        o.insert(s("updates"), e.updates);
        break;
    case RunEvent::Kind::Result:
        o.insert(s("content"), e.content);
        o.insert(s("is_error"), e.isError);
        break;
    case RunEvent::Kind::Error:
        o.insert(s("message"), e.message);
        o.insert(s("stack"), e.stack);
        break;
    case RunEvent::Kind::Log:
        o.insert(s("text"), e.text);
        break;
    case RunEvent::Kind::ProtocolError:
        o.insert(s("message"), e.message);
        break;
    }
    if (!e.json.isEmpty())
        o.insert(s("json"), e.json);
    return o;
}

std::optional<RunEvent> runEventFromJson(const QJsonObject &o)
{
    RunEvent e;
    const QString kind = o.value(s("kind")).toString();
    bool known = false;
    for (const auto &[k, name] : kKinds)
        if (kind == s(name)) {
            e.kind = k;
            known = true;
        }
    if (!known)
        return std::nullopt;
    e.stream = o.value(s("stream")).toString() == u"stderr" ? RunEvent::Stream::Stderr : RunEvent::Stream::Stdout;
    e.content = o.value(s("content")).toArray();
    e.updates = std::max(1, o.value(s("updates")).toInt(1));
    e.isError = o.value(s("is_error")).toBool();
    e.message = o.value(s("message")).toString();
    e.stack = o.value(s("stack")).toString();
    e.text = o.value(s("text")).toString();
    e.json = o.value(s("json")).toObject();
    return e;
}

namespace {

QJsonObject runChangesToJson(const RunOutcome &r)
{
    QJsonArray items;
    for (const RunChange &c : r.changes.items)
        items.append(QJsonObject{{s("kind"), runChangeKindName(c.kind)}, {s("path"), c.path}, {s("bytes"), double(c.bytes)},
                                 {s("directory"), c.directory}, {s("symlink"), c.symlink}, {s("autoload"), c.autoload},
                                 {s("why"), c.why}});
    return QJsonObject{{s("policy"), runChangesPolicyName(r.changesPolicy)}, {s("reviewed"), r.changesReviewed},
                       {s("kept"), r.changesKept}, {s("pending"), r.changesPending}, {s("error"), r.changes.error},
                       {s("keep_error"), r.changesError}, {s("bytes"), double(r.changes.bytes)},
                       {s("files"), r.changes.files}, {s("items"), items}};
}

// What a server says of a run's changes; an item of an unknown kind or without a path is left out.
void runChangesFromJson(const QJsonObject &o, RunOutcome &r)
{
    r.changesPolicy = runChangesPolicyFromName(o.value(s("policy")).toString()).value_or(RunChangesPolicy::Discard);
    r.changesReviewed = o.value(s("reviewed")).toBool();
    r.changesKept = o.value(s("kept")).toBool();
    r.changes.error = o.value(s("error")).toString();
    r.changesError = o.value(s("keep_error")).toString();
    r.changes.bytes = qint64(o.value(s("bytes")).toDouble());
    r.changes.files = o.value(s("files")).toInt();
    for (const QJsonValue &v : o.value(s("items")).toArray()) {
        const QJsonObject item = v.toObject();
        const std::optional<RunChange::Kind> kind = runChangeKindFromName(item.value(s("kind")).toString());
        const QString path = item.value(s("path")).toString();
        if (!kind || path.isEmpty())
            continue;
        RunChange c;
        c.kind = *kind;
        c.path = path;
        c.bytes = qint64(item.value(s("bytes")).toDouble());
        c.directory = item.value(s("directory")).toBool();
        c.symlink = item.value(s("symlink")).toBool();
        c.autoload = isAutoloadPath(path); // decided here, not taken from the server
        c.why = item.value(s("why")).toString();
        r.changes.items.append(c);
    }
}

} // namespace

QJsonObject runOutcomeToJson(const RunOutcome &r)
{
    return QJsonObject{{s("state"), runStateName(r.state)},
                       {s("message"), r.message},
                       {s("content"), r.content},
                       {s("duration_ms"), double(r.durationMs)},
                       {s("exit_code"), r.exitCode},
                       {s("network"), r.network},
                       {s("memory_mb"), r.memoryMb},
                       {s("pids"), r.pidsLimit},
                       {s("cpus"), r.cpus},
                       {s("write_mb"), r.writeCapMb},
                       {s("write_files"), r.writeCapFiles},
                       {s("limits_enforced_by"), r.limitsEnforcedBy},
                       {s("limits_not_enforced"), r.limitsNotEnforced},
                       {s("changes"), runChangesToJson(r)}};
}

std::optional<RunOutcome> runOutcomeFromJson(const QJsonObject &o)
{
    const std::optional<RunState> state = runStateFromName(o.value(s("state")).toString());
    if (!state)
        return std::nullopt;
    RunOutcome r;
    r.state = *state;
    r.message = o.value(s("message")).toString();
    r.content = o.value(s("content")).toArray();
    r.durationMs = qint64(o.value(s("duration_ms")).toDouble());
    r.exitCode = o.value(s("exit_code")).toInt(-1);
    r.network = o.value(s("network")).toBool();
    r.memoryMb = o.value(s("memory_mb")).toInt();
    r.pidsLimit = o.value(s("pids")).toInt();
    r.limitsEnforcedBy = o.value(s("limits_enforced_by")).toString();
    r.limitsNotEnforced = o.value(s("limits_not_enforced")).toString();
    r.cpus = o.value(s("cpus")).toDouble();
    r.writeCapMb = o.value(s("write_mb")).toInt();
    r.writeCapFiles = o.value(s("write_files")).toInt();
    runChangesFromJson(o.value(s("changes")).toObject(), r);
    return r;
}

QJsonObject integrationsToJson(const Integrations &i)
{
    QJsonArray resources;
    for (const IntegrationResource &r : i.resources) {
        QJsonObject plain = r.config;
        for (const QString &f : r.secretFields)
            plain.remove(f);
        resources.append(QJsonObject{{s("id"), r.id}, {s("config"), plain},
                                     {s("secret_fields"), QJsonArray::fromStringList(r.secretFields)}});
    }
    return QJsonObject{{s("email_db"), i.emailDb},
                       {s("searxng_url"), i.searxngUrl},
                       {s("browser_relay_port"), i.browserRelayPort},
                       {s("apify_token"), i.apifyToken},
                       {s("browser_relay_token"), i.browserRelayToken},
                       {s("resources"), resources}};
}

Integrations integrationsFromJson(const QJsonObject &o)
{
    Integrations i;
    i.emailDb = o.value(s("email_db")).toString();
    i.searxngUrl = o.value(s("searxng_url")).toString();
    i.browserRelayPort = o.value(s("browser_relay_port")).toInt();
    i.apifyToken = o.value(s("apify_token")).toBool();
    i.browserRelayToken = o.value(s("browser_relay_token")).toBool();
    for (const QJsonValue &v : o.value(s("resources")).toArray()) {
        IntegrationResource r;
        r.id = v[s("id")].toString();
        r.config = v[s("config")].toObject();
        for (const QJsonValue &f : v[s("secret_fields")].toArray())
            r.secretFields.append(f.toString());
        if (!r.id.isEmpty())
            i.resources.append(r);
    }
    return i;
}

} // namespace tw::engine
