// The kernel's confinement calls for drover-decode (DecoderKit's DecoderSandbox; the
// seccomp filter itself is CSeccomp's): no_new_privs, user and network namespaces, and
// Landlock. Debian 12's headers know Landlock's first ABI only, so its system call numbers,
// attribute struct and access bits are defined here (stable kernel ABI, x86-64 and arm64
// share the numbers). docs/sandbox.md describes the layers.
#ifndef DROVER_SANDBOX_H
#define DROVER_SANDBOX_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef PR_SET_NO_NEW_PRIVS
#define PR_SET_NO_NEW_PRIVS 38
#endif

// No exec can ever grant this process (or its children) more rights: required by Landlock
// and by a seccomp filter loaded without CAP_SYS_ADMIN. Returns 0, or -1 with errno set.
static inline int drover_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

// Writes `text` to a /proc file; 0, or the errno.
static inline int drover_write_proc(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    ssize_t length = (ssize_t)strlen(text);
    int code = write(fd, text, (size_t)length) == length ? 0 : (errno != 0 ? errno : EIO);
    close(fd);
    return code;
}

// Moves the calling process into a new user namespace and a new network namespace (one
// with only a loopback device, down): no socket it could still make reaches anything.
// The user keeps its own uid and gid inside (mapped to themselves), with no
// supplementary groups. The caller must be single-threaded (the kernel refuses a user
// namespace to a threaded process). Returns 0, or the errno of the step that failed.
static inline int drover_unshare_user_and_network(void) {
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (syscall(SYS_unshare, 0x10000000 /* CLONE_NEWUSER */ | 0x40000000 /* CLONE_NEWNET */) != 0) return errno;
    char map[64];
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    int code = drover_write_proc("/proc/self/uid_map", map);
    if (code == 0) code = drover_write_proc("/proc/self/setgroups", "deny\n");
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    if (code == 0) code = drover_write_proc("/proc/self/gid_map", map);
    // The namespaces hold even if a map could not be written (the ids then read as nobody).
    (void)code;
    return 0;
}

// Landlock (Linux 5.13 and later; ABI versions add rights, 6.18 has 7).
#define DROVER_LANDLOCK_CREATE_RULESET 444
#define DROVER_LANDLOCK_RESTRICT_SELF 446
struct drover_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;  // ABI 4
    uint64_t scoped;              // ABI 6
};

// The ABI version the kernel offers, or 0 without Landlock (not built, or disabled at boot).
static inline int drover_landlock_abi(void) {
    long version = syscall(DROVER_LANDLOCK_CREATE_RULESET, NULL, 0, 1U /* LANDLOCK_CREATE_RULESET_VERSION */);
    return version > 0 ? (int)version : 0;
}

// Restricts the calling process to no file system access at all (every right its ABI
// knows is handled, and no rule grants one back), no TCP bind or connect (ABI 4), and no
// abstract Unix socket or signal outside its own domain (ABI 6). Descriptors it already
// holds keep working. Needs no_new_privs. Returns 0, or the errno.
static inline int drover_landlock_deny_all(int abi) {
    if (abi <= 0) return ENOSYS;
    struct drover_landlock_ruleset_attr attr = {0};
    attr.handled_access_fs = (1ULL << 13) - 1;            // ABI 1: execute … make_sym
    if (abi >= 2) attr.handled_access_fs |= 1ULL << 13;   // refer
    if (abi >= 3) attr.handled_access_fs |= 1ULL << 14;   // truncate
    if (abi >= 5) attr.handled_access_fs |= 1ULL << 15;   // ioctl_dev
    if (abi >= 4) attr.handled_access_net = 3;            // bind_tcp, connect_tcp
    if (abi >= 6) attr.scoped = 3;                        // abstract unix socket, signal
    size_t size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
    int ruleset = (int)syscall(DROVER_LANDLOCK_CREATE_RULESET, &attr, size, 0);
    if (ruleset < 0) return errno;
    int code = syscall(DROVER_LANDLOCK_RESTRICT_SELF, ruleset, 0) == 0 ? 0 : errno;
    close(ruleset);
    return code;
}

#endif
