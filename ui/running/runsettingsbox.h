#pragma once
// The Run view's "Run settings for this tool" box: the runtime to use and the tool's run settings
// (network, timeout, progress resets, hard limit, memory), loaded for one user's tool and saved
// back as they change (engine/run/runsettings.h). Its strings keep RunView's translation context.

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace tw::ui {

class RunSettingsBox final : public QGroupBox
{
    Q_OBJECT
public:
    explicit RunSettingsBox(QWidget *parent = nullptr);

    // Shows `tool`'s settings for `user`; later changes are saved for them. The runtime is the
    // one Settings → Runtime prefers.
    void load(const QString &user, const QString &tool);
    // Writes the shown settings for the loaded tool (also done on every change).
    void save();
    QString runtimeChoice() const; // auto, bwrap, podman, docker

    QComboBox *runtimeCombo() const { return m_runtime; }
    QCheckBox *networkBox() const { return m_network; }
    QSpinBox *timeoutBox() const { return m_timeout; }
    QCheckBox *updateResetsBox() const { return m_updateResets; }
    QSpinBox *hardLimitBox() const { return m_hardLimit; }
    QSpinBox *memoryBox() const { return m_memory; }

private:
    QString m_user;
    QString m_tool;
    bool m_loading = false;
    QComboBox *m_runtime = nullptr;
    QCheckBox *m_network = nullptr;
    QSpinBox *m_timeout = nullptr;
    QCheckBox *m_updateResets = nullptr;
    QSpinBox *m_hardLimit = nullptr;
    QSpinBox *m_memory = nullptr;
};

} // namespace tw::ui
