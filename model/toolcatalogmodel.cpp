#include "toolcatalogmodel.h"

#include "catalog/overrideresolver.h"

#include <QFont>
#include <QStringList>

#include <algorithm>

namespace tw::model {

using engine::Catalog;
using engine::LocationScan;
using engine::Scope;
using engine::Severity;
using engine::SkippedDir;
using engine::ToolRecord;

struct ToolCatalogModel::Node
{
    NodeKind kind = NodeKind::Group;
    // Unique among siblings: a tool's dir (the record's own string), "s:<dir>" for a directory
    // not loaded, an email, or a group id.
    QString key;
    QString title;
    // A row's record, in its location's scan as m_applied keeps it (its lists are never changed
    // there, so the records stay where they are until that location is applied again).
    const ToolRecord *tool = nullptr;
    const SkippedDir *skipped = nullptr;
    // A location's node (the global group, a user): its tools by dir and by name.
    QHash<QString, Node *> toolsByDir;
    QMultiHash<QString, Node *> toolsByName;
    Node *parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;
    int row = 0;

    // A location's (the global group's, a user's): its tools' search texts (SearchTextRole in
    // UTF-8) one after another, made when first searched and again once its rows changed. A
    // search reads them in order instead of a node and a string per tool: at 101,000 tools the
    // cache misses of those were most of a keystroke, and the strings ~80 bytes a tool more.
    mutable QByteArray searchTexts;
    mutable std::vector<int> searchEnds; // of each tool row's text in searchTexts
    mutable bool searchTextsStale = true;

    ToolCatalogModel::LocationTexts texts() const
    {
        if (searchTextsStale) {
            searchTexts.clear();
            searchEnds.clear();
            for (const auto &child : children) {
                if (child->kind != NodeKind::Tool)
                    break; // tools first, then the directories not loaded
                searchTexts += model::toolSearchText(child->tool->manifest).toUtf8();
                searchEnds.push_back(int(searchTexts.size()));
            }
            searchTexts.squeeze();
            searchEnds.shrink_to_fit();
            searchTextsStale = false;
        }
        return {searchTexts.constData(), searchEnds.data(), int(searchEnds.size())};
    }

    void renumber(size_t from = 0)
    {
        for (size_t i = from; i < children.size(); ++i)
            children[i]->row = int(i);
    }
};


ToolCatalogModel::ToolCatalogModel(QObject *parent) : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
{
    auto makeGroup = [this](const QString &key, const QString &title) {
        auto node = std::make_unique<Node>();
        node->kind = NodeKind::Group;
        node->key = key;
        node->title = title;
        node->parent = m_root.get();
        Node *raw = node.get();
        m_root->children.push_back(std::move(node));
        m_root->renumber();
        return raw;
    };
    m_global = makeGroup(QStringLiteral("global"), tr("Global tools"));
    m_users = makeGroup(QStringLiteral("users"), tr("Users"));
}

ToolCatalogModel::~ToolCatalogModel() = default;

ToolCatalogModel::Node *ToolCatalogModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex ToolCatalogModel::indexOf(const Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row, column, const_cast<Node *>(node));
}

QModelIndex ToolCatalogModel::globalGroupIndex() const { return indexOf(m_global); }
QModelIndex ToolCatalogModel::usersGroupIndex() const { return indexOf(m_users); }

QModelIndex ToolCatalogModel::userIndex(const QString &email) const
{
    for (const auto &child : m_users->children) {
        if (child->key == email)
            return indexOf(child.get());
    }
    return {};
}

QModelIndex ToolCatalogModel::toolIndex(const QString &dir) const
{
    const Node *location = m_locations.value(dir.left(dir.lastIndexOf(u'/')));
    return location ? indexOf(location->toolsByDir.value(dir)) : QModelIndex();
}

NodeKind ToolCatalogModel::kindOf(const QModelIndex &index) const
{
    return nodeOf(index)->kind;
}

ToolCatalogModel::LocationTexts ToolCatalogModel::locationTexts(const QModelIndex &location) const
{
    const Node *node = nodeOf(location);
    return node == m_global || node->kind == NodeKind::User ? node->texts() : LocationTexts();
}

void ToolCatalogModel::track(Node *node, bool add)
{
    if (node->kind != NodeKind::Tool)
        return;
    Node *location = node->parent;
    if (add) {
        location->toolsByDir.insert(node->tool->dir, node);
        location->toolsByName.insert(node->tool->manifest.name, node);
        ++m_toolCount;
    } else {
        location->toolsByDir.remove(node->tool->dir);
        location->toolsByName.remove(node->tool->manifest.name, node);
        --m_toolCount;
    }
}

ToolCatalogModel::Node *ToolCatalogModel::userNode(const QString &email, bool create)
{
    auto &kids = m_users->children;
    const QByteArray raw = email.toUtf8();
    // Users are kept in byte-wise order of their directory names, like the scan reports them.
    auto it = std::lower_bound(kids.begin(), kids.end(), raw,
                               [](const std::unique_ptr<Node> &n, const QByteArray &key) { return n->key.toUtf8() < key; });
    if (it != kids.end() && (*it)->key == email)
        return it->get();
    if (!create)
        return nullptr;
    const int row = int(it - kids.begin());
    auto node = std::make_unique<Node>();
    node->kind = NodeKind::User;
    node->key = email;
    node->title = email;
    node->parent = m_users;
    beginInsertRows(indexOf(m_users), row, row);
    Node *rawNode = node.get();
    m_userNodes.insert(email, rawNode);
    kids.insert(it, std::move(node));
    m_users->renumber(size_t(row));
    endInsertRows();
    return rawNode;
}

void ToolCatalogModel::syncChildren(Node *parent, std::vector<std::unique_ptr<Node>> fresh)
{
    const QModelIndex parentIndex = indexOf(parent);
    auto &kids = parent->children;
    QSet<QString> freshKeys;
    freshKeys.reserve(qsizetype(fresh.size()));
    for (const auto &n : fresh)
        freshKeys.insert(n->key);

    // 1. Remove vanished rows, as contiguous ranges from the back.
    for (int i = int(kids.size()) - 1; i >= 0;) {
        if (freshKeys.contains(kids[size_t(i)]->key)) {
            --i;
            continue;
        }
        int first = i;
        while (first > 0 && !freshKeys.contains(kids[size_t(first - 1)]->key))
            --first;
        beginRemoveRows(parentIndex, first, i);
        for (int k = first; k <= i; ++k)
            track(kids[size_t(k)].get(), false);
        kids.erase(kids.begin() + first, kids.begin() + i + 1);
        parent->renumber(size_t(first));
        parent->searchTextsStale = true;
        endRemoveRows();
        i = first - 1;
    }

    // 2. What remains is a subsequence of `fresh` (same order): update kept rows, insert runs.
    size_t i = 0;
    size_t j = 0;
    while (j < fresh.size()) {
        if (i < kids.size() && kids[i]->key == fresh[j]->key) {
            Node *kept = kids[i].get();
            const Node *now = fresh[j].get();
            const bool changed = kept->kind == NodeKind::Tool ? kept->tool != now->tool && !(*kept->tool == *now->tool)
                                                               : kept->skipped != now->skipped && !(*kept->skipped == *now->skipped);
            if (changed)
                track(kept, false);
            // Always: the scan applied before (its records) is let go once this one is applied.
            kept->tool = now->tool;
            kept->skipped = now->skipped;
            if (changed) {
                parent->searchTextsStale = true;
                track(kept, true);
                Q_EMIT dataChanged(indexOf(kept, 0), indexOf(kept, ColumnCount - 1));
            }
            ++i;
            ++j;
            continue;
        }
        size_t end = j;
        while (end < fresh.size() && !(i < kids.size() && kids[i]->key == fresh[end]->key))
            ++end;
        beginInsertRows(parentIndex, int(i), int(i + (end - j) - 1));
        for (size_t k = j; k < end; ++k) {
            fresh[k]->parent = parent;
            track(fresh[k].get(), true);
            kids.insert(kids.begin() + qsizetype(i + (k - j)), std::move(fresh[k]));
        }
        parent->renumber(i);
        parent->searchTextsStale = true;
        endInsertRows();
        i += end - j;
        j = end;
    }
    // Group titles carry counts.
    Q_EMIT dataChanged(parentIndex, parentIndex.siblingAtColumn(ColumnCount - 1));
}


void ToolCatalogModel::applyLocation(const LocationScan &location)
{
    const QString appliedKey = location.scope == Scope::Global ? QString() : location.user;
    if (const auto it = m_applied.constFind(appliedKey); it != m_applied.cend() && engine::isSameScan(*it, location))
        return;
    // The rows point into the scan kept here; the one they point into now stays alive until
    // every row is repointed (syncChildren).
    const LocationScan previous = m_applied.value(appliedKey);
    m_applied.insert(appliedKey, location);
    const LocationScan &applied = *m_applied.constFind(appliedKey);
    std::vector<std::unique_ptr<Node>> fresh;
    fresh.reserve(size_t(applied.tools.size() + applied.skipped.size()));
    // The names this location registers, each with the version of the registration that wins.
    QHash<QString, int> versions;
    const QHash<QString, const ToolRecord *> winners = engine::locationWinners(location);
    for (auto it = winners.cbegin(); it != winners.cend(); ++it)
        versions.insert(it.key(), it.value()->manifest.version);
    for (const ToolRecord &t : applied.tools) {
        auto n = std::make_unique<Node>();
        n->kind = NodeKind::Tool;
        n->key = t.dir;
        n->tool = &t;
        fresh.push_back(std::move(n));
    }
    for (const SkippedDir &s : applied.skipped) {
        auto n = std::make_unique<Node>();
        n->kind = NodeKind::Skipped;
        n->key = QStringLiteral("s:") + s.dir;
        n->skipped = &s;
        fresh.push_back(std::move(n));
    }

    Node *locationNode = location.scope == Scope::Global ? m_global : userNode(location.user, true);
    if (!location.path.isEmpty())
        m_locations.insert(location.path, locationNode);
    QSet<QString> changedNames;
    if (location.scope == Scope::Global) {
        for (auto it = m_globalVersion.cbegin(); it != m_globalVersion.cend(); ++it) {
            if (versions.value(it.key(), -1) != it.value())
                changedNames.insert(it.key());
        }
        for (auto it = versions.cbegin(); it != versions.cend(); ++it) {
            if (!m_globalVersion.contains(it.key()))
                changedNames.insert(it.key());
        }
        m_globalVersion = versions;
        syncChildren(locationNode, std::move(fresh));
    } else {
        // The names the user had: those of the scan applied before (none the first time), not a
        // set kept per user.
        const QHash<QString, const ToolRecord *> old = engine::locationWinners(previous);
        for (auto it = old.cbegin(); it != old.cend(); ++it) {
            const QString &name = it.key();
            if (!winners.contains(name)) {
                if (auto users = m_overriddenBy.find(name); users != m_overriddenBy.end()) {
                    users->removeOne(location.user);
                    if (users->isEmpty())
                        m_overriddenBy.erase(users);
                }
                changedNames.insert(name);
            }
        }
        for (auto it = winners.cbegin(); it != winners.cend(); ++it) {
            if (!old.contains(it.key())) {
                m_overriddenBy[it.key()].append(location.user); // not there: the name is new to this user
                changedNames.insert(it.key());
            }
        }
        syncChildren(locationNode, std::move(fresh));
    }
    refreshOverrideStates(changedNames, location.scope == Scope::Global);
}

void ToolCatalogModel::applyCatalog(const Catalog &catalog)
{
    applyLocation(catalog.global);
    const QStringList emails = catalog.userEmails();
    const QSet<QString> keep(emails.cbegin(), emails.cend());
    for (int row = int(m_users->children.size()) - 1; row >= 0; --row) {
        Node *user = m_users->children[size_t(row)].get();
        if (keep.contains(user->key))
            continue;
        LocationScan gone;
        gone.scope = Scope::User;
        gone.user = user->key;
        applyLocation(gone); // drops its tools and override marks
        m_applied.remove(user->key);
        m_userNodes.remove(user->key);
        m_locations.removeIf([user](const QHash<QString, Node *>::iterator &it) { return it.value() == user; });
        beginRemoveRows(indexOf(m_users), row, row);
        m_users->children.erase(m_users->children.begin() + row);
        m_users->renumber(size_t(row));
        endRemoveRows();
    }
    for (const LocationScan &loc : catalog.users)
        applyLocation(loc);
}

void ToolCatalogModel::clear()
{
    Catalog empty;
    applyCatalog(empty);
}

void ToolCatalogModel::refreshOverrideStates(const QSet<QString> &names, bool globalChanged)
{
    // A name's nodes: the global ones (who overrides them), and — when the global tools changed —
    // those of every user that has a tool of that name (whether and what they override). A
    // user's change touches no other user's rows: at 1,000 users, refreshing every user's rows
    // of each name a user has was hundreds of row updates per user applied.
    const auto refresh = [this](const Node *location, const QString &name) {
        for (auto it = location->toolsByName.constFind(name); it != location->toolsByName.cend() && it.key() == name; ++it)
            Q_EMIT dataChanged(indexOf(it.value(), 0), indexOf(it.value(), ColumnCount - 1));
    };
    for (const QString &name : names) {
        refresh(m_global, name);
        if (!globalChanged)
            continue;
        for (const QString &email : m_overriddenBy.value(name)) {
            if (const Node *user = m_userNodes.value(email))
                refresh(user, name);
        }
    }
}

QModelIndex ToolCatalogModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    const Node *p = nodeOf(parent);
    if (!p || row >= int(p->children.size()))
        return {};
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex ToolCatalogModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOf(nodeOf(child)->parent);
}

int ToolCatalogModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int ToolCatalogModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

Qt::ItemFlags ToolCatalogModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractItemModel::flags(index);
    // A tool and a directory not loaded are leaves. Said, a view's expandAll() skips them: it
    // otherwise kept a persistent index for each row it showed (101,000 while filtering), and
    // every range of rows a filter then hid or showed visited them all.
    if (const Node *node = nodeOf(index); index.isValid() && (node->kind == NodeKind::Tool || node->kind == NodeKind::Skipped))
        flags |= Qt::ItemNeverHasChildren;
    return flags;
}

QVariant ToolCatalogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return toolColumnHeader(section, orientation, role);
}

QHash<int, QByteArray> ToolCatalogModel::roleNames() const
{
    QHash<int, QByteArray> roles = QAbstractItemModel::roleNames();
    roles.insert(NameRole, "name");
    roles.insert(LabelRole, "label");
    roles.insert(VersionRole, "version");
    roles.insert(ScopeRole, "scope");
    roles.insert(OverrideStateRole, "overrideState");
    roles.insert(WorstSeverityRole, "worstSeverity");
    return roles;
}

QVariant ToolCatalogModel::toolData(const Node *node, int column, int role) const
{
    const ToolRecord &t = *node->tool;
    const engine::ToolManifest &m = t.manifest;
    OverrideState state = OverrideState::None;
    if (!t.shadowedBy.isEmpty())
        state = OverrideState::Shadowed;
    else if (t.scope == Scope::Global && !m_overriddenBy.value(m.name).isEmpty())
        state = OverrideState::Overridden;
    else if (t.scope == Scope::User && m_globalVersion.contains(m.name))
        state = OverrideState::OverridesGlobal;

    auto overriddenBy = [&] {
        QStringList list = m_overriddenBy.value(m.name);
        std::sort(list.begin(), list.end());
        return list;
    };
    auto statusText = [&] {
        QStringList parts;
        switch (state) {
        case OverrideState::OverridesGlobal:
            parts.append(tr("shadows global v%1").arg(m_globalVersion.value(m.name)));
            break;
        case OverrideState::Overridden: {
            const QStringList users = overriddenBy();
            parts.append(users.size() == 1 ? tr("overridden by %1").arg(users.first())
                                           : tr("overridden by %n users", nullptr, int(users.size())));
            break;
        }
        case OverrideState::Shadowed:
            parts.append(tr("duplicate, loses to %1").arg(t.shadowedBy.section(u'/', -1)));
            break;
        case OverrideState::None:
            break;
        }
        if (const QString words = problemSummary(t.diagnostics); !words.isEmpty())
            parts.append(words);
        return parts.join(QStringLiteral(" · "));
    };

    switch (role) {
    case Qt::DisplayRole:
        if (column == LabelColumn)
            return toolDisplayName(m);
        if (column == VersionColumn)
            return m.versionPresent ? QVariant(m.version) : QVariant(tr("none"));
        if (column == StatusColumn)
            return statusText();
        return {};
    case Qt::ToolTipRole:
        return toolToolTip(t);
    case Qt::DecorationRole:
        return column == LabelColumn ? toolIcon(t.scope, state == OverrideState::OverridesGlobal) : QVariant();
    case Qt::ForegroundRole:
        return column == StatusColumn && !t.diagnostics.isEmpty() ? severityForeground(int(engine::worstSeverity(t.diagnostics)))
                                                                   : QVariant();
    case NodeKindRole: return int(NodeKind::Tool);
    case NameRole: return m.name;
    case LabelRole: return m.label;
    case DescriptionRole: return m.description;
    case SearchTextRole: return QString::fromUtf8(node->parent->texts().at(node->row));
    case VersionRole: return m.version;
    case ScopeRole: return engine::scopeName(t.scope);
    case UserRole: return t.user;
    case DirRole: return t.dir;
    case OverrideStateRole: return int(state);
    case OverriddenByRole: return overriddenBy();
    case OverriddenVersionRole:
        return state == OverrideState::OverridesGlobal ? m_globalVersion.value(m.name) : -1;
    case WorstSeverityRole:
        return t.diagnostics.isEmpty() ? -1 : int(engine::worstSeverity(t.diagnostics));
    case DiagnosticCountRole: return int(t.diagnostics.size());
    case ToolRecordRole: return QVariant::fromValue(t);
    case StatusTextRole: return statusText();
    default: return {};
    }
}

QVariant ToolCatalogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node *node = nodeOf(index);
    const int column = index.column();
    switch (node->kind) {
    case NodeKind::Tool:
        return toolData(node, column, role);
    case NodeKind::Skipped: {
        const SkippedDir &s = *node->skipped;
        const QString why = s.diagnostics.isEmpty() ? s.reason : s.diagnostics.first().message;
        switch (role) {
        case Qt::DisplayRole:
            if (column == LabelColumn)
                return s.dirName;
            if (column == StatusColumn)
                return tr("not loaded: %1").arg(why);
            return {};
        case Qt::ForegroundRole:
            return column == StatusColumn ? severityForeground(int(Severity::Skip)) : QVariant();
        case Qt::DecorationRole:
            return column == LabelColumn ? skippedIcon() : QVariant();
        case Qt::FontRole: {
            QFont font;
            font.setItalic(true);
            return font;
        }
        case Qt::ToolTipRole: return QString(s.dir + u'\n' + why + QStringLiteral(" [") + s.reason + u']');
        case NodeKindRole: return int(NodeKind::Skipped);
        case NameRole: return s.dirName;
        case DirRole: return s.dir;
        case WorstSeverityRole: return int(Severity::Skip);
        case DiagnosticCountRole: return int(s.diagnostics.size());
        case SkippedDirRole: return QVariant::fromValue(s);
        case StatusTextRole: return tr("not loaded: %1").arg(why);
        default: return {};
        }
    }
    case NodeKind::User:
    case NodeKind::Group: {
        if (role == NodeKindRole)
            return int(node->kind);
        if (role == UserRole && node->kind == NodeKind::User)
            return node->key;
        if (role == GroupTitleRole)
            return node->title;
        if ((role != Qt::DisplayRole && role != Qt::ToolTipRole) || column != LabelColumn)
            return {};
        int tools = 0;
        if (node == m_users)
            return tr("%1 (%n users)", nullptr, int(node->children.size())).arg(node->title);
        for (const auto &c : node->children)
            tools += c->kind == NodeKind::Tool;
        return tr("%1 (%n tools)", nullptr, tools).arg(node->title);
    }
    }
    return {};
}

} // namespace tw::model
