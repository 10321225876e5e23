#pragma once
// The onUpdate stream of one run as a list: each update's text with the time it arrived, the
// latest one emphasised; each row shows the first line of its text (TextRole has all of what
// is kept). Updates arrive in batches (a run pane coalesces them), and only the
// newest kMaxRows are kept, so a tool emitting thousands per second keeps memory bounded.
// A row may stand for several onUpdate calls (the runner coalesces updates when the reader
// falls behind): the counts add up to total().

#include <QAbstractListModel>
#include <QList>
#include <QString>

namespace tw::model {

class RunUpdatesModel final : public QAbstractListModel
{
    Q_OBJECT
public:
    struct Update
    {
        qint64 elapsedMs = 0; // since the run started
        QString text;         // the content's text parts, joined
        qint64 count = 1;     // the onUpdate calls it stands for (the newest of them shown)
    };
    enum Role { ElapsedRole = Qt::UserRole + 400, TextRole, LatestRole };
    static constexpr int kMaxRows = 5000;
    static constexpr int kMaxTextChars = 16 * 1024; // per update kept in the timeline (Save Output keeps all)
    static constexpr int kMaxLineChars = 300;       // of an update's first line, shown in the list

    explicit RunUpdatesModel(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(RunUpdatesModel)

    // `unseen`: onUpdate calls that arrived before this batch but were never handed over (a
    // producer bounding its queue); they count in total() and dropped().
    void append(QList<Update> batch, qint64 unseen = 0);
    void clear();
    qint64 total() const { return m_total; }     // every onUpdate call seen
    qint64 dropped() const { return m_dropped; } // the oldest calls, no longer listed
    const Update *latest() const { return m_rows.isEmpty() ? nullptr : &m_rows.constLast(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QList<Update> m_rows;
    qint64 m_dropped = 0;
    qint64 m_total = 0;
};

QString formatElapsed(qint64 ms); // "+1.234 s"

} // namespace tw::model
