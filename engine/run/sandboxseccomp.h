#pragma once
// The system calls a bubblewrap sandbox may not make (bwrap --seccomp): what containers'
// default profiles take away and a tool has no use for — the kernel's keyrings, BPF, perf
// events, userfaultfd, io_uring, modules, kexec, mounts and namespaces, tracing and reading
// another process's memory, swap, clocks, quotas, the kernel log — so that the kernel a hostile
// tool can reach is the part Node, bash and Python use. Denied calls fail with EPERM (io_uring
// with ENOSYS, so that libuv falls back as on a kernel without it; the x32 ABI likewise); a
// call of another architecture (a 32-bit program's int 0x80) kills the process.
// podman and docker apply their own default profile.

#include "run/unixfd.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace tw::engine {

// The denied calls on this architecture: name, number, the error they fail with.
struct DeniedSyscall
{
    QString name;
    long number = 0;
    int error = 0;
};
QList<DeniedSyscall> sandboxDeniedSyscalls();

// The filter as classic BPF (an array of struct sock_filter), empty on an architecture it does
// not know.
QByteArray sandboxSeccompProgram();

// The filter in a sealed memory file, its offset at 0, close-on-exec (bwrap --seccomp reads it);
// invalid when there is no filter for this architecture or no memory file could be made.
UniqueFd sandboxSeccompDescriptor();

} // namespace tw::engine
