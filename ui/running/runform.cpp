#include "running/runform.h"

#include "widgets/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QToolButton>

#include <cmath>

namespace tw::ui {

namespace {

// A number field that shows 3 as "3" and 0.25 as "0.25": the decimals the value needs. For a
// required number without a default it can also be empty (its minimum, shown blank): nothing
// is sent and the run asks for it, where a 0 would have gone out unnoticed.
class NumberSpinBox final : public QDoubleSpinBox
{
public:
    static constexpr double kLimit = 1e12;

    NumberSpinBox(QWidget *parent, bool canBeEmpty) : QDoubleSpinBox(parent)
    {
        setDecimals(9);
        setRange(canBeEmpty ? -kLimit - 1 : -kLimit, kLimit);
        if (canBeEmpty) {
            setSpecialValueText(QStringLiteral(" "));
            setValue(minimum());
        }
        setSingleStep(1);
        setAccelerated(true);
        setKeyboardTracking(true);
    }
    bool isEmpty() const { return value() < -kLimit; }
    void clear() override { setValue(minimum() < -kLimit ? minimum() : 0.0); }
    void stepBy(int steps) override
    {
        if (isEmpty()) {
            setValue(0); // the arrows start an empty field at 0, not at its sentinel
            return;
        }
        QDoubleSpinBox::stepBy(steps);
    }
    QLineEdit *edit() const { return lineEdit(); }
    QString textFromValue(double value) const override
    {
        QLocale l = locale();
        l.setNumberOptions(QLocale::OmitGroupSeparator);
        return l.toString(value, 'g', 12);
    }
};

QString displayDefault(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QLocale::c().toString(v.toDouble(), 'g', 12);
    case QJsonValue::String: return v.toString();
    default: return {};
    }
}

} // namespace

struct RunForm::Field
{
    engine::InputSpec spec;
    QCheckBox *set = nullptr; // optional inputs only
    QLineEdit *line = nullptr;
    NumberSpinBox *number = nullptr;
    QCheckBox *check = nullptr;
    QComboBox *combo = nullptr;
    QToolButton *reveal = nullptr;
    QCheckBox *remember = nullptr;
    QToolButton *forget = nullptr;
    QLabel *status = nullptr;
    QLabel *problem = nullptr;
    QWidget *editor() const
    {
        return line ? static_cast<QWidget *>(line) : number ? static_cast<QWidget *>(number)
                                              : check ? static_cast<QWidget *>(check)
                                                      : static_cast<QWidget *>(combo);
    }
};

RunForm::RunForm(QWidget *parent) : QWidget(parent)
{
    m_layout = new QFormLayout(this);
    m_layout->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::DontWrapRows);
}

RunForm::~RunForm()
{
    qDeleteAll(m_fields);
}

RunForm::Field *RunForm::field(const QString &input) const
{
    for (Field *f : m_fields)
        if (f->spec.name == input)
            return f;
    return nullptr;
}

void RunForm::setTool(const engine::ToolManifest &tool)
{
    m_loading = true;
    while (m_layout->rowCount() > 0)
        m_layout->removeRow(0);
    qDeleteAll(m_fields);
    m_fields.clear();
    m_empty = nullptr;
    m_tool = tool;
    m_stored.clear();

    if (tool.inputs.isEmpty()) {
        m_empty = new QLabel(tr("This tool takes no inputs."), this);
        setTone(m_empty, model::Tone::Muted);
        m_layout->addRow(m_empty);
    }
    for (const engine::InputSpec &spec : tool.inputs) {
        auto *f = new Field;
        f->spec = spec;
        m_fields.append(f);
        auto *row = new QWidget(this);
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        // A sensitive input has no "set" box: whether it is set (typed, stored or neither) is
        // its one status line, and a stored value is used whatever a box would say.
        if (spec.optional && !spec.sensitive) {
            f->set = new QCheckBox(row);
            f->set->setToolTip(tr("Send this input. Unchecked, it is left out of the call (not set)."));
            f->set->setAccessibleName(tr("Set %1").arg(spec.name));
            h->addWidget(f->set);
            connect(f->set, &QCheckBox::toggled, this, [this, f](bool on) {
                // Setting an empty text field by its box starts it at the default.
                if (on && !m_loading && f->line && !f->spec.sensitive && f->line->text().isEmpty() && f->spec.defaultValue.isString())
                    setFieldValue(*f, f->spec.defaultValue);
                // Unset looks the same however it was reached: an empty text field (its default
                // as the placeholder), any other editor at its default, dimmed.
                if (!on && !m_loading)
                    setFieldValue(*f, f->line ? QJsonValue() : f->spec.defaultValue);
                markSet(*f, on);
                Q_EMIT edited();
            });
        }
        const auto touched = [this, f] {
            if (m_loading)
                return;
            if (f->set && !f->set->isChecked())
                f->set->setChecked(true); // editing a field sets it
            if (!f->problem->isHidden())
                f->problem->hide();
            Q_EMIT edited();
        };
        // A cleared field returns to "not set"; an empty string is sent by ticking the box of an
        // empty field that has no default, or from the JSON editor.
        const auto cleared = [this, f](const QString &text) {
            if (m_loading || !text.isEmpty() || !f->set)
                return false;
            markSet(*f, false);
            Q_EMIT edited();
            return true;
        };
        switch (spec.type) {
        case engine::InputType::String:
            f->line = new QLineEdit(row);
            f->line->setClearButtonEnabled(!spec.sensitive && spec.optional);
            connect(f->line, &QLineEdit::textEdited, this, [touched, cleared](const QString &text) {
                if (!cleared(text))
                    touched();
            });
            if (spec.sensitive) {
                f->line->setEchoMode(QLineEdit::Password);
                f->line->setPlaceholderText(tr("secret"));
                f->reveal = new QToolButton(row);
                f->reveal->setText(tr("Show"));
                f->reveal->setCheckable(true);
                f->reveal->setToolTip(tr("Show or hide what you typed"));
                f->reveal->setAccessibleName(tr("Show %1").arg(spec.name));
                connect(f->reveal, &QToolButton::toggled, this, [f](bool on) {
                    f->line->setEchoMode(on ? QLineEdit::Normal : QLineEdit::Password);
                    f->reveal->setText(on ? tr("Hide") : tr("Show"));
                });
                f->remember = new QCheckBox(tr("Remember"), this);
                f->remember->setToolTip(tr("Store the typed value when the run starts: in the OS keychain, or the encrypted file chosen in Settings → Secrets"));
                f->forget = new QToolButton(this);
                f->forget->setText(tr("Clear"));
                f->forget->setToolTip(tr("Clear: remove the stored value"));
                f->forget->setAccessibleName(tr("Clear stored %1").arg(spec.name));
                connect(f->forget, &QToolButton::clicked, this, [this, f] { Q_EMIT forgetRequested(f->spec.name); });
                f->status = new QLabel(this);
                f->status->setObjectName(QStringLiteral("secretStatus_") + spec.name);
                f->status->setWordWrap(true); // never what makes the form wider
                setTone(f->status, model::Tone::Muted);
                connect(f->line, &QLineEdit::textChanged, this, [this, f] { updateSecretStatus(*f); });
                connect(f->remember, &QCheckBox::toggled, this, [this, f] { updateSecretStatus(*f); });
            }
            break;
        case engine::InputType::Number:
            f->number = new NumberSpinBox(row, !spec.optional && spec.defaultValue.isUndefined());
            connect(f->number, &QDoubleSpinBox::valueChanged, this, touched);
            connect(f->number->edit(), &QLineEdit::textEdited, this, [cleared](const QString &text) { cleared(text); });
            break;
        case engine::InputType::Boolean:
            f->check = new QCheckBox(row);
            connect(f->check, &QCheckBox::toggled, this, touched);
            break;
        case engine::InputType::Enum:
            f->combo = new QComboBox(row);
            f->combo->addItems(spec.values);
            connect(f->combo, &QComboBox::currentIndexChanged, this, touched);
            break;
        }
        QWidget *editor = f->editor();
        editor->setToolTip(spec.description);
        editor->setAccessibleName(spec.name);
        editor->setAccessibleDescription(spec.description);
        editor->setObjectName(QStringLiteral("input_") + spec.name);
        h->addWidget(editor, 1);
        if (f->reveal)
            h->addWidget(f->reveal);

        auto *label = new QLabel(spec.optional ? tr("%1 (optional)").arg(spec.name.toHtmlEscaped())
                                               : QStringLiteral("<b>%1</b>").arg(spec.name.toHtmlEscaped()),
                                 this);
        label->setToolTip(spec.description);
        label->setBuddy(editor);
        // The field: its editor row, then the description and any problem, all in the field column.
        auto *cell = new QWidget(this);
        auto *v = new QVBoxLayout(cell);
        v->setContentsMargins(0, 0, 0, 6);
        v->setSpacing(2);
        v->addWidget(row);
        if (f->remember) {
            // The field's one state and the keychain controls on a line of their own, so the
            // form stays narrow.
            auto *keychainRow = new QHBoxLayout;
            keychainRow->addWidget(f->status, 1);
            keychainRow->addWidget(f->remember);
            keychainRow->addWidget(f->forget);
            v->addLayout(keychainRow);
        }
        QString hint = spec.description.toHtmlEscaped();
        if (!spec.defaultValue.isUndefined())
            hint += (hint.isEmpty() ? QString() : QStringLiteral(" ")) + tr("Default: %1.").arg(displayDefault(spec.defaultValue).toHtmlEscaped());
        auto *desc = new QLabel(QStringLiteral("<small>%1</small>").arg(hint), cell);
        desc->setWordWrap(true);
        setTone(desc, model::Tone::Muted); // help text: quieter, still 4.5:1 (tst_theme)
        desc->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        v->addWidget(desc);
        f->problem = new QLabel(cell);
        setTone(f->problem, model::Tone::Error);
        f->problem->setObjectName(QStringLiteral("problem_") + spec.name);
        f->problem->hide();
        v->addWidget(f->problem);
        m_layout->addRow(label, cell);
        m_layout->setAlignment(label, Qt::AlignLeft | Qt::AlignTop);

        resetField(*f);
        updateSecretStatus(*f);
    }
    m_loading = false;
}

void RunForm::resetField(Field &f)
{
    // A text field shows an optional input's default as a placeholder (typing must not append
    // to it); the other editors cannot, so they start at the default, unset.
    const bool placeholder = f.line && (f.spec.optional || f.spec.sensitive);
    setFieldValue(f, placeholder ? QJsonValue() : f.spec.defaultValue);
    if (placeholder && !f.spec.sensitive)
        f.line->setPlaceholderText(f.spec.defaultValue.isUndefined() ? tr("not set")
                                                                     : tr("not set (default: %1)").arg(displayDefault(f.spec.defaultValue)));
    markSet(f, !f.spec.optional || f.spec.sensitive); // a secret's state is its status line
    if (f.remember)
        f.remember->setChecked(false);
}

void RunForm::setFieldValue(Field &f, const QJsonValue &value)
{
    const bool was = m_loading;
    m_loading = true;
    if (f.line)
        f.line->setText(value.isString() ? value.toString() : value.isDouble() || value.isBool() ? displayDefault(value) : QString());
    if (f.number) {
        if (value.isDouble())
            f.number->setValue(value.toDouble());
        else
            f.number->clear(); // empty where it can be, else 0
    }
    if (f.check)
        f.check->setChecked(value.toBool(false));
    if (f.combo) {
        const int i = f.combo->findText(value.toString());
        f.combo->setCurrentIndex(i >= 0 ? i : 0);
    }
    m_loading = was;
}

QJsonValue RunForm::fieldValue(const Field &f) const
{
    if (f.line)
        return f.line->text();
    if (f.number) {
        if (f.number->isEmpty())
            return QJsonValue(QJsonValue::Undefined); // left out of the call: "is required"
        const double v = f.number->value();
        // 3.0 goes out as 3: JSON has one number type, and integers read back as integers.
        return std::floor(v) == v && std::abs(v) < 9e15 ? QJsonValue(qint64(v)) : QJsonValue(v);
    }
    if (f.check)
        return f.check->isChecked();
    if (f.combo)
        return f.combo->currentText();
    return {};
}

void RunForm::markSet(Field &f, bool set)
{
    if (f.set) {
        const bool was = m_loading;
        m_loading = true;
        f.set->setChecked(set);
        m_loading = was;
        f.set->setText(set ? QString() : tr("not set"));
    }
    // An unset field is shown dimmed but stays editable: typing into it sets it.
    setTone(f.editor(), set ? std::nullopt : std::optional(model::Tone::Muted));
}

void RunForm::updateSecretStatus(Field &f)
{
    if (!f.status)
        return;
    // One state, in one place: typed (for this run, or to be stored), stored, or not set.
    const bool stored = m_stored.contains(f.spec.name);
    const bool typed = !f.line->text().isEmpty();
    if (typed) {
        f.status->setText(f.remember->isChecked() ? tr("set (typed; stored when you run)") : tr("set (typed)"));
        f.status->setToolTip(f.remember->isChecked() ? tr("Run stores the typed value and clears the field.")
                             : stored                ? tr("The typed value is used instead of the stored one, and not kept.")
                                                     : tr("The typed value is used for the runs you start, and not kept. "
                                                          "Tick Remember to store it."));
    } else if (stored) {
        f.status->setText(tr("set (stored)"));
        f.status->setToolTip(tr("The stored value is used. Type to use another one; Clear removes it."));
    } else {
        f.status->setText(tr("not set"));
        f.status->setToolTip(f.spec.optional ? tr("Left out of the call.") : tr("Type a value; Remember keeps it for later runs."));
    }
    setTone(f.status, typed || stored ? std::nullopt : std::optional(model::Tone::Muted));
    f.forget->setEnabled(stored);
    // Show reveals only what was typed here (a stored value is never shown).
    if (!typed && f.reveal->isChecked())
        f.reveal->setChecked(false);
    f.reveal->setEnabled(typed);
    f.line->setPlaceholderText(stored ? tr("type to replace the stored value") : tr("secret"));
}

void RunForm::markSecretStored(const QString &input, const QString &value)
{
    Field *f = field(input);
    if (!f || !f->status)
        return;
    if (!m_stored.contains(input))
        m_stored << input;
    // The keychain has it now: the field lets go of it at once, unless something else was typed meanwhile.
    if (f->line->text() == value) {
        const bool was = m_loading;
        m_loading = true;
        f->line->clear();
        f->remember->setChecked(false);
        m_loading = was;
    }
    updateSecretStatus(*f);
}

void RunForm::setValues(const QJsonObject &params)
{
    m_loading = true;
    for (Field *f : std::as_const(m_fields)) {
        const QJsonValue v = params.value(f->spec.name);
        if (v.isUndefined() || v.isNull()) {
            resetField(*f);
        } else {
            setFieldValue(*f, v);
            markSet(*f, true);
        }
    }
    m_loading = false;
    clearProblems();
}

QJsonObject RunForm::params() const
{
    QJsonObject p;
    for (const Field *f : m_fields) {
        if (f->set && !f->set->isChecked())
            continue;
        if (f->spec.sensitive && f->line && f->line->text().isEmpty())
            continue; // the keychain fills it (DESIGN.md "Running a tool" step 1)
        p.insert(f->spec.name, fieldValue(*f));
    }
    return p;
}

void RunForm::setStoredSecrets(const QStringList &inputs)
{
    m_stored = inputs;
    for (Field *f : std::as_const(m_fields))
        updateSecretStatus(*f);
}

QStringList RunForm::secretsToRemember() const
{
    QStringList names;
    for (const Field *f : m_fields)
        if (f->remember && f->remember->isChecked() && !f->line->text().isEmpty())
            names << f->spec.name;
    return names;
}

QList<engine::ParamProblem> RunForm::validate()
{
    clearProblems();
    const QList<engine::ParamProblem> problems = engine::checkParams(m_tool, params(), m_stored);
    for (const engine::ParamProblem &p : problems) {
        if (Field *f = field(p.input)) {
            f->problem->setText(p.message);
            f->problem->show();
        }
    }
    if (!problems.isEmpty())
        if (Field *f = field(problems.first().input))
            f->editor()->setFocus();
    return problems;
}

void RunForm::clearProblems()
{
    for (Field *f : std::as_const(m_fields))
        f->problem->hide();
}

QWidget *RunForm::editor(const QString &input) const
{
    const Field *f = field(input);
    return f ? f->editor() : nullptr;
}

QCheckBox *RunForm::setBox(const QString &input) const
{
    const Field *f = field(input);
    return f ? f->set : nullptr;
}

QCheckBox *RunForm::rememberBox(const QString &input) const
{
    const Field *f = field(input);
    return f ? f->remember : nullptr;
}

QToolButton *RunForm::revealButton(const QString &input) const
{
    const Field *f = field(input);
    return f ? f->reveal : nullptr;
}

QToolButton *RunForm::forgetButton(const QString &input) const
{
    const Field *f = field(input);
    return f ? f->forget : nullptr;
}

QLabel *RunForm::secretStatus(const QString &input) const
{
    const Field *f = field(input);
    return f ? f->status : nullptr;
}

QString RunForm::problemText(const QString &input) const
{
    const Field *f = field(input);
    return f && !f->problem->isHidden() ? f->problem->text() : QString();
}

} // namespace tw::ui
