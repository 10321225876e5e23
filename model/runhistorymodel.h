#pragma once
// Past runs (engine RunHistory) as a table, newest first: started, tool, user, state, duration,
// runtime. The database is read on a worker thread; the rows are swapped in when it answers.

#include "run/runhistory.h"
#include "tones.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>

namespace tw::model {

// The tone a run's final state is shown in, wherever it is shown: a result succeeds, a run the
// tester cancelled is a warning (their doing, not the tool's), anything else is an error.
Tone runStateTone(const QString &state);

class RunHistoryModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { StartedColumn, ToolColumn, SourceColumn, UserColumn, StateColumn, DurationColumn, RuntimeColumn, ColumnCount };
    enum Role { RunIdRole = Qt::UserRole + 500, StateRole };

    explicit RunHistoryModel(QString databasePath, QObject *parent = nullptr);
    ~RunHistoryModel() override;
    Q_DISABLE_COPY_MOVE(RunHistoryModel)

    // Reloads, for one tool or (empty) every tool; `reloaded` follows.
    void reload(const QString &tool = {});
    QString databasePath() const { return m_path; }
    const engine::RunRecord &record(int row) const { return m_rows[row]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void reloaded();

private:
    QString m_path;
    QList<engine::RunRecord> m_rows;
    QFutureWatcher<QList<engine::RunRecord>> m_watcher;
    bool m_again = false;
    QString m_tool;
};

} // namespace tw::model
