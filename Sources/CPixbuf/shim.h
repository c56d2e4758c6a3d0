// GdkPixbuf (an image library, not GTK): DecoderKit and GalleryKit decode, measure and
// thumbnail photos with it, so the domain layer stays free of GTK. The thumbnail writers
// use libpng (and gdk-pixbuf's JPEG saver) directly. GIO (part of GLib, not GTK) moves
// removed photos to the freedesktop Trash. System calls (fork, pidfd, sockets, rename)
// are CSystem's.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <errno.h>
#include <stdio.h>

static inline void drover_pixbuf_unref(GdkPixbuf *pixbuf) { g_object_unref(pixbuf); }

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

// Loads gdk-pixbuf's JPEG and PNG loaders and its type sniffing (GIO's shared-MIME
// database) once, in the decoder server before its first fork, so that no child pays
// for them again (about 3 ms of CPU each). A tiny image, in memory: nothing touches GIO's
// file system modules, which could start threads.
static inline void drover_pixbuf_warm_up(void) {
    GdkPixbuf *pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, 16, 16);
    if (pixbuf == NULL) return;
    gdk_pixbuf_fill(pixbuf, 0x808080ff);
    const char *types[] = {"jpeg", "png"};
    for (int i = 0; i < 2; i++) {
        gchar *buffer = NULL;
        gsize size = 0;
        if (!gdk_pixbuf_save_to_buffer(pixbuf, &buffer, &size, types[i], NULL, NULL)) continue;
        GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
        gdk_pixbuf_loader_set_size(loader, 8, 8);
        gdk_pixbuf_loader_write(loader, (const guchar *)buffer, size, NULL);
        gdk_pixbuf_loader_close(loader, NULL);
        g_object_unref(loader);
        g_free(buffer);
    }
    g_object_unref(pixbuf);
}

// Writes a thumbnail PNG with libpng directly, because gdk-pixbuf cannot say how: every
// row filtered with Sub and the result Huffman-coded only (zlib level 1, Z_HUFFMAN_ONLY).
// For a photo's thumbnail that is both the fastest and, here, the smallest choice: after
// the Sub filter, photos leave LZ77 almost nothing to find (a 256×192 thumbnail: 1 ms,
// 79 KB, against gdk-pixbuf's 3.2 ms and 84 KB at level 1 and 13–16 ms, 72 KB at its
// default 6). Returns 0, or the errno of the failure (EIO when libpng fails without one).
#include <png.h>
#include <setjmp.h>
#include <string.h>

struct drover_thumbnail_output {
    FILE *file;
    int error;
};

// Flushes and closes a written thumbnail: 0, or the errno of the failure (a full disk shows
// here when the last buffered bytes go out). Both writers below end with it.
static inline int drover_thumbnail_output_close(struct drover_thumbnail_output *output) {
    errno = 0;
    if (fflush(output->file) != 0) {
        int code = errno != 0 ? errno : EIO;
        fclose(output->file);
        return code;
    }
    if (fclose(output->file) != 0) return errno != 0 ? errno : EIO;
    return 0;
}

static inline void drover_png_write(png_structp png, png_bytep bytes, size_t length) {
    struct drover_thumbnail_output *output = png_get_io_ptr(png);
    errno = 0;
    if (fwrite(bytes, 1, length, output->file) != length) {
        output->error = errno != 0 ? errno : EIO;
        png_error(png, "write failed");
    }
}

static inline void drover_png_flush(png_structp png) { (void)png; }

// libpng's own handlers print to standard error; the errno is the answer here.
static inline void drover_png_fail(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static inline void drover_png_warn(png_structp png, png_const_charp message) { (void)png; (void)message; }

static inline int drover_save_thumbnail_png(GdkPixbuf *pixbuf, const char *path) {
    struct drover_thumbnail_output output = { fopen(path, "wb"), 0 };
    if (output.file == NULL) return errno;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, drover_png_fail, drover_png_warn);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        fclose(output.file);
        return ENOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(output.file);
        return output.error != 0 ? output.error : EIO;
    }
    png_set_write_fn(png, &output, drover_png_write, drover_png_flush);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, 2 /* Z_HUFFMAN_ONLY */);
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int color = gdk_pixbuf_get_has_alpha(pixbuf) ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB;
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    const guchar *pixels = gdk_pixbuf_read_pixels(pixbuf);
    int stride = gdk_pixbuf_get_rowstride(pixbuf);
    for (int row = 0; row < height; row++) png_write_row(png, pixels + (size_t)row * (size_t)stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return drover_thumbnail_output_close(&output);
}

// Writes a JPEG photo's thumbnail as a JPEG at quality 90, through gdk-pixbuf's JPEG saver
// (libjpeg) with a writer that keeps the errno of a failed write, as the PNG writer above
// does. For a 256×192 thumbnail: 0.32 ms and about 12 KB, against 1.1 ms and 80 KB as PNG,
// and it decodes faster for a tile; at 256 pixels quality 90 shows no loss on a photo.
// Returns 0, or the errno of the failure (EIO when the saver fails without one).
static inline gboolean drover_jpeg_write(const gchar *bytes, gsize length, GError **error, gpointer data) {
    struct drover_thumbnail_output *output = data;
    errno = 0;
    if (fwrite(bytes, 1, length, output->file) != length) {
        output->error = errno != 0 ? errno : EIO;
        g_set_error_literal(error, G_FILE_ERROR, g_file_error_from_errno(output->error), "write failed");
        return FALSE;
    }
    return TRUE;
}

static inline int drover_save_thumbnail_jpeg(GdkPixbuf *pixbuf, const char *path) {
    struct drover_thumbnail_output output = { fopen(path, "wb"), 0 };
    if (output.file == NULL) return errno;
    GError *error = NULL;
    gboolean saved = gdk_pixbuf_save_to_callback(pixbuf, drover_jpeg_write, &output, "jpeg", &error,
                                                 "quality", "90", NULL);
    g_clear_error(&error);
    if (!saved) {
        fclose(output.file);
        return output.error != 0 ? output.error : EIO;
    }
    return drover_thumbnail_output_close(&output);
}
