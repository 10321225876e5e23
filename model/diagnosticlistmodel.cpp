#include "diagnosticlistmodel.h"

#include <QFileInfo>

namespace tw::model {

using engine::Severity;

DiagnosticListModel::DiagnosticListModel(QObject *parent) : QAbstractTableModel(parent) {}

void DiagnosticListModel::setCatalog(const engine::Catalog &catalog)
{
    QList<Row> rows;
    auto addLocation = [&rows](const engine::LocationScan &loc) {
        const QString scope = loc.scope == engine::Scope::Global ? QStringLiteral("global") : loc.user;
        for (const engine::SkippedDir &s : loc.skipped)
            for (const engine::Diagnostic &d : s.diagnostics)
                rows.append({d, s.dirName, s.dir, scope});
        for (const engine::ToolRecord &t : loc.tools)
            for (const engine::Diagnostic &d : t.diagnostics)
                rows.append({d, t.manifest.name, t.dir, scope});
    };
    addLocation(catalog.global);
    for (const engine::LocationScan &loc : catalog.users)
        addLocation(loc);
    // The list is rebuilt whole: it is a flat report, and a scan result is one consistent snapshot.
    // The editors' rows stay (they are of text not saved yet, which no scan has read).
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void DiagnosticListModel::setEditorDiagnostics(const QString &toolDir, const QString &tool, const QString &scope,
                                               const engine::Diagnostics &diagnostics)
{
    const auto first = std::find_if(m_editorRows.cbegin(), m_editorRows.cend(), [&](const Row &r) { return r.toolDir == toolDir; });
    if (first != m_editorRows.cend()) {
        const auto end = std::find_if(first, m_editorRows.cend(), [&](const Row &r) { return r.toolDir != toolDir; });
        const int from = int(m_rows.size() + (first - m_editorRows.cbegin()));
        const int count = int(end - first);
        beginRemoveRows({}, from, from + count - 1);
        m_editorRows.remove(first - m_editorRows.cbegin(), count);
        endRemoveRows();
    }
    if (diagnostics.isEmpty())
        return;
    const int at = int(m_rows.size() + m_editorRows.size());
    beginInsertRows({}, at, at + int(diagnostics.size()) - 1);
    for (const engine::Diagnostic &d : diagnostics)
        m_editorRows.append({d, tool, toolDir, scope});
    endInsertRows();
}

const DiagnosticListModel::Row &DiagnosticListModel::rowAt(int row) const
{
    return row < m_rows.size() ? m_rows[row] : m_editorRows[row - m_rows.size()];
}

int DiagnosticListModel::count(Severity severity) const
{
    const auto of = [severity](const Row &r) { return r.diagnostic.severity == severity; };
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(), of) + std::count_if(m_editorRows.cbegin(), m_editorRows.cend(), of));
}

int DiagnosticListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size() + m_editorRows.size());
}

int DiagnosticListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case CodeColumn: return tr("Code");
    case ToolColumn: return tr("Tool");
    case LocationColumn: return tr("Where");
    case MessageColumn: return tr("Message");
    default: return {};
    }
}

QVariant DiagnosticListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = rowAt(index.row());
    const engine::Diagnostic &d = r.diagnostic;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return engine::severityName(d.severity);
        case CodeColumn: return d.code;
        case ToolColumn: return r.scope == u"global" ? r.tool : r.tool + QStringLiteral(" (") + r.scope + u')';
        case LocationColumn: {
            const QString file = d.file.isEmpty() ? QFileInfo(r.toolDir).fileName() : QFileInfo(d.file).fileName();
            return d.line > 0 ? file + u':' + QString::number(d.line) : file;
        }
        case MessageColumn: return d.message;
        default: return {};
        }
    case Qt::ToolTipRole: return engine::formatDiagnostic(d);
    case SeverityRole: return int(d.severity);
    case FileRole: return d.file;
    case LineRole: return d.line;
    case ToolDirRole: return r.toolDir;
    case CodeRole: return d.code;
    default: return {};
    }
}

} // namespace tw::model
