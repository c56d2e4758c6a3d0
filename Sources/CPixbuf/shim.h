// GdkPixbuf (an image library, not GTK): GalleryKit decodes, measures and
// thumbnails photos with it, so the domain layer stays free of GTK. GIO (part of
// GLib, not GTK) moves removed photos to the freedesktop Trash.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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
