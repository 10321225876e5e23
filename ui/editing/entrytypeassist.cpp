#include "editing/entrytypeassist.h"

#include "authoring/typefixes.h"

#include <Qsci/qsciscintilla.h>

#include <QAction>
#include <QTimer>

namespace tw::ui {

using namespace tw::engine;

namespace {
constexpr int kMaxListed = 400;
constexpr int kDescriptionShown = 90;
constexpr int kDwellMs = 600;
} // namespace

EntryTypeAssist::EntryTypeAssist(QsciScintilla *editor, TypeService *service, QObject *parent)
    : QObject(parent)
    , m_editor(editor)
    , m_service(service)
{
    m_checkTimer = new QTimer(this);
    m_checkTimer->setSingleShot(true);
    m_checkTimer->setInterval(kCheckDelayMs);
    connect(m_checkTimer, &QTimer::timeout, this, &EntryTypeAssist::checkNow);
    if (!m_service) {
        setState(tr("TypeScript: off for this view"));
        return;
    }
    if (!m_service->available()) {
        setState(tr("TypeScript: not installed — %1; lint's other checks still run").arg(m_service->unavailableReason()));
        return;
    }
    m_project = m_service->openProject();
    connect(m_service, &TypeService::serverStopped, this, [this](const QString &reason) {
        setState(tr("TypeScript stopped (%1); it starts again with the next change").arg(reason));
    });

    // Completion lists items in our order (inputs first, as TypeScript sorts them).
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSETORDER, static_cast<unsigned long>(QsciScintillaBase::SC_ORDER_CUSTOM));
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETMOUSEDWELLTIME, static_cast<unsigned long>(kDwellMs));
    connect(m_editor, &QsciScintilla::userListActivated, this, [this](int id, const QString &item) {
        if (id == kCompletionListId)
            insertCompletion(item);
    });
    connect(m_editor, &QsciScintillaBase::SCN_CHARADDED, this, [this](int c) {
        if (c == '.' && !m_editor->isReadOnly())
            complete();
    });
    connect(m_editor, &QsciScintillaBase::SCN_DWELLSTART, this, [this](int position, int, int) { showHover(position); });
    // A hover tip goes when the mouse leaves its place, the text changes or the cursor moves.
    const auto hideHover = [this] {
        m_hoverPosition = -1;
        m_editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPCANCEL);
    };
    connect(m_editor, &QsciScintillaBase::SCN_DWELLEND, this, hideHover);
    connect(m_editor, &QsciScintilla::textChanged, this, hideHover);
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, hideHover);
    const auto action = [this](const QKeySequence &keys, const QString &text, auto slot) {
        auto *a = new QAction(text, m_editor);
        a->setShortcut(keys);
        a->setShortcutContext(Qt::WidgetShortcut);
        connect(a, &QAction::triggered, this, slot);
        m_editor->addAction(a);
        return a;
    };
    action(QKeySequence(Qt::CTRL | Qt::Key_Space), tr("Complete"), [this] { complete(); });
    action(QKeySequence(Qt::Key_F12), tr("Go to Definition"), [this] { goToDefinition(); });
}

EntryTypeAssist::~EntryTypeAssist()
{
    if (m_service && m_project)
        m_service->closeProject(m_project);
}

void EntryTypeAssist::setState(const QString &state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void EntryTypeAssist::setSource(const ToolTypeSource &source)
{
    if (!m_project)
        return;
    m_source = source;
    ++m_generation;
    m_service->setSource(m_project, source);
    m_pendingCheck = true;
    m_checkTimer->start();
}

void EntryTypeAssist::checkNow()
{
    m_checkTimer->stop();
    if (!m_project || !m_service || !m_pendingCheck)
        return;
    m_pendingCheck = false;
    ++m_checksOut;
    setState(tr("TypeScript: checking…"));
    const quint64 generation = m_generation;
    m_service->check(m_project, this, [this, generation](const Diagnostics &found, const QString &error) {
        --m_checksOut;
        if (generation != m_generation)
            return; // the text changed meanwhile: its own check is on its way
        if (!error.isEmpty()) {
            setState(tr("TypeScript: %1").arg(error));
            return;
        }
        const bool changed = found != m_diagnostics;
        m_diagnostics = found;
        setState(found.isEmpty() ? tr("TypeScript: no problems") : tr("TypeScript: %n problems", nullptr, int(found.size())));
        if (changed)
            Q_EMIT diagnosticsChanged();
        Q_EMIT checkFinished();
    });
}

TextPosition EntryTypeAssist::positionAt(int bytePosition) const
{
    const int line = int(m_editor->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, static_cast<unsigned long>(bytePosition)));
    const int lineStart = int(m_editor->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, static_cast<unsigned long>(line)));
    // Scintilla counts UTF-8 bytes, TypeScript UTF-16 code units.
    const QByteArray head = m_editor->text(line).toUtf8().left(bytePosition - lineStart);
    return {line + 1, int(QString::fromUtf8(head).size()) + 1};
}

TextPosition EntryTypeAssist::cursorPosition() const
{
    return positionAt(int(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS)));
}

void EntryTypeAssist::complete()
{
    if (!m_project || !m_service)
        return;
    // The server has the text (each change is sent as it is made). A check waiting for its delay
    // waits on: asked first, its 150 ms for a 2,000-line entry would come before the list.
    const quint64 request = ++m_completionRequest;
    const int position = int(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS));
    m_service->complete(m_project, cursorPosition(), this, [this, request, position](const QList<TypeCompletion> &list) {
        if (request != m_completionRequest || position != int(m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS)))
            return; // the cursor moved on: this list is for a place the user left
        QStringList items;
        m_lastCompletions.clear();
        for (const TypeCompletion &c : list) {
            if (items.size() == kMaxListed)
                break;
            m_lastCompletions.append(c.name);
            QString item = c.name;
            if (!c.description.isEmpty()) {
                QString description = c.description.simplified();
                if (description.size() > kDescriptionShown)
                    description = description.left(kDescriptionShown - 1) + u'…';
                // Not "name?": Scintilla reads what follows a '?' in a list item as an image number.
                item += QStringLiteral("  — ") + description + (c.optional ? tr(" (optional)") : QString());
            }
            items.append(item);
        }
        if (m_pendingCheck)
            m_checkTimer->start(); // the findings after the list, not before it
        if (items.isEmpty())
            return;
        m_editor->showUserList(kCompletionListId, items);
        Q_EMIT completionShown();
    });
}

void EntryTypeAssist::insertCompletion(const QString &item)
{
    const QString name = item.section(u' ', 0, 0);
    const long position = m_editor->SendScintilla(QsciScintillaBase::SCI_GETCURRENTPOS);
    const long start = m_editor->SendScintilla(QsciScintillaBase::SCI_WORDSTARTPOSITION, static_cast<unsigned long>(position), 1L);
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETSEL, static_cast<unsigned long>(start), position);
    m_editor->replaceSelectedText(name);
}

void EntryTypeAssist::showHover(int position)
{
    if (!m_project || !m_service || position < 0)
        return;
    m_hoverPosition = position;
    m_service->quickInfo(m_project, positionAt(position), this, [this, position](const QString &text) {
        if (position != m_hoverPosition || text.isEmpty())
            return;
        m_editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPSHOW, static_cast<unsigned long>(position),
                                text.toUtf8().constData());
        Q_EMIT hoverShown(text);
    });
}

void EntryTypeAssist::goToDefinition()
{
    if (!m_project || !m_service)
        return;
    const quint64 generation = m_generation;
    m_service->definition(m_project, cursorPosition(), this, [this, generation](const TypeDefinition &d) {
        if (generation != m_generation)
            return; // the lines moved meanwhile
        switch (d.kind) {
        case TypeDefinition::Entry:
            m_editor->setCursorPosition(d.line - 1, 0);
            m_editor->ensureLineVisible(d.line - 1);
            m_editor->setFocus();
            break;
        case TypeDefinition::Input:
            Q_EMIT inputDefinitionRequested(d.input, d.line);
            break;
        case TypeDefinition::ToolFile:
        case TypeDefinition::Library:
            Q_EMIT fileDefinitionRequested(d.file, d.line);
            break;
        case TypeDefinition::None:
            break;
        }
    });
}

void EntryTypeAssist::declareInParams(const QString &input, int line)
{
    if (!m_project || !m_service)
        return;
    // Where the code reads it on that line: `.input` (TypeScript's fix wants the error's span).
    const QString text = m_editor->text(line - 1);
    qsizetype column = text.indexOf(u'.' + input);
    if (column < 0)
        return;
    column += 1;
    const TextPosition from{line, int(column) + 1}, to{line, int(column + input.size()) + 1};
    const ToolManifest manifest = m_source.manifest;
    const QString entry = m_source.entry;
    const quint64 generation = m_generation;
    m_service->fixes(m_project, from, to, 2339, this, [this, input, manifest, entry, generation](const QList<TypeFix> &fixes) {
        if (generation != m_generation)
            return; // typed on meanwhile: the fix is of text that is gone, and would undo the typing
        for (const TypeFix &fix : fixes) {
            if (fix.description.startsWith(QStringLiteral("Declare property '%1'").arg(input))) {
                Q_EMIT entryFixed(withDeclaredType(entry, fix.entry, input, manifest));
                return;
            }
        }
    });
}

} // namespace tw::ui
