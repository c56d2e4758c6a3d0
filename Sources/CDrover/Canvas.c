// DroverCanvas: a GtkWidget whose measure and size_allocate are Swift
// callbacks. GTK 4.8 has no public way to subclass a widget from Swift, and
// the photo grid needs its own layout (fixed-size cells, recycled tiles,
// per-tile transforms), so this is the smallest possible C shell for it.
#include "CDrover.h"

struct _DroverCanvas {
    GtkWidget parent_instance;
    DroverCanvasMeasure measure;
    DroverCanvasAllocate allocate;
    gpointer user_data;
    GDestroyNotify destroy;
    DroverCanvasSnapshot snapshot;
    gpointer snapshot_data;
    GDestroyNotify snapshot_destroy;
};

G_DEFINE_FINAL_TYPE(DroverCanvas, drover_canvas, GTK_TYPE_WIDGET)

static void drover_canvas_release_layout(DroverCanvas *self) {
    if (self->destroy && self->user_data) self->destroy(self->user_data);
    self->measure = NULL;
    self->allocate = NULL;
    self->user_data = NULL;
    self->destroy = NULL;
}

static void drover_canvas_release_snapshot(DroverCanvas *self) {
    if (self->snapshot_destroy && self->snapshot_data) self->snapshot_destroy(self->snapshot_data);
    self->snapshot = NULL;
    self->snapshot_data = NULL;
    self->snapshot_destroy = NULL;
}

static void drover_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    DroverCanvas *self = DROVER_CANVAS(widget);
    GTK_WIDGET_CLASS(drover_canvas_parent_class)->snapshot(widget, snapshot);
    if (self->snapshot) self->snapshot(widget, snapshot, self->snapshot_data);
}

static void drover_canvas_dispose(GObject *object) {
    DroverCanvas *self = DROVER_CANVAS(object);
    drover_canvas_release_snapshot(self);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL) gtk_widget_unparent(child);
    drover_canvas_release_layout(self);
    G_OBJECT_CLASS(drover_canvas_parent_class)->dispose(object);
}

static void drover_canvas_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                  int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    DroverCanvas *self = DROVER_CANVAS(widget);
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
    if (self->measure) self->measure(widget, orientation, for_size, minimum, natural, self->user_data);
}

static void drover_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    DroverCanvas *self = DROVER_CANVAS(widget);
    if (self->allocate) self->allocate(widget, width, height, self->user_data);
}

static GtkSizeRequestMode drover_canvas_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void drover_canvas_class_init(DroverCanvasClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = drover_canvas_dispose;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = drover_canvas_measure;
    widget_class->size_allocate = drover_canvas_size_allocate;
    widget_class->get_request_mode = drover_canvas_request_mode;
    widget_class->snapshot = drover_canvas_snapshot;
}

static void drover_canvas_init(DroverCanvas *self) { (void)self; }

GtkWidget *drover_canvas_new(GtkAccessibleRole role, const char *css_name) {
    GtkWidget *canvas = GTK_WIDGET(g_object_new(DROVER_TYPE_CANVAS, "accessible-role", role, NULL));
    if (css_name) gtk_widget_add_css_class(canvas, css_name);
    return canvas;
}

void drover_canvas_set_layout(DroverCanvas *self, DroverCanvasMeasure measure, DroverCanvasAllocate allocate,
                              gpointer user_data, GDestroyNotify destroy) {
    drover_canvas_release_layout(self);
    self->measure = measure;
    self->allocate = allocate;
    self->user_data = user_data;
    self->destroy = destroy;
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

void drover_canvas_set_snapshot(DroverCanvas *self, DroverCanvasSnapshot snapshot, gpointer user_data,
                                GDestroyNotify destroy) {
    drover_canvas_release_snapshot(self);
    self->snapshot = snapshot;
    self->snapshot_data = user_data;
    self->snapshot_destroy = destroy;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}
