#pragma once
// The platform's seed sync (TOOLS.md "How Sync Works"): per directory of seed/tools, copy into
// DATA_PATH/tools only when the seed version is higher; the whole directory is replaced.

#include "toolmd/diagnostic.h"

#include <QList>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

namespace tw::engine {

enum class SyncActionKind { Install, Update, SkipEqual, KeepNewer };

QString syncActionName(SyncActionKind kind);

struct SyncAction
{
    QString dir;                       // directory name, the same in seed and target
    SyncActionKind action = SyncActionKind::Install;
    int seedVersion = 0;
    std::optional<int> targetVersion;  // empty when the target is missing
    // Seed and target differ although the versions are equal: the sync silently skips the
    // change (TOOLS.md "Forgetting to bump version"). Only computed for SkipEqual.
    bool contentDiffers = false;
    Diagnostics notes;                 // e.g. version-missing on either side
};

// Why the platform's sync does what it does for this directory, in one sentence.
QString syncActionReason(const SyncAction &action);

// True when two directory trees hold the same names, file bytes and executable bits.
bool sameTree(const QString &a, const QString &b);

// One file of two directory trees compared (an installed tool and its seed).
struct TreeFileComparison
{
    QString path;         // relative, '/'-separated
    bool inLeft = false;
    bool inRight = false;
    bool differs = false; // bytes, executable bit or symlink target; or on one side only
    friend bool operator==(const TreeFileComparison &, const TreeFileComparison &) = default;
};

// Every file (or symlink) of either tree, in byte-wise path order, with how it differs; what
// the Seed Sync view shows for a tool whose seed changed. Unreadable directories count as empty.
QList<TreeFileComparison> compareTrees(const QString &left, const QString &right);
// compareTrees as the Seed Sync view shows it: TOOL.md first (the version lives there), then
// what changed, then the rest; beyond `max` files only the changed ones and TOOL.md, `max` at
// most. The view here and `sync.compare` on a server show the same files.
QList<TreeFileComparison> compareTreesForView(const QString &left, const QString &right, qsizetype max = 40);

// Reads a TOOL.md's version the way sync-tools does: defaults to 0 when missing or unreadable.
int syncVersionOf(const QString &toolDir, Diagnostics *notes = nullptr);

// A seed subdirectory the sync does not plan, and why (it has no TOOL.md: it is not a tool).
struct SyncSkip
{
    QString dir;
    QString reason; // one line
    friend bool operator==(const SyncSkip &, const SyncSkip &) = default;
};

// The plan for each tool directory of `seedToolsDir` (per directory name, in byte-wise order).
// Subdirectories without a TOOL.md are never planned; they go to `skipped` when given.
QList<SyncAction> planSync(const QString &seedToolsDir, const QString &dataPath, QList<SyncSkip> *skipped = nullptr);

// The seed folder a user named (`sync --seed DIR`, the Seed Sync view): the seed tools dir
// itself, or the seed root that holds `tools/` as the platform's `seed/` does (TOOLS.md: "copies
// tools from seed/tools/ to DATA_PATH/tools/"). Without this a seed root planned a tool `tools`.
struct SeedToolsDir
{
    QString path;              // whose subdirectories are the seed's tools; empty when refused
    bool fromSeedRoot = false; // the folder named is the seed root and `path` is its tools/
    QString error;             // one line when the folder is neither
    bool ok() const { return error.isEmpty(); }
};

// A folder with a subdirectory holding a TOOL.md is the tools dir; else one with a `tools/`
// subdirectory is the seed root; anything else is refused.
SeedToolsDir resolveSeedToolsDir(const QString &dir);

struct SyncPlan
{
    SeedToolsDir seed;
    QList<SyncAction> actions; // empty when the seed was refused
    QList<SyncSkip> skipped;
};

// resolveSeedToolsDir, then planSync of the tools dir it found: what the CLI and the view plan.
SyncPlan planSeedSync(const QString &seedDir, const QString &dataPath);

struct SyncResult
{
    QList<SyncAction> applied;
    QStringList errors; // one line each; a failed directory keeps its old content
};

// Applies install/update actions. Each directory is copied into a staging dir under DATA_PATH
// and swapped in by rename, so an interrupted sync leaves either the old or the new tool.
// `progress` (optional) is called after each directory with the number done and the total.
SyncResult applySync(const QList<SyncAction> &plan, const QString &seedToolsDir, const QString &dataPath,
                     const std::function<void(int done, int total, const QString &dir)> &progress = {});

// `sync --json`'s object for a plan: {"actions": [{dir, action, seed_version, target_version}],
// "skipped": [{dir, reason}], "seed_tools_dir", "seed_root"} (DESIGN.md's shape, and the seed
// folder as found). The CLI prints it; `serve` answers sync.plan and sync.apply with it.
QJsonObject syncPlanJson(const SyncPlan &plan);
// syncPlanJson with what a window shows of each action besides: "content_differs" (the seed
// changed without a bump) and "notes" (diagnostics of either side). `sync.plan` answers it.
QJsonObject syncPlanDetailJson(const SyncPlan &plan);
// The warnings a plan carries, one line each as `sync` prints them (notes of either side, a
// seed changed without a version bump).
QStringList syncPlanWarnings(const SyncPlan &plan);

// Copies a directory tree, keeping file modes and symlinks. Returns an error line or empty.
QString copyTree(const QString &from, const QString &to);

} // namespace tw::engine
