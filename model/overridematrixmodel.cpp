#include "overridematrixmodel.h"

#include "catalog/overrideresolver.h"

#include "tones.h"
#include "toolroles.h"

#include <QColor>
#include <QSet>

#include <algorithm>

namespace tw::model {

using engine::ToolRecord;

namespace {

// Calls remove(first, last) for runs of `current` missing from `fresh`, then insert(pos, count)
// for runs of `fresh` missing from `current`; both lists keep the same relative order.
template<typename Remove, typename Insert>
void diffSorted(QStringList &current, const QStringList &fresh, Remove remove, Insert insert)
{
    const QSet<QString> freshSet(fresh.cbegin(), fresh.cend());
    for (int i = int(current.size()) - 1; i >= 0;) {
        if (freshSet.contains(current[i])) {
            --i;
            continue;
        }
        int first = i;
        while (first > 0 && !freshSet.contains(current[first - 1]))
            --first;
        remove(first, i);
        i = first - 1;
    }
    qsizetype i = 0, j = 0;
    while (j < fresh.size()) {
        if (i < current.size() && current[i] == fresh[j]) {
            ++i;
            ++j;
            continue;
        }
        qsizetype end = j;
        while (end < fresh.size() && !(i < current.size() && current[i] == fresh[end]))
            ++end;
        insert(int(i), fresh.mid(j, end - j));
        i += end - j;
        j = end;
    }
}

} // namespace

OverrideMatrixModel::OverrideMatrixModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_columns.append(Column()); // the global column
}

void OverrideMatrixModel::setCatalog(std::shared_ptr<const engine::Catalog> catalog)
{
    // Build the new index first; the old catalog stays alive until the swap is complete. A
    // location whose lists are the very ones of the last catalog (a rescan shares every location
    // it did not read again) keeps its column as it is: at 1,000 users a file change rebuilds one
    // column, not a thousand. The names are counted per column, so the rows follow from the
    // columns that changed.
    QHash<QString, qsizetype> oldColumn; // email ("" = global) → index in m_columns
    oldColumn.reserve(m_users.size() + 1);
    oldColumn.insert(QString(), 0);
    for (qsizetype i = 0; i < m_users.size(); ++i)
        oldColumn.insert(m_users[i], i + 1);
    QList<bool> kept(m_columns.size(), false);
    // Each name a changed column touches, with its count before: the rows that come and go.
    QHash<QString, int> touched;
    const auto count = [this, &touched](const Column &column, int delta) {
        const auto add = [&](const QString &name) {
            int &n = m_nameCount[name];
            if (!touched.contains(name))
                touched.insert(name, n);
            n += delta;
        };
        for (auto it = column.winners.cbegin(); it != column.winners.cend(); ++it)
            add(it.key());
        for (auto it = column.notLoaded.cbegin(); it != column.notLoaded.cend(); ++it)
            add(it.key());
    };
    QList<Column> columns;
    QStringList users;
    if (catalog) {
        columns.reserve(catalog->users.size() + 1);
        users.reserve(catalog->users.size());
        auto addLocation = [&](const engine::LocationScan &loc) {
            const qsizetype old = oldColumn.value(loc.scope == engine::Scope::Global ? QString() : loc.user, -1);
            if (old >= 0 && old < m_columns.size() && engine::isSameScan(m_columns[old].scan, loc) && !kept[old]) {
                kept[old] = true;
                columns.append(m_columns[old]);
                return;
            }
            Column column;
            column.scan = loc;
            column.winners = engine::locationWinners(loc);
            // A skipped directory has no readable name: it goes under its directory name, as
            // engine::explainTool matches it.
            for (const engine::SkippedDir &s : loc.skipped)
                column.notLoaded.insert(s.dirName, &s);
            count(column, +1);
            columns.append(std::move(column));
        };
        addLocation(catalog->global);
        for (const engine::LocationScan &loc : catalog->users) {
            users.append(loc.user);
            addLocation(loc);
        }
    }
    for (qsizetype i = 0; i < m_columns.size(); ++i) {
        if (!kept[i])
            count(m_columns[i], -1);
    }
    QStringList added, removed;
    for (auto it = touched.cbegin(); it != touched.cend(); ++it) {
        const int now = m_nameCount.value(it.key());
        if (it.value() <= 0 && now > 0)
            added.append(it.key());
        else if (it.value() > 0 && now <= 0)
            removed.append(it.key());
        if (now <= 0)
            m_nameCount.remove(it.key());
    }
    // A few rows come and go (a rescan of a location): found by bisection, not by a sort and a
    // diff of every name (100,000 at a platform's scale: 60 ms).
    const bool fewRows = added.size() + removed.size() <= 256;
    QStringList names;
    if (!fewRows) {
        names.reserve(m_nameCount.size());
        for (auto it = m_nameCount.cbegin(); it != m_nameCount.cend(); ++it)
            names.append(it.key());
        std::sort(names.begin(), names.end());
    }
    const std::shared_ptr<const engine::Catalog> keepAlive = m_catalog;

    // Columns first (users come and go), then rows; kept cells keep their indexes.
    diffSorted(
        m_users, users,
        [this](int first, int last) {
            beginRemoveColumns({}, first + 1, last + 1);
            m_users.remove(first, last - first + 1);
            m_columns.remove(first + 1, last - first + 1);
            endRemoveColumns();
        },
        [this](int pos, const QStringList &added) {
            beginInsertColumns({}, pos + 1, pos + int(added.size()));
            for (qsizetype k = 0; k < added.size(); ++k) {
                m_users.insert(pos + k, added[k]);
                m_columns.insert(pos + 1 + k, Column());
            }
            endInsertColumns();
        });
    // Swap in the new cells before rows change, so views read consistent data. The global
    // column is always there.
    m_catalog = std::move(catalog);
    if (columns.isEmpty())
        columns.append(Column());
    m_columns = std::move(columns);
    if (fewRows) {
        std::sort(removed.begin(), removed.end());
        for (qsizetype k = removed.size() - 1; k >= 0; --k) {
            const auto at = std::lower_bound(m_names.cbegin(), m_names.cend(), removed[k]);
            if (at == m_names.cend() || *at != removed[k])
                continue;
            const int row = int(at - m_names.cbegin());
            beginRemoveRows({}, row, row);
            m_names.removeAt(row);
            endRemoveRows();
        }
        std::sort(added.begin(), added.end());
        for (const QString &name : std::as_const(added)) {
            const int row = int(std::lower_bound(m_names.cbegin(), m_names.cend(), name) - m_names.cbegin());
            beginInsertRows({}, row, row);
            m_names.insert(row, name);
            endInsertRows();
        }
    } else {
        diffSorted(
            m_names, names,
            [this](int first, int last) {
                beginRemoveRows({}, first, last);
                m_names.remove(first, last - first + 1);
                endRemoveRows();
            },
            [this](int pos, const QStringList &run) {
                beginInsertRows({}, pos, pos + int(run.size()) - 1);
                for (qsizetype k = 0; k < run.size(); ++k)
                    m_names.insert(pos + k, run[k]);
                endInsertRows();
            });
    }
    if (!m_names.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_names.size()) - 1, int(m_users.size())));
}

QModelIndex OverrideMatrixModel::cellIndex(const QString &name, const QString &email) const
{
    const qsizetype row = m_names.indexOf(name);
    const qsizetype column = email.isEmpty() ? 0 : m_users.indexOf(email) + 1;
    if (row < 0 || column < 0 || (!email.isEmpty() && column == 0))
        return {};
    return index(int(row), int(column));
}

const ToolRecord *OverrideMatrixModel::cell(int row, int column) const
{
    if (row < 0 || row >= m_names.size() || column < 0 || column >= m_columns.size())
        return nullptr;
    return m_columns[column].winners.value(m_names[row]);
}

QList<const engine::SkippedDir *> OverrideMatrixModel::notLoaded(int row, int column) const
{
    if (row < 0 || row >= m_names.size() || column < 0 || column >= m_columns.size())
        return {};
    QList<const engine::SkippedDir *> dirs = m_columns[column].notLoaded.values(m_names[row]);
    std::sort(dirs.begin(), dirs.end(), [](const engine::SkippedDir *a, const engine::SkippedDir *b) { return a->dir < b->dir; });
    return dirs;
}

QStringList OverrideMatrixModel::notLoadedLines(int row, int column) const
{
    QStringList lines;
    for (const engine::SkippedDir *s : notLoaded(row, column)) {
        const QString why = s->diagnostics.isEmpty() ? s->reason : s->diagnostics.first().message;
        lines.append(QStringLiteral("%1: %2 [%3]").arg(s->dir, why, s->reason));
    }
    return lines;
}

OverrideMatrixModel::CellState OverrideMatrixModel::stateOf(int row, int column) const
{
    if (!cell(row, column)) {
        const bool skipped = row >= 0 && row < m_names.size() && column >= 0 && column < m_columns.size()
            && m_columns[column].notLoaded.contains(m_names[row]);
        return skipped ? CellState::NotLoaded : CellState::Empty;
    }
    if (column == 0)
        return CellState::Global;
    return cell(row, 0) ? CellState::Overrides : CellState::UserOnly;
}

int OverrideMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_names.size());
}

int OverrideMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_users.size()) + 1;
}

QVariant OverrideMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Vertical)
        return section < m_names.size() ? QVariant(m_names[section]) : QVariant();
    if (section == 0)
        return tr("Global");
    return section - 1 < m_users.size() ? QVariant(m_users[section - 1]) : QVariant();
}

QVariant OverrideMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    const ToolRecord *t = cell(row, column);
    const ToolRecord *global = cell(row, 0);
    const CellState state = stateOf(row, column);
    const bool problems = t && engine::hasProblems(t->diagnostics)
        && engine::worstSeverity(t->diagnostics) >= engine::Severity::Warning;
    const int delta = state == CellState::Overrides ? t->manifest.version - global->manifest.version : 0;
    switch (role) {
    case Qt::DisplayRole: {
        if (state == CellState::NotLoaded)
            return tr("✕ does not load");
        if (!t)
            return {};
        QString text = QStringLiteral("v%1").arg(t->manifest.version);
        if (state == CellState::Overrides)
            text += delta == 0 ? QStringLiteral(" (=)")
                               : QStringLiteral(" (%1%2)").arg(delta > 0 ? QStringLiteral("+") : QStringLiteral("−")).arg(std::abs(delta));
        else if (state == CellState::UserOnly)
            text += tr(" user-only");
        if (problems)
            text += QStringLiteral(" ⚠");
        return text;
    }
    case Qt::ToolTipRole: {
        const QStringList skipped = notLoadedLines(row, column);
        if (state == CellState::NotLoaded) {
            QString tip = tr("The loader skips this directory, so it registers no tool:") + u'\n' + skipped.join(u'\n');
            if (column > 0)
                tip += u'\n' + (global ? tr("%1 gets the global tool.").arg(m_users[column - 1])
                                        : tr("%1 has no tool of this name.").arg(m_users[column - 1]));
            return tip;
        }
        if (!t) {
            if (column == 0)
                return tr("no global tool of this name");
            return global ? tr("%1 uses the global tool").arg(m_users[column - 1])
                          : tr("%1 has no tool of this name").arg(m_users[column - 1]);
        }
        QString tip = t->dir;
        if (state == CellState::Overrides)
            tip += tr("\nshadows global v%1 (version %2 by %3)")
                       .arg(global->manifest.version)
                       .arg(delta >= 0 ? tr("up") : tr("down"))
                       .arg(std::abs(delta));
        if (problems)
            tip += u'\n' + problemSummary(t->diagnostics);
        if (!skipped.isEmpty())
            tip += u'\n' + tr("Not loaded:") + u'\n' + skipped.join(u'\n');
        return tip;
    }
    case Qt::BackgroundRole:
        // Soft tints that keep text legible on light and dark palettes.
        switch (state) {
        case CellState::Overrides: return QColor(66, 133, 244, 60);
        case CellState::UserOnly: return QColor(52, 168, 83, 60);
        case CellState::NotLoaded: return QColor(234, 67, 53, 40);
        case CellState::Global: return QVariant();
        case CellState::Empty: return QVariant();
        }
        return {};
    case Qt::ForegroundRole:
        if (state == CellState::NotLoaded)
            return toneColor(Tone::Error);
        return problems ? severityForeground(int(engine::worstSeverity(t->diagnostics))) : QVariant();
    case Qt::TextAlignmentRole: return int(Qt::AlignCenter);
    case CellStateRole: return int(state);
    case HasProblemsRole: return problems;
    case VersionDeltaRole: return delta;
    case CellToolRole: return t ? QVariant::fromValue(*t) : QVariant();
    case ToolNameRole: return m_names[row];
    case EmailRole: return column == 0 ? QString() : m_users[column - 1];
    case NotLoadedRole: return notLoadedLines(row, column);
    default: return {};
    }
}

} // namespace tw::model
