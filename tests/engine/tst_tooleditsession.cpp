// The engine's save path: version-bump enforcement, conflict detection, atomic writes.

#include "authoring/tooleditsession.h"
#include "catalog/locationscanner.h"
#include "fixture.h"
#include "toolmd/toolmdreader.h"

#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>

using namespace tw::engine;
using tw::test::makeTool;
using tw::test::readFile;
using tw::test::toolMd;
using tw::test::writeFile;

class TestToolEditSession final : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_dir;

private Q_SLOTS:
    void init()
    {
        m_dir = m_tmp.path() + QStringLiteral("/tools/t");
        QDir(m_dir).removeRecursively();
        makeTool(m_tmp.path() + QStringLiteral("/tools"), QStringLiteral("t"), toolMd("t", 3));
    }

    void unchangedIsNothingToSave()
    {
        auto s = ToolEditSession::open(m_dir);
        QVERIFY(s);
        QCOMPARE(s->diskVersion(), 3);
        QCOMPARE(s->nextVersion(), 4);
        QVERIFY(!s->isModified());
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::NothingToSave);
    }

    void changeWithoutBumpIsRefused()
    {
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource(s->entrySource() + "// changed\n");
        const ToolEditSession::SaveResult r = s->save();
        QCOMPARE(r.status, ToolEditSession::SaveStatus::NotBumped);
        QCOMPARE(r.diagnostic.code, QStringLiteral("version-not-bumped"));
        QCOMPARE(r.diagnostic.line, 4);
        QVERIFY(r.diagnostic.message.contains(QStringLiteral("version 4")));
        QCOMPARE(readFile(m_dir + QStringLiteral("/index.ts")), tw::test::kGoodEntry); // nothing written
        // A lower or equal version is refused too.
        ToolManifest m = s->document().manifest();
        m.version = 2;
        s->document().applyManifest(m);
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::NotBumped);
    }

    void bumpThenSave()
    {
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource(s->entrySource() + "// changed\n");
        s->bumpVersion();
        QVERIFY(s->isBumped());
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 4));
        QVERIFY(readFile(m_dir + QStringLiteral("/index.ts")).endsWith("// changed\n"));
        QVERIFY(!s->isModified());
        QCOMPARE(s->diskVersion(), 4);
        QCOMPARE(s->nextVersion(), 5);
    }

    void everySaveNeedsItsOwnBump()
    {
        // Sync only delivers a version above the one a user already has: a second change saved
        // under the first one's version would never arrive where the first one did.
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource(s->entrySource() + "// first\n");
        s->bumpVersion();
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Saved);
        s->setEntrySource(s->entrySource() + "// second\n");
        QVERIFY(!s->isBumped());
        const ToolEditSession::SaveResult r = s->save();
        QCOMPARE(r.status, ToolEditSession::SaveStatus::NotBumped);
        QVERIFY2(r.diagnostic.message.contains(QStringLiteral("version 5")), qPrintable(r.diagnostic.message));
        QVERIFY(!readFile(m_dir + QStringLiteral("/index.ts")).contains("// second")); // nothing written
        s->bumpVersion();
        QCOMPARE(s->document().manifest().version, 5);
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 5));
        // Auto-bump raises it once per save as well.
        s->setEntrySource(s->entrySource() + "// third\n");
        QCOMPARE(s->save({true, false}).status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 6));
        // A version typed higher than needed is enough on its own.
        ToolManifest m = s->document().manifest();
        m.version = 10;
        s->document().applyManifest(m);
        QVERIFY(s->isBumped());
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(s->nextVersion(), 11);
    }

    void autoBump()
    {
        auto s = ToolEditSession::open(m_dir);
        ToolManifest m = s->document().manifest();
        m.description = QStringLiteral("Changed.");
        s->document().applyManifest(m);
        QCOMPARE(s->save({true, false}).status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(s->document().manifest().version, 4);
    }

    void conflictIsNeverSilent()
    {
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource("export async function execute() { return { content: [] }; }\n");
        s->bumpVersion();
        writeFile(m_dir + QStringLiteral("/TOOL.md"), toolMd("t", 7) + "edited elsewhere\n");
        QVERIFY(s->changedOnDisk());
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Conflict);
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 7) + "edited elsewhere\n");
        QVERIFY(s->diskToolMd().contains("edited elsewhere"));
        QCOMPARE(s->diskEntry(), std::optional(readFile(m_dir + QStringLiteral("/index.ts")))); // the disk's, not the edit
        QFile::remove(m_dir + QStringLiteral("/index.ts"));
        QVERIFY(!s->diskEntry());
        // Overwriting needs a version above the one on disk now, not the one that was opened.
        QCOMPARE(s->diskVersion(), 7);
        QCOMPARE(s->nextVersion(), 8);
        QVERIFY(!s->isBumped());
        QCOMPARE(s->save({false, true}).status, ToolEditSession::SaveStatus::NotBumped);
        s->bumpVersion();
        QCOMPARE(s->save({false, true}).status, ToolEditSession::SaveStatus::Saved); // explicit overwrite
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 8));
        QVERIFY(!s->changedOnDisk());
    }

    // Changed on disk with as many bytes, at once, and with the old mtime put back: mtime, size
    // and inode are what they were, and the save must still refuse to write over it.
    void sameSizeChangeWithTheOldStampsIsNeverSilent_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("TOOL.md") << QStringLiteral("TOOL.md");
        QTest::newRow("entry") << QStringLiteral("index.ts");
    }
    void sameSizeChangeWithTheOldStampsIsNeverSilent()
    {
        QFETCH(QString, file);
        const QString path = m_dir + u'/' + file;
        const QByteArray encoded = QFile::encodeName(path);
        auto s = ToolEditSession::open(m_dir);
        QVERIFY(s);
        s->setEntrySource(s->entrySource() + "// mine\n");
        s->bumpVersion();
        struct stat before {};
        QCOMPARE(::stat(encoded.constData(), &before), 0);
        QByteArray theirs = readFile(path);
        theirs.replace("The t tool.", "The T tool."); // TOOL.md
        theirs.replace("'ok'", "'OK'");               // index.ts
        QCOMPARE(theirs.size(), readFile(path).size());
        QVERIFY(theirs != readFile(path));
        writeFile(path, theirs); // in place, right after the open: the same timestamp tick
        const timespec times[2] = {before.st_atim, before.st_mtim};
        QCOMPARE(::utimensat(AT_FDCWD, encoded.constData(), times, 0), 0);
        struct stat after {};
        QCOMPARE(::stat(encoded.constData(), &after), 0);
        QCOMPARE(after.st_size, before.st_size);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);

        QVERIFY(s->changedOnDisk());
        const ToolEditSession::SaveResult r = s->save();
        QCOMPARE(r.status, ToolEditSession::SaveStatus::Conflict);
        QCOMPARE(r.diagnostic.code, QStringLiteral("changed-on-disk"));
        QCOMPARE(readFile(path), theirs);
    }

    // A file touched, or rewritten with the bytes it had, holds nothing to lose: no conflict.
    void sameBytesAreNoConflict()
    {
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource(s->entrySource() + "// mine\n");
        s->bumpVersion();
        writeFile(m_dir + QStringLiteral("/TOOL.md"), toolMd("t", 3));
        QVERIFY(!s->changedOnDisk());
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Saved);
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 4));
    }

    void permissionsAreKept()
    {
        QFile::setPermissions(m_dir + QStringLiteral("/index.ts"),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource("// new\n");
        s->bumpVersion();
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::Saved);
        QVERIFY(QFileInfo(m_dir + QStringLiteral("/index.ts")).permissions() & QFileDevice::ExeOwner);
    }

    void writeFailureKeepsTheOldFile()
    {
        auto s = ToolEditSession::open(m_dir);
        s->setEntrySource("// new\n");
        s->bumpVersion();
        // A directory where the temp file would go cannot be written: make the target a directory.
        QFile::remove(m_dir + QStringLiteral("/index.ts"));
        QVERIFY(QDir().mkpath(m_dir + QStringLiteral("/index.ts")));
        const ToolEditSession::SaveResult r = s->save({false, true});
        QCOMPARE(r.status, ToolEditSession::SaveStatus::WriteFailed);
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 3)); // the version was not raised alone
        QVERIFY(!r.diagnostic.message.isEmpty());
    }

    // The lint of the unsaved bytes is lintToolBytes()'s, computed once per change of either
    // file and kept in between.
    void problemsAreTheLintOncePerChange()
    {
        auto s = ToolEditSession::open(m_dir);
        QVERIFY(s);
        auto lint = [&] { return lintToolBytes(m_dir, s->document().bytes(), s->entryPath(), s->entrySource()); };
        QCOMPARE(s->problems(), lint());
        quint64 before = parseToolMdCount();
        s->problems();
        s->isBumped();
        s->document().manifest();
        QCOMPARE(parseToolMdCount() - before, quint64(0));
        ToolManifest m = s->document().manifest();
        m.description = QString(1100, u'd'); // description-too-long
        s->document().applyManifest(m);
        s->setEntrySource("export async function execute() {\n  console.log('x');\n}\n");
        before = parseToolMdCount();
        const Diagnostics problems = s->problems();
        QCOMPARE(parseToolMdCount() - before, quint64(0)); // the edit's own reading serves
        QCOMPARE(problems, lint());
        QStringList codes;
        for (const Diagnostic &d : problems)
            codes.append(d.code);
        QVERIFY2(codes.contains(QStringLiteral("description-too-long")) && codes.contains(QStringLiteral("console-output")),
                 qPrintable(codes.join(u' ')));
    }

    void unreadable()
    {
        Diagnostic error;
        QVERIFY(!ToolEditSession::open(m_tmp.path() + QStringLiteral("/nope"), &error));
        QCOMPARE(error.code, QStringLiteral("read-failed"));
        writeFile(m_dir + QStringLiteral("/TOOL.md"), "---\nname: [x\n---\n");
        QVERIFY(!ToolEditSession::open(m_dir, &error));
        QCOMPARE(error.code, QStringLiteral("yaml-syntax"));
        QVERIFY(error.file.endsWith(QStringLiteral("TOOL.md")));
    }

    // A session over a server's bytes never touches this machine's disk at the tool's path:
    // here a local directory of the same path holds other bytes, which it must not see.
    void aDetachedSessionIgnoresTheLocalDisk()
    {
        writeFile(m_dir + QStringLiteral("/extra.bin"), "local only");
        const QByteArray serverMd = toolMd("t", 7);
        std::optional<ToolEditSession> s = ToolEditSession::fromBytes(m_dir, serverMd, QStringLiteral("index.ts"),
                                                                      QByteArray("export async function execute() {}\n"));
        QVERIFY(s);
        QVERIFY(s->isDetached());
        QCOMPARE(s->diskVersion(), 7);              // the server's, not the local file's 3
        QVERIFY(!s->changedOnDisk());                // the local bytes differ: not looked at
        QCOMPARE(s->diskToolMd(), serverMd);
        QCOMPARE(s->diskEntry(), std::optional(QByteArray("export async function execute() {}\n")));
        for (const Diagnostic &d : s->problems())    // no check of the local directory's files
            QVERIFY2(!d.file.endsWith(u"extra.bin"), qPrintable(formatDiagnostic(d)));
        s->document().setValue({QStringLiteral("description")}, QStringLiteral("Changed."));
        QCOMPARE(s->checkVersion({}).status, ToolEditSession::SaveStatus::NotBumped);
        QCOMPARE(s->save().status, ToolEditSession::SaveStatus::WriteFailed); // never to the local disk
        QCOMPARE(readFile(m_dir + QStringLiteral("/TOOL.md")), toolMd("t", 3));
        QCOMPARE(s->checkVersion({true, false}).status, ToolEditSession::SaveStatus::Saved); // auto-bumped
        QCOMPARE(s->document().manifest().version, 8);
        // The caller sent these and the server wrote them: the saved state, version 8.
        const QByteArray sent = s->document().bytes();
        s->document().setValue({QStringLiteral("label")}, QStringLiteral("Typed meanwhile"));
        s->markSaved(sent, s->entrySource());
        QCOMPARE(s->savedToolMd(), sent);
        QCOMPARE(s->diskVersion(), 8);
        QVERIFY(s->isModified()); // what was typed while the save was out
        // The server's newer state: the next save must pass its version.
        s->setDiskState(toolMd("t", 30), std::nullopt);
        QCOMPARE(s->nextVersion(), 31);
        QVERIFY(!s->entryExisted());
        QVERIFY(!s->diskEntry());
    }
};

QTEST_GUILESS_MAIN(TestToolEditSession)
#include "tst_tooleditsession.moc"
