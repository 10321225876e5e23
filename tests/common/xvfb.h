#pragma once
// A real X server for the tests that need one: ssh's questions in Toolwright's askpass dialog,
// a separate process, found and answered with xdotool as a person would. Debian's Xvfb on a
// display number it picks itself (-displayfd), ended with the object; xvfb and xdotool are test
// dependencies (packaging/debian-packages.txt), so a missing one fails the suite.

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QThread>

namespace tw::test {

class Xvfb
{
public:
    Xvfb() = default;
    Xvfb(const Xvfb &) = delete;
    Xvfb &operator=(const Xvfb &) = delete;
    ~Xvfb() { stop(); }

    // The server, answering; false with `error` when it does not come up.
    bool start(QString *error)
    {
        m_process.start(QStringLiteral("Xvfb"), {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"),
                                                 QStringLiteral("0"), QStringLiteral("1280x800x24"), QStringLiteral("-nolisten"),
                                                 QStringLiteral("tcp")});
        if (!m_process.waitForStarted(10000)) {
            *error = QStringLiteral("Xvfb (Debian xvfb) did not start: %1").arg(m_process.errorString());
            return false;
        }
        // It writes the display's number on the descriptor once it listens there.
        QByteArray number;
        QElapsedTimer t;
        t.start();
        while (!number.contains('\n') && t.elapsed() < 20000 && m_process.state() == QProcess::Running) {
            m_process.waitForReadyRead(200);
            number += m_process.readAllStandardOutput();
        }
        if (!number.contains('\n')) {
            *error = QStringLiteral("Xvfb gave no display: %1").arg(QString::fromLocal8Bit(m_process.readAllStandardError()));
            return false;
        }
        m_display = u':' + QString::fromLatin1(number.trimmed());
        while (t.elapsed() < 20000) {
            if (!xdotool({QStringLiteral("getdisplaygeometry")}).isEmpty())
                return true;
            QThread::msleep(100);
        }
        *error = QStringLiteral("xdotool (Debian xdotool) cannot reach Xvfb on %1").arg(m_display);
        return false;
    }

    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(2000);
        }
    }

    QString display() const { return m_display; } // ":N"

    // xdotool's output on this display, empty when it failed (a search that found nothing).
    QByteArray xdotool(const QStringList &args) const
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DISPLAY"), m_display);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("xdotool"), args);
        if (!p.waitForFinished(10000))
            p.kill();
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0 ? p.readAllStandardOutput().trimmed() : QByteArray();
    }

    // The first shown window whose title contains `title`; empty when there is none.
    QByteArray findWindow(const QString &title) const
    {
        return xdotool({QStringLiteral("search"), QStringLiteral("--onlyvisible"), QStringLiteral("--name"), title})
            .split('\n')
            .first();
    }

    // Focuses `window` and types `keys` there (xdotool's names: "alt+c", "Return", "Escape").
    void press(const QByteArray &window, const QString &keys) const
    {
        xdotool({QStringLiteral("windowfocus"), QStringLiteral("--sync"), QString::fromLatin1(window)});
        xdotool({QStringLiteral("key"), keys});
    }

private:
    QProcess m_process;
    QString m_display;
};

} // namespace tw::test
