#include "run/sandboxseccomp.h"

#include <array>
#include <cerrno>
#include <cstddef>

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace tw::engine {

namespace {

#if defined(__x86_64__)
constexpr quint32 kArch = AUDIT_ARCH_X86_64;
constexpr bool kKnownArch = true;
#elif defined(__aarch64__)
constexpr quint32 kArch = AUDIT_ARCH_AARCH64;
constexpr bool kKnownArch = true;
#else
constexpr quint32 kArch = 0;
constexpr bool kKnownArch = false;
#endif

struct Denied
{
    long number;
    const char *name;
    int error;
};

#define TW_DENY(call, error) Denied{__NR_##call, #call, error},

// Each only where this architecture has it (aarch64 has no iopl, ustat, _sysctl …).
const auto kDenied = std::to_array<Denied>({
#ifdef __NR_acct
    TW_DENY(acct, EPERM)
#endif
#ifdef __NR_add_key
    TW_DENY(add_key, EPERM)
#endif
#ifdef __NR_bpf
    TW_DENY(bpf, EPERM)
#endif
#ifdef __NR_clock_settime
    TW_DENY(clock_settime, EPERM)
#endif
#ifdef __NR_delete_module
    TW_DENY(delete_module, EPERM)
#endif
#ifdef __NR_fanotify_init
    TW_DENY(fanotify_init, EPERM)
#endif
#ifdef __NR_finit_module
    TW_DENY(finit_module, EPERM)
#endif
#ifdef __NR_fsconfig
    TW_DENY(fsconfig, EPERM)
#endif
#ifdef __NR_fsmount
    TW_DENY(fsmount, EPERM)
#endif
#ifdef __NR_fsopen
    TW_DENY(fsopen, EPERM)
#endif
#ifdef __NR_fspick
    TW_DENY(fspick, EPERM)
#endif
#ifdef __NR_init_module
    TW_DENY(init_module, EPERM)
#endif
#ifdef __NR_io_uring_enter
    TW_DENY(io_uring_enter, ENOSYS)
#endif
#ifdef __NR_io_uring_register
    TW_DENY(io_uring_register, ENOSYS)
#endif
#ifdef __NR_io_uring_setup
    TW_DENY(io_uring_setup, ENOSYS)
#endif
#ifdef __NR_ioperm
    TW_DENY(ioperm, EPERM)
#endif
#ifdef __NR_iopl
    TW_DENY(iopl, EPERM)
#endif
#ifdef __NR_kcmp
    TW_DENY(kcmp, EPERM)
#endif
#ifdef __NR_kexec_file_load
    TW_DENY(kexec_file_load, EPERM)
#endif
#ifdef __NR_kexec_load
    TW_DENY(kexec_load, EPERM)
#endif
#ifdef __NR_keyctl
    TW_DENY(keyctl, EPERM)
#endif
#ifdef __NR_lookup_dcookie
    TW_DENY(lookup_dcookie, EPERM)
#endif
#ifdef __NR_mbind
    TW_DENY(mbind, EPERM)
#endif
#ifdef __NR_migrate_pages
    TW_DENY(migrate_pages, EPERM)
#endif
#ifdef __NR_mount
    TW_DENY(mount, EPERM)
#endif
#ifdef __NR_mount_setattr
    TW_DENY(mount_setattr, EPERM)
#endif
#ifdef __NR_move_mount
    TW_DENY(move_mount, EPERM)
#endif
#ifdef __NR_move_pages
    TW_DENY(move_pages, EPERM)
#endif
#ifdef __NR_name_to_handle_at
    TW_DENY(name_to_handle_at, EPERM)
#endif
#ifdef __NR_nfsservctl
    TW_DENY(nfsservctl, EPERM)
#endif
#ifdef __NR_open_by_handle_at
    TW_DENY(open_by_handle_at, EPERM)
#endif
#ifdef __NR_open_tree
    TW_DENY(open_tree, EPERM)
#endif
#ifdef __NR_perf_event_open
    TW_DENY(perf_event_open, EPERM)
#endif
#ifdef __NR_pidfd_getfd
    TW_DENY(pidfd_getfd, EPERM)
#endif
#ifdef __NR_pivot_root
    TW_DENY(pivot_root, EPERM)
#endif
#ifdef __NR_process_vm_readv
    TW_DENY(process_vm_readv, EPERM)
#endif
#ifdef __NR_process_vm_writev
    TW_DENY(process_vm_writev, EPERM)
#endif
#ifdef __NR_ptrace
    TW_DENY(ptrace, EPERM)
#endif
#ifdef __NR_quotactl
    TW_DENY(quotactl, EPERM)
#endif
#ifdef __NR_quotactl_fd
    TW_DENY(quotactl_fd, EPERM)
#endif
#ifdef __NR_reboot
    TW_DENY(reboot, EPERM)
#endif
#ifdef __NR_request_key
    TW_DENY(request_key, EPERM)
#endif
#ifdef __NR_set_mempolicy
    TW_DENY(set_mempolicy, EPERM)
#endif
#ifdef __NR_setns
    TW_DENY(setns, EPERM)
#endif
#ifdef __NR_settimeofday
    TW_DENY(settimeofday, EPERM)
#endif
#ifdef __NR_swapoff
    TW_DENY(swapoff, EPERM)
#endif
#ifdef __NR_swapon
    TW_DENY(swapon, EPERM)
#endif
#ifdef __NR__sysctl
    TW_DENY(_sysctl, EPERM)
#endif
#ifdef __NR_sysfs
    TW_DENY(sysfs, EPERM)
#endif
#ifdef __NR_syslog
    TW_DENY(syslog, EPERM)
#endif
#ifdef __NR_umount2
    TW_DENY(umount2, EPERM)
#endif
#ifdef __NR_unshare
    TW_DENY(unshare, EPERM)
#endif
#ifdef __NR_uselib
    TW_DENY(uselib, EPERM)
#endif
#ifdef __NR_userfaultfd
    TW_DENY(userfaultfd, EPERM)
#endif
#ifdef __NR_ustat
    TW_DENY(ustat, EPERM)
#endif
#ifdef __NR_vhangup
    TW_DENY(vhangup, EPERM)
#endif
});

#undef TW_DENY

void append(QByteArray &program, sock_filter instruction)
{
    program.append(reinterpret_cast<const char *>(&instruction), sizeof instruction);
}

} // namespace

QList<DeniedSyscall> sandboxDeniedSyscalls()
{
    QList<DeniedSyscall> out;
    for (const Denied &d : kDenied)
        out.append({QString::fromLatin1(d.name), d.number, d.error});
    return out;
}

QByteArray sandboxSeccompProgram()
{
    if (!kKnownArch)
        return {};
    QByteArray p;
    // Another architecture's call (a 32-bit program on a 64-bit kernel): its numbers mean other
    // calls, none of it is allowed.
    append(p, BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
    append(p, BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0));
    append(p, BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    append(p, BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
#if defined(__x86_64__)
    // The x32 ABI: the same calls with bit 30 set; nothing of Node's or the system's uses it.
    append(p, BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000U, 0, 1));
    append(p, BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS));
#endif
    for (const Denied &d : kDenied) {
        append(p, BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, quint32(d.number), 0, 1));
        append(p, BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | quint32(d.error)));
    }
    append(p, BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    return p;
}

UniqueFd sandboxSeccompDescriptor()
{
    const QByteArray program = sandboxSeccompProgram();
    if (program.isEmpty())
        return {};
    UniqueFd fd(::memfd_create("toolwright-seccomp", MFD_CLOEXEC | MFD_ALLOW_SEALING));
    if (!fd.valid())
        return {};
    qsizetype written = 0;
    while (written < program.size()) {
        const ssize_t n = ::write(fd.get(), program.constData() + written, size_t(program.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return {};
        written += n;
    }
    // Sealed: nothing holding the descriptor can change the filter before bwrap reads it.
    if (::fcntl(fd.get(), F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0
        || ::lseek(fd.get(), 0, SEEK_SET) != 0)
        return {};
    return fd;
}

} // namespace tw::engine
