#pragma once
// A tools tree in a git checkout compared with a revision: which tools changed since it, and
// the version each had there — for `toolwright lint --since REV` (version-not-bumped).

#include <QSet>
#include <QString>

#include <optional>

namespace tw::engine {

class GitRevision final
{
public:
    // nullopt with a one-line reason when `path` is not in a git checkout or `rev` is unknown.
    static std::optional<GitRevision> open(const QString &path, const QString &rev, QString *error);

    // Tracked changes against the revision (committed or not) or new untracked files in `toolDir`.
    bool changedSince(const QString &toolDir) const;
    // The TOOL.md version of `toolDir` at the revision (0 when missing); nullopt if the tool
    // did not exist then.
    std::optional<int> versionAt(const QString &toolDir) const;
    QString revision() const { return m_rev; }

private:
    QString relative(const QString &dir) const;

    QString m_git;
    QString m_top;
    QString m_rev;
    QSet<QString> m_changed; // paths relative to m_top
};

} // namespace tw::engine
