import CGtk

/// A `GtkWidget`. Wrappers sink the floating reference GTK constructors return
/// (and add their own to windows, which GTK owns), so a widget stays alive at
/// least as long as its Swift wrapper.
@MainActor
open class Widget: Object {
    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(UnsafeMutableRawPointer(pointer), ownership: .sink)
    }

    public var widget: UnsafeMutablePointer<GtkWidget> { pointer() }
    public var accessible: OpaquePointer { OpaquePointer(rawPointer) }

    // MARK: Accessibility. GTK 4.8 has no getters for these properties, so the
    // wrapper remembers what it set; tests and announcements read it back.

    public var accessibleLabel: String = "" {
        didSet { if accessibleLabel != oldValue { drover_accessible_set_label(accessible, accessibleLabel) } }
    }
    /// The widget's own description. While an `Announcer` message stands in
    /// for it, a new value is kept and shown when the message is taken back.
    public var accessibleDescription: String = "" {
        didSet { if accessibleDescription != oldValue { drover_accessible_describe(accessible, accessibleDescription) } }
    }
    /// The description assistive technology reads now: the widget's own, or
    /// an `Announcer` message standing in for it.
    public var accessibleDescriptionShown: String {
        drover_accessible_shown_description(accessible).map { String(cString: $0) } ?? ""
    }
    public func setAccessibleSelected(_ selected: Bool) { drover_accessible_set_selected(accessible, selected ? 1 : 0) }
    public func setAccessibleBusy(_ busy: Bool) { drover_accessible_set_busy(accessible, busy ? 1 : 0) }


    // MARK: Appearance and layout

    /// Whether the widget reads right to left: GTK mirrors its own widgets then, and custom
    /// layouts (the photo grid) must mirror theirs.
    public var isRightToLeft: Bool { drover_widget_is_right_to_left(widget) != 0 }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }
    /// Whether the widget or anything inside it can take keyboard focus.
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    /// Whether keyboard focus is on this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
    /// Whether drawing outside the widget's bounds is cut off (a zoomed photo is).
    public var clipsToBounds: Bool {
        get { gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN }
        set { gtk_widget_set_overflow(widget, newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    }
    /// The pointer's look over this widget, by CSS cursor name ("grab", "grabbing"); nil for the default.
    public func setCursor(named name: String?) { gtk_widget_set_cursor_from_name(widget, name) }
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }
    /// The tooltip, which is also the accessible description (as GTK makes it). Set
    /// without GTK's pointer query, three X round trips a tooltip (`drover_widget_set_tooltip`).
    public var tooltip: String? {
        get { drover_widget_tooltip(widget).map { String(cString: $0) } }
        set { drover_widget_set_tooltip(widget, newValue) }
    }
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }
    public var horizontalAlignment: GtkAlign {
        get { gtk_widget_get_halign(widget) }
        set { gtk_widget_set_halign(widget, newValue) }
    }
    public var verticalAlignment: GtkAlign {
        get { gtk_widget_get_valign(widget) }
        set { gtk_widget_set_valign(widget, newValue) }
    }
    public func setMargins(_ margin: Int32) {
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
    }
    public func setSizeRequest(width: Int32 = -1, height: Int32 = -1) {
        gtk_widget_set_size_request(widget, width, height)
    }
    public var width: Int32 { gtk_widget_get_width(widget) }
    /// Device pixels per logical pixel (2 on a HiDPI monitor).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
    public var height: Int32 { gtk_widget_get_height(widget) }

    /// The widget's CSS `color` now (it follows the light or dark style), for drawing
    /// with Cairo in the style's colours.
    public var styleColor: (red: Double, green: Double, blue: Double, alpha: Double) {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return (Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func setCSSClass(_ name: String, _ on: Bool) { on ? addCSSClass(name) : removeCSSClass(name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    /// Moves focus to the first (or, backwards, last) focusable thing inside; false if none.
    @discardableResult
    public func focusInside(forward: Bool) -> Bool {
        drover_child_focus_tab(widget, forward ? 1 : 0) != 0
    }
    public func queueDraw() { gtk_widget_queue_draw(widget) }
    public func queueResize() { gtk_widget_queue_resize(widget) }
    public func queueAllocate() { gtk_widget_queue_allocate(widget) }

    /// Adds `controller`; the widget gets its own reference, the wrapper keeps its one.
    public func add(_ controller: EventController) {
        g_object_ref(controller.rawPointer)  // gtk_widget_add_controller adopts a reference
        gtk_widget_add_controller(widget, controller.eventController)
    }
    public func insertActionGroup(_ name: String, _ group: ActionGroup?) {
        gtk_widget_insert_action_group(widget, name, group?.actionGroup)
    }

    /// Whether the widget has a parent (a popover attached to a widget counts).
    public var hasParent: Bool { gtk_widget_get_parent(widget) != nil }
    /// Whether `other` is this widget's parent.
    public func isChild(of other: Widget) -> Bool { gtk_widget_get_parent(widget) == other.widget }

    /// The widget's bounds in `other`'s coordinates, or nil when the two do not
    /// share a common ancestor (or the widget is not allocated).
    public func bounds(in other: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, other.widget, &bounds) != 0 else { return nil }
        return (Double(bounds.origin.x), Double(bounds.origin.y), Double(bounds.size.width), Double(bounds.size.height))
    }

    /// The widget's position translated into `other`'s coordinates.
    public func translate(_ x: Double, _ y: Double, to other: Widget) -> (x: Double, y: Double)? {
        var outX = 0.0, outY = 0.0
        guard gtk_widget_translate_coordinates(widget, other.widget, x, y, &outX, &outY) != 0 else { return nil }
        return (outX, outY)
    }

    /// Where the pointer is now, in this widget's coordinates, also when it is
    /// outside the window (a drag released elsewhere). For animations that
    /// start at the pointer.
    public func pointerPosition() -> (x: Double, y: Double)? {
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native),
              let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display),
              let pointer = gdk_seat_get_pointer(seat) else { return nil }
        var x = 0.0, y = 0.0, offsetX = 0.0, offsetY = 0.0
        // The result says whether the pointer is over the surface; the position is
        // filled in either way, relative to the surface, which is what we want.
        _ = gdk_surface_get_device_position(surface, pointer, &x, &y, nil)
        gtk_native_get_surface_transform(native, &offsetX, &offsetY)
        var outX = 0.0, outY = 0.0
        let root = UnsafeMutablePointer<GtkWidget>(native)
        guard gtk_widget_translate_coordinates(root, widget, x - offsetX, y - offsetY, &outX, &outY) != 0 else { return nil }
        return (outX, outY)
    }

    /// Sends this widget's accessible name and description to screen readers
    /// each time it is mapped, rather than at its first focus, where GTK 4.8 sends
    /// them after the focus event and Orca reads the description twice (see
    /// `drover_accessible_realize_now`). For widgets that are focused with a
    /// description: album rows, drop zones, tiles.
    public func realizesAccessibleWhenMapped() {
        drover_accessible_realize_when_mapped(widget)
    }

    /// Sends this widget's accessible name and description to screen readers now (the
    /// same as `realizesAccessibleWhenMapped`, once), for a widget that is shown but not
    /// yet focused. Nothing happens while it has focus or is in no window.
    public func realizeAccessibleNow() {
        drover_accessible_realize_now(widget)
    }

    // MARK: Signals

    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("destroy", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}
