// GdkPixbuf (an image library, not GTK): GalleryKit decodes, measures and
// thumbnails photos with it, so the domain layer stays free of GTK.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>

static inline void drover_pixbuf_unref(GdkPixbuf *pixbuf) { g_object_unref(pixbuf); }
