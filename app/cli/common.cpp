#include "common.h"

#include "agent/agentview.h"
#include "secrets/configuredsecretstore.h"
#include "secrets/secretfile.h"
#include "sync/datapaths.h"

#include <QFile>

#include <cstdio>
#include <iostream>
#include <string>

#include <termios.h>
#include <unistd.h>

namespace tw::app::cli {

using namespace tw::engine;

void out(const QString &text) { std::fputs(text.toUtf8().constData(), stdout); }
void err(const QString &text) { std::fputs(text.toUtf8().constData(), stderr); }

void writeWhole(FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    std::fflush(stream);
}

// JSON text the engine wrote (catalogjson.h), as it is, on a line of its own.
void printJsonText(const QByteArray &text)
{
    std::fwrite(text.constData(), 1, size_t(text.size()), stdout);
    std::fputc('\n', stdout);
}

void writeStdout(QByteArrayView piece) { std::fwrite(piece.data(), 1, size_t(piece.size()), stdout); }

void outWhenLong(QString &text)
{
    if (text.size() < 32 * 1024)
        return;
    out(text);
    text.clear();
}

void printJson(const QJsonDocument &doc) { printJsonText(doc.toJson(QJsonDocument::Compact)); }

int usageError(const QString &reason)
{
    err(QStringLiteral("toolwright: ") + reason + u'\n');
    return 2;
}

QString usageText()
{
    return QStringLiteral(
        "Usage:\n"
        "  toolwright [--data DIR] [--user EMAIL] [--seed DIR] [--view NAME] [--color-scheme light|dark]   start the GUI\n"
        "  toolwright list  [--data DIR] [--user EMAIL] [--json]\n"
        "  toolwright show  NAME [--data DIR] [--user EMAIL] [--json]\n"
        "  toolwright lint  PATH... [--since REV] [--budget TOKENS] [--types] [--json]\n"
        "  toolwright overrides [--data DIR] [--json]\n"
        "  toolwright sync  --seed DIR [--data DIR] [--dry-run] [--json]\n"
        "  toolwright bump  DIR [--to N]\n"
        "  toolwright run   NAME [--data DIR] [--user EMAIL] [--params JSON|@file] [--runtime auto|bwrap|podman|docker] [--timeout SEC] [--trust-changed] [--json]\n"
        "  toolwright agent [NAME] [--data DIR] [--user EMAIL] [--budget TOKENS] [--json]   what the agent is given, largest first\n"
        "  toolwright serve --stdio [--data DIR]   the remote protocol on stdin/stdout (ssh runs it on a server)\n"
        "  --data ssh://[user@]host[:port]/PATH   any command above on a server's DATA_PATH, over ssh\n"
        "      (lint and bump then take paths on the server, relative to PATH; run and secret keep the\n"
        "      secrets here, keyed by host; [--remote-command CMD])\n"
        "  toolwright secret set|get|delete TOOL INPUT [--user EMAIL] [--data DIR]   (the value on stdin for set)\n"
        "  toolwright secret status                     which secret store is in use, and whether it works\n"
        "  run and secret take [--store keychain|file] [--passphrase-fd N] (default: Settings → Secrets)\n"
        "  toolwright --version\n"
        "--data defaults to $DATA_PATH, then the embedded default data dir.\n"
        "Exit codes: 0 ok, 1 the thing checked reported failure, 2 usage or environment error.\n");
}

// --data / $DATA_PATH / embedded default; the embedded default is prepared on first use.
// The embedded default is prepared for the default user whatever --user says: a command that
// names a user does not create that user's directory.
bool openDataPath(const Options &o, QString *dataPath, QString *error)
{
    const engine::OpenedDataPath opened = engine::openDataPath(o.parser.value(o.data));
    for (const QString &p : opened.warnings)
        err(QStringLiteral("toolwright: warning: ") + p + u'\n');
    *dataPath = opened.path;
    *error = opened.error;
    return opened.ok();
}

bool agentBudget(const Options &o, int *tokens, QString *error)
{
    *tokens = engine::agentBudgetTokens();
    if (!o.parser.isSet(o.budget))
        return true;
    bool ok = false;
    *tokens = o.parser.value(o.budget).toInt(&ok);
    if (!ok || *tokens <= 0) {
        *error = QStringLiteral("--budget needs a positive number of tokens");
        return false;
    }
    return true;
}

// Reads one line from the terminal with echo off, so a typed secret is not shown.
QByteArray readHiddenLine(const QString &prompt)
{
    err(prompt);
    termios old{};
    const bool tty = ::tcgetattr(STDIN_FILENO, &old) == 0;
    if (tty) {
        termios quiet = old;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    std::string line;
    std::getline(std::cin, line);
    if (tty)
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
    err(QStringLiteral("\n"));
    return QByteArray::fromStdString(line);
}

// The secret store of --store (else the settings); the encrypted file is unlocked with the
// passphrase from --passphrase-fd, else asked for on the terminal. False with a usage error.
bool openSecretStore(const Options &o, ConfiguredSecretStore *store, QString *error)
{
    if (o.parser.isSet(o.store)) {
        const QString s = o.parser.value(o.store);
        if (s != u"keychain" && s != u"file") {
            *error = QStringLiteral("unknown secret store '%1' (keychain, file)").arg(s);
            return false;
        }
        store->overrideKind(s == u"file" ? SecretStoreConfig::Kind::File : SecretStoreConfig::Kind::Keychain);
    }
    if (store->kind() != SecretStoreConfig::Kind::File)
        return true;
    EncryptedFileSecretStore &file = store->file();
    QByteArray passphrase;
    if (o.parser.isSet(o.passphraseFd)) {
        bool ok = false;
        const int fd = o.parser.value(o.passphraseFd).toInt(&ok);
        QFile in;
        if (!ok || fd < 0 || !in.open(fd, QIODevice::ReadOnly)) {
            *error = QStringLiteral("--passphrase-fd needs an open file descriptor");
            return false;
        }
        passphrase = in.readLine(4096);
        while (passphrase.endsWith('\n') || passphrase.endsWith('\r'))
            passphrase.chop(1);
    } else if (::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO)) {
        passphrase = readHiddenLine(file.exists() ? QStringLiteral("Passphrase for %1: ").arg(file.path())
                                                  : QStringLiteral("New passphrase for %1: ").arg(file.path()));
    } else {
        *error = QStringLiteral("the encrypted secret file %1 needs its passphrase: give --passphrase-fd N, or run from a terminal")
                     .arg(file.path());
        return false;
    }
    const bool ok = file.unlock(QString::fromUtf8(passphrase), error);
    passphrase.fill('\0');
    return ok;
}

} // namespace tw::app::cli
