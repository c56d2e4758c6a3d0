// libseccomp (Debian libseccomp-dev): the system-call allow-list of a drover-decode child,
// the process that parses an untrusted image (DecoderKit's DecoderSandbox applies it after
// the resource limits, no_new_privs and Landlock, before the first byte is read). In C
// because the SCMP_SYS names and the argument comparisons are macros Swift cannot import.
// docs/sandbox.md says how the list was found (strace of a decode of every format).
#ifndef DROVER_CSECCOMP_H
#define DROVER_CSECCOMP_H

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <string.h>
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

// The value the exported program compares kill's and tgkill's first argument with, in place
// of a pid: each child writes its own pid over it in its copy of the program. Above any
// pid the kernel hands out (pid_max is at most 2^22) and below 2^31, so it is a plain
// 32-bit comparison (the upper half is compared with 0), and no other constant of the
// filter (system call numbers, flags, the architecture) has this value.
#define DROVER_SECCOMP_SELF 0x5EC0FFEEu

// Builds the allow-list in a libseccomp context. Refused calls fail with EPERM rather than
// killing the process: a library that tries to open a translation or a plug-in then gets
// an error it handles, the decode goes on, and the sandbox test can observe every refusal
// (docs/sandbox.md, "Refuse or kill"). `self` is the only process it may signal.
// Returns 0 or a negative errno; on 0, *out is to be released with seccomp_release.
static inline int drover_seccomp_build(scmp_datum_t self, scmp_filter_ctx *out) {
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
    // A thread may choose its own CPUs (pid 0: the calling thread), none of another process's:
    // a JPEG decoded on two threads moves its second thread off its first one's CPU (CJPEG).
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(sched_setaffinity), 1, SCMP_A0(SCMP_CMP_EQ, 0));
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
    if (rc != 0) {
        seccomp_release(ctx);
        return rc;
    }
    *out = ctx;
    return 0;
}

// Counts the instructions comparing with DROVER_SECCOMP_SELF (BPF_JMP|BPF_JEQ|BPF_K), and
// sets them to compare with `self` when it is not 0.
static inline int drover_seccomp_patch_self(struct sock_filter *program, int count, pid_t self) {
    int found = 0;
    for (int i = 0; i < count; i++) {
        if (program[i].code == (BPF_JMP | BPF_JEQ | BPF_K) && program[i].k == DROVER_SECCOMP_SELF) {
            if (self != 0) program[i].k = (__u32)self;
            found++;
        }
    }
    return found;
}

// Compiles the filter once (in the decoder server, before any fork) into `buffer`, as the
// kernel's BPF program, with DROVER_SECCOMP_SELF where each child's pid goes. libseccomp
// 2.5.4 exports only to a descriptor, so through a pipe: a program is at most BPF_MAXINSNS
// (4096) instructions of 8 bytes, 32 KiB, within a pipe's 64 KiB buffer, so the write
// never blocks. Returns the number of instructions, or a negative errno (-EINVAL when
// the program does not compare with the placeholder: the pid could not be set).
static inline int drover_seccomp_export(struct sock_filter *buffer, int capacity) {
    scmp_filter_ctx ctx = NULL;
    int rc = drover_seccomp_build(DROVER_SECCOMP_SELF, &ctx);
    if (rc != 0) return rc;
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) {  // the server is single-threaded: no fork can inherit it
        seccomp_release(ctx);
        return -errno;
    }
    rc = seccomp_export_bpf(ctx, pipe_fds[1]);
    seccomp_release(ctx);
    close(pipe_fds[1]);
    size_t total = 0, limit = (size_t)capacity * sizeof *buffer;
    while (rc == 0) {
        ssize_t count = read(pipe_fds[0], (char *)buffer + total, limit - total);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) rc = -errno;
        else if (count == 0) break;
        else if ((total += (size_t)count) == limit) rc = -E2BIG;
    }
    close(pipe_fds[0]);
    if (rc != 0) return rc;
    if (total == 0 || total % sizeof *buffer != 0) return -EIO;
    int instructions = (int)(total / sizeof *buffer);
    return drover_seccomp_patch_self(buffer, instructions, 0) > 0 ? instructions : -EINVAL;
}

// Loads a program from drover_seccomp_export into the calling process (and every thread
// it starts later), on a copy with `self` (the caller's pid) as the one process it may
// signal. no_new_privs must be set. One system call: nothing is compiled here.
// Returns 0 or a negative errno.
static inline int drover_seccomp_load_program(const struct sock_filter *program, int count, pid_t self) {
    struct sock_filter copy[BPF_MAXINSNS];
    if (count <= 0 || count > BPF_MAXINSNS) return -EINVAL;
    memcpy(copy, program, (size_t)count * sizeof copy[0]);
    if (drover_seccomp_patch_self(copy, count, self) == 0) return -EINVAL;
    struct sock_fprog filter = { (unsigned short)count, copy };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) == 0 ? 0 : -errno;
}

#endif
