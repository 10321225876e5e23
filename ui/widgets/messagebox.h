#pragma once
// Questions to the user with a test seam (as KeePassXC's MessageBox::setNextAnswer): a queued
// answer is returned without showing anything, so GUI tests never wait for a click.

#include <QStringList>

class QWidget;

namespace tw::ui {

class MessageBox final
{
public:
    // The tone of a message: a question to decide, a notice, or something that went wrong.
    enum Icon { Question, Information, Warning };

    // Shows `text` with one button per entry of `buttons` (the first is the default, the last
    // the escape answer); returns the index of the button chosen.
    static int ask(QWidget *parent, const QString &title, const QString &text, const QStringList &buttons,
                   Icon icon = Question);
    // The next ask() returns `answer` at once. Answers queue up.
    static void setNextAnswer(int answer);
    static int pendingAnswers();
    // The text of the last question asked, answered from the queue or not (for tests).
    static QString lastQuestion();
    // The icon of that last message (for tests).
    static Icon lastIcon();
};

} // namespace tw::ui
