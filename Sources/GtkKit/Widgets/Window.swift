import CAdwaita
import CGtk

/// A `GtkWindow`. GTK owns the reference `gtk_window_new` returns (windows are
/// not floating); the wrapper adds its own, and `close()`/`destroy()` ask GTK
/// to drop GTK's.
@MainActor
open class Window: Widget {
    public init(borrowing pointer: UnsafeMutablePointer<GtkWidget>) { super.init(pointer) }
    public convenience init() { self.init(borrowing: gtk_window_new()) }

    public var window: UnsafeMutablePointer<GtkWindow> { pointer() }
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }
    public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }
    /// The size the window has when not maximised (GTK 4 keeps it as the user resizes).
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (width, height)
    }
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    /// Whether the window has the keyboard (`gtk_window_is_active`).
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    public func maximize() { gtk_window_maximize(window) }
    public func setChild(_ child: Widget?) { gtk_window_set_child(window, child?.widget) }
    public func setTitlebar(_ titlebar: Widget?) { gtk_window_set_titlebar(window, titlebar?.widget) }
    public func setTransientFor(_ parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }
    public func setModal(_ modal: Bool) { gtk_window_set_modal(window, modal ? 1 : 0) }
    public func present() { gtk_window_present(window) }
    public func close() { gtk_window_close(window) }
    public func destroy() { gtk_window_destroy(window) }
    public var focusedWidget: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(window) }
    public var isFullscreen: Bool {
        get { gtk_window_is_fullscreen(window) != 0 }
        set { newValue ? gtk_window_fullscreen(window) : gtk_window_unfullscreen(window) }
    }
    /// Takes keyboard focus away from every widget in the window.
    public func clearFocus() { gtk_window_set_focus(window, nil) }

    /// The icon every window of the application shows, by themed icon name.
    public static var defaultIconName: String? {
        get { gtk_window_get_default_icon_name().map { String(cString: $0) } }
        set { gtk_window_set_default_icon_name(newValue) }
    }

    /// The focus widget changed (GtkWindow's `notify::focus-widget`).
    @discardableResult
    public func onFocusWidgetChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let body: PointerHandler = { _ in handler() }
        return connectSignal("notify::focus-widget", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// The window became the active one or stopped being it (another window, or a dialog
    /// of its own, took the keyboard): a screen reader then reads the focus in it anew.
    @discardableResult
    public func onActiveChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let body: PointerHandler = { _ in handler() }
        return connectSignal("notify::is-active", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// The window's width may have changed: `notify::default-width` (GTK 4 keeps it as the
    /// user resizes) or `notify::maximized`.
    public func onWidthChanged(_ handler: @escaping @MainActor () -> Void) {
        let body: PointerHandler = { _ in handler() }
        _ = connectSignal("notify::default-width", trampoline: gcallback(pointerTrampoline), body: body)
        _ = connectSignal("notify::maximized", trampoline: gcallback(pointerTrampoline), body: body)
    }

    /// Return `true` to keep the window open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectSignal("close-request", trampoline: gcallback(boolTrampoline), body: handler as BoolHandler)
    }
}
