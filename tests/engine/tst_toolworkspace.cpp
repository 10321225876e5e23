// New tools from templates (each lints clean), name validation, Customize and Revert with
// several users.

#include "authoring/toolworkspace.h"
#include "catalog/catalog.h"
#include "catalog/locationscanner.h"
#include "catalog/overrideresolver.h"
#include "fixture.h"

#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <cstring>

#include <sys/inotify.h>
#include <unistd.h>

using namespace tw::engine;

class TestToolWorkspace final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_data;

private Q_SLOTS:
    void init()
    {
        m_data = m_tmp.path() + QStringLiteral("/data");
        tw::test::resetFixtureDataPath(m_data);
    }

    void templatesExist()
    {
        QCOMPARE(templateIds(), (QStringList{QStringLiteral("calls-a-bin-script"), QStringLiteral("minimal"),
                                             QStringLiteral("with-progress"), QStringLiteral("with-sensitive-token")}));
    }

    void everyTemplateLintsClean_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : templateIds())
            QTest::newRow(qPrintable(id)) << id;
    }
    void everyTemplateLintsClean()
    {
        QFETCH(QString, id);
        const Catalog catalog = scanDataPath(m_data);
        const WorkspaceResult r = createToolFromTemplate(catalog, QStringLiteral("carol@example.com"), id,
                                                         QStringLiteral("my_tool"), QStringLiteral("My Tool"),
                                                         QStringLiteral("Does my thing: well."));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.dir, m_data + QStringLiteral("/carol@example.com/tools/my_tool"));
        const LocationScan loc = scanLocation(QFileInfo(r.dir).absolutePath(), Scope::User, QStringLiteral("carol@example.com"));
        QCOMPARE(loc.tools.size(), 1);
        const ToolRecord &t = loc.tools.first();
        QCOMPARE(t.manifest.name, QStringLiteral("my_tool"));
        QCOMPARE(t.manifest.label, QStringLiteral("My Tool"));
        QCOMPARE(t.manifest.description, QStringLiteral("Does my thing: well.")); // quoted as YAML needs
        QCOMPARE(t.manifest.version, 1);
        QVERIFY2(t.diagnostics.isEmpty(), qPrintable(t.diagnostics.isEmpty() ? QString() : formatDiagnostic(t.diagnostics.first())));
        QVERIFY(!t.body.contains("{{"));
        if (id == u"calls-a-bin-script")
            QVERIFY(QFileInfo(r.dir + QStringLiteral("/bin/process.sh")).isExecutable());
        if (id == u"with-sensitive-token")
            QVERIFY(tw::test::readFile(r.dir + QStringLiteral("/index.ts")).contains("OFFICER_MY_TOOL_TOKEN"));
    }

    void nameRules()
    {
        const Catalog catalog = scanDataPath(m_data);
        const QString alice = QStringLiteral("alice@example.com");
        QVERIFY(newToolNameProblem(catalog, alice, QStringLiteral("Bad-Name")).contains(QStringLiteral("snake_case")));
        QVERIFY(newToolNameProblem(catalog, alice, QStringLiteral("todo")).contains(QStringLiteral("already has")));
        QVERIFY(newToolNameProblem(catalog, alice, QStringLiteral("weather")).contains(QStringLiteral("Customize")));
        QVERIFY(newToolNameProblem(catalog, alice, QStringLiteral("brand_new")).isEmpty());
        // bob's tool names do not bind alice
        QVERIFY(newToolNameProblem(catalog, alice, QStringLiteral("dup")).isEmpty());
        QVERIFY(!createToolFromTemplate(catalog, alice, QStringLiteral("nope"), QStringLiteral("x_y"), {}, {}).ok());
        QVERIFY(!createToolFromTemplate(catalog, QString(), QStringLiteral("minimal"), QStringLiteral("x_y"), {}, {}).ok());
    }

    // A tool made or customized appears in its location whole, by one rename: the platform's
    // loader or a watcher never sees a template's TOOL.md with placeholders, or a copy without
    // its entry file yet (a server window's watch caught a new tool half made). Nothing is left
    // of the staging.
    void aToolAppearsWhole()
    {
        const QString carol = QStringLiteral("carol@example.com");
        const QString tools = m_data + QStringLiteral("/carol@example.com/tools");
        QVERIFY(QDir().mkpath(tools));
        const int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        QVERIFY(fd >= 0);
        const auto closeFd = qScopeGuard([fd] { ::close(fd); });
        QVERIFY(::inotify_add_watch(fd, QFile::encodeName(tools).constData(), IN_CREATE | IN_MOVED_TO) >= 0);
        const auto events = [fd] {
            QStringList out;
            alignas(inotify_event) char buffer[8192];
            for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) {
                for (ssize_t at = 0; at < n;) {
                    inotify_event e;
                    std::memcpy(&e, buffer + at, sizeof e);
                    out << QStringLiteral("%1 %2").arg(e.mask & IN_MOVED_TO ? u"moved" : u"created",
                                                       QString::fromUtf8(buffer + at + sizeof(inotify_event)));
                    at += ssize_t(sizeof(inotify_event) + e.len);
                }
            }
            return out;
        };
        const Catalog catalog = scanDataPath(m_data);
        QVERIFY(createToolFromTemplate(catalog, carol, QStringLiteral("with-progress"), QStringLiteral("whole_tool"),
                                       QStringLiteral("Whole"), QStringLiteral("Appears whole."))
                    .ok());
        QCOMPARE(events(), QStringList{QStringLiteral("moved whole_tool")});
        QVERIFY(customizeTool(catalog, carol, m_data + QStringLiteral("/tools/weather")).ok());
        QCOMPARE(events(), QStringList{QStringLiteral("moved weather")});
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")));
        // Made again under a name that exists: refused, nothing replaced.
        const Catalog again = scanDataPath(m_data);
        QVERIFY(!customizeTool(again, carol, m_data + QStringLiteral("/tools/weather")).ok());
        QVERIFY(!QFileInfo::exists(m_data + QStringLiteral("/.toolwright-staging")));
    }

    void customizeAndRevert()
    {
        Catalog catalog = scanDataPath(m_data);
        const QString carol = QStringLiteral("carol@example.com");
        const WorkspaceResult r = customizeTool(catalog, carol, m_data + QStringLiteral("/tools/weather"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.dir, m_data + QStringLiteral("/carol@example.com/tools/weather"));
        QCOMPARE(tw::test::readFile(r.dir + QStringLiteral("/TOOL.md")),
                 tw::test::readFile(m_data + QStringLiteral("/tools/weather/TOOL.md")));
        catalog = scanDataPath(m_data);
        EffectiveSet carolSet = resolveEffective(catalog, carol);
        const auto weather = std::find_if(carolSet.tools.cbegin(), carolSet.tools.cend(),
                                          [](const EffectiveTool &e) { return e.tool.manifest.name == u"weather"; });
        QCOMPARE(weather->tool.scope, Scope::User); // the copy overrides the global tool
        // Other users are unaffected.
        const EffectiveSet alice = resolveEffective(catalog, QStringLiteral("alice@example.com"));
        QCOMPARE(std::find_if(alice.tools.cbegin(), alice.tools.cend(),
                              [](const EffectiveTool &e) { return e.tool.manifest.name == u"weather"; })->tool.scope,
                 Scope::Global);
        QVERIFY(!customizeTool(catalog, carol, m_data + QStringLiteral("/tools/weather")).ok()); // exists already

        const QByteArray copied = tw::test::readFile(r.dir + QStringLiteral("/TOOL.md"));
        bool trashed = false;
        QVERIFY(removeToolDir(r.dir, &trashed).isEmpty());
        QVERIFY(!QFileInfo::exists(r.dir));
        // Revert to Global moves the copy to the trash, where the user can get it back: a silent
        // fall-back to deleting it would lose the user's edits.
        QVERIFY(trashed);
        const QString trash = qEnvironmentVariable("XDG_DATA_HOME") + QStringLiteral("/Trash");
        QCOMPARE(tw::test::readFile(trash + QStringLiteral("/files/weather/TOOL.md")), copied);
        // The freedesktop.org trash spec: an info file naming where it came from, so Restore works.
        const QByteArray info = tw::test::readFile(trash + QStringLiteral("/info/weather.trashinfo"));
        QVERIFY2(info.startsWith("[Trash Info]\n"), info.constData());
        const QByteArray pathLine = info.split('\n').value(1);
        QVERIFY2(pathLine.startsWith("Path="), info.constData());
        QCOMPARE(QUrl::fromPercentEncoding(pathLine.mid(5)), r.dir);
        QVERIFY2(info.contains("\nDeletionDate="), info.constData());
        carolSet = resolveEffective(scanDataPath(m_data), carol);
        QCOMPARE(std::find_if(carolSet.tools.cbegin(), carolSet.tools.cend(),
                              [](const EffectiveTool &e) { return e.tool.manifest.name == u"weather"; })->tool.scope,
                 Scope::Global);
        QVERIFY(!removeToolDir(r.dir).isEmpty());
    }
};

int main(int argc, char *argv[])
{
    // moveToTrash writes to $XDG_DATA_HOME/Trash: keep it inside a temp dir. It uses that home
    // trash only for files on the file system of $HOME (others go to a .Trash-UID at their
    // mount's top), so HOME moves to the same temporary file system as the tools. The data
    // dir does not exist yet, as on a fresh account: the trash must be used all the same.
    QTemporaryDir home;
    qputenv("HOME", home.path().toUtf8());
    qputenv("XDG_DATA_HOME", (home.path() + QStringLiteral("/.local/share")).toUtf8());
    QCoreApplication app(argc, argv);
    TestToolWorkspace test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_toolworkspace.moc"
