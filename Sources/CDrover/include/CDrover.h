// C glue for the parts of Drover that Swift cannot express.
#pragma once
// GTK through CGtk's header, as CAdwaita's shim does (see there why): Swift then finds GTK's
// declarations in CGtk whichever of the two modules a file imports first.
#include "../../CGtk/shim.h"

G_BEGIN_DECLS

/// Hooks libdispatch's main queue into the default GMainContext, so that
/// DispatchQueue.main and the Swift main actor run inside g_application_run.
/// Idempotent; returns the GSource id.
guint drover_main_queue_attach(void);

/// Layout callbacks of a DroverCanvas: measure reports the size for a given
/// orientation and for_size; allocate positions the children.
typedef void (*DroverCanvasMeasure)(GtkWidget *canvas, GtkOrientation orientation, int for_size,
                                    int *minimum, int *natural, gpointer user_data);
typedef void (*DroverCanvasAllocate)(GtkWidget *canvas, int width, int height, gpointer user_data);

/// A container widget whose layout is computed by Swift callbacks. Children
/// are added with gtk_widget_set_parent and removed with gtk_widget_unparent;
/// the canvas unparents whatever is left when it is disposed.
#define DROVER_TYPE_CANVAS (drover_canvas_get_type())
G_DECLARE_FINAL_TYPE(DroverCanvas, drover_canvas, DROVER, CANVAS, GtkWidget)
GtkWidget *drover_canvas_new(GtkAccessibleRole role, const char *css_name);
/// Draws extra content after the canvas's children, from Swift (NULL to stop).
typedef void (*DroverCanvasSnapshot)(GtkWidget *canvas, GtkSnapshot *snapshot, gpointer user_data);
void drover_canvas_set_snapshot(DroverCanvas *canvas, DroverCanvasSnapshot snapshot, gpointer user_data,
                                GDestroyNotify destroy);
void drover_canvas_set_layout(DroverCanvas *canvas, DroverCanvasMeasure measure,
                              DroverCanvasAllocate allocate, gpointer user_data,
                              GDestroyNotify destroy);

G_END_DECLS

G_BEGIN_DECLS

/// A content provider whose data is produced by Swift, lazily, at the moment a
/// drop target (or clipboard reader) asks for it. A drag source offers it so
/// that what a target receives is decided at drop time (flocking adds items
/// mid-drag), and slow representations are only made if someone wants them.
///
/// `formats` are what Swift offers: value types (a file list) and the MIME types
/// `write` makes; the provider also offers the MIME types GTK serialises the
/// values to, and writes those itself. `write` is called for each request of one
/// of `formats`' MIME types; the callee must later call
/// `drover_content_provider_finish_write` with the same task, exactly once.
/// `get_value` fills `value` (already initialised to the requested GType) and
/// returns TRUE, or returns FALSE if it cannot provide that type.
typedef void (*DroverContentWrite)(GdkContentProvider *provider, const char *mime_type,
                                   GOutputStream *stream, GCancellable *cancellable,
                                   GTask *task, gpointer user_data);
typedef gboolean (*DroverContentGetValue)(GdkContentProvider *provider, GValue *value, gpointer user_data);

#define DROVER_TYPE_CONTENT_PROVIDER (drover_content_provider_get_type())
G_DECLARE_FINAL_TYPE(DroverContentProvider, drover_content_provider, DROVER, CONTENT_PROVIDER, GdkContentProvider)
GdkContentProvider *drover_content_provider_new(GdkContentFormats *formats, DroverContentWrite write,
                                                DroverContentGetValue get_value, gpointer user_data,
                                                GDestroyNotify destroy);
/// Completes a write: `error_message` NULL for success.
void drover_content_provider_finish_write(GTask *task, const char *error_message);
/// With `prepares`, a request for a MIME type that a value serialises to (a file
/// list's text/uri-list) goes to `write` too, so that Swift can make what the value
/// holds first; Swift then calls drover_content_provider_write_value, which writes
/// it through GTK's serialisers and completes the task.
void drover_content_provider_set_prepares_values(GdkContentProvider *provider, gboolean prepares);
void drover_content_provider_write_value(GdkContentProvider *provider, const char *mime_type, GOutputStream *stream,
                                         GCancellable *cancellable, GTask *task);

/// Fills a GValue of type GDK_TYPE_FILE_LIST from a NULL-terminated array of URIs.
void drover_value_set_file_list(GValue *value, const char *const *uris);
/// Reads the URIs of a GValue holding a GdkFileList (or a single GFile) as a
/// newly allocated NULL-terminated array (free with g_strfreev), or NULL.
char **drover_value_dup_uris(const GValue *value);
/// The string in a G_TYPE_STRING value, newly allocated, or NULL.
char *drover_value_dup_string(const GValue *value);
/// The texture in a GDK_TYPE_TEXTURE value, with a new reference, or NULL.
GdkTexture *drover_value_dup_texture(const GValue *value);

G_END_DECLS

G_BEGIN_DECLS

/// A paintable showing `texture`, scaled (bilinear) to the size it is drawn at once and then
/// drawn one to one: GTK 4.8's cairo renderer converts and scales a texture at every draw.
/// `scale` is the widget's scale factor (device pixels per logical one).
#define DROVER_TYPE_DRAWN_ONCE_PAINTABLE (drover_drawn_once_paintable_get_type())
G_DECLARE_FINAL_TYPE(DroverDrawnOncePaintable, drover_drawn_once_paintable, DROVER, DRAWN_ONCE_PAINTABLE, GObject)
GdkPaintable *drover_drawn_once_paintable_new(GdkTexture *texture, int scale);

G_END_DECLS
