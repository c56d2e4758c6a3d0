import CGtk
import Localization

/// A `GtkButton`. Icon-only buttons must be given an accessible label.
@MainActor
public final class Button: Widget {
    public init(label: String) { super.init(gtk_button_new_with_label(label)) }
    /// An icon-only button. Its image is decorative (the presentation role):
    /// GTK's own icon child would be read as "GtkImage" before the name.
    public init(iconName: String, accessibleLabel: String) {
        super.init(gtk_button_new())
        // The wrapper holds the image's reference until the button has its own.
        let image = Image(iconName: iconName)
        withExtendedLifetime(image) { gtk_button_set_child(button, image.widget) }
        addCSSClass("image-button")
        self.accessibleLabel = accessibleLabel
        tooltip = accessibleLabel
        // The tooltip is its description: sent before its first focus, not read twice.
        realizesAccessibleWhenMapped()
    }
    private var button: UnsafeMutablePointer<GtkButton> { pointer() }
    public func setChild(_ child: Widget) { gtk_button_set_child(button, child.widget) }
    public var label: String {
        get { gtk_button_get_label(button).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(button, newValue) }
    }
    /// The themed icon the button shows instead of a label. Setting it
    /// resets the button's accessible name: set `accessibleLabel` after it.
    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(button, newValue) }
    }
    public func setHasFrame(_ on: Bool) { gtk_button_set_has_frame(button, on ? 1 : 0) }
    /// Makes the button activate `action` (for example `app.new-album`).
    public func setActionName(_ name: String?) { gtk_actionable_set_action_name(OpaquePointer(rawPointer), name) }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSignal("clicked", trampoline: gcallback(voidTrampoline), body: handler as VoidHandler)
    }
}

/// A `GtkMenuButton` that opens a popover or a menu model.
@MainActor
public final class MenuButton: Widget {
    public init(iconName: String, accessibleLabel: String) {
        super.init(gtk_menu_button_new())
        // A decorative image of our own, not GTK's (read as "GtkImage").
        let image = Image(iconName: iconName)
        withExtendedLifetime(image) { gtk_menu_button_set_child(OpaquePointer(rawPointer), image.widget) }
        self.accessibleLabel = accessibleLabel
        tooltip = accessibleLabel
    }
    public func setPopover(_ popover: Popover) { gtk_menu_button_set_popover(OpaquePointer(rawPointer), popover.widget) }
    /// Shows `menu` when clicked. `accessibleName` names the open menu for assistive
    /// technology (else GTK 4.8 reads it as "GtkPopoverMenu"); it must differ from the
    /// button's own name.
    public func setMenu(_ menu: Menu, accessibleName: String? = nil) {
        gtk_menu_button_set_menu_model(OpaquePointer(rawPointer), menu.model)
        drover_label_stack_pages(gtk_menu_button_get_popover(OpaquePointer(rawPointer)).map { UnsafeMutablePointer<GtkWidget>(OpaquePointer($0)) }, tr("Menu"))
        if let accessibleName, let popover = gtk_menu_button_get_popover(OpaquePointer(rawPointer)) {
            drover_accessible_set_label(OpaquePointer(popover), accessibleName)
        }
        watchMenuClosing()
    }
    /// Opens its menu, as a click would (F10 for the primary menu).
    public func popup() { gtk_menu_button_popup(OpaquePointer(rawPointer)) }
    /// Whether its menu closed a moment ago, in this turn of the main loop: a menu item's
    /// action runs just after the menu closes, so it can tell it was chosen in this menu
    /// (and that the focus is on its way back to this button).
    public private(set) var menuJustClosed = false
    private var menuClosing: SignalConnection?

    private func watchMenuClosing() {
        guard menuClosing == nil, let popover = gtk_menu_button_get_popover(OpaquePointer(rawPointer)) else { return }
        let menu = Object(UnsafeMutableRawPointer(popover), ownership: .borrow)
        menuClosing = menu.connectSignal("closed", trampoline: gcallback(voidTrampoline), body: { [weak self] in
            self?.menuJustClosed = true
            TimerSource.idle { [weak self] in
                self?.menuJustClosed = false
                return false
            }
        } as VoidHandler)
    }
}
