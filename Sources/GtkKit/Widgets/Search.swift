import CGtk
import Localization

/// A `GtkSearchEntry`: a text entry for searching, whose "search-changed" reports the text
/// as it is typed and whose Escape ("stop-search") asks to end the search.
@MainActor
public final class SearchEntry: Widget {
    public init(accessibleLabel: String, placeholder: String) {
        super.init(gtk_search_entry_new())
        self.accessibleLabel = accessibleLabel
        setPlaceholder(placeholder)
        // Every keystroke searches: the search answers in well under a frame, so GTK's
        // default 150 ms wait would only make it feel slow.
        gtk_search_entry_set_search_delay(OpaquePointer(rawPointer), 0)
    }

    /// GtkSearchEntry has no setter for its "placeholder-text" property in GTK 4.8.
    private func setPlaceholder(_ text: String) {
        var value = GValue()
        g_value_init(&value, drover_type_string())
        g_value_set_string(&value, text)
        g_object_set_property(UnsafeMutablePointer<GObject>(OpaquePointer(rawPointer)), "placeholder-text", &value)
        g_value_unset(&value)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(rawPointer))) }
        set { gtk_editable_set_text(OpaquePointer(rawPointer), newValue) }
    }

    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("search-changed", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }

    /// Escape in the entry.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("stop-search", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }

    /// Enter in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("activate", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}

/// A `GtkSearchBar`: a bar that slides in with its search entry and out again.
@MainActor
public final class SearchBar: Widget {
    public init(entry: SearchEntry) {
        super.init(gtk_search_bar_new())
        gtk_search_bar_set_child(OpaquePointer(rawPointer), entry.widget)
        gtk_search_bar_connect_entry(OpaquePointer(rawPointer), OpaquePointer(entry.rawPointer))
        gtk_search_bar_set_show_close_button(OpaquePointer(rawPointer), 1)
        // GTK's close button shows only an icon and has no name: a screen reader would
        // read "GtkImage".
        Self.nameButtons(under: widget, tr("Close Search"))
    }

    private static func nameButtons(under root: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_button_get_type()) != 0 {
                drover_accessible_set_label(OpaquePointer(current), label)
            }
            nameButtons(under: current, label)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    public var isSearching: Bool {
        get { gtk_search_bar_get_search_mode(OpaquePointer(rawPointer)) != 0 }
        set { gtk_search_bar_set_search_mode(OpaquePointer(rawPointer), newValue ? 1 : 0) }
    }

    /// The bar opened or closed (by `isSearching`, its close button, or Escape).
    @discardableResult
    public func onSearchingChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let body: PointerHandler = { _ in handler() }
        return connectSignal("notify::search-mode-enabled", trampoline: gcallback(pointerTrampoline), body: body)
    }
}
