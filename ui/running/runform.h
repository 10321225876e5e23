#pragma once
// The input form of a tool, generated from its TOOL.md inputs: string → line edit, number →
// spin box (showing an integer as an integer and a real with the decimals it needs), boolean →
// check box, enum → combo of its values, sensitive → password field with Show and "remember in
// keychain". Optional inputs have a "set" box: unset inputs are left out of the params (never
// sent as "" or null); editing a field sets it. Required fields are checked before a run.
//
// Defaults (docs/decisions.md "Run form"): a required input starts at its default and is sent;
// an optional input shows its default but stays unset, so the tool sees what an agent's call
// that omits it would give it.

#include "run/runinputs.h"
#include "toolmd/toolmanifest.h"

#include <QJsonObject>
#include <QList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QToolButton;

namespace tw::ui {

class RunForm final : public QWidget
{
    Q_OBJECT
public:
    explicit RunForm(QWidget *parent = nullptr);
    ~RunForm() override;

    // Rebuilds the fields for `tool`, every one at its starting value (nothing carried over).
    void setTool(const engine::ToolManifest &tool);
    const engine::ToolManifest &tool() const { return m_tool; }
    // Fills the fields from params: inputs present are set to their value, absent optional
    // inputs become unset, absent required ones go back to their start. Unknown keys are ignored.
    void setValues(const QJsonObject &params);
    // The params to send: every required input, the optional ones that are set, sensitive
    // values only where typed (an empty one is filled from the keychain by the run).
    QJsonObject params() const;
    // Which sensitive inputs have a value in the keychain (shown next to the field; an empty
    // field then uses it).
    void setStoredSecrets(const QStringList &inputs);
    QStringList storedSecrets() const { return m_stored; }
    // Sensitive inputs whose typed value should be put in the keychain when the run starts.
    QStringList secretsToRemember() const;
    // `input`'s typed `value` is in the keychain now: the field is cleared and says "stored".
    void markSecretStored(const QString &input, const QString &value);
    // Checks the params against the inputs; shows each problem under its field.
    QList<engine::ParamProblem> validate();
    void clearProblems();

    // For tests and keyboard focus.
    QWidget *editor(const QString &input) const;
    QCheckBox *setBox(const QString &input) const;       // null for required inputs
    QCheckBox *rememberBox(const QString &input) const;  // null unless sensitive
    QToolButton *revealButton(const QString &input) const;
    QToolButton *forgetButton(const QString &input) const;
    QLabel *secretStatus(const QString &input) const; // null unless sensitive
    QString problemText(const QString &input) const;

Q_SIGNALS:
    void edited();
    void forgetRequested(const QString &input); // remove the stored secret of `input`

private:
    struct Field;
    Field *field(const QString &input) const;
    void resetField(Field &f);
    void setFieldValue(Field &f, const QJsonValue &value);
    QJsonValue fieldValue(const Field &f) const;
    void markSet(Field &f, bool set);
    void updateSecretStatus(Field &f);

    engine::ToolManifest m_tool;
    QList<Field *> m_fields;
    QFormLayout *m_layout = nullptr;
    QLabel *m_empty = nullptr;
    QStringList m_stored;
    bool m_loading = false;
};

} // namespace tw::ui
