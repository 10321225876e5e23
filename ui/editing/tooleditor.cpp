#include "editing/tooleditor.h"

#include "browsing/markdownview.h"
#include "catalog/catalogjson.h"
#include "editing/comparedialog.h"
#include "editing/entrytypeassist.h"
#include "types/scriptsyntax.h"
#include "types/typeservice.h"
#include "toolmd/changedspan.h"
#include "toolmd/toollayout.h"
#include "toolmd/toolmdreader.h"
#include "widgets/messagebox.h"
#include "widgets/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleValidator>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QFutureWatcher>
#include <QLineEdit>
#include <QMenu>
#include <QtConcurrent>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBlock>
#include <QTimer>
#include <QPointer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <Qsci/qscilexerjavascript.h>
#include <Qsci/qsciscintilla.h>

namespace tw::ui {

using engine::InputSpec;
using engine::InputType;
using engine::ToolManifest;

namespace {

const QStringList kLanguages = {QStringLiteral("typescript"), QStringLiteral("bash"), QStringLiteral("python")};
enum MergeId { NoMerge = -1, FormMerge = 1, YamlMerge, BodyMerge, EntryMerge };

// A conflict's files: the other side's TOOL.md and entry (`theirEntry` nullopt: it has none)
// against the editor's; the entry only when it is part of the difference (a conflict may be in
// it alone).
QList<CompareDialog::File> comparedFiles(const engine::ToolEditSession &mine, const QByteArray &theirToolMd,
                                         const std::optional<QByteArray> &theirEntry)
{
    QList<CompareDialog::File> files{{engine::kToolMdFile, QString::fromUtf8(theirToolMd),
                                      QString::fromUtf8(mine.document().bytes())}};
    if (const QByteArray entry = mine.entrySource(); theirEntry.value_or(QByteArray()) != entry)
        files.append({QFileInfo(mine.entryPath()).fileName(), QString::fromUtf8(theirEntry.value_or(QByteArray())),
                      QString::fromUtf8(entry)});
    return files;
}

} // namespace

// One edit of any part of the tool, as before/after snapshots of both files; typing in one
// field merges into one step.
class ToolEditor::EditCommand final : public QUndoCommand
{
public:
    EditCommand(ToolEditor *editor, int mergeId, Snapshot before, Snapshot after)
        : m_editor(editor), m_id(mergeId), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(QObject::tr("Edit"));
    }
    int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand *other) override
    {
        if (other->id() != m_id || m_id == NoMerge)
            return false;
        m_after = static_cast<const EditCommand *>(other)->m_after;
        return true;
    }
    void undo() override { m_editor->restore(m_before); }
    void redo() override
    {
        if (m_first) { // the edit is already in place when the command is pushed
            m_first = false;
            return;
        }
        m_editor->restore(m_after);
    }

private:
    ToolEditor *m_editor;
    int m_id;
    Snapshot m_before, m_after;
    bool m_first = true;
};

ToolEditor::ToolEditor(engine::ToolEditSession session, bool editable, QWidget *parent)
    : QWidget(parent), m_session(std::move(session)), m_editable(editable)
{
    m_undo = new QUndoStack(this);
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(150);
    connect(m_previewTimer, &QTimer::timeout, this, &ToolEditor::showPreview);
    buildUi();
    refresh(Source::None);
    connect(m_undo, &QUndoStack::cleanChanged, this, [this] { Q_EMIT modifiedChanged(isModified()); });
    connect(m_undo, &QUndoStack::indexChanged, this, [this] {
        updateStatus();
        Q_EMIT modifiedChanged(isModified());
    });
}

ToolEditor::~ToolEditor()
{
    // Children are destroyed after the session; the undo stack would report its clearing
    // into a session that is gone, and widgets emit change signals while they die.
    m_refreshing = true;
    m_stopScripts->store(true); // a script check still running ends at the next script
    disconnect(m_undo, nullptr, this, nullptr);
    delete m_undo;
}

QString ToolEditor::toolName() const
{
    return m_session.document().manifest().name;
}

void ToolEditor::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    if (!m_editable) {
        auto *banner = new QHBoxLayout;
        auto *text = new QLabel(tr("<b>Global tool, read-only.</b> Users cannot change global tools on the platform; "
                                   "customise it to edit your own copy (it overrides the global one)."),
                                this);
        text->setWordWrap(true);
        auto *customize = new QPushButton(tr("&Customize"), this);
        customize->setObjectName(QStringLiteral("customizeButton"));
        connect(customize, &QPushButton::clicked, this, [this] { Q_EMIT customizeRequested(dir()); });
        banner->addWidget(text, 1);
        banner->addWidget(customize);
        layout->addLayout(banner);
    }

    auto *split = new QSplitter(Qt::Horizontal, this);
    auto *formPane = new QWidget(split);
    auto *formLayout = new QVBoxLayout(formPane);
    formLayout->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    m_name = new QLineEdit(formPane);
    m_name->setObjectName(QStringLiteral("editName"));
    m_name->setAccessibleName(tr("Name"));
    m_label = new QLineEdit(formPane);
    m_label->setObjectName(QStringLiteral("editLabel"));
    m_label->setAccessibleName(tr("Label"));
    m_description = new QPlainTextEdit(formPane);
    m_description->setObjectName(QStringLiteral("editDescription"));
    m_description->setAccessibleName(tr("Description"));
    m_description->setMaximumHeight(90);
    m_version = new QSpinBox(formPane);
    m_version->setObjectName(QStringLiteral("editVersion"));
    m_version->setAccessibleName(tr("Version"));
    m_version->setRange(0, 1000000);
    m_bump = new QPushButton(tr("&Bump"), formPane);
    m_bump->setObjectName(QStringLiteral("bumpButton"));
    m_bump->setToolTip(tr("Raise the version to one above the version on disk (every save that changes the tool "
                          "needs its own bump, or seed sync would not deliver it)"));
    auto *versionRow = new QHBoxLayout;
    versionRow->addWidget(m_version, 1);
    versionRow->addWidget(m_bump);
    m_language = new QComboBox(formPane);
    m_language->setObjectName(QStringLiteral("editLanguage"));
    m_language->setAccessibleName(tr("Language"));
    m_language->addItems(kLanguages);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Label:"), m_label);
    form->addRow(tr("&Description:"), m_description);
    auto *versionLabel = new QLabel(tr("&Version:"), formPane);
    versionLabel->setBuddy(m_version);
    form->addRow(versionLabel, versionRow);
    form->addRow(tr("Lan&guage:"), m_language);
    formLayout->addLayout(form);

    m_inputs = new InputsTable(m_editable, formPane);
    auto *inputButtons = new QHBoxLayout;
    m_addInput = new QPushButton(tr("&Add Input"), formPane);
    m_removeInput = new QPushButton(tr("&Remove"), formPane);
    m_moveUp = new QPushButton(tr("Move &Up"), formPane);
    m_moveDown = new QPushButton(tr("Move Do&wn"), formPane);
    for (QPushButton *b : {m_addInput, m_removeInput, m_moveUp, m_moveDown})
        inputButtons->addWidget(b);
    inputButtons->addStretch();
    formLayout->addWidget(new QLabel(tr("Inputs:"), formPane));
    formLayout->addWidget(m_inputs, 1);
    formLayout->addLayout(inputButtons);
    m_problems = new QListWidget(formPane);
    m_problems->setObjectName(QStringLiteral("editProblems"));
    m_problems->setAccessibleName(tr("Problems in this tool"));
    m_problems->setMaximumHeight(110);
    formLayout->addWidget(m_problems);

    auto *tabs = new QTabWidget(split);
    tabs->setObjectName(QStringLiteral("editTabs"));
    auto *yamlPane = new QWidget(tabs);
    auto *yamlLayout = new QVBoxLayout(yamlPane);
    m_yaml = new QPlainTextEdit(yamlPane);
    m_yaml->setObjectName(QStringLiteral("editYaml"));
    m_yaml->setAccessibleName(tr("Frontmatter YAML"));
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_yamlStatus = new QLabel(yamlPane);
    m_yamlStatus->setObjectName(QStringLiteral("editYamlStatus"));
    m_yamlStatus->setWordWrap(true);
    yamlLayout->addWidget(m_yaml, 1);
    yamlLayout->addWidget(m_yamlStatus);
    auto *bodySplit = new QSplitter(Qt::Vertical, tabs);
    m_body = new QPlainTextEdit(bodySplit);
    m_body->setObjectName(QStringLiteral("editBody"));
    m_body->setAccessibleName(tr("Markdown body"));
    m_body->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview = new MarkdownView(bodySplit);
    m_preview->setObjectName(QStringLiteral("editPreview"));
    m_preview->setAccessibleName(tr("Rendered preview"));
    m_entry = new QsciScintilla(tabs);
    m_entry->setObjectName(QStringLiteral("editEntry"));
    m_entry->setAccessibleName(tr("Entry file"));
    m_entry->setUtf8(true);
    m_lexer = new QsciLexerJavaScript(m_entry);
    m_lexer->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_entry->setLexer(m_lexer);
    m_entry->setMarginLineNumbers(0, true);
    m_entry->setMarginWidth(0, QStringLiteral("00000"));
    m_entry->setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    m_entry->setAutoIndent(true);
    m_entry->setIndentationWidth(2);
    m_entry->setIndentationsUseTabs(false);
    m_entry->SendScintilla(QsciScintillaBase::SCI_SETUNDOCOLLECTION, 0UL); // one undo stack: ours
    tabs->addTab(yamlPane, tr("&YAML"));
    tabs->addTab(bodySplit, tr("Bod&y"));
    tabs->addTab(m_entry, QFileInfo(m_session.entryPath()).fileName());
    split->addWidget(formPane);
    split->addWidget(tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("editStatus"));
    layout->addWidget(m_status);

    for (QWidget *w : std::initializer_list<QWidget *>{m_name, m_label, m_version, m_bump, m_language, m_addInput,
                                                        m_removeInput, m_moveUp, m_moveDown})
        w->setEnabled(m_editable);
    m_description->setReadOnly(!m_editable);
    m_yaml->setReadOnly(!m_editable);
    m_body->setReadOnly(!m_editable);
    m_entry->setReadOnly(!m_editable);

    connect(m_name, &QLineEdit::textEdited, this, &ToolEditor::formEdited);
    connect(m_label, &QLineEdit::textEdited, this, &ToolEditor::formEdited);
    connect(m_description, &QPlainTextEdit::textChanged, this, &ToolEditor::formEdited);
    connect(m_version, &QSpinBox::valueChanged, this, &ToolEditor::formEdited);
    connect(m_language, &QComboBox::currentIndexChanged, this, &ToolEditor::formEdited);
    connect(m_bump, &QPushButton::clicked, this, &ToolEditor::bump);
    connect(m_inputs, &InputsTable::edited, this, &ToolEditor::formEdited);
    connect(m_addInput, &QPushButton::clicked, this, [this] {
        const Snapshot before = snapshot();
        ToolManifest m = manifestFromForm();
        InputSpec in;
        int n = 1;
        do
            in.name = QStringLiteral("input_%1").arg(n++);
        while (m.input(in.name));
        // No filler description: lint says the input needs one, and nothing placeholder-like is saved.
        m.inputs.append(in);
        m_session.document().applyManifest(m);
        refresh(Source::None);
        record(NoMerge, before);
        m_inputs->setCurrentCell(m_inputs->rowCount() - 1, NameColumn);
    });
    connect(m_removeInput, &QPushButton::clicked, this, [this] {
        const int row = m_inputs->currentRow();
        if (row < 0)
            return;
        const Snapshot before = snapshot();
        ToolManifest m = manifestFromForm();
        m.inputs.removeAt(row);
        m_session.document().applyManifest(m);
        refresh(Source::None);
        record(NoMerge, before);
    });
    connect(m_moveUp, &QPushButton::clicked, this, [this] { moveInput(m_inputs->currentRow(), m_inputs->currentRow() - 1); });
    connect(m_moveDown, &QPushButton::clicked, this, [this] { moveInput(m_inputs->currentRow(), m_inputs->currentRow() + 1); });
    connect(m_yaml, &QPlainTextEdit::textChanged, this, &ToolEditor::yamlEdited);
    connect(m_body, &QPlainTextEdit::textChanged, this, &ToolEditor::bodyEdited);
    connect(m_entry, &QsciScintilla::textChanged, this, &ToolEditor::entryEdited);
}

void ToolEditor::moveInput(int from, int to)
{
    if (from < 0 || to < 0 || to >= m_inputs->rowCount())
        return;
    const Snapshot before = snapshot();
    ToolManifest m = manifestFromForm();
    m.inputs.move(from, to);
    m_session.document().applyManifest(m);
    refresh(Source::None);
    record(NoMerge, before);
    m_inputs->setCurrentCell(to, NameColumn);
}

ToolManifest ToolEditor::manifestFromForm() const
{
    ToolManifest m = m_session.document().manifest();
    m.name = m_name->text().trimmed();
    m.label = m_label->text().isEmpty() ? m.name : m_label->text();
    m.description = m_description->toPlainText();
    m.version = m_version->value();
    m.versionPresent = m.versionPresent || m.version != 0;
    m.language = m_language->currentText();
    const QList<InputSpec> old = m.inputs;
    m.inputs.clear();
    for (int r = 0; r < m_inputs->rowCount(); ++r)
        m.inputs.append(m_inputs->inputAt(r, r < old.size() ? std::optional<InputSpec>(old[r]) : std::nullopt));
    return m;
}

ToolEditor::Snapshot ToolEditor::snapshot() const
{
    return {m_session.document().bytes(), m_session.entrySource()};
}

void ToolEditor::record(int mergeId, const Snapshot &before)
{
    const Snapshot after = snapshot();
    if (after.toolMd == before.toolMd && after.entry == before.entry)
        return;
    m_undo->push(new EditCommand(this, mergeId, before, after));
    updateProblems();
    updateStatus();
    Q_EMIT modifiedChanged(isModified());
}

void ToolEditor::restore(const Snapshot &s)
{
    if (auto doc = engine::FrontmatterDocument::fromBytes(s.toolMd))
        m_session.document() = *doc;
    m_session.setEntrySource(s.entry);
    setYamlError(nullptr);
    refresh(Source::None);
}

void ToolEditor::setYamlError(const engine::Diagnostic *error)
{
    m_yamlValid = !error;
    if (error) {
        m_yamlStatus->setText(tr("Line %1: %2 — fix it to save.").arg(error->line).arg(error->message));
        setTone(m_yamlStatus, model::Tone::Error);
    } else {
        m_yamlStatus->setText(tr("Valid YAML."));
        setTone(m_yamlStatus, std::nullopt);
    }
}

void ToolEditor::formEdited()
{
    if (m_refreshing || !m_editable)
        return;
    const Snapshot before = snapshot();
    m_session.document().applyManifest(manifestFromForm());
    refresh(Source::Form);
    record(FormMerge, before);
}

void ToolEditor::yamlEdited()
{
    if (m_refreshing || !m_editable)
        return;
    const Snapshot before = snapshot();
    engine::Diagnostic error;
    // A YAML error shows its line and blocks saving, never typing; the text is still an unsaved
    // change (closing asks about it).
    if (!m_session.document().setYamlText(m_yaml->toPlainText(), &error)) {
        setYamlError(&error);
        updateStatus();
        Q_EMIT modifiedChanged(isModified());
        return;
    }
    setYamlError(nullptr);
    refresh(Source::Yaml);
    record(YamlMerge, before);
    Q_EMIT modifiedChanged(isModified()); // also when fixing the YAML brought back what is on disk
}

void ToolEditor::bodyEdited()
{
    if (m_refreshing || !m_editable)
        return;
    const Snapshot before = snapshot();
    QByteArray body = m_body->toPlainText().toUtf8();
    if (m_session.document().usesCrlf())
        body.replace("\n", "\r\n"); // the file keeps its line endings
    m_session.document().setBody(body);
    m_previewTimer->start();
    record(BodyMerge, before);
}

void ToolEditor::entryEdited()
{
    if (m_refreshing || !m_editable)
        return;
    const Snapshot before = snapshot();
    m_session.setEntrySource(m_entry->text().toUtf8());
    record(EntryMerge, before);
}

// Only what differs is set: a keystroke in one view changes a line or a field of the others,
// and re-creating 40 rows of widgets or re-laying out the whole YAML for it took most of the
// keystroke (tests/bench/bench_editor.cpp).
void ToolEditor::refresh(Source except)
{
    m_refreshing = true;
    const ToolManifest m = m_session.document().manifest();
    if (except != Source::Form) {
        if (m_name->text() != m.name)
            m_name->setText(m.name);
        const QString label = m.label == m.name ? QString() : m.label;
        if (m_label->text() != label)
            m_label->setText(label);
        m_label->setPlaceholderText(m.name);
        if (m_description->toPlainText() != m.description)
            m_description->setPlainText(m.description);
        m_version->setValue(m.version);
        m_language->setCurrentIndex(std::max(0, int(kLanguages.indexOf(m.language))));
        m_inputs->showInputs(m.inputs);
    }
    if (except != Source::Yaml)
        replaceChangedText(m_yaml, m_session.document().yamlText());
    const QByteArray bodyBytes = m_session.document().body();
    if (except != Source::Body) {
        QString body = QString::fromUtf8(bodyBytes);
        body.remove(u'\r');
        if (m_body->toPlainText() != body)
            m_body->setPlainText(body);
    }
    if (bodyBytes != m_previewBody)
        showPreview();
    if (except != Source::Entry && m_session.entryRevision() != m_shownEntryRevision) {
        const QString entry = QString::fromUtf8(m_session.entrySource());
        if (m_entry->text() != entry)
            m_entry->setText(entry);
    }
    m_shownEntryRevision = m_session.entryRevision();
    m_refreshing = false;
    updateProblems();
    updateStatus();
}

void ToolEditor::showPreview()
{
    m_previewTimer->stop();
    m_previewBody = m_session.document().body();
    m_preview->setMarkdown(m_previewBody);
}

// Replaces only the lines that differ: setPlainText() lays out the whole text again.
void ToolEditor::replaceChangedText(QPlainTextEdit *edit, const QString &text)
{
    const QString shown = edit->toPlainText();
    if (shown == text)
        return;
    const auto [head, tail] = engine::changedSpan(shown, text);
    QTextCursor cursor(edit->document());
    cursor.setPosition(int(head));
    cursor.setPosition(int(shown.size() - tail), QTextCursor::KeepAnchor);
    cursor.insertText(text.mid(head, text.size() - head - tail));
    // As setPlainText() did: the view's own undo does not reach past what the editor set.
    edit->document()->clearUndoRedoStacks();
}

void ToolEditor::updateProblems()
{
    // The engine's lint of the bytes being edited: what `toolwright lint` and the Problems panel
    // will report once they are saved (computed once per change, by the session).
    sendTypeSource();
    engine::Diagnostics checked = m_types ? m_types->diagnostics() : engine::Diagnostics{}; // of what was checked last
    checked += m_scriptProblems;
    if (checked != m_checkedProblems) {
        m_checkedProblems = checked;
        Q_EMIT checkedProblemsChanged(checked);
    }
    engine::Diagnostics diagnostics = m_session.problems();
    diagnostics += checked;
    if (m_session.isModified() && !m_session.isBumped()) {
        diagnostics.append({QStringLiteral("version-not-bumped"), engine::Severity::Error,
                            tr("The version on disk is %1: saving this change needs version %2 or higher "
                               "(Bump, or Save and choose \"Bump to %2 and Save\").")
                                .arg(m_session.diskVersion())
                                .arg(m_session.nextVersion()),
                            QString(), 0});
    }
    if (diagnostics == m_shownProblems)
        return; // typing rarely changes them: the list and the annotations stay
    m_shownProblems = diagnostics;
    m_problems->clear();
    m_entry->clearAnnotations();
    for (const engine::Diagnostic &d : std::as_const(diagnostics)) {
        // The version notice is the editor's own line, not lint's.
        const bool notice = d.file.isEmpty() && d.code == u"version-not-bumped";
        auto *item = new QListWidgetItem(notice ? d.message
                                                : QStringLiteral("%1%2: %3 [%4]")
                                                      .arg(QFileInfo(d.file).fileName(),
                                                           d.line > 0 ? u':' + QString::number(d.line) : QString(),
                                                           d.message, d.code),
                                         m_problems);
        item->setData(Qt::UserRole, d.code);
        if (!typeFixSuggestions(d, m_session.document().manifest()).isEmpty())
            item->setToolTip(tr("Right-click (or Ctrl+. on its line) for a quick fix"));
        if (d.file == m_session.entryPath() && d.line > 0)
            m_entry->annotate(d.line - 1, engine::severityName(d.severity) + QStringLiteral(": ") + d.message, 0);
    }
}

void ToolEditor::setTypeService(engine::TypeService *service)
{
    if (m_types)
        return;
    m_types = new EntryTypeAssist(m_entry, service, this);
    connect(m_types, &EntryTypeAssist::diagnosticsChanged, this, &ToolEditor::updateProblems);
    connect(m_types, &EntryTypeAssist::stateChanged, this, &ToolEditor::updateStatus);
    connect(m_types, &EntryTypeAssist::entryFixed, this, [this](const QString &entry) {
        if (!m_editable)
            return;
        const Snapshot before = snapshot();
        m_session.setEntrySource(entry.toUtf8());
        refresh(Source::None);
        record(NoMerge, before);
    });
    connect(m_types, &EntryTypeAssist::inputDefinitionRequested, this,
            [this](const QString &, int toolMdLine) { showFileLine(m_session.toolMdPath(), toolMdLine); });
    connect(m_types, &EntryTypeAssist::fileDefinitionRequested, this, [this](const QString &file, int line) {
        if (!showFileLine(file, line))
            Q_EMIT fileOpenRequested(file, line);
    });
    auto *fix = new QAction(tr("Quick Fix"), m_entry);
    fix->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    fix->setShortcutContext(Qt::WidgetShortcut);
    connect(fix, &QAction::triggered, this, [this] {
        int line = 0, index = 0;
        m_entry->getCursorPosition(&line, &index);
        QList<std::pair<engine::TypeFixSuggestion, int>> fixes;
        for (const engine::TypeFixSuggestion &s : fixesForLine(line + 1))
            fixes.append({s, line + 1});
        const QPoint at = m_entry->mapToGlobal(
            QPoint(int(m_entry->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL,
                                              m_entry->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS))),
                   int(m_entry->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL,
                                              m_entry->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS)))
                       + m_entry->textHeight(line)));
        showFixMenu(fixes, at);
    });
    m_entry->addAction(fix);
    m_problems->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_problems, &QListWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const int row = m_problems->row(m_problems->itemAt(pos));
        if (row < 0 || row >= m_shownProblems.size())
            return;
        const engine::Diagnostic &d = m_shownProblems.at(row);
        QList<std::pair<engine::TypeFixSuggestion, int>> fixes;
        for (const engine::TypeFixSuggestion &s : engine::typeFixSuggestions(d, m_session.document().manifest()))
            fixes.append({s, d.line});
        showFixMenu(fixes, m_problems->viewport()->mapToGlobal(pos));
    });
    connect(m_problems, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { goToProblem(m_problems->row(item)); });
    sendTypeSource();
    checkScripts();
    updateStatus();
}

QList<engine::TypeFixSuggestion> ToolEditor::fixesForLine(int line) const
{
    QList<engine::TypeFixSuggestion> out;
    for (const engine::Diagnostic &d : m_shownProblems)
        if (d.file == m_session.entryPath() && d.line == line)
            for (const engine::TypeFixSuggestion &s : engine::typeFixSuggestions(d, m_session.document().manifest()))
                if (!out.contains(s))
                    out.append(s);
    return out;
}

void ToolEditor::applyFix(const engine::TypeFixSuggestion &fix, int line)
{
    if (!m_editable)
        return;
    if (fix.kind == engine::TypeFixSuggestion::DeclareInParams) {
        m_types->declareInParams(fix.input, line); // TypeScript's edit comes back as entryFixed
        return;
    }
    const Snapshot before = snapshot();
    if (engine::addInputToToolMd(m_session.document(), fix.input)) {
        refresh(Source::None);
        record(NoMerge, before);
    }
}

void ToolEditor::showFixMenu(const QList<std::pair<engine::TypeFixSuggestion, int>> &fixes, const QPoint &globalPos)
{
    m_entry->SendScintilla(QsciScintillaBase::SCI_CALLTIPCANCEL); // a hover tip would sit over the menu
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("quickFixMenu"));
    for (const auto &[fix, line] : fixes) {
        QAction *a = menu.addAction(fix.title);
        a->setEnabled(m_editable);
        connect(a, &QAction::triggered, this, [this, fix = fix, line = line] { applyFix(fix, line); });
    }
    if (fixes.isEmpty())
        menu.addAction(tr("No quick fix here"))->setEnabled(false);
    menu.exec(globalPos);
}

bool ToolEditor::showFileLine(const QString &file, int line)
{
    auto *tabs = findChild<QTabWidget *>(QStringLiteral("editTabs"));
    if (!tabs)
        return false;
    if (file == m_session.entryPath()) {
        tabs->setCurrentWidget(m_entry);
        m_entry->setCursorPosition(std::max(0, line - 1), 0);
        m_entry->ensureLineVisible(std::max(0, line - 1));
        m_entry->setFocus();
        return true;
    }
    if (file != m_session.toolMdPath())
        return false;
    // TOOL.md: line 1 is the opening ---, then the YAML's lines, the closing ---, the body.
    const int yamlLines = int(m_session.document().yamlText().count(u'\n'));
    if (line <= yamlLines + 2) {
        tabs->setCurrentIndex(0);
        QTextCursor cursor(m_yaml->document()->findBlockByNumber(std::clamp(line - 2, 0, std::max(0, yamlLines - 1))));
        m_yaml->setTextCursor(cursor);
        m_yaml->centerCursor();
        m_yaml->setFocus();
    } else {
        tabs->setCurrentIndex(1);
        QTextCursor cursor(m_body->document()->findBlockByNumber(line - yamlLines - 3));
        m_body->setTextCursor(cursor);
        m_body->centerCursor();
        m_body->setFocus();
    }
    return true;
}

void ToolEditor::goToProblem(int row)
{
    if (row < 0 || row >= m_shownProblems.size())
        return;
    const engine::Diagnostic &d = m_shownProblems.at(row);
    if (d.line > 0)
        showFileLine(d.file, d.line); // the entry's or TOOL.md's line; a script's stays in the list
}

void ToolEditor::sendTypeSource()
{
    if (!m_types)
        return;
    engine::ToolTypeSource source{m_session.document().manifest(), isRemote() ? QString() : dir(),
                                  m_session.entryPath(), QString::fromUtf8(m_session.entrySource())};
    const engine::ToolTypeSource &sent = m_types->sourceSent();
    if (source.entry == sent.entry && source.manifest == sent.manifest && source.toolDir == sent.toolDir
        && source.entryPath == sent.entryPath)
        return;
    m_types->setSource(source);
}

void ToolEditor::checkScripts()
{
    if (isRemote())
        return; // a server's scripts are not on this disk
    auto *watcher = new QFutureWatcher<engine::Diagnostics>(this);
    connect(watcher, &QFutureWatcher<engine::Diagnostics>::finished, this, [this, watcher] {
        m_scriptProblems = watcher->result();
        watcher->deleteLater();
        updateProblems();
    });
    watcher->setFuture(QtConcurrent::run([dir = dir(), stop = m_stopScripts] { return engine::checkToolScripts(dir, stop.get()); }));
}

void ToolEditor::updateStatus()
{
    QStringList parts;
    const int onDisk = m_session.diskVersion();
    if (!m_editable) {
        parts.append(tr("read-only"));
        parts.append(isRemote() ? tr("on the server: v%1").arg(onDisk) : tr("on disk: v%1").arg(onDisk));
    } else {
        parts.append(m_saving ? tr("saving on the server…") : isModified() ? tr("modified") : tr("saved"));
        parts.append(isRemote() ? tr("on the server: v%1").arg(onDisk) : tr("on disk: v%1").arg(onDisk));
        const int version = m_session.document().manifest().version;
        // The rule of the engine's save: every save that changes the tool needs a version above disk's.
        if (m_session.isModified() && version > onDisk)
            parts.append(tr("saves as v%1").arg(version));
        else
            parts.append(tr("next save needs v%1").arg(onDisk + 1));
    }
    if (!m_yamlValid)
        parts.append(tr("YAML error: saving blocked"));
    if (m_types && !m_types->state().isEmpty())
        parts.append(m_types->state());
    m_status->setText(parts.join(QStringLiteral(" · ")));
}

void ToolEditor::bump()
{
    const Snapshot before = snapshot();
    m_session.bumpVersion();
    refresh(Source::None);
    record(NoMerge, before);
}

bool ToolEditor::save()
{
    if (!m_editable)
        return false;
    if (!m_yamlValid) {
        MessageBox::ask(this, tr("Cannot Save"), tr("The YAML has an error; fix it first.\n%1").arg(m_yamlStatus->text()),
                        {tr("OK")});
        return false;
    }
    if (isRemote()) {
        saveRemotely();
        return false;
    }
    engine::ToolEditSession::SaveOptions options{m_autoBump, false};
    for (;;) {
        const engine::ToolEditSession::SaveResult r = m_session.save(options);
        switch (r.status) {
        case engine::ToolEditSession::SaveStatus::Saved:
        case engine::ToolEditSession::SaveStatus::NothingToSave:
            m_undo->setClean();
            refresh(Source::None);
            if (r.status == engine::ToolEditSession::SaveStatus::Saved)
                Q_EMIT saved(dir());
            Q_EMIT modifiedChanged(false);
            return true;
        case engine::ToolEditSession::SaveStatus::NotBumped: {
            const int next = m_session.nextVersion();
            if (MessageBox::ask(this, tr("Version Not Bumped"),
                                tr("%1\n\nThe platform's seed sync only delivers a changed tool when its version rises.")
                                    .arg(r.diagnostic.message),
                                {tr("Bump to %1 and Save").arg(next), tr("Cancel")})
                != 0)
                return false;
            bump();
            continue;
        }
        case engine::ToolEditSession::SaveStatus::Conflict: {
            const int answer = MessageBox::ask(this, tr("Changed on Disk"),
                                               tr("%1 changed on disk since it was opened.").arg(dir()),
                                               {tr("Reload from Disk"), tr("Compare"), tr("Overwrite"), tr("Cancel")});
            if (answer == 0) {
                revert();
                return false;
            }
            if (answer == 1) {
                // What is on disk now against the editor's text; then asked again.
                CompareDialog dialog(tr("On disk"), comparedFiles(m_session, m_session.diskToolMd(), m_session.diskEntry()), this);
                dialog.exec();
                continue;
            }
            if (answer == 2) {
                options.overwrite = true;
                continue;
            }
            return false;
        }
        case engine::ToolEditSession::SaveStatus::WriteFailed:
            MessageBox::ask(this, tr("Save Failed"), r.diagnostic.message + tr("\nThe files on disk are unchanged."),
                            {tr("OK")});
            return false;
        }
    }
}

void ToolEditor::replaceSession(engine::ToolEditSession session)
{
    m_session = std::move(session);
    m_shownEntryRevision = ~quint64(0); // a new session counts from 0 again: compare the text
    setYamlError(nullptr);
    m_undo->clear();
    refresh(Source::None);
    Q_EMIT modifiedChanged(false);
}

void ToolEditor::revert()
{
    if (isRemote()) {
        m_remote.reload([this, guard = QPointer<ToolEditor>(this)](std::optional<engine::ToolEditSession> fresh, const QString &error) {
            if (!guard)
                return;
            if (fresh)
                replaceSession(std::move(*fresh));
            else
                MessageBox::ask(this, tr("Cannot Reload"), error, {tr("OK")});
        });
        return;
    }
    engine::Diagnostic error;
    if (auto fresh = engine::ToolEditSession::open(dir(), &error))
        replaceSession(std::move(*fresh));
    else
        MessageBox::ask(this, tr("Cannot Reload"), engine::formatDiagnostic(error), {tr("OK")});
}

void ToolEditor::saveRemotely()
{
    if (m_saving)
        return;
    engine::ToolEditSession::SaveOptions options{m_autoBump, false};
    for (;;) {
        const engine::ToolEditSession::SaveResult check = m_session.checkVersion(options);
        if (check.status == engine::ToolEditSession::SaveStatus::NothingToSave) {
            m_undo->setClean();
            Q_EMIT modifiedChanged(false);
            Q_EMIT saveFinished(true);
            if (std::exchange(m_closeWhenSaved, false))
                Q_EMIT closeRequested();
            return;
        }
        if (check.status != engine::ToolEditSession::SaveStatus::NotBumped)
            break;
        // The same question as a local save's, before anything is sent.
        if (MessageBox::ask(this, tr("Version Not Bumped"),
                            tr("%1\n\nThe platform's seed sync only delivers a changed tool when its version rises.")
                                .arg(check.diagnostic.message),
                            {tr("Bump to %1 and Save").arg(m_session.nextVersion()), tr("Cancel")})
            != 0) {
            m_closeWhenSaved = false;
            return;
        }
        bump();
    }
    refresh(Source::None); // an automatic bump shows in the form
    m_saving = true;
    updateStatus();
    m_remote.save(m_session, [this, guard = QPointer<ToolEditor>(this)](const engine::ToolEditSession::SaveResult &r,
                                                                        const engine::RemoteSaveSent &sent) {
        if (!guard)
            return;
        m_saving = false;
        using Status = engine::ToolEditSession::SaveStatus;
        const bool closing = std::exchange(m_closeWhenSaved, false);
        switch (r.status) {
        case Status::Saved:
        case Status::NothingToSave:
            if (r.status == Status::Saved)
                m_session.markSaved(sent.toolMd, sent.entry);
            // What was typed while the save was out stays modified.
            if (!m_session.isModified())
                m_undo->setClean();
            refresh(Source::None);
            if (r.status == Status::Saved)
                Q_EMIT saved(dir());
            Q_EMIT modifiedChanged(isModified());
            Q_EMIT saveFinished(true);
            if (closing && !isModified())
                Q_EMIT closeRequested();
            return;
        case Status::Conflict:
        case Status::NotBumped:
            // Someone changed it on the server: never overwritten without being asked.
            askAboutServerChange(r.diagnostic.message);
            return;
        case Status::WriteFailed:
            // A reply lost with the connection says nothing of what the server did: the next
            // save's precondition finds out.
            MessageBox::ask(this, tr("Save Failed"),
                            r.diagnostic.message
                                + (r.diagnostic.code == u"connection-lost"
                                       ? tr("\nWhether the server wrote it is unknown; saving again after the reconnect checks.")
                                       : tr("\nThe files on the server are unchanged.")),
                            {tr("OK")}, MessageBox::Warning);
            break;
        }
        updateStatus();
        Q_EMIT saveFinished(false);
    });
}

void ToolEditor::askAboutServerChange(const QString &message)
{
    const int answer = MessageBox::ask(this, tr("Changed on the Server"),
                                       tr("%1\n\nReload the server's version (your changes are dropped), compare it "
                                          "with yours, or overwrite it with yours?")
                                           .arg(message),
                                       {tr("Reload from Server"), tr("Compare"), tr("Overwrite"), tr("Cancel")});
    const QPointer<ToolEditor> guard(this);
    switch (answer) {
    case 0:
        revert();
        break;
    case 1:
        // The server's files as they are now (one tool.read), side by side with the editor's;
        // the question again when the comparison is closed. Nothing waits for it meanwhile.
        m_remote.reload([this, guard, message](std::optional<engine::ToolEditSession> now, const QString &error) {
            if (!guard)
                return;
            if (!now) {
                MessageBox::ask(this, tr("Cannot Compare"), error, {tr("OK")});
                updateStatus();
                Q_EMIT saveFinished(false);
                return;
            }
            auto *dialog = new CompareDialog(tr("On the server"),
                                             comparedFiles(m_session, now->savedToolMd(),
                                                           now->entryExisted() ? std::optional(now->savedEntry()) : std::nullopt),
                                             this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            connect(dialog, &QDialog::finished, this, [this, message] { askAboutServerChange(message); });
            dialog->open();
        });
        return;
    case 2:
        // The server's bytes become the precondition; the version rule applies to them.
        m_remote.reload([this, guard](std::optional<engine::ToolEditSession> now, const QString &error) {
            if (!guard)
                return;
            if (!now) {
                MessageBox::ask(this, tr("Cannot Reload"), error, {tr("OK")});
                Q_EMIT saveFinished(false);
                return;
            }
            m_session.setDiskState(now->savedToolMd(), now->entryExisted() ? std::optional(now->savedEntry()) : std::nullopt);
            saveRemotely();
        });
        updateStatus();
        return;
    default:
        break;
    }
    updateStatus();
    Q_EMIT saveFinished(false);
}

bool ToolEditor::maybeClose()
{
    if (!isModified())
        return true;
    if (!m_yamlValid) {
        // What is typed cannot be saved until it parses; closing would drop it.
        return MessageBox::ask(this, tr("Unsaved Changes"),
                               tr("%1 has unsaved changes that cannot be saved until the YAML error is fixed:\n%2")
                                   .arg(toolName(), m_yamlStatus->text()),
                               {tr("Discard"), tr("Cancel")})
            == 0;
    }
    switch (MessageBox::ask(this, tr("Unsaved Changes"), tr("%1 has unsaved changes.").arg(toolName()),
                            {tr("Save"), tr("Discard"), tr("Cancel")})) {
    case 0:
        if (isRemote()) {
            // The save goes over the connection; the editor closes when it is done (closeRequested).
            m_closeWhenSaved = true;
            saveRemotely();
            return false;
        }
        return save();
    case 1: return true;
    default: return false;
    }
}

} // namespace tw::ui
