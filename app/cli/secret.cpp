// `toolwright secret`: set, get and delete a tool's stored secret; which store is in use.

#include "common.h"

#include "catalog/catalog.h"
#include "catalog/overrideresolver.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretbackend.h"
#include "secrets/secretbinding.h"
#include "secrets/secretfile.h"
#include "sync/datapaths.h"

#include <QFileInfo>

#include <unistd.h>

namespace tw::app::cli {

using namespace tw::engine;

namespace {

// toolwright secret status: the store in use and whether it can work here. Exit 1 when not.
int secretStatus(const Options &o)
{
    ConfiguredSecretStore store;
    QString error;
    if (o.parser.isSet(o.store) || o.parser.isSet(o.passphraseFd)) {
        if (!openSecretStore(o, &store, &error))
            return usageError(error);
    }
    out(QStringLiteral("store: %1\n").arg(store.describeNow()));
    const KeychainBackend backend = detectKeychainBackend();
    out(QStringLiteral("keychain backend: %1\n").arg(backend.available() ? backend.description : QStringLiteral("none — ") + backend.problem));
    out(QStringLiteral("encrypted file: %1%2\n").arg(store.file().path(), store.file().exists() ? QString() : QStringLiteral(" (not created)")));
    return store.kind() == SecretStoreConfig::Kind::Keychain && !backend.available() ? 1 : 0;
}

// The tool `secret set` binds a secret to (secretbinding.h): NAME among USER's tools in --data,
// else $DATA_PATH, else the embedded default data dir if it exists (it is not created for this).
bool toolForSecret(const Options &o, const QString &user, const QString &name, ToolRecord *tool)
{
    const QString dataPath = resolveDataPath(o.parser.value(o.data));
    if (!QFileInfo(dataPath).isDir())
        return false;
    const EffectiveSet set = resolveEffective(scanForUser(dataPath, user), user);
    const EffectiveTool *found = set.find(name);
    if (found)
        *tool = found->tool;
    return found;
}

} // namespace

// toolwright secret set|get|delete TOOL INPUT [--user EMAIL] [--data DIR]: the keychain entry of
// DESIGN.md "Secrets". The value is read from stdin for `set` (never an argument), printed by
// `get`; `set` binds it to the tool TOOL is for USER now, `delete` removes that binding too.
int cmdSecret(const QStringList &args)
{
    Options o;
    QString error;
    if (!o.parse(args, {o.user, o.data, o.store, o.passphraseFd, o.remoteCommand}, &error))
        return usageError(error);
    const QStringList pos = o.parser.positionalArguments();
    if (pos.size() == 1 && pos[0] == u"status")
        return secretStatus(o);
    const QStringList verbs = {QStringLiteral("set"), QStringLiteral("get"), QStringLiteral("delete")};
    if (pos.size() == 4 && pos[0] == u"set")
        return usageError(QStringLiteral("usage: toolwright secret set TOOL INPUT: the value is read from stdin, never "
                                         "taken from the command line (where every process could see it)"));
    if (pos.size() != 3 || !verbs.contains(pos[0]))
        return usageError(QStringLiteral("usage: toolwright secret set|get|delete TOOL INPUT [--user EMAIL]"));
    for (const QString &part : {pos[1], pos[2]}) {
        if (part.isEmpty() || part.contains(u'/'))
            return usageError(QStringLiteral("'%1' is not a tool or input name").arg(part));
    }
    // A server's secrets are kept here, under keys of their own (`ssh:host/user/tool/input`).
    std::optional<RemoteTarget> server;
    if (RemoteTarget::looksRemote(o.parser.value(o.data))) {
        server = RemoteTarget::parse(o.parser.value(o.data), &error);
        if (!server)
            return usageError(error);
        if (!o.parser.isSet(o.user))
            return usageError(QStringLiteral("a secret for a server needs --user EMAIL"));
    }
    const QString user = o.parser.isSet(o.user) ? o.parser.value(o.user) : defaultUserEmail();
    if (user.isEmpty() || user.contains(u'/'))
        return usageError(QStringLiteral("'%1' is not a user").arg(user));
    const QString key = secretKey(server ? remoteSecretUser(*server, user) : user, pos[1], pos[2]);
    ConfiguredSecretStore keychain;
    if (!openSecretStore(o, &keychain, &error))
        return usageError(error);
    const QString where = keychain.kind() == SecretStoreConfig::Kind::File
        ? QStringLiteral("encrypted file %1, key %2").arg(keychain.file().path(), key)
        : QStringLiteral("keychain (service %1, key %2)").arg(kKeychainService, key);
    SecretResult r;
    if (pos[0] == u"set") {
        QByteArray value;
        if (::isatty(STDIN_FILENO)) {
            value = readHiddenLine(QStringLiteral("Value for %1 (not shown): ").arg(key));
        } else {
            QFile in;
            if (!in.open(stdin, QIODevice::ReadOnly))
                return usageError(QStringLiteral("cannot read the value from stdin"));
            value = in.readAll();
        }
        if (value.endsWith('\n'))
            value.chop(1); // `echo token | toolwright secret set …` stores the token alone
        if (value.endsWith('\r'))
            value.chop(1);
        if (value.isEmpty())
            return usageError(QStringLiteral("no value on stdin (pipe it in: toolwright secret set TOOL INPUT < file)"));
        r = keychain.writeNow(key, QString::fromUtf8(value));
        ToolRecord tool;
        if (r.ok() && server) {
            // Bound to the tool the name is for that user on the server now, as locally.
            RemoteConnection connection(*server, sshSettingsFor(o.parser.value(o.remoteCommand)));
            QString why;
            if (connection.waitForReady(&why) && serverTool(connection, pos[1], user, &tool)) {
                SecretBinding::record(key, tool);
            } else {
                SecretBinding::forget(key);
                err(QStringLiteral("toolwright: note: %1: the secret is stored but bound to no tool yet (the global %2 "
                                   "takes it at its first run; a user's copy asks first)\n")
                        .arg(why.isEmpty() ? QStringLiteral("no tool %1 for %2 on %3").arg(pos[1], user, server->displayHost()) : why,
                             pos[1]));
            }
        } else if (r.ok() && toolForSecret(o, user, pos[1], &tool)) {
            SecretBinding::record(key, tool);
        } else if (r.ok()) {
            SecretBinding::forget(key);
            err(QStringLiteral("toolwright: note: no tool %1 for %2 in %3: the secret is bound to no tool yet (the global %1 "
                               "takes it at its first run; a user's copy asks first)\n")
                    .arg(pos[1], user, resolveDataPath(o.parser.value(o.data))));
        }
    } else if (pos[0] == u"get") {
        r = keychain.readNow(key);
        if (r.ok()) {
            out(r.value + u'\n');
            return 0;
        }
    } else {
        r = keychain.removeNow(key);
        if (r.ok())
            SecretBinding::forget(key);
    }
    if (r.status == SecretResult::Status::NotFound) {
        err(QStringLiteral("toolwright: no secret stored for %1\n").arg(key));
        return 1;
    }
    if (!r.ok())
        return usageError(QStringLiteral("%1: %2").arg(where, r.error));
    return 0;
}

} // namespace tw::app::cli
