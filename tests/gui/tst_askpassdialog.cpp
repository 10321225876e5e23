// Toolwright's dialog for ssh's prompts (widgets/askpassdialog.h), offscreen: a passphrase is
// typed into a hidden field and given back; an unknown host key is shown with its fingerprint
// and trusted only by a click on Connect (Enter alone refuses); a notice has nothing to answer.
// The askpass program's end to end (ssh running the built binary as SSH_ASKPASS) is in
// tst_remotecli.

#include "widgets/askpassdialog.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using tw::ui::AskpassDialog;

namespace {

const QString kHostKeyPrompt = QStringLiteral(
    "The authenticity of host '[127.0.0.1]:2222 ([127.0.0.1]:2222)' can't be established.\n"
    "ED25519 key fingerprint is SHA256:U4nZfcus424wQ7u/AXfcAkLjhM892+F2YNUYEh4F85E.\n"
    "This key is not known by any other names.\n"
    "Are you sure you want to continue connecting (yes/no/[fingerprint])? ");

// Runs `act` on the dialog once it is shown, then returns what exec() gave.
int execWith(AskpassDialog &dialog, const std::function<void(AskpassDialog &)> &act)
{
    QTimer::singleShot(0, &dialog, [&] { act(dialog); });
    return dialog.exec();
}

} // namespace

class TestAskpassDialog : public QObject
{
    Q_OBJECT

private slots:
    void aPassphraseIsTypedHidden()
    {
        AskpassDialog dialog(QStringLiteral("Enter passphrase for key '/home/ada/.ssh/id_ed25519': "), QString());
        QCOMPARE(dialog.kind(), AskpassDialog::Kind::Secret);
        auto *input = dialog.findChild<QLineEdit *>(QStringLiteral("askpassInput"));
        QVERIFY(input);
        QCOMPARE(input->echoMode(), QLineEdit::Password);
        const int result = execWith(dialog, [input](AskpassDialog &) {
            QTest::keyClicks(input, QStringLiteral("correct horse"));
            QTest::keyClick(input, Qt::Key_Return); // Enter gives it
        });
        QCOMPARE(result, int(QDialog::Accepted));
        QCOMPARE(dialog.answer(), QStringLiteral("correct horse"));
    }

    void anUnknownHostKeyNeedsAClickOnConnect()
    {
        AskpassDialog refused(kHostKeyPrompt, QStringLiteral("confirm"));
        QCOMPARE(refused.kind(), AskpassDialog::Kind::Question);
        QVERIFY(refused.findChild<QLabel *>(QStringLiteral("askpassPrompt"))->text().contains(u"SHA256:U4nZfcus424wQ7u"));
        QCOMPARE(execWith(refused, [](AskpassDialog &d) { QTest::keyClick(&d, Qt::Key_Return); }), int(QDialog::Rejected));

        AskpassDialog accepted(kHostKeyPrompt, QString()); // "(yes/no" makes it a question too
        QCOMPARE(accepted.kind(), AskpassDialog::Kind::Question);
        QCOMPARE(execWith(accepted, [](AskpassDialog &d) {
                     QTest::mouseClick(d.findChild<QPushButton *>(QStringLiteral("askpassAccept")), Qt::LeftButton);
                 }),
                 int(QDialog::Accepted));
        QCOMPARE(accepted.answer(), QStringLiteral("yes"));
    }

    void aNoticeHasNothingToAnswer()
    {
        AskpassDialog dialog(QStringLiteral("Confirm user presence for key ED25519-SK SHA256:abc"), QStringLiteral("none"));
        QCOMPARE(dialog.kind(), AskpassDialog::Kind::Notice);
        QVERIFY(!dialog.findChild<QLineEdit *>());
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("askpassCancel")));
        QCOMPARE(dialog.answer(), QString());
    }
};

QTEST_MAIN(TestAskpassDialog)
#include "tst_askpassdialog.moc"
