// GdkPixbuf (an image library, not GTK): GalleryKit decodes, measures and
// thumbnails photos with it, so the domain layer stays free of GTK. GIO (part of
// GLib, not GTK) moves removed photos to the freedesktop Trash.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline void drover_pixbuf_unref(GdkPixbuf *pixbuf) { g_object_unref(pixbuf); }

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

// Moves `path` to the freedesktop Trash with GIO's g_file_trash: the user's trash
// ($XDG_DATA_HOME/Trash) for files on the home file system, else the
// .Trash-$UID folder at the top of the file's mount. GIO never falls back to deleting.
// Returns 0 when trashed. Otherwise returns 1 when the file does not exist, 2 for
// any other failure (no trash can on that file system, permissions…), and sets
// *message to GIO's reason, to be freed with g_free.
static inline int drover_trash_file(const char *path, char **message) {
    *message = NULL;
    GFile *file = g_file_new_for_path(path);
    GError *error = NULL;
    gboolean trashed = g_file_trash(file, NULL, &error);
    g_object_unref(file);
    if (trashed) return 0;
    int result = g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? 1 : 2;
    *message = g_strdup(error != NULL ? error->message : "unknown error");
    g_clear_error(&error);
    return result;
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

// Closes every descriptor from `lowest` up in a spawned child (glibc 2.34 and later;
// declared only under _GNU_SOURCE, hence the declaration here), so the decoder helper
// inherits nothing of Drover's but the three it is given.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
static inline int drover_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
