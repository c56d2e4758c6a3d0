// DroverContentProvider: a GdkContentProvider subclass whose bytes and values
// come from Swift when they are asked for (see CDrover.h).
#include "CDrover.h"

struct _DroverContentProvider {
    GdkContentProvider parent_instance;
    /// What Swift offers: value types (a file list) and the MIME types its `write` makes.
    GdkContentFormats *formats;
    /// What targets see: `formats` plus the MIME types GTK serialises the values to.
    GdkContentFormats *offered;
    DroverContentWrite write;
    DroverContentGetValue get_value;
    gpointer user_data;
    GDestroyNotify destroy;
    /// Set when Swift makes what the values hold before they are read (a drag's
    /// files, made only when a target asks): a value's MIME type goes to `write`
    /// first, which calls drover_content_provider_write_value when ready.
    gboolean prepares_values;
};

G_DEFINE_FINAL_TYPE(DroverContentProvider, drover_content_provider, GDK_TYPE_CONTENT_PROVIDER)

static void drover_content_provider_finalize(GObject *object) {
    DroverContentProvider *self = DROVER_CONTENT_PROVIDER(object);
    if (self->destroy && self->user_data) self->destroy(self->user_data);
    g_clear_pointer(&self->formats, gdk_content_formats_unref);
    g_clear_pointer(&self->offered, gdk_content_formats_unref);
    G_OBJECT_CLASS(drover_content_provider_parent_class)->finalize(object);
}

static GdkContentFormats *drover_content_provider_ref_formats(GdkContentProvider *provider) {
    return gdk_content_formats_ref(DROVER_CONTENT_PROVIDER(provider)->offered);
}

static void serialized(GObject *source, GAsyncResult *result, gpointer user_data) {
    GTask *task = user_data;
    GError *error = NULL;
    if (gdk_content_serialize_finish(result, &error)) g_task_return_boolean(task, TRUE);
    else g_task_return_error(task, error);
    g_object_unref(task);
    (void)source;
}

static gboolean write_from_value(DroverContentProvider *self, const char *mime_type, GOutputStream *stream,
                                 int io_priority, GCancellable *cancellable, GTask *task);

static void drover_content_provider_write_async(GdkContentProvider *provider, const char *mime_type,
                                                GOutputStream *stream, int io_priority,
                                                GCancellable *cancellable, GAsyncReadyCallback callback,
                                                gpointer user_data) {
    DroverContentProvider *self = DROVER_CONTENT_PROVIDER(provider);
    GTask *task = g_task_new(provider, cancellable, callback, user_data);
    g_task_set_source_tag(task, drover_content_provider_write_async);
    if (!self->write || !gdk_content_formats_contain_mime_type(self->offered, mime_type)) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                "Cannot provide contents as %s", mime_type);
        g_object_unref(task);
        return;
    }
    // A type Swift offers itself is Swift's to write, even where a value could be
    // serialised to it too (GTK writes a file list as text/plain paths: a note's
    // text must not become a list of paths).
    if (gdk_content_formats_contain_mime_type(self->formats, mime_type)) {
        self->write(provider, mime_type, stream, cancellable, task, self->user_data);
        return;
    }
    if (self->prepares_values) {
        self->write(provider, mime_type, stream, cancellable, task, self->user_data);
        return;
    }
    if (write_from_value(self, mime_type, stream, io_priority, cancellable, task)) return;
    // Swift owns the task reference from here and gives it back in finish_write.
    self->write(provider, mime_type, stream, cancellable, task, self->user_data);
}

void drover_content_provider_write_value(GdkContentProvider *provider, const char *mime_type, GOutputStream *stream,
                                         GCancellable *cancellable, GTask *task) {
    if (write_from_value(DROVER_CONTENT_PROVIDER(provider), mime_type, stream, G_PRIORITY_DEFAULT, cancellable, task)) return;
    g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Cannot provide contents as %s", mime_type);
    g_object_unref(task);
}

void drover_content_provider_set_prepares_values(GdkContentProvider *provider, gboolean prepares) {
    DROVER_CONTENT_PROVIDER(provider)->prepares_values = prepares;
}

// Types that come from a value (a file list's text/uri-list) go through GTK's own
// serialisers, exactly as a value provider would write them. FALSE when no value
// serialises to `mime_type` (the task is untouched then).
static gboolean write_from_value(DroverContentProvider *self, const char *mime_type, GOutputStream *stream,
                                 int io_priority, GCancellable *cancellable, GTask *task) {
    GdkContentProvider *provider = GDK_CONTENT_PROVIDER(self);
    GType *gtypes;
    gsize n_gtypes = 0;
    gtypes = (GType *)gdk_content_formats_get_gtypes(self->formats, &n_gtypes);
    for (gsize i = 0; i < n_gtypes; i++) {
        GdkContentFormats *own = gdk_content_formats_union_serialize_mime_types(gdk_content_formats_new_for_gtype(gtypes[i]));
        gboolean serializable = gdk_content_formats_contain_mime_type(own, mime_type);
        gdk_content_formats_unref(own);
        if (!serializable) continue;
        GValue value = G_VALUE_INIT;
        g_value_init(&value, gtypes[i]);
        if (self->get_value && self->get_value(provider, &value, self->user_data)) {
            gdk_content_serialize_async(stream, mime_type, &value, io_priority, cancellable, serialized, task);
            g_value_unset(&value);
            return TRUE;
        }
        g_value_unset(&value);
    }
    return FALSE;
}

static gboolean drover_content_provider_write_finish(GdkContentProvider *provider, GAsyncResult *result,
                                                     GError **error) {
    g_return_val_if_fail(g_task_is_valid(result, provider), FALSE);
    return g_task_propagate_boolean(G_TASK(result), error);
}

static gboolean drover_content_provider_get_value(GdkContentProvider *provider, GValue *value, GError **error) {
    DroverContentProvider *self = DROVER_CONTENT_PROVIDER(provider);
    if (self->get_value && self->get_value(provider, value, self->user_data)) return TRUE;
    return GDK_CONTENT_PROVIDER_CLASS(drover_content_provider_parent_class)->get_value(provider, value, error);
}

static void drover_content_provider_class_init(DroverContentProviderClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = drover_content_provider_finalize;
    GdkContentProviderClass *provider_class = GDK_CONTENT_PROVIDER_CLASS(klass);
    provider_class->ref_formats = drover_content_provider_ref_formats;
    provider_class->write_mime_type_async = drover_content_provider_write_async;
    provider_class->write_mime_type_finish = drover_content_provider_write_finish;
    provider_class->get_value = drover_content_provider_get_value;
}

static void drover_content_provider_init(DroverContentProvider *self) { (void)self; }

GdkContentProvider *drover_content_provider_new(GdkContentFormats *formats, DroverContentWrite write,
                                                DroverContentGetValue get_value, gpointer user_data,
                                                GDestroyNotify destroy) {
    DroverContentProvider *self = g_object_new(DROVER_TYPE_CONTENT_PROVIDER, NULL);
    self->formats = gdk_content_formats_ref(formats);
    self->offered = gdk_content_formats_union_serialize_mime_types(gdk_content_formats_ref(formats));
    self->write = write;
    self->get_value = get_value;
    self->user_data = user_data;
    self->destroy = destroy;
    return GDK_CONTENT_PROVIDER(self);
}

void drover_content_provider_finish_write(GTask *task, const char *error_message) {
    if (error_message) g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", error_message);
    else g_task_return_boolean(task, TRUE);
    g_object_unref(task);
}

void drover_value_set_file_list(GValue *value, const char *const *uris) {
    GSList *files = NULL;
    for (const char *const *uri = uris; uri && *uri; uri++) files = g_slist_prepend(files, g_file_new_for_uri(*uri));
    files = g_slist_reverse(files);
    g_value_take_boxed(value, gdk_file_list_new_from_list(files));
    g_slist_free_full(files, g_object_unref);
}

char **drover_value_dup_uris(const GValue *value) {
    GStrvBuilder *builder = g_strv_builder_new();
    if (G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) {
        GSList *files = gdk_file_list_get_files(g_value_get_boxed(value));
        for (GSList *l = files; l; l = l->next) {
            char *uri = g_file_get_uri(l->data);
            g_strv_builder_add(builder, uri);
            g_free(uri);
        }
        g_slist_free(files);
    } else if (G_VALUE_HOLDS(value, G_TYPE_FILE)) {
        char *uri = g_file_get_uri(g_value_get_object(value));
        g_strv_builder_add(builder, uri);
        g_free(uri);
    }
    char **uris = g_strv_builder_end(builder);
    g_strv_builder_unref(builder);
    return uris;
}

char *drover_value_dup_string(const GValue *value) {
    return G_VALUE_HOLDS_STRING(value) ? g_value_dup_string(value) : NULL;
}

GdkTexture *drover_value_dup_texture(const GValue *value) {
    return G_VALUE_HOLDS(value, GDK_TYPE_TEXTURE) ? g_value_dup_object(value) : NULL;
}
