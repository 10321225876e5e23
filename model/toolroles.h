#pragma once
// Item roles shared by every tool model, so one filter proxy and one detail pane serve them all.

#include "toolmd/toolrecord.h"

#include <Qt>
#include <QMetaType>

namespace tw::model {

enum ToolRole {
    NodeKindRole = Qt::UserRole + 1, // NodeKind
    NameRole,                // frontmatter name
    LabelRole,
    DescriptionRole,
    VersionRole,             // int
    ScopeRole,               // "global" | "user"
    UserRole,                // owning email for user tools
    DirRole,                 // absolute tool dir
    OverrideStateRole,       // OverrideState
    OverriddenByRole,        // QStringList: users whose tool overrides this global tool
    OverriddenVersionRole,   // int: version of the global tool a user tool overrides (-1 none)
    WorstSeverityRole,       // int: tw::engine::Severity, or -1 without diagnostics
    DiagnosticCountRole,     // int
    ToolRecordRole,          // tw::engine::ToolRecord
    SkippedDirRole,          // tw::engine::SkippedDir
    StatusTextRole,          // short text: badges such as "shadows global v2"
    SearchTextRole,          // QString: name, label and description case-folded, for the filter
    GroupTitleRole,          // QString: a group's or a user's name, without the count the display adds
};

enum class NodeKind { Group, User, Tool, Skipped };

enum class OverrideState {
    None,
    OverridesGlobal, // a user tool whose name a global tool also has
    Overridden,      // a global tool some user overrides
    Shadowed,        // a duplicate in its own location that loses
};

// "2 errors, 1 warning" (empty when there are none).
QString problemSummary(const engine::Diagnostics &diagnostics);
// "Label (name)", or just the name when the label is the name.
QString toolDisplayName(const engine::ToolManifest &manifest);
QString toolToolTip(const engine::ToolRecord &tool);
// What the search field matches a tool against (SearchTextRole): computed once per tool and
// case-folded, so a keystroke compares 10,000 tools without folding their text again.
QString toolSearchText(const engine::ToolManifest &manifest);
// Header of the Tool / Version / Status columns every tool model has.
QVariant toolColumnHeader(int section, Qt::Orientation orientation, int role);
// Text colour for a worst severity (-1: none): errors and skips red, warnings amber; invalid otherwise.
QVariant severityForeground(int worstSeverity);

// What the tree shows beside a row: a global tool, a user's tool, a user's tool that shadows a
// global one, a directory the loader skips. Theme names; the ui layer supplies fallbacks for
// a theme that lacks them. Empty without a QGuiApplication (the models' headless tests).
QVariant toolIcon(engine::Scope scope, bool overridesGlobal);
QVariant skippedIcon();

} // namespace tw::model

Q_DECLARE_METATYPE(tw::engine::ToolRecord)
Q_DECLARE_METATYPE(tw::engine::SkippedDir)
