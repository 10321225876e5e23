#pragma once
// Filters the override matrix by tool name (rows), by user (columns; the global column always
// stays), and optionally to the rows some shown user customises.

#include <QSortFilterProxyModel>

namespace tw::model {

class OverrideMatrixFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit OverrideMatrixFilterModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(OverrideMatrixFilterModel)

    void setToolFilter(const QString &text);
    void setUserFilter(const QString &text);
    void setCustomizedOnly(bool on);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool filterAcceptsColumn(int sourceColumn, const QModelIndex &sourceParent) const override;

private:
    void refilter();

    QString m_tool;
    QString m_user;
    bool m_customizedOnly = false;
};

} // namespace tw::model
