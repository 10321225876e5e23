#pragma once
// What a tester's run form remembers per user and tool (QSettings): the last inputs used and
// named presets. Sensitive inputs never reach either (DESIGN.md "Secrets"): they are stripped
// on save, whatever the caller passes.

#include "toolmd/toolmanifest.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace tw::engine {

class RunPresets final
{
public:
    RunPresets(QString user, ToolManifest tool);

    QStringList names() const;                        // sorted
    QJsonObject load(const QString &name) const;      // empty when absent
    bool contains(const QString &name) const;
    void save(const QString &name, const QJsonObject &params); // replaces a preset of that name
    void remove(const QString &name);

    QJsonObject lastUsed() const;
    void setLastUsed(const QJsonObject &params);

private:
    QJsonObject all() const;
    void store(const QJsonObject &presets);
    QString group() const;

    QString m_user;
    ToolManifest m_tool;
};

} // namespace tw::engine
