#include "editing/inputstable.h"

#include "catalog/catalogjson.h"
#include "editing/tooleditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleValidator>
#include <QHeaderView>
#include <QLineEdit>

#include <algorithm>

namespace tw::ui {

using engine::InputSpec;
using engine::InputType;

namespace {

const QStringList kTypes = {QStringLiteral("string"), QStringLiteral("number"), QStringLiteral("boolean"),
                            QStringLiteral("enum")};

QStringList splitValues(const QString &text)
{
    QStringList values;
    for (const QString &v : text.split(u','))
        if (!v.trimmed().isEmpty())
            values.append(v.trimmed());
    return values;
}

} // namespace

InputsTable::InputsTable(bool editable, QWidget *parent) : QTableWidget(0, ColumnCount, parent), m_editable(editable)
{
    setObjectName(QStringLiteral("editInputs"));
    setAccessibleName(ToolEditor::tr("Inputs"));
    setHorizontalHeaderLabels({ToolEditor::tr("Name"), ToolEditor::tr("Type"), ToolEditor::tr("Description"),
                               ToolEditor::tr("Optional"), ToolEditor::tr("Sensitive"), ToolEditor::tr("Values"),
                               ToolEditor::tr("Default")});
    horizontalHeader()->setSectionResizeMode(DescriptionColumn, QHeaderView::Stretch);
    for (int c : {OptionalColumn, SensitiveColumn})
        horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    setColumnWidth(NameColumn, 110);
    setColumnWidth(TypeColumn, 95);
    setColumnWidth(ValuesColumn, 110);
    setColumnWidth(DefaultColumn, 110);
    verticalHeader()->hide();
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(m_editable ? QAbstractItemView::AllEditTriggers : QAbstractItemView::NoEditTriggers);
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling)
            return;
        if (item->column() == ValuesColumn) // the default's choices follow the values
            rebuildDefaultEditor(item->row(), QJsonValue::Undefined);
        Q_EMIT edited();
    });
}

void InputsTable::userEdited()
{
    if (!m_filling)
        Q_EMIT edited();
}

void InputsTable::showInputs(const QList<InputSpec> &inputs)
{
    m_filling = true;
    const int shownRows = rowCount();
    setRowCount(int(inputs.size()));
    for (int r = 0; r < inputs.size(); ++r) {
        if (r >= shownRows || !shows(r, inputs[r]))
            fillRow(r, inputs[r]);
    }
    m_filling = false;
}

bool InputsTable::shows(int row, const InputSpec &spec) const
{
    const InputSpec shown = inputAt(row, spec);
    const QTableWidgetItem *values = item(row, ValuesColumn);
    return shown.name == spec.name && shown.type == spec.type && shown.description == spec.description
        && shown.optional == spec.optional && shown.sensitive == spec.sensitive && shown.values == spec.values
        && shown.defaultValue == spec.defaultValue && values && values->text() == spec.values.join(QStringLiteral(", "));
}

void InputsTable::fillRow(int row, const InputSpec &spec)
{
    auto text = [&](int column, const QString &value) {
        auto *item = new QTableWidgetItem(value);
        setItem(row, column, item);
    };
    auto check = [&](int column, bool on) {
        auto *item = new QTableWidgetItem;
        item->setFlags((item->flags() | Qt::ItemIsUserCheckable) & ~Qt::ItemIsEditable);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        setItem(row, column, item);
    };
    text(NameColumn, spec.name);
    text(DescriptionColumn, spec.description);
    check(OptionalColumn, spec.optional);
    check(SensitiveColumn, spec.sensitive);
    text(ValuesColumn, spec.values.join(QStringLiteral(", ")));
    auto *type = new QComboBox(this);
    type->setAccessibleName(ToolEditor::tr("Type of %1").arg(spec.name));
    type->addItems(kTypes);
    type->setCurrentIndex(int(spec.type));
    type->setEnabled(m_editable);
    connect(type, &QComboBox::currentIndexChanged, this, [this, type] {
        for (int r = 0; r < rowCount(); ++r)
            if (cellWidget(r, TypeColumn) == type)
                rebuildDefaultEditor(r, QJsonValue::Undefined);
        userEdited();
    });
    setCellWidget(row, TypeColumn, type);
    rebuildDefaultEditor(row, spec.defaultValue);
}

// A default editor that fits the type: a number field, a tri-state check box (partly checked
// = no default), a choice among the values, or a line edit; empty means "no default".
void InputsTable::rebuildDefaultEditor(int row, const QJsonValue &value)
{
    const auto *type = qobject_cast<QComboBox *>(cellWidget(row, TypeColumn));
    const InputType t = type ? InputType(type->currentIndex()) : InputType::String;
    QWidget *editor = nullptr;
    switch (t) {
    case InputType::Boolean: {
        auto *box = new QCheckBox(ToolEditor::tr("default"), this);
        box->setTristate(true);
        box->setCheckState(value.isBool() ? (value.toBool() ? Qt::Checked : Qt::Unchecked) : Qt::PartiallyChecked);
        connect(box, &QCheckBox::stateChanged, this, &InputsTable::userEdited);
        editor = box;
        break;
    }
    case InputType::Enum: {
        auto *combo = new QComboBox(this);
        combo->addItem(ToolEditor::tr("(no default)"), QString());
        const QTableWidgetItem *values = item(row, ValuesColumn);
        for (const QString &v : splitValues(values ? values->text() : QString()))
            combo->addItem(v, v);
        const int at = value.isString() ? combo->findData(value.toString()) : 0;
        combo->setCurrentIndex(std::max(at, 0));
        connect(combo, &QComboBox::currentIndexChanged, this, &InputsTable::userEdited);
        editor = combo;
        break;
    }
    case InputType::Number:
    case InputType::String: {
        auto *line = new QLineEdit(this);
        line->setPlaceholderText(ToolEditor::tr("no default"));
        if (t == InputType::Number) {
            line->setValidator(new QDoubleValidator(line));
            line->setText(value.isDouble() ? engine::compactJsonText(value) : QString());
        } else {
            line->setText(value.isString() ? value.toString() : QString());
        }
        connect(line, &QLineEdit::textEdited, this, &InputsTable::userEdited);
        editor = line;
        break;
    }
    }
    editor->setAccessibleName(ToolEditor::tr("Default"));
    editor->setEnabled(m_editable);
    setCellWidget(row, DefaultColumn, editor);
}

InputSpec InputsTable::inputAt(int r, const std::optional<InputSpec> &old) const
{
    InputSpec in = old.value_or(InputSpec{});
    in.name = item(r, NameColumn) ? item(r, NameColumn)->text().trimmed() : QString();
    const auto *type = qobject_cast<QComboBox *>(cellWidget(r, TypeColumn));
    in.type = type ? InputType(type->currentIndex()) : InputType::String;
    in.description = item(r, DescriptionColumn) ? item(r, DescriptionColumn)->text() : QString();
    in.optional = item(r, OptionalColumn) && item(r, OptionalColumn)->checkState() == Qt::Checked;
    in.sensitive = item(r, SensitiveColumn) && item(r, SensitiveColumn)->checkState() == Qt::Checked;
    const QString values = item(r, ValuesColumn) ? item(r, ValuesColumn)->text() : QString();
    in.values = splitValues(values);
    in.hasValues = in.hasValues || !in.values.isEmpty() || in.type == InputType::Enum;
    if (in.values.isEmpty() && in.type != InputType::Enum && !(old && old->hasValues))
        in.hasValues = false;
    QWidget *def = cellWidget(r, DefaultColumn);
    in.defaultValue = QJsonValue::Undefined;
    if (auto *box = qobject_cast<QCheckBox *>(def); box && box->checkState() != Qt::PartiallyChecked)
        in.defaultValue = box->checkState() == Qt::Checked;
    else if (auto *combo = qobject_cast<QComboBox *>(def); combo && !combo->currentData().toString().isEmpty())
        in.defaultValue = combo->currentData().toString();
    else if (auto *line = qobject_cast<QLineEdit *>(def); line && !line->text().isEmpty())
        in.defaultValue = in.type == InputType::Number ? QJsonValue(line->text().toDouble()) : QJsonValue(line->text());
    return in;
}

} // namespace tw::ui
