#pragma once
// What an author does to whole tool directories: create one from a template, customise a
// global tool into a user's tools dir, revert such a copy, import and export.

#include "catalog/catalog.h"

#include <QString>
#include <QStringList>

namespace tw::engine {

struct WorkspaceResult
{
    QString dir;   // the directory created (empty on failure)
    QString error; // one line, empty on success
    bool ok() const { return error.isEmpty(); }
};

// resources/templates, from the build tree or the installed share dir.
QString templatesDir();
// Template ids (directory names), e.g. minimal, with-progress, with-sensitive-token, calls-a-bin-script.
QStringList templateIds();

// Why `name` cannot be a new tool of `user` (empty when it can): snake_case, and unique among
// the user's effective tools (a global name would silently override it: use Customize).
QString newToolNameProblem(const Catalog &catalog, const QString &user, const QString &name);

// Copies template `id` into the user's tools dir as `name`, with label and description set.
WorkspaceResult createToolFromTemplate(const Catalog &catalog, const QString &user, const QString &id,
                                       const QString &name, const QString &label, const QString &description);

// Copies a global tool into the user's tools dir (same name, so it overrides the global one).
WorkspaceResult customizeTool(const Catalog &catalog, const QString &user, const QString &globalDir);

// Imports a tool directory or a .zip holding one into the user's tools dir. The tool is staged
// under DATA_PATH, must register as a tool, must not clash with one of the user's names or
// directories, and is moved into place in one rename.
WorkspaceResult importTool(const Catalog &catalog, const QString &user, const QString &source);

// Removes a user's tool directory: to the trash where the platform has one (QFile::moveToTrash),
// else deleted. `trashed` says which happened.
QString removeToolDir(const QString &dir, bool *trashed = nullptr);

} // namespace tw::engine
