// The inotify directory watcher: a write in place, a new file, a rename and a removal in a
// watched directory are each reported for that directory; a vanished directory loses its
// watch; setDirectories adds and drops only the difference.

#include "catalog/pathwatcher.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tw::engine;

class TestPathWatcher final : public QObject
{
    Q_OBJECT

private:
    static void write(const QString &path, const QByteArray &bytes, QIODevice::OpenMode mode = QIODevice::WriteOnly)
    {
        QFile f(path);
        QVERIFY(f.open(mode));
        f.write(bytes);
    }

private Q_SLOTS:
    void reportsChangesInsideAWatchedDirectory()
    {
        QTemporaryDir tmp;
        const QString a = tmp.path() + QStringLiteral("/a"), b = tmp.path() + QStringLiteral("/b");
        QDir().mkpath(a);
        QDir().mkpath(b);
        write(a + QStringLiteral("/TOOL.md"), "---\nname: a\n---\n");
        PathWatcher watcher;
        watcher.setDirectories({a, b});
        QCOMPARE(watcher.size(), 2);
        QSignalSpy spy(&watcher, &PathWatcher::directoryChanged);

        write(a + QStringLiteral("/TOOL.md"), "more\n", QIODevice::Append); // in place, no rename
        QTRY_VERIFY(spy.count() > 0);
        QCOMPARE(spy.last().first().toString(), a);

        spy.clear();
        write(b + QStringLiteral("/index.ts"), "export function execute() {}\n");
        QTRY_VERIFY(spy.count() > 0);
        QCOMPARE(spy.last().first().toString(), b);

        spy.clear();
        QVERIFY(QFile::rename(a + QStringLiteral("/TOOL.md"), a + QStringLiteral("/OLD.md")));
        QTRY_VERIFY(spy.count() > 0);

        spy.clear();
        QVERIFY(QDir(b).removeRecursively());
        QTRY_VERIFY(spy.count() > 0);
        QTRY_VERIFY(!watcher.isWatching(b)); // its watch went with it
        QVERIFY(watcher.isWatching(a));
    }

    void setDirectoriesKeepsOnlyTheGivenSet()
    {
        QTemporaryDir tmp;
        QSet<QString> dirs;
        for (int i = 0; i < 50; ++i) {
            const QString d = tmp.path() + QStringLiteral("/d%1").arg(i);
            QDir().mkpath(d);
            dirs.insert(d);
        }
        PathWatcher watcher;
        watcher.setDirectories(dirs);
        QCOMPARE(watcher.size(), 50);
        const QString kept = tmp.path() + QStringLiteral("/d7");
        watcher.setDirectories({kept, tmp.path() + QStringLiteral("/missing")});
        QCOMPARE(watcher.size(), 1); // a directory that is not there is not watched
        QVERIFY(watcher.isWatching(kept));
        QSignalSpy spy(&watcher, &PathWatcher::directoryChanged);
        write(tmp.path() + QStringLiteral("/d3/x"), "x"); // no longer watched
        write(kept + QStringLiteral("/x"), "x");
        QTRY_VERIFY(spy.count() > 0);
        QTest::qWait(100); // anything else that would come
        for (const QList<QVariant> &signal : std::as_const(spy))
            QCOMPARE(signal.first().toString(), kept);
        watcher.clear();
        QCOMPARE(watcher.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPathWatcher)
#include "tst_pathwatcher.moc"
