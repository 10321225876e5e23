#include "running/runpresetbar.h"

#include "run/runpresets.h"
#include "running/runform.h"
#include "running/runview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace tw::ui {

RunPresetBar::RunPresetBar(RunForm *form, QWidget *parent) : QWidget(parent), m_form(form)
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(RunView::tr("Preset:"), this));
    m_presets = new QComboBox(this);
    m_presets->setEditable(true);
    m_presets->setInsertPolicy(QComboBox::NoInsert);
    m_presets->setToolTip(RunView::tr("Type a name and Save to keep the current inputs (never secrets); pick one to load it"));
    m_presets->setAccessibleName(RunView::tr("Preset"));
    m_presets->lineEdit()->setPlaceholderText(RunView::tr("name"));
    row->addWidget(m_presets, 1);
    m_save = new QPushButton(RunView::tr("Save"), this);
    m_delete = new QPushButton(RunView::tr("Delete"), this);
    m_save->setAccessibleName(RunView::tr("Save preset"));
    m_delete->setAccessibleName(RunView::tr("Delete preset"));
    row->addWidget(m_save);
    row->addWidget(m_delete);
    connect(m_presets, &QComboBox::activated, this, [this](int i) { load(m_presets->itemText(i)); });
    connect(m_save, &QPushButton::clicked, this, [this] { save(m_presets->currentText().trimmed()); });
    connect(m_delete, &QPushButton::clicked, this, [this] { remove(m_presets->currentText().trimmed()); });
}

QList<QWidget *> RunPresetBar::controls() const
{
    return {m_presets, m_save, m_delete};
}

void RunPresetBar::setTool(const QString &user, const engine::ToolManifest &tool)
{
    m_user = user;
    m_tool = tool;
    m_hasTool = true;
    refill(QString());
}

void RunPresetBar::refill(const QString &current)
{
    m_presets->clear();
    m_presets->addItems(names());
    if (current.isEmpty()) {
        m_presets->setCurrentIndex(-1);
        m_presets->clearEditText();
    } else {
        m_presets->setCurrentText(current);
    }
}

void RunPresetBar::save(const QString &name)
{
    if (!m_hasTool || name.isEmpty()) {
        Q_EMIT said(RunView::tr("Type a name for the preset first."), model::Tone::Error);
        return;
    }
    engine::RunPresets(m_user, m_tool).save(name, m_form->params());
    refill(name);
    Q_EMIT said(RunView::tr("Preset “%1” saved (sensitive inputs are never kept in presets).").arg(name), model::Tone::Success);
}

bool RunPresetBar::load(const QString &name)
{
    if (!m_hasTool)
        return false;
    const engine::RunPresets presets(m_user, m_tool);
    if (!presets.contains(name))
        return false;
    m_form->setValues(presets.load(name));
    Q_EMIT said(RunView::tr("Preset “%1” loaded.").arg(name), model::Tone::Success);
    return true;
}

void RunPresetBar::remove(const QString &name)
{
    if (!m_hasTool)
        return;
    engine::RunPresets presets(m_user, m_tool);
    if (!presets.contains(name)) {
        Q_EMIT said(RunView::tr("There is no preset “%1”.").arg(name), model::Tone::Error);
        return;
    }
    presets.remove(name);
    refill(QString());
    Q_EMIT said(RunView::tr("Preset “%1” deleted.").arg(name), model::Tone::Success);
}

QStringList RunPresetBar::names() const
{
    return m_hasTool ? engine::RunPresets(m_user, m_tool).names() : QStringList();
}

} // namespace tw::ui
