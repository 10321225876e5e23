#include "runinputs.h"

#include "secretstore.h"

#include <QPointer>

#include <map>
#include <memory>

namespace tw::engine {

namespace {

bool isEmptyValue(const QJsonValue &v)
{
    return v.isUndefined() || v.isNull() || (v.isString() && v.toString().isEmpty());
}

} // namespace

void gatherRunInputs(SecretStore &store, const QString &user, const ToolManifest &tool, const QJsonObject &params,
                     const Integrations &integrations, QObject *context, std::function<void(const RunInputs &)> done)
{
    struct State
    {
        RunInputs inputs;
        std::map<QString, QString> integrationSecrets;
        int pending = 0;
        bool launched = false;
        std::function<void(const RunInputs &)> done;
    };
    auto state = std::make_shared<State>();
    state->inputs.params = params;
    state->done = std::move(done);
    const QString userName = user;
    const ToolManifest manifest = tool;
    const Integrations integ = integrations;

    auto finishIfDone = [state, userName, manifest, integ] {
        if (state->pending > 0 || !state->launched)
            return;
        RunInputs &in = state->inputs;
        for (const InputSpec &spec : manifest.inputs) {
            const QJsonValue v = in.params.value(spec.name);
            if (spec.sensitive && v.isString() && !v.toString().isEmpty())
                in.secretValues << v.toString();
            if (!spec.optional && isEmptyValue(v) && spec.defaultValue.isUndefined())
                in.missing << spec.name;
        }
        const IntegrationEnvironment ie = integrationEnvironment(integ, userName, state->integrationSecrets);
        in.env = ie.env;
        in.secretValues << ie.secretValues;
        auto done = std::move(state->done);
        done(in);
    };

    QPointer<QObject> guard(context);
    auto readKey = [&store, state, finishIfDone, context](const QString &key, std::function<void(const QString &)> use) {
        ++state->pending;
        store.read(key, context, [state, key, use = std::move(use), finishIfDone](const SecretResult &r) {
            if (r.ok())
                use(r.value);
            else if (r.status == SecretResult::Status::Failed)
                state->inputs.keychainErrors << key + QStringLiteral(": ") + r.error;
            --state->pending;
            finishIfDone();
        });
    };
    for (const InputSpec &spec : tool.inputs) {
        if (!spec.sensitive || !isEmptyValue(params.value(spec.name)))
            continue;
        const QString name = spec.name;
        readKey(secretKey(user, tool.name, name), [state, name](const QString &value) {
            state->inputs.params.insert(name, value);
        });
    }
    for (const QString &key : integrations.secretKeys(user))
        readKey(key, [state, key](const QString &value) { state->integrationSecrets[key] = value; });
    state->launched = true;
    if (guard)
        finishIfDone();
}

QJsonObject maskedParams(const ToolManifest &tool, const QJsonObject &params)
{
    QJsonObject out = params;
    for (const InputSpec &spec : tool.inputs) {
        if (spec.sensitive && out.contains(spec.name))
            out.insert(spec.name, kSecretMarker);
    }
    return out;
}

QJsonObject withoutSensitive(const ToolManifest &tool, const QJsonObject &params)
{
    QJsonObject out = params;
    for (const InputSpec &spec : tool.inputs) {
        if (spec.sensitive)
            out.remove(spec.name);
    }
    return out;
}

} // namespace tw::engine
