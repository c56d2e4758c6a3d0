import CGtk

/// A `GtkBox`.
@MainActor
public final class Box: Widget {
    public init(_ orientation: GtkOrientation, spacing: Int32 = 0) {
        super.init(gtk_box_new(orientation, spacing))
    }
    /// A box that stands for something else to assistive technology (a button
    /// for a region that can be dragged). The role is construct-only in GTK.
    public init(role: GtkAccessibleRole) {
        super.init(drover_widget_new_with_role(gtk_box_get_type(), role))
    }
    private var box: UnsafeMutablePointer<GtkBox> { pointer() }
    public func append(_ child: Widget) { gtk_box_append(box, child.widget) }
    public func prepend(_ child: Widget) { gtk_box_prepend(box, child.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(box, child.widget) }
}

/// A `GtkOverlay`: a main child with overlays stacked on top.
@MainActor
public final class Overlay: Widget {
    public init() { super.init(gtk_overlay_new()) }
    /// An overlay that stands for something else to assistive technology, such
    /// as a grid cell. The role is construct-only in GTK.
    public init(role: GtkAccessibleRole) { super.init(drover_widget_new_with_role(gtk_overlay_get_type(), role)) }
    private var overlay: OpaquePointer { OpaquePointer(rawPointer) }
    public func setChild(_ child: Widget?) { gtk_overlay_set_child(overlay, child?.widget) }
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(overlay, child.widget) }
}

/// A `GtkStack` without transitions by default: shows one named child at a time.
@MainActor
public final class Stack: Widget {
    public init() { super.init(gtk_stack_new()) }
    private var stack: OpaquePointer { OpaquePointer(rawPointer) }
    /// Adds a page. GTK 4.8 exposes each page to assistive technology as a
    /// panel named by its type ("GtkStackPage") unless it is labelled:
    /// `accessibleLabel` names it.
    public func add(_ child: Widget, name: String, accessibleLabel: String) {
        let page = gtk_stack_add_named(stack, child.widget, name)
        if let page { drover_accessible_set_label(OpaquePointer(UnsafeMutableRawPointer(page)), accessibleLabel) }
    }
    /// Removes the child called `name`, if there is one.
    public func removeChild(named name: String) {
        if let child = gtk_stack_get_child_by_name(stack, name) { gtk_stack_remove(stack, child) }
    }
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }
    public func setTransition(_ type: GtkStackTransitionType, milliseconds: UInt32) {
        gtk_stack_set_transition_type(stack, type)
        gtk_stack_set_transition_duration(stack, milliseconds)
    }
}

/// A `GtkPaned` holding two children side by side.
@MainActor
public final class Paned: Widget {
    public init(_ orientation: GtkOrientation) { super.init(gtk_paned_new(orientation)) }
    private var paned: OpaquePointer { OpaquePointer(rawPointer) }
    public func setStartChild(_ child: Widget, resizes: Bool, shrinks: Bool) {
        gtk_paned_set_start_child(paned, child.widget)
        gtk_paned_set_resize_start_child(paned, resizes ? 1 : 0)
        gtk_paned_set_shrink_start_child(paned, shrinks ? 1 : 0)
    }
    public func setEndChild(_ child: Widget, resizes: Bool, shrinks: Bool) {
        gtk_paned_set_end_child(paned, child.widget)
        gtk_paned_set_resize_end_child(paned, resizes ? 1 : 0)
        gtk_paned_set_shrink_end_child(paned, shrinks ? 1 : 0)
    }
    /// Takes the start child out (it lives on while its wrapper does, to be placed elsewhere).
    public func removeStartChild() { gtk_paned_set_start_child(paned, nil) }
    public var position: Int32 {
        get { gtk_paned_get_position(paned) }
        set { gtk_paned_set_position(paned, newValue) }
    }
}
