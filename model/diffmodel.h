#pragma once
// A side-by-side diff as a table: left line number, left text, right line number, right text.

#include "textdiff.h"

#include <QAbstractTableModel>

namespace tw::model {

class DiffModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { LeftLineColumn, LeftTextColumn, RightLineColumn, RightTextColumn, ColumnCount };
    enum Role { KindRole = Qt::UserRole + 400 };

    explicit DiffModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(DiffModel)

    void setTexts(const QString &left, const QString &right);
    void setRows(QList<engine::DiffRow> rows);
    const QList<engine::DiffRow> &rows() const { return m_rows; }
    qsizetype changedCount() const { return engine::changedRowCount(m_rows); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QList<engine::DiffRow> m_rows;
};

} // namespace tw::model
