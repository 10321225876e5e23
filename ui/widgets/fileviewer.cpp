#include "widgets/fileviewer.h"

#include <Qsci/qscilexerbash.h>
#include <Qsci/qscilexerjavascript.h>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QVBoxLayout>

namespace tw::ui {

namespace {
constexpr qint64 kMaxShown = 4 * 1024 * 1024;
}

FileViewer::FileViewer(const QString &file, int line, QWidget *parent)
    : QDialog(parent)
    , m_file(file)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setObjectName(QStringLiteral("fileViewer"));
    setWindowTitle(tr("%1 (read-only)").arg(QDir::toNativeSeparators(file)));
    auto *layout = new QVBoxLayout(this);
    m_view = new QsciScintilla(this);
    m_view->setObjectName(QStringLiteral("fileViewerText"));
    m_view->setAccessibleName(tr("File contents"));
    m_view->setUtf8(true);
    const QString suffix = QFileInfo(file).suffix();
    QsciLexer *lexer = nullptr;
    if (suffix == u"ts" || suffix == u"js" || suffix == u"mjs" || suffix == u"json")
        lexer = new QsciLexerJavaScript(m_view);
    else if (suffix == u"py")
        lexer = new QsciLexerPython(m_view);
    else if (suffix == u"sh" || suffix == u"bash")
        lexer = new QsciLexerBash(m_view);
    if (lexer) {
        lexer->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        m_view->setLexer(lexer);
    } else {
        m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    }
    m_view->setMarginLineNumbers(0, true);
    m_view->setMarginWidth(0, QStringLiteral("00000"));
    QFile f(file);
    if (f.size() > kMaxShown)
        m_view->setText(tr("(%1 is over 4 MiB: not shown)").arg(QFileInfo(file).fileName()));
    else if (f.open(QIODevice::ReadOnly))
        m_view->setText(QString::fromUtf8(f.readAll()));
    else
        m_view->setText(tr("(cannot read %1: %2)").arg(QFileInfo(file).fileName(), f.errorString()));
    m_view->setReadOnly(true);
    // The line selected, the caret at its start.
    const unsigned long at = static_cast<unsigned long>(std::max(0, line - 1));
    const long start = m_view->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, at);
    const long end = m_view->SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, at);
    m_view->SendScintilla(QsciScintillaBase::SCI_SETSEL, static_cast<unsigned long>(end), start);
    m_view->ensureLineVisible(int(at));
    layout->addWidget(m_view, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    resize(900, 600);
}

} // namespace tw::ui
