#include "run/runpresets.h"

#include "run/runinputs.h"

#include <QJsonDocument>
#include <QSettings>

#include <algorithm>

namespace tw::engine {

RunPresets::RunPresets(QString user, ToolManifest tool) : m_user(std::move(user)), m_tool(std::move(tool)) {}

QString RunPresets::group() const
{
    // One group per user and tool; the values are JSON, so preset names may hold any character.
    return QStringLiteral("runForms/") + (m_user.isEmpty() ? QStringLiteral("(global)") : m_user) + u'/' + m_tool.name;
}

QJsonObject RunPresets::all() const
{
    QSettings s;
    return QJsonDocument::fromJson(s.value(group() + QStringLiteral("/presets")).toByteArray()).object();
}

void RunPresets::store(const QJsonObject &presets)
{
    // Every preset, not only the one saved: a sensitive value an older file holds (or one of an
    // input that became sensitive since) leaves the file at the next save.
    QJsonObject stripped;
    for (auto it = presets.begin(); it != presets.end(); ++it)
        stripped.insert(it.key(), withoutSensitive(m_tool, it.value().toObject()));
    QSettings s;
    if (stripped.isEmpty())
        s.remove(group() + QStringLiteral("/presets"));
    else
        s.setValue(group() + QStringLiteral("/presets"), QJsonDocument(stripped).toJson(QJsonDocument::Compact));
}

QStringList RunPresets::names() const
{
    QStringList n = all().keys();
    std::sort(n.begin(), n.end(), [](const QString &a, const QString &b) { return a.localeAwareCompare(b) < 0; });
    return n;
}

QJsonObject RunPresets::load(const QString &name) const
{
    return withoutSensitive(m_tool, all().value(name).toObject());
}

bool RunPresets::contains(const QString &name) const
{
    return all().contains(name);
}

void RunPresets::save(const QString &name, const QJsonObject &params)
{
    QJsonObject presets = all();
    presets.insert(name, params);
    store(presets);
}

void RunPresets::remove(const QString &name)
{
    QJsonObject presets = all();
    presets.remove(name);
    store(presets);
}

QJsonObject RunPresets::lastUsed() const
{
    QSettings s;
    return withoutSensitive(m_tool, QJsonDocument::fromJson(s.value(group() + QStringLiteral("/last")).toByteArray()).object());
}

void RunPresets::setLastUsed(const QJsonObject &params)
{
    QSettings s;
    s.setValue(group() + QStringLiteral("/last"), QJsonDocument(withoutSensitive(m_tool, params)).toJson(QJsonDocument::Compact));
}

} // namespace tw::engine
