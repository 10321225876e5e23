#include "browsing/tooldetailpane.h"

#include "agent/agentview.h"
#include "browsing/agenttab.h"
#include "browsing/markdownview.h"
#include "catalog/catalogjson.h"
#include "widgets/elidedlabel.h"

#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <Qsci/qscilexerjavascript.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>

namespace tw::ui {
namespace {

constexpr qint64 kMaxViewedFileBytes = 2 * 1024 * 1024;


QString severityIconName(engine::Severity s)
{
    switch (s) {
    case engine::Severity::Info: return QStringLiteral("dialog-information");
    case engine::Severity::Warning: return QStringLiteral("dialog-warning");
    case engine::Severity::Error:
    case engine::Severity::Skip: return QStringLiteral("dialog-error");
    }
    return {};
}

} // namespace

ToolDetailPane::ToolDetailPane(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("detailTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle = new ElidedLabel(this); // a long path never widens the pane (1024×700)
    m_subtitle->setObjectName(QStringLiteral("detailSubtitle"));
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_badges = new QLabel(this);
    m_badges->setObjectName(QStringLiteral("detailBadges"));
    m_badges->setTextFormat(Qt::RichText);
    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("detailDescription"));
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);
    layout->addWidget(m_badges);
    layout->addWidget(m_description);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("detailTabs"));
    m_doc = new MarkdownView(this);
    m_doc->setObjectName(QStringLiteral("documentation"));
    m_doc->setAccessibleName(tr("Documentation"));

    m_inputs = new QTableWidget(0, 7, this);
    m_inputs->setObjectName(QStringLiteral("inputsTable"));
    m_inputs->setAccessibleName(tr("Inputs"));
    m_inputs->setHorizontalHeaderLabels({tr("Name"), tr("Type"), tr("Required"), tr("Sensitive"), tr("Values"),
                                         tr("Default"), tr("Description")});
    m_inputs->horizontalHeader()->setStretchLastSection(true);
    m_inputs->verticalHeader()->hide();
    m_inputs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_inputs->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto *filesSplit = new QSplitter(Qt::Horizontal, this);
    m_files = new QListWidget(filesSplit);
    m_files->setObjectName(QStringLiteral("filesList"));
    m_files->setAccessibleName(tr("Files of the tool"));
    m_code = new QsciScintilla(filesSplit);
    m_code->setObjectName(QStringLiteral("codeView"));
    m_code->setAccessibleName(tr("File contents"));
    m_code->setReadOnly(true);
    m_code->setUtf8(true);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_code->setFont(mono);
    m_code->setMarginLineNumbers(0, true);
    m_code->setMarginWidth(0, QStringLiteral("00000"));
    m_code->setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    m_code->markerDefine(QsciScintilla::RightArrow, 0);
    m_lexer = new QsciLexerJavaScript(m_code);
    m_lexer->setFont(mono);
    filesSplit->setStretchFactor(1, 3);
    connect(m_files, &QListWidget::currentTextChanged, this, [this](const QString &name) { showFile(name, 0); });

    m_diagnostics = new QTreeWidget(this);
    m_diagnostics->setObjectName(QStringLiteral("diagnosticsTree"));
    m_diagnostics->setAccessibleName(tr("Diagnostics of the tool"));
    m_diagnostics->setHeaderLabels({tr("Severity"), tr("Code"), tr("Where"), tr("Message")});
    m_diagnostics->setRootIsDecorated(false);
    connect(m_diagnostics, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const QString file = item->data(0, Qt::UserRole).toString();
        if (!file.isEmpty() && QFileInfo(file).isFile())
            openFile(file, item->data(0, Qt::UserRole + 1).toInt());
    });

    m_tabs->addTab(m_doc, tr("&Documentation"));
    m_tabs->addTab(m_inputs, tr("&Inputs"));
    m_tabs->addTab(filesSplit, tr("&Files"));
    m_tabs->addTab(m_diagnostics, tr("Dia&gnostics"));
    m_agent = new AgentTab(this);
    m_agent->setObjectName(QStringLiteral("agentTab"));
    m_tabs->addTab(m_agent, tr("&Agent"));
    layout->addWidget(m_tabs, 1);
    showNothing(tr("Select a tool to see its documentation, inputs, files and problems."));
}

QString ToolDetailPane::headerText() const { return m_title->text(); }
QString ToolDetailPane::badgeText() const { return m_badges->text(); }

void ToolDetailPane::showNothing(const QString &message)
{
    m_dir.clear();
    m_title->setText(tr("No tool selected"));
    m_subtitle->setFullText(message);
    m_badges->clear();
    m_badges->hide();
    m_description->clear();
    m_doc->setMarkdown(QByteArray());
    m_inputs->setRowCount(0);
    m_files->clear();
    m_code->clear();
    ++m_fileRequest; // a file still being read for what was shown is not shown
    m_diagnostics->clear();
    m_agent->clear();
    m_tabs->setTabText(DiagnosticsTab, tr("Dia&gnostics"));
}

void ToolDetailPane::showTool(const engine::ToolRecord &tool, const QStringList &badges,
                              const engine::ToolRecord *overriddenGlobal)
{
    const bool sameTool = m_dir == tool.dir;
    m_dir = tool.dir;
    m_agent->showTool(tool, engine::agentBudgetTokens(), overriddenGlobal);
    const engine::ToolManifest &m = tool.manifest;
    m_title->setText(m.label);
    const QString scope = tool.scope == engine::Scope::Global ? tr("global tool") : tr("user tool of %1").arg(tool.user);
    m_subtitle->setFullText(tr("%1 · version %2 · %3 · %4 · %5")
                            .arg(m.name, m.versionPresent ? QString::number(m.version) : tr("none (0)"), scope,
                                 m.language, tool.dir));
    QStringList html;
    for (const QString &b : badges)
        html.append(QStringLiteral("<span style=\"background-color:palette(highlight); color:palette(highlighted-text);\">&nbsp;%1&nbsp;</span>")
                        .arg(b.toHtmlEscaped()));
    m_badges->setText(html.join(QStringLiteral("&nbsp;")));
    m_badges->setVisible(!badges.isEmpty());
    m_description->setText(m.description);
    m_doc->setMarkdown(tool.bodyElsewhere ? tr("*Reading the documentation…*").toUtf8() : tool.body);

    if (tool.inputsElsewhere) { // asked for with the body, shown when they come
        m_inputs->setRowCount(1);
        m_inputs->setItem(0, 0, new QTableWidgetItem(tr("Reading the inputs…")));
        for (int c = 1; c < m_inputs->columnCount(); ++c)
            m_inputs->setItem(0, c, new QTableWidgetItem());
    } else {
        m_inputs->setRowCount(int(m.inputs.size()));
    }
    for (int r = 0; r < m.inputs.size(); ++r) {
        const engine::InputSpec &in = m.inputs[r];
        const QStringList cells = {in.name,
                                   engine::inputTypeName(in.type)
                                       + (in.declaredType.isEmpty() || in.declaredType == engine::inputTypeName(in.type)
                                              ? QString()
                                              : QStringLiteral(" (written: %1)").arg(in.declaredType)),
                                   in.optional ? tr("optional") : tr("required"),
                                   in.sensitive ? tr("sensitive") : QString(),
                                   in.values.join(QStringLiteral(", ")),
                                   in.defaultValue.isString() ? in.defaultValue.toString() : engine::compactJsonText(in.defaultValue),
                                   in.description};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            m_inputs->setItem(r, c, item);
        }
    }
    m_inputs->resizeColumnsToContents();

    const QString previous = sameTool && m_files->currentItem() ? m_files->currentItem()->text() : QString();
    {
        const QSignalBlocker block(m_files);
        m_files->clear();
        m_files->addItems(tool.files);
    }
    const QString open = !previous.isEmpty() && tool.files.contains(previous) ? previous : tool.entryName();
    const auto found = m_files->findItems(open, Qt::MatchExactly);
    if (!found.isEmpty())
        m_files->setCurrentItem(found.first()); // shows the file
    showDiagnostics(tool.diagnostics);
}

void ToolDetailPane::showSkipped(const engine::SkippedDir &skipped)
{
    m_dir = skipped.dir;
    m_agent->clear(); // not registered: the agent is given nothing
    m_title->setText(skipped.dirName);
    m_subtitle->setFullText(tr("not loaded · %1").arg(skipped.dir));
    m_badges->setText(QStringLiteral("<b>%1</b>").arg(tr("skipped: %1").arg(skipped.reason).toHtmlEscaped()));
    m_badges->show();
    m_description->setText(tr("The platform's tool-loader skips this directory, so the agent never sees it:"));
    // Paths are not Markdown (an e-mail in one would become a mailto link): shown as they are.
    QString why;
    for (const engine::Diagnostic &d : skipped.diagnostics) {
        const QString where = d.file + (d.line > 0 ? u':' + QString::number(d.line) : QString());
        why += QStringLiteral("<li>")
            + (where.isEmpty() ? QString() : QStringLiteral("<code>%1</code><br>").arg(where.toHtmlEscaped()))
            + QStringLiteral("%1: %2 [%3]</li>")
                  .arg(engine::severityName(d.severity).toHtmlEscaped(), d.message.toHtmlEscaped(), d.code.toHtmlEscaped());
    }
    m_doc->setFragment(why.isEmpty() ? QString() : QStringLiteral("<ul>") + why + QStringLiteral("</ul>"));
    m_inputs->setRowCount(0);
    {
        const QSignalBlocker block(m_files);
        m_files->clear();
        m_files->addItems(skipped.files);
    }
    m_code->clear();
    ++m_fileRequest; // a file still being read for what was shown is not shown
    showDiagnostics(skipped.diagnostics);
    // Show the file the loader stumbled over, at the line it names.
    for (const engine::Diagnostic &d : skipped.diagnostics) {
        if (!d.file.isEmpty() && skipped.files.contains(QFileInfo(d.file).fileName())) {
            openFile(d.file, d.line);
            m_tabs->setCurrentIndex(DocumentationTab);
            break;
        }
    }
}

void ToolDetailPane::showDiagnostics(const engine::Diagnostics &diagnostics)
{
    m_diagnostics->clear();
    for (const engine::Diagnostic &d : diagnostics) {
        const QString where = QFileInfo(d.file).fileName() + (d.line > 0 ? u':' + QString::number(d.line) : QString());
        auto *item = new QTreeWidgetItem(m_diagnostics, {engine::severityName(d.severity), d.code, where, d.message});
        item->setIcon(0, QIcon::fromTheme(severityIconName(d.severity)));
        item->setToolTip(3, d.message);
        item->setData(0, Qt::UserRole, d.file);
        item->setData(0, Qt::UserRole + 1, d.line);
    }
    for (int c = 0; c < 3; ++c)
        m_diagnostics->resizeColumnToContents(c);
    m_tabs->setTabText(DiagnosticsTab, diagnostics.isEmpty() ? tr("Dia&gnostics")
                                                             : tr("Dia&gnostics (%1)").arg(diagnostics.size()));
}

void ToolDetailPane::openFile(const QString &file, int line)
{
    const QString name = QFileInfo(file).fileName();
    const auto found = m_files->findItems(name, Qt::MatchExactly);
    if (found.isEmpty())
        return;
    {
        const QSignalBlocker block(m_files);
        m_files->setCurrentItem(found.first());
    }
    showFile(name, line);
    m_tabs->setCurrentIndex(FilesTab);
}

void ToolDetailPane::showFile(const QString &relativeName, int line)
{
    m_code->clear();
    ++m_fileRequest; // a file still being read for what was shown is not shown
    m_code->clearAnnotations();
    m_code->markerDeleteAll();
    if (relativeName.isEmpty() || relativeName.endsWith(u'/') || m_dir.isEmpty())
        return;
    const QString path = m_dir + u'/' + relativeName;
    const quint64 request = m_fileRequest;
    if (m_fileReader) {
        m_code->setText(tr("(reading %1…)").arg(relativeName));
        m_fileReader(path, [this, guard = QPointer<ToolDetailPane>(this), request, path, line](const QByteArray &bytes,
                                                                                              const QString &error) {
            if (!guard || request != m_fileRequest)
                return;
            if (!error.isEmpty())
                m_code->setText(tr("(cannot read %1: %2)").arg(path, error));
            else
                displayFile(path, bytes, line);
        });
        return;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_code->setText(tr("(cannot read %1)").arg(path));
        return;
    }
    if (file.size() > kMaxViewedFileBytes) {
        m_code->setText(tr("(%1 is %2 bytes; too large to show)").arg(relativeName).arg(file.size()));
        return;
    }
    displayFile(path, file.readAll(), line);
}

void ToolDetailPane::displayFile(const QString &path, const QByteArray &bytes, int line)
{
    const QString relativeName = path.mid(m_dir.size() + 1);
    const bool script = relativeName.endsWith(QStringLiteral(".ts")) || relativeName.endsWith(QStringLiteral(".js"))
        || relativeName.endsWith(QStringLiteral(".mjs")) || relativeName.endsWith(QStringLiteral(".json"));
    if (script) {
        m_code->setLexer(m_lexer);
    } else {
        m_code->setLexer(nullptr);
        m_code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    }
    m_code->setText(QString::fromUtf8(bytes));
    // Lint results as annotations under their lines.
    for (int i = 0; i < m_diagnostics->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = m_diagnostics->topLevelItem(i);
        const int l = item->data(0, Qt::UserRole + 1).toInt();
        if (item->data(0, Qt::UserRole).toString() == path && l > 0)
            m_code->annotate(l - 1, item->text(0) + QStringLiteral(": ") + item->text(3) + QStringLiteral(" [")
                                        + item->text(1) + u']',
                             0);
    }
    if (line > 0) {
        m_code->markerAdd(line - 1, 0);
        m_code->setCursorPosition(line - 1, 0);
        m_code->ensureLineVisible(line - 1);
    }
}

} // namespace tw::ui
