// C glue for the parts of Drover that Swift cannot express.
#pragma once
#include <gtk/gtk.h>

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
void drover_canvas_set_layout(DroverCanvas *canvas, DroverCanvasMeasure measure,
                              DroverCanvasAllocate allocate, gpointer user_data,
                              GDestroyNotify destroy);

G_END_DECLS
