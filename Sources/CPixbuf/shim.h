// GdkPixbuf (an image library, not GTK): GalleryKit decodes, measures and
// thumbnails photos with it, so the domain layer stays free of GTK.
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
