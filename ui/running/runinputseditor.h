#pragma once
// The Run view's inputs: the generated form (RunForm), or the whole params object as JSON,
// checked as it is typed, with a switch between the two that refuses to lose what the form
// cannot show. Typed secrets never enter the JSON: they show as a marker and are kept aside.
// Its strings keep RunView's translation context.

#include "run/runinputs.h"
#include "tones.h"
#include "toolmd/toolmanifest.h"

#include <QJsonObject>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTimer;

namespace tw::ui {

class RunForm;

class RunInputsEditor final : public QWidget
{
    Q_OBJECT
public:
    explicit RunInputsEditor(QWidget *parent = nullptr);

    // The form for `tool`, empty (the JSON follows it when shown).
    void setTool(const engine::ToolManifest &tool);
    // The params to run with, from whichever is shown; `problems` gets every problem.
    QJsonObject params(QList<engine::ParamProblem> *problems);
    // What is typed, problems or not (to carry over to a reloaded tool).
    QJsonObject typedParams() const;
    // Values into the form (and the JSON when shown).
    void setValues(const QJsonObject &params);

    bool setJsonMode(bool on); // false: the JSON has problems the form cannot show
    bool isJsonMode() const;
    QJsonObject jsonParams(QList<engine::ParamProblem> *problems) const;
    void fillJsonFromForm();

    RunForm *form() const { return m_form; }
    QCheckBox *jsonToggle() const { return m_jsonToggle; }
    QPlainTextEdit *jsonEditor() const { return m_json; }
    QLabel *jsonProblemsLabel() const { return m_jsonProblems; }

Q_SIGNALS:
    void said(const QString &text, tw::model::Tone tone); // for the view's message line; empty: clear it

private:
    QWidget *makeJsonPage();
    QList<engine::ParamProblem> showJsonProblems();

    engine::ToolManifest m_tool;
    RunForm *m_form = nullptr;
    QStackedWidget *m_formStack = nullptr;
    QCheckBox *m_jsonToggle = nullptr;
    QPlainTextEdit *m_json = nullptr;
    QLabel *m_jsonProblems = nullptr;
    QTimer *m_jsonCheck = nullptr;
    QJsonObject m_jsonSecrets; // typed sensitive values the editor shows as markers
};

} // namespace tw::ui
