#pragma once
// Two versions of a tool side by side, file by file: a tab per file saying how much changed,
// each a DiffView whose headers name the sides. The Overrides view compares a user's tool with
// the global one; the Seed Sync view an installed tool with its seed.

#include "widgets/filereader.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>
#include <QWidget>

class QLabel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace tw::model {
class DiffModel;
}

namespace tw::ui {

class DiffView;

class ToolDiffPane final : public QWidget
{
    Q_OBJECT
public:
    struct File
    {
        QString name;       // the tab's title: "TOOL.md", "Entry file", "bin/run.sh"
        QString leftPath;   // empty: the file is not on that side
        QString rightPath;
        QString leftTitle;  // the side's header: "Global — greet/TOOL.md"
        QString rightTitle;
    };

    explicit ToolDiffPane(QWidget *parent = nullptr);

    // Reads and compares the files, a tab each, and shows them (through the reader when one is
    // set: once every file has come).
    void showFiles(const QList<File> &files);
    void setFileReader(FileReader reader) { m_fileReader = std::move(reader); }
    // Shows `text` instead of a comparison (nothing selected, nothing to compare).
    void showMessage(const QString &text);

    QTabWidget *tabs() const { return m_tabs; }
    // The comparison in tab `index` (kept across showFiles, so a caller may hold it).
    model::DiffModel *diffModel(int index) const { return m_models.value(index); }
    DiffView *diffView(int index) const { return m_views.value(index); }
    QString messageText() const;

    // `splitter` holds `table` above this pane (or a widget holding it): a short table gets
    // only the room its rows need and a long one at most three fifths, again as rows come and
    // go and the window is resized, until the user moves the splitter.
    void shareSplitterWith(QSplitter *splitter, QTableView *table);

    // Files larger than this are not read for comparison.
    static constexpr qint64 kMaxDiffedBytes = 2 * 1024 * 1024;
    // A file's text for the comparison, or a line saying why it cannot be shown as text.
    static QString readText(const QString &path);
    // The same for bytes already read.
    static QString textOf(const QByteArray &bytes);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitSplitter();
    void compare(const QList<File> &files, const QHash<QString, QString> &texts);

    FileReader m_fileReader;
    quint64 m_request = 0; // the comparison asked for last: older readers' replies are dropped

    QPointer<QSplitter> m_splitter;
    QPointer<QTableView> m_table;
    bool m_splitterMovedByUser = false;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_message = nullptr;
    QTabWidget *m_tabs = nullptr;
    QList<model::DiffModel *> m_models;
    QList<DiffView *> m_views;
};

} // namespace tw::ui
