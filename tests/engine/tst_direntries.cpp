// The scanner's directory listing and stat stamps: the platform's byte-wise order, what a
// symlink is, directories larger than one getdents buffer, and stamps that change with the
// content (a scan cache is keyed by them).

#include "catalog/direntries.h"
#include "fixture.h"

#include <QDateTime>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tw::engine;
using tw::test::writeFile;

namespace {

const DirEntry *named(const QList<DirEntry> &entries, const char *name)
{
    for (const DirEntry &e : entries)
        if (e.rawName == name)
            return &e;
    return nullptr;
}

} // namespace

class TestDirEntries final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void missingOrNotADirectory()
    {
        QTemporaryDir tmp;
        QVERIFY(!listDirectory(tmp.path() + QStringLiteral("/nope")));
        writeFile(tmp.path() + QStringLiteral("/file"), "x");
        QVERIFY(!listDirectory(tmp.path() + QStringLiteral("/file")));
        QDir().mkpath(tmp.path() + QStringLiteral("/empty"));
        const auto none = listDirectory(tmp.path() + QStringLiteral("/empty"));
        QVERIFY(none);
        QVERIFY(none->isEmpty()); // no "." or ".."
    }

    // DESIGN.md: duplicates are decided in byte-wise directory-name order, so the listing is
    // sorted by the bytes on disk: upper case before lower case, UTF-8 after ASCII.
    void byteWiseOrder()
    {
        QTemporaryDir tmp;
        for (const char *name : {"b", "a", "B", "_x", "\xC3\xA9t\xC3\xA9", "a1", "Z", ".hidden", "~"})
            QVERIFY(QDir().mkpath(tmp.path() + u'/' + QString::fromUtf8(name)));
        const auto entries = listDirectory(tmp.path());
        QVERIFY(entries);
        QList<QByteArray> raw;
        for (const DirEntry &e : *entries)
            raw.append(e.rawName);
        QCOMPARE(raw, (QList<QByteArray>{".hidden", "B", "Z", "_x", "a", "a1", "b", "~", "\xC3\xA9t\xC3\xA9"}));
        QCOMPARE(entries->last().name, QStringLiteral("été"));
    }

    // A name that is not UTF-8 keeps its bytes in rawName (the order is decided on them); its
    // QString shows the bad byte as U+FFFD, as Node's readdir does.
    void nonUtf8Name()
    {
        QTemporaryDir tmp;
        const QByteArray raw = QFile::encodeName(tmp.path()) + "/caf\xE9";
        QCOMPARE(::mkdir(raw.constData(), 0755), 0);
        const auto removeIt = qScopeGuard([&] { ::rmdir(raw.constData()); }); // QDir cannot name it
        QCOMPARE(::mkdir(QByteArray(QFile::encodeName(tmp.path()) + "/cafe").constData(), 0755), 0);
        const auto entries = listDirectory(tmp.path());
        QVERIFY(entries);
        QCOMPARE(entries->size(), 2);
        QCOMPARE(entries->at(0).rawName, QByteArray("cafe"));
        QCOMPARE(entries->at(1).rawName, QByteArray("caf\xE9"));
        QVERIFY(entries->at(1).isDir);
        QCOMPARE(entries->at(1).name, QStringLiteral("caf\uFFFD"));
    }

    void kindsOfEntries()
    {
        QTemporaryDir tmp;
        const QString root = tmp.path();
        QDir().mkpath(root + QStringLiteral("/dir"));
        writeFile(root + QStringLiteral("/file"), "x");
        QVERIFY(QFile::link(root + QStringLiteral("/dir"), root + QStringLiteral("/link_to_dir")));
        QVERIFY(QFile::link(root + QStringLiteral("/file"), root + QStringLiteral("/link_to_file")));
        QVERIFY(QFile::link(root + QStringLiteral("/nowhere"), root + QStringLiteral("/dangling")));
        QVERIFY(QFile::link(QStringLiteral("loop"), root + QStringLiteral("/loop")));
        QCOMPARE(::mkfifo(QFile::encodeName(root + QStringLiteral("/fifo")).constData(), 0600), 0);
        const auto entries = listDirectory(root);
        QVERIFY(entries);
        QCOMPARE(entries->size(), 7);
        const auto check = [&](const char *name, bool isDir, bool isSymlink, bool dangling) {
            const DirEntry *e = named(*entries, name);
            QVERIFY2(e, name);
            QVERIFY2(e->isDir == isDir, name);
            QVERIFY2(e->isSymlink == isSymlink, name);
            QVERIFY2(e->dangling == dangling, name);
        };
        check("dir", true, false, false);
        check("file", false, false, false);
        check("fifo", false, false, false);
        check("link_to_dir", true, true, false); // isDir after following the link
        check("link_to_file", false, true, false);
        check("dangling", false, true, true);
        check("loop", false, true, true); // ELOOP: no target to follow
    }

    // More entries than one 8 KiB getdents64 buffer holds: every one is listed, once.
    void largeDirectory()
    {
        QTemporaryDir tmp;
        QStringList expected;
        for (int i = 0; i < 1500; ++i) {
            const QString name = QStringLiteral("entry_with_a_rather_long_name_%1").arg(i, 4, 10, QLatin1Char('0'));
            QFile f(tmp.path() + u'/' + name);
            QVERIFY(f.open(QIODevice::WriteOnly));
            expected.append(name);
        }
        const auto entries = listDirectory(tmp.path());
        QVERIFY(entries);
        QStringList names;
        for (const DirEntry &e : *entries)
            names.append(e.name);
        QCOMPARE(names, expected);
    }

    void stampOfAFile()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/f");
        QVERIFY(!stampOf(path).exists);
        QCOMPARE(stampOf(path), FileStamp{});
        writeFile(path, "12345");
        const FileStamp s = stampOf(path);
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QVERIFY(s.exists);
        QCOMPARE(s.size, qint64(5));
        QCOMPARE(s.inode, quint64(st.st_ino));
        QCOMPARE(s.mtimeNs, qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec);
        QCOMPARE(s.ctimeNs, qint64(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec);
        // A link is stamped as what it points to: the scanner reads through it.
        QVERIFY(QFile::link(path, tmp.path() + QStringLiteral("/link")));
        QCOMPARE(stampOf(tmp.path() + QStringLiteral("/link")), s);
    }

    // Putting the old mtime back after a same-size rewrite does not put the old stamp back:
    // no one can set ctime.
    void stampSeesAChangeWithTheOldMtime()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/f");
        writeFile(path, "old bytes");
        tw::test::waitUntilFilesSettled(tmp.path());
        const FileStamp before = stampOf(path);
        writeFile(path, "new bytes");
        const timespec times[2] = {{before.mtimeNs / 1000000000, before.mtimeNs % 1000000000},
                                   {before.mtimeNs / 1000000000, before.mtimeNs % 1000000000}};
        QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, 0), 0);
        const FileStamp after = stampOf(path);
        QCOMPARE(after.mtimeNs, before.mtimeNs);
        QCOMPARE(after.size, before.size);
        QCOMPARE(after.inode, before.inode);
        QVERIFY(after.ctimeNs > before.ctimeNs);
        QVERIFY(!(after == before));
    }

    void fileClockIsTheWallClock()
    {
        const qint64 ms = QDateTime::currentMSecsSinceEpoch();
        // The coarse clock lags by at most a tick; a second is a generous bound on a loaded machine.
        QVERIFY(qAbs(fileClockNs() / 1000000 - ms) < 1000);
    }

    // A stamp taken in the tick of the file's last change is racy; one taken later is not.
    void racyStamps()
    {
        QVERIFY(!isRacy(FileStamp{}, fileClockNs())); // a missing file has nothing to change unseen
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/f");
        const qint64 beforeWrite = fileClockNs();
        writeFile(path, "x");
        // The change came after `beforeWrite`: its ctime cannot be below it.
        QVERIFY(stampOf(path).ctimeNs >= beforeWrite);
        QVERIFY(isRacy(stampOf(path), beforeWrite));
        tw::test::waitUntilFilesSettled(tmp.path());
        const qint64 later = fileClockNs();
        QVERIFY(!isRacy(stampOf(path), later));

        // Whole-second stamps (FAT, some network file systems) need two seconds of margin.
        FileStamp coarse;
        coarse.exists = true;
        coarse.ctimeNs = qint64(1000) * 1000000000;
        QVERIFY(isRacy(coarse, coarse.ctimeNs + 1999999999));
        QVERIFY(!isRacy(coarse, coarse.ctimeNs + 2000000001));
        FileStamp fine = coarse;
        fine.ctimeNs += 1;
        QVERIFY(isRacy(fine, fine.ctimeNs));
        QVERIFY(!isRacy(fine, fine.ctimeNs + 1));
    }
};

QTEST_GUILESS_MAIN(TestDirEntries)
#include "tst_direntries.moc"
