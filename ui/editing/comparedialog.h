#pragma once
// A save's conflict, side by side: each file of the tool as it is now on the other side (on
// disk, or on the server) against the editor's unsaved text, in the diff view the admin views
// use (named sides, line numbers, long lines wrapped). TOOL.md always; the entry file too when
// its two sides differ. Only shows: what to do is asked again when it closes.

#include <QDialog>
#include <QList>

class QTabWidget;

namespace tw::model {
class DiffModel;
}

namespace tw::ui {

class CompareDialog final : public QDialog
{
    Q_OBJECT
public:
    struct File
    {
        QString name;   // TOOL.md, index.ts, …
        QString theirs; // on disk or on the server now
        QString mine;   // in the editor
    };
    // `where`: the other side, as a title says it ("On disk", "On the server").
    CompareDialog(const QString &where, const QList<File> &files, QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    // The file's diff (index in the files given), for tests.
    model::DiffModel *diffModel(int index) const;

private:
    QTabWidget *m_tabs = nullptr;
    QList<model::DiffModel *> m_models;
};

} // namespace tw::ui
