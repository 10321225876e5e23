#pragma once
// A real X server for the tests that need one: ssh's questions in Toolwright's askpass dialog,
// a separate process, found and answered with xdotool as a person would. Debian's Xvfb on a
// display number of its own (start()), ended with the object; xvfb and xdotool are test
// dependencies (packaging/debian-packages.txt), so a missing one fails the suite.

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QThread>

#include <unistd.h>

namespace tw::test {

class Xvfb
{
public:
    Xvfb() = default;
    Xvfb(const Xvfb &) = delete;
    Xvfb &operator=(const Xvfb &) = delete;
    ~Xvfb() { stop(); }

    // The server, answering; false with `error` when it does not come up. The display number is
    // named, not left to -displayfd: with -displayfd Xvfb takes no lock file, and two suites
    // starting one at once were seen to meet on one number (a dialog never reached its server,
    // a suite waited out its CTest timeout). With a named number Xvfb's lock file decides, held
    // until its sockets are gone; a number a live server holds ends that Xvfb at once and the
    // next is tried. Each process starts at a number of its own so that two rarely meet at all.
    bool start(QString *error)
    {
        static int started = 0; // a number once used is not used again by this process
        const int first = int(::getpid() % 600) + 11 * started++;
        QString last;
        for (int attempt = 0; attempt < 40; ++attempt) {
            const int number = 200 + (first + attempt * 7) % 600;
            switch (tryDisplay(number, &last)) {
            case Outcome::Up:
                return true;
            case Outcome::Taken:
                continue;
            case Outcome::Failed:
                *error = last;
                return false;
            }
        }
        *error = QStringLiteral("no free X display for Xvfb in 40 tries; the last said: %1").arg(last);
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

    // The window once it is shown, waiting up to `ms` of wall-clock time (QTRY counts its own
    // pauses only, not the time each xdotool takes, and so waited minutes for a window that
    // never came); empty when it did not come.
    QByteArray waitForWindow(const QString &title, int ms) const
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            const QByteArray window = findWindow(title);
            if (!window.isEmpty() || t.elapsed() >= ms)
                return window;
            QTest::qWait(100);
        }
    }

    // Focuses `window` and types `keys` there (xdotool's names: "alt+c", "Return", "Escape").
    void press(const QByteArray &window, const QString &keys) const
    {
        xdotool({QStringLiteral("windowfocus"), QStringLiteral("--sync"), QString::fromLatin1(window)});
        xdotool({QStringLiteral("key"), keys});
    }

private:
    enum class Outcome { Up, Taken, Failed };

    Outcome tryDisplay(int number, QString *error)
    {
        m_process.start(QStringLiteral("Xvfb"), {u':' + QString::number(number), QStringLiteral("-screen"), QStringLiteral("0"),
                                                 QStringLiteral("1280x800x24"), QStringLiteral("-nolisten"), QStringLiteral("tcp")});
        if (!m_process.waitForStarted(10000)) {
            *error = QStringLiteral("Xvfb (Debian xvfb) did not start: %1").arg(m_process.errorString());
            return Outcome::Failed;
        }
        // It answers once it listens; a number another server holds ends it at once. The
        // number's lock file names the server that holds it: an answer counts once the lock
        // names this one (before, the answer could come from the other server, ours not yet
        // ended).
        m_display = u':' + QString::number(number);
        const QString lock = QStringLiteral("/tmp/.X%1-lock").arg(number);
        const auto locked = [&] {
            QFile f(lock);
            return f.open(QIODevice::ReadOnly) && f.readAll().trimmed().toLongLong() == m_process.processId();
        };
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000 && m_process.state() == QProcess::Running) {
            if (locked() && !xdotool({QStringLiteral("getdisplaygeometry")}).isEmpty())
                return Outcome::Up;
            m_process.waitForFinished(100);
        }
        const bool ended = m_process.state() == QProcess::NotRunning;
        stop();
        const QString said = QString::fromLocal8Bit(m_process.readAllStandardError()).trimmed();
        *error = QStringLiteral("Xvfb on %1 did not answer: %2").arg(m_display, said);
        m_display.clear();
        return ended && (said.contains(u"already active") || said.contains(u"listening sockets")) ? Outcome::Taken : Outcome::Failed;
    }

    QProcess m_process;
    QString m_display;
};

} // namespace tw::test
