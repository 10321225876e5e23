#include "running/runsettingsbox.h"

#include "run/runsettings.h"
#include "run/runtime.h"
#include "running/runview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

namespace tw::ui {

RunSettingsBox::RunSettingsBox(QWidget *parent) : QGroupBox(RunView::tr("Run settings for this tool"), parent)
{
    auto *sf = new QFormLayout(this);
    m_runtime = new QComboBox(this);
    m_runtime->addItems(engine::runtimeChoices());
    m_runtime->setToolTip(RunView::tr("auto tries podman, docker, then bubblewrap (the default is set in Settings → Runtime)"));
    sf->addRow(RunView::tr("Runtime:"), m_runtime);
    m_network = new QCheckBox(RunView::tr("Allow network access"), this);
    sf->addRow(QString(), m_network);
    m_timeout = new QSpinBox(this);
    m_timeout->setRange(1, 24 * 3600);
    m_timeout->setSuffix(RunView::tr(" s"));
    sf->addRow(RunView::tr("Timeout:"), m_timeout);
    m_updateResets = new QCheckBox(RunView::tr("Each progress update restarts the timeout"), this);
    sf->addRow(QString(), m_updateResets);
    m_hardLimit = new QSpinBox(this);
    m_hardLimit->setRange(1, 7 * 24 * 3600);
    m_hardLimit->setSuffix(RunView::tr(" s"));
    m_hardLimit->setToolTip(RunView::tr("The longest a run may take, however often it reports progress"));
    sf->addRow(RunView::tr("Hard limit:"), m_hardLimit);
    m_memory = new QSpinBox(this);
    m_memory->setRange(64, 64 * 1024);
    m_memory->setSingleStep(64);
    m_memory->setSuffix(RunView::tr(" MB"));
    sf->addRow(RunView::tr("Memory:"), m_memory);
    for (QCheckBox *b : {m_network, m_updateResets})
        connect(b, &QCheckBox::toggled, this, &RunSettingsBox::save);
    for (QSpinBox *b : {m_timeout, m_hardLimit, m_memory})
        connect(b, &QSpinBox::valueChanged, this, &RunSettingsBox::save);
}

void RunSettingsBox::load(const QString &user, const QString &tool)
{
    m_loading = true;
    m_user = user;
    m_tool = tool;
    const engine::ToolRunSettings s = engine::ToolRunSettings::load(user, tool);
    m_network->setChecked(s.network);
    m_timeout->setValue(s.timeoutSec);
    m_updateResets->setChecked(s.updateResetsTimeout);
    m_hardLimit->setValue(s.hardLimitSec);
    m_memory->setValue(s.memoryMb);
    m_runtime->setCurrentText(engine::RuntimeConfig::load().preferred);
    m_loading = false;
}

void RunSettingsBox::save()
{
    if (m_loading || m_tool.isEmpty())
        return;
    engine::ToolRunSettings s;
    s.network = m_network->isChecked();
    s.timeoutSec = m_timeout->value();
    s.updateResetsTimeout = m_updateResets->isChecked();
    s.hardLimitSec = std::max(m_hardLimit->value(), m_timeout->value());
    s.memoryMb = m_memory->value();
    s.save(m_user, m_tool);
}

QString RunSettingsBox::runtimeChoice() const
{
    return m_runtime->currentText();
}

} // namespace tw::ui
