#pragma once
// A tool's file other than TOOL.md and its entry (a bin/ script, a helper module), shown
// read-only at a line: where Find in Tools and go to definition lead when the editor has no
// tab for the file. Closes with Esc; deletes itself when closed.

#include <QDialog>

class QsciScintilla;

namespace tw::ui {

class FileViewer final : public QDialog
{
    Q_OBJECT
public:
    // Reads the file (at most 4 MiB); a file that cannot be read says why in the view.
    FileViewer(const QString &file, int line, QWidget *parent = nullptr);

    QsciScintilla *view() const { return m_view; }
    QString file() const { return m_file; }

private:
    QString m_file;
    QsciScintilla *m_view = nullptr;
};

} // namespace tw::ui
