// GdkPixbuf (an image library, not GTK): DecoderKit and GalleryKit decode, measure and
// thumbnail photos with it, so the domain layer stays free of GTK. The thumbnail writers
// use libpng (and gdk-pixbuf's JPEG saver) directly. GIO (part of GLib, not GTK) moves
// removed photos to the freedesktop Trash. System calls (fork, pidfd, sockets, rename)
// are CSystem's.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

// Loads the named gdk-pixbuf loader modules (they are otherwise opened lazily, with dlopen,
// at the first image of their type), in the decoder server before its first fork: a decode
// child, whose filter refuses open(), finds them already in memory. Only the loaders of the
// formats an import takes (DecoderKit's `DecoderServer.loaderNames`): every other module
// mapped would be copied by every fork for nothing, and an image of another type fails to
// decode in the child (its loader cannot be opened there), which is a refusal, not a risk.
// Each loader is started on no data and closed again. Names not installed are skipped.
// Returns how many were loaded.
static inline void drover_pixbuf_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static inline int drover_pixbuf_load_loaders(const char *const *names, int name_count) {
    int count = 0;
    // A loader closed on no data may complain ("No 'ftyp' box"): not worth a log line.
    GLogFunc previous = g_log_set_default_handler(drover_pixbuf_quiet, NULL);
    GSList *formats = gdk_pixbuf_get_formats();
    for (GSList *item = formats; item != NULL; item = item->next) {
        if (gdk_pixbuf_format_is_scalable(item->data)) continue;
        gchar *name = gdk_pixbuf_format_get_name(item->data);
        gboolean wanted = FALSE;
        for (int i = 0; name != NULL && i < name_count && !wanted; i++) wanted = strcmp(name, names[i]) == 0;
        GdkPixbufLoader *loader = wanted ? gdk_pixbuf_loader_new_with_type(name, NULL) : NULL;
        if (loader != NULL) {
            GError *ignored = NULL;
            gdk_pixbuf_loader_close(loader, &ignored);
            g_clear_error(&ignored);
            g_object_unref(loader);
            count++;
        }
        g_free(name);
    }
    g_slist_free(formats);
    g_log_set_default_handler(previous, NULL);
    return count;
}

// The header's size, and the size to scale to: down (never up) to fit `box`, keeping the
// aspect ratio as gdk_pixbuf_new_from_file_at_scale does.
struct drover_descriptor_load {
    int box;
    long long max_pixels;
    int width;
    int height;
    int too_many_pixels;
};

static inline void drover_descriptor_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    struct drover_descriptor_load *load = data;
    load->width = width;
    load->height = height;
    if (load->max_pixels > 0 && (long long)width * (long long)height > load->max_pixels) {
        // Refused from the header, before a pixel is decoded: the writes stop at the next chunk.
        load->too_many_pixels = 1;
        return;
    }
    if (load->box <= 0 || width <= 0 || height <= 0 || (width <= load->box && height <= load->box)) return;
    int scaled_width = load->box, scaled_height = load->box;
    if (height > width) {
        scaled_width = (int)(0.5 + (double)width * (double)load->box / (double)height);
    } else {
        scaled_height = (int)(0.5 + (double)height * (double)load->box / (double)width);
    }
    gdk_pixbuf_loader_set_size(loader, scaled_width > 0 ? scaled_width : 1, scaled_height > 0 ? scaled_height : 1);
}

// Decodes the image readable on `descriptor` (read to its end; not closed), after the
// `prefix_length` bytes at `prefix` the caller read from it first (to tell a JPEG, which
// DecoderKit's JPEGDecoder decodes, from the rest), scaled down to
// fit `box`×`box` (0: full size), with gdk-pixbuf's sniffing. Sets *width and *height to
// the header's size. Returns a new reference, or NULL with *error set: G_FILE_ERROR when
// reading failed, a GdkPixbufError otherwise. An image whose header announces more than
// `max_pixels` (when above 0) is not decoded: NULL, *too_many_pixels set, and no error.
static inline GdkPixbuf *drover_pixbuf_load_descriptor(int descriptor, const guchar *prefix, gsize prefix_length, int box,
                                                       long long max_pixels, int *width, int *height,
                                                       int *too_many_pixels, GError **error) {
    struct drover_descriptor_load load = { box, max_pixels, 0, 0, 0 };
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect(loader, "size-prepared", G_CALLBACK(drover_descriptor_size_prepared), &load);
    guchar buffer[65536];
    gboolean ok = TRUE;
    gboolean any = prefix_length > 0;
    if (prefix_length > 0) {
        ok = gdk_pixbuf_loader_write(loader, prefix, prefix_length, error);
        if (load.too_many_pixels) {
            g_clear_error(error);
            ok = FALSE;
        }
    }
    while (ok) {
        ssize_t count = read(descriptor, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) {
            int code = errno;
            g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(code), "cannot read the image: %s", g_strerror(code));
            ok = FALSE;
            break;
        }
        if (count == 0) break;
        any = TRUE;
        ok = gdk_pixbuf_loader_write(loader, buffer, (gsize)count, error);
        if (load.too_many_pixels) {
            g_clear_error(error);
            ok = FALSE;
        }
    }
    if (ok && !any) {
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "the image file contains no data");
        ok = FALSE;
    }
    // Closed either way (a loader dropped unclosed warns); its error matters only if the writes went well.
    gboolean closed = gdk_pixbuf_loader_close(loader, ok ? error : NULL);
    *too_many_pixels = load.too_many_pixels;
    GdkPixbuf *pixbuf = ok && closed ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (pixbuf != NULL) g_object_ref(pixbuf);
    else if (ok && closed) g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_FAILED, "the loader gave no image");
    g_object_unref(loader);
    *width = load.width;
    *height = load.height;
    return pixbuf;
}

// Writes a thumbnail PNG with libpng directly, because gdk-pixbuf cannot say how: every
// row filtered with Sub and the result Huffman-coded only (zlib level 1, Z_HUFFMAN_ONLY).
// For a photo's thumbnail that is both the fastest and, here, the smallest choice: after
// the Sub filter, photos leave LZ77 almost nothing to find (a 256×192 thumbnail: 1 ms,
// 79 KB, against gdk-pixbuf's 3.2 ms and 84 KB at level 1 and 13–16 ms, 72 KB at its
// default 6). Both writers write to an open descriptor (the decode child opens no path)
// and close it. Returns 0, or the errno of the failure (EIO when libpng fails without one).
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

static inline int drover_save_thumbnail_png(GdkPixbuf *pixbuf, int descriptor) {
    struct drover_thumbnail_output output = { fdopen(descriptor, "wb"), 0 };
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

static inline int drover_save_thumbnail_jpeg(GdkPixbuf *pixbuf, int descriptor) {
    struct drover_thumbnail_output output = { fdopen(descriptor, "wb"), 0 };
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
