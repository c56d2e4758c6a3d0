// GTK 4 for Swift. Macros and variadic functions do not import, so the few
// Drover needs are wrapped here as static inline functions.
#include <gtk/gtk.h>
#include <gio/gio.h>
#include <glib-unix.h>

static inline GType drover_type_string(void) { return G_TYPE_STRING; }
static inline GType drover_type_file_list(void) { return GDK_TYPE_FILE_LIST; }
static inline GType drover_type_texture(void) { return GDK_TYPE_TEXTURE; }
static inline GType drover_type_file(void) { return G_TYPE_FILE; }
static inline gboolean drover_true(void) { return TRUE; }

static inline GObject *drover_object(gpointer instance) { return G_OBJECT(instance); }
static inline GtkWidget *drover_widget(gpointer instance) { return GTK_WIDGET(instance); }
static inline gboolean drover_is_widget(gpointer instance) { return GTK_IS_WIDGET(instance); }
static inline const char *drover_object_type_name(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }

// Accessible properties are set through varargs lists; these set one at a time.
static inline void drover_accessible_set_label(GtkAccessible *a, const char *label) {
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void drover_accessible_set_description(GtkAccessible *a, const char *text) {
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    // GTK 4.8 has no getter: remember what assistive technology is shown.
    g_object_set_data_full(G_OBJECT(a), "drover-shown-description", g_strdup(text), g_free);
}
static inline const char *drover_accessible_shown_description(GtkAccessible *a) {
    return g_object_get_data(G_OBJECT(a), "drover-shown-description");
}
static inline void drover_accessible_set_selected(GtkAccessible *a, gboolean selected) {
    gtk_accessible_update_state(a, GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}
static inline void drover_accessible_set_busy(GtkAccessible *a, gboolean busy) {
    gtk_accessible_update_state(a, GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}
static inline void drover_accessible_set_value(GtkAccessible *a, double now, double min, double max, const char *text) {
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, now,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, min,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, max,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

// A widget's real description, kept beside the accessible property so that an
// announcement shown in its place (GTK before 4.14) can be taken back. While
// an announcement is up, a new real description is only remembered: pushing
// it would make a screen reader speak it over the announcement.
static inline void drover_accessible_describe(GtkAccessible *a, const char *text) {
    g_object_set_data_full(G_OBJECT(a), "drover-description", g_strdup(text), g_free);
    if (!g_object_get_data(G_OBJECT(a), "drover-announcing"))
        drover_accessible_set_description(a, text);
}
static inline void drover_accessible_show_announcement(GtkAccessible *a, const char *message) {
    g_object_set_data(G_OBJECT(a), "drover-announcing", GINT_TO_POINTER(1));
    drover_accessible_set_description(a, message);
}
// The same, after the widget's own description: for a message said as focus
// arrives, read with the widget (where the user is, then what happened).
static inline void drover_accessible_show_announcement_after_description(GtkAccessible *a, const char *message) {
    const char *real = g_object_get_data(G_OBJECT(a), "drover-description");
    char *text = real && *real ? g_strconcat(real, ". ", message, NULL) : g_strdup(message);
    drover_accessible_show_announcement(a, text);
    g_free(text);
}
static inline void drover_accessible_end_announcement(GtkAccessible *a) {
    g_object_set_data(G_OBJECT(a), "drover-announcing", NULL);
    const char *real = g_object_get_data(G_OBJECT(a), "drover-description");
    if (real) drover_accessible_set_description(a, real);
    else {
        gtk_accessible_reset_property(a, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
        g_object_set_data(G_OBJECT(a), "drover-shown-description", NULL);
    }
}
static inline gboolean drover_accessible_is_announcing(GtkAccessible *a) {
    return g_object_get_data(G_OBJECT(a), "drover-announcing") != NULL;
}

// GTK 4.8 holds a widget's accessible changes (its name, its description)
// until its AT-SPI context is realized, which happens when a screen reader asks
// its parent for children or when a platform state of it changes; otherwise at
// its first focus. Then the held description is sent just after the focus
// event, and Orca 43 reads it twice ("8 photos. / 8 photos": its default.py
// onDescriptionChanged speaks every description event of its focus, even an unchanged
// one, as it looks its cache up under 'description' but fills 'descriptions'). A platform change
// ahead of time (focusable toggled and restored) realizes the context and sends
// what was held while the widget is not Orca's focus, so Orca ignores it. It
// needs the widget in a window (GTK ignores platform changes before), hence on
// "map", and is skipped for the window's focus widget (toggling it would drop focus).
static inline void drover_accessible_realize_now(GtkWidget *w) {
    if (gtk_widget_get_root(w) == NULL || gtk_widget_is_focus(w)) return;
    gboolean focusable = gtk_widget_get_focusable(w);
    gtk_widget_set_focusable(w, !focusable);
    gtk_widget_set_focusable(w, focusable);
}
static inline void drover_accessible_realize_on_map(GtkWidget *w, gpointer unused) {
    (void)unused;
    drover_accessible_realize_now(w);
}
static inline void drover_accessible_realize_when_mapped(GtkWidget *w) {
    g_signal_connect(w, "map", G_CALLBACK(drover_accessible_realize_on_map), NULL);
}

// A tooltip set without gtk_widget_set_tooltip_text's pointer query. GTK 4.8 follows
// every change of a visible widget's tooltip with gtk_tooltip_trigger_tooltip_query,
// which on X11 asks the server where the pointer is: three round trips (XIGetClientPointer,
// XIQueryPointer, XSync) per tooltip. A grid tile has four tooltips (its title's, its
// placeholder's buttons'), so a window and its first tiles cost about 860 round trips, on
// the main thread, racing the X server for a core (a uprobe trace of an open of 100,000
// photos, docs/benchmarks.md "Sixteenth pass"). Here the text waits in the widget's data
// until GTK asks for it ("query-tooltip", as it does before showing a tooltip), and the
// pointer query is made only when the pointer is over the widget, where a tooltip may be
// showing and has to change at once. As GTK does, the text is the accessible description.
static inline gboolean drover_tooltip_query(GtkWidget *w, int x, int y, gboolean keyboard,
                                            GtkTooltip *tooltip, gpointer unused) {
    (void)x; (void)y; (void)keyboard; (void)unused;
    const char *text = g_object_get_data(G_OBJECT(w), "drover-tooltip");
    if (text == NULL) return FALSE;
    gtk_tooltip_set_text(tooltip, text);
    return TRUE;
}
static inline const char *drover_widget_tooltip(GtkWidget *w) {
    return g_object_get_data(G_OBJECT(w), "drover-tooltip");
}
static inline void drover_widget_set_tooltip(GtkWidget *w, const char *text) {
    if (text != NULL && *text == '\0') text = NULL;  // as GTK: an empty tooltip is none
    if (g_strcmp0(drover_widget_tooltip(w), text) == 0) return;
    if (g_object_get_data(G_OBJECT(w), "drover-tooltip-asked") == NULL) {
        g_signal_connect(w, "query-tooltip", G_CALLBACK(drover_tooltip_query), NULL);
        g_object_set_data(G_OBJECT(w), "drover-tooltip-asked", GINT_TO_POINTER(1));
    }
    g_object_set_data_full(G_OBJECT(w), "drover-tooltip", g_strdup(text), g_free);
    gtk_widget_set_has_tooltip(w, text != NULL);
    if (text != NULL)
        gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    else
        gtk_accessible_reset_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    if (gtk_widget_get_state_flags(w) & GTK_STATE_FLAG_PRELIGHT)
        gtk_widget_trigger_tooltip_query(w);
}

// GTK 4.8 reads an unlabelled GtkStackPage as "GtkStackPage panel"; popover
// menus hold such a stack inside. Labels every page of every stack under
// `root` that has none of its own (pages are not widgets: walk the stacks).
static inline void drover_label_stack_pages(GtkWidget *root, const char *label) {
    if (root == NULL) return;
    if (GTK_IS_STACK(root)) {
        GListModel *pages = G_LIST_MODEL(gtk_stack_get_pages(GTK_STACK(root)));
        for (guint i = 0; i < g_list_model_get_n_items(pages); i++) {
            GtkStackPage *page = g_list_model_get_item(pages, i);
            const char *title = gtk_stack_page_get_title(page);
            gtk_accessible_update_property(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           title ? title : label, -1);
            g_object_unref(page);
        }
        g_object_unref(pages);
    }
    for (GtkWidget *child = gtk_widget_get_first_child(root); child; child = gtk_widget_get_next_sibling(child))
        drover_label_stack_pages(child, label);
}

// Announcements arrived in GTK 4.14; older GTK returns FALSE so callers fall
// back to updating the focused widget's description.
static inline gboolean drover_accessible_announce(GtkAccessible *a, const char *message) {
#if GTK_CHECK_VERSION(4, 14, 0)
    gtk_accessible_announce(a, message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
    return TRUE;
#else
    (void)a; (void)message;
    return FALSE;
#endif
}

// g_object_new with one construct property: the accessible role is
// construct-only, so widgets that need a specific role are made this way.
static inline GtkWidget *drover_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

// g_application_command_line_print/printerr are variadic.
static inline void drover_command_line_print(GApplicationCommandLine *c, const char *text, gboolean to_stdout) {
    if (to_stdout) g_application_command_line_print(c, "%s", text);
    else g_application_command_line_printerr(c, "%s", text);
}

// g_object_get is variadic: read one int property.
static inline void drover_object_get_int(gpointer object, const char *name, int *value) {
    g_object_get(object, name, value, NULL);
}

// Tab focus into a widget, forward or backward. In C: Swift 6.3 sometimes fails to
// find GTK_DIR_TAB_* in a whole-module (release) build of GtkKit.
static inline gboolean drover_child_focus_tab(GtkWidget *widget, gboolean forward) {
    return gtk_widget_child_focus(widget, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD);
}

// Whether a widget lays out right to left (a right-to-left language, or
// GTK_DEBUG=invert-text-dir). In C for the same reason: GTK_TEXT_DIR_RTL from Swift.
static inline gboolean drover_widget_is_right_to_left(GtkWidget *widget) {
    return gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
}
