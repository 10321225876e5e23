#pragma once
// The Run view's preset row: a named set of a tool's inputs (never its secrets) saved, loaded
// into the form and deleted (engine/run/runpresets.h). Its strings keep RunView's translation
// context.

#include "tones.h"
#include "toolmd/toolmanifest.h"

#include <QWidget>

class QComboBox;
class QPushButton;

namespace tw::ui {

class RunForm;

class RunPresetBar final : public QWidget
{
    Q_OBJECT
public:
    // `form` is where presets load into and save from.
    explicit RunPresetBar(RunForm *form, QWidget *parent = nullptr);

    // The presets of `tool` for `user`; none chosen.
    void setTool(const QString &user, const engine::ToolManifest &tool);
    void save(const QString &name);
    bool load(const QString &name);
    void remove(const QString &name);
    QStringList names() const;

    QComboBox *combo() const { return m_presets; }
    QList<QWidget *> controls() const; // enabled once a tool is chosen

Q_SIGNALS:
    void said(const QString &text, tw::model::Tone tone); // for the view's message line

private:
    void refill(const QString &current);

    RunForm *m_form;
    QString m_user;
    engine::ToolManifest m_tool;
    bool m_hasTool = false;
    QComboBox *m_presets = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_delete = nullptr;
};

} // namespace tw::ui
