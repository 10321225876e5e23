#include "run/runinputs.h"

#include <QJsonDocument>

#include "secrets/secretstore.h"

#include <QPointer>
#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <memory>

namespace tw::engine {

namespace {

bool isEmptyValue(const QJsonValue &v)
{
    return v.isUndefined() || v.isNull() || (v.isString() && v.toString().isEmpty());
}

} // namespace

void RunInputs::useHeld(const HeldSecret &secret, const ToolRecord &tool)
{
    params.insert(secret.input, secret.value);
    if (!secretValues.contains(secret.value))
        secretValues << secret.value;
    missing.removeAll(secret.input);
    SecretBinding::record(secret.key, tool);
}

void gatherRunInputs(SecretStore &store, const QString &user, const ToolRecord &record, const QJsonObject &params,
                     const Integrations &integrations, QObject *context, std::function<void(const RunInputs &)> done)
{
    const ToolManifest &tool = record.manifest;
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
        for (const auto &[key, value] : state->integrationSecrets)
            in.integrationSecrets.insert(key, value);
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
        const QString key = secretKey(user, tool.name, name);
        readKey(key, [state, name, key, record](const QString &value) {
            // Only to the definition it was stored for, without asking (secretbinding.h).
            const BindingCheck check = checkSecretBinding(SecretBinding::load(key), record, name);
            if (check.needsConsent()) {
                state->inputs.held.append({name, key, value, check});
                return;
            }
            if (check.verdict == BindingCheck::Verdict::Adopt)
                SecretBinding::record(key, record);
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

QList<ParamProblem> checkParams(const ToolManifest &tool, const QJsonObject &params, const QStringList &stored)
{
    QList<ParamProblem> problems;
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (std::none_of(tool.inputs.cbegin(), tool.inputs.cend(), [&](const InputSpec &s) { return s.name == it.key(); }))
            problems.append({it.key(), QStringLiteral("%1: not an input of %2").arg(it.key(), tool.name), ParamProblem::Kind::NotAnInput});
    }
    for (const InputSpec &spec : tool.inputs) {
        const QJsonValue v = params.value(spec.name);
        if (isEmptyValue(v)) {
            if (!spec.optional && spec.defaultValue.isUndefined() && !(spec.sensitive && stored.contains(spec.name)))
                problems.append({spec.name, QStringLiteral("%1 is required").arg(spec.name), ParamProblem::Kind::Required});
            if (v.isNull())
                problems.append({spec.name, QStringLiteral("%1: null is not a value; leave it out to leave it unset").arg(spec.name), ParamProblem::Kind::Null});
            continue;
        }
        switch (spec.type) {
        case InputType::String:
            if (!v.isString())
                problems.append({spec.name, QStringLiteral("%1 must be a string").arg(spec.name)});
            break;
        case InputType::Number:
            if (!v.isDouble())
                problems.append({spec.name, QStringLiteral("%1 must be a number").arg(spec.name)});
            break;
        case InputType::Boolean:
            if (!v.isBool())
                problems.append({spec.name, QStringLiteral("%1 must be true or false").arg(spec.name)});
            break;
        case InputType::Enum:
            if (!v.isString() || !spec.values.contains(v.toString()))
                problems.append({spec.name, QStringLiteral("%1 must be one of: %2").arg(spec.name, spec.values.join(QStringLiteral(", "))),
                                 ParamProblem::Kind::NotInValues});
            break;
        }
    }
    return problems;
}

bool parseParamsJson(const QString &text, QJsonObject *params, QString *error)
{
    if (text.trimmed().isEmpty()) {
        *params = {};
        return true;
    }
    const QByteArray bytes = text.toUtf8();
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        // The offset is in bytes; count lines and characters up to it.
        const QString before = QString::fromUtf8(bytes.left(pe.offset));
        const qsizetype line = before.count(u'\n') + 1;
        const qsizetype column = before.size() - (before.lastIndexOf(u'\n') + 1) + 1;
        *error = QStringLiteral("line %1, column %2: %3").arg(line).arg(column).arg(pe.errorString());
        return false;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("the params must be a JSON object ({\"input\": value, …})");
        return false;
    }
    *params = doc.object();
    return true;
}

QString shellQuote(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

QStringList splitShellWords(const QString &line, QString *error)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote; // ' or " while inside quotes
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quote == u'\'') {
            if (c == u'\'')
                quote = QChar();
            else
                word += c;
        } else if (quote == u'"') {
            if (c == u'"')
                quote = QChar();
            else if (c == u'\\' && i + 1 < line.size() && QStringView(u"\"\\$`").contains(line[i + 1]))
                word += line[++i];
            else
                word += c;
        } else if (c.isSpace()) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else {
            inWord = true;
            if (c == u'\'' || c == u'"')
                quote = c;
            else if (c == u'\\' && i + 1 < line.size())
                word += line[++i];
            else
                word += c;
        }
    }
    if (!quote.isNull() && error)
        *error = QStringLiteral("unclosed %1 quote").arg(quote);
    if (inWord)
        words << word;
    return words;
}

QString runCommandLine(const QString &tool, const QString &dataPath, const QString &user, const QString &runtime,
                       const QString &paramsFile)
{
    QStringList words{QStringLiteral("toolwright"), QStringLiteral("run"), shellQuote(tool), QStringLiteral("--data"), shellQuote(dataPath)};
    if (!user.isEmpty())
        words << QStringLiteral("--user") << shellQuote(user);
    if (!runtime.isEmpty() && runtime != u"auto")
        words << QStringLiteral("--runtime") << shellQuote(runtime);
    if (!paramsFile.isEmpty())
        words << QStringLiteral("--params") << u'@' + shellQuote(paramsFile);
    return words.join(u' ');
}

} // namespace tw::engine
