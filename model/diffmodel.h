#pragma once
// A side-by-side diff as a table: left line number, left text, right line number, right text.
// The text columns' headers name the two sides ("Global — greet/TOOL.md"); a text cell's tool
// tip holds its whole line.

#include "authoring/textdiff.h"

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
    // What each side is, shown as the header of its text column.
    void setTitles(const QString &left, const QString &right);
    QString leftTitle() const { return m_leftTitle; }
    QString rightTitle() const { return m_rightTitle; }
    const QList<engine::DiffRow> &rows() const { return m_rows; }
    qsizetype changedCount() const { return engine::changedRowCount(m_rows); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // A line longer than this is shown cut, with how much is left out (a minified file's one
    // line would otherwise be laid out whole on every paint).
    static constexpr qsizetype kMaxShownChars = 4000;

private:
    QList<engine::DiffRow> m_rows;
    QString m_leftTitle;
    QString m_rightTitle;
};

} // namespace tw::model
