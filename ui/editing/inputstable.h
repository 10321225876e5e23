#pragma once
// A tool's inputs as a table for the tool editor: one row per input with its name, a type
// choice, description, flags, values and a default editor that fits the type; read back as
// InputSpecs. A refresh refills only the rows that show something else, so typing elsewhere
// does not rebuild 40 rows of widgets. Its strings are the editor's (ToolEditor's translation
// context), where they were written first.

#include "toolmd/toolmanifest.h"

#include <QTableWidget>

#include <optional>

namespace tw::ui {

class InputsTable final : public QTableWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, TypeColumn, DescriptionColumn, OptionalColumn, SensitiveColumn, ValuesColumn,
                  DefaultColumn, ColumnCount };

    InputsTable(bool editable, QWidget *parent = nullptr);

    // Shows `inputs`, refilling only the rows that differ from them.
    void showInputs(const QList<engine::InputSpec> &inputs);
    // One row as an input; what the table does not show (line, declared type) comes from `old`.
    engine::InputSpec inputAt(int row, const std::optional<engine::InputSpec> &old) const;

Q_SIGNALS:
    void edited(); // the user changed a cell, a type, a flag or a default

private:
    void fillRow(int row, const engine::InputSpec &spec);
    void rebuildDefaultEditor(int row, const QJsonValue &value);
    bool shows(int row, const engine::InputSpec &spec) const;
    void userEdited();

    bool m_editable = true;
    bool m_filling = false;
};

} // namespace tw::ui
