#pragma once
// "Explain": for a tool name and a user, which directories define it, in which order the
// loader registers them, and why the winner wins.

#include "catalog/catalog.h"

#include <QList>
#include <QString>

namespace tw::engine {

struct Registration
{
    ToolRecord tool;
    int order = 0;    // 1-based registration order
    bool wins = false;
};

struct ToolExplanation
{
    QString name;
    QString user;                      // empty: the global tools alone
    QList<Registration> registrations; // registration order
    QList<SkippedDir> notLoaded;       // directories named like the tool that the loader skips
    QStringList lines;                 // the explanation in words, one step per line

    const Registration *winner() const;
};

ToolExplanation explainTool(const Catalog &catalog, const QString &user, const QString &name);

} // namespace tw::engine
