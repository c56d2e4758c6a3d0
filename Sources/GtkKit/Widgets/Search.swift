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
    private let entry: SearchEntry
    private var entryFocusedBefore = false

    public init(entry: SearchEntry) {
        self.entry = entry
        super.init(gtk_search_bar_new())
        gtk_search_bar_set_child(OpaquePointer(rawPointer), entry.widget)
        gtk_search_bar_connect_entry(OpaquePointer(rawPointer), OpaquePointer(entry.rawPointer))
        gtk_search_bar_set_show_close_button(OpaquePointer(rawPointer), 1)
        // GTK's close button shows only an icon and has no name: a screen reader would
        // read "GtkImage".
        Self.nameButtons(under: widget, tr("Close Search"))
    }

    private static func nameButtons(under root: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        for button in buttons(under: root) { drover_accessible_set_label(OpaquePointer(button), label) }
    }

    /// The buttons inside `root` (GTK's close button is the only one), depth first.
    private static func buttons(under root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_button_get_type()) != 0 {
                found.append(current)
            }
            found += buttons(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// Gives the entry the keyboard focus. GTK 4.8 tells assistive technology nothing of
    /// the entry's first focus, only of later ones: a screen reader would stay on what the
    /// user left, deaf to the entry and to what is said there (the result count). So the
    /// first time, once the entry has been drawn, the focus steps to the bar's Close button
    /// and back in one go, and GTK then says the entry is focused. (Tried and not enough: a
    /// step to no widget, or to one assistive technology does not see; the same step in
    /// the next idle, before the entry is drawn.) The step is not read: by the time a
    /// screen reader gets to it, the button no longer has the focus, and it is skipped.
    public func focusEntry() {
        _ = entry.grabFocus()
        guard !entryFocusedBefore else { return }
        entryFocusedBefore = true
        var frames = 0
        entry.addTickCallback { [weak self] _ in
            frames += 1
            guard frames >= 2 else { return true }
            guard let self, isSearching, entryHasFocus, let close = Self.buttons(under: widget).first else { return false }
            gtk_widget_grab_focus(close)
            _ = entry.grabFocus()
            return false
        }
    }

    /// The focus is in the entry (on its text, which takes it).
    private var entryHasFocus: Bool {
        gtk_widget_get_state_flags(entry.widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
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
