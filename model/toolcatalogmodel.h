#pragma once
// The whole catalog as a tree: "Global tools" and "Users" → email, each holding its tools and
// then its skipped ("not loaded") directories. Updated incrementally, one location at a time.

#include "catalog/catalog.h"
#include "toolroles.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QSet>

#include <memory>
#include <vector>

namespace tw::model {

class ToolCatalogModel final : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column { LabelColumn, VersionColumn, StatusColumn, ColumnCount };

    explicit ToolCatalogModel(QObject *parent = nullptr);
    ~ToolCatalogModel() override;
    Q_DISABLE_COPY_MOVE(ToolCatalogModel)

    // Replaces one location's tools (and its skipped dirs) with a diff: rows that stay keep
    // their indexes, new rows are inserted, vanished rows removed.
    void applyLocation(const tw::engine::LocationScan &location);
    // Applies a complete scan: every location, and removes users that are gone.
    void applyCatalog(const tw::engine::Catalog &catalog);
    void clear();

    QModelIndex globalGroupIndex() const;
    QModelIndex usersGroupIndex() const;
    QModelIndex userIndex(const QString &email) const;
    QModelIndex toolIndex(const QString &dir) const;
    // For a filter over the tree, without a QVariant per row (the indexes must be this model's):
    // the row's kind, and a location's tools' search texts (SearchTextRole in UTF-8), one after
    // another — a location's rows are its tools (0 .. count - 1), then the directories it skips.
    // Valid until the model next changes.
    struct LocationTexts
    {
        const char *data = nullptr;
        const int *ends = nullptr;
        int count = 0; // 0 for a row that is not a location
        QByteArrayView at(int row) const
        {
            const int begin = row > 0 ? ends[row - 1] : 0;
            return {data + begin, ends[row] - begin};
        }
    };
    NodeKind kindOf(const QModelIndex &index) const;
    LocationTexts locationTexts(const QModelIndex &location) const;
    int toolCount() const { return m_toolCount; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Node;
    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOf(const Node *node, int column = 0) const;
    Node *userNode(const QString &email, bool create);
    void syncChildren(Node *parent, std::vector<std::unique_ptr<Node>> fresh);
    void track(Node *node, bool add);
    void refreshOverrideStates(const QSet<QString> &names, bool globalChanged);
    QVariant toolData(const Node *node, int column, int role) const;

    std::unique_ptr<Node> m_root;
    Node *m_global = nullptr;
    Node *m_users = nullptr;
    // Tools are indexed per location (in its node: by dir, by name), not in one hash of every
    // tool: at 101,000 tools growing that hash stopped the window for 35-60 ms at a time.
    QHash<QString, Node *> m_locations;             // location path → its node (global or a user's)
    QHash<QString, Node *> m_userNodes;             // email → the user's node
    int m_toolCount = 0;
    // Tool name → the users with a tool of that name (overriding the global one, if there is
    // one). A list: most names have one user, and a set each cost ~600 bytes at 101,000 tools.
    QHash<QString, QStringList> m_overriddenBy;
    QHash<QString, int> m_globalVersion;            // winning global tool name → version
    // The scan last applied per location ("" = global), sharing its lists with the caller's
    // copy: the whole catalog at a scan's end repeats the locations already applied one by one.
    QHash<QString, engine::LocationScan> m_applied;
};

} // namespace tw::model
