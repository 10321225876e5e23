#include "running/runinputseditor.h"

#include "running/runform.h"
#include "running/runview.h"
#include "secrets/secretmasker.h"
#include "widgets/theme.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace tw::ui {

RunInputsEditor::RunInputsEditor(QWidget *parent) : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    // A heading with the JSON switch (on a row of its own, so the form stays narrow).
    auto *inputsRow = new QHBoxLayout;
    inputsRow->addWidget(new QLabel(RunView::tr("<b>Inputs</b>"), this));
    inputsRow->addStretch(1);
    m_jsonToggle = new QCheckBox(RunView::tr("Edit as &JSON"), this);
    m_jsonToggle->setToolTip(RunView::tr("Edit the whole params object as JSON; it is checked against the inputs before Run"));
    inputsRow->addWidget(m_jsonToggle);
    v->addLayout(inputsRow);
    m_formStack = new QStackedWidget(this);
    m_form = new RunForm(m_formStack);
    m_form->setAccessibleName(RunView::tr("Inputs"));
    m_formStack->addWidget(m_form);
    m_formStack->addWidget(makeJsonPage());
    v->addWidget(m_formStack, 1);
    m_jsonCheck = new QTimer(this);
    m_jsonCheck->setSingleShot(true);
    m_jsonCheck->setInterval(250);
    connect(m_jsonCheck, &QTimer::timeout, this, &RunInputsEditor::showJsonProblems);
    connect(m_json, &QPlainTextEdit::textChanged, m_jsonCheck, qOverload<>(&QTimer::start));
    connect(m_jsonToggle, &QCheckBox::toggled, this, [this](bool on) {
        if (!setJsonMode(on)) {
            const QSignalBlocker block(m_jsonToggle);
            m_jsonToggle->setChecked(!on);
        }
    });
}

QWidget *RunInputsEditor::makeJsonPage()
{
    auto *jsonPage = new QWidget(m_formStack);
    auto *jv = new QVBoxLayout(jsonPage);
    jv->setContentsMargins(0, 0, 0, 0);
    m_json = new QPlainTextEdit(jsonPage);
    m_json->setObjectName(QStringLiteral("paramsJson"));
    m_json->setAccessibleName(RunView::tr("Params as JSON"));
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_json->setTabChangesFocus(true);
    jv->addWidget(m_json, 1);
    m_jsonProblems = new QLabel(jsonPage);
    m_jsonProblems->setObjectName(QStringLiteral("paramsJsonProblems"));
    m_jsonProblems->setWordWrap(true);
    setTone(m_jsonProblems, model::Tone::Error);
    m_jsonProblems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    jv->addWidget(m_jsonProblems);
    auto *jsonHint = new QLabel(RunView::tr("<small>Leave an input out to leave it unset. A sensitive value shown as %1 is the one "
                                            "typed in the form; leave it out to use the keychain's.</small>")
                                    .arg(engine::kSecretMarker),
                                jsonPage);
    jsonHint->setWordWrap(true);
    setTone(jsonHint, model::Tone::Muted);
    jv->addWidget(jsonHint);
    return jsonPage;
}

void RunInputsEditor::setTool(const engine::ToolManifest &tool)
{
    m_tool = tool;
    m_form->setTool(tool);
}

void RunInputsEditor::setValues(const QJsonObject &params)
{
    m_form->setValues(params);
    if (isJsonMode())
        fillJsonFromForm(); // the new values, never the last text
}

QJsonObject RunInputsEditor::params(QList<engine::ParamProblem> *problems)
{
    if (isJsonMode()) {
        const QJsonObject params = jsonParams(problems);
        showJsonProblems();
        return params;
    }
    *problems = m_form->validate();
    return m_form->params();
}

QJsonObject RunInputsEditor::typedParams() const
{
    QList<engine::ParamProblem> ignored;
    return isJsonMode() ? jsonParams(&ignored) : m_form->params();
}

bool RunInputsEditor::isJsonMode() const
{
    return m_formStack->currentIndex() == 1;
}

void RunInputsEditor::fillJsonFromForm()
{
    // Typed secrets are shown as markers and kept aside; the JSON never holds them.
    QJsonObject params = m_form->params();
    m_jsonSecrets = {};
    for (const engine::InputSpec &spec : m_tool.inputs) {
        if (spec.sensitive && params.contains(spec.name)) {
            m_jsonSecrets.insert(spec.name, params.value(spec.name));
            params.insert(spec.name, engine::kSecretMarker);
        }
    }
    const QSignalBlocker block(m_json);
    m_json->setPlainText(QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Indented)));
    m_jsonProblems->clear();
}

QJsonObject RunInputsEditor::jsonParams(QList<engine::ParamProblem> *problems) const
{
    QJsonObject params;
    QString error;
    problems->clear();
    if (!engine::parseParamsJson(m_json->toPlainText(), &params, &error)) {
        problems->append({QString(), RunView::tr("params: %1").arg(error), engine::ParamProblem::Kind::Syntax});
        return {};
    }
    for (const engine::InputSpec &spec : m_tool.inputs) {
        if (spec.sensitive && params.value(spec.name) == QJsonValue(engine::kSecretMarker)) {
            if (m_jsonSecrets.contains(spec.name))
                params.insert(spec.name, m_jsonSecrets.value(spec.name));
            else
                params.remove(spec.name); // the keychain's value, as an empty field would
        }
    }
    *problems = engine::checkParams(m_tool, params, m_form->storedSecrets());
    return params;
}

QList<engine::ParamProblem> RunInputsEditor::showJsonProblems()
{
    QList<engine::ParamProblem> problems;
    jsonParams(&problems);
    QStringList lines;
    for (const engine::ParamProblem &p : std::as_const(problems))
        lines << p.message;
    m_jsonProblems->setText(lines.join(u'\n'));
    return problems;
}

bool RunInputsEditor::setJsonMode(bool on)
{
    if (on == isJsonMode())
        return true;
    if (on) {
        fillJsonFromForm();
        m_formStack->setCurrentIndex(1);
        m_json->setFocus();
    } else {
        // Back to the form only with what the form can show: valid JSON, known inputs, right types.
        QList<engine::ParamProblem> problems;
        const QJsonObject params = jsonParams(&problems);
        problems.erase(std::remove_if(problems.begin(), problems.end(),
                                      [](const engine::ParamProblem &p) { return p.kind == engine::ParamProblem::Kind::Required; }),
                       problems.end());
        if (!problems.isEmpty()) {
            showJsonProblems();
            Q_EMIT said(RunView::tr("Fix the JSON first: the form cannot show %1").arg(problems.first().message), model::Tone::Error);
            return false;
        }
        m_form->setValues(params);
        m_formStack->setCurrentIndex(0);
        Q_EMIT said(QString(), model::Tone::Muted);
    }
    if (m_jsonToggle->isChecked() != on) {
        const QSignalBlocker block(m_jsonToggle);
        m_jsonToggle->setChecked(on);
    }
    return true;
}

} // namespace tw::ui
