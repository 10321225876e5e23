// engine/remote/remotetooledit over the real `toolwright serve --stdio` (through the stand-in
// ssh of fixture.h): a server's tool read into a detached session and saved back with the
// precondition, a conflict when the server's file changed, an entry file written, a directory
// that does not load refused, and a connection that ends before the reply.

#include "fixture.h"

#include "remote/remoteconnection.h"
#include "remote/remotetooledit.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tw;
using namespace tw::engine;

class TestRemoteToolEdit : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_data;

    std::unique_ptr<RemoteConnection> connect(const QString &command = QString(TW_BINARY + QStringLiteral(" serve --stdio")))
    {
        SshSettings ssh;
        ssh.program = test::fakeSsh(m_tmp.path());
        ssh.remoteCommand = command;
        auto c = std::make_unique<RemoteConnection>(RemoteTarget{{}, QStringLiteral("fake"), 0, m_data}, ssh);
        QString error;
        if (!c->waitForReady(&error))
            qWarning("%s", qPrintable(error));
        return c;
    }

    std::optional<ToolEditSession> read(RemoteConnection &c, const QString &dir, QString *error)
    {
        std::optional<ToolEditSession> out;
        bool done = false;
        readToolForEditing(&c, dir, [&](std::optional<ToolEditSession> s, const QString &e) {
            out = std::move(s);
            *error = e;
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, 10000))
            *error = QStringLiteral("no reply");
        return out;
    }

    ToolEditSession::SaveResult save(RemoteConnection &c, ToolEditSession &s, RemoteSaveSent *sent = nullptr)
    {
        ToolEditSession::SaveResult out{ToolEditSession::SaveStatus::WriteFailed, {}};
        bool done = false;
        saveToolOnServer(&c, s, [&](const ToolEditSession::SaveResult &r, const RemoteSaveSent &what) {
            out = r;
            if (sent)
                *sent = what;
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, 10000))
            out.diagnostic.message = QStringLiteral("no reply");
        return out;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_data = m_tmp.filePath(QStringLiteral("data"));
        test::makeTool(m_data + QStringLiteral("/tools"), QStringLiteral("greet"), test::toolMd("greet", 2), test::kGoodEntry);
        test::writeFile(m_data + QStringLiteral("/tools/broken/TOOL.md"), "no frontmatter\n");
    }

    void readsEditsAndSaves()
    {
        const QString dir = m_data + QStringLiteral("/tools/greet");
        std::unique_ptr<RemoteConnection> c = connect();
        QString error;
        std::optional<ToolEditSession> s = read(*c, dir, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->isDetached());
        QCOMPARE(s->savedToolMd(), test::readFile(dir + QStringLiteral("/TOOL.md")));
        QCOMPARE(s->entrySource(), test::kGoodEntry);
        QCOMPARE(s->diskVersion(), 2);

        QCOMPARE(save(*c, *s).status, ToolEditSession::SaveStatus::NothingToSave);
        s->document().setValue({QStringLiteral("description")}, QStringLiteral("Saved over ssh."));
        s->setEntrySource("export async function execute() { return { content: [] }; }\n");
        QCOMPARE(s->checkVersion({true, false}).status, ToolEditSession::SaveStatus::Saved);
        RemoteSaveSent sent;
        const ToolEditSession::SaveResult r = save(*c, *s, &sent);
        QCOMPARE(r.status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(test::readFile(dir + QStringLiteral("/TOOL.md")), sent.toolMd);
        QCOMPARE(test::readFile(dir + QStringLiteral("/index.ts")), sent.entry);
        s->markSaved(sent.toolMd, sent.entry);
        QVERIFY(!s->isModified());
        QCOMPARE(s->diskVersion(), 3);

        // Changed on the server since: a conflict, and nothing written.
        test::writeFile(dir + QStringLiteral("/TOOL.md"), test::toolMd("greet", 9));
        s->document().setValue({QStringLiteral("description")}, QStringLiteral("Not over theirs."));
        s->bumpVersion();
        const ToolEditSession::SaveResult conflict = save(*c, *s);
        QCOMPARE(conflict.status, ToolEditSession::SaveStatus::Conflict);
        QCOMPARE(conflict.diagnostic.code, QStringLiteral("changed-on-disk"));
        QVERIFY(conflict.diagnostic.message.contains(u"changed on the server"));
        QCOMPARE(test::readFile(dir + QStringLiteral("/TOOL.md")), test::toolMd("greet", 9));
        // With the server's state as the precondition (what "Overwrite" does), the server's
        // version rule: not above 9 is refused by it too.
        s->setDiskState(test::toolMd("greet", 9), test::readFile(dir + QStringLiteral("/index.ts")));
        QCOMPARE(s->nextVersion(), 10);
        s->document().setValue({QStringLiteral("version")}, 10);
        QCOMPARE(save(*c, *s).status, ToolEditSession::SaveStatus::Saved);
        QVERIFY(test::readFile(dir + QStringLiteral("/TOOL.md")).contains("Not over theirs."));
    }

    void aDirectoryThatDoesNotLoadIsNotOpened()
    {
        std::unique_ptr<RemoteConnection> c = connect();
        QString error;
        QVERIFY(!read(*c, m_data + QStringLiteral("/tools/broken"), &error));
        QVERIFY2(error.contains(u"does not load"), qPrintable(error));
        QVERIFY(!read(*c, m_data + QStringLiteral("/tools/none"), &error));
        QVERIFY(!error.isEmpty());
    }

    // The connection ends before the reply: what the server did is unknown, and said so.
    void aLostReplyIsNotASaidFailure()
    {
        const QString server = m_tmp.filePath(QStringLiteral("dies-on-save.sh"));
        // Replies pass through until the save's (id 3: after initialize and tool.read), which
        // ends the connection instead of arriving.
        test::writeFile(server, "d=$(mktemp -d); mkfifo \"$d/out\"; exec 3<&0\n" + TW_BINARY.toUtf8() +
                                " serve --stdio \"$@\" <&3 >\"$d/out\" 2>/dev/null & pid=$!\n"
                                "while IFS= read -r line; do case \"$line\" in '{\"id\":3,'*) kill $pid; rm -r \"$d\"; exit 0;; esac;"
                                " printf '%s\\n' \"$line\"; done < \"$d/out\"\n");
        std::unique_ptr<RemoteConnection> c = connect(QStringLiteral("sh ") + server);
        QString error;
        std::optional<ToolEditSession> s = read(*c, m_data + QStringLiteral("/tools/greet"), &error);
        QVERIFY2(s, qPrintable(error));
        s->document().setValue({QStringLiteral("label")}, QStringLiteral("Lost"));
        s->bumpVersion();
        const ToolEditSession::SaveResult r = save(*c, *s);
        QCOMPARE(r.status, ToolEditSession::SaveStatus::WriteFailed);
        QCOMPARE(r.diagnostic.code, QStringLiteral("connection-lost"));
    }
};

QTEST_GUILESS_MAIN(TestRemoteToolEdit)
#include "tst_remotetooledit.moc"
