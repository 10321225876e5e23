#include "effectivetoolsmodel.h"

#include <QSet>

namespace tw::model {

using engine::EffectiveTool;

EffectiveToolsModel::EffectiveToolsModel(QObject *parent) : QAbstractTableModel(parent) {}

void EffectiveToolsModel::setCatalog(std::shared_ptr<const engine::Catalog> catalog)
{
    m_catalog = std::move(catalog);
    recompute();
}

void EffectiveToolsModel::setUser(const QString &email)
{
    if (email == m_user)
        return;
    m_user = email;
    recompute();
}

void EffectiveToolsModel::recompute()
{
    engine::EffectiveSet fresh = m_catalog ? engine::resolveEffective(*m_catalog, m_user) : engine::EffectiveSet{};
    QList<EffectiveTool> &rows = m_set.tools;
    QSet<QString> freshNames;
    for (const EffectiveTool &e : fresh.tools)
        freshNames.insert(e.tool.manifest.name);
    // Remove vanished rows as contiguous ranges from the back.
    for (int i = int(rows.size()) - 1; i >= 0;) {
        if (freshNames.contains(rows[i].tool.manifest.name)) {
            --i;
            continue;
        }
        int first = i;
        while (first > 0 && !freshNames.contains(rows[first - 1].tool.manifest.name))
            --first;
        beginRemoveRows({}, first, i);
        rows.remove(first, i - first + 1);
        endRemoveRows();
        i = first - 1;
    }
    // Both lists are sorted by name: walk them together, inserting runs of new names at once.
    qsizetype i = 0, j = 0;
    QList<EffectiveTool> &incoming = fresh.tools;
    auto sameName = [&](qsizetype r, qsizetype f) {
        return r < rows.size() && rows[r].tool.manifest.name == incoming[f].tool.manifest.name;
    };
    while (j < incoming.size()) {
        if (sameName(i, j)) {
            EffectiveTool &e = incoming[j];
            const bool changed = !(rows[i].tool == e.tool) || rows[i].overridden.has_value() != e.overridden.has_value()
                || (e.overridden && !(*rows[i].overridden == *e.overridden));
            if (changed) {
                rows[i] = std::move(e);
                Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
            }
            ++i;
            ++j;
            continue;
        }
        qsizetype end = j;
        while (end < incoming.size() && !sameName(i, end))
            ++end;
        beginInsertRows({}, int(i), int(i + (end - j) - 1));
        rows.insert(i, end - j, EffectiveTool{});
        for (qsizetype k = j; k < end; ++k)
            rows[i + (k - j)] = std::move(incoming[k]);
        endInsertRows();
        i += end - j;
        j = end;
    }
    m_set.user = fresh.user;
    m_set.shadowed = std::move(fresh.shadowed);
    m_set.skipped = std::move(fresh.skipped);
}

int EffectiveToolsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_set.tools.size());
}

int EffectiveToolsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EffectiveToolsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return toolColumnHeader(section, orientation, role);
}

QVariant EffectiveToolsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EffectiveTool &e = m_set.tools[index.row()];
    const engine::ToolRecord &t = e.tool;
    const OverrideState state = e.overridden ? OverrideState::OverridesGlobal : OverrideState::None;
    auto status = [&] {
        QStringList parts;
        parts.append(t.scope == engine::Scope::User ? tr("user") : tr("global"));
        if (e.overridden)
            parts.append(tr("shadows global v%1").arg(e.overridden->manifest.version));
        if (const QString p = problemSummary(t.diagnostics); !p.isEmpty())
            parts.append(p);
        return parts.join(QStringLiteral(" · "));
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LabelColumn: return toolDisplayName(t.manifest);
        case VersionColumn: return t.manifest.versionPresent ? QVariant(t.manifest.version) : QVariant(tr("none"));
        case StatusColumn: return status();
        default: return {};
        }
    case Qt::ToolTipRole: return toolToolTip(t);
    case Qt::DecorationRole:
        return index.column() == LabelColumn ? toolIcon(t.scope, bool(e.overridden)) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == StatusColumn && !t.diagnostics.isEmpty()
            ? severityForeground(int(engine::worstSeverity(t.diagnostics)))
            : QVariant();
    case NodeKindRole: return int(NodeKind::Tool);
    case NameRole: return t.manifest.name;
    case LabelRole: return t.manifest.label;
    case DescriptionRole: return t.manifest.description;
    case SearchTextRole: return toolSearchText(t.manifest);
    case VersionRole: return t.manifest.version;
    case ScopeRole: return engine::scopeName(t.scope);
    case UserRole: return t.user;
    case DirRole: return t.dir;
    case OverrideStateRole: return int(state);
    case OverriddenByRole: return QStringList();
    case OverriddenVersionRole: return e.overridden ? e.overridden->manifest.version : -1;
    case WorstSeverityRole: return t.diagnostics.isEmpty() ? -1 : int(engine::worstSeverity(t.diagnostics));
    case DiagnosticCountRole: return int(t.diagnostics.size());
    case ToolRecordRole: return QVariant::fromValue(t);
    case StatusTextRole: return status();
    default: return {};
    }
}

} // namespace tw::model
