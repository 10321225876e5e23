#pragma once
// `toolwright lint --types`: each tool's entry checked by TypeScript against its TOOL.md and
// its bash and Python scripts by their parsers, one tool after another through one server
// started for the lint. Blocking (the CLI has no event loop running): each tool waits for its
// replies, so memory stays that of one tool's project however many tools there are.

#include "toolmd/diagnostic.h"
#include "toolmd/toolrecord.h"

#include <QString>

#include <memory>

namespace tw::engine {

class TsServer;

class TypeChecker final
{
public:
    TypeChecker();
    ~TypeChecker();
    Q_DISABLE_COPY_MOVE(TypeChecker)

    // False, with the reason, when node or TypeScript is missing.
    bool start(QString *error);

    // The findings for one tool (its entry read from disk). A tool whose check did not finish
    // (the server died or took over two minutes) gets a `types-unchecked` error saying why.
    Diagnostics check(const ToolRecord &tool);

private:
    std::unique_ptr<TsServer> m_server;
    int m_next = 0;
};

} // namespace tw::engine
