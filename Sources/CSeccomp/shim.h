// libseccomp (Debian libseccomp-dev): the system-call allow-list of a drover-decode child,
// the process that parses an untrusted image (DecoderKit's DecoderSandbox applies it after
// the resource limits, no_new_privs and Landlock, before the first byte is read). In C
// because the SCMP_SYS names and the argument comparisons are macros Swift cannot import.
// docs/sandbox.md says how the list was found (strace of a decode of every format).
#ifndef DROVER_CSECCOMP_H
#define DROVER_CSECCOMP_H

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif

// Calls allowed with any arguments: memory, time, its own signals and threads' futexes,
// reading and writing descriptors it already holds (a new descriptor can only come from
// open, socket, pipe or dup: all refused), and ending.
static const int drover_seccomp_allowed[] = {
    SCMP_SYS(read), SCMP_SYS(write), SCMP_SYS(readv), SCMP_SYS(writev), SCMP_SYS(pread64), SCMP_SYS(pwrite64),
    SCMP_SYS(lseek), SCMP_SYS(fstat), SCMP_SYS(newfstatat), SCMP_SYS(close),
    SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(brk), SCMP_SYS(madvise),
    SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(get_robust_list), SCMP_SYS(rseq),
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep),
    SCMP_SYS(gettimeofday), SCMP_SYS(getrusage), SCMP_SYS(sysinfo),
    SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getppid), SCMP_SYS(getuid), SCMP_SYS(geteuid),
    SCMP_SYS(getgid), SCMP_SYS(getegid),
    SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack),
    SCMP_SYS(sched_yield), SCMP_SYS(sched_getaffinity), SCMP_SYS(getrandom), SCMP_SYS(prlimit64),
    SCMP_SYS(getrlimit), SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(restart_syscall),
    SCMP_SYS(poll), SCMP_SYS(ppoll),
};

// Loads the filter into the calling process (and every thread it starts later). Refused
// calls fail with EPERM rather than killing the process: a library that tries to open a
// translation or a plug-in then gets an error it handles, the decode goes on, and the
// sandbox test can observe every refusal (docs/sandbox.md, "Refuse or kill"). `self` is
// the caller's pid: the only process it may signal. Returns 0 or a negative errno.
static inline int drover_seccomp_confine(pid_t self) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (ctx == NULL) return -ENOMEM;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof drover_seccomp_allowed / sizeof drover_seccomp_allowed[0]; i++) {
        rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, drover_seccomp_allowed[i], 0);
    }
    // mprotect, but never to make memory executable (a decoder has no code to make).
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mprotect), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    // Threads (libheif's and libaom's decoders start some), never a new process: clone
    // only with CLONE_THREAD; clone3 passes its flags in memory a filter cannot read, so
    // it answers ENOSYS and glibc falls back to clone.
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    // Signals to itself only (abort, and the CPU limit's SIGXCPU is the kernel's).
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
    // fcntl only to read or set a descriptor's flags (fdopen asks), never to duplicate one.
    for (int command = F_GETFD; /* 1 to 4: F_GETFD F_SETFD F_GETFL F_SETFL; F_DUPFD is 0 */ rc == 0 && command <= F_SETFL; command++) {
        rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 1, SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)command));
    }
    // prctl only to name a thread (GLib and libheif do) or read settings, never to drop the filter.
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    if (rc == 0) rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1);
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc;
}

#endif
