#include "secrets/secretstore.h"

#include "secrets/secretbackend.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QPointer>
#include <QTimer>

#include <QtConcurrent/QtConcurrentRun>

#include <qt6keychain/keychain.h>

#include <atomic>

namespace tw::engine {

QString secretKey(const QString &user, const QString &tool, const QString &input)
{
    return user + u'/' + tool + u'/' + input;
}

QString resourceSecretKey(const QString &user, const QString &resourceId)
{
    return user + QStringLiteral("/resource/") + resourceId;
}

namespace {

SecretResult waitFor(const std::function<void(QObject *, SecretStore::Callback)> &startJob)
{
    QEventLoop loop;
    SecretResult result;
    result.error = QStringLiteral("the keychain did not answer");
    bool answered = false;
    startJob(&loop, [&](const SecretResult &r) {
        result = r;
        answered = true;
        loop.quit();
    });
    if (!answered) {
        QTimer::singleShot(30000, &loop, &QEventLoop::quit); // a locked keychain must not hang the CLI
        loop.exec();
    }
    return result;
}

SecretResult fromJob(const QKeychain::Job &job, QString value = {})
{
    SecretResult r;
    switch (job.error()) {
    case QKeychain::NoError:
        r.status = SecretResult::Status::Ok;
        r.value = std::move(value);
        break;
    case QKeychain::EntryNotFound:
        r.status = SecretResult::Status::NotFound;
        break;
    default:
        r.status = SecretResult::Status::Failed;
        r.error = job.errorString();
        break;
    }
    return r;
}

template<typename JobT, typename Prepare, typename Finish>
void runJob(const QString &key, QObject *context, SecretStore::Callback done, Prepare prepare, Finish finish)
{
    auto *job = new JobT(kKeychainService);
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // DESIGN.md: nothing sensitive outside the keychain
    job->setKey(key);
    prepare(*job);
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, context, [guard, done = std::move(done), finish](QKeychain::Job *j) {
        if (guard)
            done(finish(*static_cast<JobT *>(j)));
    });
    job->start();
}

} // namespace

SecretResult SecretStore::readNow(const QString &key)
{
    return waitFor([&](QObject *ctx, Callback cb) { read(key, ctx, std::move(cb)); });
}

SecretResult SecretStore::writeNow(const QString &key, const QString &value)
{
    return waitFor([&](QObject *ctx, Callback cb) { write(key, value, ctx, std::move(cb)); });
}

SecretResult SecretStore::removeNow(const QString &key)
{
    return waitFor([&](QObject *ctx, Callback cb) { remove(key, ctx, std::move(cb)); });
}

namespace {

// The keychain backend, found once: a found one is kept for the process (a blocking D-Bus call
// per secret operation was on the GUI thread); while none is found, each operation looks again,
// on a worker thread, so a keyring started later is found.
std::atomic<bool> g_backendFound{false};
std::atomic<int> g_detections{0};

// Calls `then` with whether there is a backend (and why not), on `context`'s thread.
void withBackend(QObject *context, const SecretStore::Callback &done, std::function<void()> then)
{
    if (g_backendFound.load()) {
        then();
        return;
    }
    auto *watcher = new QFutureWatcher<KeychainBackend>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done, then = std::move(then)] {
        const KeychainBackend backend = watcher->result();
        watcher->deleteLater();
        if (backend.available()) {
            g_backendFound.store(true);
            then();
            return;
        }
        SecretResult r;
        r.error = QStringLiteral("no OS keychain: %1. Nothing was stored or read. Choose the encrypted secret file in "
                                 "Settings → Secrets (or pass --store file) to keep secrets on this host.")
                      .arg(backend.problem);
        done(r);
    });
    watcher->setFuture(QtConcurrent::run([] {
        ++g_detections;
        return detectKeychainBackend(false);
    }));
}

} // namespace

int keychainBackendDetections() { return g_detections.load(); }

void KeychainSecretStore::read(const QString &key, QObject *context, Callback done)
{
    withBackend(context, done, [key, context, done] {
        runJob<QKeychain::ReadPasswordJob>(
            key, context, done, [](QKeychain::ReadPasswordJob &) {},
            [](QKeychain::ReadPasswordJob &j) { return fromJob(j, j.textData()); });
    });
}

void KeychainSecretStore::write(const QString &key, const QString &value, QObject *context, Callback done)
{
    withBackend(context, done, [key, value, context, done] {
        runJob<QKeychain::WritePasswordJob>(
            key, context, done, [&value](QKeychain::WritePasswordJob &j) { j.setTextData(value); },
            [](QKeychain::WritePasswordJob &j) { return fromJob(j); });
    });
}

void KeychainSecretStore::remove(const QString &key, QObject *context, Callback done)
{
    // The Secret Service deletes a missing entry without complaint; look first, so removing
    // what is not there reports NotFound, as it does for every store (a mistyped key shows).
    read(key, context, [key, context, done = std::move(done)](const SecretResult &found) mutable {
        if (!found.ok()) {
            done(found);
            return;
        }
        runJob<QKeychain::DeletePasswordJob>(
            key, context, std::move(done), [](QKeychain::DeletePasswordJob &) {},
            [](QKeychain::DeletePasswordJob &j) { return fromJob(j); });
    });
}

void MemorySecretStore::read(const QString &key, QObject *, Callback done)
{
    const auto it = m_values.find(key);
    SecretResult r;
    r.status = it == m_values.end() ? SecretResult::Status::NotFound : SecretResult::Status::Ok;
    if (it != m_values.end())
        r.value = it->second;
    done(r);
}

void MemorySecretStore::write(const QString &key, const QString &value, QObject *, Callback done)
{
    m_values[key] = value;
    done({SecretResult::Status::Ok, {}, {}});
}

void MemorySecretStore::remove(const QString &key, QObject *, Callback done)
{
    const bool had = m_values.erase(key) > 0;
    done({had ? SecretResult::Status::Ok : SecretResult::Status::NotFound, {}, {}});
}

} // namespace tw::engine
