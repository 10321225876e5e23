// engine::RemoteSession without a network (the stand-in ssh of fixture.h runs the real
// `toolwright serve --stdio`): the round trip, a server that ends or stops answering and the
// reconnect that follows, a first connect that fails and is not retried, and close().

#include "fixture.h"

#include "remote/remotesession.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

using namespace tw;
using namespace tw::engine;

class TestRemoteSession : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    // A server whose shell's pid (then the server's, by exec) is in `pidFile`.
    SshSettings settings(const QString &pidFile)
    {
        SshSettings s;
        s.program = test::fakeSsh(m_tmp.path());
        s.remoteCommand = QStringLiteral("echo $$ > '%1'; exec %2 serve --stdio").arg(pidFile, TW_BINARY);
        return s;
    }

    static qint64 pidIn(const QString &file) { return test::readFile(file).trimmed().toLongLong(); }

    RemoteTarget target() { return RemoteTarget{{}, QStringLiteral("fake"), 0, m_tmp.filePath(QStringLiteral("data"))}; }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        test::makeTool(m_tmp.filePath(QStringLiteral("data/tools")), QStringLiteral("greet"), test::toolMd("greet"));
    }

    void measuresTheRoundTrip()
    {
        RemoteSession s(target(), settings(m_tmp.filePath(QStringLiteral("rtt.pid"))));
        QSignalSpy connected(&s, &RemoteSession::connected);
        QSignalSpy rtt(&s, &RemoteSession::roundTripMeasured);
        s.setHeartbeat(100, 5000);
        s.open();
        QCOMPARE(s.state(), RemoteSession::State::Connecting);
        QVERIFY(connected.wait(10000));
        QCOMPARE(s.state(), RemoteSession::State::Connected);
        QVERIFY(s.connection());
        QTRY_VERIFY_WITH_TIMEOUT(rtt.size() >= 3, 5000); // the first at once, then each heartbeat
        QVERIFY(s.roundTripMs() >= 0 && s.roundTripMs() < 2000);
        s.close();
        QCOMPARE(s.state(), RemoteSession::State::Disconnected);
        QVERIFY(!s.connection());
    }

    // The server's end (a crash, a reboot, sshd killed): lost, then connected again by itself.
    void reconnectsWhenTheServerEnds()
    {
        const QString pidFile = m_tmp.filePath(QStringLiteral("ends.pid"));
        RemoteSession s(target(), settings(pidFile));
        s.setBackoff({50}, 5);
        QSignalSpy connected(&s, &RemoteSession::connected);
        QSignalSpy lost(&s, &RemoteSession::connectionLost);
        s.open();
        QVERIFY(connected.wait(10000));
        const qint64 first = pidIn(pidFile);
        QVERIFY(first > 0);
        ::kill(pid_t(first), SIGKILL);
        QVERIFY(lost.wait(5000));
        QVERIFY2(lost.first().first().toString().contains(u"lost"), qPrintable(lost.first().first().toString()));
        QVERIFY(s.state() == RemoteSession::State::Waiting || s.state() == RemoteSession::State::Connecting);
        QVERIFY(s.state() != RemoteSession::State::Waiting || s.retryScheduled()); // waiting for its next attempt
        QVERIFY(!s.connection()); // nothing is sent into a dead connection
        QTRY_COMPARE_WITH_TIMEOUT(connected.size(), 2, 10000);
        QCOMPARE(s.state(), RemoteSession::State::Connected);
        QVERIFY(pidIn(pidFile) != first);
        QCOMPARE(s.attempts(), 0);
    }

    // A link that goes quiet (a laptop's suspend, a dead route): ssh would wait 45 s; the heartbeat
    // ends it after its timeout and the session connects anew.
    void aServerThatStopsAnsweringIsDropped()
    {
        const QString pidFile = m_tmp.filePath(QStringLiteral("quiet.pid"));
        RemoteSession s(target(), settings(pidFile));
        s.setHeartbeat(100, 600);
        s.setBackoff({50}, 5);
        QSignalSpy connected(&s, &RemoteSession::connected);
        QSignalSpy lost(&s, &RemoteSession::connectionLost);
        s.open();
        QVERIFY(connected.wait(10000));
        const qint64 stopped = pidIn(pidFile);
        ::kill(pid_t(stopped), SIGSTOP);
        QVERIFY(lost.wait(5000));
        QVERIFY2(lost.first().first().toString().contains(u"stopped answering"), qPrintable(lost.first().first().toString()));
        QTRY_COMPARE_WITH_TIMEOUT(connected.size(), 2, 10000);
        ::kill(pid_t(stopped), SIGKILL);
    }

    // A refused login or a missing toolwright does not pass by waiting: said once, not retried.
    void aFirstConnectThatFailsIsNotRetried()
    {
        SshSettings bad;
        bad.program = test::fakeSsh(m_tmp.path());
        bad.remoteCommand = QStringLiteral("echo 'sh: 1: toolwright: not found' >&2; exit 127");
        RemoteSession s(target(), bad);
        s.setBackoff({20}, 5);
        QSignalSpy failed(&s, &RemoteSession::connectFailed);
        QSignalSpy states(&s, &RemoteSession::stateChanged);
        s.open();
        QVERIFY(failed.wait(10000));
        QCOMPARE(s.state(), RemoteSession::State::Disconnected);
        QVERIFY2(s.lastError().contains(u"toolwright"), qPrintable(s.lastError()));
        QVERIFY(!s.retryScheduled()); // nothing will try again by itself
        QCOMPARE(failed.size(), 1);
        QCOMPARE(s.state(), RemoteSession::State::Disconnected);
        // Reconnect tries once more, on request.
        s.reconnect();
        QCOMPARE(s.state(), RemoteSession::State::Connecting);
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.size(), 2);
    }

    // After a loss, attempts back off and stop at the limit.
    void givesUpAfterTheLastAttempt()
    {
        const QString pidFile = m_tmp.filePath(QStringLiteral("gone.pid"));
        const QString flag = m_tmp.filePath(QStringLiteral("server-down"));
        SshSettings s1 = settings(pidFile);
        s1.remoteCommand = QStringLiteral("test -e '%1' && exit 255; ").arg(flag) + s1.remoteCommand;
        RemoteSession s(target(), s1);
        s.setBackoff({20, 40}, 3);
        QSignalSpy connected(&s, &RemoteSession::connected);
        QSignalSpy failed(&s, &RemoteSession::connectFailed);
        s.open();
        QVERIFY(connected.wait(10000));
        test::writeFile(flag, "");
        ::kill(pid_t(pidIn(pidFile)), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(s.state(), RemoteSession::State::Disconnected, 10000);
        QCOMPARE(failed.size(), 3);
        QCOMPARE(connected.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRemoteSession)
#include "tst_remotesession.moc"
