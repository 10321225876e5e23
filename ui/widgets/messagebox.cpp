#include "widgets/messagebox.h"

#include <QList>
#include <QMessageBox>
#include <QPushButton>

namespace tw::ui {
namespace {

QList<int> &queued()
{
    static QList<int> answers;
    return answers;
}

QString &lastText()
{
    static QString text;
    return text;
}

MessageBox::Icon &lastShownIcon()
{
    static MessageBox::Icon icon = MessageBox::Question;
    return icon;
}

} // namespace

int MessageBox::ask(QWidget *parent, const QString &title, const QString &text, const QStringList &buttons, Icon icon)
{
    lastText() = text;
    lastShownIcon() = icon;
    if (!queued().isEmpty())
        return queued().takeFirst();
    // Under test nothing may wait for a click: say what was asked and take the escape answer.
    if (qEnvironmentVariableIsSet("TOOLWRIGHT_NO_DIALOGS")) {
        qWarning("unanswered question \"%s\": %s", qPrintable(title), qPrintable(text));
        return int(buttons.size()) - 1;
    }
    const QMessageBox::Icon shown = icon == Warning ? QMessageBox::Warning
        : icon == Information                      ? QMessageBox::Information
                                                   : QMessageBox::Question;
    QMessageBox box(shown, title, text, QMessageBox::NoButton, parent);
    QList<QPushButton *> pushButtons;
    for (const QString &label : buttons)
        pushButtons.append(box.addButton(label, QMessageBox::ActionRole));
    if (!pushButtons.isEmpty()) {
        box.setDefaultButton(pushButtons.first());
        box.setEscapeButton(pushButtons.last());
    }
    box.exec();
    return int(pushButtons.indexOf(qobject_cast<QPushButton *>(box.clickedButton())));
}

void MessageBox::setNextAnswer(int answer)
{
    queued().append(answer);
}

int MessageBox::pendingAnswers()
{
    return int(queued().size());
}

QString MessageBox::lastQuestion()
{
    return lastText();
}

MessageBox::Icon MessageBox::lastIcon()
{
    return lastShownIcon();
}

} // namespace tw::ui
