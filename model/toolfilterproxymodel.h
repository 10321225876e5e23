#pragma once
// Filters a tool model (tree or list) by text over name/label/description, scope, "has
// problems" and "overridden"; groups stay visible while any tool below them matches, and say
// how many of theirs are shown ("Global tools (1 of 6)").

#include <QSortFilterProxyModel>

namespace tw::model {

class ToolFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class ScopeFilter { All, Global, User };

    explicit ToolFilterProxyModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ToolFilterProxyModel)

    void setText(const QString &text);
    QString text() const { return m_text; }
    // Whether the rows shown stay the same with `text` for the search text, the other filters
    // as they are: every tool matches it exactly when it matches the current text (a word typed
    // on that every tool shown still contains). Known only while a text filters a
    // ToolCatalogModel; false otherwise. A pass over the tools' cached search texts — no index,
    // no QVariant, no refilter: at 101,000 tools a few milliseconds, against a refilter and a
    // tree laid out again.
    bool keepsRowsWithText(const QString &text) const;
    // Takes `text` without refiltering; only where keepsRowsWithText(text).
    void setTextKeepingRows(const QString &text);
    void setScopeFilter(ScopeFilter scope);
    void setProblemsOnly(bool on);
    void setOverriddenOnly(bool on);
    bool isFiltering() const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    void setSourceModel(QAbstractItemModel *model) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    void refilter();
    void takeText(const QString &text);
    void groupTitlesChanged(const QModelIndex &parent);

    class ToolCatalogModel *m_catalog = nullptr; // the source, when it is the catalog tree
    QString m_text;
    QStringList m_words;
    QStringList m_foldedWords; // m_words case-folded, against SearchTextRole
    ScopeFilter m_scope = ScopeFilter::All;
    bool m_problemsOnly = false;
    bool m_overriddenOnly = false;
};

} // namespace tw::model
