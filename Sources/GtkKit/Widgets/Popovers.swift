import CGtk
import Localization

/// A `GtkPopover` with a child.
@MainActor
public final class Popover: Widget {
    public init() { super.init(gtk_popover_new()) }
    private var popover: UnsafeMutablePointer<GtkPopover> { pointer() }
    public func setChild(_ child: Widget) { gtk_popover_set_child(popover, child.widget) }
    public func popup() { gtk_popover_popup(popover) }
    public func popdown() { gtk_popover_popdown(popover) }
    /// Attaches the popover to `parent` (it must be unparented when dropped).
    public func setParent(_ parent: Widget) { gtk_widget_set_parent(widget, parent.widget) }
    public func unparent() { gtk_widget_unparent(widget) }
    public func point(at x: Double, _ y: Double) {
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover, &rect)
    }
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("closed", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}

/// A `GtkPopoverMenu` built from a menu model, for context menus.
@MainActor
public final class PopoverMenu: Widget {
    public init(menu: Menu) {
        super.init(gtk_popover_menu_new_from_model(menu.model))
        drover_label_stack_pages(widget, tr("Menu"))
    }
    public func setParent(_ parent: Widget) { gtk_widget_set_parent(widget, parent.widget) }
    public func unparent() { gtk_widget_unparent(widget) }
    public func point(at x: Double, _ y: Double) {
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(pointer(), &rect)
    }
    public func popup() { gtk_popover_popup(pointer()) }
}

/// A `GMenu`: items that name actions such as `tile.delete`.
@MainActor
public final class Menu: Object {
    public init() { super.init(UnsafeMutableRawPointer(g_menu_new()), ownership: .take) }
    public var model: UnsafeMutablePointer<GMenuModel> { pointer() }
    public func append(_ label: String, action: String) { g_menu_append(OpaquePointer(rawPointer), label, action) }
    public func appendSection(_ section: Menu) { g_menu_append_section(OpaquePointer(rawPointer), nil, section.model) }
    public func appendSubmenu(_ label: String, _ submenu: Menu) { g_menu_append_submenu(OpaquePointer(rawPointer), label, submenu.model) }
}
