#pragma once
// Where a launched run executes, as the launcher and the Run view see it: in a sandbox on this
// machine (RunSession) or on a server over its connection (RemoteRunExecution). The launcher
// gathers the inputs and writes the history the same way for both; the execution starts the
// tool, reports its events and its outcome, and cancels it.

#include "run/runeventparser.h"
#include "toolmd/toolrecord.h"

#include <QObject>
#include <QStringList>

namespace tw::engine {

struct RunInputs;
struct RunOutcome;

class RunExecution : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // Before start(): the inputs as the launcher gathered them (the secret store's values in).
    virtual void setInputs(const RunInputs &inputs) = 0;
    // Returns at once; everything after arrives as signals on this object's thread.
    virtual void start() = 0;
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;
    virtual qint64 elapsedMs() const = 0;
    virtual const ToolRecord &tool() const = 0;
    // Known once the sandbox started (sandboxStarted): the runtime, the request line sent on
    // stdin and the tool's environment with secrets masked, the command that started it.
    virtual QString runtimeName() const = 0;
    virtual QByteArray maskedRequestLine() const = 0;
    virtual QStringList maskedEnvironment() const = 0;
    virtual QStringList launchCommand() const = 0;

Q_SIGNALS:
    void sandboxStarted(const QString &runtimeName);
    void eventReceived(const tw::engine::RunEvent &event);
    void finished(const tw::engine::RunOutcome &outcome);
};

} // namespace tw::engine
