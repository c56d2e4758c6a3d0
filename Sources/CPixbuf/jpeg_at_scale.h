// A JPEG scaled to fit a box on load, as gdk_pixbuf_new_from_file_at_scale(path, box,
// box, TRUE, error) makes it, but read in 256 KB pieces: that function reads the file
// 4 KB at a time, which for a 12-megapixel photo is about a thousand read calls in every
// decode child (about 1 ms of kernel time). Only for a file that starts as a JPEG does:
// the JPEG loader is chosen by those bytes either way, and a JPEG has no frames, so no
// animation handling is left out. Anything else (and a file this cannot open) returns
// NULL with *handled FALSE, and the caller uses gdk-pixbuf's own function, so every
// other format and every file error keeps gdk-pixbuf's own path and message.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

enum { DROVER_JPEG_READ_SIZE = 256 * 1024 };

// gdk-pixbuf's at-scale rule for a square box, aspect kept: the longer side fills it.
static inline void drover_jpeg_fit_box(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    int box = GPOINTER_TO_INT(data);
    if (width <= 0 || height <= 0) return;
    if (height > width) {
        width = (int)(0.5 + (double)width * (double)box / (double)height);
        height = box;
    } else {
        height = (int)(0.5 + (double)height * (double)box / (double)width);
        width = box;
    }
    gdk_pixbuf_loader_set_size(loader, width > 1 ? width : 1, height > 1 ? height : 1);
}

static inline ssize_t drover_read_fully(int fd, unsigned char *buffer, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t count = read(fd, buffer + done, size - done);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) return done > 0 ? (ssize_t)done : -1;
        if (count == 0) break;
        done += (size_t)count;
    }
    return (ssize_t)done;
}

static inline GdkPixbuf *drover_load_jpeg_at_scale(const char *path, int box, gboolean *handled, GError **error) {
    *handled = FALSE;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return NULL;
    unsigned char *buffer = malloc(DROVER_JPEG_READ_SIZE);
    ssize_t length = buffer != NULL ? drover_read_fully(fd, buffer, DROVER_JPEG_READ_SIZE) : -1;
    GdkPixbufLoader *loader = NULL;
    if (length >= 3 && buffer[0] == 0xFF && buffer[1] == 0xD8 && buffer[2] == 0xFF)
        loader = gdk_pixbuf_loader_new_with_type("jpeg", NULL);
    if (loader == NULL) {
        free(buffer);
        close(fd);
        return NULL;
    }
    *handled = TRUE;
    g_signal_connect(loader, "size-prepared", G_CALLBACK(drover_jpeg_fit_box), GINT_TO_POINTER(box));
    // Like gdk-pixbuf's loop: a read error ends the input, and the loader says what is missing.
    while (length > 0) {
        if (!gdk_pixbuf_loader_write(loader, buffer, (gsize)length, error)) {
            gdk_pixbuf_loader_close(loader, NULL);
            g_object_unref(loader);
            free(buffer);
            close(fd);
            return NULL;
        }
        length = length < DROVER_JPEG_READ_SIZE ? 0 : drover_read_fully(fd, buffer, DROVER_JPEG_READ_SIZE);
    }
    free(buffer);
    close(fd);
    if (!gdk_pixbuf_loader_close(loader, error)) {
        g_object_unref(loader);
        return NULL;
    }
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
    if (pixbuf == NULL) {
        gchar *display_name = g_filename_display_name(path);
        g_set_error(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_FAILED,
                    g_dgettext("gdk-pixbuf", "Failed to load image “%s”: reason not known, probably a corrupt image file"),
                    display_name);
        g_free(display_name);
    } else {
        g_object_ref(pixbuf);
    }
    g_object_unref(loader);
    return pixbuf;
}
