import CGtk

/// Application-wide CSS.
@MainActor
public enum Styles {
    /// Loads `css` for the whole display, above theme priority.
    public static func load(css: String) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// Adds a directory of icons (hicolor layout) to the icon theme search path.
    public static func addIconSearchPath(_ path: String) {
        let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
        gtk_icon_theme_add_search_path(theme, path)
    }
}
