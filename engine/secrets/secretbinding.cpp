#include "secrets/secretbinding.h"

#include <QSettings>

namespace tw::engine {

namespace {

const QString kGlobalPrefix = QStringLiteral("global:");
const QString kUserPrefix = QStringLiteral("user:");

// The secret key holds '/' (`<user>/<tool>/<input>`), which QSettings takes as groups: fine,
// each secret gets a group of its own.
QString bindingGroup(const QString &secretKey)
{
    return QStringLiteral("secretBindings/") + secretKey;
}

// "global v1", "your copy v99 (user)"; with the directory when only that tells two apart.
QString describe(bool global, int version, const QString &dir, bool withDir)
{
    const QString where = withDir ? QStringLiteral(" in %1").arg(dir) : QString();
    return global ? QStringLiteral("global v%1%2").arg(version).arg(where)
                  : QStringLiteral("your copy v%1%2 (user)").arg(version).arg(where);
}

} // namespace

QString toolDefinition(const ToolRecord &tool)
{
    return (tool.scope == Scope::Global ? kGlobalPrefix : kUserPrefix) + tool.dir;
}

SecretBinding SecretBinding::load(const QString &secretKey)
{
    QSettings s;
    s.beginGroup(bindingGroup(secretKey));
    SecretBinding b;
    b.definition = s.value(QStringLiteral("definition")).toString();
    b.version = s.value(QStringLiteral("version")).toInt();
    return b;
}

void SecretBinding::record(const QString &secretKey, const ToolRecord &tool)
{
    QSettings s;
    s.beginGroup(bindingGroup(secretKey));
    s.setValue(QStringLiteral("definition"), toolDefinition(tool));
    s.setValue(QStringLiteral("version"), tool.manifest.version);
}

void SecretBinding::forget(const QString &secretKey)
{
    QSettings().remove(bindingGroup(secretKey));
}

BindingCheck checkSecretBinding(const SecretBinding &stored, const ToolRecord &tool, const QString &input)
{
    BindingCheck c;
    const QString name = tool.manifest.name;
    const bool global = tool.scope == Scope::Global;
    if (!stored.isRecorded()) {
        // Stored before Toolwright recorded bindings (or set for a tool it could not find). The
        // global tool is the one an admin installed: it adopts the secret. A user's copy may be
        // the override a secret was never meant for: the user says.
        if (global) {
            c.verdict = BindingCheck::Verdict::Adopt;
            return c;
        }
        c.verdict = BindingCheck::Verdict::Unbound;
        c.change = QStringLiteral("%1 is %2, and the stored %3 was stored before Toolwright recorded which tool a secret is for")
                       .arg(name, describe(false, tool.manifest.version, tool.dir, false), input);
        c.question = c.change + QStringLiteral(" — use it?");
        return c;
    }
    const QString now = toolDefinition(tool);
    if (stored.definition == now)
        return c;
    c.verdict = BindingCheck::Verdict::Changed;
    const bool wasGlobal = stored.definition.startsWith(kGlobalPrefix);
    const QString oldDir = stored.definition.mid((wasGlobal ? kGlobalPrefix : kUserPrefix).size());
    QString before = describe(wasGlobal, stored.version, oldDir, false);
    QString after = describe(global, tool.manifest.version, tool.dir, false);
    if (before == after) { // same scope and version, another directory
        before = describe(wasGlobal, stored.version, oldDir, true);
        after = describe(global, tool.manifest.version, tool.dir, true);
    }
    c.change = QStringLiteral("%1 is now %2, not %3").arg(name, after, before);
    c.question = c.change + QStringLiteral(" — use the stored %1?").arg(input);
    return c;
}

} // namespace tw::engine
