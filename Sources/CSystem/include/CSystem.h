// System calls Swift cannot make itself, or not safely: variadic (prctl), declared only
// under _GNU_SOURCE (renameat2, pipe2, pidfd_open, close_range), or needing to run between
// fork and exec with nothing but async-signal-safe calls. The drover-decode helper's
// server and children (DecoderKit) and the library's atomic file writes (GalleryKit) use
// them, and malloc_trim (<malloc.h>) for the memory an import frees. One library per shim: gdk-pixbuf's things are CPixbuf's.
#ifndef DROVER_CSYSTEM_H
#define DROVER_CSYSTEM_H

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include "Sandbox.h"

// Renames without replacing an existing file (Linux renameat2 RENAME_NOREPLACE),
// so two imports of "IMG_0001.jpg" can never overwrite each other's copy.
// Returns 0, or -1 with errno set (EEXIST when the name is taken; EINVAL or
// ENOSYS where the file system or kernel lacks the flag).
// glibc only declares renameat2 under _GNU_SOURCE, hence the raw syscall.
static inline int drover_rename_noreplace(const char *from, const char *to) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// Gives the calling thread alone the nice value `nice` (Linux keeps one per thread;
// setpriority with a thread id, which glibc's gettid wrapper needs _GNU_SOURCE for).
// Returns 0, or -1 with errno set.
static inline int drover_nice_this_thread(int nice) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice);
}

// The decoder helper (drover-decode) asks to be killed when Drover goes, so an
// import interrupted by a crash leaves no decoder running. prctl is variadic,
// which Swift cannot call. Returns 0, or -1 with errno set.
static inline int drover_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL);
}

// A pipe whose ends close on exec, made in one step (pipe2 needs _GNU_SOURCE):
// a helper spawned by another import thread must never inherit it, or this
// pipe would not see end-of-file until that other helper ends.
static inline int drover_pipe_cloexec(int fds[2]) {
#ifdef SYS_pipe2
    return (int)syscall(SYS_pipe2, fds, O_CLOEXEC);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// poll's "the peer closed its end" (<poll.h> defines POLLRDHUP only under _GNU_SOURCE):
// the decoder server watches Drover's socket with it during a decode, so that a next
// request already waiting there does not wake it, and a closed socket does.
#define DROVER_POLLRDHUP 0x2000

// A descriptor that becomes readable when the child `pid` has ended (Linux 5.3 and later;
// glibc 2.36 declares pidfd_open only in <sys/pidfd.h>, hence the system call): a wait for
// a child that wakes the moment it ends, within a deadline, instead of polling wait4.
// Close on exec, like every descriptor the kernel makes for it. Returns -1 with errno set
// (ENOSYS on older kernels).
static inline int drover_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// Closes every descriptor from `lowest` up in a spawned child (glibc 2.34 and later;
// declared only under _GNU_SOURCE, hence the declaration here), so the decoder helper
// inherits nothing of Drover's but the three it is given.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
static inline int drover_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

// A connected pair of Unix stream sockets whose ends close on exec: Drover's line to a
// decoder server. A socket rather than two pipes so that Drover writes with
// MSG_NOSIGNAL: a server that died must be an error to handle, not a SIGPIPE.
static inline int drover_socketpair_cloexec(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
}

// Sends all of `length` bytes on a socket without raising SIGPIPE. Returns 0, or the errno.
static inline int drover_send_all(int socket, const void *bytes, size_t length) {
    const char *next = bytes;
    while (length > 0) {
        ssize_t sent = send(socket, next, length, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        next += sent;
        length -= (size_t)sent;
    }
    return 0;
}

// Forks one decode child of the decoder server (drover-decode --serve). In the child:
// standard input from /dev/null, output and errors into the given descriptors; then either
// `start` (if not -1) as descriptor 3, closed on exec (the child of a stand-in program
// reports a failed exec there), or the image to decode (`image`, read-only) as 3 and its
// thumbnail's file (`thumbnail`, write-only) as 4, so the confined child never opens a
// path; no other descriptor, no blocked or ignored signal (an ignored SIGXCPU would blunt
// the CPU limit), and killed when the server goes. In C because only async-signal-safe
// calls belong between fork and the child's own work. Returns the child's pid in the
// server, 0 in the child, -1 with errno set when there is no child. The server is
// single-threaded, so the child inherits no lock held by another thread.
static inline pid_t drover_fork_decoder(int output, int errors, int start, int image, int thumbnail) {
    pid_t server = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid;
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(output, 1) < 0 || dup2(errors, 2) < 0) _exit(127);
    int keep = 3;
    if (start >= 0) {
        if (dup2(start, 3) < 0 || fcntl(3, F_SETFD, FD_CLOEXEC) < 0) _exit(127);
        keep = 4;
    } else if (image >= 0 && thumbnail >= 0) {
        // Out of the way first, so that neither overwrites the other on its way down.
        int high_image = fcntl(image, F_DUPFD, 10), high_thumbnail = fcntl(thumbnail, F_DUPFD, 10);
        if (high_image < 0 || high_thumbnail < 0 || dup2(high_image, 3) < 0 || dup2(high_thumbnail, 4) < 0) _exit(127);
        keep = 5;
    }
#ifdef SYS_close_range
    if (syscall(SYS_close_range, keep, ~0U, 0) != 0)
#endif
    for (int fd = keep; fd < 4096; fd++) close(fd);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) signal(signal_number, SIG_DFL);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != server) _exit(127);
    return 0;
}

// Gives process or thread `pid` (0: the calling thread) the CPUs the calling thread may run
// on: a change of nothing, by which the sandbox's escape test sees whether the filter lets a
// decode child set CPUs (its own only). Raw system calls: glibc declares the wrappers only
// under _GNU_SOURCE. Returns 0, or -1 with errno set.
static inline int drover_share_cpus_with(pid_t pid) {
    unsigned long cpus[16] = {0};
    if (syscall(SYS_sched_getaffinity, 0, sizeof cpus, cpus) < 0) return -1;
    return (int)syscall(SYS_sched_setaffinity, pid, sizeof cpus, cpus);
}

// Ends a decode child at once, without running exit handlers it inherited from the server.
static inline void drover_exit_now(int status) { _exit(status); }

#endif
